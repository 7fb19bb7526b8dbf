// A pto_orch.parallel loop of a user manual scope makes a runtime-allocated output per
// iteration and carries its TaskId; a sequential loop after it starts from the parallel loop's
// tensor and TaskId carries and lists its carried TaskId (random program 3026 of
// `python -m bench.differential --runtime-outputs --analyze-auto-scopes`, reduced).
// classify-iter-arg-carry makes the parallel loop's TaskId carry an array and puts a barrier
// (task_dummy) where the sequential loop's carry needs one TaskId: @add's deps then name the
// barrier, which orders it but holds no @inc, so the buffer @add reads could be handed out
// again while it runs (a silent use after free). order-untracked-hazards took the user's
// deps for the creator's TaskId; now it does not count a TaskId that reaches the creator
// through a parallel loop's carry, and gives @add an edge on the last @inc's own TaskId.
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @add aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

func.func @parallel_into_carry(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %q: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %pr, %pt = scf.for %i = %c0 to %c4 step %c1 iter_args(%d = %a, %p = %none) -> (tensor<16xf32>, !pto_orch.task_id) {
      %y, %ty = pto_orch.submit @inc(in %a) deps(%p : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
      scf.yield %y, %ty : tensor<16xf32>, !pto_orch.task_id
    } {pto_orch.parallel}
    %mr, %mt = scf.for %j = %c0 to %c2 step %c1 iter_args(%mc = %pr, %mtc = %pt) -> (tensor<16xf32>, !pto_orch.task_id) {
      %z, %tz = pto_orch.submit @add(in %mc, in %a) deps(%mtc : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %z, %tz : tensor<16xf32>, !pto_orch.task_id
    }
    %w, %tw = pto_orch.submit @inc(in %mr, out %o) deps(%mt : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  pto_rt.scope manual {
    %y2, %t2 = pto_orch.submit @inc(in %a) : (tensor<16xf32>) -> tensor<16xf32>
    %q1, %tq = pto_orch.submit @inc(in %y2, out %q) deps(%t2 : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// @nested_init (helper-61's finding 2, reduced): a runtime-allocated output carried out of a
// nest of loops (the inner loop starts from the outer body's output), read by a loop body that
// analyze-auto-scopes makes a compiler-owned manual scope. The pass asked whether the buffer
// is the last instance of each creator by following every carry to its yield only, so for the
// outer body's @inc (the inner loop's init) it answered no and refused the program with
// analyze-auto-scopes only; a carry whose yield cannot be on that buffer is followed to its
// init now.
pto_orch.kernel @acc aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
func.func @nested_init(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %lres = scf.for %i = %c0 to %c2 step %c1 iter_args(%cur = %a) -> (tensor<16xf32>) {
    %y = pto_orch.call @inc(in %a) : (tensor<16xf32>) -> tensor<16xf32>
    %ires = scf.for %j = %c0 to %c2 step %c1 iter_args(%ic = %y) -> (tensor<16xf32>) {
      %y2 = pto_orch.call @inc(in %ic) : (tensor<16xf32>) -> tensor<16xf32>
      scf.yield %y2 : tensor<16xf32>
    }
    scf.yield %ires : tensor<16xf32>
  }
  %res = scf.for %k = %c0 to %c2 step %c1 iter_args(%acc = %o) -> (tensor<16xf32>) {
    %r = pto_orch.call @acc(in %lres, inout %acc) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %tmp = pto_tensor.create : tensor<16xf32>
    %r2 = pto_orch.call @inc(in %r, out %tmp) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %r3 = pto_orch.call @acc(in %r2, inout %r) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %r3 : tensor<16xf32>
  }
  func.return
}
