// auto-derive-task-dependencies{analyze-auto-scopes=true} in functions that opted out of
// automatic scopes: a hand-placed `pto_rt.scope auto` that qualifies becomes `manual
// compiler_owned` (its edges and demotions as in a loop body, no manual_candidate: no
// materialize-runtime-scopes runs there); a body that holds no scope is wrapped in one, the
// values func.return uses leaving through its results; loops and ifs inside an area are part
// of it (edges inside each block; between blocks and iterations order-untracked-hazards'). A
// user's dep is not repeated as a compiler dep. Fallbacks that keep the area AUTO: a
// pto_orch.parallel loop with a dynamic trip count inside, a buffer a loop before writes in
// slices, a pto_tensor.write of a buffer the area uses, a writer before a loop of the area
// on what the loop uses. Without the option the pass changes nothing.
// RUN: pypto-opt --auto-derive-task-dependencies %s | filecheck %s --check-prefix=OFF
// RUN: pypto-opt -p 'auto-derive-task-dependencies{analyze-auto-scopes=true}' %s | filecheck %s
// RUN: pypto-opt -p 'pto2-pipeline{analyze-auto-scopes=true}' %s | filecheck %s --check-prefix=PIPE

pto_orch.kernel @add aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @inc aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>

// OFF-NOT: compiler_owned
// OFF-NOT: compiler_deps

func.func @hand_scope(%a: tensor<16xf32>, %b: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %y2 = pto_rt.scope auto -> (tensor<16xf32>) {
    %t = pto_tensor.create : tensor<16xf32>
    %t1 = pto_orch.call @add(in %a, in %b, out %t) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %y1 = pto_orch.call @inc(in %t1, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %y1 : tensor<16xf32>
  }
  %o1 = pto_orch.call @add(in %y2, in %a, out %o) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
// CHECK-LABEL: func.func @hand_scope
// CHECK-NEXT:  %y2 = pto_rt.scope manual compiler_owned -> (tensor<16xf32>) {
// CHECK-NEXT:    %t = pto_tensor.create : tensor<16xf32>
// CHECK-NEXT:    %t1, %t1_tid = pto_orch.submit @add(in %a, in %b, out %t) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:    %y1 = pto_orch.call @inc(no_dep %t1, output_existing %y) compiler_deps(%t1_tid : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:    pto_rt.yield %y1 : tensor<16xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %o1 = pto_orch.call @add(in %y2, in %a, out %o) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// PIPE-LABEL: func.func @hand_scope
// PIPE:       pto_rt.scope manual compiler_owned -> (tensor<16xf32>, !pto_orch.task_id)
// PIPE:       pto_orch.call @add(in %y2, in %a, out %o) compiler_deps(

func.func @opted_out_body(%a: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %y) -> (tensor<16xf32>) {
    %acc1 = pto_orch.call @inc(in %a, inout %acc) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %acc1 : tensor<16xf32>
  }
  %o1 = pto_orch.call @add(in %r, in %a, out %o) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return %o1 : tensor<16xf32>
}
// CHECK-LABEL: func.func @opted_out_body
// CHECK-NEXT:  %0 = pto_rt.scope manual compiler_owned -> (tensor<16xf32>) {
// CHECK:         %acc1 = pto_orch.call @inc(in %a, output_existing %acc) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK:         %o1 = pto_orch.call @add(in %r, in %a, out %o) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT:    pto_rt.yield %o1 : tensor<16xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %0 : tensor<16xf32>
// PIPE-LABEL: func.func @opted_out_body
// PIPE:       pto_orch.submit @inc(in %a, output_existing %acc) compiler_deps(
// PIPE:       pto_orch.call @add(in %r, in %a, out %o) compiler_deps(

func.func @user_deps(%a: tensor<16xf32>, %b: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %s = pto_tensor.create : tensor<16xf32>
    %u = pto_tensor.create : tensor<16xf32>
    %s1, %ts = pto_orch.submit @add(in %a, in %b, out %s) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %u1, %tu = pto_orch.submit @add(in %a, in %a, out %u) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %o1, %to = pto_orch.submit @add(in %s1, in %u1, out %o) deps(%ts : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// CHECK-LABEL: func.func @user_deps
// CHECK:       pto_rt.scope manual compiler_owned {
// CHECK:       %o1, %to = pto_orch.submit @add(no_dep %s1, no_dep %u1, out %o) deps(%ts : !pto_orch.task_id) compiler_deps(%tu : !pto_orch.task_id)

func.func @dynamic_parallel(%a: tensor<16xf32>, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  pto_rt.scope auto {
    scf.for %i = %c0 to %n step %c1 {
      %u = pto_tensor.create : tensor<16xf32>
      %u1 = pto_orch.call @add(in %a, in %a, out %u) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    } {pto_orch.parallel}
  }
  func.return
}
// CHECK-LABEL: func.func @dynamic_parallel
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  pto_rt.scope auto {
// CHECK:         pto_orch.call @add(in %a, in %a, out %u) :

func.func @partial_producer(%a: tensor<16xf32>, %y: tensor<32xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c2 step %c1 {
    %off = arith.muli %i, %c16 : index
    %s = pto_tensor.slice %y[%off] : tensor<32xf32> to tensor<16xf32>
    %s1 = pto_orch.call @add(in %a, in %a, out %s) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  pto_rt.scope auto {
    %t = pto_tensor.create : tensor<16xf32>
    %w = pto_tensor.slice %y[%c0] : tensor<32xf32> to tensor<16xf32>
    %t1 = pto_orch.call @add(in %w, in %a, out %t) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
// CHECK-LABEL: func.func @partial_producer
// CHECK:       pto_rt.scope auto {
// CHECK:         pto_orch.call @add(in %w, in %a, out %t) :

func.func @host_write(%a: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %v = arith.constant 7.0 : f32
  %y2 = pto_rt.scope auto -> (tensor<16xf32>) {
    %y1 = pto_orch.call @add(in %a, in %a, out %y) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %y1 : tensor<16xf32>
  }
  %y3 = pto_tensor.write %v, %y2[%c0] : f32, tensor<16xf32>
  func.return
}
// CHECK-LABEL: func.func @host_write
// CHECK:       pto_rt.scope auto -> (tensor<16xf32>) {
// CHECK-NEXT:    pto_orch.call @add(in %a, in %a, out %y) :

func.func @pre_loop_writer(%a: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %y1 = pto_orch.call @inc(in %a, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %y1) -> (tensor<16xf32>) {
    %acc1 = pto_orch.call @inc(in %a, inout %acc) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %acc1 : tensor<16xf32>
  }
  func.return
}
// CHECK-LABEL: func.func @pre_loop_writer
// CHECK-NOT:   pto_rt.scope
// CHECK:       pto_orch.call @inc(in %a, inout %y) :
// CHECK:       pto_orch.call @inc(in %a, inout %acc) :
// CHECK:       func.return
