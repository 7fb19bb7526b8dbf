// Upstream PyPTO's manual-scope, task-dependency, phase-fence and SPMD codegen tests
// (test_orchestration_manual_scope.py, _task_deps, test_phase_fence_dep_compression.py,
// test_spmd_scope_tid_codegen.py), each program written again in our IR, one function per
// test (named in its comment). Kernels are prefixed with their function's name. Run by
// tests/test_execution_upstream.py.

// upstream test_manual_scope_emits_manual_pto2_scope_and_task_id_capture: in a manual scope, k1
// makes a from x (a runtime-allocated output), k2 makes b from a with deps on k1's TaskId; b is
// copied into an out parameter after the scope.
pto_orch.kernel @manual_capture__k1 aiv (in tensor<64xf32>, out tensor<64xf32>) -> tensor<64xf32>
pto_orch.kernel @manual_capture__k2 aiv (in tensor<64xf32>, out tensor<64xf32>) -> tensor<64xf32>
pto_orch.kernel @manual_capture__copy aiv (in tensor<64xf32>, out tensor<64xf32>) -> tensor<64xf32>
func.func @manual_capture(%x: tensor<64xf32>, %o: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %b = pto_rt.scope manual -> (tensor<64xf32>) {
    %a, %ta = pto_orch.submit @manual_capture__k1(%x) : (tensor<64xf32>) -> tensor<64xf32>
    %b1, %tb = pto_orch.submit @manual_capture__k2(%a) deps(%ta : !pto_orch.task_id) : (tensor<64xf32>) -> tensor<64xf32>
    pto_rt.yield %b1 : tensor<64xf32>
  }
  %o1 = pto_orch.call @manual_capture__copy(%b, %o) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  func.return
}

// upstream test_manual_scope_emits_explicit_user_deps: k1 and k2 read x independently; k3 waits
// for both through explicit deps although it reads only x.
pto_orch.kernel @manual_deps__k1 aiv (in tensor<64xf32>, out tensor<64xf32>) -> tensor<64xf32>
pto_orch.kernel @manual_deps__k2 aiv (in tensor<64xf32>, out tensor<64xf32>) -> tensor<64xf32>
pto_orch.kernel @manual_deps__k3 aiv (in tensor<64xf32>, out tensor<64xf32>) -> tensor<64xf32>
func.func @manual_deps(%x: tensor<64xf32>, %oa: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<out>}, %ob: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<out>}, %oc: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  pto_rt.scope manual {
    %a, %ta = pto_orch.submit @manual_deps__k1(%x, %oa) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %b, %tb = pto_orch.submit @manual_deps__k2(%x, %ob) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %c, %tc = pto_orch.submit @manual_deps__k3(%x, %oc) deps(%ta, %tb : !pto_orch.task_id, !pto_orch.task_id) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  }
  func.return
}

// upstream test_user_written_task_dummy_lowers_to_dummy_submit: 4 parallel k1 tasks record their
// TaskIds in an array; a dummy barrier waits for all; k2 waits for the barrier.
pto_orch.kernel @dummy_array__k1 aiv (in tensor<64xf32>, in index, inout tensor<4x64xf32>) -> tensor<4x64xf32>
pto_orch.kernel @dummy_array__k2 aiv (in tensor<4x64xf32>, out tensor<64xf32>) -> tensor<64xf32>
func.func @dummy_array(%x: tensor<64xf32>, %w: tensor<4x64xf32> {pto_orch.dir = #pto_orch.dir<out>}, %o: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  pto_rt.scope manual {
    %tids = pto_orch.task_array_create : !pto_orch.task_id_array<4>
    %wf, %tf = scf.for %j = %c0 to %c4 step %c1 iter_args(%wi = %w, %ti = %tids) -> (tensor<4x64xf32>, !pto_orch.task_id_array<4>) {
      %wn, %t = pto_orch.submit @dummy_array__k1(%x, %j, %wi) : (tensor<64xf32>, index, tensor<4x64xf32>) -> tensor<4x64xf32>
      %tn = pto_orch.task_array_set %t, %ti[%j] : !pto_orch.task_id_array<4>
      scf.yield %wn, %tn : tensor<4x64xf32>, !pto_orch.task_id_array<4>
    } {pto_orch.parallel}
    %bar = pto_system.task_dummy deps(%tf : !pto_orch.task_id_array<4>)
    %o1, %t2 = pto_orch.submit @dummy_array__k2(%wf, %o) deps(%bar : !pto_orch.task_id) : (tensor<4x64xf32>, tensor<64xf32>) -> tensor<64xf32>
  }
  func.return
}

