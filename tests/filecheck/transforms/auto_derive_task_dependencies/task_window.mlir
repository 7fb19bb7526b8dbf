// auto-derive-task-dependencies{analyze-auto-scopes=true}: a loop body made one compiler-owned
// MANUAL scope holds the tasks of every loop inside it. The runtime lets at most
// PTO2_TASK_WINDOW_SIZE - 1 = 16383 tasks (allocations included) be submitted directly in one
// scope (more is its fatal "scope deadlock"), while without the option each inner iteration is
// a scope of its own. So a loop body or branch qualifies only when its task instances per
// instance are fewer than that (constant trip counts around its inner tasks), as the function
// body did already. Before this, @big's outer body became one MANUAL scope of 20000 tasks
// (found by a breaker session).
// RUN: pypto-opt -p 'auto-derive-task-dependencies{analyze-auto-scopes=true}' %s | filecheck %s
// RUN: pypto-opt -p 'pto2-pipeline{analyze-auto-scopes=true}' %s | filecheck %s --check-prefix=PIPE

pto_orch.kernel @acc aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>

// CHECK-LABEL: func.func @big
// CHECK-NOT:   manual_candidate
// CHECK-LABEL: func.func @dynamic
// PIPE-LABEL:  func.func @big
// PIPE-NOT:    manual
// PIPE:        scf.for %i
// PIPE-NEXT:   pto_rt.scope auto
// PIPE-LABEL:  func.func @dynamic
func.func @big(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %big = arith.constant 16384 : index
  %r = scf.for %j = %c0 to %n step %c1 iter_args(%oo = %o) -> (tensor<16xf32>) {
    %r2 = scf.for %i = %c0 to %big step %c1 iter_args(%o2 = %oo) -> (tensor<16xf32>) {
      %o1 = pto_orch.call @acc(in %x, inout %o2) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %o1 : tensor<16xf32>
    }
    scf.yield %r2 : tensor<16xf32>
  }
  func.return
}

// An inner loop of dynamic trip count: as many tasks as it runs, no bound.
// CHECK-NOT:   manual_candidate
// CHECK-LABEL: func.func @fits
// PIPE-NOT:    manual
// PIPE-LABEL:  func.func @fits
// PIPE-NOT:    pto_rt.scope auto -> (tensor<16xf32>)
func.func @dynamic(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %j = %c0 to %n step %c1 iter_args(%oo = %o) -> (tensor<16xf32>) {
    %r2 = scf.for %i = %c0 to %n step %c1 iter_args(%o2 = %oo) -> (tensor<16xf32>) {
      %o1 = pto_orch.call @acc(in %x, inout %o2) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %o1 : tensor<16xf32>
    }
    scf.yield %r2 : tensor<16xf32>
  }
  func.return
}

// The most the window allows (16383 tasks): one manual scope per outer iteration.
// CHECK:       pto_orch.call @acc(in %x, output_existing %o2) {manual_candidate}
// PIPE:        scf.for %j
// PIPE:        pto_rt.scope manual compiler_owned
// PIPE:        scf.for %i = %c0 to %big step %c1
func.func @fits(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %big = arith.constant 16383 : index
  %r = scf.for %j = %c0 to %n step %c1 iter_args(%oo = %o) -> (tensor<16xf32>) {
    %r2 = scf.for %i = %c0 to %big step %c1 iter_args(%o2 = %oo) -> (tensor<16xf32>) {
      %o1 = pto_orch.call @acc(in %x, inout %o2) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %o1 : tensor<16xf32>
    }
    scf.yield %r2 : tensor<16xf32>
  }
  func.return
}
