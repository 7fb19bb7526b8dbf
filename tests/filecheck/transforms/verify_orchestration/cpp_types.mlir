// Rule 8: every value of an orchestration function has a C++ form (a scalar a C type, a tensor
// a runtime DataType and rank 1 to 5), every op one (a printer handler, a kernel with a core
// type). pto2-pipeline ends with verify-orchestration, so it
// rejects each chunk with the located line the printer would refuse it with, and the printer
// after the pipeline never meets one (both runs check the same lines). The last chunk passes.
// RUN: pypto-opt -p pto2-pipeline --split-input-file --print-diagnostics %s | filecheck %s --check-prefixes=CHECK,IR
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp --split-input-file --print-diagnostics %s | filecheck %s --check-prefixes=CHECK,CPP

pto_orch.kernel @adds aiv (in f32, inout tensor<4xf32>) -> tensor<4xf32>
func.func @f16_host_read(%h: tensor<4xf16>, %o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c1 = arith.constant 1 : index
  %v = pto_tensor.read %h[%c1] : tensor<4xf16> -> f16
  %f = arith.extf %v : f16 to f32
  %o1 = pto_orch.call @adds(%f, %o) : (f32, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
// CHECK: :[[# @LINE - 5]]:3: error: 'pto_tensor.read' op element of type f16 has no C++ scalar type at orchestration level (supported: index, i1, i8-i64, ui8-ui64, f32, f64){{$}}

// -----

pto_orch.kernel @k aiv (inout tensor<4xbf16>) -> tensor<4xbf16>
func.func @bf16_host_write(%o: tensor<4xbf16> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c1 = arith.constant 1 : index
  %v = arith.constant 2.0 : bf16
  %o1 = pto_tensor.write %v, %o[%c1] : bf16, tensor<4xbf16>
  %o2 = pto_orch.call @k(%o1) : (tensor<4xbf16>) -> tensor<4xbf16>
  func.return
}
// CHECK: :[[# @LINE - 5]]:3: error: 'arith.constant' op constant of type bf16 has no C++ scalar type at orchestration level (supported: index, i1, i8-i64, ui8-ui64, f32, f64){{$}}

// -----

pto_orch.kernel @h aiv (in f16, inout tensor<4xf32>) -> tensor<4xf32>
func.func @f16_scalar_argument(%o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c = arith.constant 1.5 : f16
  %o1 = pto_orch.call @h(%c, %o) : (f16, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
// CHECK: :[[# @LINE - 4]]:3: error: 'arith.constant' op constant of type f16 has no C++ scalar type at orchestration level (supported: index, i1, i8-i64, ui8-ui64, f32, f64){{$}}

// -----

pto_orch.kernel @adds aiv (in f32, inout tensor<4xf32>) -> tensor<4xf32>
func.func @f16_parameter(%x: f16, %o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %f = arith.extf %x : f16 to f32
  %o1 = pto_orch.call @adds(%f, %o) : (f32, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
// CHECK: :[[# @LINE - 5]]:1: error: 'func.func' op parameter 0 of type f16 has no C++ scalar type at orchestration level (supported: index, i1, i8-i64, ui8-ui64, f32, f64){{$}}

// -----

pto_orch.kernel @adds aiv (in f32, inout tensor<4xf32>) -> tensor<4xf32>
func.func @f16_carry(%o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index, %z: f32) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h = arith.truncf %z : f32 to f16
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%t = %o, %acc = %h) -> (tensor<4xf32>, f16) {
    %f = arith.extf %acc : f16 to f32
    %o1 = pto_orch.call @adds(%f, %t) : (f32, tensor<4xf32>) -> tensor<4xf32>
    scf.yield %o1, %acc : tensor<4xf32>, f16
  }
  func.return
}
// CHECK: :[[# @LINE - 8]]:3: error: 'arith.truncf' op result of type f16 has no C++ scalar type at orchestration level (supported: index, i1, i8-i64, ui8-ui64, f32, f64){{$}}

// -----

pto_orch.kernel @adds aiv (in i32, inout tensor<4xf32>) -> tensor<4xf32>
func.func @i128_scalar(%o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %a = arith.index_cast %n : index to i128
  %b = arith.trunci %a : i128 to i32
  %o1 = pto_orch.call @adds(%b, %o) : (i32, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
// CHECK: :[[# @LINE - 5]]:3: error: 'arith.index_cast' op result of type i128 has no C++ scalar type at orchestration level (supported: index, i1, i8-i64, ui8-ui64, f32, f64){{$}}

// -----

pto_orch.kernel @k aiv (inout tensor<4xf64>) -> tensor<4xf64>
func.func @f64_tensor() attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %t = pto_tensor.create : tensor<4xf64>
  %t1 = pto_orch.call @k(%t) : (tensor<4xf64>) -> tensor<4xf64>
  func.return
}
// CHECK: :[[# @LINE - 4]]:3: error: 'pto_tensor.create' op created tensor has type tensor<4xf64>, whose element type f64 has no PTO2 runtime DataType (supported: bf16, f16, f32, i1, i16, i32, i64, i8, si16, si32, si64, si8, ui16, ui32, ui64, ui8){{$}}

// -----

pto_orch.kernel @k aiv (inout tensor<1x1x1x1x1x4xf32>) -> tensor<1x1x1x1x1x4xf32>
func.func @rank_6_tensor() attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %t = pto_tensor.create : tensor<1x1x1x1x1x4xf32>
  %t1 = pto_orch.call @k(%t) : (tensor<1x1x1x1x1x4xf32>) -> tensor<1x1x1x1x1x4xf32>
  func.return
}
// CHECK: :[[# @LINE - 4]]:3: error: 'pto_tensor.create' op created tensor tensor<1x1x1x1x1x4xf32> has rank 6; PTO2 runtime tensors have 1 to 5 dimensions{{$}}

// -----

// An op the printer has no C++ form for, and a kernel without a PTO2 core type.
pto_orch.kernel @k aiv (in i32, inout tensor<4xf32>) -> tensor<4xf32>
func.func @no_cpp_mapping(%o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %a: i32) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %l, %h = arith.mulsi_extended %a, %a : i32
  %o1 = pto_orch.call @k(%h, %o) : (i32, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
// CHECK: :[[# @LINE - 4]]:3: error: 'arith.mulsi_extended' op cannot run at orchestration level: it has no PTO2 C++ mapping (an orchestration body holds pto_orch / pto_tensor / pto_system / pto_rt ops, scf.for / scf.if and scalar arith){{$}}

// -----

pto_orch.kernel @s spmd (inout tensor<4xf32>) -> tensor<4xf32>
func.func @spmd_kernel(%o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %o1 = pto_orch.call @s(%o) : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}
// CHECK: :[[# @LINE - 3]]:3: error: 'pto_orch.call' op calls kernel @s of kind 'spmd', which has no PTO2 core type (use aic, aiv, incore<space> or group<@aic, @aiv>; an SPMD launch is the task's launch(n): docs/dialects/pto_orch.md#task-options){{$}}


// -----

// Views the runtime's Tensor cannot make: a rank-changing view, a rank-reducing slice of a
// dynamic source, a rank-reducing slice of another slice's result.
pto_orch.kernel @k4 aiv (inout tensor<4xf32>) -> tensor<4xf32>
func.func @rank_changing_view(%o: tensor<2x2xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %s = pto_tensor.view %o[%c0, %c0] : tensor<2x2xf32> to tensor<4xf32>
  %s1 = pto_orch.call @k4(%s) : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}
// CHECK: :[[# @LINE - 4]]:3: error: 'pto_tensor.view' op changes the rank, which Tensor::view cannot (a runtime view keeps the source's rank): take a same-rank pto_tensor.slice (extent 1 for a dimension to drop); pto_tensor.reshape it only if it is contiguous (the runtime aborts otherwise){{$}}

// -----

pto_orch.kernel @k4 aiv (inout tensor<4xf32>) -> tensor<4xf32>
func.func @drop_of_dynamic_source(%o: tensor<?x4xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %s = pto_tensor.slice %o[%c0, %c0] drop [0] : tensor<?x4xf32> to tensor<4xf32>
  %s1 = pto_orch.call @k4(%s) : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}
// CHECK: :[[# @LINE - 4]]:3: error: 'pto_tensor.slice' op drops dimensions of a source of dynamic shape tensor<?x4xf32>: the reshape that drops them needs static source extents{{$}}

// -----

pto_orch.kernel @k4 aiv (inout tensor<4xf32>) -> tensor<4xf32>
func.func @drop_of_a_slice(%o: tensor<8x8xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %t = pto_tensor.slice %o[%c0, %c0] : tensor<8x8xf32> to tensor<4x4xf32>
  %s = pto_tensor.slice %t[%c0, %c0] drop [0] : tensor<4x4xf32> to tensor<4xf32>
  %s1 = pto_orch.call @k4(%s) : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}
// CHECK: :[[# @LINE - 4]]:3: error: 'pto_tensor.slice' op drops dimensions of the result of 'pto_tensor.slice': the runtime reshapes only contiguous tensors; take the rank-reducing slice of the whole tensor instead{{$}}

// -----

// A column window (not contiguous) reaches the rank-reducing slice through an scf.if: the
// C++ would reshape it, which the runtime refuses (found by a breaker session)
pto_orch.kernel @k8 aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
func.func @drop_of_if_result(%x: tensor<16x16xf32>, %o: tensor<8xf32> {pto_orch.dir = #pto_orch.dir<out>}, %c: i1, %i: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %s = scf.if %c -> (tensor<4x8xf32>) {
    %a = pto_tensor.slice %x[%c0, %c8] : tensor<16x16xf32> to tensor<4x8xf32>
    scf.yield %a : tensor<4x8xf32>
  } else {
    %b = pto_tensor.slice %x[%c4, %c8] : tensor<16x16xf32> to tensor<4x8xf32>
    scf.yield %b : tensor<4x8xf32>
  }
  %row = pto_tensor.slice %s[%i, %c0] drop [0] : tensor<4x8xf32> to tensor<8xf32>
  %o1 = pto_orch.call @k8(%row, %o) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  func.return
}
// CHECK: :[[# @LINE - 4]]:3: error: 'pto_tensor.slice' op drops dimensions of a tensor that may not be contiguous in memory (it may be a view of part of its buffer, through an scf.if, a loop carry, a scope or a task's in-place result): the C++ reshapes the source to drop them, and the runtime reshapes only contiguous tensors; take the rank-reducing slice of the whole tensor, or of each view where it is made{{$}}

// -----

// ... through a task's in-place result (the task writes the window; its result is the window)
pto_orch.kernel @k48 aiv (in tensor<4x8xf32>, out tensor<4x8xf32>) -> tensor<4x8xf32>
pto_orch.kernel @k8 aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
func.func @drop_of_task_result(%a: tensor<4x8xf32>, %x: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<8xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %w = pto_tensor.slice %x[%c0, %c8] : tensor<16x16xf32> to tensor<4x8xf32>
  %w1 = pto_orch.call @k48(%a, %w) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %row = pto_tensor.slice %w1[%c2, %c0] drop [0] : tensor<4x8xf32> to tensor<8xf32>
  %o1 = pto_orch.call @k8(%row, %o) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  func.return
}
// CHECK: :[[# @LINE - 4]]:3: error: 'pto_tensor.slice' op drops dimensions of a tensor that may not be contiguous in memory (it may be a view of part of its buffer, through an scf.if, a loop carry, a scope or a task's in-place result): the C++ reshapes the source to drop them, and the runtime reshapes only contiguous tensors; take the rank-reducing slice of the whole tensor, or of each view where it is made{{$}}

// -----

// ... through a loop carry whose initial value is the window
pto_orch.kernel @k48 aiv (in tensor<4x8xf32>, out tensor<4x8xf32>) -> tensor<4x8xf32>
pto_orch.kernel @k8 aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
func.func @drop_of_carry(%a: tensor<4x8xf32>, %x: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<8xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %w = pto_tensor.slice %x[%c0, %c8] : tensor<16x16xf32> to tensor<4x8xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %w) -> (tensor<4x8xf32>) {
    %next = pto_orch.call @k48(%a, %cur) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    scf.yield %next : tensor<4x8xf32>
  }
  %row = pto_tensor.slice %r[%c0, %c0] drop [0] : tensor<4x8xf32> to tensor<8xf32>
  %o1 = pto_orch.call @k8(%row, %o) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  func.return
}
// CHECK: :[[# @LINE - 4]]:3: error: 'pto_tensor.slice' op drops dimensions of a tensor that may not be contiguous in memory (it may be a view of part of its buffer, through an scf.if, a loop carry, a scope or a task's in-place result): the C++ reshapes the source to drop them, and the runtime reshapes only contiguous tensors; take the rank-reducing slice of the whole tensor, or of each view where it is made{{$}}

// -----

pto_orch.kernel @k2 aiv (inout tensor<2x65536xf32>) -> tensor<2x65536xf32>
func.func @merged_extent_beyond_uint32(%x: tensor<2x65536x65536xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %k: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %row = pto_tensor.slice %x[%c0, %k, %c0] drop [1] : tensor<2x65536x65536xf32> to tensor<2x65536xf32>
  %r1 = pto_orch.call @k2(inout %row) : (tensor<2x65536xf32>) -> tensor<2x65536xf32>
  func.return
}
// CHECK: :[[# @LINE - 4]]:3: error: 'pto_tensor.slice' op drops dimensions of tensor<2x65536x65536xf32> into a reshape whose dimension 1 has extent 4294967296, beyond the runtime's uint32_t extents (at most 4294967295){{$}}

// -----

// Two orchestration functions of one name in nested modules: both would be orchestration/f.cpp.
builtin.module {
  builtin.module {
    pto_orch.kernel @k4 aiv (inout tensor<4xf32>) -> tensor<4xf32>
    func.func @f(%o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
      %s1 = pto_orch.call @k4(%o) : (tensor<4xf32>) -> tensor<4xf32>
      func.return
    }
  }
  builtin.module {
    pto_orch.kernel @k4 aiv (inout tensor<4xf32>) -> tensor<4xf32>
    func.func @f(%o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
      %s1 = pto_orch.call @k4(%o) : (tensor<4xf32>) -> tensor<4xf32>
      func.return
    }
  }
}
// CHECK: :[[# @LINE - 6]]:5: error: 'func.func' op is a second orchestration function named @f (the first is at {{.*}}cpp_types.mlir:[[# @LINE - 13]]:5); each function is printed to orchestration/f.cpp: rename one of them{{$}}

// -----

pto_orch.kernel @k aiv (inout tensor<4xf16>) -> tensor<4xf16>
func.func @f16_tensors_pass(%o: tensor<4xf16> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %t = pto_tensor.create init(1.5 : f16) : tensor<4xf16>
  %t1 = pto_orch.call @k(%t) : (tensor<4xf16>) -> tensor<4xf16>
  %o1 = pto_orch.call @k(%o) : (tensor<4xf16>) -> tensor<4xf16>
  func.return
}
// IR-LABEL: func.func @f16_tensors_pass
// CPP-LABEL: aicpu_orchestration_entry
// CPP: TensorCreateInfo t_ci(t_ci_shapes, 1, DataType::FLOAT16);
// CPP: t_ci.set_initial_value(static_cast<uint16_t>(0x3e00));
