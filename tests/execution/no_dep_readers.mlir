// A `no_dep` argument is the user's word that the task need not wait for the earlier writers
// of the buffer (no RAW edge); the task still reads it, so a later writer of the buffer must be
// ordered after it (WAR). The runtime never orders a write after a read (readers are not
// recorded), and order-untracked-hazards used to ignore `no_dep` arguments, so in the default
// setting @inc could overwrite %b before @rd had read it (tests/test_no_dep_readers.py). Found
// by a breaker session. Every @rd's own read is ordered by the user (a parameter nobody wrote
// before, or deps on the writer).
pto_orch.kernel @rd aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @inc aiv (inout tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @mk aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// AUTO: the no_dep reader, then an in-place writer
func.func @auto_pair(%b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %o1 = pto_orch.call @rd(no_dep %b, inout %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %b1 = pto_orch.call @inc(inout %b) : (tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// A loop: each iteration's @rd waits for its @inc (the user's deps) and reads %b no_dep; the next
// iteration's @inc must wait for it (loop-carried WAR)
func.func @loop_carried(%b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %b1, %tw = pto_orch.submit @inc(inout %b) : (tensor<16xf32>) -> tensor<16xf32>
    %o1, %tr = pto_orch.submit @rd(no_dep %b, inout %o) deps(%tw : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield
  }
  func.return
}

// The no_dep reader in a user's MANUAL scope, whose writer there is the user's to order (deps);
// an AUTO writer after the scope must wait for the reader
func.func @manual_then_auto(%b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %o1, %tr = pto_orch.submit @rd(no_dep %b, inout %o) deps(%none : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %b1, %tw = pto_orch.submit @inc(inout %b) deps(%tr : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
  }
  %b2 = pto_orch.call @inc(inout %b) : (tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// An AUTO no_dep reader, then a writer in a MANUAL scope
func.func @auto_then_manual(%b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %o1 = pto_orch.call @rd(no_dep %b, inout %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %b1, %tw = pto_orch.submit @inc(inout %b) deps(%none : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// A runtime-allocated output read no_dep in a MANUAL scope (the retain edge on @mk), then
// written in place after the scope and read back into %o
func.func @runtime_output(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %y = pto_orch.call @mk(in %a) : (tensor<16xf32>) -> tensor<16xf32>
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %o1, %tr = pto_orch.submit @rd(no_dep %y, inout %o) deps(%none : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  %y1 = pto_orch.call @inc(inout %y) : (tensor<16xf32>) -> tensor<16xf32>
  %o2 = pto_orch.call @rd(in %y1, inout %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// A host write after a no_dep reader and an AUTO writer: the writer is ordered after the reader
// (this pass), and set_tensor_data waits for the writer, the buffer's recorded producer
// (verify-orchestration accepts it, as after an `in` reader)
func.func @host_write(%b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %o1 = pto_orch.call @rd(no_dep %b, inout %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %b1 = pto_orch.call @inc(inout %b) : (tensor<16xf32>) -> tensor<16xf32>
  %b2 = pto_tensor.write %zero, %b1[%c0] : f32, tensor<16xf32>
  func.return
}
