// Constructs of the target's second part (manual scopes, TaskIds, dependency arrays) are a
// located "not supported yet" error in part 1, never partial C++: manual scopes, submit, the
// TaskId ops (the only sources of TaskIds, so compiler_deps and TaskId carries cannot be
// reached before them), and a loop whose carry plan asks for a TaskId array. A TaskId
// parameter of the orchestration function is an error of its own.
// RUN: pypto-opt -t pto2-cpp --split-input-file --verify-diagnostics %s | filecheck %s

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @manual(%a: tensor<4xf32>, %b: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope manual {
    %r = pto_orch.call @k(in %a, out %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  }
  func.return
}
// CHECK: :10:3: error: 'pto_rt.scope' op a manual scope is not supported by the pto2-cpp target yet (manual scopes and TaskIds come with the target's second part)

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @submit(%a: tensor<4xf32>, %b: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %r, %t = pto_orch.submit @k(in %a, out %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  }
  func.return
}
// CHECK: :22:5: error: 'pto_orch.submit' op a task that yields a TaskId is not supported by the pto2-cpp target yet (manual scopes and TaskIds come with the target's second part)

// -----

func.func @dummy() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %d = pto_system.task_dummy deps()
  func.return
}
// CHECK: :31:3: error: 'pto_system.task_dummy' op a TaskId op is not supported by the pto2-cpp target yet (manual scopes and TaskIds come with the target's second part)

// -----

func.func @arrays() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %arr = pto_orch.task_array_create : !pto_orch.task_id_array<4>
  func.return
}
// CHECK: :39:3: error: 'pto_orch.task_array_create' op a TaskId op is not supported by the pto2-cpp target yet (manual scopes and TaskIds come with the target's second part)

// -----

func.func @array_carry() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %c0) -> (index) {
    scf.yield %t : index
  } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 4>}
  func.return
}
// CHECK: :50:3: error: 'scf.for' op iter_arg #0, a loop-carried TaskId or TaskId-array carry, is not supported by the pto2-cpp target yet (manual scopes and TaskIds come with the target's second part)

// -----

func.func @taskid_param(%t: !pto_orch.task_id) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  func.return
}
// CHECK: :59:1: error: 'func.func' op parameter 0 has type !pto_orch.task_id: an orchestration entry receives tensors and scalars only (TaskIds exist inside the function)
