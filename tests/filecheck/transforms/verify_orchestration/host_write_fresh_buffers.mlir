// RUN: pypto-opt --split-input-file --verify-diagnostics -p pto2-pipeline %s | filecheck %s
// RUN: pypto-opt --split-input-file --verify-diagnostics -p 'pto2-pipeline{analyze-auto-scopes=true}' %s | filecheck %s

// A host write of the result of a loop that makes a new buffer every iteration, reads the
// previous one through its carry and yields its own: the write meets the last iteration's
// buffer only, which @step's read of the carry never touches (an earlier iteration's, or the
// init when no iteration ran). Accepted; set_tensor_data waits for the last @step, the
// buffer's recorded writer (executed: tests/test_loop_fresh_buffers.py).
pto_orch.kernel @step aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @fresh(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %x0 = pto_tensor.create : tensor<16xf32>
  %x1 = pto_orch.call @step(%x, %x0) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x1) -> (tensor<16xf32>) {
    %t = pto_tensor.create : tensor<16xf32>
    %t1 = pto_orch.call @step(%acc, %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %t1 : tensor<16xf32>
  }
  %r2 = pto_tensor.write %one, %r[%c0] : f32, tensor<16xf32>
  %o1 = pto_orch.call @step(%r2, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// CHECK-LABEL: func.func @fresh
// CHECK:         %r = scf.for
// CHECK:         %r2 = pto_tensor.write %one, %r[%c0] : f32, tensor<16xf32>

// -----

// The loop may yield the carry it received (an scf.if): the result may be the buffer @step
// read in the last iteration, a read the runtime does not record. Refused.
pto_orch.kernel @step aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @maybe_carry(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %x0 = pto_tensor.create : tensor<16xf32>
  %x1 = pto_orch.call @step(%x, %x0) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x1) -> (tensor<16xf32>) {
    %t = pto_tensor.create : tensor<16xf32>
    %t1 = pto_orch.call @step(%acc, %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %next = scf.if %c -> (tensor<16xf32>) {
      scf.yield %t1 : tensor<16xf32>
    } else {
      scf.yield %acc : tensor<16xf32>
    }
    scf.yield %next : tensor<16xf32>
  }
  // expected-error@+1 {{'pto_tensor.write' op writes %r, whose buffer 'pto_orch.call' (kernel @step) at line 43 reads (an input, which the runtime does not record)}}
  %r2 = pto_tensor.write %one, %r[%c0] : f32, tensor<16xf32>
  %o1 = pto_orch.call @step(%r2, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// -----

// The loop of new buffers is in an outer loop, and its trip count changes (1, then 0): in the
// second outer iteration its result is its init, the parameter %x, which @step read through
// the carry in the first one. "The init is the result only when no iteration ran" holds for
// one execution of the loop only: with a loop around both, the earlier executions' tasks are
// earlier too. Refused (executed as a race: tests/test_loop_fresh_buffers.py).
pto_orch.kernel @step aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @outer_loop(%x: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %ro = scf.for %j = %c0 to %c2 step %c1 iter_args(%b = %x) -> (tensor<16xf32>) {
    %m = arith.subi %c1, %j : index
    %r = scf.for %i = %c0 to %m step %c1 iter_args(%acc = %b) -> (tensor<16xf32>) {
      %t = pto_tensor.create : tensor<16xf32>
      %t1 = pto_orch.call @step(%acc, %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %t1 : tensor<16xf32>
    }
    // expected-error@+1 {{'pto_tensor.write' op writes %r, whose buffer 'pto_orch.call' (kernel @step) at line 74 reads (an input, which the runtime does not record)}}
    %r2 = pto_tensor.write %one, %r[%c0] : f32, tensor<16xf32>
    scf.yield %b : tensor<16xf32>
  }
  %o1 = pto_orch.call @step(%ro, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
