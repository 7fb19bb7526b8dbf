// A tensor variable declared before its value is known starts as a copy of an existing tensor
// (placeholder_without_tensor_parameter.mlir). Here the function has no tensor parameter and
// the first tensors are the results of the scf.ifs that batch-tensor-allocations rebuilds to
// allocate each branch's buffer under its condition: no tensor exists before them. The
// printer picked the variable being declared itself (`Tensor t = t;`, a read of an
// uninitialised object, found by a breaker session); it now reports the located error.
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp --print-diagnostics %s | filecheck %s

pto_orch.kernel @k aiv (inout tensor<?xf32>) -> tensor<?xf32>
// CHECK: placeholder_self.mlir:[[# @LINE + 1]]:1: error: 'func.func' op declares a tensor variable before its value is known (an scf.if result or a loop carry hoisted before a manual scope), and the runtime's Tensor must be initialised from an existing tensor: give the function a tensor parameter{{$}}
func.func @noparam(%m: index, %j: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %r = pto_rt.scope auto -> (tensor<?xf32>) {
    %lt = arith.cmpi slt, %j, %m : index
    %v = scf.if %lt -> (tensor<?xf32>) {
      %len = arith.subi %m, %j : index
      %t = pto_tensor.create(%len) : tensor<?xf32>
      %t1 = pto_orch.call @k(%t) : (tensor<?xf32>) -> tensor<?xf32>
      scf.yield %t1 : tensor<?xf32>
    } else {
      %len2 = arith.subi %j, %m : index
      %u = pto_tensor.create(%len2) : tensor<?xf32>
      %u1 = pto_orch.call @k(%u) : (tensor<?xf32>) -> tensor<?xf32>
      scf.yield %u1 : tensor<?xf32>
    }
    pto_rt.yield %v : tensor<?xf32>
  }
  %r1 = pto_orch.call @k(%r) : (tensor<?xf32>) -> tensor<?xf32>
  func.return
}
// CHECK-NOT: Tensor
