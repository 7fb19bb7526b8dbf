// A write to a value that MAY be an 'in' parameter of the orchestration function is an error
// (the storage-root analysis, may-alias), on the writing op, naming the parameter and the path:
// scf.if results (pto_tensor.write, a task's out argument, pto_tensor.assemble, a submit in a
// manual scope), loop carries (an iter_arg fed back, swapped carries, a loop result), views
// (a slice and a transpose of an if result) and task results. A chunk without an annotation is
// a valid neighbour: the verifier accepts it.
// RUN: pypto-opt --split-input-file --verify-diagnostics %s

func.func @if_write(%a: tensor<4xf32>, %v: f32, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %i = arith.constant 0 : index
  %n = pto_tensor.create : tensor<4xf32>
  %s = scf.if %c -> (tensor<4xf32>) {
    scf.yield %a : tensor<4xf32>
  } else {
    scf.yield %n : tensor<4xf32>
  }
  // expected-error@+1 {{'pto_tensor.write' op writes %s, which may be parameter 0 of @if_write, an 'in' parameter (%s, a result of the scf.if at 12:3, may be %a): declare it written with {pto_orch.dir = #pto_orch.dir<inout>} (or <out> when nothing reads it first), or write into a pto_tensor.create}}
  %w = pto_tensor.write %v, %s[%i] : f32, tensor<4xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @if_task(%a: tensor<4xf32>, %b: tensor<4xf32>, %o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %s = scf.if %c -> (tensor<4xf32>) {
    scf.yield %o : tensor<4xf32>
  } else {
    scf.yield %a : tensor<4xf32>
  }
  // expected-error@+1 {{'pto_orch.call' op argument 1 is 'out', so the task writes %s, which may be parameter 0 of @if_task, an 'in' parameter (%s, a result of the scf.if at 26:3, may be %a): declare it written with {pto_orch.dir = #pto_orch.dir<inout>} (or <out> when nothing reads it first), or write into a pto_tensor.create}}
  %r = pto_orch.call @k(%b, %s) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @if_assemble(%a: tensor<8xf32>, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %i = arith.constant 0 : index
  %n = pto_tensor.create : tensor<8xf32>
  %p = pto_tensor.create : tensor<4xf32>
  %s = scf.if %c -> (tensor<8xf32>) {
    scf.yield %n : tensor<8xf32>
  } else {
    %q = scf.if %c -> (tensor<8xf32>) {
      scf.yield %a : tensor<8xf32>
    } else {
      scf.yield %n : tensor<8xf32>
    }
    scf.yield %q : tensor<8xf32>
  }
  // expected-error@+1 {{'pto_tensor.assemble' op assembles into %s, which may be parameter 0 of @if_assemble, an 'in' parameter (%s, a result of the scf.if at 42:3, may be %q; %q, a result of the scf.if at 45:5, may be %a): declare it written with {pto_orch.dir = #pto_orch.dir<inout>} (or <out> when nothing reads it first), or write into a pto_tensor.create}}
  %r = pto_tensor.assemble %p into %s[%i] : tensor<4xf32> into tensor<8xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @if_manual_submit(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %n = pto_tensor.create : tensor<4xf32>
  pto_rt.scope manual {
    %s = scf.if %c -> (tensor<4xf32>) {
      scf.yield %n : tensor<4xf32>
    } else {
      scf.yield %a : tensor<4xf32>
    }
    // expected-error@+1 {{'pto_orch.submit' op argument 1 is 'out', so the task writes %s, which may be parameter 0 of @if_manual_submit, an 'in' parameter (%s, a result of the scf.if at 63:5, may be %a): declare it written with {pto_orch.dir = #pto_orch.dir<inout>} (or <out> when nothing reads it first), or write into a pto_tensor.create}}
    %r, %t = pto_orch.submit @k(in %b, out %s) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  }
  func.return
}

// -----

pto_orch.kernel @inc aiv (inout tensor<4xf32>) -> tensor<4xf32>
func.func @carry_fed_back(%a: tensor<4xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = pto_tensor.create : tensor<4xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %n) -> (tensor<4xf32>) {
    // expected-error@+1 {{'pto_orch.call' op argument 0 is 'inout', so the task writes %x, which may be parameter 0 of @carry_fed_back, an 'in' parameter (%x, an iter_arg of the scf.for at 82:3, is %a from the previous iteration): declare it written with {pto_orch.dir = #pto_orch.dir<inout>} (or <out> when nothing reads it first), or write into a pto_tensor.create}}
    %y = pto_orch.call @inc(%x) : (tensor<4xf32>) -> tensor<4xf32>
    scf.yield %a : tensor<4xf32>
  }
  func.return
}

// -----

pto_orch.kernel @inc aiv (inout tensor<4xf32>) -> tensor<4xf32>
func.func @swapped_carries(%a: tensor<4xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = pto_tensor.create : tensor<4xf32>
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%p = %n, %q = %a) -> (tensor<4xf32>, tensor<4xf32>) {
    // expected-error@+1 {{'pto_orch.call' op argument 0 is 'inout', so the task writes %p, which may be parameter 0 of @swapped_carries, an 'in' parameter (%p, an iter_arg of the scf.for at 98:3, is %q from the previous iteration; %q, an iter_arg of the scf.for at 98:3, starts as %a): declare it written with {pto_orch.dir = #pto_orch.dir<inout>} (or <out> when nothing reads it first), or write into a pto_tensor.create}}
    %y = pto_orch.call @inc(%p) : (tensor<4xf32>) -> tensor<4xf32>
    scf.yield %q, %y : tensor<4xf32>, tensor<4xf32>
  }
  func.return
}

// -----

func.func @loop_result(%a: tensor<4xf32>, %v: f32, %m: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = pto_tensor.create : tensor<4xf32>
  %r = scf.for %i = %c0 to %m step %c1 iter_args(%x = %a) -> (tensor<4xf32>) {
    scf.yield %n : tensor<4xf32>
  }
  // expected-error@+1 {{'pto_tensor.write' op writes %r, which may be parameter 0 of @loop_result, an 'in' parameter (%r, a result of the scf.for at 112:3, is the last %x; %x, an iter_arg of the scf.for at 112:3, starts as %a): declare it written with {pto_orch.dir = #pto_orch.dir<inout>} (or <out> when nothing reads it first), or write into a pto_tensor.create}}
  %w = pto_tensor.write %v, %r[%c0] : f32, tensor<4xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<2xf32>, out tensor<2xf32>) -> tensor<2xf32>
func.func @slice_of_if(%a: tensor<4xf32>, %b: tensor<2xf32>, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c2 = arith.constant 2 : index
  %n = pto_tensor.create : tensor<4xf32>
  %s = scf.if %c -> (tensor<4xf32>) {
    scf.yield %a : tensor<4xf32>
  } else {
    scf.yield %n : tensor<4xf32>
  }
  %h = pto_tensor.slice %s[%c2] : tensor<4xf32> to tensor<2xf32>
  // expected-error@+1 {{'pto_orch.call' op argument 1 is 'out', so the task writes %h, which may be part of parameter 0 of @slice_of_if, an 'in' parameter (%h, the pto_tensor.slice at 131:3, is part of %s; %s, a result of the scf.if at 126:3, may be %a): declare it written with {pto_orch.dir = #pto_orch.dir<inout>} (or <out> when nothing reads it first), or write into a pto_tensor.create}}
  %r = pto_orch.call @k(%b, %h) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @transpose_of_if(%a: tensor<2x4xf32>, %v: f32, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %n = pto_tensor.create : tensor<4x2xf32>
  %t = pto_tensor.transpose %a, 0, 1 : tensor<2x4xf32> to tensor<4x2xf32>
  %s = scf.if %c -> (tensor<4x2xf32>) {
    scf.yield %n : tensor<4x2xf32>
  } else {
    scf.yield %t : tensor<4x2xf32>
  }
  // expected-error@+1 {{'pto_tensor.write' op writes %s, which may be parameter 0 of @transpose_of_if, an 'in' parameter (%s, a result of the scf.if at 143:3, may be %t; %t, the pto_tensor.transpose at 142:3, is %a under another shape): declare it written with {pto_orch.dir = #pto_orch.dir<inout>} (or <out> when nothing reads it first), or write into a pto_tensor.create}}
  %w = pto_tensor.write %v, %s[%c0, %c0] : f32, tensor<4x2xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @task_result(%a: tensor<4xf32>, %b: tensor<4xf32>, %v: f32, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = pto_tensor.create : tensor<4xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %n) -> (tensor<4xf32>) {
    // expected-error@+1 {{'pto_tensor.write' op writes %x, which may be parameter 0 of @task_result, an 'in' parameter (%x, an iter_arg of the scf.for at 161:3, is %y from the previous iteration; %y, a result of the pto_orch.call at 169:5, is its argument %s; %s, a result of the scf.if at 164:5, may be %a): declare it written with {pto_orch.dir = #pto_orch.dir<inout>} (or <out> when nothing reads it first), or write into a pto_tensor.create}}
    %w = pto_tensor.write %v, %x[%c0] : f32, tensor<4xf32>
    %s = scf.if %c -> (tensor<4xf32>) {
      scf.yield %a : tensor<4xf32>
    } else {
      scf.yield %w : tensor<4xf32>
    }
    %y = pto_orch.call @k(%b, %s) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    scf.yield %y : tensor<4xf32>
  }
  func.return
}

// -----

// Valid neighbours: an if result that may be an 'in' parameter but is only read; a write into
// an if result whose branches are a create and an 'inout' parameter; a loop carry started from
// an 'in' parameter and only read, the body writing a create; a write after the loop into a
// result that is a create on every path.
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
pto_orch.kernel @inc aiv (inout tensor<4xf32>) -> tensor<4xf32>
func.func @neighbours(%a: tensor<4xf32>, %io: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %v: f32, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = pto_tensor.create : tensor<4xf32>
  %s = scf.if %c -> (tensor<4xf32>) {
    scf.yield %a : tensor<4xf32>
  } else {
    scf.yield %n : tensor<4xf32>
  }
  %m = pto_tensor.create : tensor<4xf32>
  %r0 = pto_orch.call @k(%s, %m) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %u = scf.if %c -> (tensor<4xf32>) {
    scf.yield %io : tensor<4xf32>
  } else {
    scf.yield %n : tensor<4xf32>
  }
  %w = pto_tensor.write %v, %u[%c0] : f32, tensor<4xf32>
  %r1 = pto_orch.call @inc(%u) : (tensor<4xf32>) -> tensor<4xf32>
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %a, %z = %m) -> (tensor<4xf32>, tensor<4xf32>) {
    %y = pto_orch.call @k(%x, %z) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    scf.yield %x, %y : tensor<4xf32>, tensor<4xf32>
  }
  %w2 = pto_tensor.write %v, %r#1[%c0] : f32, tensor<4xf32>
  func.return
}
