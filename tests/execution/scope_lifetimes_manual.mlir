// No buffer outlives the scope that allocates it, with manual scopes (issue 25, class 1, and
// item 8): buffers that leave nested scopes placed by hand (auto and manual, a runtime-allocated
// output among them), a manual scope in a loop body whose buffer is carried to the next
// iteration, a create sized inside a manual scope, carries and if results inside a manual
// scope, and compiler-owned manual scopes. batch-tensor-allocations allocates each buffer
// before the outermost scope it leaves; add-retain-edges carries the allocation's TaskId to
// the manual tasks that get the buffer through a carry or an if result. The pipeline refused
// each of these programs before (tests/test_scope_lifetimes.py runs them).
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @add aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @inc_dyn aiv (in tensor<?xf32>, out tensor<?xf32>) -> tensor<?xf32>

// Nested scopes placed by hand: %t leaves two auto scopes, %m a manual scope and the auto
// scope around it, %x (a runtime-allocated output) a manual scope; each goes before the
// outermost scope it leaves. (Opted out of automatic scopes, the function orders its tasks
// with deps itself: tests/test_races.py runs it without the passes too.)
func.func @nested_scopes(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %p: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %r, %rk = pto_rt.scope auto -> (tensor<16xf32>, !pto_orch.task_id) {
      %s, %sk = pto_rt.scope auto -> (tensor<16xf32>, !pto_orch.task_id) {
        %t = pto_tensor.create : tensor<16xf32>
        %t1, %k0 = pto_orch.submit @inc(in %a, out %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
        pto_rt.yield %t1, %k0 : tensor<16xf32>, !pto_orch.task_id
      }
      pto_rt.yield %s, %sk : tensor<16xf32>, !pto_orch.task_id
    }
    %q, %qk = pto_rt.scope auto -> (tensor<16xf32>, !pto_orch.task_id) {
      %mm, %mk = pto_rt.scope manual -> (tensor<16xf32>, !pto_orch.task_id) {
        %m = pto_tensor.create : tensor<16xf32>
        %m1, %k1 = pto_orch.submit @inc(in %r, out %m) deps(%rk : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
        pto_rt.yield %m1, %k1 : tensor<16xf32>, !pto_orch.task_id
      }
      pto_rt.yield %mm, %mk : tensor<16xf32>, !pto_orch.task_id
    }
    %w, %wk = pto_rt.scope manual -> (tensor<16xf32>, !pto_orch.task_id) {
      %x, %kx = pto_orch.submit @inc(in %q) deps(%qk : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
      pto_rt.yield %x, %kx : tensor<16xf32>, !pto_orch.task_id
    }
    %o1, %ko = pto_orch.submit @inc(in %w, out %o) deps(%wk : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %p1, %kp = pto_orch.submit @inc(in %q, out %p) deps(%qk : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield
  }
  func.return
}

// A manual scope in a loop body yields its buffer, carried to the next iteration's manual
// task (issue 25, item 8: add-retain-edges refused it).
func.func @manual_in_loop(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %none = pto_system.task_invalid
  %r, %kr = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %a, %kx = %none) -> (tensor<16xf32>, !pto_orch.task_id) {
    %y, %ky = pto_rt.scope manual -> (tensor<16xf32>, !pto_orch.task_id) {
      %t = pto_tensor.create : tensor<16xf32>
      %t1, %kt = pto_orch.submit @inc(in %x, out %t) deps(%kx : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      pto_rt.yield %t1, %kt : tensor<16xf32>, !pto_orch.task_id
    }
    scf.yield %y, %ky : tensor<16xf32>, !pto_orch.task_id
  }
  %o1 = pto_orch.call @inc(%r, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// A create sized inside a manual scope and yielded out of it (issue 25, item 8: refused with
// advice the program followed): the size computation moves out with the allocation.
func.func @manual_extent(%a: tensor<?xf32>, %o: tensor<?xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %r = pto_rt.scope manual -> (tensor<?xf32>) {
    %c2 = arith.constant 2 : index
    %m = arith.muli %n, %c2 : index
    %t = pto_tensor.create(%m) : tensor<?xf32>
    %t1 = pto_orch.call @inc_dyn(in %a, out %t) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    pto_rt.yield %t1 : tensor<?xf32>
  }
  %o1 = pto_orch.call @inc_dyn(in %r, out %o) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  func.return
}

// Inside one manual scope: a loop carries each iteration's buffer to the next iteration and to
// a task after the loop, and an if result may be a buffer allocated in a branch; the manual
// tasks retain each buffer through the allocation TaskId carried with it (add-retain-edges
// refused both).
func.func @manual_carries(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %p: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %flag: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %last, %kl = scf.for %i = %c0 to %c4 step %c1 iter_args(%prev = %a, %kp = %none) -> (tensor<16xf32>, !pto_orch.task_id) {
      %tmp = pto_tensor.create : tensor<16xf32>
      %tmp1, %kt = pto_orch.submit @inc(in %prev, out %tmp) deps(%kp : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %tmp1, %kt : tensor<16xf32>, !pto_orch.task_id
    }
    %o1, %to = pto_orch.submit @inc(in %last, out %o) deps(%kl : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %sel, %ks = scf.if %flag -> (tensor<16xf32>, !pto_orch.task_id) {
      %t = pto_tensor.create : tensor<16xf32>
      %t1, %kt1 = pto_orch.submit @inc(in %a, out %t) deps(%none : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t1, %kt1 : tensor<16xf32>, !pto_orch.task_id
    } else {
      scf.yield %a, %none : tensor<16xf32>, !pto_orch.task_id
    }
    %p1, %kp1 = pto_orch.submit @inc(in %sel, out %p) deps(%ks : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// Compiler-owned manual scopes written out (the shape materialize-runtime-scopes gives a loop
// body): the first yields its buffer to the next iteration (hoisted before the scope, the
// allocation TaskId carried to the next iteration's task); the second holds a loop whose
// carry leaves the scope through the outer carry, so the scope goes (its tasks run in the
// function's auto scope).
func.func @owned_scopes(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %none = pto_system.task_invalid
    %r, %kr = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %kx = %none) -> (tensor<16xf32>, !pto_orch.task_id) {
      %y, %ky = pto_rt.scope manual compiler_owned -> (tensor<16xf32>, !pto_orch.task_id) {
        %t = pto_tensor.create : tensor<16xf32>
        %t1, %kt = pto_orch.submit @inc(in %x, out %t) deps(%kx : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
        pto_rt.yield %t1, %kt : tensor<16xf32>, !pto_orch.task_id
      }
      scf.yield %y, %ky : tensor<16xf32>, !pto_orch.task_id
    }
    %q, %kq = scf.for %i = %c0 to %c2 step %c1 iter_args(%u = %r, %ku = %kr) -> (tensor<16xf32>, !pto_orch.task_id) {
      %v, %kv = pto_rt.scope manual compiler_owned -> (tensor<16xf32>, !pto_orch.task_id) {
        %w, %kw = scf.for %j = %c0 to %c2 step %c1 iter_args(%z = %u, %kz = %ku) -> (tensor<16xf32>, !pto_orch.task_id) {
          %s = pto_tensor.create : tensor<16xf32>
          %s1, %ks = pto_orch.submit @inc(in %z, out %s) deps(%kz : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
          scf.yield %s1, %ks : tensor<16xf32>, !pto_orch.task_id
        }
        pto_rt.yield %w, %kw : tensor<16xf32>, !pto_orch.task_id
      }
      scf.yield %v, %kv : tensor<16xf32>, !pto_orch.task_id
    }
    %o1, %ko = pto_orch.submit @inc(in %q, out %o) deps(%kq : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield
  }
  func.return
}

// A runtime-allocated output of a manual task, read after the manual scope by an auto task:
// its creator was the task, whose creator edge ordered the reader; as an explicit create
// (allocated before the scope) the reader gets a compiler edge to the writer instead.
func.func @manual_runtime_output(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %w = pto_rt.scope manual -> (tensor<16xf32>) {
    %x = pto_orch.call @inc(in %a) : (tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %x : tensor<16xf32>
  }
  %o1 = pto_orch.call @inc(in %w, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
