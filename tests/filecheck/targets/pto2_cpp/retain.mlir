// Retained buffers (docs/targets/pto2-cpp.md, difference 5; rule 10): every task inside a manual
// scope lists, unguarded, the TaskId of each alloc_tensors batch whose buffer it reads or
// writes, captured once right after the batch as `PTO2TaskId alloc_<N>_tid =
// alloc_<N>.task_id();`:
//  - @outer: alloc_0 is allocated in the function's auto scope; the manual tasks using it
//    (through a view, through a no_dep slot) list alloc_0_tid; alloc_1 (the enclosing auto
//    scope) and alloc_2 (the manual block's create, hoisted before the header) give more
//    retain edges, and a task reading a result aliasing %inner retains alloc_2 too (%spare
//    is unused: no allocation at all); alloc_3, used only by an auto-scope task, gets no
//    TaskId, and the auto-scope tasks list nothing: the runtime tracks their buffers itself;
//  - @per_iteration: a buffer created in a loop body inside the manual scope is allocated in
//    every iteration, and the iteration's task retains that iteration's batch;
//  - @ping_pong: two buffers (one allocated before the manual scope, one hoisted out of its
//    block) swapped through loop carries: each carried tensor may be either buffer, so the
//    task retains both batches (both allocated before the loop, both in scope there).
// RUN: pypto-opt -p batch-tensor-allocations,add-retain-edges -t pto2-cpp --cpp-listing %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @k aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @kn aiv (in tensor<16x16xf32>, inout tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32> returns [2]
pto_orch.kernel @knd aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @k8 aiv (in tensor<8x16xf32>, out tensor<8x16xf32>) -> tensor<8x16xf32>

func.func @outer(%a: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  pto_rt.scope auto {
    %buf = pto_tensor.create : tensor<16x16xf32>
    %o0 = pto_orch.call @k(in %a, out %o) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %r = pto_rt.scope auto -> (tensor<16x16xf32>) {
      %side = pto_tensor.create : tensor<16x16xf32>
      %m = pto_rt.scope manual -> (tensor<16x16xf32>) {
        %inner = pto_tensor.create : tensor<16x16xf32>
        %spare = pto_tensor.create : tensor<16x16xf32>
        %top = pto_tensor.slice %buf[%c0, %c0] : tensor<16x16xf32> to tensor<8x16xf32>
        %src = pto_tensor.slice %a[%c8, %c0] : tensor<16x16xf32> to tensor<8x16xf32>
        %top1 = pto_orch.call @k8(in %src, out %top) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
        %inner1 = pto_orch.call @knd(in %side, no_dep %buf, out %inner) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
        %o1 = pto_orch.call @k(in %inner1, out %o) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
        pto_rt.yield %o1 : tensor<16x16xf32>
      }
      pto_rt.yield %m : tensor<16x16xf32>
    }
    %o2 = pto_orch.call @k(in %buf, out %r) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    pto_rt.scope auto {
      %late = pto_tensor.create : tensor<16x16xf32>
      %late1 = pto_orch.call @k(in %o2, out %late) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    }
  }
  func.return
}

func.func @per_iteration(%a: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  pto_rt.scope manual {
    scf.for %i = %c0 to %c2 step %c1 {
      %tmp = pto_tensor.create : tensor<16x16xf32>
      %tmp1 = pto_orch.call @k(in %a, out %tmp) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
      %o1 = pto_orch.call @kn(in %a, inout %o, out %tmp1) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    }
  }
  func.return
}

func.func @ping_pong(%a: tensor<16x16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %ping = pto_tensor.create : tensor<16x16xf32>
  pto_rt.scope manual {
    %pong = pto_tensor.create : tensor<16x16xf32>
    %x, %y = scf.for %i = %c0 to %c4 step %c1 iter_args(%src = %ping, %dst = %pong) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
      %dst1 = pto_orch.call @k(in %src, out %dst) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
      scf.yield %dst1, %src : tensor<16x16xf32>, tensor<16x16xf32>
    } {pto_orch.iter_arg_rebind = array<i1: true, true>, pto_orch.iter_arg_array_size = array<i64: 0, 0>}
  }
  func.return
}

