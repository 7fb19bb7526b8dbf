// A task in a nested builtin.module runs the kernel of that module's symbol table, also when
// the outer module declares a kernel of the same name with other directions (the passes and
// the verifier look kernels up one way, from the nearest symbol table).
// RUN: pypto-opt --derive-call-directions %s | filecheck %s

pto_orch.kernel @k aiv (in tensor<4xf32>, in tensor<4xf32>)
builtin.module {
  pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
  func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
    // CHECK: pto_orch.call @k(in %a, out %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %r = pto_orch.call @k(%a, %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    func.return
  }
}