// upstream test_user_written_task_dummy_accepts_scalar_dep_codegen: k1 writes a; a barrier on
// k1's TaskId; k2 reads a after the barrier.
pto_orch.kernel @dummy_scalar__k1 aiv (in tensor<64xf32>, out tensor<64xf32>) -> tensor<64xf32>
pto_orch.kernel @dummy_scalar__k2 aiv (in tensor<64xf32>, out tensor<64xf32>) -> tensor<64xf32>
func.func @dummy_scalar(%x: tensor<64xf32>, %o: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  pto_rt.scope manual {
    %a0 = pto_tensor.create : tensor<64xf32>
    %a, %t = pto_orch.submit @dummy_scalar__k1(%x, %a0) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %bar = pto_system.task_dummy deps(%t : !pto_orch.task_id)
    %b, %t2 = pto_orch.submit @dummy_scalar__k2(%a, %o) deps(%bar : !pto_orch.task_id) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  }
  func.return
}

// upstream test_user_written_empty_task_dummy_submits_unconditionally: a barrier without deps,
// then k1 waits for it.
pto_orch.kernel @dummy_empty__k1 aiv (in tensor<64xf32>, out tensor<64xf32>) -> tensor<64xf32>
func.func @dummy_empty(%x: tensor<64xf32>, %o: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  pto_rt.scope manual {
    %bar = pto_system.task_dummy deps()
    %y, %t = pto_orch.submit @dummy_empty__k1(%x, %o) deps(%bar : !pto_orch.task_id) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  }
  func.return
}

// upstream test_array_slot_task_id_usable_as_submit_dep: outside any manual scope, k1 and k2
// are submitted, k2's TaskId goes through a one-slot array, and k3 lists k1's TaskId and the
// slot's snapshot as deps.
pto_orch.kernel @slot_dep__k1 aiv (in tensor<64xf32>, out tensor<64xf32>) -> tensor<64xf32>
pto_orch.kernel @slot_dep__k2 aiv (in tensor<64xf32>, out tensor<64xf32>) -> tensor<64xf32>
pto_orch.kernel @slot_dep__k3 aiv (in tensor<64xf32>, out tensor<64xf32>) -> tensor<64xf32>
func.func @slot_dep(%x: tensor<64xf32>, %o1: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<out>}, %o2: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<out>}, %out: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %tids = pto_orch.task_array_create : !pto_orch.task_id_array<1>
  %s, %seed = pto_orch.submit @slot_dep__k1(%x, %o1) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %a, %t = pto_orch.submit @slot_dep__k2(%x, %o2) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %tids1 = pto_orch.task_array_set %t, %tids[%c0] : !pto_orch.task_id_array<1>
  %prev = pto_orch.task_array_get %tids1[%c0] : !pto_orch.task_id_array<1>
  %b, %tb = pto_orch.submit @slot_dep__k3(%x, %out) deps(%seed, %prev : !pto_orch.task_id, !pto_orch.task_id) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  func.return
}

// upstream test_direct_producer_dep_skips_is_valid_guard: outside a manual scope, k2 lists k1's
// TaskId although it does not read k1's output.
pto_orch.kernel @direct_dep__k1 aiv (in tensor<64xf32>, out tensor<64xf32>) -> tensor<64xf32>
pto_orch.kernel @direct_dep__k2 aiv (in tensor<64xf32>, out tensor<64xf32>) -> tensor<64xf32>
func.func @direct_dep(%x: tensor<64xf32>, %o1: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<out>}, %o2: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %a, %t = pto_orch.submit @direct_dep__k1(%x, %o1) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %b, %t2 = pto_orch.submit @direct_dep__k2(%x, %o2) deps(%t : !pto_orch.task_id) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  func.return
}

// upstream test_user_dep_edge_across_closed_scope_is_rejected: a TaskId produced in an auto
// scope (auto_scope=False) leaves it and is a dep of a task after the scope. Upstream rejects
// this ("cannot be honored").
pto_orch.kernel @closed_scope__k1 aiv (in tensor<64xf32>, out tensor<64xf32>) -> tensor<64xf32>
pto_orch.kernel @closed_scope__k2 aiv (in tensor<64xf32>, out tensor<64xf32>) -> tensor<64xf32>
func.func @closed_scope(%x: tensor<64xf32>, %o1: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<out>}, %out: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %tid = pto_rt.scope auto -> (!pto_orch.task_id) {
    %a, %t = pto_orch.submit @closed_scope__k1(%x, %o1) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    pto_rt.yield %t : !pto_orch.task_id
  }
  pto_rt.scope auto {
    %b, %t2 = pto_orch.submit @closed_scope__k2(%x, %out) deps(%tid : !pto_orch.task_id) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  }
  func.return
}

