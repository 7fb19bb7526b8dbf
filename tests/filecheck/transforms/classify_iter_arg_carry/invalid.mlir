// classify-iter-arg-carry diagnostics (docs/passes/classify-iter-arg-carry.md): a
// pto_orch.parallel TaskId carry inside a manual scope needs a statically-known, positive
// trip count; and in a function whose scopes are not placed yet but carry the compiler's
// manual-scope markers, the pass cannot know whether a loop of unknown trip count will be in
// a manual scope. One located error per chunk.
// RUN: pypto-opt --classify-iter-arg-carry --split-input-file --print-diagnostics %s | filecheck %s

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
// CHECK: :[[# @LINE + 6]]:5: error: 'scf.for' op is a pto_orch.parallel loop carrying a TaskId (iter_arg 0) inside a manual scope, so its TaskIds become an array with one slot per iteration, which needs a statically-known trip count, but its upper bound is not an arith.constant: make the lower bound, upper bound and step arith.constant values (for a dynamic extent, split it into a sequential loop around a parallel loop of constant trip count), or make the loop sequential (drop 'pto_orch.parallel') to carry a single TaskId
func.func @dynamic_ub(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %tl = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
      %o1, %t = pto_orch.submit @k(in %a, out %out) deps(%prev : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t : !pto_orch.task_id
    } {pto_orch.parallel}
  }
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
// CHECK: :[[# @LINE + 7]]:5: error: 'scf.for' op is a pto_orch.parallel loop carrying a TaskId (iter_arg 1) inside a manual scope, so its TaskIds become an array with one slot per iteration, which needs a statically-known trip count, but its lower bound is not an arith.constant: make the lower bound, upper bound and step arith.constant values (for a dynamic extent, split it into a sequential loop around a parallel loop of constant trip count), or make the loop sequential (drop 'pto_orch.parallel') to carry a single TaskId
func.func @dynamic_lb(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %m: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %lb = arith.addi %m, %c1 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %ol, %tl = scf.for %i = %lb to %c4 step %c1 iter_args(%o = %out, %prev = %none) -> (tensor<16xf32>, !pto_orch.task_id) {
      %o1, %t = pto_orch.submit @k(in %a, out %o) deps(%prev : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %o1, %t : tensor<16xf32>, !pto_orch.task_id
    } {pto_orch.parallel}
  }
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
// CHECK: :[[# @LINE + 6]]:5: error: 'scf.for' op is a pto_orch.parallel loop carrying a TaskId (iter_arg 0) inside a manual scope, so its TaskIds become an array with one slot per iteration, which needs a statically-known trip count, but its step is not an arith.constant: make the lower bound, upper bound and step arith.constant values (for a dynamic extent, split it into a sequential loop around a parallel loop of constant trip count), or make the loop sequential (drop 'pto_orch.parallel') to carry a single TaskId
func.func @dynamic_step(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %s: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  pto_rt.scope manual compiler_owned {
    %none = pto_system.task_invalid
    %tl = scf.for %i = %c0 to %c4 step %s iter_args(%prev = %none) -> (!pto_orch.task_id) {
      %o1, %t = pto_orch.submit @k(in %a, out %out) deps(%prev : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t : !pto_orch.task_id
    } {pto_orch.parallel}
  }
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
// CHECK: :[[# @LINE + 6]]:5: error: 'scf.for' op is a pto_orch.parallel loop carrying a TaskId (iter_arg 0) inside a manual scope, so its TaskIds become an array with one slot per iteration, but its trip count is 0 (lower bound 4, upper bound 4): an empty TaskId array cannot be declared; remove the loop or fix its bounds
func.func @zero_trips(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %tl = scf.for %i = %c4 to %c4 step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
      %o1, %t = pto_orch.submit @k(in %a, out %out) deps(%prev : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t : !pto_orch.task_id
    } {pto_orch.parallel}
  }
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
// CHECK: :[[# @LINE + 7]]:5: error: 'scf.for' op has the constant step -1: a loop step must be positive (a step of 0 never ends, a negative one never runs); to count down, loop upwards and compute the index from the induction variable (ub - 1 - i)
func.func @negative_step(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : i64
  %m1 = arith.constant -1 : i64
  %c4 = arith.constant 4 : i64
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %tl = scf.for %i = %c4 to %c0 step %m1 iter_args(%prev = %none) -> (!pto_orch.task_id) : i64 {
      %o1, %t = pto_orch.submit @k(in %a, out %out) deps(%prev : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t : !pto_orch.task_id
    } {pto_orch.parallel}
  }
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
// CHECK: :[[# @LINE + 5]]:3: error: 'scf.for' op carries a TaskId (iter_arg 0) in a pto_orch.parallel loop of a function whose runtime scopes are not placed yet, and its trip count is not a positive constant of at most 4096: its manual-scope markers let materialize-runtime-scopes put this loop in a manual scope, where such a carry is an error; run --materialize-runtime-scopes first (or -p pto2-pipeline)
func.func @not_materialized(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %none = pto_system.task_invalid
  %tl = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
    %o1, %t = pto_orch.submit @k(in %a, out %out) deps(%prev : !pto_orch.task_id) {manual_candidate} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %t : !pto_orch.task_id
  } {pto_orch.parallel}
  func.return
}

// -----

// More iterations than a TaskId array holds (4096 slots, as !pto_orch.task_id_array): the C++
// was a stack array of 100000 TaskIds and a consumer listing 100000 deps (past the runtime's
// dependency pool). Outside manual scopes such a carry is one TaskId and a chain of barriers
// (array_limit.mlir); in a manual scope it is an error (found by a breaker session).
pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
// CHECK: :[[# @LINE + 7]]:5: error: 'scf.for' op is a pto_orch.parallel loop of 4097 iterations carrying a TaskId (iter_arg 0) inside a manual scope, so its TaskIds become a C++ stack array with one slot per iteration, which a consumer lists one by one: at most 4096 slots, as a !pto_orch.task_id_array: split it into a sequential loop around a parallel loop of at most that many iterations, or make the loop sequential (drop 'pto_orch.parallel') to carry a single TaskId
func.func @too_many(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cn = arith.constant 4097 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %tl = scf.for %i = %c0 to %cn step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
      %o1, %t = pto_orch.submit @k(in %a, out %out) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t : !pto_orch.task_id
    } {pto_orch.parallel}
    %d = pto_system.task_dummy deps(%tl : !pto_orch.task_id)
  }
  func.return
}
