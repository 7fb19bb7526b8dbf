// Runtime-allocated outputs read in user MANUAL scopes through loops, ifs and phase fences
// (tests/test_runtime_outputs_threads.py). Each function ends with a second scope that
// allocates from the same ring after the first has ended (where a buffer nobody holds may be
// handed out again).
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @add aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// A runtime output carried out of a loop of %n steps, each step reading the previous one's:
// the manual reader after the loop waits for the last step (order-untracked-hazards counts
// the step's output as a write although the step also reads the root through the carry).
func.func @carried(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %y0 = pto_orch.call @inc(in %a) : (tensor<16xf32>) -> tensor<16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %y0) -> (tensor<16xf32>) {
    %y = pto_orch.call @inc(in %cur) : (tensor<16xf32>) -> tensor<16xf32>
    scf.yield %y : tensor<16xf32>
  }
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %w, %t1 = pto_orch.submit @inc(in %r, out %o) deps(%none : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %q, %t2 = pto_orch.submit @inc(in %a) deps(%none : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// Either branch's runtime output, read in a user manual scope: both allocations' TaskIds are
// carried out of the one if (add-retain-edges rebuilds the if twice for one reader).
func.func @either(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %f: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %y = scf.if %f -> (tensor<16xf32>) {
    %u = pto_orch.call @inc(in %a) : (tensor<16xf32>) -> tensor<16xf32>
    scf.yield %u : tensor<16xf32>
  } else {
    %v = pto_orch.call @add(in %a, in %a) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %v : tensor<16xf32>
  }
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %w, %t1 = pto_orch.submit @inc(in %y, out %o) deps(%none : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %q, %t2 = pto_orch.submit @inc(in %a) deps(%none : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// A parallel loop of 4 producers of runtime outputs (the loop's tensor result the last one's)
// and a 4 x 2 nest of consumers that read it, each waiting for the producers' TaskIds: no
// phase fence (a barrier would hold only itself, not the producers' buffers).
func.func @no_fence(%a: tensor<16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %yf, %tids = scf.for %b = %c0 to %c4 step %c1 iter_args(%yi = %a, %prev = %none) -> (tensor<16xf32>, !pto_orch.task_id) {
      %u, %t = pto_orch.submit @inc(in %a) deps(%prev : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
      scf.yield %u, %t : tensor<16xf32>, !pto_orch.task_id
    } {pto_orch.parallel}
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c2 step %c1 {
        %r, %tr = pto_orch.submit @inc(in %yf) deps(%tids : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
      }
    }
  }
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %q, %t2 = pto_orch.submit @inc(in %a) deps(%none : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// A one-step loop's runtime output (the loop folds away after drop-implied-edges) read by two
// tasks of a user manual scope, the second listing the first: its own edge to the producer,
// implied by the chain, stays, since it holds the buffer (the output leaves no scope: it stays
// the producer's).
func.func @one_step(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %p: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  pto_rt.scope auto {
    %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%cur = %a) -> (tensor<16xf32>) {
      %y = pto_orch.call @inc(in %cur) : (tensor<16xf32>) -> tensor<16xf32>
      scf.yield %y : tensor<16xf32>
    }
    pto_rt.scope manual {
      %none = pto_system.task_invalid
      %w, %t1 = pto_orch.submit @inc(in %r) deps(%none : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
      %w2, %t2 = pto_orch.submit @add(in %w, in %r, out %o) deps(%t1 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
    %x = pto_orch.call @add(in %r, in %a, out %p) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  pto_rt.scope auto {
    %q = pto_orch.call @inc(in %a) : (tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