// upstream test_cross_scope_plain_auto_call_captures_task_id_when_hoisted (and the
// fire-and-forget variant): auto_scope=False, a created tensor written in one auto scope and
// read in the next.
pto_orch.kernel @cross_scope__k1 aiv (in tensor<64xf32>, out tensor<64xf32>) -> tensor<64xf32>
pto_orch.kernel @cross_scope__k2 aiv (in tensor<64xf32>, out tensor<64xf32>) -> tensor<64xf32>
func.func @cross_scope(%x: tensor<64xf32>, %out: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %local = pto_tensor.create : tensor<64xf32>
  %p = pto_rt.scope auto -> (tensor<64xf32>) {
    %p1 = pto_orch.call @cross_scope__k1(%x, %local) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    pto_rt.yield %p1 : tensor<64xf32>
  }
  pto_rt.scope auto {
    %o1 = pto_orch.call @cross_scope__k2(%p, %out) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  }
  func.return
}

// upstream test_compiler_derived_deps_for_mixed_group_call_capture_task_id_when_hoisted: a group
// (AIC + AIV) kernel writes a created f16 tensor in one scope; the next scope reads it.
pto_orch.kernel @cross_group__cube aic (in tensor<16x16xf16>, out tensor<16x16xf16>) -> tensor<16x16xf16>
pto_orch.kernel @cross_group__vector aiv (in tensor<16x16xf16>, out tensor<16x16xf16>) -> tensor<16x16xf16>
pto_orch.kernel @cross_group__mixed group<@cross_group__cube, @cross_group__vector> (in tensor<16x16xf16>, out tensor<16x16xf16>) -> tensor<16x16xf16>
pto_orch.kernel @cross_group__consume aiv (in tensor<16x16xf16>, out tensor<16x16xf16>) -> tensor<16x16xf16>
func.func @cross_group(%x: tensor<16x16xf16>, %out: tensor<16x16xf16> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %scratch = pto_tensor.create : tensor<16x16xf16>
  %p = pto_rt.scope auto -> (tensor<16x16xf16>) {
    %p1 = pto_orch.call @cross_group__mixed(%x, %scratch) : (tensor<16x16xf16>, tensor<16x16xf16>) -> tensor<16x16xf16>
    pto_rt.yield %p1 : tensor<16x16xf16>
  }
  pto_rt.scope auto {
    %o1 = pto_orch.call @cross_group__consume(%p, %out) : (tensor<16x16xf16>, tensor<16x16xf16>) -> tensor<16x16xf16>
  }
  func.return
}

// upstream test_standard_submit_phase_fence: manual scope, 3 phases of 4 parallel branches; every
// task of a phase lists the TaskId array of the previous phase (32x32 tiles of a 128x128 out).
pto_orch.kernel @phase_std__kern aiv (in tensor<128x128xf32>, inout tensor<128x128xf32>, in index, in index) -> tensor<128x128xf32>
func.func @phase_std(%x: tensor<128x128xf32>, %out: tensor<128x128xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  pto_rt.scope manual {
    %tids = pto_orch.task_array_create : !pto_orch.task_id_array<4>
    %of, %tf = scf.for %phase = %c0 to %c3 step %c1 iter_args(%op = %out, %tp = %tids) -> (tensor<128x128xf32>, !pto_orch.task_id_array<4>) {
      %row = arith.muli %phase, %c32 : index
      %ob, %tb = scf.for %br = %c0 to %c4 step %c1 iter_args(%oi = %op, %ti = %tp) -> (tensor<128x128xf32>, !pto_orch.task_id_array<4>) {
        %col = arith.muli %br, %c32 : index
        %on, %t = pto_orch.submit @phase_std__kern(%x, %oi, %row, %col) deps(%tp : !pto_orch.task_id_array<4>) : (tensor<128x128xf32>, tensor<128x128xf32>, index, index) -> tensor<128x128xf32>
        %tn = pto_orch.task_array_set %t, %ti[%br] : !pto_orch.task_id_array<4>
        scf.yield %on, %tn : tensor<128x128xf32>, !pto_orch.task_id_array<4>
      } {pto_orch.parallel}
      scf.yield %ob, %tb : tensor<128x128xf32>, !pto_orch.task_id_array<4>
    }
  }
  func.return
}

