// Every op, type and attribute of the pto_orch dialect in custom form: printed back as
// written, unchanged through the generic form, and the generic spelling of the properties
// that the custom form prints inline (directions, memory spaces, group members, returns).
// RUN: pypto-opt %s | filecheck %s
// RUN: pypto-opt %s --print-op-generic | pypto-opt | filecheck %s
// RUN: pypto-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// Kernels: every kind (aiv, aic, spmd, incore<space> for each memory space, group, dual-AIV group),
// in/out/inout and scalar parameters, no results, several results with returns [...].
// CHECK: pto_orch.kernel @k_aiv aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @k_aiv aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
// CHECK-NEXT: pto_orch.kernel @k_aic aic (in tensor<16x16xf32>, inout tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @k_aic aic (in tensor<16x16xf32>, inout tensor<16x16xf32>) -> tensor<16x16xf32>
// CHECK-NEXT: pto_orch.kernel @k_spmd spmd (in tensor<16x16xf32>, out tensor<16x16xf32>)
pto_orch.kernel @k_spmd spmd (in tensor<16x16xf32>, out tensor<16x16xf32>)
// CHECK-NEXT: pto_orch.kernel @k_left incore<left> (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @k_left incore<left> (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
// CHECK-NEXT: pto_orch.kernel @k_right incore<right> (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @k_right incore<right> (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
// CHECK-NEXT: pto_orch.kernel @k_acc incore<acc> (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @k_acc incore<acc> (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
// CHECK-NEXT: pto_orch.kernel @k_mat incore<mat> (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @k_mat incore<mat> (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
// CHECK-NEXT: pto_orch.kernel @k_vec incore<vec> (in tensor<?x16xf32>, in index, in f32, in i64, out tensor<?x16xf32>) -> tensor<?x16xf32>
pto_orch.kernel @k_vec incore<vec> (in tensor<?x16xf32>, in index, in f32, in i64, out tensor<?x16xf32>) -> tensor<?x16xf32>
// CHECK-NEXT: pto_orch.kernel @k_group group<@k_aic_m, @k_aiv_m> (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @k_group group<@k_aic_m, @k_aiv_m> (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
// CHECK-NEXT: pto_orch.kernel @k_dual group<@k_aiv_m, @k_aiv_m> (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @k_dual group<@k_aiv_m, @k_aiv_m> (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
// CHECK-NEXT: pto_orch.kernel @k_aic_m aic (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @k_aic_m aic (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
// CHECK-NEXT: pto_orch.kernel @k_aiv_m aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @k_aiv_m aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
// CHECK-NEXT: pto_orch.kernel @k_tuple aiv (in tensor<16x16xf32>, out tensor<16x16xf32>, out tensor<16xf32>) -> (tensor<16xf32>, tensor<16x16xf32>) returns [2, 1]
pto_orch.kernel @k_tuple aiv (in tensor<16x16xf32>, out tensor<16x16xf32>, out tensor<16xf32>) -> (tensor<16xf32>, tensor<16x16xf32>) returns [2, 1]
// CHECK-NEXT: pto_orch.kernel @k_none aiv (in tensor<16x16xf32>){{$}}
pto_orch.kernel @k_none aiv (in tensor<16x16xf32>) -> ()
// CHECK-NEXT: pto_orch.kernel @k_attrs aiv (in tensor<16x16xf32>) attributes {note = "kept"}
pto_orch.kernel @k_attrs aiv (in tensor<16x16xf32>) attributes {note = "kept"}

