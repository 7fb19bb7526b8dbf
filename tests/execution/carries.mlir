// Loop carries that read each other: a loop's yield is one parallel assignment.
//  - @fib: two i64 carries, (a, b) <- (b, a + b), ten times: a = fib(10) = 55;
//  - @swap: two created tensors swapped through the carries while one is incremented;

pto_orch.kernel @put aiv (out tensor<16xf32>, in i64) -> tensor<16xf32>
pto_orch.kernel @copy aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @sub aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

func.func @fib(%o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %a, %b = scf.for %i = %c0 to %c10 step %c1 iter_args(%x = %zero, %y = %one) -> (i64, i64) {
    %s = arith.addi %x, %y : i64
    scf.yield %y, %s : i64, i64
  }
  %o1 = pto_orch.call @put(%o, %a) : (tensor<16xf32>, i64) -> tensor<16xf32>
  func.return
}

func.func @swap(%a: tensor<16xf32>, %b: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %p = pto_tensor.create : tensor<16xf32>
  %q = pto_tensor.create : tensor<16xf32>
  %p1 = pto_orch.call @copy(%a, %p) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %q1 = pto_orch.call @copy(%b, %q) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %x, %y = scf.for %i = %c0 to %c3 step %c1 iter_args(%u = %p1, %v = %q1) -> (tensor<16xf32>, tensor<16xf32>) {
    %u1 = pto_orch.call @inc(%u, %u) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %v, %u1 : tensor<16xf32>, tensor<16xf32>
  }
  %o1 = pto_orch.call @sub(%x, %y, %o) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
