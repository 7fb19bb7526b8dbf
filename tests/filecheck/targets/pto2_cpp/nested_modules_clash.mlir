// Two orchestration functions of one name, one in a nested module, would both be written to
// orchestration/<name>.cpp: a located error on the second.
// RUN: not pypto-opt -p pto2-pipeline -t pto2-cpp --cpp-listing %s 2>&1 | filecheck %s

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %r = pto_orch.call @k(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
builtin.module {
  pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
  // CHECK: nested_modules_clash.mlir:[[# @LINE + 1]]:3: error: 'func.func' op is a second orchestration function named @f (the first is at {{.*}}nested_modules_clash.mlir:[[# @LINE - 6]]:1); each function is printed to orchestration/f.cpp: rename one of them
  func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
    %r = pto_orch.call @k(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    func.return
  }
}
