// An accumulation loop into an `out` parameter: acc = kernel_add(a, acc, acc), 64 times.
// Each iteration writes what the previous one wrote, so the write is inout: the runtime
// orders iteration i after i - 1 and replaces the buffer's tensor-map entry, 63 edges in all
// (as `out`, every iteration's entry would stay and each read would find all earlier
// writers: 2016 edges).
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %s | filecheck %s

pto_orch.kernel @kernel_add aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @acc_loop(%a: tensor<16x16xf32>, %acc: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %r = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc_i = %acc) -> (tensor<16x16xf32>) {
    %acc_n = pto_orch.call @kernel_add(%a, %acc_i, %acc_i) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %acc_n : tensor<16x16xf32>
  }
  func.return %r : tensor<16x16xf32>
}

// CHECK: for (int64_t i = 0; i < 64; i += 1) {
// CHECK: params_t0.add_input(ext_a);
// CHECK-NEXT: params_t0.add_input(ext_acc);
// CHECK-NEXT: params_t0.add_inout(ext_acc);
