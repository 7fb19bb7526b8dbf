// Manual scopes (PyPTO's orchestration codegen document, "Manual Scope 与 TaskId 降级", "跨作用域张量与 manual_scope"):
// `pto_rt.scope manual` prints `PTO2_SCOPE(PTO2ScopeMode::MANUAL) {`, every task inside is
// a plain `Arg params_t<N>;` and a loop inside has no PTO2_SCOPE of its own (rule 1). A
// manual scope is a scheduling region, not a storage scope (rule 6):
//  - @hoisting: %buf, created in the block, is allocated before the header (with the retain
//    TaskId of its batch, rule 10); the task writing the Out parameter is remapped to ext_o;
//    the loop carries %x / %k (read by the tasks after the block) and the if result %sel,
//    declared directly in the block, are declared before the header (the carries with
//    their initial values, whose C++ names are final there) and assigned in place, so the
//    tasks after the block name only identifiers valid there (x, k, sel, ext_o);
//  - @local_extent: a create whose extent is computed inside the block stays there (an
//    allocation task of the manual scope), and so does its retain TaskId;
//  - @compiler_owned: a compiler-placed manual scope prints the same; a manual scope in a
//    loop body (in the body's auto scope) and a function whose body is one manual scope.
// RUN: pypto-opt -p batch-tensor-allocations,add-retain-edges -t pto2-cpp --cpp-listing %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @k aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @kio aiv (in tensor<16x16xf32>, inout tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @ks aiv (in tensor<16x16xf32>, in index, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @kdyn aiv (in tensor<16x16xf32>, out tensor<?x16xf32>) -> tensor<?x16xf32>

