// order-untracked-hazards: the compiler edges for the pairs the runtime does not order, and the
// TaskId carries they need. Chunks: a manual writer then an auto reader (scope result), an auto
// writer then a manual reader (the call becomes a submit), WAR in an auto scope, an if branch,
// a loop exit, two tasks of one manual scope (nothing), an edge the user already wrote
// (nothing), and the loop error.
// RUN: pypto-opt --split-input-file --verify-diagnostics --order-untracked-hazards %s | filecheck %s

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @bump aiv (inout tensor<16xf32>) -> tensor<16xf32>
func.func @manual_then_auto(%a: tensor<16xf32>, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %b2 = pto_rt.scope manual -> (tensor<16xf32>) {
      %b1, %t = pto_orch.submit @k(in %a, out %b) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      pto_rt.yield %b1 : tensor<16xf32>
    }
    %o1 = pto_orch.call @k(in %b2, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// CHECK-LABEL: func.func @manual_then_auto
// CHECK:       %b2, %t = pto_rt.scope manual -> (tensor<16xf32>, !pto_orch.task_id) {
// CHECK:         pto_rt.yield %b1, %t_1 : tensor<16xf32>, !pto_orch.task_id
// CHECK:       %o1 = pto_orch.call @k(in %b2, out %o) compiler_deps(%t : !pto_orch.task_id)

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @auto_then_manual(%a: tensor<16xf32>, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %b1 = pto_orch.call @k(in %a, out %b) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.scope manual {
      %o1, %t = pto_orch.submit @k(in %b1, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
  }
  func.return
}
// CHECK-LABEL: func.func @auto_then_manual
// CHECK:       %b1, %b1_tid = pto_orch.submit @k(in %a, out %b)
// CHECK:       pto_orch.submit @k(in %b1, out %o) compiler_deps(%b1_tid : !pto_orch.task_id)

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @bump aiv (inout tensor<16xf32>) -> tensor<16xf32>
func.func @war(%b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %o1 = pto_orch.call @k(in %b, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %b1 = pto_orch.call @bump(inout %b) : (tensor<16xf32>) -> tensor<16xf32>
    %o2 = pto_orch.call @k(in %b1, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// The reader of %b1 after the in-place write is ordered by the runtime (no edge); %o2 writes
// %o with add_output after %o1 did (WAW): an edge.
// CHECK-LABEL: func.func @war
// CHECK:       %o1, %o1_tid = pto_orch.submit @k(in %b, out %o)
// CHECK-NEXT:  %b1 = pto_orch.call @bump(inout %b) compiler_deps(%o1_tid : !pto_orch.task_id)
// CHECK-NEXT:  %o2 = pto_orch.call @k(in %b1, out %o) compiler_deps(%o1_tid : !pto_orch.task_id)

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @branch(%a: tensor<16xf32>, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    scf.if %c {
      pto_rt.scope manual {
        %b1, %t = pto_orch.submit @k(in %a, out %b) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      }
    }
    %o1 = pto_orch.call @k(in %b, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// CHECK-LABEL: func.func @branch
// CHECK:       %t = scf.if %c -> (!pto_orch.task_id) {
// CHECK:         %t_1 = pto_rt.scope manual -> (!pto_orch.task_id) {
// CHECK:         scf.yield %t_1 : !pto_orch.task_id
// CHECK:       } else {
// CHECK-NEXT:    %none = pto_system.task_invalid
// CHECK-NEXT:    scf.yield %none : !pto_orch.task_id
// CHECK:       pto_orch.call @k(in %b, out %o) compiler_deps(%t : !pto_orch.task_id)

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @loop_exit(%a: tensor<16xf32>, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  pto_rt.scope auto {
    scf.for %i = %c0 to %c3 step %c1 {
      pto_rt.scope manual {
        %b1, %t = pto_orch.submit @k(in %a, out %b) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      }
    }
    %o1 = pto_orch.call @k(in %b, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// Each iteration's writer waits for the previous one (a carry), and the reader after the loop
// for the last one (the loop's result).
// CHECK-LABEL: func.func @loop_exit
// CHECK:       %none = pto_system.task_invalid
// CHECK-NEXT:  %t = scf.for %i = %c0 to %c3 step %c1 iter_args(%t_1 = %none) -> (!pto_orch.task_id) {
// CHECK:         pto_orch.submit @k(in %a, out %b) compiler_deps(%t_1 : !pto_orch.task_id)
// CHECK:       pto_orch.call @k(in %b, out %o) compiler_deps(%t : !pto_orch.task_id)

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @same_manual_and_user_deps(%a: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %r = pto_rt.scope manual -> (!pto_orch.task_id) {
      %b1, %t = pto_orch.submit @k(in %a, out %b) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %o1, %t1 = pto_orch.submit @k(in %b1, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      pto_rt.yield %t : !pto_orch.task_id
    }
    %o2, %t2 = pto_orch.submit @k(in %b, out %a) deps(%r : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// CHECK-LABEL: func.func @same_manual_and_user_deps
// CHECK-NOT:   compiler_deps

// -----

// Each instance of the loop's task writes all of %o, which the next one's edge orders: a chain,
// so the writer of %b after the loop (WAR with every instance's read) waits for the last one.
pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @loop_reader_chained(%a: tensor<16xf32>, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  pto_rt.scope auto {
    scf.for %i = %c0 to %c3 step %c1 {
      pto_rt.scope manual {
        %o1, %t = pto_orch.submit @k(in %b, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      }
    }
    %b1 = pto_orch.call @k(in %a, out %b) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// CHECK-LABEL: func.func @loop_reader_chained
// CHECK:         %t = scf.for %i = %c0 to %c3 step %c1 iter_args(%t_1 = %none) -> (!pto_orch.task_id) {
// CHECK:             %o1, %t_3 = pto_orch.submit @k(in %b, out %o) compiler_deps(%t_1 : !pto_orch.task_id) :
// CHECK:         %b1 = pto_orch.call @k(in %a, out %b) compiler_deps(%t : !pto_orch.task_id) :

// -----

// Each iteration's task reads %b and writes a new buffer: nothing orders its instances, and
// the writer of %b after the loop would need every one of them.
pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @loop_reader(%a: tensor<16xf32>, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  pto_rt.scope auto {
    scf.for %i = %c0 to %c3 step %c1 {
      pto_rt.scope manual {
        %n = pto_tensor.create : tensor<16xf32>
        %o1, %t = pto_orch.submit @k(in %b, out %n) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      }
    }
    // expected-error@+1 {{'pto_orch.call' op must run after 'pto_orch.submit' @k at}}
    %b1 = pto_orch.call @k(in %a, out %b) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
