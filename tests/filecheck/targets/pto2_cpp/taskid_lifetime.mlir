// Rule 5 (PyPTO's orchestration codegen document, "无法解析的依赖边"): a TaskId lives only in the PTO2_SCOPE that produced
// it. A user edge (deps of submit / task_dummy) on a TaskId whose C++ variable was declared
// in a scope that has closed is an error at the consumer, naming the TaskId and saying how to
// fix it; the same compiler edge is skipped (deps.mlir, @capture). Chunks: a manual scope's
// result, a hand-placed auto scope's result, a scope closed inside a loop body and inside an
// if branch, a dummy barrier's deps, and a TaskId yielded out of a manual scope inside a loop.
// RUN: pypto-opt -t pto2-cpp --split-input-file --print-diagnostics %s | filecheck %s

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @manual_result(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %r = pto_rt.scope manual -> (!pto_orch.task_id) {
    %o1, %t = pto_orch.submit @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %t : !pto_orch.task_id
  }
  %o2, %t2 = pto_orch.submit @k(in %a, out %o) deps(%r : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
// CHECK: :15:3: error: 'pto_orch.submit' op depends on %r (deps entry 0), the TaskId of 'pto_orch.submit' at line 12, whose C++ variable 't' is declared inside a scope that has closed before this task (a TaskId lives only in the PTO2_SCOPE that produced it, including the scopes materialize-runtime-scopes puts on loop bodies and if branches): consume it inside the producing scope, hoist the producer out of that scope, or collect the ids into a TaskId array (pto_orch.task_array_create before the scope, pto_orch.task_array_set inside it) and depend on the array

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
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
// CHECK: :34:5: error: 'pto_orch.submit' op depends on %r (deps entry 1), the TaskId of 'pto_orch.submit' at line 30, whose C++ variable 't' is declared inside a scope that has closed before this task

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
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
// CHECK: :53:7: error: 'pto_orch.submit' op depends on %r (deps entry 0), the TaskId of 'pto_orch.submit' at line 49, whose C++ variable 't' is declared inside a scope that has closed before this task

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
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
// CHECK: :69:5: error: 'pto_system.task_dummy' op depends on %r (deps entry 0), the TaskId of 'pto_orch.submit' at line 66, whose C++ variable 'tb' is declared inside a scope that has closed before this task

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
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
// CHECK: :89:7: error: 'pto_orch.submit' op depends on %r (deps entry 0), the TaskId of 'pto_orch.submit' at line 86, whose C++ variable 't' is declared inside a scope that has closed before this task
