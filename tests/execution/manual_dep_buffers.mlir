// Buffers created with manual_dep: the runtime's tensor map neither records their writers
// nor looks them up, also in an AUTO scope, so every pair of tasks that use one with a write
// is ordered by order-untracked-hazards (a compiler edge), as for a manual-scope task. The
// user's deps (tests/execution/create_options.mlir @manual_dep) are not needed.
//  - @raw: @acc_add updates %m, then @copy reads it;
//  - @waw: two @acc_add update %m in place, then @copy reads it;
//  - @in_loop: @acc_add updates %m in every iteration, @copy reads it after the loop.
pto_orch.kernel @acc_add aiv (in tensor<16x16xf32>, inout tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @copy aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @raw(%a: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %m = pto_tensor.create init(0.0 : f32) manual_dep : tensor<16x16xf32>
  %m1 = pto_orch.call @acc_add(%a, %m) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %o1 = pto_orch.call @copy(%m1, %o) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

func.func @waw(%a: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %m = pto_tensor.create init(0.0 : f32) manual_dep : tensor<16x16xf32>
  %m1 = pto_orch.call @acc_add(%a, %m) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %m2 = pto_orch.call @acc_add(%a, %m1) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %o1 = pto_orch.call @copy(%m2, %o) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

func.func @in_loop(%a: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %m = pto_tensor.create init(0.0 : f32) manual_dep : tensor<16x16xf32>
  %ml = scf.for %i = %c0 to %c3 step %c1 iter_args(%mi = %m) -> (tensor<16x16xf32>) {
    %m1 = pto_orch.call @acc_add(%a, %mi) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %m1 : tensor<16x16xf32>
  }
  %o1 = pto_orch.call @copy(%ml, %o) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}
