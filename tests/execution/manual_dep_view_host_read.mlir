// A host read of a window of a manual_dep buffer that a task wrote through a slice. The flag
// belongs to the created tensor only: the runtime tracks the slice, records the task as its
// writer, and get_tensor_data on that window waits for it, so the read is valid
// (verify-orchestration refused it before: it counted any write into the buffer as
// untracked). @fill then writes the value read into every element of %o.
pto_orch.kernel @copy4 aiv (in tensor<4x16xf32>, out tensor<4x16xf32>) -> tensor<4x16xf32>
pto_orch.kernel @fill aiv (in f32, out tensor<4x16xf32>) -> tensor<4x16xf32>

func.func @view_host_read(%a: tensor<4x16xf32>, %o: tensor<4x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %m = pto_tensor.create init(0.0 : f32) manual_dep : tensor<16x16xf32>
  %ms = pto_tensor.slice %m[%c4, %c0] : tensor<16x16xf32> to tensor<4x16xf32>
  %ms1 = pto_orch.call @copy4(%a, %ms) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  %v = pto_tensor.read %ms1[%c1, %c2] : tensor<4x16xf32> -> f32
  %o1 = pto_orch.call @fill(%v, %o) : (f32, tensor<4x16xf32>) -> tensor<4x16xf32>
  func.return
}
