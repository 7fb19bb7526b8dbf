// One chunk per verifier rule (and syntax rule) of the pto_orch dialect: kernels, calls and
// submits against their kernel, TaskId arrays, the dialect's discardable attributes. Each
// CHECK pins the exact one-line diagnostic and its location.
// RUN: pypto-opt --split-input-file --print-diagnostics %s | filecheck %s

// ===== kernel kinds

// CHECK: :[[# @LINE + 1]]:1: error: 'pto_orch.kernel' op kind 'orchestration' is not a kernel kind (use aic, aiv, incore<space>, group<@aic, @aiv> or spmd){{$}}
pto_orch.kernel @k orchestration (in tensor<4xf32>)

// -----

// CHECK: :[[# @LINE + 1]]:1: error: 'pto_orch.kernel' op kind 'opaque' is not a kernel kind (use aic, aiv, incore<space>, group<@aic, @aiv> or spmd){{$}}
pto_orch.kernel @k opaque (in tensor<4xf32>)

// -----

// CHECK: :[[# @LINE + 1]]:20: error: unknown kernel kind 'vector' (expected aic, aiv, spmd, incore<space> or group<@aic, @aiv>){{$}}
pto_orch.kernel @k vector (in tensor<4xf32>)

// -----

// An incore kernel without its memory space (only the generic form can omit it).
// CHECK: :[[# @LINE + 1]]:1: error: 'pto_orch.kernel' op an incore kernel needs a memory space: incore<vec>, ...{{$}}
"pto_orch.kernel"() <{sym_name = "k", kind = #pto_orch.kind<incore>, function_type = (tensor<4xf32>) -> (), param_dirs = [#pto_orch.dir<in>]}> : () -> ()

// -----

// CHECK: :[[# @LINE + 1]]:27: error: Expected `left`, `right`, `acc`, `mat`, or `vec`.{{$}}
pto_orch.kernel @k incore<ub> (in tensor<4xf32>)

// -----

// CHECK: :[[# @LINE + 1]]:1: error: 'pto_orch.kernel' op only an incore kernel has a memory space{{$}}
"pto_orch.kernel"() <{sym_name = "k", kind = #pto_orch.kind<aiv>, function_type = (tensor<4xf32>) -> (), param_dirs = [#pto_orch.dir<in>], memory_space = #pto_orch.memory_space<vec>}> : () -> ()

// -----

// ===== group members

// CHECK: :[[# @LINE + 1]]:1: error: 'pto_orch.kernel' op a group kernel names its members: group<@aic, @aiv>{{$}}
"pto_orch.kernel"() <{sym_name = "g", kind = #pto_orch.kind<group>, function_type = (tensor<4xf32>) -> (), param_dirs = [#pto_orch.dir<in>], aic = @a}> : () -> ()
pto_orch.kernel @a aic (in tensor<4xf32>)

// -----

// CHECK: :[[# @LINE + 1]]:1: error: 'pto_orch.kernel' op only a group kernel has AIC/AIV members{{$}}
"pto_orch.kernel"() <{sym_name = "k", kind = #pto_orch.kind<aiv>, function_type = (tensor<4xf32>) -> (), param_dirs = [#pto_orch.dir<in>], aic = @a, aiv = @v}> : () -> ()
pto_orch.kernel @a aic (in tensor<4xf32>)
pto_orch.kernel @v aiv (in tensor<4xf32>)

// -----

// The first member is neither an AIC nor an AIV kernel.
pto_orch.kernel @a spmd (in tensor<4xf32>)
pto_orch.kernel @v aiv (in tensor<4xf32>)
// CHECK: :[[# @LINE + 1]]:1: error: 'pto_orch.kernel' op group member @a must name a pto_orch.kernel of kind aic or aiv: group<@aic, @aiv> or group<@aiv0, @aiv1>{{$}}
pto_orch.kernel @g group<@a, @v> (in tensor<4xf32>)

// -----

// The AIV member does not exist.
pto_orch.kernel @a aic (in tensor<4xf32>)
// CHECK: :[[# @LINE + 1]]:1: error: 'pto_orch.kernel' op group member @missing must name a pto_orch.kernel of kind aiv: group<@aic, @aiv> or group<@aiv0, @aiv1>{{$}}
pto_orch.kernel @g group<@a, @missing> (in tensor<4xf32>)

// -----

// ===== parameters

// CHECK: :[[# @LINE + 1]]:1: error: 'pto_orch.kernel' op 2 parameters but 1 parameter directions{{$}}
"pto_orch.kernel"() <{sym_name = "k", kind = #pto_orch.kind<aiv>, function_type = (tensor<4xf32>, tensor<4xf32>) -> (), param_dirs = [#pto_orch.dir<in>]}> : () -> ()

// -----

// CHECK: :[[# @LINE + 1]]:1: error: 'pto_orch.kernel' op parameter 1 is a scalar (index) and cannot be 'out': only tensors are written by a kernel{{$}}
pto_orch.kernel @k aiv (in tensor<4xf32>, out index)

// -----

// CHECK: :[[# @LINE + 1]]:1: error: 'pto_orch.kernel' op parameter 0 is a scalar (f32) and cannot be 'inout': only tensors are written by a kernel{{$}}
pto_orch.kernel @k aiv (inout f32, out tensor<4xf32>)

// -----

// CHECK: :[[# @LINE + 1]]:25: error: Expected `in`, `out`, or `inout`.{{$}}
pto_orch.kernel @k aiv (input tensor<4xf32>)

// -----

// ===== returns map

// Two written parameters and no returns map: which one is the result?
// CHECK: :[[# @LINE + 1]]:1: error: 'pto_orch.kernel' op 1 result(s) and 2 Out/InOut parameters: name the parameter each result is with 'returns [i, ...]'{{$}}
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>, inout tensor<4xf32>) -> tensor<4xf32>

// -----

// Two results need a returns map even with two written parameters.
// CHECK: :[[# @LINE + 1]]:1: error: 'pto_orch.kernel' op 2 result(s) and 2 Out/InOut parameters: name the parameter each result is with 'returns [i, ...]'{{$}}
pto_orch.kernel @k aiv (out tensor<4xf32>, out tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)

// -----

// A result but nothing written.
// CHECK: :[[# @LINE + 1]]:1: error: 'pto_orch.kernel' op 1 result(s) and 0 Out/InOut parameters: name the parameter each result is with 'returns [i, ...]'{{$}}
pto_orch.kernel @k aiv (in tensor<4xf32>) -> tensor<4xf32>

// -----

// CHECK: :[[# @LINE + 1]]:1: error: 'pto_orch.kernel' op 'returns' names 1 parameters for 2 results{{$}}
pto_orch.kernel @k aiv (out tensor<4xf32>, out tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) returns [0]

// -----

// CHECK: :[[# @LINE + 1]]:1: error: 'pto_orch.kernel' op result 0 names parameter 5, which does not exist{{$}}
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32> returns [5]

// -----

// CHECK: :[[# @LINE + 1]]:1: error: 'pto_orch.kernel' op result 0 names parameter 0, which is not an Out/InOut tensor{{$}}
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32> returns [0]

// -----

// CHECK: :[[# @LINE + 1]]:1: error: 'pto_orch.kernel' op result 1 has type tensor<8xf32> but parameter 0 has type tensor<4xf32>{{$}}
pto_orch.kernel @k aiv (out tensor<4xf32>, out tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) returns [1, 0]

// -----

// CHECK: :[[# @LINE + 1]]:1: error: 'pto_orch.kernel' op result 0 has type tensor<8xf32> but parameter 1 has type tensor<4xf32>{{$}}
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<8xf32>

// -----

// ===== the callee

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_orch.call' op '@missing' does not name a kernel in this module{{$}}
func.func @f(%a: tensor<4xf32>) {
  pto_orch.call @missing(in %a) : (tensor<4xf32>) -> ()
  func.return
}

// -----

// CHECK: :[[# @LINE + 5]]:3: error: 'pto_orch.call' op '@g' is a 'func.func', not a pto_orch.kernel; tasks run kernels{{$}}
func.func @g(%a: tensor<4xf32>) {
  func.return
}
func.func @f(%a: tensor<4xf32>) {
  pto_orch.call @g(in %a) : (tensor<4xf32>) -> ()
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:20: error: expected a kernel symbol such as @kernel_add{{$}}
func.func @f(%a: tensor<4xf32>) {
  pto_orch.call "k"(in %a) : (tensor<4xf32>) -> ()
  func.return
}

// -----

// ===== arguments vs the kernel

pto_orch.kernel @k aiv (in tensor<4xf32>, in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_orch.call' op 1 arguments but kernel '@k' has 3 parameters, and parameter 1 (in tensor<4xf32>) is not one the runtime can allocate: only trailing 'out' tensors of static shape may be left out; pass it{{$}}
func.func @f(%a: tensor<4xf32>) {
  %r = pto_orch.call @k(in %a) : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_orch.submit' op 3 arguments but kernel '@k' has 2 parameters{{$}}
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %r, %t = pto_orch.submit @k(in %a, out %c, in %a) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_orch.call' op argument 1 has type tensor<8xf32> but kernel '@k' declares tensor<4xf32>{{$}}
func.func @f(%a: tensor<4xf32>, %c: tensor<8xf32>) {
  %r = pto_orch.call @k(in %a, out %c) : (tensor<4xf32>, tensor<8xf32>) -> tensor<4xf32>
  func.return
}

// -----

// A scalar where the kernel declares a tensor.
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_orch.call' op argument 0 has type f32 but kernel '@k' declares tensor<4xf32>{{$}}
func.func @f(%s: f32, %c: tensor<4xf32>) {
  %r = pto_orch.call @k(%s, %c) : (f32, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

// The element type differs (a `?` extent matches any extent, the element type must match).
pto_orch.kernel @k aiv (in tensor<?xf32>, out tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_orch.call' op argument 0 has type tensor<4xf16> but kernel '@k' declares tensor<?xf32>{{$}}
func.func @f(%a: tensor<4xf16>, %c: tensor<4xf32>) {
  %r = pto_orch.call @k(%a, %c) : (tensor<4xf16>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 3]]:42: error: 2 arguments but 1 argument types{{$}}
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %r = pto_orch.call @k(in %a, out %c) : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

// ===== results vs the kernel

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_orch.call' op 0 kernel results but '@k' returns 1{{$}}
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  pto_orch.call @k(in %a, out %c) : (tensor<4xf32>, tensor<4xf32>) -> ()
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_orch.submit' op 2 kernel results but '@k' returns 1{{$}}
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %r, %s, %t = pto_orch.submit @k(in %a, out %c) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_orch.call' op result 0 has type tensor<4xi32> but the kernel returns tensor<4xf32>{{$}}
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %r = pto_orch.call @k(in %a, out %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi32>
  func.return
}

// -----

// ===== directions vs the kernel

// Writing through an `in` parameter.
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_orch.call' op argument 0 is passed as 'out' but kernel parameter 0 is 'in': a task cannot write through an input (use 'in' or 'no_dep'){{$}}
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %r = pto_orch.call @k(out %a, out %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_orch.submit' op argument 0 is passed as 'inout' but kernel parameter 0 is 'in': a task cannot write through an input (use 'in' or 'no_dep'){{$}}
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %r, %t = pto_orch.submit @k(inout %a, out %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_orch.call' op argument 1 is passed as 'in' but kernel parameter 1 is 'out': the kernel writes it (use 'out' or 'inout'){{$}}
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %r = pto_orch.call @k(in %a, in %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, inout tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_orch.call' op argument 1 is passed as 'out' but kernel parameter 1 is 'inout': the kernel reads it (use 'inout'){{$}}
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %r = pto_orch.call @k(in %a, out %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, inout tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_orch.call' op argument 1 is passed as 'in' but kernel parameter 1 is 'inout': the kernel writes it (use 'inout'){{$}}
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %r = pto_orch.call @k(in %a, in %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

// A scalar passed with a tensor direction.
pto_orch.kernel @k aiv (in index, out tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_orch.call' op argument 0 is passed as 'in' but the kernel declares a scalar (index): use 'scalar'{{$}}
func.func @f(%n: index, %c: tensor<4xf32>) {
  %r = pto_orch.call @k(in %n, out %c) : (index, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

// A tensor passed as a scalar.
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_orch.call' op argument 0 is passed as 'scalar' but the kernel declares a tensor (tensor<4xf32>){{$}}
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %r = pto_orch.call @k(scalar %a, out %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

// Directions are all-or-none.
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[# @LINE + 2]]:36: error: give a direction for every argument or for none (in, out, inout, no_dep, output_existing; scalar for a scalar: 'scalar %i'; with none, derive-call-directions fills them in){{$}}
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %r = pto_orch.call @k(in %a, %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

// A direction that does not exist.
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[# @LINE + 2]]:32: error: expected an argument such as '%a' or 'in %a' (directions: in, out, inout, no_dep, output_existing, scalar){{$}}
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %r = pto_orch.call @k(in %a, write %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

// As many directions as arguments (only the generic form can disagree).
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_orch.call' op 2 arguments but 1 directions{{$}}
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %r = "pto_orch.call"(%a, %c) <{callee = @k, arg_dirs = [#pto_orch.arg_dir<in>], operandSegmentSizes = array<i32: 2, 0>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

// ===== deps

// deps on a tensor.
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_orch.submit' op deps entry 0 has type tensor<4xf32>; deps must be !pto_orch.task_id or !pto_orch.task_id_array<N> values (a tensor orders nothing in a manual scope: pass the TaskId of the task that produced it){{$}}
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %r, %t = pto_orch.submit @k(in %a, out %c) deps(%a : tensor<4xf32>) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[# @LINE + 3]]:3: error: 'pto_orch.submit' op deps entry 1 has type index; deps must be !pto_orch.task_id or !pto_orch.task_id_array<N> values (a tensor orders nothing in a manual scope: pass the TaskId of the task that produced it){{$}}
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>, %n: index) {
  %none = pto_system.task_invalid
  %r, %t = pto_orch.submit @k(in %a, out %c) deps(%none, %n : !pto_orch.task_id, index) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_orch.call' op compiler_deps entry 0 has type tensor<4xf32>; deps must be !pto_orch.task_id or !pto_orch.task_id_array<N> values (a tensor orders nothing in a manual scope: pass the TaskId of the task that produced it){{$}}
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %r = pto_orch.call @k(in %a, out %c) compiler_deps(%c : tensor<4xf32>) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_orch.submit' op compiler_deps entry 0 has type tensor<4xf32>; deps must be !pto_orch.task_id or !pto_orch.task_id_array<N> values (a tensor orders nothing in a manual scope: pass the TaskId of the task that produced it){{$}}
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %r, %t = pto_orch.submit @k(in %a, out %c) compiler_deps(%a : tensor<4xf32>) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[# @LINE + 3]]:85: error: deps(...) lists 2 values but 1 types{{$}}
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %none = pto_system.task_invalid
  %r, %t = pto_orch.submit @k(in %a, out %c) deps(%none, %none : !pto_orch.task_id) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

// ===== TaskId arrays

// CHECK: :[[# @LINE + 1]]:20: error: invalid type: a TaskId array needs a positive size{{$}}
func.func @f(%arr: !pto_orch.task_id_array<0>) {
  func.return
}

// -----

// CHECK: :[[# @LINE + 4]]:3: error: 'pto_orch.task_array_get' op slot 4 is out of range for !pto_orch.task_id_array<4> (slots 0..3){{$}}
func.func @f() {
  %arr = pto_orch.task_array_create : !pto_orch.task_id_array<4>
  %i = arith.constant 4 : index
  %t = pto_orch.task_array_get %arr[%i] : !pto_orch.task_id_array<4>
  func.return
}

// -----

// CHECK: :[[# @LINE + 5]]:3: error: 'pto_orch.task_array_set' op slot -1 is out of range for !pto_orch.task_id_array<2> (slots 0..1){{$}}
func.func @f() {
  %arr = pto_orch.task_array_create : !pto_orch.task_id_array<2>
  %none = pto_system.task_invalid
  %i = arith.constant -1 : index
  %arr1 = pto_orch.task_array_set %none, %arr[%i] : !pto_orch.task_id_array<2>
  func.return
}

// -----

// The result of task_array_set has the type of the array (only the generic form can differ).
// CHECK: :[[# @LINE + 5]]:3: error: 'pto_orch.task_array_set' op result 'result' at position 0 does not verify: attribute !pto_orch.task_id_array<2> expected from variable 'T', but got !pto_orch.task_id_array<3>{{$}}
func.func @f() {
  %arr = pto_orch.task_array_create : !pto_orch.task_id_array<2>
  %none = pto_system.task_invalid
  %i = arith.constant 0 : index
  %arr1 = "pto_orch.task_array_set"(%none, %arr, %i) : (!pto_orch.task_id, !pto_orch.task_id_array<2>, index) -> !pto_orch.task_id_array<3>
  func.return
}

// -----

// ===== integer arrays

// CHECK: :[[# @LINE + 2]]:36: error: invalid type: an integer array holds index or 8, 16, 32 or 64-bit integers, not f32{{$}}
func.func @f() {
  %a = pto_orch.int_array_create : !pto_orch.int_array<4, f32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:36: error: invalid type: an integer array has 1 to 4096 elements (the C++ is a stack array), not 0{{$}}
func.func @f() {
  %a = pto_orch.int_array_create : !pto_orch.int_array<0, i32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_orch.int_array_create' op !pto_orch.int_array<4, i32> is created from 4 elements or none (all 0), not 2{{$}}
func.func @f(%x: i32) {
  %a = pto_orch.int_array_create %x, %x : !pto_orch.int_array<4, i32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_orch.int_array_create' op element 1 has type i64, but !pto_orch.int_array<2, i32> holds i32{{$}}
func.func @f(%x: i32, %y: i64) {
  %a = "pto_orch.int_array_create"(%x, %y) : (i32, i64) -> !pto_orch.int_array<2, i32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 4]]:3: error: 'pto_orch.int_array_get' op element 4 is out of range for !pto_orch.int_array<4, i32> (elements 0..3){{$}}
func.func @f() {
  %a = pto_orch.int_array_create : !pto_orch.int_array<4, i32>
  %i = arith.constant 4 : index
  %v = pto_orch.int_array_get %a[%i] : !pto_orch.int_array<4, i32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 3]]:3: error: 'pto_orch.int_array_get' op the result has type i64, but !pto_orch.int_array<4, i32> holds i32{{$}}
func.func @f(%i: index) {
  %a = pto_orch.int_array_create : !pto_orch.int_array<4, i32>
  %v = "pto_orch.int_array_get"(%a, %i) : (!pto_orch.int_array<4, i32>, index) -> i64
  func.return
}

// -----

// CHECK: :[[# @LINE + 4]]:3: error: 'pto_orch.int_array_set' op element -1 is out of range for !pto_orch.int_array<2, i32> (elements 0..1){{$}}
func.func @f(%x: i32) {
  %a = pto_orch.int_array_create : !pto_orch.int_array<2, i32>
  %i = arith.constant -1 : index
  %a1 = pto_orch.int_array_set %x, %a[%i] : !pto_orch.int_array<2, i32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 3]]:3: error: 'pto_orch.int_array_set' op the value has type i64, but !pto_orch.int_array<2, i32> holds i32{{$}}
func.func @f(%x: i64, %i: index) {
  %a = pto_orch.int_array_create : !pto_orch.int_array<2, i32>
  %a1 = "pto_orch.int_array_set"(%x, %a, %i) : (i64, !pto_orch.int_array<2, i32>, index) -> !pto_orch.int_array<2, i32>
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:62: error: expected an !pto_orch.int_array type, not !pto_orch.task_id_array<2>{{$}}
func.func @f(%i: index) {
  %a = pto_orch.int_array_create : !pto_orch.task_id_array<2>
  func.return
}

// -----

// ===== discardable attributes

// CHECK: :[[# @LINE + 1]]:1: error: 'pto_orch.kernel' op 'pto_orch.kind' belongs on func.func and takes #pto_orch.kind<...>{{$}}
pto_orch.kernel @k aiv (in tensor<4xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>}

// -----

// CHECK: :[[# @LINE + 1]]:1: error: 'func.func' op 'pto_orch.kind' belongs on func.func and takes #pto_orch.kind<...>{{$}}
func.func @f() attributes {pto_orch.kind = "orchestration"} {
  func.return
}

// -----

// CHECK: :[[# @LINE + 1]]:59: error: Expected `orchestration`, `opaque`, `incore`, `aic`, `aiv`, `group`, or `spmd`.{{$}}
func.func @f() attributes {pto_orch.kind = #pto_orch.kind<host>} {
  func.return
}

// -----

// CHECK: :[[# @LINE + 1]]:1: error: 'func.func' op 'pto_orch.manual_layer' is a unit attribute of func.func{{$}}
func.func @f() attributes {pto_orch.manual_layer = 1 : i64} {
  func.return
}

// -----

// CHECK: :[[# @LINE + 1]]:1: error: 'pto_orch.kernel' op 'pto_orch.manual_layer' is a unit attribute of func.func{{$}}
pto_orch.kernel @k aiv (in tensor<4xf32>) attributes {pto_orch.manual_layer}

// -----

// CHECK: :[[# @LINE + 1]]:1: error: 'func.func' op 'pto_orch.parallel' is a unit attribute of scf.for{{$}}
func.func @f() attributes {pto_orch.parallel} {
  func.return
}

// -----

// CHECK: :[[# @LINE + 1]]:1: error: 'func.func' op 'pto_orch.descending' is a unit attribute of scf.for{{$}}
func.func @f() attributes {pto_orch.descending} {
  func.return
}

// -----

// CHECK: :[[# @LINE + 4]]:3: error: 'scf.for' op 'pto_orch.descending' is a unit attribute of scf.for{{$}}
func.func @f() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %k = %c0 to %c1 step %c1 {
  } {pto_orch.descending = 1 : i64}
  func.return
}

// -----

// A descending loop counts down by its step in C++: the step is a constant.
// CHECK: :[[# @LINE + 3]]:3: error: 'scf.for' op 'pto_orch.descending' needs a constant step: the C++ loop counts down by it (for (int64_t i = -lb; i > -ub; i += -step)){{$}}
func.func @f(%s: index) {
  %c0 = arith.constant 0 : index
  scf.for %k = %c0 to %c0 step %s {
    %i = arith.subi %c0, %k : index
  } {pto_orch.descending}
  func.return
}

// -----

// CHECK: :[[# @LINE + 1]]:1: error: 'func.func' op 'pto_orch.iter_arg_rebind' and 'pto_orch.iter_arg_array_size' belong on scf.for{{$}}
func.func @f() attributes {pto_orch.iter_arg_rebind = array<i1: true>} {
  func.return
}

// -----

// CHECK: :[[# @LINE + 5]]:3: error: 'scf.for' op 'pto_orch.iter_arg_rebind' must be an array<i1: ...>{{$}}
func.func @f() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %none = pto_system.task_invalid
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%t = %none) -> (!pto_orch.task_id) {
    scf.yield %t : !pto_orch.task_id
  } {pto_orch.iter_arg_rebind = array<i64: 1>}
  func.return
}

// -----

// CHECK: :[[# @LINE + 5]]:3: error: 'scf.for' op 'pto_orch.iter_arg_array_size' must be an array<i64: ...>{{$}}
func.func @f() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %none = pto_system.task_invalid
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%t = %none) -> (!pto_orch.task_id) {
    scf.yield %t : !pto_orch.task_id
  } {pto_orch.iter_arg_array_size = [4]}
  func.return
}

// -----

// CHECK: :[[# @LINE + 5]]:3: error: 'scf.for' op 'pto_orch.iter_arg_rebind' has 2 entries for 1 iter_args{{$}}
func.func @f() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %none = pto_system.task_invalid
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%t = %none) -> (!pto_orch.task_id) {
    scf.yield %t : !pto_orch.task_id
  } {pto_orch.iter_arg_rebind = array<i1: true, false>}
  func.return
}

// -----

// CHECK: :[[# @LINE + 5]]:3: error: 'scf.for' op 'pto_orch.iter_arg_array_size' entry 0 is -2: an array size is positive, or 0 for a carry that is not an array{{$}}
func.func @f() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %none = pto_system.task_invalid
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%t = %none) -> (!pto_orch.task_id) {
    scf.yield %t : !pto_orch.task_id
  } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: -2>}
  func.return
}

// -----

// CHECK: :[[# @LINE + 1]]:1: error: 'func.func' op 'pto_orch.manual_candidate' is a unit attribute of pto_orch.call/submit{{$}}
func.func @f() attributes {pto_orch.manual_candidate} {
  func.return
}

// -----

// CHECK: :[[# @LINE + 1]]:1: error: 'func.func' op 'pto_orch.dir' is an argument attribute of func.func{{$}}
func.func @f() attributes {pto_orch.dir = #pto_orch.dir<out>} {
  func.return
}

// -----

// CHECK: :[[# @LINE + 1]]:1: error: 'func.func' op unknown attribute 'pto_orch.priority' of the pto_orch dialect: remove it (an attribute for another tool belongs in that tool's namespace, which is kept and ignored){{$}}
func.func @f() attributes {pto_orch.priority = 1 : i64} {
  func.return
}

// -----

// ===== orchestration parameters

// CHECK: :[[# @LINE + 1]]:1: error: 'func.func' op unknown argument attribute 'pto_orch.direction'{{$}}
func.func @f(%a: tensor<4xf32> {pto_orch.direction = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  func.return
}

// -----

// CHECK: :[[# @LINE + 1]]:1: error: 'func.func' op argument 0: 'pto_orch.dir' takes #pto_orch.dir<in|out|inout>{{$}}
func.func @f(%a: tensor<4xf32> {pto_orch.dir = "out"}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  func.return
}

// -----

// CHECK: :[[# @LINE + 1]]:1: error: 'func.func' op argument 1 is a scalar (index) and cannot be 'out': only tensor parameters are written{{$}}
func.func @f(%a: tensor<4xf32>, %n: index {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  func.return
}

// -----

// CHECK: :[[# @LINE + 1]]:62: error: Expected `in`, `out`, or `inout`.{{$}}
func.func @f(%a: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<no_dep>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  func.return
}

// -----

// A left-out output of dynamic shape: the runtime cannot allocate it.
pto_orch.kernel @k aiv (in tensor<?xf32>, out tensor<?xf32>) -> tensor<?xf32>
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_orch.call' op 1 arguments but kernel '@k' has 2 parameters, and parameter 1 (out tensor<?xf32>) is not one the runtime can allocate: only trailing 'out' tensors of static shape may be left out; pass it{{$}}
func.func @f(%a: tensor<?xf32>) {
  %r = pto_orch.call @k(in %a) : (tensor<?xf32>) -> tensor<?xf32>
  func.return
}

// -----

// ===== unknown attributes of our dialects on our ops (upstream's allow_early_resolve)

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_orch.submit' op unknown attribute 'pto_orch.allow_early_resolve' of the pto_orch dialect: remove it (an attribute for another tool belongs in that tool's namespace, which is kept and ignored){{$}}
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %r, %t = pto_orch.submit @k(in %a, out %c) {pto_orch.allow_early_resolve} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_orch.call' op unknown attribute 'pto_tensor.early' of the pto_tensor dialect: remove it (an attribute for another tool belongs in that tool's namespace, which is kept and ignored){{$}}
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %r = pto_orch.call @k(in %a, out %c) {pto_tensor.early} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

// A known attribute on the wrong op.
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_orch.call' op 'pto_orch.parallel' is a unit attribute of scf.for{{$}}
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %r = pto_orch.call @k(in %a, out %c) {pto_orch.parallel} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

// ... on one of the pto_tensor ops.
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_tensor.create' op unknown attribute 'pto_rt.zero' of the pto_rt dialect: remove it (an attribute for another tool belongs in that tool's namespace, which is kept and ignored){{$}}
func.func @f() {
  %c = pto_tensor.create {pto_rt.zero} : tensor<4xf32>
  func.return
}

// -----

// `output_existing` (what auto-derive-task-dependencies demotes an `inout` slot to) writes too.
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_orch.call' op argument 0 is passed as 'output_existing' but kernel parameter 0 is 'in': a task cannot write through an input (use 'in' or 'no_dep'){{$}}
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  %r = pto_orch.call @k(output_existing %a, out %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

// An array plan on a carry that is not a single TaskId (the printer would have nothing to print).
// CHECK: :[[# @LINE + 4]]:3: error: 'scf.for' op iter_arg #0: it has type index, but its plan is a TaskId array of 4 slots; the carry plan ('pto_orch.iter_arg_array_size') is stale, re-run classify-iter-arg-carry{{$}}
func.func @f() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%t = %c0) -> (index) {
    scf.yield %t : index
  } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 4>}
  func.return
}

// -----

// CHECK: :[[# @LINE + 5]]:3: error: 'scf.for' op iter_arg #0: a !pto_orch.task_id_array<2> carry is an array already, but its plan is an array of 2 slots; the carry plan ('pto_orch.iter_arg_array_size') is stale, re-run classify-iter-arg-carry{{$}}
func.func @f() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = pto_orch.task_array_create : !pto_orch.task_id_array<2>
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%t = %a) -> (!pto_orch.task_id_array<2>) {
    scf.yield %t : !pto_orch.task_id_array<2>
  } {pto_orch.iter_arg_rebind = array<i1: true>, pto_orch.iter_arg_array_size = array<i64: 2>}
  func.return
}