// CHECK:// ===== orchestration/outer.cpp =====
// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_o = from_tensor_arg(orch_args.tensor(1));
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:        uint32_t buf_ci_shapes[2] = {16, 16};
// CHECK-NEXT:        TensorCreateInfo buf_ci(buf_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:        TaskOutputTensors alloc_0 = alloc_tensors(buf_ci);
// CHECK-NEXT:        const Tensor& buf = alloc_0.get_ref(0);
// CHECK-NEXT:        PTO2TaskId alloc_0_tid = alloc_0.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 0: k
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_input(ext_a);
// CHECK-NEXT:        params_t0.add_output(ext_o);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:            uint32_t side_ci_shapes[2] = {16, 16};
// CHECK-NEXT:            TensorCreateInfo side_ci(side_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:            TaskOutputTensors alloc_1 = alloc_tensors(side_ci);
// CHECK-NEXT:            const Tensor& side = alloc_1.get_ref(0);
// CHECK-NEXT:            PTO2TaskId alloc_1_tid = alloc_1.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:            PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:                uint32_t inner_ci_shapes[2] = {16, 16};
// CHECK-NEXT:                TensorCreateInfo inner_ci(inner_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:                TaskOutputTensors alloc_2 = alloc_tensors(inner_ci);
// CHECK-NEXT:                const Tensor& inner = alloc_2.get_ref(0);
// CHECK-NEXT:                PTO2TaskId alloc_2_tid = alloc_2.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:                uint32_t top_shapes[2] = {8, 16};
// CHECK-NEXT:                uint32_t top_offsets[2] = {0, 0};
// CHECK-NEXT:                Tensor top = buf.view(top_shapes, top_offsets);
// CHECK-NEXT:                uint32_t src_shapes[2] = {8, 16};
// CHECK-NEXT:                uint32_t src_offsets[2] = {8, 0};
// CHECK-NEXT:                Tensor src = ext_a.view(src_shapes, src_offsets);
// CHECK-EMPTY:
// CHECK-NEXT:                // Task 1: k8
// CHECK-NEXT:                Arg params_t1;
// CHECK-NEXT:                params_t1.add_input(src);
// CHECK-NEXT:                params_t1.add_output(top);
// CHECK-NEXT:                PTO2TaskId params_t1_deps[1];
// CHECK-NEXT:                uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:                params_t1_deps[params_t1_deps_count++] = alloc_0_tid;
// CHECK-NEXT:                params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:                rt_submit_aiv_task(1, params_t1);
// CHECK-EMPTY:
// CHECK-NEXT:                // Task 2: knd
// CHECK-NEXT:                Arg params_t2;
// CHECK-NEXT:                params_t2.add_input(side);
// CHECK-NEXT:                params_t2.add_no_dep(buf);
// CHECK-NEXT:                params_t2.add_output(inner);
// CHECK-NEXT:                PTO2TaskId params_t2_deps[3];
// CHECK-NEXT:                uint32_t params_t2_deps_count = 0;
// CHECK-NEXT:                params_t2_deps[params_t2_deps_count++] = alloc_1_tid;
// CHECK-NEXT:                params_t2_deps[params_t2_deps_count++] = alloc_0_tid;
// CHECK-NEXT:                params_t2_deps[params_t2_deps_count++] = alloc_2_tid;
// CHECK-NEXT:                params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);
// CHECK-NEXT:                rt_submit_aiv_task(2, params_t2);
// CHECK-EMPTY:
// CHECK-NEXT:                // Task 3: k
// CHECK-NEXT:                Arg params_t3;
// CHECK-NEXT:                params_t3.add_input(inner);
// CHECK-NEXT:                params_t3.add_output(ext_o);
// CHECK-NEXT:                PTO2TaskId params_t3_deps[1];
// CHECK-NEXT:                uint32_t params_t3_deps_count = 0;
// CHECK-NEXT:                params_t3_deps[params_t3_deps_count++] = alloc_2_tid;
// CHECK-NEXT:                params_t3.set_dependencies(params_t3_deps, params_t3_deps_count);
// CHECK-NEXT:                rt_submit_aiv_task(0, params_t3);
// CHECK-NEXT:            }
// CHECK-NEXT:        }
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 4: k
// CHECK-NEXT:        Arg params_t4;
// CHECK-NEXT:        params_t4.add_input(buf);
// CHECK-NEXT:        params_t4.add_output(ext_o);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t4);
// CHECK-EMPTY:
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:            uint32_t late_ci_shapes[2] = {16, 16};
// CHECK-NEXT:            TensorCreateInfo late_ci(late_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:            TaskOutputTensors alloc_3 = alloc_tensors(late_ci);
// CHECK-NEXT:            const Tensor& late = alloc_3.get_ref(0);
// CHECK-EMPTY:
// CHECK-NEXT:            // Task 5: k
// CHECK-NEXT:            Arg params_t5;
// CHECK-NEXT:            params_t5.add_input(ext_o);
// CHECK-NEXT:            params_t5.add_output(late);
// CHECK-NEXT:            rt_submit_aiv_task(0, params_t5);
// CHECK-NEXT:        }
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"

