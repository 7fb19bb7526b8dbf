// RUN: pypto-opt --verify-orchestration --split-input-file --print-diagnostics %s | filecheck %s
// Host reads and writes (pto_tensor.read / pto_tensor.write) against the tasks before them,
// on storage roots: a manual-scope task, a no_dep writer, and (for a write) an auto-scope
// reader the runtime does not record. Each invalid case has a valid sibling.

// A read through the name before a manual-scope write (not the scope's result) is still a
// read of the buffer the manual task wrote.
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @read_old_name(%x: tensor<16xf32>) -> f32 attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %b = pto_tensor.create : tensor<16xf32>
  %b2 = pto_rt.scope manual -> (tensor<16xf32>) {
    %b1, %t = pto_orch.submit @inc(in %x, out %b) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %b1 : tensor<16xf32>
  }
  // CHECK: error: 'pto_tensor.read' op reads %b, whose buffer 'pto_orch.submit' (kernel @inc) at line [[# @LINE - 3]] writes inside a manual scope: get_tensor_data waits only for the producers the runtime tracked, and a MANUAL scope tracks none, so the read races with that task; read after a task outside the manual scope that writes the tensor (it depends on the manual task), or move the read or the task out of the manual scope
  %v = pto_tensor.read %b[%c0] : tensor<16xf32> -> f32
  func.return %v : f32
}

// -----

// Valid: the manual task writes the other half of the buffer than the one read.
pto_orch.kernel @inc8 aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
func.func @read_disjoint(%x: tensor<8xf32>) -> f32 attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %b = pto_tensor.create : tensor<16xf32>
  %lo = pto_tensor.slice %b[%c0] : tensor<16xf32> to tensor<8xf32>
  %hi = pto_tensor.slice %b[%c8] : tensor<16xf32> to tensor<8xf32>
  pto_rt.scope manual {
    %lo1, %t = pto_orch.submit @inc8(in %x, out %lo) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  }
  // CHECK: %v = pto_tensor.read %hi[%c0]
  %v = pto_tensor.read %hi[%c0] : tensor<8xf32> -> f32
  func.return %v : f32
}

// -----

