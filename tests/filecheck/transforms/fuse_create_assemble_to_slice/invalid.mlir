// fuse-create-assemble-to-slice rejects, with a located error, every assemble it cannot make
// a no-op: the PTO2 runtime has no copy at orchestration level, so printing nothing for it
// would leave the target unwritten.
// RUN: pypto-opt -p fuse-create-assemble-to-slice --split-input-file --print-diagnostics %s | filecheck %s

pto_orch.kernel @fill aiv (out tensor<1x8xf32>) -> tensor<1x8xf32>
func.func @param_source(%a: tensor<1x8xf32>, %y: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<4x8xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %y1 = pto_tensor.assemble %a into %y[%c0, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
  func.return %y1 : tensor<4x8xf32>
}
// CHECK: :[[# @LINE - 3]]:3: error: 'pto_tensor.assemble' op copies %a into %y, which no PTO2 task does (the runtime has no copy at orchestration level): let the task write a pto_tensor.slice of the target at these offsets (then the assemble is a no-op), or write a pto_tensor.create'd tensor that is assembled only here

// -----

// A slice of the target at other offsets is a copy too.
pto_orch.kernel @fill aiv (out tensor<1x8xf32>) -> tensor<1x8xf32>
func.func @other_offsets(%y: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<4x8xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = pto_tensor.slice %y[%c0, %c0] : tensor<4x8xf32> to tensor<1x8xf32>
  %s1 = pto_orch.call @fill(%s) : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %y1 = pto_tensor.assemble %s1 into %y[%c1, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
  func.return %y1 : tensor<4x8xf32>
}
// CHECK: :[[# @LINE - 3]]:3: error: 'pto_tensor.assemble' op copies %s1 into %y, which no PTO2 task does (the runtime has no copy at orchestration level): let the task write a pto_tensor.slice of the target at these offsets (then the assemble is a no-op), or write a pto_tensor.create'd tensor that is assembled only here

// -----

pto_orch.kernel @fill aiv (out tensor<1x8xf32>) -> tensor<1x8xf32>
func.func @twice(%y: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<4x8xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = pto_tensor.create : tensor<1x8xf32>
  %a1 = pto_orch.call @fill(%a) : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %y1 = pto_tensor.assemble %a1 into %y[%c0, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
  %y2 = pto_tensor.assemble %a1 into %y1[%c1, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
  func.return %y2 : tensor<4x8xf32>
}
// CHECK: :[[# @LINE - 3]]:3: error: 'pto_tensor.assemble' op assembles the tensor created at [[# @LINE - 6]]:3, which is already assembled at [[# @LINE - 4]]:3: a created tensor can become a view of one target only (create one tensor per assemble)

// -----

pto_orch.kernel @fill aiv (out tensor<1x8xf32>) -> tensor<1x8xf32>
func.func @other_block(%y: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<4x8xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = pto_tensor.create : tensor<1x8xf32>
  %a1 = pto_orch.call @fill(%a) : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %y) -> (tensor<4x8xf32>) {
    %acc1 = pto_tensor.assemble %a1 into %acc[%i, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
    scf.yield %acc1 : tensor<4x8xf32>
  }
  func.return %r : tensor<4x8xf32>
}
// CHECK: :[[# @LINE - 5]]:5: error: 'pto_tensor.assemble' op assembles the tensor created at [[# @LINE - 8]]:3 in another block: create it in the block of the assemble, so that it can become a view of the target

// -----

pto_orch.kernel @fill aiv (out tensor<1x8xf32>) -> tensor<1x8xf32>
pto_orch.kernel @use aiv (in tensor<1x8xf32>, out tensor<1x8xf32>) -> tensor<1x8xf32>
func.func @used_after(%y: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<out>}, %z: tensor<1x8xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> (tensor<4x8xf32>, tensor<1x8xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %a = pto_tensor.create : tensor<1x8xf32>
  %a1 = pto_orch.call @fill(%a) : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %y1 = pto_tensor.assemble %a1 into %y[%c0, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
  %z1 = pto_orch.call @use(%a1, %z) : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  func.return %y1, %z1 : tensor<4x8xf32>, tensor<1x8xf32>
}
// CHECK: :[[# @LINE - 4]]:3: error: 'pto_tensor.assemble' op assembles %a1, whose buffer is used after the assemble (at [[# @LINE - 3]]:3): use the target there instead

// -----

pto_orch.kernel @fill aiv (out tensor<1x8xf32>) -> tensor<1x8xf32>
pto_orch.kernel @init aiv (out tensor<4x8xf32>) -> tensor<4x8xf32>
func.func @target_too_late(%y: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<4x8xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %a = pto_tensor.create : tensor<1x8xf32>
  %a1 = pto_orch.call @fill(%a) : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %y1 = pto_orch.call @init(%y) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %y2 = pto_tensor.assemble %a1 into %y1[%c0, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
  func.return %y2 : tensor<4x8xf32>
}
// CHECK: :[[# @LINE - 3]]:3: error: 'pto_tensor.assemble' op uses %y1, defined at [[# @LINE - 4]]:3 after the created tensor is first used (at [[# @LINE - 5]]:3): define the target and the offsets before the tasks that write the created tensor

// -----

pto_orch.kernel @fill aiv (out tensor<1x8xf32>) -> tensor<1x8xf32>
pto_orch.kernel @read aiv (in tensor<4x8xf32>, out tensor<4x8xf32>) -> tensor<4x8xf32>
func.func @target_read_between(%y: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<out>}, %z: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> (tensor<4x8xf32>, tensor<4x8xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %a = pto_tensor.create : tensor<1x8xf32>
  %a1 = pto_orch.call @fill(%a) : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %z1 = pto_orch.call @read(%y, %z) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %y1 = pto_tensor.assemble %a1 into %y[%c0, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
  func.return %y1, %z1 : tensor<4x8xf32>, tensor<4x8xf32>
}
// CHECK: :[[# @LINE - 3]]:3: error: 'pto_tensor.assemble' op cannot place %a1 in %y: 'pto_orch.call' at [[# @LINE - 4]]:3 uses the target's buffer after the created tensor is first written and before the assemble, so writing the target in place would change what it sees: move it before the first write or after the assemble

// -----

pto_orch.kernel @fill aiv (out tensor<1x8xf32>) -> tensor<1x8xf32>
func.func @merged(%b: tensor<1x8xf32>, %y: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<out>}, %c: i1) -> tensor<4x8xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %a = pto_tensor.create : tensor<1x8xf32>
  %a1 = pto_orch.call @fill(%a) : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %p = scf.if %c -> (tensor<1x8xf32>) {
    scf.yield %a1 : tensor<1x8xf32>
  } else {
    scf.yield %b : tensor<1x8xf32>
  }
  %y1 = pto_tensor.assemble %p into %y[%c0, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
  func.return %y1 : tensor<4x8xf32>
}
// CHECK: :[[# @LINE - 3]]:3: error: 'pto_tensor.assemble' op copies %p into %y, which no PTO2 task does (the runtime has no copy at orchestration level); its source may be more than one buffer (a loop or if merges them): let the task write a pto_tensor.slice of the target at these offsets (then the assemble is a no-op), or write a pto_tensor.create'd tensor that is assembled only here

// -----

// A create with an initial value: as a view of the target it would start with the target's
// data (y[0:4] = y + x instead of x). Found by a breaker session.
pto_orch.kernel @acc aiv (in tensor<4x16xf32>, inout tensor<4x16xf32>) -> tensor<4x16xf32>
func.func @init_value(%x: tensor<4x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c = pto_tensor.create init(0.0 : f32) : tensor<4x16xf32>
  %c1 = pto_orch.call @acc(in %x, inout %c) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  %y1 = pto_tensor.assemble %c1 into %y[%c0, %c0] : tensor<4x16xf32> into tensor<16x16xf32>
  func.return
}
// CHECK: :[[# @LINE - 3]]:3: error: 'pto_tensor.assemble' op assembles the tensor created at [[# @LINE - 5]]:3 with an initial value: as a view of the target it would start with the target's data, not that value (the runtime cannot fill a view): create it without init and let a task write all of it first

// -----

// A second writer of the created tensor that also reads the target: after the fusion it would
// read what the first writer left there, not the target as it was before the assemble (the
// first writer may, it works in place). Found by a breaker session.
pto_orch.kernel @acc16 aiv (in tensor<16x16xf32>, inout tensor<4x16xf32>) -> tensor<4x16xf32>
pto_orch.kernel @fill aiv (in tensor<4x16xf32>, out tensor<4x16xf32>) -> tensor<4x16xf32>
func.func @second_writer_reads_target(%x: tensor<4x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c = pto_tensor.create : tensor<4x16xf32>
  %c1 = pto_orch.call @fill(in %x, out %c) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  %c2 = pto_orch.call @acc16(in %y, inout %c1) : (tensor<16x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  %y1 = pto_tensor.assemble %c2 into %y[%c0, %c0] : tensor<4x16xf32> into tensor<16x16xf32>
  func.return
}
// CHECK: :[[# @LINE - 3]]:3: error: 'pto_tensor.assemble' op cannot place %c2 in %y: 'pto_orch.call' at [[# @LINE - 4]]:3 uses the target's buffer after the created tensor is first written and before the assemble, so writing the target in place would change what it sees: move it before the first write or after the assemble
