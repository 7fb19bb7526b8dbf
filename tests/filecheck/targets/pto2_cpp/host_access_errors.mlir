// The three host-access races a tester found (the program compiled, and the simulator showed
// a value program order forbids); each is now a located error before any C++ is printed:
//  - a host write of an external tensor after an auto-scope task read it as an input
//    (set_tensor_data sees no producer, so it does not wait for the reader);
//  - a host write of a view of a tensor a manual-scope task wrote;
//  - a host read through the name a buffer had before a manual-scope task wrote it.
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp --split-input-file --print-diagnostics %s | filecheck %s

pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @wr2(%y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %z: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %w: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %z1 = pto_orch.call @inc(%y, %z) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %y2 = pto_tensor.write %one, %y[%c0] : f32, tensor<16xf32>
  %w1 = pto_orch.call @inc(%y2, %w) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
// CHECK: :[[# @LINE - 3]]:3: error: 'pto_tensor.write' op writes %y, whose buffer 'pto_orch.call' (kernel @inc) at line [[# @LINE - 4]] reads (an input, which the runtime does not record): set_tensor_data waits only for the producers the runtime tracked and their consumers, so the write can change the data before that task has read it; pass the tensor as inout to that task so the runtime tracks it, or write before the task
}

// -----

pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @wr3(%x: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %z: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 7.0 : f32
  %y1 = pto_rt.scope manual -> (tensor<16xf32>) {
    %y2, %t = pto_orch.submit @inc(%x, %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %y2 : tensor<16xf32>
  }
  %v = pto_tensor.slice %y1[%c8] : tensor<16xf32> to tensor<8xf32>
  %v2 = pto_tensor.write %one, %v[%c0] : f32, tensor<8xf32>
  %z1 = pto_orch.call @inc(%y1, %z) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
// CHECK: :[[# @LINE - 3]]:3: error: 'pto_tensor.write' op writes %v, whose buffer 'pto_orch.submit' (kernel @inc) at line [[# @LINE - 7]] writes inside a manual scope
}

// -----

pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @put aiv (in tensor<16xf32>, out tensor<16xf32>, in f32) -> tensor<16xf32>
func.func @rv(%x: tensor<16xf32>, %z: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %b = pto_tensor.create init(5.0 : f32) : tensor<16xf32>
  %b2 = pto_rt.scope manual -> (tensor<16xf32>) {
    %b1, %t = pto_orch.submit @inc(%x, %b) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %b1 : tensor<16xf32>
  }
  %v = pto_tensor.read %b[%c0] : tensor<16xf32> -> f32
  %z1 = pto_orch.call @put(%x, %z, %v) : (tensor<16xf32>, tensor<16xf32>, f32) -> tensor<16xf32>
  func.return
// CHECK: :[[# @LINE - 3]]:3: error: 'pto_tensor.read' op reads %b, whose buffer 'pto_orch.submit' (kernel @inc) at line [[# @LINE - 6]] writes inside a manual scope
}
