// batch-tensor-allocations cannot allocate a leaving buffer before the scope it leaves when a
// loop inside a user's manual scope carries it out (every iteration allocates one, and a user's
// manual scope is not dissolved), or when its extent is only known inside the scope (computed
// from a tensor read there, or under a branch condition computed so); each is a located
// error that names what to change.
// RUN: pypto-opt -p batch-tensor-allocations --split-input-file --print-diagnostics %s | filecheck %s

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
// CHECK: leaving_errors.mlir:[[# @LINE + 7]]:7: error: 'pto_tensor.create' op allocates a buffer that leaves the 'pto_rt.scope manual' at line [[# @LINE + 5]] through the carries of the 'scf.for' at line [[# @LINE + 6]], which runs inside that scope: every iteration allocates a new buffer and the runtime frees each when the manual scope ends, but the last one is used after it; create the buffers before the manual scope (e.g. two buffers swapped through the carries), or end the manual scope before the loop{{$}}
func.func @loop_in_manual(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = pto_rt.scope manual -> (tensor<16xf32>) {
    %last = scf.for %i = %c0 to %c4 step %c1 iter_args(%prev = %a) -> (tensor<16xf32>) {
      %tmp = pto_tensor.create : tensor<16xf32>
      %tmp1 = pto_orch.call @k(in %prev, out %tmp) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %tmp1 : tensor<16xf32>
    }
    pto_rt.yield %last : tensor<16xf32>
  }
  %o1 = pto_orch.call @k(in %r, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @kd aiv (in tensor<16xf32>, out tensor<?xf32>) -> tensor<?xf32>
// CHECK: leaving_errors.mlir:[[# @LINE + 7]]:5: error: 'pto_tensor.create' op allocates a buffer that leaves the 'pto_rt.scope auto' at line [[# @LINE + 3]] (it is used after it), so it must be allocated before that op, but its extent %m depends on %v, which is only known inside it (computed by 'pto_tensor.read' at line [[# @LINE + 4]]): compute the extent before that op{{$}}
func.func @extent(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %r = pto_rt.scope auto -> (tensor<?xf32>) {
    %v = pto_tensor.read %a[%c0] : tensor<16xf32> -> f32
    %n = arith.fptosi %v : f32 to i64
    %m = arith.index_cast %n : i64 to index
    %t = pto_tensor.create(%m) : tensor<?xf32>
    %t1 = pto_orch.call @kd(in %a, out %t) : (tensor<16xf32>, tensor<?xf32>) -> tensor<?xf32>
    pto_rt.yield %t1 : tensor<?xf32>
  }
  %s = pto_tensor.view %r[%c0] : tensor<?xf32> to tensor<16xf32>
  %o1 = pto_orch.call @k(in %s, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// -----

// A dynamic extent computed in a branch is allocated under the branch's condition; this
// condition is read from a tensor inside the scope. (An extent computed outside the branch
// would be allocated on every run, unguarded, as written.)
pto_orch.kernel @kd aiv (in tensor<16xf32>, out tensor<?xf32>) -> tensor<?xf32>
pto_orch.kernel @ku aiv (in tensor<?xf32>, out tensor<16xf32>) -> tensor<16xf32>
// CHECK: leaving_errors.mlir:[[# @LINE + 9]]:7: error: 'pto_tensor.create' op allocates a buffer that leaves the 'pto_rt.scope auto' at line [[# @LINE + 2]] (it is used after it), so it must be allocated before that op, but the condition %pos of the 'scf.if' at line [[# @LINE + 7]], which it is allocated under, depends on %v, which is only known inside it (computed by 'pto_tensor.read' at line [[# @LINE + 4]]): compute the condition before that op{{$}}
func.func @condition(%a: tensor<16xf32>, %init: tensor<?xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %r = pto_rt.scope auto -> (tensor<?xf32>) {
    %c0 = arith.constant 0 : index
    %v = pto_tensor.read %a[%c0] : tensor<16xf32> -> f32
    %z = arith.constant 0.0 : f32
    %pos = arith.cmpf ogt, %v, %z : f32
    %w = scf.if %pos -> (tensor<?xf32>) {
      %len = arith.addi %n, %n : index
      %t = pto_tensor.create(%len) : tensor<?xf32>
      %t1 = pto_orch.call @kd(in %a, out %t) : (tensor<16xf32>, tensor<?xf32>) -> tensor<?xf32>
      scf.yield %t1 : tensor<?xf32>
    } else {
      scf.yield %init : tensor<?xf32>
    }
    pto_rt.yield %w : tensor<?xf32>
  }
  %o1 = pto_orch.call @ku(in %r, out %o) : (tensor<?xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