func.func @hoisting(%a: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index, %m: i64) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  pto_rt.scope auto {
    %r:4 = pto_rt.scope manual -> (tensor<16x16xf32>, tensor<16x16xf32>, index, tensor<16x16xf32>) {
      %buf = pto_tensor.create : tensor<16x16xf32>
      %buf1 = pto_orch.call @k(in %a, out %buf) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
      %o1 = pto_orch.call @k(in %buf1, out %o) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
      %acc, %cnt = scf.for %i = %c0 to %n step %c1 iter_args(%x = %buf1, %k = %c0) -> (tensor<16x16xf32>, index) {
        %x1 = pto_orch.call @kio(in %a, inout %x) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
        %k1 = arith.addi %k, %c1 : index
        scf.yield %x, %k1 : tensor<16x16xf32>, index
      } {pto_orch.iter_arg_rebind = array<i1: true, true>, pto_orch.iter_arg_array_size = array<i64: 0, 0>}
      %cond = arith.cmpi eq, %m, %z : i64
      %sel = scf.if %cond -> (tensor<16x16xf32>) {
        scf.yield %buf1 : tensor<16x16xf32>
      } else {
        scf.yield %a : tensor<16x16xf32>
      }
      pto_rt.yield %o1, %acc, %cnt, %sel : tensor<16x16xf32>, tensor<16x16xf32>, index, tensor<16x16xf32>
    }
    %after = pto_orch.call @ks(in %r#1, scalar %r#2, out %o) : (tensor<16x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
    %after2 = pto_orch.call @kio(in %r#3, inout %r#0) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  }
  func.return
}

func.func @local_extent(%a: tensor<16x16xf32>, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c1 = arith.constant 1 : index
  pto_rt.scope manual {
    %rows = arith.addi %n, %c1 : index
    %t = pto_tensor.create(%rows) : tensor<?x16xf32>
    %t1 = pto_orch.call @kdyn(in %a, out %t) : (tensor<16x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
  }
  func.return
}

func.func @compiler_owned(%a: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  pto_rt.scope manual compiler_owned {
    %o1 = pto_orch.call @k(in %a, out %o) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  }
  pto_rt.scope auto {
    scf.for %i = %c0 to %c2 step %c1 {
      pto_rt.scope auto {
        pto_rt.scope manual compiler_owned {
          %o2 = pto_orch.call @kio(in %a, inout %o) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
        }
      }
    }
  }
  func.return
}

// CHECK:// ===== orchestration/hoisting.cpp =====
// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_o = from_tensor_arg(orch_args.tensor(1));
// CHECK-EMPTY:
// CHECK-NEXT:    // Scalar parameters
// CHECK-NEXT:    union { uint64_t u64; int64_t val; } n_conv;
// CHECK-NEXT:    n_conv.u64 = orch_args.scalar(0);
// CHECK-NEXT:    int64_t n = n_conv.val;
// CHECK-NEXT:    union { uint64_t u64; int64_t val; } m_conv;
// CHECK-NEXT:    m_conv.u64 = orch_args.scalar(1);
// CHECK-NEXT:    int64_t m = m_conv.val;
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:        uint32_t buf_ci_shapes[2] = {16, 16};
// CHECK-NEXT:        TensorCreateInfo buf_ci(buf_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:        TaskOutputTensors alloc_0 = alloc_tensors(buf_ci);
// CHECK-NEXT:        const Tensor& buf = alloc_0.get_ref(0);
// CHECK-NEXT:        PTO2TaskId alloc_0_tid = alloc_0.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:        Tensor x = buf;
// CHECK-NEXT:        int64_t k = 0;
// CHECK-NEXT:        Tensor sel = ext_a;
// CHECK-NEXT:        PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:            // Task 0: k
// CHECK-NEXT:            Arg params_t0;
// CHECK-NEXT:            params_t0.add_input(ext_a);
// CHECK-NEXT:            params_t0.add_output(buf);
// CHECK-NEXT:            PTO2TaskId params_t0_deps[1];
// CHECK-NEXT:            uint32_t params_t0_deps_count = 0;
// CHECK-NEXT:            params_t0_deps[params_t0_deps_count++] = alloc_0_tid;
// CHECK-NEXT:            params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
// CHECK-NEXT:            rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:            // Task 1: k
// CHECK-NEXT:            Arg params_t1;
// CHECK-NEXT:            params_t1.add_input(buf);
// CHECK-NEXT:            params_t1.add_output(ext_o);
// CHECK-NEXT:            PTO2TaskId params_t1_deps[1];
// CHECK-NEXT:            uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:            params_t1_deps[params_t1_deps_count++] = alloc_0_tid;
// CHECK-NEXT:            params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:            rt_submit_aiv_task(0, params_t1);
// CHECK-EMPTY:
// CHECK-NEXT:            for (int64_t i = 0; i < n; i += 1) {
// CHECK-NEXT:                // Task 2: kio
// CHECK-NEXT:                Arg params_t2;
// CHECK-NEXT:                params_t2.add_input(ext_a);
// CHECK-NEXT:                params_t2.add_inout(x);
// CHECK-NEXT:                PTO2TaskId params_t2_deps[1];
// CHECK-NEXT:                uint32_t params_t2_deps_count = 0;
// CHECK-NEXT:                params_t2_deps[params_t2_deps_count++] = alloc_0_tid;
// CHECK-NEXT:                params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);
// CHECK-NEXT:                rt_submit_aiv_task(1, params_t2);
// CHECK-EMPTY:
// CHECK-NEXT:                k = (int64_t)((uint64_t)k + 1);
// CHECK-NEXT:            }
// CHECK-EMPTY:
// CHECK-NEXT:            if (m == 0) {
// CHECK-NEXT:                sel = buf;
// CHECK-NEXT:            } else {
// CHECK-NEXT:                sel = ext_a;
// CHECK-NEXT:            }
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 3: ks
// CHECK-NEXT:        Arg params_t3;
// CHECK-NEXT:        params_t3.add_input(x);
// CHECK-NEXT:        params_t3.add_output(ext_o);
// CHECK-NEXT:        params_t3.add_scalar((uint64_t)k);
// CHECK-NEXT:        rt_submit_aiv_task(2, params_t3);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 4: kio
// CHECK-NEXT:        Arg params_t4;
// CHECK-NEXT:        params_t4.add_input(sel);
// CHECK-NEXT:        params_t4.add_inout(ext_o);
// CHECK-NEXT:        rt_submit_aiv_task(1, params_t4);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"

// CHECK:// ===== orchestration/local_extent.cpp =====
// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// CHECK-EMPTY:
// CHECK-NEXT:    // Scalar parameters
// CHECK-NEXT:    union { uint64_t u64; int64_t val; } n_conv;
// CHECK-NEXT:    n_conv.u64 = orch_args.scalar(0);
// CHECK-NEXT:    int64_t n = n_conv.val;
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:        uint32_t t_ci_shapes[2] = {(uint32_t)((int64_t)((uint64_t)n + 1)), 16};
// CHECK-NEXT:        TensorCreateInfo t_ci(t_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:        TaskOutputTensors alloc_0 = alloc_tensors(t_ci);
// CHECK-NEXT:        const Tensor& t = alloc_0.get_ref(0);
// CHECK-NEXT:        PTO2TaskId alloc_0_tid = alloc_0.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 0: kdyn
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_input(ext_a);
// CHECK-NEXT:        params_t0.add_output(t);
// CHECK-NEXT:        PTO2TaskId params_t0_deps[1];
// CHECK-NEXT:        uint32_t params_t0_deps_count = 0;
// CHECK-NEXT:        params_t0_deps[params_t0_deps_count++] = alloc_0_tid;
// CHECK-NEXT:        params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"

// CHECK:// ===== orchestration/compiler_owned.cpp =====
// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_o = from_tensor_arg(orch_args.tensor(1));
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:        // Task 0: k
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_input(ext_a);
// CHECK-NEXT:        params_t0.add_output(ext_o);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:    }
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:        for (int64_t i = 0; i < 2; i += 1) {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:                    // Task 1: kio
// CHECK-NEXT:                    Arg params_t1;
// CHECK-NEXT:                    params_t1.add_input(ext_a);
// CHECK-NEXT:                    params_t1.add_inout(ext_o);
// CHECK-NEXT:                    rt_submit_aiv_task(1, params_t1);
// CHECK-NEXT:                }
// CHECK-NEXT:            }
// CHECK-NEXT:        }
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"
