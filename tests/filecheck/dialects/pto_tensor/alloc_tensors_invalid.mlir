// One chunk per verifier rule of pto_tensor.alloc_tensors and its yield; each CHECK pins the
// exact one-line diagnostic.
// RUN: pypto-opt --split-input-file --print-diagnostics %s | filecheck %s

// CHECK: error: 'pto_tensor.alloc_tensors' op the body holds pto_tensor.create ops only (at least one){{$}}
func.func @not_a_create() {
  %a, %t = pto_tensor.alloc_tensors {
    %c = arith.constant 0 : index
    %0 = pto_tensor.create : tensor<4xf32>
    pto_tensor.yield %0 : tensor<4xf32>
  } : tensor<4xf32>
  func.return
}

// -----

// CHECK: error: 'pto_tensor.alloc_tensors' op the body holds pto_tensor.create ops only (at least one){{$}}
func.func @empty() {
  %t = pto_tensor.alloc_tensors {
    pto_tensor.yield : 
  } : 
  func.return
}

// -----

// CHECK: error: 'pto_tensor.alloc_tensors' op batches 17 creates; one runtime alloc_tensors call takes at most 16: split it{{$}}
func.func @seventeen() {
  %x0, %x1, %x2, %x3, %x4, %x5, %x6, %x7, %x8, %x9, %x10, %x11, %x12, %x13, %x14, %x15, %x16, %t = pto_tensor.alloc_tensors {
    %x0 = pto_tensor.create : tensor<4xf32>
    %x1 = pto_tensor.create : tensor<4xf32>
    %x2 = pto_tensor.create : tensor<4xf32>
    %x3 = pto_tensor.create : tensor<4xf32>
    %x4 = pto_tensor.create : tensor<4xf32>
    %x5 = pto_tensor.create : tensor<4xf32>
    %x6 = pto_tensor.create : tensor<4xf32>
    %x7 = pto_tensor.create : tensor<4xf32>
    %x8 = pto_tensor.create : tensor<4xf32>
    %x9 = pto_tensor.create : tensor<4xf32>
    %x10 = pto_tensor.create : tensor<4xf32>
    %x11 = pto_tensor.create : tensor<4xf32>
    %x12 = pto_tensor.create : tensor<4xf32>
    %x13 = pto_tensor.create : tensor<4xf32>
    %x14 = pto_tensor.create : tensor<4xf32>
    %x15 = pto_tensor.create : tensor<4xf32>
    %x16 = pto_tensor.create : tensor<4xf32>
    pto_tensor.yield %x0, %x1, %x2, %x3, %x4, %x5, %x6, %x7, %x8, %x9, %x10, %x11, %x12, %x13, %x14, %x15, %x16 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  } : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  func.return
}

// -----

// CHECK: error: 'pto_tensor.alloc_tensors' op the yield must list every create of the body once, in order{{$}}
func.func @order() {
  %a, %b, %t = pto_tensor.alloc_tensors {
    %0 = pto_tensor.create : tensor<4xf32>
    %1 = pto_tensor.create : tensor<8xf32>
    pto_tensor.yield %1, %0 : tensor<8xf32>, tensor<4xf32>
  } : tensor<8xf32>, tensor<4xf32>
  func.return
}

// -----

// CHECK: error: 'pto_tensor.alloc_tensors' op result types ['tensor<8xf32>'] are not the creates' types ['tensor<4xf32>']{{$}}
func.func @types() {
  %a, %t = pto_tensor.alloc_tensors {
    %0 = pto_tensor.create : tensor<4xf32>
    pto_tensor.yield %0 : tensor<4xf32>
  } : tensor<8xf32>
  func.return
}

// -----

// CHECK: error: 'pto_tensor.yield' op expects parent op 'pto_tensor.alloc_tensors'{{$}}
func.func @stray_yield() {
  %0 = pto_tensor.create : tensor<4xf32>
  pto_tensor.yield %0 : tensor<4xf32>
}
