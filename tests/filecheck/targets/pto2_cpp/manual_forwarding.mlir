// A loop body or an if branch that is one manual scope (the compiler-owned manual scopes
// materialize-runtime-scopes makes of a body whose tasks all carry manual_candidate;
// here as that pass prints them): the carry / if-result assignments are made at the end of
// the manual block, where the yielded TaskIds and tensors are declared, as for auto scopes
// (PyPTO's orchestration codegen document: the carry is declared before the body's PTO2_SCOPE and survives it):
//  - @loop_body: the TaskId carry `p` is assigned from the block's fresh TaskId `id`; the
//    body's create is allocated in the loop body before the header and retained;
//  - @branches: each branch is a manual scope yielding a TaskId and a tensor into the if's
//    result variables.
// RUN: pypto-opt -p batch-tensor-allocations,add-retain-edges -t pto2-cpp --cpp-listing %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @k aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @loop_body(%a: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %0 = pto_rt.scope auto -> (tensor<16x16xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %none = pto_system.task_invalid
    %r, %last = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %o, %p = %none) -> (tensor<16x16xf32>, !pto_orch.task_id) {
      %1, %2 = pto_rt.scope manual compiler_owned -> (tensor<16x16xf32>, !pto_orch.task_id) {
        %tmp = pto_tensor.create : tensor<16x16xf32>
        %t1, %id1 = pto_orch.submit @k(in %a, out %tmp) deps(%p : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
        %x1, %id = pto_orch.submit @k(in %t1, out %x) deps(%id1 : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
        pto_rt.yield %x1, %id : tensor<16x16xf32>, !pto_orch.task_id
      }
      scf.yield %1, %2 : tensor<16x16xf32>, !pto_orch.task_id
    } {pto_orch.iter_arg_rebind = array<i1: false, true>, pto_orch.iter_arg_array_size = array<i64: 0, 0>}
    %y, %yid = pto_orch.submit @k(in %r, out %o) deps(%last : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    pto_rt.yield %y : tensor<16x16xf32>
  }
  func.return %0 : tensor<16x16xf32>
}

func.func @branches(%a: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %t, %id = scf.if %c -> (tensor<16x16xf32>, !pto_orch.task_id) {
      %1, %2 = pto_rt.scope manual compiler_owned -> (tensor<16x16xf32>, !pto_orch.task_id) {
        %o1, %i1 = pto_orch.submit @k(in %a, out %o) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
        pto_rt.yield %o1, %i1 : tensor<16x16xf32>, !pto_orch.task_id
      }
      scf.yield %1, %2 : tensor<16x16xf32>, !pto_orch.task_id
    } else {
      %3, %4 = pto_rt.scope manual compiler_owned -> (tensor<16x16xf32>, !pto_orch.task_id) {
        %buf = pto_tensor.create : tensor<16x16xf32>
        %b1, %i2 = pto_orch.submit @k(in %a, out %buf) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
        pto_rt.yield %b1, %i2 : tensor<16x16xf32>, !pto_orch.task_id
      }
      scf.yield %3, %4 : tensor<16x16xf32>, !pto_orch.task_id
    }
    %o2, %i3 = pto_orch.submit @k(in %t, out %o) deps(%id : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  }
  func.return
}

// CHECK:// ===== orchestration/loop_body.cpp =====
// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_o = from_tensor_arg(orch_args.tensor(1));
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:        PTO2TaskId p = PTO2TaskId::invalid();
// CHECK-NEXT:        for (int64_t i = 0; i < 4; i += 1) {
// CHECK-NEXT:            PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:                uint32_t tmp_ci_shapes[2] = {16, 16};
// CHECK-NEXT:                TensorCreateInfo tmp_ci(tmp_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:                TaskOutputTensors alloc_0 = alloc_tensors(tmp_ci);
// CHECK-NEXT:                const Tensor& tmp = alloc_0.get_ref(0);
// CHECK-NEXT:                PTO2TaskId alloc_0_tid = alloc_0.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:                // Task 0: k
// CHECK-NEXT:                Arg params_t0;
// CHECK-NEXT:                params_t0.add_input(ext_a);
// CHECK-NEXT:                params_t0.add_output(tmp);
// CHECK-NEXT:                PTO2TaskId params_t0_deps[2];
// CHECK-NEXT:                uint32_t params_t0_deps_count = 0;
// CHECK-NEXT:                if (p.is_valid()) params_t0_deps[params_t0_deps_count++] = p;
// CHECK-NEXT:                params_t0_deps[params_t0_deps_count++] = alloc_0_tid;
// CHECK-NEXT:                params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
// CHECK-NEXT:                TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:                PTO2TaskId id1 = task_0_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:                // Task 1: k
// CHECK-NEXT:                Arg params_t1;
// CHECK-NEXT:                params_t1.add_input(tmp);
// CHECK-NEXT:                params_t1.add_output(ext_o);
// CHECK-NEXT:                PTO2TaskId params_t1_deps[2];
// CHECK-NEXT:                uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:                params_t1_deps[params_t1_deps_count++] = id1;
// CHECK-NEXT:                params_t1_deps[params_t1_deps_count++] = alloc_0_tid;
// CHECK-NEXT:                params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:                TaskOutputTensors task_1_outs = rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:                PTO2TaskId id = task_1_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:                p = id;
// CHECK-NEXT:            }
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: k
// CHECK-NEXT:        Arg params_t2;
// CHECK-NEXT:        params_t2.add_input(ext_o);
// CHECK-NEXT:        params_t2.add_output(ext_o);
// CHECK-NEXT:        PTO2TaskId params_t2_deps[1];
// CHECK-NEXT:        uint32_t params_t2_deps_count = 0;
// CHECK-NEXT:        if (p.is_valid()) params_t2_deps[params_t2_deps_count++] = p;
// CHECK-NEXT:        params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t2);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"

// CHECK:// ===== orchestration/branches.cpp =====
// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_o = from_tensor_arg(orch_args.tensor(1));
// CHECK-EMPTY:
// CHECK-NEXT:    // Scalar parameters
// CHECK-NEXT:    union { uint64_t u64; bool val; } c_conv;
// CHECK-NEXT:    c_conv.u64 = orch_args.scalar(0);
// CHECK-NEXT:    bool c = c_conv.val;
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:        Tensor t = ext_a;
// CHECK-NEXT:        PTO2TaskId id;
// CHECK-NEXT:        if (c) {
// CHECK-NEXT:            PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:                // Task 0: k
// CHECK-NEXT:                Arg params_t0;
// CHECK-NEXT:                params_t0.add_input(ext_a);
// CHECK-NEXT:                params_t0.add_output(ext_o);
// CHECK-NEXT:                TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:                PTO2TaskId i1 = task_0_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:                t = ext_o;
// CHECK-NEXT:                id = i1;
// CHECK-NEXT:            }
// CHECK-NEXT:        } else {
// CHECK-NEXT:            uint32_t buf_ci_shapes[2] = {16, 16};
// CHECK-NEXT:            TensorCreateInfo buf_ci(buf_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:            TaskOutputTensors alloc_0 = alloc_tensors(buf_ci);
// CHECK-NEXT:            const Tensor& buf = alloc_0.get_ref(0);
// CHECK-NEXT:            PTO2TaskId alloc_0_tid = alloc_0.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:            PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:                // Task 1: k
// CHECK-NEXT:                Arg params_t1;
// CHECK-NEXT:                params_t1.add_input(ext_a);
// CHECK-NEXT:                params_t1.add_output(buf);
// CHECK-NEXT:                PTO2TaskId params_t1_deps[1];
// CHECK-NEXT:                uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:                params_t1_deps[params_t1_deps_count++] = alloc_0_tid;
// CHECK-NEXT:                params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:                TaskOutputTensors task_1_outs = rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:                PTO2TaskId i2 = task_1_outs.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:                t = buf;
// CHECK-NEXT:                id = i2;
// CHECK-NEXT:            }
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: k
// CHECK-NEXT:        Arg params_t2;
// CHECK-NEXT:        params_t2.add_input(t);
// CHECK-NEXT:        params_t2.add_output(ext_o);
// CHECK-NEXT:        PTO2TaskId params_t2_deps[1];
// CHECK-NEXT:        uint32_t params_t2_deps_count = 0;
// CHECK-NEXT:        if (id.is_valid()) params_t2_deps[params_t2_deps_count++] = id;
// CHECK-NEXT:        params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t2);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"
