// A for loop with a tensor carry (PyPTO's orchestration codegen document, "ForStmt"): acc = kernel_add(a, acc, acc),
// four times. The loop carries the tensor `acc` through `iter_args`; every iteration's task
// reads the previous value and writes it back in place, so the carry is the same buffer
// (ext_acc) in C++. materialize-runtime-scopes puts the loop body in its own PTO2_SCOPE().
// Run: pypto-opt -p pto2-pipeline -t pto2-cpp examples/for_carry.mlir

pto_orch.kernel @kernel_add aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @for_carry(%a: tensor<16x16xf32>, %acc: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %acc_final = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc_iter = %acc) -> (tensor<16x16xf32>) {
    %acc_next = pto_orch.call @kernel_add(%a, %acc_iter, %acc_iter) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %acc_next : tensor<16x16xf32>
  }
  func.return %acc_final : tensor<16x16xf32>
}
