// batch-tensor-allocations: each block's used creates become one pto_tensor.alloc_tensors at
// the block's entry (split every 16), the constants and argument dims sizing them moved before
// it; a create sized by a value computed in the block is batched alone where it stands; an
// unused create is erased; in a manual scope, the entry batch of the creates whose buffer the
// scope yields goes before the scope, the others stay at its entry. Running the pass
// again changes nothing; the C++ prints each batch as one alloc_tensors call.
// RUN: pypto-opt -p batch-tensor-allocations %s | filecheck %s
// RUN: pypto-opt -p batch-tensor-allocations %s > %t.once.mlir
// RUN: pypto-opt -p batch-tensor-allocations %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// RUN: pypto-opt -p batch-tensor-allocations,add-retain-edges -t pto2-cpp --cpp-listing %s | filecheck %s --check-prefix=CPP

pto_orch.kernel @k aiv (in tensor<?x16xf32>, out tensor<?x16xf32>) -> tensor<?x16xf32>
pto_orch.kernel @k4 aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>

// CHECK-LABEL: func.func @entry(
// CHECK-NEXT:    %c2 = arith.constant 2 : index
// CHECK-NEXT:    %M = pto_tensor.dim %x, 0 : tensor<?x16xf32>
// CHECK-NEXT:    %a, %b, %alloc = pto_tensor.alloc_tensors {
// CHECK-NEXT:      %0 = pto_tensor.create(%c2) : tensor<?x16xf32>
// CHECK-NEXT:      %1 = pto_tensor.create(%M) init(1.000000e+00 : f32) : tensor<?x16xf32>
// CHECK-NEXT:      pto_tensor.yield %0, %1 : tensor<?x16xf32>, tensor<?x16xf32>
// CHECK-NEXT:    } : tensor<?x16xf32>, tensor<?x16xf32>
// CHECK-NEXT:    %o = pto_orch.call @k(in %x, out %y)
// CHECK-NEXT:    %a1 = pto_orch.call @k(in %x, out %a)
// CHECK-NEXT:    %n = arith.addi %M, %c2 : index
// CHECK-NEXT:    %c, %alloc_1 = pto_tensor.alloc_tensors {
// CHECK-NEXT:      %2 = pto_tensor.create(%n) : tensor<?x16xf32>
// CHECK-NEXT:      pto_tensor.yield %2 : tensor<?x16xf32>
// CHECK-NEXT:    } : tensor<?x16xf32>
// CHECK-NEXT:    %c1 = pto_orch.call @k(in %b, out %c)
// CHECK-NEXT:    func.return
// CPP-LABEL: // ===== orchestration/entry.cpp =====
// CPP:           uint32_t a_ci_shapes[2] = {2, 16};
// CPP-NEXT:      TensorCreateInfo a_ci(a_ci_shapes, 2, DataType::FLOAT32);
// CPP-NEXT:      uint32_t b_ci_shapes[2] = {(uint32_t)M, 16};
// CPP-NEXT:      TensorCreateInfo b_ci(b_ci_shapes, 2, DataType::FLOAT32);
// CPP-NEXT:      b_ci.set_initial_value(1.0f);
// CPP-NEXT:      TaskOutputTensors alloc_0 = alloc_tensors(a_ci, b_ci);
// CPP-NEXT:      const Tensor& a = alloc_0.get_ref(0);
// CPP-NEXT:      const Tensor& b = alloc_0.get_ref(1);
// CPP-EMPTY:
// CPP-NEXT:      // Task 0: k
// CPP:           rt_submit_aiv_task(0, params_t1);
// CPP-EMPTY:
// CPP-NEXT:      uint32_t c_ci_shapes[2] = {(uint32_t)((int64_t)((uint64_t)M + 2)), 16};
// CPP-NEXT:      TensorCreateInfo c_ci(c_ci_shapes, 2, DataType::FLOAT32);
// CPP-NEXT:      TaskOutputTensors alloc_1 = alloc_tensors(c_ci);
func.func @entry(%x: tensor<?x16xf32>, %y: tensor<?x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %dead = pto_tensor.create : tensor<4xf32>
  %o = pto_orch.call @k(in %x, out %y) : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
  %c2 = arith.constant 2 : index
  %M = pto_tensor.dim %x, 0 : tensor<?x16xf32>
  %a = pto_tensor.create(%c2) : tensor<?x16xf32>
  %a1 = pto_orch.call @k(in %x, out %a) : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
  %b = pto_tensor.create(%M) init(1.0 : f32) : tensor<?x16xf32>
  %n = arith.addi %M, %c2 : index
  %c = pto_tensor.create(%n) : tensor<?x16xf32>
  %c1 = pto_orch.call @k(in %b, out %c) : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
  func.return
}

