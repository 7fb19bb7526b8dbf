// SPMD tasks and the other argument-pack options in one program (docs/interpreter.md#kernels,
// docs/targets/pto2-cpp.md#task-options): @rows runs on 4 blocks (a constant launch), each
// writing its own rows of %h, and marks its input and output for a dump; the group @mix runs
// on %n blocks (a value, with a synchronous start and the early-resolve hint), its members
// once per block; @add has no launch spec (one block) and dumps its output and its scalar.
// Run: pypto-run tests/execution/spmd.mlir -p pto2-pipeline --kernels <file> --arg ... --out out/

pto_orch.kernel @rows aiv (in tensor<8x4xf32>, out tensor<8x4xf32>) -> tensor<8x4xf32>
pto_orch.kernel @cube aic (in tensor<8x4xf32>, out tensor<8x4xf32>) -> tensor<8x4xf32>
pto_orch.kernel @vec aiv (in tensor<8x4xf32>, out tensor<8x4xf32>) -> tensor<8x4xf32>
pto_orch.kernel @mix group<@cube, @vec> (in tensor<8x4xf32>, out tensor<8x4xf32>) -> tensor<8x4xf32>
pto_orch.kernel @add aiv (in tensor<8x4xf32>, in tensor<8x4xf32>, in f32, out tensor<8x4xf32>) -> tensor<8x4xf32>

func.func @spmd(%x: tensor<8x4xf32>, %n: index, %s: f32, %y: tensor<8x4xf32> {pto_orch.dir = #pto_orch.dir<out>}, %z: tensor<8x4xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %h = pto_tensor.create : tensor<8x4xf32>
  %h1 = pto_orch.call @rows(in %x, out %h) launch(4) dump [0, 1] : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
  %y1, %t = pto_orch.submit @mix(in %h1, out %y) launch(%n : index, sync_start) early_resolve : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
  %z1 = pto_orch.call @add(in %h1, in %y1, scalar %s, out %z) early_resolve dump [3, 2] : (tensor<8x4xf32>, tensor<8x4xf32>, f32, tensor<8x4xf32>) -> tensor<8x4xf32>
  func.return
}