// The orchestration function: kind, every parameter direction, manual_layer, auto_scope;
// calls with and without directions (all five), submits with deps / compiler_deps
// (TaskIds and TaskId arrays), TaskId arrays, the loop attributes of the carry plan.
// CHECK-LABEL: func.func @orch(%a: tensor<16x16xf32>, %b: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<in>}, %io: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %d: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %x: tensor<?x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index, %s: f32, %m: i64) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_orch.manual_layer, pto_rt.auto_scope = true} {
func.func @orch(%a: tensor<16x16xf32>, %b: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<in>}, %io: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %d: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %x: tensor<?x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index, %s: f32, %m: i64) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_orch.manual_layer, pto_rt.auto_scope = true} {
  // CHECK-NEXT: %c = pto_tensor.create : tensor<16x16xf32>
  %c = pto_tensor.create : tensor<16x16xf32>
  // CHECK-NEXT: %c1 = pto_orch.call @k_aiv(%a, %b, %c) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %c1 = pto_orch.call @k_aiv(%a, %b, %c) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  // CHECK-NEXT: %c2 = pto_orch.call @k_aiv(in %c1, no_dep %b, out %c) {manual_candidate} : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  // (the older discardable spelling, still parsed into the property)
  %c2 = pto_orch.call @k_aiv(in %c1, no_dep %b, out %c) {pto_orch.manual_candidate} : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  // CHECK-NEXT: %c3 = pto_orch.call @k_aiv(in %a, no_dep %b, inout %c) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %c3 = pto_orch.call @k_aiv(in %a, no_dep %b, inout %c) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  // CHECK-NEXT: %io1 = pto_orch.call @k_aic(in %c2, inout %io) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %io1 = pto_orch.call @k_aic(in %c2, inout %io) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  // CHECK-NEXT: pto_orch.call @k_spmd(in %a, out %c) : (tensor<16x16xf32>, tensor<16x16xf32>) -> ()
  pto_orch.call @k_spmd(in %a, out %c) : (tensor<16x16xf32>, tensor<16x16xf32>) -> ()
  // CHECK-NEXT: %x1 = pto_orch.call @k_vec(in %x, scalar %n, scalar %s, scalar %m, out %x) : (tensor<?x16xf32>, index, f32, i64, tensor<?x16xf32>) -> tensor<?x16xf32>
  %x1 = pto_orch.call @k_vec(in %x, scalar %n, scalar %s, scalar %m, out %x) : (tensor<?x16xf32>, index, f32, i64, tensor<?x16xf32>) -> tensor<?x16xf32>
  // CHECK-NEXT: %g = pto_orch.call @k_group(in %a, out %c) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %g = pto_orch.call @k_group(in %a, out %c) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  // CHECK-NEXT: %v = pto_tensor.create : tensor<16xf32>
  %v = pto_tensor.create : tensor<16xf32>
  // CHECK-NEXT: %row, %full = pto_orch.call @k_tuple(in %a, out %c, out %v) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16xf32>) -> (tensor<16xf32>, tensor<16x16xf32>)
  %row, %full = pto_orch.call @k_tuple(in %a, out %c, out %v) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16xf32>) -> (tensor<16xf32>, tensor<16x16xf32>)
  // CHECK-NEXT: pto_orch.call @k_none(in %a) : (tensor<16x16xf32>) -> ()
  pto_orch.call @k_none(in %a) : (tensor<16x16xf32>) -> ()
  // CHECK-NEXT: %none = pto_system.task_invalid
  %none = pto_system.task_invalid
  // CHECK-NEXT: %l, %t0 = pto_orch.submit @k_left(in %a, out %c) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %l, %t0 = pto_orch.submit @k_left(in %a, out %c) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  // CHECK-NEXT: %r, %t1 = pto_orch.submit @k_right(in %a, out %c) deps(%t0, %none : !pto_orch.task_id, !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %r, %t1 = pto_orch.submit @k_right(in %a, out %c) deps(%t0, %none : !pto_orch.task_id, !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  // CHECK-NEXT: %arr = pto_orch.task_array_create : !pto_orch.task_id_array<4>
  %arr = pto_orch.task_array_create : !pto_orch.task_id_array<4>
  // CHECK-NEXT: %i0 = arith.constant 0 : index
  %i0 = arith.constant 0 : index
  // CHECK-NEXT: %arr1 = pto_orch.task_array_set %t1, %arr[%i0] : !pto_orch.task_id_array<4>
  %arr1 = pto_orch.task_array_set %t1, %arr[%i0] : !pto_orch.task_id_array<4>
  // CHECK-NEXT: %t2 = pto_orch.task_array_get %arr1[%i0] : !pto_orch.task_id_array<4>
  %t2 = pto_orch.task_array_get %arr1[%i0] : !pto_orch.task_id_array<4>
  // CHECK-NEXT: %acc, %t3 = pto_orch.submit @k_acc(in %a, out %c) deps(%arr1 : !pto_orch.task_id_array<4>) compiler_deps(%t2 : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %acc, %t3 = pto_orch.submit @k_acc(in %a, out %c) deps(%arr1 : !pto_orch.task_id_array<4>) compiler_deps(%t2 : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  // CHECK-NEXT: %mat = pto_orch.call @k_mat(in %a, out %c) compiler_deps(%t3, %arr1 : !pto_orch.task_id, !pto_orch.task_id_array<4>) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %mat = pto_orch.call @k_mat(in %a, out %c) compiler_deps(%t3, %arr1 : !pto_orch.task_id, !pto_orch.task_id_array<4>) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  // CHECK-NEXT: %t4 = pto_orch.submit @k_none(in %a) {manual_candidate} : (tensor<16x16xf32>) -> ()
  %t4 = pto_orch.submit @k_none(in %a) {manual_candidate} : (tensor<16x16xf32>) -> ()
  // CHECK-NEXT: %i1 = arith.constant 1 : index
  %i1 = arith.constant 1 : index
  // CHECK-NEXT: %i4 = arith.constant 4 : index
  %i4 = arith.constant 4 : index
  // CHECK-NEXT: %out, %tids = scf.for %iv = %i0 to %i4 step %i1 iter_args(%acc_t = %c, %prev = %t4) -> (tensor<16x16xf32>, !pto_orch.task_id) {
  %out, %tids = scf.for %iv = %i0 to %i4 step %i1 iter_args(%acc_t = %c, %prev = %t4) -> (tensor<16x16xf32>, !pto_orch.task_id) {
    // CHECK-NEXT: %next, %tn = pto_orch.submit @k_aiv_m(in %acc_t, out %acc_t) deps(%prev : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %next, %tn = pto_orch.submit @k_aiv_m(in %acc_t, out %acc_t) deps(%prev : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    // CHECK-NEXT: scf.yield %next, %tn : tensor<16x16xf32>, !pto_orch.task_id
    scf.yield %next, %tn : tensor<16x16xf32>, !pto_orch.task_id
  // CHECK-NEXT: } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: true, false>, pto_orch.iter_arg_array_size = array<i64: 0, 4>}
  } {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: true, false>, pto_orch.iter_arg_array_size = array<i64: 0, 4>}
  // CHECK-NEXT: func.return %d : tensor<16x16xf32>
  func.return %d : tensor<16x16xf32>
