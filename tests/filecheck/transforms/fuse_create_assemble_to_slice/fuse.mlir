// fuse-create-assemble-to-slice: every pto_tensor.assemble disappears. A created source
// becomes a pto_tensor.slice of the target at the assemble's offsets (placed before the
// first use of the created tensor), so its writers write the target in place; a source that
// already is that slice makes the assemble a no-op. The assemble's result is the target.
// RUN: pypto-opt -p fuse-create-assemble-to-slice %s | filecheck %s
// RUN: pypto-opt -p fuse-create-assemble-to-slice %s | pypto-opt -p fuse-create-assemble-to-slice | filecheck %s
// RUN: pypto-opt -p fuse-create-assemble-to-slice %s | filecheck %s --check-prefix=GONE

// GONE: func.func @rows(
// GONE-NOT: pto_tensor.assemble

pto_orch.kernel @fill_row aiv (in tensor<4x8xf32>, in index, out tensor<1x8xf32>) -> tensor<1x8xf32>
pto_orch.kernel @fill aiv (out tensor<?x8xf32>) -> tensor<?x8xf32>
pto_orch.kernel @acc_row aiv (in tensor<4x8xf32>, inout tensor<1x8xf32>) -> tensor<1x8xf32>
pto_orch.kernel @tile aiv (in tensor<1x8xf32>, out tensor<1x8xf32>) -> tensor<1x8xf32>

