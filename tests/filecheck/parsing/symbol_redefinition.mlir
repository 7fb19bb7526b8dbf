// A symbol defined twice is reported at its second definition, with the line of the first
// (mlir-opt: "redefinition of symbol named"), for kernels and functions alike; never as a
// type mismatch at a call that uses it.
// RUN: not pypto-opt --split-input-file %s 2>&1 | filecheck %s

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
// CHECK: symbol_redefinition.mlir:[[# @LINE + 1]]:1: error: 'pto_orch.kernel' op redefinition of symbol named 'k' (first defined at {{.*}}symbol_redefinition.mlir:[[# @LINE - 1]]:1)
pto_orch.kernel @k aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
func.func @f(%a: tensor<8xf32>, %c: tensor<8xf32>) -> tensor<8xf32> {
  %r = pto_orch.call @k(%a, %c) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  func.return %r : tensor<8xf32>
}

// -----

func.func @f() {
  func.return
}
// CHECK: symbol_redefinition.mlir:[[# @LINE + 1]]:1: error: 'func.func' op redefinition of symbol named 'f' (first defined at {{.*}}symbol_redefinition.mlir:[[# @LINE - 3]]:1)
func.func @f() {
  func.return
}

// -----

builtin.module {
  pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
  // CHECK: symbol_redefinition.mlir:[[# @LINE + 1]]:3: error: 'func.func' op redefinition of symbol named 'k' (first defined at {{.*}}symbol_redefinition.mlir:[[# @LINE - 1]]:3)
  func.func @k() {
    func.return
  }
}
