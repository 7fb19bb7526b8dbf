// A buffer created in an scf.if branch that leaves its scope is allocated before the scope,
// under the branch's conditions (batch-tensor-allocations, rule 1): its extent is only valid
// where the branch runs. tests/test_execution_guarded_allocations.py runs these.

pto_orch.kernel @prefix aiv (in tensor<16xf32>, out tensor<?xf32>) -> tensor<?xf32>
pto_orch.kernel @pad aiv (in tensor<?xf32>, out tensor<16xf32>) -> tensor<16xf32>

// %len = %m - %k is negative once %k >= %m: the branch guarded by %k < %m is the only place
// it may be allocated with.
func.func @guarded(%a: tensor<16xf32>, %init: tensor<?xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %m: index, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<?xf32>) {
    %lt = arith.cmpi slt, %k, %m : index
    %v = scf.if %lt -> (tensor<?xf32>) {
      %len = arith.subi %m, %k : index
      %t = pto_tensor.create(%len) : tensor<?xf32>
      %t1 = pto_orch.call @prefix(in %a, out %t) : (tensor<16xf32>, tensor<?xf32>) -> tensor<?xf32>
      scf.yield %t1 : tensor<?xf32>
    } else {
      scf.yield %acc : tensor<?xf32>
    }
    scf.yield %v : tensor<?xf32>
  }
  %o1 = pto_orch.call @pad(in %r, out %o) : (tensor<?xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// Two guards, the create in the inner else branch: the inner condition divides by %d, which
// only the outer branch knows is not 0.
func.func @nested(%a: tensor<16xf32>, %init: tensor<?xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %m: index, %d: index, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<?xf32>) {
    %nz = arith.cmpi ne, %d, %c0 : index
    %v = scf.if %nz -> (tensor<?xf32>) {
      %q = arith.divsi %k, %d : index
      %big = arith.cmpi sge, %q, %m : index
      %w = scf.if %big -> (tensor<?xf32>) {
        scf.yield %acc : tensor<?xf32>
      } else {
        %len = arith.subi %m, %q : index
        %t = pto_tensor.create(%len) : tensor<?xf32>
        %t1 = pto_orch.call @prefix(in %a, out %t) : (tensor<16xf32>, tensor<?xf32>) -> tensor<?xf32>
        scf.yield %t1 : tensor<?xf32>
      }
      scf.yield %w : tensor<?xf32>
    } else {
      scf.yield %acc : tensor<?xf32>
    }
    scf.yield %v : tensor<?xf32>
  }
  %o1 = pto_orch.call @pad(in %r, out %o) : (tensor<?xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// The buffer leaves a user's manual scope through an if result: allocated before the scope,
// under the if's condition, and the manual task that writes it waits for its allocation.
func.func @manual(%a: tensor<16xf32>, %init: tensor<?xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %m: index, %k: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %r = pto_rt.scope manual -> (tensor<?xf32>) {
    %lt = arith.cmpi slt, %k, %m : index
    %v = scf.if %lt -> (tensor<?xf32>) {
      %len = arith.subi %m, %k : index
      %t = pto_tensor.create(%len) : tensor<?xf32>
      %t1 = pto_orch.call @prefix(in %a, out %t) : (tensor<16xf32>, tensor<?xf32>) -> tensor<?xf32>
      scf.yield %t1 : tensor<?xf32>
    } else {
      scf.yield %init : tensor<?xf32>
    }
    pto_rt.yield %v : tensor<?xf32>
  }
  %o1 = pto_orch.call @pad(in %r, out %o) : (tensor<?xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// A hand-written batch in the branch, whose TaskId the writer lists in its deps: the rebuilt
// scf.if yields the TaskId too (the invalid one where the branch does not run).
func.func @batch_tid(%a: tensor<16xf32>, %init: tensor<?xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %m: index, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<?xf32>) {
    %lt = arith.cmpi slt, %k, %m : index
    %v = scf.if %lt -> (tensor<?xf32>) {
      %len = arith.subi %m, %k : index
      %t, %alloc = pto_tensor.alloc_tensors {
        %0 = pto_tensor.create(%len) : tensor<?xf32>
        pto_tensor.yield %0 : tensor<?xf32>
      } : tensor<?xf32>
      %t1, %tid = pto_orch.submit @prefix(in %a, out %t) deps(%alloc : !pto_orch.task_id) : (tensor<16xf32>, tensor<?xf32>) -> tensor<?xf32>
      scf.yield %t1 : tensor<?xf32>
    } else {
      scf.yield %acc : tensor<?xf32>
    }
    scf.yield %v : tensor<?xf32>
  }
  %o1 = pto_orch.call @pad(in %r, out %o) : (tensor<?xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// The condition reads a tensor inside the loop body's scope, so it cannot be computed before
// it; the extent %n is computed outside the branch (on every run, as written), and the buffer
// is allocated on every run, unguarded.
func.func @read_condition(%a: tensor<16xf32>, %init: tensor<?xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (tensor<?xf32>) {
    %v = pto_tensor.read %a[%i] : tensor<16xf32> -> f32
    %z = arith.constant 0.0 : f32
    %pos = arith.cmpf ogt, %v, %z : f32
    %w = scf.if %pos -> (tensor<?xf32>) {
      %t = pto_tensor.create(%n) : tensor<?xf32>
      %t1 = pto_orch.call @prefix(in %a, out %t) : (tensor<16xf32>, tensor<?xf32>) -> tensor<?xf32>
      scf.yield %t1 : tensor<?xf32>
    } else {
      scf.yield %acc : tensor<?xf32>
    }
    scf.yield %w : tensor<?xf32>
  }
  %o1 = pto_orch.call @pad(in %r, out %o) : (tensor<?xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// A 2-D buffer with a static extent and an initial value under two guards (the shape of
// @guarded in tests/filecheck/transforms/batch_tensor_allocations/leaving.mlir): the kernel
// adds to the initial ones, so the output shows the fill happened under the guard.
pto_orch.kernel @addrows aiv (in tensor<16xf32>, inout tensor<4x?xf32>) -> tensor<4x?xf32>
pto_orch.kernel @padrows aiv (in tensor<4x?xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @init_rows(%a: tensor<16xf32>, %init: tensor<4x?xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %m: index, %d: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %k = %c0 to %c2 step %c1 iter_args(%acc = %init) -> (tensor<4x?xf32>) {
    %nz = arith.cmpi ne, %d, %c0 : index
    %v = scf.if %nz -> (tensor<4x?xf32>) {
      %q = arith.divsi %m, %d : index
      %big = arith.cmpi sge, %q, %m : index
      %w = scf.if %big -> (tensor<4x?xf32>) {
        scf.yield %acc : tensor<4x?xf32>
      } else {
        %len = arith.subi %m, %q : index
        %t = pto_tensor.create(%len) init(1.0 : f32) : tensor<4x?xf32>
        %t1 = pto_orch.call @addrows(in %a, inout %t) : (tensor<16xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
        scf.yield %t1 : tensor<4x?xf32>
      }
      scf.yield %w : tensor<4x?xf32>
    } else {
      scf.yield %acc : tensor<4x?xf32>
    }
    scf.yield %v : tensor<4x?xf32>
  }
  %o1 = pto_orch.call @padrows(in %r, out %o) : (tensor<4x?xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
