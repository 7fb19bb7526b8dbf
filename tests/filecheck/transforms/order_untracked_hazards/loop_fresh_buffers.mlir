// RUN: pypto-opt --split-input-file --verify-diagnostics -p pto2-pipeline %s | filecheck %s
// RUN: pypto-opt --split-input-file --verify-diagnostics -p 'pto2-pipeline{analyze-auto-scopes=true}' %s | filecheck %s

// A loop that makes a new buffer every iteration, reads the previous one through its carry and
// yields its own: a task after the loop that writes the result uses the last iteration's
// buffer only (docs/passes/order-untracked-hazards.md, "Loops that make a new buffer every
// iteration"). The reads of the carry read earlier buffers: no edge; a read of this iteration's
// buffer matters in the last iteration only: the loop carries that TaskId.
// (Executed: tests/test_loop_fresh_buffers.py.)
pto_orch.kernel @step aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @bump aiv (inout tensor<16xf32>) -> tensor<16xf32>
func.func @last_reader(%x: tensor<16xf32>, %s: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x0 = pto_tensor.create : tensor<16xf32>
  %x1 = pto_orch.call @step(%x, %x0) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %r, %sr = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x1, %si = %s) -> (tensor<16xf32>, tensor<16xf32>) {
    %t = pto_tensor.create : tensor<16xf32>
    %t1 = pto_orch.call @step(%acc, %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %s1 = pto_orch.call @step(%t1, %si) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %t1, %s1 : tensor<16xf32>, tensor<16xf32>
  }
  %r2 = pto_orch.call @bump(%r) : (tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// CHECK-LABEL: func.func @last_reader
// CHECK:         %r, %sr, %[[LAST:.*]] = scf.for {{.*}} iter_args(%acc = %x1, %si = %s, %{{.*}} = %none)
// CHECK:           %{{.*}}, %[[S:.*]], %[[ST:.*]] = pto_rt.scope auto
// CHECK-NEXT:        %t1 = pto_orch.call @step(in %acc, inout %t) :
// CHECK:             %s1, %[[T:.*]] = pto_orch.submit @step(in %t1, inout %si)
// CHECK:             pto_rt.yield %t1, %s1, %[[T]] :
// CHECK:           scf.yield %{{.*}}, %[[S]], %[[ST]] :
// CHECK:         pto_orch.call @bump(inout %r) compiler_deps(%[[LAST]] : !pto_orch.task_id) :

// -----

// The loop's result may be an earlier iteration's buffer (an scf.if yields this iteration's
// or the carry): the reads of the carry may read the result's buffer in any iteration, and
// only the last iteration's TaskId can be carried: still refused.
pto_orch.kernel @step aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @bump aiv (inout tensor<16xf32>) -> tensor<16xf32>
func.func @maybe_earlier(%x: tensor<16xf32>, %s: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x0 = pto_tensor.create : tensor<16xf32>
  %x1 = pto_orch.call @step(%x, %x0) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %r, %sr = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x1, %si = %s) -> (tensor<16xf32>, tensor<16xf32>) {
    %t = pto_tensor.create : tensor<16xf32>
    %s1 = pto_orch.call @step(%acc, %si) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %t1 = pto_orch.call @step(%x, %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %next = scf.if %c -> (tensor<16xf32>) {
      scf.yield %t1 : tensor<16xf32>
    } else {
      scf.yield %acc : tensor<16xf32>
    }
    scf.yield %next, %s1 : tensor<16xf32>, tensor<16xf32>
  }
  // expected-error@+1 {{'pto_orch.call' op must run after 'pto_orch.call' @step at}}
  %r2 = pto_orch.call @bump(%r) : (tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// -----

// The loop also passes on the carry it received (its second result is the one before the
// last iteration's buffer), and the task after the loop writes that one: refused as before.
pto_orch.kernel @step aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @bump aiv (inout tensor<16xf32>) -> tensor<16xf32>
func.func @passed_on(%x: tensor<16xf32>, %s: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x0 = pto_tensor.create : tensor<16xf32>
  %x1 = pto_orch.call @step(%x, %x0) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %r, %old, %sr = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x1, %prev = %x1, %si = %s) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) {
    %t = pto_tensor.create : tensor<16xf32>
    %s1 = pto_orch.call @step(%acc, %si) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %t1 = pto_orch.call @step(%x, %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %t1, %acc, %s1 : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
  }
  // expected-error@+1 {{'pto_orch.call' op must run after 'pto_orch.call' @step at}}
  %r2 = pto_orch.call @bump(%old) : (tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// -----

// @add reads this iteration's buffer and the parameter %w; @bump2 writes the loop's result
// and %w. On the new buffer's root the carried TaskId of the last @add is enough; on %w every
// @add reads it and only the last can be carried: refused, whichever root comes first (the
// first, decided as the last iteration's, settled the pair, and the earlier @adds raced
// with @bump2 on %w).
pto_orch.kernel @step aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @add aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @bump2 aiv (inout tensor<16xf32>, inout tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) returns [0, 1]
func.func @two_roots(%x: tensor<16xf32>, %w: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x0 = pto_tensor.create : tensor<16xf32>
  %x1 = pto_orch.call @step(%x, %x0) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x1) -> (tensor<16xf32>) {
    %t = pto_tensor.create : tensor<16xf32>
    %t1 = pto_orch.call @step(%acc, %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %u = pto_tensor.create : tensor<16xf32>
    %u1 = pto_orch.call @add(%t1, %w, %u) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %t1 : tensor<16xf32>
  }
  // expected-error@+1 {{'pto_orch.call' op must run after 'pto_orch.call' @add at}}
  %r2, %w2 = pto_orch.call @bump2(%r, %w) : (tensor<16xf32>, tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>)
  func.return
}
