// Rule 10: an allocation that every run makes and that needs more than a ring's heap (256 MiB
// unless the runtime's PTO2_RING_HEAP sets another size; `ring-heap=N` gives it) stops the
// runtime with its fatal heap exhaustion. tests/test_heap_limits.py checks the location
// against the interpreter's heap model with a small heap.
// RUN: pypto-opt --split-input-file --print-diagnostics -p pto2-pipeline %s | filecheck %s
// RUN: pypto-opt --split-input-file -p 'pto2-pipeline{ring-heap=536870912}' %s | filecheck %s --check-prefix=BIG

// 80000 x 1024 floats: 327680000 bytes, one buffer (found by a breaker session)
pto_orch.kernel @kbig aiv (in tensor<16xf32>, out tensor<80000x1024xf32>) -> tensor<80000x1024xf32>
pto_orch.kernel @kr2 aiv (in tensor<80000x1024xf32>)
// BIG-LABEL: func.func @too_big
func.func @too_big(%a: tensor<16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  // CHECK: heap.mlir:[[# @LINE + 1]]:3: error: 'pto_tensor.alloc_tensors' op exceeds the runtime's heap in every run: its buffer needs 327680000 bytes at once (each rounded up to 1024), more than a ring's heap of 268435456 bytes: the runtime stops with its fatal heap exhaustion; allocate less at once (smaller tensors, or one allocation per scope); a run with another heap (the runtime's PTO2_RING_HEAP sets it) is checked with the option ring-heap=N{{$}}
  %x = pto_tensor.create : tensor<80000x1024xf32>
  %r = pto_orch.call @kbig(%a, %x) : (tensor<16xf32>, tensor<80000x1024xf32>) -> tensor<80000x1024xf32>
  pto_orch.call @kr2(%r) : (tensor<80000x1024xf32>) -> ()
  func.return
}

// -----

// a runtime-allocated output of the same size: the task's allocation
pto_orch.kernel @kbig aiv (in tensor<16xf32>, out tensor<80000x1024xf32>) -> tensor<80000x1024xf32>
pto_orch.kernel @kr2 aiv (in tensor<80000x1024xf32>)
// BIG-LABEL: func.func @too_big_output
func.func @too_big_output(%a: tensor<16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  // CHECK: heap.mlir:[[# @LINE + 1]]:3: error: 'pto_orch.call' op exceeds the runtime's heap in every run: its buffer needs 327680000 bytes at once
  %r = pto_orch.call @kbig(%a) : (tensor<16xf32>) -> tensor<80000x1024xf32>
  pto_orch.call @kr2(%r) : (tensor<80000x1024xf32>) -> ()
  func.return
}

// -----

// exactly the heap (65536 x 1024 floats) fits; in a branch, a larger one is left to the run
pto_orch.kernel @kfit aiv (in tensor<16xf32>, out tensor<65536x1024xf32>) -> tensor<65536x1024xf32>
pto_orch.kernel @kbig aiv (in tensor<16xf32>, out tensor<80000x1024xf32>) -> tensor<80000x1024xf32>
// CHECK-LABEL: func.func @fits
// BIG-LABEL: func.func @fits
func.func @fits(%a: tensor<16xf32>, %o: tensor<65536x1024xf32> {pto_orch.dir = #pto_orch.dir<out>}, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %x = pto_tensor.create : tensor<65536x1024xf32>
  %r = pto_orch.call @kfit(%a, %x) : (tensor<16xf32>, tensor<65536x1024xf32>) -> tensor<65536x1024xf32>
  scf.if %c {
    %y = pto_orch.call @kbig(%a) : (tensor<16xf32>) -> tensor<80000x1024xf32>
  }
  %o1 = pto_orch.call @kfit(%a, %o) : (tensor<16xf32>, tensor<65536x1024xf32>) -> tensor<65536x1024xf32>
  func.return
}

// -----

// a dynamic extent the program computes from constants counts (found by a breaker session)
pto_orch.kernel @kbig aiv (in tensor<16xf32>, out tensor<?x1024xf32>) -> tensor<?x1024xf32>
pto_orch.kernel @kr2 aiv (in tensor<?x1024xf32>)
// BIG-LABEL: func.func @dynamic_extent
func.func @dynamic_extent(%a: tensor<16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c40000 = arith.constant 40000 : index
  %c2 = arith.constant 2 : index
  %n = arith.muli %c40000, %c2 : index
  // CHECK: heap.mlir:[[# @LINE + 1]]:3: error: 'pto_tensor.alloc_tensors' op exceeds the runtime's heap in every run: its buffer needs 327680000 bytes at once
  %x = pto_tensor.create(%n) : tensor<?x1024xf32>
  %r = pto_orch.call @kbig(%a, %x) : (tensor<16xf32>, tensor<?x1024xf32>) -> tensor<?x1024xf32>
  pto_orch.call @kr2(%r) : (tensor<?x1024xf32>) -> ()
  func.return
}
