// Loops that make a new buffer in every iteration, read the previous iteration's through the
// carry, and yield their own; a task after the loop writes the result in place. The storage
// roots give all iterations' buffers one root, and order-untracked-hazards refused these
// programs ("only the last iteration's TaskId can be carried": the reads of the carry looked
// like reads of the buffer written after the loop). A task in the loop that reads only the
// carry reads an earlier iteration's buffer, never the last one; the init is the result only
// when the loop ran no iteration. (tests/test_loop_fresh_buffers.py runs each one.)
//  - @accumulate: create + @step per iteration, %n iterations, @bump after the loop;
//  - @last_reader: the same, with a second task reading this iteration's buffer: @bump must
//    wait for the last iteration's reader (the runtime does not order a write after a read),
//    whose TaskId the loop carries;
//  - @runtime_output: the iteration's buffer is a runtime-allocated output of @step;
//  - @manual_scope: @accumulate in a user manual scope, each task listing the one before
//    (the reads of the carry needed no edge to @bump there either);
//  - @host_write: the host writes an element of the result (set_tensor_data) instead of
//    @bump; verify-orchestration refused it as a write after an unrecorded reader (@step's
//    read of the carry, an earlier iteration's buffer).
pto_orch.kernel @step aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @bump aiv (inout tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @accumulate(%x: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x0 = pto_tensor.create : tensor<16x16xf32>
  %x1 = pto_orch.call @step(%x, %x0) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x1) -> (tensor<16x16xf32>) {
    %t = pto_tensor.create : tensor<16x16xf32>
    %t1 = pto_orch.call @step(%acc, %t) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %t1 : tensor<16x16xf32>
  }
  %r2 = pto_orch.call @bump(%r) : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %o1 = pto_orch.call @step(%r2, %o) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

func.func @last_reader(%x: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %s: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %x0 = pto_tensor.create : tensor<16x16xf32>
  %x1 = pto_orch.call @step(%x, %x0) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %r, %sr = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %x1, %si = %s) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
    %t = pto_tensor.create : tensor<16x16xf32>
    %t1 = pto_orch.call @step(%acc, %t) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %s1 = pto_orch.call @step(%t1, %si) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %t1, %s1 : tensor<16x16xf32>, tensor<16x16xf32>
  }
  %r2 = pto_orch.call @bump(%r) : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %o1 = pto_orch.call @step(%r2, %o) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

func.func @runtime_output(%x: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x1 = pto_orch.call @step(%x) : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x1) -> (tensor<16x16xf32>) {
    %t1 = pto_orch.call @step(%acc) : (tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %t1 : tensor<16x16xf32>
  }
  %r2 = pto_orch.call @bump(%r) : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %o1 = pto_orch.call @step(%r2, %o) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

func.func @host_write(%x: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %x0 = pto_tensor.create : tensor<16x16xf32>
  %x1 = pto_orch.call @step(%x, %x0) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x1) -> (tensor<16x16xf32>) {
    %t = pto_tensor.create : tensor<16x16xf32>
    %t1 = pto_orch.call @step(%acc, %t) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %t1 : tensor<16x16xf32>
  }
  %r2 = pto_tensor.write %one, %r[%c0, %c0] : f32, tensor<16x16xf32>
  %o1 = pto_orch.call @step(%r2, %o) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

func.func @manual_scope(%x: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x0 = pto_tensor.create : tensor<16x16xf32>
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %x1, %t0 = pto_orch.submit @step(%x, %x0) deps(%none : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %r, %rt = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x1, %p = %t0) -> (tensor<16x16xf32>, !pto_orch.task_id) {
      %t = pto_tensor.create : tensor<16x16xf32>
      %t1, %tt = pto_orch.submit @step(%acc, %t) deps(%p : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
      scf.yield %t1, %tt : tensor<16x16xf32>, !pto_orch.task_id
    }
    %r2, %tb = pto_orch.submit @bump(%r) deps(%rt : !pto_orch.task_id) : (tensor<16x16xf32>) -> tensor<16x16xf32>
    %o1, %to = pto_orch.submit @step(%r2, %o) deps(%tb : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    pto_rt.yield
  }
  func.return
}
