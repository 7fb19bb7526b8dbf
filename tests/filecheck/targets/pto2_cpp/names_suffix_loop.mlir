// Loop variables and carries keep a user's _<digits> suffix too (%i_1, %k_2 print as i_1, k_2).
// (%n_1 = 1 + 1 is folded by canonicalize in pto2-pipeline.)
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %s | filecheck %s

pto_orch.kernel @k aiv (in index, inout tensor<16xf32>) -> tensor<16xf32>
func.func @f(%acc_0: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n_1 = arith.addi %c1, %c1 : index
  %r_2, %s_3 = scf.for %i_1 = %c0 to %c4 step %c1 iter_args(%a_1 = %acc_0, %k_2 = %c0) -> (tensor<16xf32>, index) {
    %a_2 = pto_orch.call @k(%k_2, %a_1) : (index, tensor<16xf32>) -> tensor<16xf32>
    %k_3 = arith.addi %k_2, %n_1 : index
    scf.yield %a_2, %k_3 : tensor<16xf32>, index
  }
  func.return
}

// CHECK: Tensor ext_acc_0 = from_tensor_arg(orch_args.tensor(0));
// CHECK: int64_t k_2 = 0;
// CHECK-NEXT: for (int64_t i_1 = 0; i_1 < 4; i_1 += 1) {
// CHECK: params_t0.add_inout(ext_acc_0);
// CHECK-NEXT: params_t0.add_scalar((uint64_t)k_2);
// CHECK: k_2 = (int64_t)((uint64_t)k_2 + 2);
