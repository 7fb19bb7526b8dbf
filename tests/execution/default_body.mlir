// Default-mode function bodies with analyze-auto-scopes (tests/test_execution_default_body.py;
// the IR: tests/filecheck/transforms/auto_derive_task_dependencies/default_body.mlir).

pto_orch.kernel @add aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @inc aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @make aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

func.func @straight(%a: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %t = pto_tensor.create : tensor<16xf32>
  %t1 = pto_orch.call @add(in %a, in %a, out %t) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %y1 = pto_orch.call @inc(in %t1, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return %y1 : tensor<16xf32>
}

func.func @constant_loop(%a: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %y1 = pto_orch.call @inc(in %a, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %y2 = pto_orch.call @inc(in %a, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  %z = pto_orch.call @inc(in %a, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

func.func @loop_creates(%a: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %t = pto_tensor.create : tensor<16xf32>
    %t1 = pto_orch.call @add(in %a, in %a, out %t) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %y1 = pto_orch.call @inc(in %t1, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

func.func @loop_allocates(%a: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %t1 = pto_orch.call @make(in %a) : (tensor<16xf32>) -> tensor<16xf32>
    %y1 = pto_orch.call @inc(in %t1, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

func.func @dynamic_loop(%a: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %y1 = pto_orch.call @inc(in %a, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %y2 = pto_orch.call @inc(in %a, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

func.func @stale(%a: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %y0 = pto_orch.call @inc(in %a, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    %t = pto_tensor.create : tensor<16xf32>
    %t1 = pto_orch.call @add(in %a, in %a, out %t) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %y1 = pto_orch.call @inc(in %t1, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  %z = pto_orch.call @inc(in %a, inout %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