// A host write of a view of a buffer a manual-scope task wrote.
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @write_after_manual(%x: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 7.0 : f32
  %y1 = pto_rt.scope manual -> (tensor<16xf32>) {
    %y2, %t = pto_orch.submit @inc(in %x, out %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %y2 : tensor<16xf32>
  }
  %v = pto_tensor.slice %y1[%c8] : tensor<16xf32> to tensor<8xf32>
  // CHECK: error: 'pto_tensor.write' op writes %v, whose buffer 'pto_orch.submit' (kernel @inc) at line [[# @LINE - 4]] writes inside a manual scope: set_tensor_data waits only for the producers the runtime tracked and their consumers, and a MANUAL scope tracks none, so the write races with that task; write after a task outside the manual scope that writes the tensor (it depends on the manual task), or move the write or the task out of the manual scope
  %v2 = pto_tensor.write %one, %v[%c0] : f32, tensor<8xf32>
  func.return
}

// -----

// Valid: an auto-scope task writes the buffer after the manual one (order-untracked-hazards
// orders it after the manual task), and the host write waits for it.
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @acc aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
func.func @write_after_auto_writer(%x: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 7.0 : f32
  %y1 = pto_rt.scope manual -> (tensor<16xf32>) {
    %y2, %t = pto_orch.submit @inc(in %x, out %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %y2 : tensor<16xf32>
  }
  %y3 = pto_rt.scope auto -> (tensor<16xf32>) {
    %y4 = pto_orch.call @acc(in %x, inout %y1) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %y4 : tensor<16xf32>
  }
  // CHECK: %y5 = pto_tensor.write %one, %y3[%c0]
  %y5 = pto_tensor.write %one, %y3[%c0] : f32, tensor<16xf32>
  func.return
}

// -----

// A host write after an auto-scope task read the (external) buffer as an input: the runtime
// records no producer, so set_tensor_data does not wait for the reader.
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @write_after_reader(%y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %z: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %z1 = pto_orch.call @inc(in %y, out %z) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  // CHECK: error: 'pto_tensor.write' op writes %y, whose buffer 'pto_orch.call' (kernel @inc) at line [[# @LINE - 1]] reads (an input, which the runtime does not record): set_tensor_data waits only for the producers the runtime tracked and their consumers, so the write can change the data before that task has read it; pass the tensor as inout to that task so the runtime tracks it, or write before the task
  %y2 = pto_tensor.write %one, %y[%c0] : f32, tensor<16xf32>
  func.return
}

// -----

// Valid: the reader passes the tensor as inout (tracked), and the plain pattern "a task
// writes B, the host writes / reads B".
pto_orch.kernel @acc aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
func.func @write_after_inout(%x: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) -> f32 attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %y1 = pto_orch.call @acc(in %x, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %y2 = pto_tensor.write %one, %y1[%c0] : f32, tensor<16xf32>
  // CHECK: %v = pto_tensor.read %y2[%c0]
  %v = pto_tensor.read %y2[%c0] : tensor<16xf32> -> f32
  func.return %v : f32
}

// -----

// Valid: an auto-scope writer of the buffer between the reader and the host write (it is
// ordered after the reader, and the host write waits for it).
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @acc aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
func.func @write_after_reader_then_writer(%x: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %z: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %z1 = pto_orch.call @inc(in %y, out %z) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %y1 = pto_orch.call @acc(in %x, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  // CHECK: %y2 = pto_tensor.write %one, %y1[%c0]
  %y2 = pto_tensor.write %one, %y1[%c0] : f32, tensor<16xf32>
  func.return
}

// -----

// In a loop, a reader later in the body runs before the next iteration's host write.
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @write_before_reader_in_loop(%y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %z: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c4 step %c1 {
    // CHECK: error: 'pto_tensor.write' op writes %y, whose buffer 'pto_orch.call' (kernel @inc) at line [[# @LINE + 2]] reads (an input, which the runtime does not record)
    %y2 = pto_tensor.write %one, %y[%c0] : f32, tensor<16xf32>
    %z1 = pto_orch.call @inc(in %y2, out %z) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// -----

// A no_dep reader is recorded nowhere either: a host write right after it is an error.
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @write_after_no_dep_reader(%y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %z: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %z1 = pto_orch.call @inc(no_dep %y, out %z) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  // CHECK: error: 'pto_tensor.write' op writes %y, whose buffer 'pto_orch.call' (kernel @inc) at line [[# @LINE - 1]] reads (an input, which the runtime does not record)
  %y2 = pto_tensor.write %one, %y[%c0] : f32, tensor<16xf32>
  func.return
}

// -----

// Valid: as after an `in` reader, an auto writer between the no_dep reader and the host write
// (order-untracked-hazards orders it after the reader, and the host write waits for it;
// executed in tests/test_no_dep_readers.py).
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @acc aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
func.func @write_after_no_dep_reader_then_writer(%x: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %z: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %z1 = pto_orch.call @inc(no_dep %y, out %z) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %y1 = pto_orch.call @acc(in %x, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  // CHECK: %y2 = pto_tensor.write %one, %y1[%c0]
  %y2 = pto_tensor.write %one, %y1[%c0] : f32, tensor<16xf32>
  func.return
}

// -----

// A compiler-owned manual scope tracks nothing either: a host write of a buffer a task there
// read (in an earlier iteration of the loop around both) is an error.
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @write_after_compiler_manual_reader(%y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %z: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c4 step %c1 {
    // CHECK: error: 'pto_tensor.write' op writes %y, whose buffer 'pto_orch.submit' (kernel @inc) at line [[# @LINE + 3]] reads inside a manual scope
    %y2 = pto_tensor.write %one, %y[%c0] : f32, tensor<16xf32>
    pto_rt.scope manual compiler_owned {
      %z1, %t = pto_orch.submit @inc(in %y, out %z) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
  }
  func.return
}

// -----

// Valid: a buffer created in the loop body is a new buffer each iteration, so the reader of
// the previous iteration's buffer does not conflict with this iteration's host write.
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @fresh_buffer_per_iteration(%z: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c4 step %c1 {
    %b = pto_tensor.create init(0.0 : f32) : tensor<16xf32>
    // CHECK: %b1 = pto_tensor.write %one, %b[%c0]
    %b1 = pto_tensor.write %one, %b[%c0] : f32, tensor<16xf32>
    %z1 = pto_orch.call @inc(in %b1, out %z) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
