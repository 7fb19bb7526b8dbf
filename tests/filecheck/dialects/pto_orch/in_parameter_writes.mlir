// A write into an 'in' parameter of an orchestration function is an error: by a task, by pto_tensor.write, through a slice, through a loop carry, through a scope result.
// RUN: pypto-opt --split-input-file --print-diagnostics %s | filecheck %s
// CHECK: :[[# @LINE + 7]]:3: error: 'pto_orch.call' op argument 1 is 'out', so the task writes parameter 1 of @f, an 'in' parameter: declare it written with {pto_orch.dir = #pto_orch.dir<inout>} (or <out> when nothing reads it first), or write into a pto_tensor.create{{$}}
// CHECK: :[[# @LINE + 12]]:3: error: 'pto_tensor.write' op writes parameter 0 of @f, an 'in' parameter: declare it written with {pto_orch.dir = #pto_orch.dir<inout>} (or <out> when nothing reads it first), or write into a pto_tensor.create{{$}}
// CHECK: :[[# @LINE + 19]]:3: error: 'pto_orch.call' op argument 1 is 'out', so the task writes %s, which is part of parameter 1 of @f, an 'in' parameter (%s, the pto_tensor.slice at [[# @LINE + 18]]:3, is part of %t): declare it written with {pto_orch.dir = #pto_orch.dir<inout>} (or <out> when nothing reads it first), or write into a pto_tensor.create{{$}}
// CHECK: :[[# @LINE + 29]]:5: error: 'pto_orch.call' op argument 1 is 'inout', so the task writes %x, which is parameter 1 of @f, an 'in' parameter (%x, an iter_arg of the scf.for at [[# @LINE + 28]]:3, starts as %b): declare it written with {pto_orch.dir = #pto_orch.dir<inout>} (or <out> when nothing reads it first), or write into a pto_tensor.create{{$}}

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %r = pto_orch.call @k(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----
func.func @f(%t: tensor<4xf32>, %v: f32, %i: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %t1 = pto_tensor.write %v, %t[%i] : f32, tensor<4xf32>
  func.return
}

// -----
pto_orch.kernel @k aiv (in tensor<2xf32>, out tensor<2xf32>) -> tensor<2xf32>
func.func @f(%a: tensor<2xf32>, %t: tensor<4xf32>, %i: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %s = pto_tensor.slice %t[%i] : tensor<4xf32> to tensor<2xf32>
  %r = pto_orch.call @k(%a, %s) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  func.return
}

// -----
pto_orch.kernel @k aiv (in tensor<4xf32>, inout tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %b) -> (tensor<4xf32>) {
    %y = pto_orch.call @k(%a, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    scf.yield %y : tensor<4xf32>
  }
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, inout tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %s = pto_rt.scope auto -> (tensor<4xf32>) {
    pto_rt.yield %b : tensor<4xf32>
  }
  %r = pto_orch.call @k(%a, %s) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
// CHECK: :[[# @LINE - 3]]:3: error: 'pto_orch.call' op argument 1 is 'inout', so the task writes %s, which is parameter 1 of @f, an 'in' parameter (%s, a result of the pto_rt.scope at [[# @LINE - 6]]:3, is %b): declare it written with {pto_orch.dir = #pto_orch.dir<inout>} (or <out> when nothing reads it first), or write into a pto_tensor.create{{$}}