// upstream test_three_level_flattened_phase_fence: 2 epochs x 3 phases x 4 parallel branches in a
// manual scope; each task lists the TaskId array of the previous phase (16x32 tiles, 384x128).
pto_orch.kernel @phase_3level__kern aiv (in tensor<384x128xf32>, inout tensor<384x128xf32>, in index, in index) -> tensor<384x128xf32>
func.func @phase_3level(%x: tensor<384x128xf32>, %out: tensor<384x128xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  pto_rt.scope manual {
    %tids = pto_orch.task_array_create : !pto_orch.task_id_array<4>
    %oe, %te = scf.for %ep = %c0 to %c2 step %c1 iter_args(%o0 = %out, %t0 = %tids) -> (tensor<384x128xf32>, !pto_orch.task_id_array<4>) {
      %of, %tf = scf.for %phase = %c0 to %c3 step %c1 iter_args(%op = %o0, %tp = %t0) -> (tensor<384x128xf32>, !pto_orch.task_id_array<4>) {
        %e3 = arith.muli %ep, %c3 : index
        %ph = arith.addi %e3, %phase : index
        %base = arith.muli %ph, %c4 : index
        %ob, %tb = scf.for %br = %c0 to %c4 step %c1 iter_args(%oi = %op, %ti = %tp) -> (tensor<384x128xf32>, !pto_orch.task_id_array<4>) {
          %rb = arith.addi %base, %br : index
          %row = arith.muli %rb, %c16 : index
          %col = arith.muli %br, %c32 : index
          %on, %t = pto_orch.submit @phase_3level__kern(%x, %oi, %row, %col) deps(%tp : !pto_orch.task_id_array<4>) : (tensor<384x128xf32>, tensor<384x128xf32>, index, index) -> tensor<384x128xf32>
          %tn = pto_orch.task_array_set %t, %ti[%br] : !pto_orch.task_id_array<4>
          scf.yield %on, %tn : tensor<384x128xf32>, !pto_orch.task_id_array<4>
        } {pto_orch.parallel}
        scf.yield %ob, %tb : tensor<384x128xf32>, !pto_orch.task_id_array<4>
      }
      scf.yield %of, %tf : tensor<384x128xf32>, !pto_orch.task_id_array<4>
    }
  }
  func.return
}

// upstream test_sibling_producer_consumer_loops_emit_invariant_phase_fence: 4 parallel producers
// (row 0) record TaskIds; then 4 parallel consumers (row 32) each list all 4.
pto_orch.kernel @phase_siblings__k1 aiv (in tensor<256x128xf32>, inout tensor<256x128xf32>, in index, in index) -> tensor<256x128xf32>
pto_orch.kernel @phase_siblings__k2 aiv (in tensor<256x128xf32>, inout tensor<256x128xf32>, in index, in index) -> tensor<256x128xf32>
func.func @phase_siblings(%x: tensor<256x128xf32>, %out: tensor<256x128xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  pto_rt.scope manual {
    %tids = pto_orch.task_array_create : !pto_orch.task_id_array<4>
    %op, %tp = scf.for %pb = %c0 to %c4 step %c1 iter_args(%oi = %out, %ti = %tids) -> (tensor<256x128xf32>, !pto_orch.task_id_array<4>) {
      %col = arith.muli %pb, %c32 : index
      %on, %t = pto_orch.submit @phase_siblings__k1(%x, %oi, %c0, %col) : (tensor<256x128xf32>, tensor<256x128xf32>, index, index) -> tensor<256x128xf32>
      %tn = pto_orch.task_array_set %t, %ti[%pb] : !pto_orch.task_id_array<4>
      scf.yield %on, %tn : tensor<256x128xf32>, !pto_orch.task_id_array<4>
    } {pto_orch.parallel}
    %oc = scf.for %cb = %c0 to %c4 step %c1 iter_args(%oi = %op) -> (tensor<256x128xf32>) {
      %col = arith.muli %cb, %c32 : index
      %on, %t = pto_orch.submit @phase_siblings__k2(%x, %oi, %c32, %col) deps(%tp : !pto_orch.task_id_array<4>) : (tensor<256x128xf32>, tensor<256x128xf32>, index, index) -> tensor<256x128xf32>
      scf.yield %on : tensor<256x128xf32>
    } {pto_orch.parallel}
  }
  func.return
}

