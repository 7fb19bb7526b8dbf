// The argument-pack options of call and submit (docs/dialects/pto_orch.md, "Task options"):
// the launch spec (a constant or a value block count, sync_start), early_resolve and dump,
// printed back as written, unchanged through the generic form, their generic spelling, and
// generic text written before the block count operand existed (one segment fewer) still read.
// RUN: pypto-opt %s | filecheck %s
// RUN: pypto-opt %s --print-op-generic | pypto-opt | filecheck %s
// RUN: pypto-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: pypto-opt %s --print-op-generic | sed -e 's/array<i32: 3, 0, 0>/array<i32: 3, 0>/' | pypto-opt | filecheck %s --check-prefix=OLD

pto_orch.kernel @k aiv (in tensor<8xf32>, in index, out tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @m aic (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @mix group<@m, @v> (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @v aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>

func.func @f(%a: tensor<8xf32>, %n: index, %w: i32, %o: tensor<8xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  // CHECK: %o1 = pto_orch.call @k(in %a, scalar %n, out %o) launch(20) : (tensor<8xf32>, index, tensor<8xf32>) -> tensor<8xf32>
  %o1 = pto_orch.call @k(in %a, scalar %n, out %o) launch(20) : (tensor<8xf32>, index, tensor<8xf32>) -> tensor<8xf32>
  // CHECK-NEXT: %o2, %t2 = pto_orch.submit @k(in %a, scalar %n, out %o1) launch(%n : index, sync_start) early_resolve dump [0, 1, 2] : (tensor<8xf32>, index, tensor<8xf32>) -> tensor<8xf32>
  %o2, %t2 = pto_orch.submit @k(in %a, scalar %n, out %o1) launch(%n : index, sync_start) early_resolve dump [0, 1, 2] : (tensor<8xf32>, index, tensor<8xf32>) -> tensor<8xf32>
  // CHECK-NEXT: %o3, %t3 = pto_orch.submit @mix(in %a, out %o2) launch(%w : i32) dump [1] deps(%t2 : !pto_orch.task_id) {note = "x"} : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %o3, %t3 = pto_orch.submit @mix(in %a, out %o2) launch(%w : i32) dump [1] deps(%t2 : !pto_orch.task_id) {note = "x"} : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  // A trailing `out` the runtime allocates is a position too (here 1).
  // CHECK-NEXT: %r = pto_orch.call @m(%a) early_resolve dump [1] : (tensor<8xf32>) -> tensor<8xf32>
  %r = pto_orch.call @m(%a) early_resolve dump [1] : (tensor<8xf32>) -> tensor<8xf32>
  // CHECK-NEXT: %o4 = pto_orch.call @v(in %r, out %o3) launch(1, sync_start) compiler_deps(%t3 : !pto_orch.task_id) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %o4 = pto_orch.call @v(in %r, out %o3) launch(1, sync_start) compiler_deps(%t3 : !pto_orch.task_id) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  func.return
}

// GENERIC: %o1 = "pto_orch.call"(%a, %n, %o) <{callee = @k, arg_dirs = [#pto_orch.arg_dir<in>, #pto_orch.arg_dir<scalar>, #pto_orch.arg_dir<out>], block_num = 20 : i64, operandSegmentSizes = array<i32: 3, 0, 0>}> : (tensor<8xf32>, index, tensor<8xf32>) -> tensor<8xf32>
// GENERIC-NEXT: %o2, %t2 = "pto_orch.submit"(%a, %n, %o1, %n) <{callee = @k, arg_dirs = [#pto_orch.arg_dir<in>, #pto_orch.arg_dir<scalar>, #pto_orch.arg_dir<out>], sync_start, early_resolve, dump_args = array<i64: 0, 1, 2>, operandSegmentSizes = array<i32: 3, 0, 0, 1>}> : (tensor<8xf32>, index, tensor<8xf32>, index) -> (tensor<8xf32>, !pto_orch.task_id)
// GENERIC-NEXT: %o3, %t3 = "pto_orch.submit"(%a, %o2, %t2, %w) <{callee = @mix, arg_dirs = [#pto_orch.arg_dir<in>, #pto_orch.arg_dir<out>], dump_args = array<i64: 1>, operandSegmentSizes = array<i32: 2, 1, 0, 1>}> {note = "x"} : (tensor<8xf32>, tensor<8xf32>, !pto_orch.task_id, i32) -> (tensor<8xf32>, !pto_orch.task_id)
// GENERIC-NEXT: %r = "pto_orch.call"(%a) <{callee = @m, early_resolve, dump_args = array<i64: 1>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<8xf32>) -> tensor<8xf32>
// GENERIC-NEXT: %o4 = "pto_orch.call"(%r, %o3, %t3) <{callee = @v, arg_dirs = [#pto_orch.arg_dir<in>, #pto_orch.arg_dir<out>], block_num = 1 : i64, sync_start, operandSegmentSizes = array<i32: 2, 1, 0>}> : (tensor<8xf32>, tensor<8xf32>, !pto_orch.task_id) -> tensor<8xf32>

// OLD: %o1 = pto_orch.call @k(in %a, scalar %n, out %o) launch(20) : (tensor<8xf32>, index, tensor<8xf32>) -> tensor<8xf32>
