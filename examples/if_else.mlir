// An if/else with a tensor result: y = kernel_add(x, x, y) when mode == 0, otherwise
// y = kernel_mul(x, x, y). The condition comes from the integer scalar parameter `mode`
// (read from the scalar slots of ChipStorageTaskArgs); each branch runs a different kernel and
// yields the written tensor, which becomes the result of the scf.if (in C++ a variable
// declared before the `if`, remapped to ext_y). Each branch gets its own PTO2_SCOPE().
// Run: pypto-opt -p pto2-pipeline -t pto2-cpp examples/if_else.mlir

pto_orch.kernel @kernel_add aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @kernel_mul aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @if_else(%x: tensor<16x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %mode: i64) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %zero = arith.constant 0 : i64
  %use_add = arith.cmpi eq, %mode, %zero : i64
  %y_out = scf.if %use_add -> (tensor<16x16xf32>) {
    %y_add = pto_orch.call @kernel_add(%x, %x, %y) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %y_add : tensor<16x16xf32>
  } else {
    %y_mul = pto_orch.call @kernel_mul(%x, %x, %y) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %y_mul : tensor<16x16xf32>
  }
  func.return %y_out : tensor<16x16xf32>
}
