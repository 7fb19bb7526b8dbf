// RUN: pypto-opt --verify-orchestration --split-input-file --print-diagnostics %s | filecheck %s

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @through_a_carry(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> f32 attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %o) -> (tensor<16xf32>) {
    %y = pto_rt.scope manual -> (tensor<16xf32>) {
      %x1 = pto_orch.call @k(in %a, out %x) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      pto_rt.yield %x1 : tensor<16xf32>
    }
    scf.yield %y : tensor<16xf32>
  }
  // CHECK: error: 'pto_tensor.read' op reads %r, which 'pto_orch.call' at line 10 writes inside a manual scope
  %v = pto_tensor.read %r[%c0] : tensor<16xf32> -> f32
  func.return %v : f32
}

// -----

// A read of a tensor only auto-scope tasks wrote is fine: the module is printed unchanged.
pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @auto(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> f32 attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %r = pto_rt.scope auto -> (tensor<16xf32>) {
    %o1 = pto_orch.call @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %o1 : tensor<16xf32>
  }
  // CHECK: %v = pto_tensor.read %r[%c0]
  %v = pto_tensor.read %r[%c0] : tensor<16xf32> -> f32
  func.return %v : f32
}

// -----

// The array value a task_array_set consumed is gone after it (an scf.if yield uses it).
func.func @consumed(%c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %arr = pto_orch.task_array_create : !pto_orch.task_id_array<2>
  %none = pto_system.task_invalid
  %arr1 = pto_orch.task_array_set %none, %arr[%c0] : !pto_orch.task_id_array<2>
  %r = scf.if %c -> (!pto_orch.task_id_array<2>) {
    // CHECK: error: 'scf.yield' op uses %arr, a TaskId array that 'pto_orch.task_array_set' at line 42 has updated in place
    scf.yield %arr : !pto_orch.task_id_array<2>
  } else {
    scf.yield %arr1 : !pto_orch.task_id_array<2>
  }
  func.return
}

// -----

// An array defined outside the loop cannot be updated inside it, even under an scf.if.
func.func @outside_loop(%c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %arr = pto_orch.task_array_create : !pto_orch.task_id_array<2>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.if %c {
      %b = pto_system.task_dummy deps()
      // CHECK: error: 'pto_orch.task_array_set' op updates %arr in place (PTO2TaskId arrays are C++ arrays), but the array is defined outside the loop around this op
      %arr1 = pto_orch.task_array_set %b, %arr[%i] : !pto_orch.task_id_array<2>
    }
  }
  func.return
}
