// A reshape the runtime accepts: the source is contiguous (a slice along the first dimension
// keeps whole rows, a 1-row view of whole rows too), in an auto scope, a user manual scope
// and a compiler-owned manual scope. Non-contiguous sources are verifier errors
// (tests/filecheck/dialects/pto_tensor/invalid.mlir).

pto_orch.kernel @k aiv (in tensor<256xf32>, out tensor<256xf32>) -> tensor<256xf32>

func.func @rows(%t: tensor<4x8x16xf32>, %u: tensor<4x256xf32>, %i: index, %y: tensor<256xf32> {pto_orch.dir = #pto_orch.dir<out>}, %z: tensor<256xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %s = pto_tensor.slice %t[%i, %c0, %c0] : tensor<4x8x16xf32> to tensor<2x8x16xf32>
  %r = pto_tensor.reshape %s : tensor<2x8x16xf32> to tensor<256xf32>
  %y1 = pto_orch.call @k(%r, %y) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %q = pto_tensor.view %u[%i, %c0] : tensor<4x256xf32> to tensor<1x256xf32>
    %m = pto_tensor.reshape %q : tensor<1x256xf32> to tensor<256xf32>
    %z1, %tz = pto_orch.submit @k(%m, %z) deps(%none : !pto_orch.task_id) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
  }
  func.return
}

func.func @compiler_owned(%t: tensor<4x8x16xf32>, %y: tensor<256xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %none = pto_system.task_invalid
  %l = scf.for %i = %c0 to %c2 step %c1 iter_args(%p = %none) -> (!pto_orch.task_id) {
    %row = arith.muli %i, %c2 : index
    %s = pto_tensor.slice %t[%row, %c0, %c0] : tensor<4x8x16xf32> to tensor<2x8x16xf32>
    %r = pto_tensor.reshape %s : tensor<2x8x16xf32> to tensor<256xf32>
    %y1, %ty = pto_orch.submit @k(%r, %y) deps(%p : !pto_orch.task_id) {manual_candidate} : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    scf.yield %ty : !pto_orch.task_id
  }
  func.return
}