// Functions that are not orchestration functions are left alone.
// CHECK-LABEL: func.func @not_orchestration(
// CHECK:        pto_tensor.assemble
func.func @not_orchestration(%a: tensor<1x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %c0 = arith.constant 0 : index
  %y1 = pto_tensor.assemble %a into %y[%c0, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
  func.return %y1 : tensor<4x8xf32>
}

// The upstream example: one row per iteration; the carry becomes pass-through (%acc).
// CHECK-LABEL: func.func @rows(
// CHECK:        %res = scf.for %r = %c0 to %c4 step %c1 iter_args(%acc = %out) -> (tensor<4x8xf32>) {
// CHECK-NEXT:     %row = pto_tensor.slice %acc[%r, %c0] : tensor<4x8xf32> to tensor<1x8xf32>
// CHECK-NEXT:     %row1 = pto_orch.call @fill_row(%x, %r, %row) : (tensor<4x8xf32>, index, tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT:     scf.yield %acc : tensor<4x8xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.return %res : tensor<4x8xf32>
func.func @rows(%x: tensor<4x8xf32>, %out: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<4x8xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %res = scf.for %r = %c0 to %c4 step %c1 iter_args(%acc = %out) -> (tensor<4x8xf32>) {
    %row = pto_tensor.create : tensor<1x8xf32>
    %row1 = pto_orch.call @fill_row(%x, %r, %row) : (tensor<4x8xf32>, index, tensor<1x8xf32>) -> tensor<1x8xf32>
    %acc1 = pto_tensor.assemble %row1 into %acc[%r, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
    scf.yield %acc1 : tensor<4x8xf32>
  }
  func.return %res : tensor<4x8xf32>
}

// An offset computed after the create but before its first use: the slice goes right before
// the first use. Dynamic extents carry over (`sizes`). Uses of the assemble's result use the
// target.
// CHECK-LABEL: func.func @late_offset(
// CHECK:        %row = arith.muli %i, %c2 : index
// CHECK-NEXT:   %part = pto_tensor.slice %y[%row, %c0] sizes(%n) : tensor<16x8xf32> to tensor<?x8xf32>
// CHECK-NEXT:   %part1 = pto_orch.call @fill(%part) : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT:   %v = pto_tensor.read %y[%c0, %c0] : tensor<16x8xf32> -> f32
func.func @late_offset(%y: tensor<16x8xf32> {pto_orch.dir = #pto_orch.dir<out>}, %i: index, %n: index) -> f32 attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %part = pto_tensor.create(%n) : tensor<?x8xf32>
  %row = arith.muli %i, %c2 : index
  %part1 = pto_orch.call @fill(%part) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %y1 = pto_tensor.assemble %part1 into %y[%row, %c0] : tensor<?x8xf32> into tensor<16x8xf32>
  %v = pto_tensor.read %y1[%c0, %c0] : tensor<16x8xf32> -> f32
  func.return %v : f32
}

// The created tensor is filled by a loop (an accumulation), then assembled: the loop's
// carry is the target's view.
// CHECK-LABEL: func.func @filled_in_loop(
// CHECK:        %row = pto_tensor.slice %y[%c1, %c0] : tensor<4x8xf32> to tensor<1x8xf32>
// CHECK-NEXT:   %row2 = scf.for %k = %c0 to %c4 step %c1 iter_args(%r = %row) -> (tensor<1x8xf32>) {
// CHECK-NEXT:     %r1 = pto_orch.call @acc_row(%x, %r) : (tensor<4x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT:     scf.yield %r1 : tensor<1x8xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.return %y : tensor<4x8xf32>
func.func @filled_in_loop(%x: tensor<4x8xf32>, %y: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<4x8xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %row = pto_tensor.create : tensor<1x8xf32>
  %row2 = scf.for %k = %c0 to %c4 step %c1 iter_args(%r = %row) -> (tensor<1x8xf32>) {
    %r1 = pto_orch.call @acc_row(%x, %r) : (tensor<4x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
    scf.yield %r1 : tensor<1x8xf32>
  }
  %y1 = pto_tensor.assemble %row2 into %y[%c1, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
  func.return %y1 : tensor<4x8xf32>
}

// The task that writes the created tensor may read the target (it then works in place on
// that region); other readers of the created tensor before the assemble read the view.
// CHECK-LABEL: func.func @in_place(
// CHECK:        %src = pto_tensor.slice %y[%c1, %c0] : tensor<4x8xf32> to tensor<1x8xf32>
// CHECK-NEXT:   %d = pto_tensor.slice %y[%c1, %c0] : tensor<4x8xf32> to tensor<1x8xf32>
// CHECK-NEXT:   %d1 = pto_orch.call @tile(%src, %d) : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT:   %e = pto_tensor.create : tensor<1x8xf32>
// CHECK-NEXT:   %e1 = pto_orch.call @tile(%d1, %e) : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT:   func.return %y, %e1 : tensor<4x8xf32>, tensor<1x8xf32>
func.func @in_place(%y: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<inout>}) -> (tensor<4x8xf32>, tensor<1x8xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %src = pto_tensor.slice %y[%c1, %c0] : tensor<4x8xf32> to tensor<1x8xf32>
  %d = pto_tensor.create : tensor<1x8xf32>
  %d1 = pto_orch.call @tile(%src, %d) : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  %e = pto_tensor.create : tensor<1x8xf32>
  %e1 = pto_orch.call @tile(%d1, %e) : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  %y1 = pto_tensor.assemble %d1 into %y[%c1, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
  func.return %y1, %e1 : tensor<4x8xf32>, tensor<1x8xf32>
}

// No-op assembles: the source already is the same-shape slice of the target at the same
// offsets (equal constants count as the same offset), after a task wrote it in place.
// CHECK-LABEL: func.func @noop(
// CHECK:        %dst = pto_tensor.slice %y[%c1, %c0] : tensor<4x8xf32> to tensor<1x8xf32>
// CHECK-NEXT:   %dst1 = pto_orch.call @fill_row(%x, %c1, %dst) : (tensor<4x8xf32>, index, tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT:   %one = arith.constant 1 : index
// CHECK-NEXT:   func.return %y : tensor<4x8xf32>
func.func @noop(%x: tensor<4x8xf32>, %y: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<4x8xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %dst = pto_tensor.slice %y[%c1, %c0] : tensor<4x8xf32> to tensor<1x8xf32>
  %dst1 = pto_orch.call @fill_row(%x, %c1, %dst) : (tensor<4x8xf32>, index, tensor<1x8xf32>) -> tensor<1x8xf32>
  %one = arith.constant 1 : index
  %y1 = pto_tensor.assemble %dst1 into %y[%one, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
  func.return %y1 : tensor<4x8xf32>
}

// Inside a user manual scope, and in the branches of an scf.if: the same rewrite.
// CHECK-LABEL: func.func @manual_and_if(
// CHECK:          %row = pto_tensor.slice %acc[%r, %c0] : tensor<4x8xf32> to tensor<1x8xf32>
// CHECK-NEXT:     %row1, %t = pto_orch.submit @fill_row(%x, %r, %row) deps(%prev : !pto_orch.task_id) : (tensor<4x8xf32>, index, tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT:     scf.yield %acc, %t : tensor<4x8xf32>, !pto_orch.task_id
// CHECK:        %z = scf.if %cond -> (tensor<4x8xf32>) {
// CHECK-NEXT:     %a = pto_tensor.slice %fin[%c0, %c0] : tensor<4x8xf32> to tensor<1x8xf32>
// CHECK-NEXT:     %a1 = pto_orch.call @fill_row(%x, %c0, %a) : (tensor<4x8xf32>, index, tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT:     scf.yield %fin : tensor<4x8xf32>
// CHECK-NEXT:   } else {
// CHECK-NEXT:     scf.yield %fin : tensor<4x8xf32>
// CHECK-NEXT:   }
func.func @manual_and_if(%x: tensor<4x8xf32>, %out: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<out>}, %cond: i1) -> tensor<4x8xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %fin = pto_rt.scope manual -> (tensor<4x8xf32>) {
    %none = pto_system.task_invalid
    %res, %last = scf.for %r = %c0 to %c4 step %c1 iter_args(%acc = %out, %prev = %none) -> (tensor<4x8xf32>, !pto_orch.task_id) {
      %row = pto_tensor.create : tensor<1x8xf32>
      %row1, %t = pto_orch.submit @fill_row(%x, %r, %row) deps(%prev : !pto_orch.task_id) : (tensor<4x8xf32>, index, tensor<1x8xf32>) -> tensor<1x8xf32>
      %acc1 = pto_tensor.assemble %row1 into %acc[%r, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
      scf.yield %acc1, %t : tensor<4x8xf32>, !pto_orch.task_id
    }
    pto_rt.yield %res : tensor<4x8xf32>
  }
  %z = scf.if %cond -> (tensor<4x8xf32>) {
    %a = pto_tensor.create : tensor<1x8xf32>
    %a1 = pto_orch.call @fill_row(%x, %c0, %a) : (tensor<4x8xf32>, index, tensor<1x8xf32>) -> tensor<1x8xf32>
    %f1 = pto_tensor.assemble %a1 into %fin[%c0, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
    scf.yield %f1 : tensor<4x8xf32>
  } else {
    scf.yield %fin : tensor<4x8xf32>
  }
  func.return %z : tensor<4x8xf32>
}

// Two parts into two rows of one target, assembled one after the other (the second assemble's
// target is the first one's result, which becomes %y).
// CHECK-LABEL: func.func @two_parts(
// CHECK:        %a = pto_tensor.slice %y[%c0, %c0] : tensor<2x8xf32> to tensor<1x8xf32>
// CHECK-NEXT:   %a1 = pto_orch.call @fill_row(%x, %c0, %a) : (tensor<4x8xf32>, index, tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT:   %b = pto_tensor.slice %y[%c1, %c0] : tensor<2x8xf32> to tensor<1x8xf32>
// CHECK-NEXT:   %b1 = pto_orch.call @fill_row(%x, %c1, %b) : (tensor<4x8xf32>, index, tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT:   func.return %y : tensor<2x8xf32>
func.func @two_parts(%x: tensor<4x8xf32>, %y: tensor<2x8xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<2x8xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = pto_tensor.create : tensor<1x8xf32>
  %b = pto_tensor.create : tensor<1x8xf32>
  %a1 = pto_orch.call @fill_row(%x, %c0, %a) : (tensor<4x8xf32>, index, tensor<1x8xf32>) -> tensor<1x8xf32>
  %b1 = pto_orch.call @fill_row(%x, %c1, %b) : (tensor<4x8xf32>, index, tensor<1x8xf32>) -> tensor<1x8xf32>
  %y1 = pto_tensor.assemble %a1 into %y[%c0, %c0] : tensor<1x8xf32> into tensor<2x8xf32>
  %y2 = pto_tensor.assemble %b1 into %y1[%c1, %c0] : tensor<1x8xf32> into tensor<2x8xf32>
  func.return %y2 : tensor<2x8xf32>
}