// CHECK-NEXT: }
}

// A function of another kind, and a plain function: the dialect leaves both alone.
// CHECK-LABEL: func.func @helper(%t: tensor<4xf32>) attributes {pto_orch.kind = #pto_orch.kind<opaque>} {
func.func @helper(%t: tensor<4xf32>) attributes {pto_orch.kind = #pto_orch.kind<opaque>} {
  // CHECK-NEXT: func.return
  func.return
// CHECK-NEXT: }
}
// CHECK-LABEL: func.func @plain() {
func.func @plain() {
  // CHECK-NEXT: func.return
  func.return
// CHECK-NEXT: }
}

// The generic form: every property the custom syntax prints inline.
// GENERIC: "pto_orch.kernel"() <{sym_name = "k_aic", kind = #pto_orch.kind<aic>, function_type = (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>, param_dirs = [#pto_orch.dir<in>, #pto_orch.dir<inout>]}> : () -> ()
// GENERIC: "pto_orch.kernel"() <{sym_name = "k_left", kind = #pto_orch.kind<incore>, function_type = (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>, param_dirs = [#pto_orch.dir<in>, #pto_orch.dir<out>], memory_space = #pto_orch.memory_space<left>}> : () -> ()
// GENERIC: "pto_orch.kernel"() <{sym_name = "k_group", kind = #pto_orch.kind<group>, function_type = (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>, param_dirs = [#pto_orch.dir<in>, #pto_orch.dir<out>], aic = @k_aic_m, aiv = @k_aiv_m}> : () -> ()
// GENERIC: "pto_orch.kernel"() <{sym_name = "k_tuple", kind = #pto_orch.kind<aiv>, function_type = (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16xf32>) -> (tensor<16xf32>, tensor<16x16xf32>), param_dirs = [#pto_orch.dir<in>, #pto_orch.dir<out>, #pto_orch.dir<out>], result_params = array<i64: 2, 1>}> : () -> ()
// GENERIC: %c1 = "pto_orch.call"(%a, %b, %c) <{callee = @k_aiv, operandSegmentSizes = array<i32: 3, 0, 0>}> : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
// GENERIC: %c2 = "pto_orch.call"(%c1, %b, %c) <{callee = @k_aiv, arg_dirs = [#pto_orch.arg_dir<in>, #pto_orch.arg_dir<no_dep>, #pto_orch.arg_dir<out>], operandSegmentSizes = array<i32: 3, 0, 0>, manual_candidate}> : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
// GENERIC: %c3 = "pto_orch.call"(%a, %b, %c) <{callee = @k_aiv, arg_dirs = [#pto_orch.arg_dir<in>, #pto_orch.arg_dir<no_dep>, #pto_orch.arg_dir<inout>], operandSegmentSizes = array<i32: 3, 0, 0>}> : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
// GENERIC: %x1 = "pto_orch.call"(%x, %n, %s, %m, %x) <{callee = @k_vec, arg_dirs = [#pto_orch.arg_dir<in>, #pto_orch.arg_dir<scalar>, #pto_orch.arg_dir<scalar>, #pto_orch.arg_dir<scalar>, #pto_orch.arg_dir<out>], operandSegmentSizes = array<i32: 5, 0, 0>}> : (tensor<?x16xf32>, index, f32, i64, tensor<?x16xf32>) -> tensor<?x16xf32>
// GENERIC: %l, %t0 = "pto_orch.submit"(%a, %c) <{callee = @k_left, arg_dirs = [#pto_orch.arg_dir<in>, #pto_orch.arg_dir<out>], operandSegmentSizes = array<i32: 2, 0, 0, 0>}> : (tensor<16x16xf32>, tensor<16x16xf32>) -> (tensor<16x16xf32>, !pto_orch.task_id)
// GENERIC: %r, %t1 = "pto_orch.submit"(%a, %c, %t0, %none) <{callee = @k_right, arg_dirs = [#pto_orch.arg_dir<in>, #pto_orch.arg_dir<out>], operandSegmentSizes = array<i32: 2, 2, 0, 0>}> : (tensor<16x16xf32>, tensor<16x16xf32>, !pto_orch.task_id, !pto_orch.task_id) -> (tensor<16x16xf32>, !pto_orch.task_id)
// GENERIC: %arr = "pto_orch.task_array_create"() : () -> !pto_orch.task_id_array<4>
// GENERIC: %arr1 = "pto_orch.task_array_set"(%t1, %arr, %i0) : (!pto_orch.task_id, !pto_orch.task_id_array<4>, index) -> !pto_orch.task_id_array<4>
// GENERIC: %t2 = "pto_orch.task_array_get"(%arr1, %i0) : (!pto_orch.task_id_array<4>, index) -> !pto_orch.task_id
// GENERIC: %acc, %t3 = "pto_orch.submit"(%a, %c, %arr1, %t2) <{callee = @k_acc, arg_dirs = [#pto_orch.arg_dir<in>, #pto_orch.arg_dir<out>], operandSegmentSizes = array<i32: 2, 1, 1, 0>}> : (tensor<16x16xf32>, tensor<16x16xf32>, !pto_orch.task_id_array<4>, !pto_orch.task_id) -> (tensor<16x16xf32>, !pto_orch.task_id)
// GENERIC: }) {pto_orch.parallel, pto_orch.iter_arg_rebind = array<i1: true, false>, pto_orch.iter_arg_array_size = array<i64: 0, 4>} : (index, index, index, tensor<16x16xf32>, !pto_orch.task_id) -> (tensor<16x16xf32>, !pto_orch.task_id)