// CHECK:// ===== orchestration/per_iteration.cpp =====
// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_o = from_tensor_arg(orch_args.tensor(1));
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:        for (int64_t i = 0; i < 2; i += 1) {
// CHECK-NEXT:            uint32_t tmp_ci_shapes[2] = {16, 16};
// CHECK-NEXT:            TensorCreateInfo tmp_ci(tmp_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:            TaskOutputTensors alloc_0 = alloc_tensors(tmp_ci);
// CHECK-NEXT:            const Tensor& tmp = alloc_0.get_ref(0);
// CHECK-NEXT:            PTO2TaskId alloc_0_tid = alloc_0.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:            // Task 0: k
// CHECK-NEXT:            Arg params_t0;
// CHECK-NEXT:            params_t0.add_input(ext_a);
// CHECK-NEXT:            params_t0.add_output(tmp);
// CHECK-NEXT:            PTO2TaskId params_t0_deps[1];
// CHECK-NEXT:            uint32_t params_t0_deps_count = 0;
// CHECK-NEXT:            params_t0_deps[params_t0_deps_count++] = alloc_0_tid;
// CHECK-NEXT:            params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
// CHECK-NEXT:            rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:            // Task 1: kn
// CHECK-NEXT:            Arg params_t1;
// CHECK-NEXT:            params_t1.add_input(ext_a);
// CHECK-NEXT:            params_t1.add_inout(ext_o);
// CHECK-NEXT:            params_t1.add_output(tmp);
// CHECK-NEXT:            PTO2TaskId params_t1_deps[1];
// CHECK-NEXT:            uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:            params_t1_deps[params_t1_deps_count++] = alloc_0_tid;
// CHECK-NEXT:            params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:            rt_submit_aiv_task(1, params_t1);
// CHECK-NEXT:        }
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"

// CHECK:// ===== orchestration/ping_pong.cpp =====
// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    (void)orch_args;
// CHECK-EMPTY:
// CHECK-NEXT:    uint32_t ping_ci_shapes[2] = {16, 16};
// CHECK-NEXT:    TensorCreateInfo ping_ci(ping_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:    TaskOutputTensors alloc_0 = alloc_tensors(ping_ci);
// CHECK-NEXT:    const Tensor& ping = alloc_0.get_ref(0);
// CHECK-NEXT:    PTO2TaskId alloc_0_tid = alloc_0.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:    uint32_t pong_ci_shapes[2] = {16, 16};
// CHECK-NEXT:    TensorCreateInfo pong_ci(pong_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:    TaskOutputTensors alloc_1 = alloc_tensors(pong_ci);
// CHECK-NEXT:    const Tensor& pong = alloc_1.get_ref(0);
// CHECK-NEXT:    PTO2TaskId alloc_1_tid = alloc_1.task_id();
// CHECK-EMPTY:
// CHECK-NEXT:    Tensor src = ping;
// CHECK-NEXT:    Tensor dst = pong;
// CHECK-NEXT:    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:        for (int64_t i = 0; i < 4; i += 1) {
// CHECK-NEXT:            // Task 0: k
// CHECK-NEXT:            Arg params_t0;
// CHECK-NEXT:            params_t0.add_input(src);
// CHECK-NEXT:            params_t0.add_output(dst);
// CHECK-NEXT:            PTO2TaskId params_t0_deps[2];
// CHECK-NEXT:            uint32_t params_t0_deps_count = 0;
// CHECK-NEXT:            params_t0_deps[params_t0_deps_count++] = alloc_0_tid;
// CHECK-NEXT:            params_t0_deps[params_t0_deps_count++] = alloc_1_tid;
// CHECK-NEXT:            params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
// CHECK-NEXT:            rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:            Tensor src_next = dst;
// CHECK-NEXT:            Tensor dst_next = src;
// CHECK-NEXT:            src = src_next;
// CHECK-NEXT:            dst = dst_next;
// CHECK-NEXT:        }
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"
