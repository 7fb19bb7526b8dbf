// A TaskId that leaves a scope (auto or manual) as one of its results: the printer declares a
// variable `PTO2TaskId::invalid()` right before the scope's header (where the scope op is)
// and assigns it at the scope's yield, which runs before every use: a use is guarded with
// is_valid() only when the yielded TaskId may be invalid (@carried_result), not when it is a
// submit's (the other chunks). Chunks: a manual scope's result, a hand-placed auto scope's
// result used by a compiler and a user edge, a scope closed inside a loop body and inside an
// if branch (the dummy barrier's deps), a TaskId yielded out of a manual scope inside a loop,
// and a loop's carried TaskId yielded out of a manual scope.
// RUN: pypto-opt -t pto2-cpp --cpp-listing %s | filecheck %s

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @manual_result(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %r = pto_rt.scope manual -> (!pto_orch.task_id) {
    %o1, %t = pto_orch.submit @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %t : !pto_orch.task_id
  }
  %o2, %t2 = pto_orch.submit @k(in %a, out %o) deps(%r : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
// CHECK: PTO2TaskId r = PTO2TaskId::invalid();
// CHECK: PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK: PTO2TaskId t = task_0_outs.task_id();
// CHECK: r = t;
// CHECK: {{^ *}}params_t1_deps[params_t1_deps_count++] = r;

func.func @auto_result(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %o0, %t0 = pto_orch.submit @k(in %a, out %o) deps(%none : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  pto_rt.scope auto {
    %r = pto_rt.scope auto -> (!pto_orch.task_id) {
      %o1, %t = pto_orch.submit @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      pto_rt.yield %t : !pto_orch.task_id
    }
    %o2, %t2 = pto_orch.submit @k(in %a, out %o) compiler_deps(%r : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %o3, %t3 = pto_orch.submit @k(in %a, out %o) deps(%t2, %r : !pto_orch.task_id, !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// CHECK: PTO2TaskId r = PTO2TaskId::invalid();
// CHECK: PTO2_SCOPE() {
// CHECK: r = t;
// CHECK: {{^ *}}params_t2_deps[params_t2_deps_count++] = r;
// CHECK: {{^ *}}params_t3_deps[params_t3_deps_count++] = r;

func.func @loop_body(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %r = pto_rt.scope auto -> (!pto_orch.task_id) {
      %o1, %t = pto_orch.submit @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      pto_rt.yield %t : !pto_orch.task_id
    }
    pto_rt.scope manual {
      %o2, %t2 = pto_orch.submit @k(in %a, out %o) deps(%r : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
  }
  func.return
}
// CHECK: for (int64_t i = 0; i < 4; i += 1) {
// CHECK: PTO2TaskId r = PTO2TaskId::invalid();
// CHECK: PTO2_SCOPE() {
// CHECK: r = t;
// CHECK: PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK: {{^ *}}params_t1_deps[params_t1_deps_count++] = r;

func.func @if_branch(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  scf.if %c {
    %r = pto_rt.scope auto -> (!pto_orch.task_id) {
      %o1, %tb = pto_orch.submit @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      pto_rt.yield %tb : !pto_orch.task_id
    }
    %d = pto_system.task_dummy deps(%r : !pto_orch.task_id)
  }
  func.return
}
// CHECK: if (c) {
// CHECK: PTO2TaskId r = PTO2TaskId::invalid();
// CHECK: PTO2_SCOPE() {
// CHECK: r = tb;
// CHECK: {{^ *}}params_t1_deps[params_t1_deps_count++] = r;

func.func @manual_in_loop(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %none = pto_system.task_invalid
  pto_rt.scope auto {
    %last = scf.for %i = %c0 to %c4 step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
      %r = pto_rt.scope manual -> (!pto_orch.task_id) {
        %o1, %t = pto_orch.submit @k(in %a, out %o) deps(%prev : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
        pto_rt.yield %t : !pto_orch.task_id
      }
      %o2, %t2 = pto_orch.submit @k(in %a, out %o) deps(%r : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t2 : !pto_orch.task_id
    } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 0>}
  }
  func.return
}
// CHECK: PTO2TaskId prev = PTO2TaskId::invalid();
// CHECK: PTO2TaskId r = PTO2TaskId::invalid();
// CHECK: PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK: if (prev.is_valid()) params_t0_deps[params_t0_deps_count++] = prev;
// CHECK: r = t;
// CHECK: {{^ *}}params_t1_deps[params_t1_deps_count++] = r;

func.func @carried_result(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = pto_rt.scope manual -> (!pto_orch.task_id) {
    %none = pto_system.task_invalid
    %last = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
      %o1, %t = pto_orch.submit @k(in %a, out %o) deps(%prev : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t : !pto_orch.task_id
    } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 0>}
    pto_rt.yield %last : !pto_orch.task_id
  }
  %o2, %t2 = pto_orch.submit @k(in %a, out %o) deps(%r : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
// CHECK-LABEL: // ===== orchestration/carried_result.cpp =====
// CHECK: PTO2TaskId r = PTO2TaskId::invalid();
// CHECK: PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK: r = prev;
// CHECK: if (r.is_valid()) params_t1_deps[params_t1_deps_count++] = r;
