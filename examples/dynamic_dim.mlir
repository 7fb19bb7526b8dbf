// A dynamic-dim program (PyPTO's orchestration codegen document, "动态维度符号"): x and y have a runtime row count.
// %M = pto_tensor.dim %x, 0 is the dynamic-dim symbol M, read once at entry from x's
// descriptor (orch_args.tensor(0)). M sizes the intermediate `scaled` and bounds the loop
// that walks it in 16-row stripes: each stripe of `scaled` goes through kernel_relu into the
// matching stripe of y, and pto_tensor.assemble threads the written stripe back into y.
// Run: pypto-opt -p pto2-pipeline -t pto2-cpp examples/dynamic_dim.mlir

pto_orch.kernel @kernel_scale aiv (in tensor<?x16xf32>, out tensor<?x16xf32>) -> tensor<?x16xf32>
pto_orch.kernel @kernel_relu aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @dynamic_dim(%x: tensor<?x16xf32>, %y: tensor<?x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<?x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %M = pto_tensor.dim %x, 0 : tensor<?x16xf32>
  %scaled = pto_tensor.create(%M) : tensor<?x16xf32>
  %scaled1 = pto_orch.call @kernel_scale(%x, %scaled) : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
  %y_final = scf.for %row = %c0 to %M step %c16 iter_args(%y_iter = %y) -> (tensor<?x16xf32>) {
    %src = pto_tensor.slice %scaled1[%row, %c0] : tensor<?x16xf32> to tensor<16x16xf32>
    %dst = pto_tensor.slice %y_iter[%row, %c0] : tensor<?x16xf32> to tensor<16x16xf32>
    %dst1 = pto_orch.call @kernel_relu(%src, %dst) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %y_next = pto_tensor.assemble %dst1 into %y_iter[%row, %c0] : tensor<16x16xf32> into tensor<?x16xf32>
    scf.yield %y_next : tensor<?x16xf32>
  }
  func.return %y_final : tensor<?x16xf32>
}
