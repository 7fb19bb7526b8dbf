// A host write after a task that reads and writes the same buffer (`call @twice(%t, %t)`,
// kernel `(in, out)`): the task is the buffer's recorded writer (derive-call-directions
// makes the out slot inout), so set_tensor_data waits for it, and with it for its read.
//  - @param: %t is a parameter; @inc reads it after the host write;
//  - @created: %t is a created buffer filled by @inc first, read by @inc after;
//  - @in_loop: every iteration doubles %t, then the host sets t[0] = 1.
pto_orch.kernel @twice aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

func.func @param(%t: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %w: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %t1 = pto_orch.call @twice(%t, %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %t2 = pto_tensor.write %one, %t1[%c0] : f32, tensor<16xf32>
  %w1 = pto_orch.call @inc(%t2, %w) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

func.func @created(%a: tensor<16xf32>, %w: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %t = pto_tensor.create : tensor<16xf32>
  %t1 = pto_orch.call @inc(%a, %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %t2 = pto_orch.call @twice(%t1, %t1) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %t3 = pto_tensor.write %one, %t2[%c0] : f32, tensor<16xf32>
  %w1 = pto_orch.call @inc(%t3, %w) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

func.func @in_loop(%t: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %tl = scf.for %i = %c0 to %c3 step %c1 iter_args(%ti = %t) -> (tensor<16xf32>) {
    %t1 = pto_orch.call @twice(%ti, %ti) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %t2 = pto_tensor.write %one, %t1[%c0] : f32, tensor<16xf32>
    scf.yield %t2 : tensor<16xf32>
  }
  func.return
}
