// A task in a loop that reads one half of a buffer and writes the other
// (tests/test_halves.py): order-untracked-hazards merged the two arguments into one access of
// an unknown part of the buffer and refused every one of these ("must run after its own
// instance in the previous iteration", found by a breaker session). Each argument now keeps
// its window: the read half never meets the written half, and the write of one constant half
// every iteration is ordered by the tensor map (inout) or by the task's edge on its previous
// instance (out, or a manual scope), which chains the instances.

pto_orch.kernel @acc8 aiv (in tensor<8xf32>, inout tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @inc8 aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @acc16 aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>

// the high half of a parameter accumulates the low half: the tensor map orders the instances
func.func @inout_param(%o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %n step %c1 {
    %lo = pto_tensor.slice %o[%c0] : tensor<16xf32> to tensor<8xf32>
    %hi = pto_tensor.slice %o[%c8] : tensor<16xf32> to tensor<8xf32>
    %w = pto_orch.call @acc8(in %lo, inout %hi) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  }
  func.return
}

// the same high half written as an output (not looked up): each instance after the previous
func.func @out_param(%o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %n step %c1 {
    %lo = pto_tensor.slice %o[%c0] : tensor<16xf32> to tensor<8xf32>
    %hi = pto_tensor.slice %o[%c8] : tensor<16xf32> to tensor<8xf32>
    %w = pto_orch.call @inc8(in %lo, out %hi) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  }
  func.return
}

// the buffer is the loop's carry (the breaker's program)
func.func @inout_carried(%o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%a = %o) -> (tensor<16xf32>) {
    %lo = pto_tensor.slice %a[%c0] : tensor<16xf32> to tensor<8xf32>
    %hi = pto_tensor.slice %a[%c8] : tensor<16xf32> to tensor<8xf32>
    %w = pto_orch.call @acc8(in %lo, inout %hi) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    scf.yield %a : tensor<16xf32>
  }
  func.return
}

// a buffer made before the loop, used in a manual scope in each iteration (the runtime orders
// none of its tasks), then read after the loop
func.func @manual_create(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %b = pto_tensor.create init(1.0 : f32) : tensor<16xf32>
  scf.for %i = %c0 to %n step %c1 {
    pto_rt.scope manual {
      %lo = pto_tensor.slice %b[%c0] : tensor<16xf32> to tensor<8xf32>
      %hi = pto_tensor.slice %b[%c8] : tensor<16xf32> to tensor<8xf32>
      %w = pto_orch.call @acc8(in %lo, inout %hi) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    }
  }
  %r = pto_orch.call @acc16(in %b, inout %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// the halves swap every iteration (offsets from the induction variable, windows unknown to the
// pass): each reads what the previous one wrote
func.func @iv_halves(%o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %n step %c1 {
    %par = arith.remui %i, %c2 : index
    %lo_o = arith.muli %par, %c8 : index
    %hi_o = arith.subi %c8, %lo_o : index
    %lo = pto_tensor.slice %o[%lo_o] : tensor<16xf32> to tensor<8xf32>
    %hi = pto_tensor.slice %o[%hi_o] : tensor<16xf32> to tensor<8xf32>
    %w = pto_orch.call @inc8(in %lo, out %hi) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  }
  func.return
}
