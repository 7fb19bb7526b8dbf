// Runtime-allocated outputs (a trailing `out` left to the runtime, add_output(TensorCreateInfo))
// read by MANUAL-scope tasks. In a MANUAL scope the runtime adds no creator edge, so a reader of
// such a buffer is ordered after its producer, and keeps it (and the buffer) alive, only
// through an explicit edge on the producer's TaskId (tests/test_runtime_outputs_manual.py).
// Each function ends with a second scope that allocates from the same ring after the first
// one has ended (where a buffer nobody holds may be handed out again).
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @add aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @acc aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @widen aiv (in tensor<8xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @add_nd aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// An AUTO task's runtime output read by a user manual scope's task that lists no deps: the
// compiler's edge orders it (order-untracked-hazards) and holds %y.
func.func @into_manual(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %p: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %y = pto_orch.call @inc(in %a) : (tensor<16xf32>) -> tensor<16xf32>
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %w, %t1 = pto_orch.submit @inc(in %y, out %o) deps(%none : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %q, %t2 = pto_orch.submit @inc(in %a) deps(%none : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
    %r, %t3 = pto_orch.submit @inc(in %q, out %p) deps(%t2 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// With analyze-auto-scopes each hand-placed auto scope becomes a compiler-owned MANUAL scope.
// t1 reads t0's %y (auto-derive-task-dependencies orders it); t2 reads %y and t1's %z: its edge
// to t0 is implied by t2 > t1 > t0, but drop-implied-edges keeps it, since it holds %y.
func.func @implied(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %p: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %y = pto_orch.call @inc(in %a) : (tensor<16xf32>) -> tensor<16xf32>
    %z = pto_orch.call @inc(in %y) : (tensor<16xf32>) -> tensor<16xf32>
    %w = pto_orch.call @add(in %y, in %z, out %o) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  pto_rt.scope auto {
    %q = pto_orch.call @inc(in %a) : (tensor<16xf32>) -> tensor<16xf32>
    %r = pto_orch.call @inc(in %q, out %p) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// With analyze-auto-scopes the loop body becomes a compiler-owned MANUAL scope; the reader of
// %y is in an if branch, another block of it (order-untracked-hazards orders it).
func.func @branch(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %flag: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%cur = %o) -> (tensor<16xf32>) {
    %y = pto_orch.call @inc(in %a) : (tensor<16xf32>) -> tensor<16xf32>
    %n = scf.if %flag -> (tensor<16xf32>) {
      %m = pto_orch.call @add(in %y, in %cur, out %cur) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %m : tensor<16xf32>
    } else {
      scf.yield %cur : tensor<16xf32>
    }
    scf.yield %n : tensor<16xf32>
  }
  func.return
}

// A user manual scope whose last task reads t0's %y but lists only t1 (the order is
// transitive): as written, nothing retains t0 while t2 runs, a use after free the interpreter
// reports (it used to add a t2 > t0 edge of its own, which the C++ does not have);
// order-untracked-hazards adds the t2 > t0 edge that holds %y.
func.func @user_transitive(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %p: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %y, %t0 = pto_orch.submit @inc(in %a) deps(%none : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
    %z, %t1 = pto_orch.submit @inc(in %y) deps(%t0 : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
    %w, %t2 = pto_orch.submit @add(in %y, in %z, out %o) deps(%t1 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %q, %t3 = pto_orch.submit @inc(in %a) deps(%none : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
    %r, %t4 = pto_orch.submit @inc(in %q, out %p) deps(%t3 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// The same, with t1 writing all of %y in place (inout) between: the write orders t2 after t1
// but %y is still t0's buffer, which only an edge on t0 holds. t2 uses %y as no_dep in
// @no_dep_reader: the user's word that it need not wait, but the buffer must still be alive.
func.func @overwritten(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %p: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %y, %t0 = pto_orch.submit @inc(in %a) deps(%none : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
    %y2, %t1 = pto_orch.submit @acc(in %a, inout %y) deps(%t0 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %w, %t2 = pto_orch.submit @inc(in %y2, out %o) deps(%t1 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %q, %t3 = pto_orch.submit @inc(in %a) deps(%none : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
    %r, %t4 = pto_orch.submit @inc(in %q, out %p) deps(%t3 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

func.func @no_dep_reader(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %p: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %y, %t0 = pto_orch.submit @inc(in %a) deps(%none : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
    %z, %t1 = pto_orch.submit @inc(in %y) deps(%t0 : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
    %w, %t2 = pto_orch.submit @add_nd(no_dep %y, in %z, out %o) deps(%t1 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %q, %t3 = pto_orch.submit @inc(in %a) deps(%none : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
    %r, %t4 = pto_orch.submit @inc(in %q, out %p) deps(%t3 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// Each iteration's t2 reads that iteration's %y through a chain (t2 > t1 > t0): the edge to
// t0 is added inside the loop body, on the iteration's own TaskId.
func.func @in_a_loop(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %p: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %last = scf.for %i = %c0 to %c3 step %c1 iter_args(%prev = %none) -> (!pto_orch.task_id) {
      %y, %t0 = pto_orch.submit @inc(in %a) deps(%prev : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
      %z, %t1 = pto_orch.submit @inc(in %y) deps(%t0 : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
      %w, %t2 = pto_orch.submit @acc(in %y, inout %o) deps(%t1 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t2 : !pto_orch.task_id
    }
  }
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %q, %t3 = pto_orch.submit @inc(in %a) deps(%none : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
    %r, %t4 = pto_orch.submit @inc(in %q, out %p) deps(%t3 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// Each iteration's @acc reads the %y of the iteration before (through the carry %py; the
// first reads %y0), listing only t1 of its own iteration: the edge on the previous
// iteration's creator goes through a TaskId carry (and one on %y0's creator, which %py may be).
func.func @carried_chain(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %p: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %y0, %s0 = pto_orch.submit @inc(in %a) deps(%none : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
    %ry, %rt = scf.for %i = %c0 to %c3 step %c1 iter_args(%py = %y0, %prev = %s0) -> (tensor<16xf32>, !pto_orch.task_id) {
      %z, %t1 = pto_orch.submit @inc(in %a) deps(%prev : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
      %w, %t2 = pto_orch.submit @acc(in %py, inout %o) deps(%t1 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %y, %t0 = pto_orch.submit @inc(in %z) deps(%t2 : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
      scf.yield %y, %t0 : tensor<16xf32>, !pto_orch.task_id
    }
  }
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %q, %t3 = pto_orch.submit @inc(in %a) deps(%none : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
    %r, %t4 = pto_orch.submit @inc(in %q, out %p) deps(%t3 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// Each iteration's @inc reads the %y the previous iteration's @inc made (through %py), listing
// only the previous iteration's @acc: it needs an edge on its own previous instance.
func.func @self_carry(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %p: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %y0, %s0 = pto_orch.submit @inc(in %a) deps(%none : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
    %ry, %rt = scf.for %i = %c0 to %c3 step %c1 iter_args(%py = %y0, %prev = %s0) -> (tensor<16xf32>, !pto_orch.task_id) {
      %y, %t1 = pto_orch.submit @inc(in %py) deps(%prev : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
      %w, %t2 = pto_orch.submit @acc(in %a, inout %o) deps(%t1 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %y, %t2 : tensor<16xf32>, !pto_orch.task_id
    }
    %f, %tf = pto_orch.submit @acc(in %ry, inout %o) deps(%rt : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %q, %t3 = pto_orch.submit @inc(in %a) deps(%none : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
    %r, %t4 = pto_orch.submit @inc(in %q, out %p) deps(%t3 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// The same with half of the previous output read (a slice): the new output is still all of a
// new buffer (it was refused as "a write of part of the buffer").
func.func @half_carry(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %p: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %y0, %s0 = pto_orch.submit @inc(in %a) deps(%none : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
    %ry, %rt = scf.for %i = %c0 to %c3 step %c1 iter_args(%py = %y0, %prev = %s0) -> (tensor<16xf32>, !pto_orch.task_id) {
      %h = pto_tensor.slice %py[%c0] : tensor<16xf32> to tensor<8xf32>
      %y, %t1 = pto_orch.submit @widen(in %h) deps(%prev : !pto_orch.task_id) : (tensor<8xf32>) -> tensor<16xf32>
      %w, %t2 = pto_orch.submit @acc(in %a, inout %o) deps(%t1 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %y, %t2 : tensor<16xf32>, !pto_orch.task_id
    }
    %f, %tf = pto_orch.submit @acc(in %ry, inout %o) deps(%rt : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %q, %t3 = pto_orch.submit @inc(in %a) deps(%none : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
    %r, %t4 = pto_orch.submit @inc(in %q, out %p) deps(%t3 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