// A manual scope's creates whose buffer may leave the scope (%r: the scope yields a task
// result stored in it) are allocated before the scope; the others (%s) at the scope's entry,
// so the scope's end releases them; one sized inside the scope (%late) stays in place. A loop
// body's creates are batched at the body's entry, 16 per alloc_tensors: the second call
// follows the first directly.
// CHECK-LABEL: func.func @scopes(
// CHECK:         %c4 = arith.constant 4 : index
// CHECK-NEXT:    %r, %alloc = pto_tensor.alloc_tensors {
// CHECK-NEXT:      %{{.*}} = pto_tensor.create(%c4) : tensor<?xf32>
// CHECK:         %out = pto_rt.scope manual -> (tensor<?xf32>) {
// CHECK-NEXT:      %s, %alloc_1 = pto_tensor.alloc_tensors {
// CHECK-NEXT:        %{{.*}} = pto_tensor.create : tensor<4xf32>
// CHECK-NEXT:        pto_tensor.yield
// CHECK-NEXT:      } : tensor<4xf32>
// CHECK-NEXT:      %s1 = pto_orch.call @k4(in %in, out %s)
// CHECK-NEXT:      %n = arith.addi %c4, %c4 : index
// CHECK-NEXT:      %late, %alloc_2 = pto_tensor.alloc_tensors {
// CHECK-NEXT:        %{{.*}} = pto_tensor.create(%n) : tensor<?xf32>
// CHECK:         scf.for
// CHECK-NEXT:      pto_rt.scope auto {
// CHECK-NEXT:        %t0, %t1, %t2, %t3, %t4, %t5, %t6, %t7, %t8, %t9, %t10, %t11, %t12, %t13, %t14, %t15, %alloc_3 = pto_tensor.alloc_tensors {
// CHECK:           } : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
// CHECK-NEXT:      %t16, %alloc_4 = pto_tensor.alloc_tensors {
// CPP-LABEL: // ===== orchestration/scopes.cpp =====
// CPP:           TaskOutputTensors alloc_0 = alloc_tensors(r_ci);
// CPP-NEXT:      const Tensor& r = alloc_0.get_ref(0);
// CPP-NEXT:      PTO2TaskId alloc_0_tid = alloc_0.task_id();
// CPP-EMPTY:
// CPP:           PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CPP-NEXT:          uint32_t s_ci_shapes[1] = {4};
// CPP-NEXT:          TensorCreateInfo s_ci(s_ci_shapes, 1, DataType::FLOAT32);
// CPP-NEXT:          TaskOutputTensors alloc_1 = alloc_tensors(s_ci);
// CPP:               TaskOutputTensors alloc_2 = alloc_tensors(late_ci);
// CPP:           for (int64_t i = 0; i < 2; i += 1) {
// CPP:               const Tensor& t15 = alloc_3.get_ref(15);
// CPP-NEXT:          uint32_t t16_ci_shapes[1] = {4};
// CPP-NEXT:          TensorCreateInfo t16_ci(t16_ci_shapes, 1, DataType::FLOAT32);
// CPP-NEXT:          TaskOutputTensors alloc_4 = alloc_tensors(t16_ci);
// CPP-NEXT:          const Tensor& t16 = alloc_4.get_ref(0);
// CPP-EMPTY:
func.func @scopes(%in: tensor<4xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %out = pto_rt.scope manual -> (tensor<?xf32>) {
    %c4 = arith.constant 4 : index
    %s = pto_tensor.create : tensor<4xf32>
    %s1 = pto_orch.call @k4(in %in, out %s) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %n = arith.addi %c4, %c4 : index
    %late = pto_tensor.create(%n) : tensor<?xf32>
    %v = pto_tensor.view %late[%c0] : tensor<?xf32> to tensor<4xf32>
    %v1 = pto_orch.call @k4(in %in, out %v) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %r = pto_tensor.create(%c4) : tensor<?xf32>
    %rv = pto_tensor.view %r[%c0] : tensor<?xf32> to tensor<4xf32>
    %r1 = pto_orch.call @k4(in %s1, out %rv) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    pto_rt.yield %r : tensor<?xf32>
  }
  scf.for %i = %c0 to %c2 step %c1 {
    pto_rt.scope auto {
      %t0 = pto_tensor.create : tensor<4xf32>
      %t1 = pto_tensor.create : tensor<4xf32>
      %t2 = pto_tensor.create : tensor<4xf32>
      %t3 = pto_tensor.create : tensor<4xf32>
      %t4 = pto_tensor.create : tensor<4xf32>
      %t5 = pto_tensor.create : tensor<4xf32>
      %t6 = pto_tensor.create : tensor<4xf32>
      %t7 = pto_tensor.create : tensor<4xf32>
      %t8 = pto_tensor.create : tensor<4xf32>
      %t9 = pto_tensor.create : tensor<4xf32>
      %t10 = pto_tensor.create : tensor<4xf32>
      %t11 = pto_tensor.create : tensor<4xf32>
      %t12 = pto_tensor.create : tensor<4xf32>
      %t13 = pto_tensor.create : tensor<4xf32>
      %t14 = pto_tensor.create : tensor<4xf32>
      %t15 = pto_tensor.create : tensor<4xf32>
      %t16 = pto_tensor.create : tensor<4xf32>
      %u0 = pto_orch.call @k4(in %in, out %t0) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %u1 = pto_orch.call @k4(in %in, out %t1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %u2 = pto_orch.call @k4(in %in, out %t2) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %u3 = pto_orch.call @k4(in %in, out %t3) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %u4 = pto_orch.call @k4(in %in, out %t4) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %u5 = pto_orch.call @k4(in %in, out %t5) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %u6 = pto_orch.call @k4(in %in, out %t6) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %u7 = pto_orch.call @k4(in %in, out %t7) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %u8 = pto_orch.call @k4(in %in, out %t8) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %u9 = pto_orch.call @k4(in %in, out %t9) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %u10 = pto_orch.call @k4(in %in, out %t10) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %u11 = pto_orch.call @k4(in %in, out %t11) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %u12 = pto_orch.call @k4(in %in, out %t12) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %u13 = pto_orch.call @k4(in %in, out %t13) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %u14 = pto_orch.call @k4(in %in, out %t14) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %u15 = pto_orch.call @k4(in %in, out %t15) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %u16 = pto_orch.call @k4(in %in, out %t16) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    }
  }
  func.return
}
