// RUN: pypto-opt --split-input-file --verify-diagnostics -p pto2-pipeline %s
// RUN: pypto-opt --split-input-file --verify-diagnostics -p 'pto2-pipeline{analyze-auto-scopes=true}' %s

// A buffer the loop body creates is a new one each iteration, but the body yields it into the
// carry: the next iteration's host read of %cur reads the %c the manual @fill of the previous
// iteration wrote, which get_tensor_data does not wait for. It used to pass (the earlier
// iteration's task was skipped as "a new buffer each iteration") and race. Found by a breaker
// session (tests/test_loop_carried_manual_writes.py runs the task form).
pto_orch.kernel @fill aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @carried_created(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %init = pto_tensor.create init(1.0 : f32) : tensor<16xf32>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%cur = %init, %oo = %o) -> (tensor<16xf32>, tensor<16xf32>) {
    // expected-error @+1 {{'pto_tensor.read' op reads %cur, whose buffer 'pto_orch.submit' (kernel @fill) at line 21 writes inside a manual scope: get_tensor_data waits only for the producers the runtime tracked, and a MANUAL scope tracks none, so the read races with that task; read after a task outside the manual scope that writes the tensor (it depends on the manual task), or move the read or the task out of the manual scope}}
    %v = pto_tensor.read %cur[%c0] : tensor<16xf32> -> f32
    %oo1 = pto_tensor.write %v, %oo[%i] : f32, tensor<16xf32>
    %c = pto_tensor.create : tensor<16xf32>
    %n2 = pto_rt.scope manual -> (tensor<16xf32>) {
      %n1, %t = pto_orch.submit @fill(in %x, out %c) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      pto_rt.yield %n1 : tensor<16xf32>
    }
    scf.yield %n2, %oo1 : tensor<16xf32>, tensor<16xf32>
  }
  func.return
}

// -----

// The same read of this iteration's new buffer (created before the read, not carried) meets
// no earlier iteration's write: accepted.
pto_orch.kernel @fill aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @fresh_created(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%oo = %o) -> (tensor<16xf32>) {
    %c = pto_tensor.create init(1.0 : f32) : tensor<16xf32>
    %v = pto_tensor.read %c[%c0] : tensor<16xf32> -> f32
    %oo1 = pto_tensor.write %v, %oo[%i] : f32, tensor<16xf32>
    %n2 = pto_rt.scope manual -> (tensor<16xf32>) {
      %n1, %t = pto_orch.submit @fill(in %x, out %c) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      pto_rt.yield %n1 : tensor<16xf32>
    }
    scf.yield %oo1 : tensor<16xf32>
  }
  func.return
}
