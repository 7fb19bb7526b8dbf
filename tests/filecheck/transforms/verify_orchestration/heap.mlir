// Rule 10: an allocation that every run makes and that needs more than a ring's heap (256 MiB
// unless the runtime's PTO2_RING_HEAP sets another size; `ring-heap=N` gives it) stops the
// runtime with its fatal heap exhaustion, and so do the buffers a scope holds together.
// tests/test_heap_limits.py and tests/test_ring_limits.py check the location
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

// -----

// A scope keeps every buffer allocated directly in it until it ends: a 4 MiB buffer that the
// loop body makes and carries is allocated in the scope around the loop, once per iteration,
// and 64 of them fill the heap. Twice the heap holds them all.
pto_orch.kernel @k4m aiv (in tensor<1024x1024xf32>, out tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
pto_orch.kernel @fin aiv (in tensor<1024x1024xf32>, inout tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
// BIG-LABEL: func.func @carried
func.func @carried(%x: tensor<1024x1024xf32>, %o: tensor<1024x1024xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 100 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %x) -> (tensor<1024x1024xf32>) {
    // CHECK: heap.mlir:[[# @LINE + 1]]:5: error: 'pto_tensor.alloc_tensors' op exceeds the runtime's heap in every run: this allocation makes the auto scope at {{.*}}heap.mlir:[[# @LINE - 5]]:1 hold 272629760 bytes (each buffer rounded up to 1024), in iteration 64 of the loop at {{.*}}heap.mlir:[[# @LINE - 1]]:3, which it keeps until it ends (the ring reclaims in task order, never past a task whose scope is open), more than a ring's heap of 268435456 bytes: the runtime stops with its fatal heap exhaustion; give the repeated work a scope of its own (e.g. one per loop iteration), or allocate less; a run with another heap (the runtime's PTO2_RING_HEAP sets it) is checked with the option ring-heap=N{{$}}
    %y = pto_orch.call @k4m(%cur) : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    scf.yield %y : tensor<1024x1024xf32>
  }
  %o1 = pto_orch.call @fin(%r, %o) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  func.return
}