// upstream test_as_tid_launch_spec_via_function_attr_fallback: one task on 4 blocks with a
// synchronous start (a mixed AIC+AIV kernel), its TaskId captured.
pto_orch.kernel @spmd_launch__kaic aic (in tensor<64x64xf32>, in tensor<64x64xf32>, in tensor<64x64xf32>, out tensor<64x64xf32>) -> tensor<64x64xf32>
pto_orch.kernel @spmd_launch__kaiv aiv (in tensor<64x64xf32>, in tensor<64x64xf32>, in tensor<64x64xf32>, out tensor<64x64xf32>) -> tensor<64x64xf32>
pto_orch.kernel @spmd_launch__kernel group<@spmd_launch__kaic, @spmd_launch__kaiv> (in tensor<64x64xf32>, in tensor<64x64xf32>, in tensor<64x64xf32>, out tensor<64x64xf32>) -> tensor<64x64xf32>
func.func @spmd_launch(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %bias: tensor<64x64xf32>, %out: tensor<64x64xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<64x64xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %o, %tid = pto_orch.submit @spmd_launch__kernel(%a, %b, %bias, %out) launch(4, sync_start) : (tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  func.return %o : tensor<64x64xf32>
}

// upstream test_as_tid_deps_emit_set_dependencies_and_capture_task_id: two SPMD dispatches (4
// blocks each) writing separate outputs; the second lists the first's TaskId.
pto_orch.kernel @spmd_deps__vkernel aiv (in tensor<512x128xf32>, out tensor<512x128xf32>) -> tensor<512x128xf32>
func.func @spmd_deps(%a: tensor<512x128xf32>, %out1: tensor<512x128xf32> {pto_orch.dir = #pto_orch.dir<out>}, %out2: tensor<512x128xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<512x128xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %o1, %t0 = pto_orch.submit @spmd_deps__vkernel(%a, %out1) launch(4) : (tensor<512x128xf32>, tensor<512x128xf32>) -> tensor<512x128xf32>
  %o2, %t1 = pto_orch.submit @spmd_deps__vkernel(%a, %out2) launch(4) deps(%t0 : !pto_orch.task_id) : (tensor<512x128xf32>, tensor<512x128xf32>) -> tensor<512x128xf32>
  func.return %o2 : tensor<512x128xf32>
}

// upstream test_compiler_derived_deps_for_fixed_trip_loop_fan_in_capture_task_ids: 4 submits of
// fill on a carried tensor with the TaskId carried too, then consume (analyze-auto-scopes).
pto_orch.kernel @fan_in_fixed__fill aiv (inout tensor<64xf32>) -> tensor<64xf32>
pto_orch.kernel @fan_in_fixed__consume aiv (in tensor<64xf32>, out tensor<64xf32>) -> tensor<64xf32>
func.func @fan_in_fixed(%scratch: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %none = pto_system.task_invalid
  %cf, %tf = scf.for %i = %c0 to %c4 step %c1 iter_args(%c = %scratch, %t = %none) -> (tensor<64xf32>, !pto_orch.task_id) {
    %cn, %tn = pto_orch.submit @fan_in_fixed__fill(%c) : (tensor<64xf32>) -> tensor<64xf32>
    scf.yield %cn, %tn : tensor<64xf32>, !pto_orch.task_id
  }
  %o1 = pto_orch.call @fan_in_fixed__consume(%cf, %o) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  func.return
}

// upstream test_compiler_derived_deps_for_dynamic_trip_loop_fan_in_falls_back: the same with n
// steps.
pto_orch.kernel @fan_in_dyn__fill aiv (inout tensor<64xf32>) -> tensor<64xf32>
pto_orch.kernel @fan_in_dyn__consume aiv (in tensor<64xf32>, out tensor<64xf32>) -> tensor<64xf32>
func.func @fan_in_dyn(%scratch: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index, %o: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %none = pto_system.task_invalid
  %cf, %tf = scf.for %i = %c0 to %n step %c1 iter_args(%c = %scratch, %t = %none) -> (tensor<64xf32>, !pto_orch.task_id) {
    %cn, %tn = pto_orch.submit @fan_in_dyn__fill(%c) : (tensor<64xf32>) -> tensor<64xf32>
    scf.yield %cn, %tn : tensor<64xf32>, !pto_orch.task_id
  }
  %o1 = pto_orch.call @fan_in_dyn__consume(%cf, %o) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  func.return
}

// upstream test_descending_parallel_loop_emits_descending_cpp_loop: pl.parallel(4, 0, -1) of
// 4 tasks each writing its own 16-element block of q (declared on the whole q), then consume.
pto_orch.kernel @descending__fill aiv (in index, inout tensor<64xf32>) -> tensor<64xf32>
pto_orch.kernel @descending__consume aiv (in tensor<64xf32>, out tensor<64xf32>) -> tensor<64xf32>
func.func @descending(%q: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %lb = arith.constant -4 : index
  %qf = scf.for %k = %lb to %c0 step %c1 iter_args(%qc = %q) -> (tensor<64xf32>) {
    %i = arith.subi %c0, %k : index
    %qn = pto_orch.call @descending__fill(%i, %qc) : (index, tensor<64xf32>) -> tensor<64xf32>
    scf.yield %qn : tensor<64xf32>
  } {pto_orch.descending, pto_orch.parallel}
  %o1 = pto_orch.call @descending__consume(%qf, %o) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  func.return
}

// upstream test_compiler_derived_deps_for_dynamic_parallel_tensor_carriers_share_phase_barrier:
// a pl.parallel loop of n steps filling block i of q, k and v, then one consumer of all three.
pto_orch.kernel @qkv__fill_q aiv (in index, inout tensor<64xf32>) -> tensor<64xf32>
pto_orch.kernel @qkv__fill_k aiv (in index, inout tensor<64xf32>) -> tensor<64xf32>
pto_orch.kernel @qkv__fill_v aiv (in index, inout tensor<64xf32>) -> tensor<64xf32>
pto_orch.kernel @qkv__consume aiv (in tensor<64xf32>, in tensor<64xf32>, in tensor<64xf32>, out tensor<64xf32>) -> tensor<64xf32>
func.func @qkv(%q: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %k: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %v: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index, %o: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %qf, %kf, %vf = scf.for %i = %c0 to %n step %c1 iter_args(%qc = %q, %kc = %k, %vc = %v) -> (tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) {
    %qn = pto_orch.call @qkv__fill_q(%i, %qc) : (index, tensor<64xf32>) -> tensor<64xf32>
    %kn = pto_orch.call @qkv__fill_k(%i, %kc) : (index, tensor<64xf32>) -> tensor<64xf32>
    %vn = pto_orch.call @qkv__fill_v(%i, %vc) : (index, tensor<64xf32>) -> tensor<64xf32>
    scf.yield %qn, %kn, %vn : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
  } {pto_orch.parallel}
  %o1 = pto_orch.call @qkv__consume(%qf, %kf, %vf, %o) : (tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  func.return
}

// upstream test_compiler_auto_manual_scope_is_not_tied_to_function_name: qk_norm writes two
// buffers, a pl.parallel loop of n steps updates block i of all_q and k_cache from them, then
// consume reads all_q.
pto_orch.kernel @qk_cache__qk_norm aiv (in tensor<64xf32>, in tensor<64xf32>, out tensor<64xf32>, out tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) returns [2, 3]
pto_orch.kernel @qk_cache__cache_update aiv (in tensor<64xf32>, in tensor<64xf32>, in index, inout tensor<64xf32>, inout tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) returns [3, 4]
pto_orch.kernel @qk_cache__consume aiv (in tensor<64xf32>, out tensor<64xf32>) -> tensor<64xf32>
func.func @qk_cache(%q_src: tensor<64xf32>, %k_src: tensor<64xf32>, %qn: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<out>}, %kn: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<out>}, %all_q: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %k_cache: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index, %o: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %q1, %k1 = pto_orch.call @qk_cache__qk_norm(%q_src, %k_src, %qn, %kn) : (tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>)
  %aq, %kc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %all_q, %c = %k_cache) -> (tensor<64xf32>, tensor<64xf32>) {
    %a1, %c2 = pto_orch.call @qk_cache__cache_update(%q1, %k1, %i, %a, %c) : (tensor<64xf32>, tensor<64xf32>, index, tensor<64xf32>, tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>)
    scf.yield %a1, %c2 : tensor<64xf32>, tensor<64xf32>
  } {pto_orch.parallel}
  %o1 = pto_orch.call @qk_cache__consume(%aq, %o) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  func.return
}
