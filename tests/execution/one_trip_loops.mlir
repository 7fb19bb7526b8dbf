// Loops of a constant trip count of 0 or 1 (tests/test_one_trip_loops.py): no iteration
// follows another, so order-untracked-hazards does not ask that a task run after "its own
// instance in the previous iteration" (a false reject, found by a breaker session).

pto_orch.kernel @acc aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>

// a task writes part of a buffer made before the loop, in a one-trip loop; the task after
// the loop reads the loop's result (a view of that buffer)
func.func @one_trip(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %off: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = pto_tensor.create init(3.0 : f32) : tensor<32xf32>
  %l1 = scf.for %i = %c0 to %c1 step %c1 iter_args(%a5 = %x) -> (tensor<16xf32>) {
    %s = pto_tensor.slice %b[%off] : tensor<32xf32> to tensor<16xf32>
    %t = pto_orch.call @acc(in %a5, inout %s) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %t : tensor<16xf32>
  }
  %w = pto_orch.call @acc(in %l1, inout %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// the same with a loop of no trip (5 to 5): %l1 is %x
func.func @no_trip(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %off: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %b = pto_tensor.create init(3.0 : f32) : tensor<32xf32>
  %l1 = scf.for %i = %c5 to %c5 step %c1 iter_args(%a5 = %x) -> (tensor<16xf32>) {
    %s = pto_tensor.slice %b[%off] : tensor<32xf32> to tensor<16xf32>
    %t = pto_orch.call @acc(in %a5, inout %s) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %t : tensor<16xf32>
  }
  %w = pto_orch.call @acc(in %l1, inout %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
