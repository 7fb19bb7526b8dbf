// auto-derive-task-dependencies{analyze-auto-scopes=true} on the body of a function with
// automatic scopes (upstream's "fully covered default-mode function body"): a body that
// qualifies is wrapped in one `pto_rt.scope manual compiler_owned` (its values leaving through
// the scope's results) and the function gets `pto_rt.auto_scope = false`, so
// materialize-runtime-scopes leaves it; no manual_candidate. One scope for the body must cost
// nothing against the loop bodies' own scopes, else the loops and ifs are the areas as before:
// a buffer allocated in a loop (a create, a runtime-allocated output; each iteration's scope
// frees it), a dynamic trip count around a task, more task instances than one scope holds
// (16384, the runtime's task window). A loop body that would leave a stale tensor-map entry
// for the AUTO tasks after it stays AUTO. Without the option the pass changes nothing.
// RUN: pypto-opt --auto-derive-task-dependencies %s | filecheck %s --check-prefix=OFF
// RUN: pypto-opt -p 'auto-derive-task-dependencies{analyze-auto-scopes=true}' %s | filecheck %s
// RUN: pypto-opt -p 'pto2-pipeline{analyze-auto-scopes=true}' %s | filecheck %s --check-prefix=PIPE

pto_orch.kernel @add aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @inc aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @make aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// OFF-NOT: compiler_owned
// OFF-NOT: compiler_deps
// OFF-NOT: auto_scope

func.func @straight(%a: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %t = pto_tensor.create : tensor<16xf32>
  %t1 = pto_orch.call @add(in %a, in %a, out %t) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %y1 = pto_orch.call @inc(in %t1, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return %y1 : tensor<16xf32>
}
// CHECK-LABEL: func.func @straight
// CHECK-SAME:  pto_rt.auto_scope = false
// CHECK-NEXT:    %0 = pto_rt.scope manual compiler_owned -> (tensor<16xf32>) {
// CHECK-NEXT:      %t = pto_tensor.create
// CHECK-NEXT:      %t1, %t1_tid = pto_orch.submit @add(in %a, in %a, out %t) :
// CHECK-NEXT:      %y1 = pto_orch.call @inc(no_dep %t1, output_existing %y) compiler_deps(%t1_tid : !pto_orch.task_id) :
// CHECK-NEXT:      pto_rt.yield %y1
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %0
// PIPE-LABEL:  func.func @straight
// PIPE:        pto_rt.scope manual compiler_owned
// PIPE-NOT:    pto_rt.scope
// PIPE:        func.return

// A constant loop that allocates nothing: part of the body's scope (the edge after the loop and
// the carried one are order-untracked-hazards').
func.func @constant_loop(%a: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %y1 = pto_orch.call @inc(in %a, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %y2 = pto_orch.call @inc(in %a, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  %z = pto_orch.call @inc(in %a, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
// CHECK-LABEL: func.func @constant_loop
// CHECK-SAME:  pto_rt.auto_scope = false
// CHECK-NEXT:    pto_rt.scope manual compiler_owned {
// CHECK:           %y1, %y1_tid = pto_orch.submit @inc(in %a, output_existing %y) :
// CHECK-NEXT:      pto_orch.call @inc(in %a, output_existing %y) compiler_deps(%y1_tid : !pto_orch.task_id) :
// PIPE-LABEL:  func.func @constant_loop
// PIPE:        pto_rt.scope manual compiler_owned
// PIPE-NOT:    pto_rt.scope
// PIPE:        func.return

// A loop that creates a buffer: the loop body is the area (its scope frees %t per iteration).
func.func @loop_creates(%a: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %t = pto_tensor.create : tensor<16xf32>
    %t1 = pto_orch.call @add(in %a, in %a, out %t) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %y1 = pto_orch.call @inc(in %t1, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// CHECK-LABEL: func.func @loop_creates
// CHECK-NOT:   auto_scope
// CHECK:         scf.for
// CHECK:           %t1, %t1_tid = pto_orch.submit @add(in %a, in %a, out %t) {manual_candidate}
// PIPE-LABEL:  func.func @loop_creates
// PIPE-NEXT:     pto_rt.scope auto {
// PIPE:            scf.for
// PIPE-NEXT:         pto_rt.scope manual compiler_owned -> (!pto_orch.task_id) {

// A runtime-allocated output in a loop: the same.
func.func @loop_allocates(%a: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %t1 = pto_orch.call @make(in %a) : (tensor<16xf32>) -> tensor<16xf32>
    %y1 = pto_orch.call @inc(in %t1, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// CHECK-LABEL: func.func @loop_allocates
// CHECK-NOT:   auto_scope
// CHECK:         scf.for
// CHECK:           %t1, %t1_tid = pto_orch.submit @make(in %a) {manual_candidate}
// PIPE-LABEL:  func.func @loop_allocates
// PIPE-NEXT:     pto_rt.scope auto {

// A dynamic trip count around a task: the loop body is the area.
func.func @dynamic_loop(%a: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %y1 = pto_orch.call @inc(in %a, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %y2 = pto_orch.call @inc(in %a, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// CHECK-LABEL: func.func @dynamic_loop
// CHECK-NOT:   auto_scope
// CHECK:         scf.for
// CHECK:           %y1, %y1_tid = pto_orch.submit @inc(in %a, output_existing %y) {manual_candidate}
// PIPE-LABEL:  func.func @dynamic_loop
// PIPE-NEXT:     pto_rt.scope auto {

// 2 x 8192 = 16384 task instances: one more than one scope holds; the loop body is the area.
func.func @window(%a: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cn = arith.constant 8192 : index
  scf.for %i = %c0 to %cn step %c1 {
    %y1 = pto_orch.call @inc(in %a, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %y2 = pto_orch.call @inc(in %a, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// CHECK-LABEL: func.func @window
// CHECK-NOT:   auto_scope
// CHECK:         scf.for
// CHECK:           %y1, %y1_tid = pto_orch.submit @inc(in %a, output_existing %y) {manual_candidate}
// PIPE-LABEL:  func.func @window
// PIPE-NEXT:     pto_rt.scope auto {

// 16383 instances (one task after the loop): the body is the area.
func.func @window_fits(%a: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cn = arith.constant 8191 : index
  scf.for %i = %c0 to %cn step %c1 {
    %y1 = pto_orch.call @inc(in %a, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %y2 = pto_orch.call @inc(in %a, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  %z = pto_orch.call @inc(in %a, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
// CHECK-LABEL: func.func @window_fits
// CHECK-SAME:  pto_rt.auto_scope = false
// CHECK-NEXT:    pto_rt.scope manual compiler_owned {

// A loop body that writes %y, written before the loop and used after it by AUTO tasks: made
// manual, its writes would never reach the tensor map, and %z would still find %y0 there, an
// edge on top of the explicit one from the loop (11 edges for 9; random program 26: 66 for 60).
// The loop body stays AUTO (and the body, whose loop allocates).
func.func @stale(%a: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %y0 = pto_orch.call @inc(in %a, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    %t = pto_tensor.create : tensor<16xf32>
    %t1 = pto_orch.call @add(in %a, in %a, out %t) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %y1 = pto_orch.call @inc(in %t1, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  %z = pto_orch.call @inc(in %a, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
// CHECK-LABEL: func.func @stale
// CHECK-NOT:   manual_candidate
// CHECK-NOT:   compiler_deps
// CHECK:       func.return
// PIPE-LABEL:  func.func @stale
// PIPE-NOT:    compiler_owned
// PIPE:        func.return
