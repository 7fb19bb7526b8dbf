// pto_tensor.alloc_tensors in custom form (one and two creates, create options and a dynamic
// extent, a discardable attribute), printed back as written and unchanged through the generic
// form; the generic form names the TaskId result type.
// RUN: pypto-opt %s | filecheck %s
// RUN: pypto-opt %s --print-op-generic | pypto-opt | filecheck %s
// RUN: pypto-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @batches(
// CHECK-NEXT:    %a, %b, %alloc = pto_tensor.alloc_tensors {
// CHECK-NEXT:      %0 = pto_tensor.create : tensor<16x16xf32>
// CHECK-NEXT:      %1 = pto_tensor.create(%M) init(0.000000e+00 : f32) manual_dep : tensor<?x16xf32>
// CHECK-NEXT:      pto_tensor.yield %0, %1 : tensor<16x16xf32>, tensor<?x16xf32>
// CHECK-NEXT:    } : tensor<16x16xf32>, tensor<?x16xf32>
// CHECK-NEXT:    %c, %alloc_1 = pto_tensor.alloc_tensors {
// CHECK-NEXT:      %2 = pto_tensor.create : tensor<4xi32>
// CHECK-NEXT:      pto_tensor.yield %2 : tensor<4xi32>
// CHECK-NEXT:    } {mytool.note = "kept"} : tensor<4xi32>
// CHECK-NEXT:    func.return
// GENERIC:       %a, %b, %alloc = "pto_tensor.alloc_tensors"() ({
// GENERIC:         "pto_tensor.yield"(%0, %1) : (tensor<16x16xf32>, tensor<?x16xf32>) -> ()
// GENERIC-NEXT:  }) : () -> (tensor<16x16xf32>, tensor<?x16xf32>, !pto_orch.task_id)
func.func @batches(%M: index) {
  %a, %b, %alloc = pto_tensor.alloc_tensors {
    %0 = pto_tensor.create : tensor<16x16xf32>
    %1 = pto_tensor.create(%M) init(0.0 : f32) manual_dep : tensor<?x16xf32>
    pto_tensor.yield %0, %1 : tensor<16x16xf32>, tensor<?x16xf32>
  } : tensor<16x16xf32>, tensor<?x16xf32>
  %c, %alloc_1 = pto_tensor.alloc_tensors {
    %2 = pto_tensor.create : tensor<4xi32>
    pto_tensor.yield %2 : tensor<4xi32>
  } {mytool.note = "kept"} : tensor<4xi32>
  func.return
}
