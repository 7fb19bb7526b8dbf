// Views of one buffer: slices and a view write the two halves of %y, a reshape of the whole of
// %y is read by a task that must wait for both writers (the runtime's tensor map sees the
// overlap), a transpose is copied to %w, and assemble threads the written halves back into %y.

pto_orch.kernel @inc8 aiv (in tensor<8x16xf32>, out tensor<8x16xf32>) -> tensor<8x16xf32>
pto_orch.kernel @inc256 aiv (in tensor<256xf32>, out tensor<256xf32>) -> tensor<256xf32>
pto_orch.kernel @copy aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @views(%x: tensor<16x16xf32>, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %z: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %w: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %top = pto_tensor.slice %x[%c0, %c0] : tensor<16x16xf32> to tensor<8x16xf32>
  %bot = pto_tensor.slice %y[%c8, %c0] : tensor<16x16xf32> to tensor<8x16xf32>
  %b1 = pto_orch.call @inc8(%top, %bot) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %y1 = pto_tensor.assemble %b1 into %y[%c8, %c0] : tensor<8x16xf32> into tensor<16x16xf32>
  %xb = pto_tensor.view %x[%c8, %c0] : tensor<16x16xf32> to tensor<8x16xf32>
  %yt = pto_tensor.view %y1[%c0, %c0] : tensor<16x16xf32> to tensor<8x16xf32>
  %t1 = pto_orch.call @inc8(%xb, %yt) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %y2 = pto_tensor.assemble %t1 into %y1[%c0, %c0] : tensor<8x16xf32> into tensor<16x16xf32>
  %yflat = pto_tensor.reshape %y2 : tensor<16x16xf32> to tensor<256xf32>
  %zflat = pto_tensor.reshape %z : tensor<16x16xf32> to tensor<256xf32>
  %z1 = pto_orch.call @inc256(%yflat, %zflat) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
  %xt = pto_tensor.transpose %x, 0, 1 : tensor<16x16xf32> to tensor<16x16xf32>
  %w1 = pto_orch.call @copy(%xt, %w) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}
