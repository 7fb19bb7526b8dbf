// The repaired form of a host write after a reader: the reader passes %y as inout, so the
// runtime records it as %y's producer and set_tensor_data waits for it (as an input it would
// not: verify-orchestration rejects that form).
pto_orch.kernel @peek aiv (inout tensor<16xf32>, out tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) returns [0, 1]
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @host_write_after_inout_reader(%y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %z: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %w: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %y1, %z1 = pto_orch.call @peek(inout %y, out %z) : (tensor<16xf32>, tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>)
  %y2 = pto_tensor.write %one, %y1[%c0] : f32, tensor<16xf32>
  %w1 = pto_orch.call @inc(in %y2, out %w) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
