// RUN: pypto-opt --verify-orchestration --split-input-file --print-diagnostics %s | filecheck %s
// Host accesses (rule 1) against tasks whose writes the access may not wait for, and tasks
// whose own write covers their read: a task that reads and writes the same buffer is its
// recorded writer (valid); a later writer helps only when it surely overlaps the access (a
// write of a value that may be one of several buffers, or of a window at an unknown offset,
// does not); a buffer created with manual_dep has no recorded writer.

// Valid: @twice reads %t and writes it (inout): set_tensor_data waits for it.
pto_orch.kernel @twice aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @own_read(%t: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %t1 = pto_orch.call @twice(in %t, inout %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  // CHECK: %t2 = pto_tensor.write %one, %t1[%c0]
  %t2 = pto_tensor.write %one, %t1[%c0] : f32, tensor<16xf32>
  func.return
}

// -----

// Valid: the same with add_output of the existing tensor, in a loop.
pto_orch.kernel @twice aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @own_read_in_loop(%t: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %tl = scf.for %i = %c0 to %c4 step %c1 iter_args(%ti = %t) -> (tensor<16xf32>) {
    %t1 = pto_orch.call @twice(in %ti, output_existing %ti) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    // CHECK: %t2 = pto_tensor.write %one, %t1[%c0]
    %t2 = pto_tensor.write %one, %t1[%c0] : f32, tensor<16xf32>
    scf.yield %t2 : tensor<16xf32>
  } {pto_orch.iter_arg_rebind = array<i1: false>, pto_orch.iter_arg_array_size = array<i64: 0>}
  func.return
}

// -----

// The task writes the upper half of %t and reads the lower half: its write does not hold its
// read, and the host write of %t[0] would not wait for it.
pto_orch.kernel @step8 aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
func.func @read_elsewhere(%t: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %lo = pto_tensor.slice %t[%c0] : tensor<16xf32> to tensor<8xf32>
  %hi = pto_tensor.slice %t[%c8] : tensor<16xf32> to tensor<8xf32>
  %hi1 = pto_orch.call @step8(in %lo, out %hi) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  // CHECK: error: 'pto_tensor.write' op writes %t, whose buffer 'pto_orch.call' (kernel @step8) at line [[# @LINE - 1]] reads (an input, which the runtime does not record): set_tensor_data waits only for the producers the runtime tracked and their consumers, so the write can change the data before that task has read it; pass the tensor as inout to that task so the runtime tracks it, or write before the task
  %t2 = pto_tensor.write %one, %t[%c0] : f32, tensor<16xf32>
  func.return
}

// -----

// The task reads %s (%a or %b) and writes %a: when %s is %b its write does not hold its read.
pto_orch.kernel @twice aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @read_of_one_of_two(%a: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %s = scf.if %c -> (tensor<16xf32>) {
    scf.yield %a : tensor<16xf32>
  } else {
    scf.yield %b : tensor<16xf32>
  }
  %a1 = pto_orch.call @twice(in %s, inout %a) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  // CHECK: error: 'pto_tensor.write' op writes %b, whose buffer 'pto_orch.call' (kernel @twice) at line [[# @LINE - 1]] reads (an input, which the runtime does not record)
  %b1 = pto_tensor.write %one, %b[%c0] : f32, tensor<16xf32>
  func.return
}

// -----

// A manual task writes %a; the auto task after it updates %s (%a or %b): when %s is %b the
// host read of %a waits for nothing that follows the manual task.
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @bump aiv (inout tensor<16xf32>) -> tensor<16xf32>
func.func @manual_then_possible_writer(%x: tensor<16xf32>, %a: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %c: i1) -> f32 attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  pto_rt.scope manual {
    %a1, %t = pto_orch.submit @inc(in %x, out %a) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  %s = scf.if %c -> (tensor<16xf32>) {
    scf.yield %a : tensor<16xf32>
  } else {
    scf.yield %b : tensor<16xf32>
  }
  pto_rt.scope auto {
    %s1 = pto_orch.call @bump(inout %s) : (tensor<16xf32>) -> tensor<16xf32>
  }
  // CHECK: error: 'pto_tensor.read' op reads %a, whose buffer 'pto_orch.submit' (kernel @inc) at line [[# @LINE - 10]] writes inside a manual scope
  %v = pto_tensor.read %a[%c0] : tensor<16xf32> -> f32
  func.return %v : f32
}

// -----

// An auto task reads %a; the one after it updates %s (%a or %b): the host write of %a may
// not wait for it, so nothing orders the write after the read.
pto_orch.kernel @copy aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @bump aiv (inout tensor<16xf32>) -> tensor<16xf32>
func.func @reader_then_possible_writer(%a: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %o1 = pto_orch.call @copy(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %s = scf.if %c -> (tensor<16xf32>) {
    scf.yield %a : tensor<16xf32>
  } else {
    scf.yield %b : tensor<16xf32>
  }
  %s1 = pto_orch.call @bump(inout %s) : (tensor<16xf32>) -> tensor<16xf32>
  // CHECK: error: 'pto_tensor.write' op writes %a, whose buffer 'pto_orch.call' (kernel @copy) at line [[# @LINE - 7]] reads (an input, which the runtime does not record)
  %a1 = pto_tensor.write %one, %a[%c0] : f32, tensor<16xf32>
  func.return
}

// -----

// Valid: the same with a definite writer of %a after the reader.
pto_orch.kernel @copy aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @bump aiv (inout tensor<16xf32>) -> tensor<16xf32>
func.func @reader_then_writer(%a: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %o1 = pto_orch.call @copy(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %a1 = pto_orch.call @bump(inout %a) : (tensor<16xf32>) -> tensor<16xf32>
  // CHECK: %a2 = pto_tensor.write %one, %a1[%c0]
  %a2 = pto_tensor.write %one, %a1[%c0] : f32, tensor<16xf32>
  func.return
}

// -----

// A manual task writes %a; the auto task after it updates a window of %a at a run-time
// offset, which the host read of the window %lo may not meet (then it does not wait for it).
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @bump4 aiv (inout tensor<4xf32>) -> tensor<4xf32>
func.func @manual_then_window_writer(%x: tensor<16xf32>, %a: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %k: index) -> f32 attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  pto_rt.scope manual {
    %a1, %t = pto_orch.submit @inc(in %x, out %a) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  %w = pto_tensor.slice %a[%k] : tensor<16xf32> to tensor<4xf32>
  pto_rt.scope auto {
    %w1 = pto_orch.call @bump4(inout %w) : (tensor<4xf32>) -> tensor<4xf32>
  }
  %lo = pto_tensor.slice %a[%c0] : tensor<16xf32> to tensor<4xf32>
  // CHECK: error: 'pto_tensor.read' op reads %lo, whose buffer 'pto_orch.submit' (kernel @inc) at line [[# @LINE - 7]] writes inside a manual scope
  %v = pto_tensor.read %lo[%c0] : tensor<4xf32> -> f32
  func.return %v : f32
}

// -----

// Valid: the same read through all of %a: get_tensor_data waits for every recorded writer
// that overlaps the tensor it names, and the window of %a does.
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @bump4 aiv (inout tensor<4xf32>) -> tensor<4xf32>
func.func @manual_then_window_writer_whole_read(%x: tensor<16xf32>, %a: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %k: index) -> f32 attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  pto_rt.scope manual {
    %a1, %t = pto_orch.submit @inc(in %x, out %a) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  %w = pto_tensor.slice %a[%k] : tensor<16xf32> to tensor<4xf32>
  pto_rt.scope auto {
    %w1 = pto_orch.call @bump4(inout %w) : (tensor<4xf32>) -> tensor<4xf32>
  }
  // CHECK: %v = pto_tensor.read %a[%c0]
  %v = pto_tensor.read %a[%c0] : tensor<16xf32> -> f32
  func.return %v : f32
}

// -----

// An auto task updates a buffer created with manual_dep: the runtime records no writer of it,
// so the host read does not wait.
pto_orch.kernel @acc_add aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
func.func @manual_dep_read(%x: tensor<16xf32>) -> f32 attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %m = pto_tensor.create init(0.0 : f32) manual_dep : tensor<16xf32>
  %m1 = pto_orch.call @acc_add(in %x, inout %m) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  // CHECK: error: 'pto_tensor.read' op reads %m1, whose buffer 'pto_orch.call' (kernel @acc_add) at line [[# @LINE - 1]] writes, a buffer created with manual_dep: get_tensor_data waits only for the producers the runtime tracked, and the runtime does not record the writers of a manual_dep buffer, so the read races with that task; create the tensor without manual_dep
  %v = pto_tensor.read %m1[%c0] : tensor<16xf32> -> f32
  func.return %v : f32
}

// -----

// Valid: the task writes a slice of the manual_dep buffer. The flag belongs to the created
// tensor only: the runtime tracks the slice, records the task as its writer, and the host
// read of that window waits for it (the read of the whole buffer after a write of the whole
// one, above, does not).
pto_orch.kernel @copy8 aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
func.func @manual_dep_view_read(%x: tensor<8xf32>) -> f32 attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %m = pto_tensor.create init(0.0 : f32) manual_dep : tensor<16xf32>
  %s = pto_tensor.slice %m[%c8] : tensor<16xf32> to tensor<8xf32>
  %s1 = pto_orch.call @copy8(in %x, out %s) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  // CHECK-LABEL: func.func @manual_dep_view_read
  // CHECK: %v = pto_tensor.read %s1[%c0] : tensor<8xf32> -> f32
  %v = pto_tensor.read %s1[%c0] : tensor<8xf32> -> f32
  func.return %v : f32
}
