// A pto_orch.parallel loop in an AUTO scope writes one row block of %o per iteration (a
// write of part of the buffer); a task after the loop in a MANUAL scope updates all of %o.
// The runtime does not order data crossing into a manual scope, so order-untracked-hazards
// carries the writers' TaskIds out of the loop, and the carry of a parallel loop with a
// constant trip count is an array with one slot per iteration: the reader waits for all four
// writers. Before the fix the pass refused these programs ("only the last iteration's TaskId
// can be carried"), and with analyze-auto-scopes=true a valid program (@auto_then_if, while
// auto-derive made the if branch a compiler-owned manual scope) stopped compiling; auto-derive
// now keeps that branch AUTO, and the tensor map orders it.

pto_orch.kernel @inc aiv (in tensor<?x16xf32>, out tensor<?x16xf32>) -> tensor<?x16xf32>
pto_orch.kernel @bump aiv (inout tensor<16x16xf32>) -> tensor<16x16xf32>

// the reader in a manual scope the user wrote
func.func @user_manual(%x: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%d = %o) -> (tensor<16x16xf32>) {
    %row = arith.muli %i, %c4 : index
    %sx = pto_tensor.slice %x[%row, %c0] : tensor<16x16xf32> to tensor<4x16xf32>
    %sd = pto_tensor.slice %d[%row, %c0] : tensor<16x16xf32> to tensor<4x16xf32>
    %w = pto_orch.call @inc(in %sx, out %sd) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %d1 = pto_tensor.assemble %w into %d[%row, %c0] : tensor<4x16xf32> into tensor<16x16xf32>
    scf.yield %d1 : tensor<16x16xf32>
  } {pto_orch.parallel}
  pto_rt.scope manual {
    %b = pto_orch.call @bump(inout %r) : (tensor<16x16xf32>) -> tensor<16x16xf32>
  }
  func.return
}

// the reader in an if branch (a compiler-owned manual scope with analyze-auto-scopes=true;
// the tensor map orders it without)
func.func @auto_then_if(%x: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%d = %o) -> (tensor<16x16xf32>) {
    %row = arith.muli %i, %c4 : index
    %sx = pto_tensor.slice %x[%row, %c0] : tensor<16x16xf32> to tensor<4x16xf32>
    %sd = pto_tensor.slice %d[%row, %c0] : tensor<16x16xf32> to tensor<4x16xf32>
    %w = pto_orch.call @inc(in %sx, out %sd) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %d1 = pto_tensor.assemble %w into %d[%row, %c0] : tensor<4x16xf32> into tensor<16x16xf32>
    scf.yield %d1 : tensor<16x16xf32>
  } {pto_orch.parallel}
  %go = arith.cmpi sgt, %n, %c0 : index
  %y = scf.if %go -> (tensor<16x16xf32>) {
    %b = pto_orch.call @bump(inout %r) : (tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %b : tensor<16x16xf32>
  } else {
    scf.yield %r : tensor<16x16xf32>
  }
  func.return
}
