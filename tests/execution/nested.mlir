// Nested user scopes (the function places its own) and a scalar read: an auto scope inside an
// auto scope inside the body's, a value leaving
// both through their results, a pto_tensor.read of it (the runtime waits for its producer), and
// an scf.if on the value read whose branches yield a tensor and an i64.

pto_orch.kernel @add aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @inc aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @put aiv (in tensor<16x16xf32>, in i64, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @nested(%a: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %p: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
  %c0 = arith.constant 0 : index
  %s = pto_rt.scope auto -> (tensor<16x16xf32>) {
    %t = pto_tensor.create : tensor<16x16xf32>
    %t1 = pto_orch.call @add(%a, %a, %t) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %inner = pto_rt.scope auto -> (tensor<16x16xf32>) {
      %o1 = pto_orch.call @inc(%t1, %o) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
      pto_rt.yield %o1 : tensor<16x16xf32>
    }
    pto_rt.yield %inner : tensor<16x16xf32>
  }
  %v = pto_tensor.read %s[%c0, %c0] : tensor<16x16xf32> -> f32
  %half = arith.constant 2.0 : f32
  %big = arith.cmpf ogt, %v, %half : f32
  %r, %k = scf.if %big -> (tensor<16x16xf32>, i64) {
    %seven = arith.constant 7 : i64
    scf.yield %s, %seven : tensor<16x16xf32>, i64
  } else {
    %o2 = pto_orch.call @inc(%s, %s) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %three = arith.constant 3 : i64
    scf.yield %o2, %three : tensor<16x16xf32>, i64
  }
  %p1 = pto_orch.call @put(%r, %k, %p) : (tensor<16x16xf32>, i64, tensor<16x16xf32>) -> tensor<16x16xf32>
  }
  func.return
}
