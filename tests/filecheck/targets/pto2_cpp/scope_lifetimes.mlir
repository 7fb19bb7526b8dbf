// A buffer that leaves a PTO2_SCOPE is allocated before it (batch-tensor-allocations), so the
// scope's end never frees a buffer a later line uses: in a loop body before the body's scope
// (the carry assignment `x = t;` stays at the end of the scope), in a branch before the
// branch's scope, and a runtime-allocated output that leaves is an alloc_tensors buffer passed
// with add_output. Values only returned by the function get no C++ variable at all.
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp --cpp-listing %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// CHECK-LABEL:// ===== orchestration/carry.cpp =====
// CHECK:    PTO2_SCOPE() {
// CHECK-NEXT:        Tensor x = ext_a;
// CHECK-NEXT:        for (int64_t i = 0; i < 3; i += 1) {
// CHECK-NEXT:            uint32_t t_ci_shapes[1] = {16};
// CHECK-NEXT:            TensorCreateInfo t_ci(t_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:            TaskOutputTensors alloc_0 = alloc_tensors(t_ci);
// CHECK-NEXT:            const Tensor& t = alloc_0.get_ref(0);
// CHECK-EMPTY:
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                // Task 0: inc
// CHECK-NEXT:                Arg params_t0;
// CHECK-NEXT:                params_t0.add_input(x);
// CHECK-NEXT:                params_t0.add_output(t);
// CHECK-NEXT:                rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:                x = t;
// CHECK-NEXT:            }
// CHECK-NEXT:        }
func.func @carry(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a) -> (tensor<16xf32>) {
    %t = pto_tensor.create : tensor<16xf32>
    %t1 = pto_orch.call @inc(in %x, out %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %t1 : tensor<16xf32>
  }
  %o1 = pto_orch.call @inc(in %r, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// CHECK-LABEL:// ===== orchestration/runtime_output.cpp =====
// CHECK:        Tensor v = ext_a;
// CHECK-NEXT:        if (flag) {
// CHECK-NEXT:            uint32_t x_ci_shapes[1] = {16};
// CHECK-NEXT:            TensorCreateInfo x_ci(x_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:            TaskOutputTensors alloc_0 = alloc_tensors(x_ci);
// CHECK-NEXT:            const Tensor& x = alloc_0.get_ref(0);
// CHECK-EMPTY:
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                // Task 0: inc
// CHECK-NEXT:                Arg params_t0;
// CHECK-NEXT:                params_t0.add_input(ext_a);
// CHECK-NEXT:                params_t0.add_output(x);
// CHECK-NEXT:                rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:                v = x;
// CHECK-NEXT:            }
func.func @runtime_output(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %flag: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %v = scf.if %flag -> (tensor<16xf32>) {
    %x = pto_orch.call @inc(in %a) : (tensor<16xf32>) -> tensor<16xf32>
    scf.yield %x : tensor<16xf32>
  } else {
    scf.yield %a : tensor<16xf32>
  }
  %o1 = pto_orch.call @inc(in %v, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// Issue 25, item 10: the if result %e1, the loop carries %e2 and %e3 (a swap) and the scope
// results they pass through are only returned: no `Tensor e1 = ext_a;`, no assignment to
// them (the swapping loop keeps its empty body's scope).
// CHECK-LABEL:// ===== orchestration/only_returned.cpp =====
// CHECK-NOT:{{.*}}e1{{.*}}
// CHECK-NOT:{{.*}}e2{{.*}}
// CHECK-NOT:{{.*}}e3{{.*}}
// CHECK:        if (flag) {
// CHECK-NOT:{{.*}}e1{{.*}}
// CHECK-NOT:{{.*}}e2{{.*}}
// CHECK-NOT:{{.*}}e3{{.*}}
// CHECK:}  // extern "C"
func.func @only_returned(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %p: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %flag: i1, %n: index) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e1 = scf.if %flag -> (tensor<16xf32>) {
    %u1 = pto_orch.call @inc(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %u1 : tensor<16xf32>
  } else {
    scf.yield %o : tensor<16xf32>
  }
  %q = pto_orch.call @inc(in %a, out %p) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %e2, %e3 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %e1, %z = %q) -> (tensor<16xf32>, tensor<16xf32>) {
    scf.yield %z, %x : tensor<16xf32>, tensor<16xf32>
  }
  func.return %e1, %e2, %e3 : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
}
