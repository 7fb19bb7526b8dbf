// batch-tensor-allocations: a buffer that leaves a pto_rt.scope (auto or manual, through its
// results) is allocated before the outermost scope it leaves, so the scope's end does not
// free it: loop carries and if results reach a scope's results, nested scopes are left
// together, a runtime-allocated output that leaves becomes an explicit create (the task's
// results stay), the pure computation of an extent moves with the allocation, and when a loop
// inside the scope carries the buffer out, the scopes around that loop go. A buffer that only
// a func.return sees after the scope stays inside.
// RUN: pypto-opt -p batch-tensor-allocations %s | filecheck %s
// RUN: pypto-opt -p batch-tensor-allocations %s | pypto-opt -p batch-tensor-allocations | filecheck %s

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @kd aiv (in tensor<16xf32>, out tensor<?xf32>) -> tensor<?xf32>
pto_orch.kernel @two aiv (in tensor<16xf32>, out tensor<16xf32>, out tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) returns [1, 2]

// %t leaves the body's scope through the carry: batched in the loop body, before the scope.
// CHECK-LABEL: func.func @carry(
// CHECK:         scf.for
// CHECK-NEXT:      %t, %alloc = pto_tensor.alloc_tensors {
// CHECK:           } : tensor<16xf32>
// CHECK-NEXT:      %{{.*}} = pto_rt.scope auto -> (tensor<16xf32>) {
// CHECK-NEXT:        %t1 = pto_orch.call @k(in %x, out %t)
func.func @carry(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a) -> (tensor<16xf32>) {
    %y = pto_rt.scope auto -> (tensor<16xf32>) {
      %t = pto_tensor.create : tensor<16xf32>
      %t1 = pto_orch.call @k(in %x, out %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      pto_rt.yield %t1 : tensor<16xf32>
    }
    scf.yield %y : tensor<16xf32>
  } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 0>}
  %o1 = pto_orch.call @k(in %r, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// %t leaves the two auto scopes around it and goes before the outer one; %u stays (it only
// reaches the function's return).
// CHECK-LABEL: func.func @nested(
// CHECK-NEXT:    %t, %alloc = pto_tensor.alloc_tensors {
// CHECK:         %r = pto_rt.scope auto -> (tensor<16xf32>) {
// CHECK-NEXT:      %s = pto_rt.scope auto -> (tensor<16xf32>) {
// CHECK-NEXT:        %t1 = pto_orch.call @k(in %a, out %t)
// CHECK:         %ret = pto_rt.scope auto -> (tensor<16xf32>) {
// CHECK-NEXT:      %u, %alloc_1 = pto_tensor.alloc_tensors {
func.func @nested(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %r = pto_rt.scope auto -> (tensor<16xf32>) {
    %s = pto_rt.scope auto -> (tensor<16xf32>) {
      %t = pto_tensor.create : tensor<16xf32>
      %t1 = pto_orch.call @k(in %a, out %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      pto_rt.yield %t1 : tensor<16xf32>
    }
    pto_rt.yield %s : tensor<16xf32>
  }
  %o1 = pto_orch.call @k(in %r, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %ret = pto_rt.scope auto -> (tensor<16xf32>) {
    %u = pto_tensor.create : tensor<16xf32>
    %u1 = pto_orch.call @k(in %a, out %u) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %u1 : tensor<16xf32>
  }
  func.return %ret : tensor<16xf32>
}

// The runtime-allocated outputs of @two (both: arguments are positional) become creates passed
// as `out`; %x leaves the branch's scope and goes before it, in the branch; %y stays in the
// scope. The task's results are the same values.
// CHECK-LABEL: func.func @runtime_output(
// CHECK:         %v = scf.if %flag -> (tensor<16xf32>) {
// CHECK-NEXT:      %x, %alloc = pto_tensor.alloc_tensors {
// CHECK:           %{{.*}} = pto_rt.scope auto -> (tensor<16xf32>) {
// CHECK-NEXT:        %y, %alloc_1 = pto_tensor.alloc_tensors {
// CHECK:             %x_1, %y_1 = pto_orch.call @two(in %a, out %x, out %y) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>)
// CHECK-NEXT:        pto_rt.yield %x_1 : tensor<16xf32>
func.func @runtime_output(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %flag: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %v = scf.if %flag -> (tensor<16xf32>) {
    %b = pto_rt.scope auto -> (tensor<16xf32>) {
      %x, %y = pto_orch.call @two(in %a) : (tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>)
      pto_rt.yield %x : tensor<16xf32>
    }
    scf.yield %b : tensor<16xf32>
  } else {
    scf.yield %a : tensor<16xf32>
  }
  %o1 = pto_orch.call @k(in %v, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// The extent %m is computed inside the manual scope from values defined before it: the
// constant and the multiplication move out with the allocation.
// CHECK-LABEL: func.func @extent(
// CHECK-NEXT:    %c2 = arith.constant 2 : index
// CHECK-NEXT:    %m = arith.muli %n, %c2 : index
// CHECK-NEXT:    %t, %alloc = pto_tensor.alloc_tensors {
// CHECK-NEXT:      %{{.*}} = pto_tensor.create(%m) : tensor<?xf32>
// CHECK:         %r = pto_rt.scope manual -> (tensor<?xf32>) {
// CHECK-NEXT:      %t1 = pto_orch.call @kd(in %a, out %t) compiler_deps(%alloc : !pto_orch.task_id)
func.func @extent(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %r = pto_rt.scope manual -> (tensor<?xf32>) {
    %c2 = arith.constant 2 : index
    %m = arith.muli %n, %c2 : index
    %t = pto_tensor.create(%m) : tensor<?xf32>
    %t1 = pto_orch.call @kd(in %a, out %t) : (tensor<16xf32>, tensor<?xf32>) -> tensor<?xf32>
    pto_rt.yield %t1 : tensor<?xf32>
  }
  %c0 = arith.constant 0 : index
  %s = pto_tensor.view %r[%c0] : tensor<?xf32> to tensor<16xf32>
  %o1 = pto_orch.call @k(in %s, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// The inner loop carries %t out of the inner body's scope, and the outer loop out of the outer
// body's scope: each inner iteration allocates its own buffer, so the allocation stays in the
// inner loop (before the inner body's scope) and the outer body's scope goes.
// CHECK-LABEL: func.func @nested_loops(
// CHECK:         %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %a) -> (tensor<16xf32>) {
// CHECK-NEXT:      %q = scf.for %j = %c0 to %c2 step %c1 iter_args(%y = %x) -> (tensor<16xf32>) {
// CHECK-NEXT:        %t, %alloc = pto_tensor.alloc_tensors {
// CHECK:             %{{.*}} = pto_rt.scope auto -> (tensor<16xf32>) {
// CHECK-NEXT:          %t1 = pto_orch.call @k(in %y, out %t)
// CHECK:             scf.yield
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %q : tensor<16xf32>
func.func @nested_loops(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %a) -> (tensor<16xf32>) {
    %w = pto_rt.scope auto -> (tensor<16xf32>) {
      %q = scf.for %j = %c0 to %c2 step %c1 iter_args(%y = %x) -> (tensor<16xf32>) {
        %z = pto_rt.scope auto -> (tensor<16xf32>) {
          %t = pto_tensor.create : tensor<16xf32>
          %t1 = pto_orch.call @k(in %y, out %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
          pto_rt.yield %t1 : tensor<16xf32>
        }
        scf.yield %z : tensor<16xf32>
      } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 0>}
      pto_rt.yield %q : tensor<16xf32>
    }
    scf.yield %w : tensor<16xf32>
  } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 0>}
  %o1 = pto_orch.call @k(in %r, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// A runtime-allocated output of a manual task, read after the scope: its task was its creator
// (AUTO readers waited for it through the creator edge); as an explicit create the call
// becomes a submit, its TaskId leaves the scope, and the reader lists it.
// CHECK-LABEL: func.func @manual_output(
// CHECK-NEXT:    %x, %alloc = pto_tensor.alloc_tensors {
// CHECK:         %w, %w_tid = pto_rt.scope manual -> (tensor<16xf32>, !pto_orch.task_id) {
// CHECK-NEXT:      %x_1, %x_tid = pto_orch.submit @k(in %a, out %x) compiler_deps(%alloc : !pto_orch.task_id)
// CHECK-NEXT:      pto_rt.yield %x_1, %x_tid : tensor<16xf32>, !pto_orch.task_id
// CHECK-NEXT:    }
// CHECK-NEXT:    %o1 = pto_orch.call @k(in %w, out %o) compiler_deps(%w_tid : !pto_orch.task_id)
func.func @manual_output(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %w = pto_rt.scope manual -> (tensor<16xf32>) {
    %x = pto_orch.call @k(in %a) : (tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %x : tensor<16xf32>
  }
  %o1 = pto_orch.call @k(in %w, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// A dynamic extent created in scf.if branches is allocated before the scope under the same
// conditions, rebuilt as nested scf.ifs: the ops of each branch that compute the extent and
// the inner condition are cloned into it (the division by %d stays under %d != 0), and the
// other branches allocate a 1-extent buffer of the same type that nothing uses. The
// originals that only computed the extent are erased.
// CHECK-LABEL: func.func @guarded(
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %nz = arith.cmpi ne, %d, %c0 : index
// CHECK-NEXT:    %t = scf.if %nz -> (tensor<4x?xf32>) {
// CHECK-NEXT:      %q = arith.divsi %m, %d : index
// CHECK-NEXT:      %big = arith.cmpi sge, %q, %m : index
// CHECK-NEXT:      %[[INNER:.*]] = scf.if %big -> (tensor<4x?xf32>) {
// CHECK-NEXT:        %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:        %[[UNUSED:.*]], %{{.*}} = pto_tensor.alloc_tensors {
// CHECK-NEXT:          %[[C:.*]] = pto_tensor.create(%[[ONE]]) : tensor<4x?xf32>
// CHECK-NEXT:          pto_tensor.yield %[[C]] : tensor<4x?xf32>
// CHECK-NEXT:        } : tensor<4x?xf32>
// CHECK-NEXT:        scf.yield %[[UNUSED]] : tensor<4x?xf32>
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %len = arith.subi %m, %q : index
// CHECK-NEXT:        %[[USED:.*]], %{{.*}} = pto_tensor.alloc_tensors {
// CHECK-NEXT:          %[[T:.*]] = pto_tensor.create(%len) init(1.000000e+00 : f32) : tensor<4x?xf32>
// CHECK-NEXT:          pto_tensor.yield %[[T]] : tensor<4x?xf32>
// CHECK-NEXT:        } : tensor<4x?xf32>
// CHECK-NEXT:        scf.yield %[[USED]] : tensor<4x?xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %[[INNER]] : tensor<4x?xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[ONE2:.*]] = arith.constant 1 : index
// CHECK-NEXT:      %[[UNUSED2:.*]], %{{.*}} = pto_tensor.alloc_tensors {
// CHECK-NEXT:        %[[C2:.*]] = pto_tensor.create(%[[ONE2]]) : tensor<4x?xf32>
// CHECK-NEXT:        pto_tensor.yield %[[C2]] : tensor<4x?xf32>
// CHECK-NEXT:      } : tensor<4x?xf32>
// CHECK-NEXT:      scf.yield %[[UNUSED2]] : tensor<4x?xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %r = pto_rt.scope auto -> (tensor<4x?xf32>) {
// CHECK-NEXT:      %v = scf.if %nz -> (tensor<4x?xf32>) {
// CHECK-NEXT:        %[[Q:.*]] = arith.divsi %m, %d : index
// CHECK-NEXT:        %[[BIG:.*]] = arith.cmpi sge, %[[Q]], %m : index
// CHECK-NEXT:        %w = scf.if %[[BIG]] -> (tensor<4x?xf32>) {
// CHECK-NEXT:          scf.yield %init : tensor<4x?xf32>
// CHECK-NEXT:        } else {
// CHECK-NEXT:          %t1 = pto_orch.call @kd2(in %a, out %t) : (tensor<16xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
// CHECK-NEXT:          scf.yield %t1 : tensor<4x?xf32>
pto_orch.kernel @kd2 aiv (in tensor<16xf32>, out tensor<4x?xf32>) -> tensor<4x?xf32>
pto_orch.kernel @ku2 aiv (in tensor<4x?xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @guarded(%a: tensor<16xf32>, %init: tensor<4x?xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %m: index, %d: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %r = pto_rt.scope auto -> (tensor<4x?xf32>) {
    %c0 = arith.constant 0 : index
    %nz = arith.cmpi ne, %d, %c0 : index
    %v = scf.if %nz -> (tensor<4x?xf32>) {
      %q = arith.divsi %m, %d : index
      %big = arith.cmpi sge, %q, %m : index
      %w = scf.if %big -> (tensor<4x?xf32>) {
        scf.yield %init : tensor<4x?xf32>
      } else {
        %len = arith.subi %m, %q : index
        %t = pto_tensor.create(%len) init(1.0 : f32) : tensor<4x?xf32>
        %t1 = pto_orch.call @kd2(in %a, out %t) : (tensor<16xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
        scf.yield %t1 : tensor<4x?xf32>
      }
      scf.yield %w : tensor<4x?xf32>
    } else {
      scf.yield %init : tensor<4x?xf32>
    }
    pto_rt.yield %v : tensor<4x?xf32>
  }
  %o1 = pto_orch.call @ku2(in %r, out %o) : (tensor<4x?xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// A static size is right on every run: such a create leaves the scf.if unguarded.
// CHECK-LABEL: func.func @unguarded(
// CHECK-NEXT:    %t, %alloc = pto_tensor.alloc_tensors {
// CHECK-NEXT:      %{{.*}} = pto_tensor.create : tensor<16xf32>
// CHECK-NEXT:      pto_tensor.yield
// CHECK-NEXT:    } : tensor<16xf32>
// CHECK-NEXT:    %r = pto_rt.scope auto -> (tensor<16xf32>) {
func.func @unguarded(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %flag: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %r = pto_rt.scope auto -> (tensor<16xf32>) {
    %v = scf.if %flag -> (tensor<16xf32>) {
      %t = pto_tensor.create : tensor<16xf32>
      %t1 = pto_orch.call @k(in %a, out %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t1 : tensor<16xf32>
    } else {
      scf.yield %a : tensor<16xf32>
    }
    pto_rt.yield %v : tensor<16xf32>
  }
  %o1 = pto_orch.call @k(in %r, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
