// fold-tensor-dims: one IR value per runtime extent. Every dim of an argument's dynamic
// extent becomes the first one: kept where it is when it dominates the others, else read at
// the top of the function (a second dim inside a loop used to have "no C++ form" when a
// create of the loop body needed it at the scope entry);
// a dim of a create / slice / view / reshape extent is its size operand, through task results,
// writes, assembles and transposes. Static extents and extents of loop carries are left
// alone. Idempotent. Through the pipeline the C++ reads the symbol once, in auto scopes, user
// manual scopes and compiler-owned manual scopes.
// RUN: pypto-opt -p fold-tensor-dims %s | filecheck %s
// RUN: pypto-opt -p fold-tensor-dims %s > %t.once.mlir
// RUN: pypto-opt -p fold-tensor-dims %t.once.mlir | diff %t.once.mlir -
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp --cpp-listing %s | filecheck %s --check-prefix=CPP

pto_orch.kernel @k aiv (in tensor<?x16xf32>, out tensor<?x16xf32>) -> tensor<?x16xf32>
pto_orch.kernel @t aiv (in tensor<16x?xf32>, out tensor<?x16xf32>) -> tensor<?x16xf32>

// CHECK-LABEL: func.func @second_dim_in_loop(
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %M = pto_tensor.dim %x, 0 : tensor<?x16xf32>
// CHECK-NEXT:    scf.for %i = %c0 to %M step %c1 {
// CHECK-NEXT:      %t = pto_tensor.create(%M) : tensor<?x16xf32>
// CHECK-NEXT:      %t1 = pto_orch.call @k(%x, %t) : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
// CHECK-NEXT:      %n = arith.addi %M, %M : index
// CPP-LABEL: // ===== orchestration/second_dim_in_loop.cpp =====
// CPP:       int64_t M = (int64_t)orch_args.tensor(0).shapes[0];
// CPP:       for (int64_t i = 0; i < M; i += 1) {
// CPP:       uint32_t t_ci_shapes[2] = {(uint32_t)M, 16};
func.func @second_dim_in_loop(%x: tensor<?x16xf32>, %y: tensor<?x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %M = pto_tensor.dim %x, 0 : tensor<?x16xf32>
  scf.for %i = %c0 to %M step %c1 {
    %M2 = pto_tensor.dim %x, 0 : tensor<?x16xf32>
    %t = pto_tensor.create(%M2) : tensor<?x16xf32>
    %t1 = pto_orch.call @k(%x, %t) : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
    %M3 = pto_tensor.dim %t1, 0 : tensor<?x16xf32>
    %n = arith.addi %M3, %M2 : index
    %y1 = pto_orch.call @k(%t1, %y) : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
  }
  func.return
}

// In a manual scope. A dim of a slice's `?` extent is its size; of a transpose, the source's
// other axis; a static extent stays.
// CHECK-LABEL: func.func @in_manual(
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK:         pto_rt.scope manual {
// CHECK-NEXT:      %none = pto_system.task_invalid
// CHECK-NEXT:      %N = pto_tensor.dim %z, 1 : tensor<16x?xf32>
// CHECK-NEXT:      %s = pto_tensor.slice %x[%c0, %c0] sizes(%N) : tensor<?x16xf32> to tensor<?x16xf32>
// CHECK-NEXT:      %zt = pto_tensor.transpose %z, 0, 1 : tensor<16x?xf32> to tensor<?x16xf32>
// CHECK-NEXT:      %w = arith.addi %N, %N : index
// CHECK-NEXT:      %sixteen = pto_tensor.dim %zt, 1 : tensor<?x16xf32>
// CHECK-NEXT:      %c = pto_tensor.create(%w) : tensor<?x16xf32>
// CPP-LABEL: // ===== orchestration/in_manual.cpp =====
// CPP:       int64_t N = (int64_t)orch_args.tensor(1).shapes[1];
// CPP:       PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CPP:       uint32_t c_ci_shapes[2] = {(uint32_t)((int64_t)((uint64_t)N + (uint64_t)N)), 16};
func.func @in_manual(%x: tensor<?x16xf32>, %z: tensor<16x?xf32>, %y: tensor<?x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %N = pto_tensor.dim %z, 1 : tensor<16x?xf32>
    %s = pto_tensor.slice %x[%c0, %c0] sizes(%N) : tensor<?x16xf32> to tensor<?x16xf32>
    %sn = pto_tensor.dim %s, 0 : tensor<?x16xf32>
    %zt = pto_tensor.transpose %z, 0, 1 : tensor<16x?xf32> to tensor<?x16xf32>
    %ztn = pto_tensor.dim %zt, 0 : tensor<?x16xf32>
    %w = arith.addi %sn, %ztn : index
    %sixteen = pto_tensor.dim %zt, 1 : tensor<?x16xf32>
    %c = pto_tensor.create(%w) : tensor<?x16xf32>
    %c1, %tc = pto_orch.submit @k(%s, %c) deps(%none : !pto_orch.task_id) : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
    %y1, %ty = pto_orch.submit @t(%z, %y) deps(%tc : !pto_orch.task_id) : (tensor<16x?xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
  }
  func.return
}

// A compiler-owned manual scope (every task of the loop body is a candidate).
// CHECK-LABEL: func.func @compiler_manual(
// CHECK:         %r = scf.for
// CHECK-NEXT:      %M = pto_tensor.dim %x, 0 : tensor<?x16xf32>
// CPP-LABEL: // ===== orchestration/compiler_manual.cpp =====
// CPP:       int64_t M = (int64_t)orch_args.tensor(0).shapes[0];
// CPP:       PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CPP:       uint32_t t_ci_shapes[2] = {(uint32_t)M, 16};
func.func @compiler_manual(%x: tensor<?x16xf32>, %y: tensor<?x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %none = pto_system.task_invalid
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%p = %none) -> (!pto_orch.task_id) {
    %M = pto_tensor.dim %x, 0 : tensor<?x16xf32>
    %t = pto_tensor.create(%M) : tensor<?x16xf32>
    %t1, %tt = pto_orch.submit @k(%x, %t) deps(%p : !pto_orch.task_id) {manual_candidate} : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
    %y1, %ty = pto_orch.submit @k(%t1, %y) deps(%tt : !pto_orch.task_id) {manual_candidate} : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
    scf.yield %ty : !pto_orch.task_id
  }
  func.return
}

// The first dim is inside a loop and another one follows the loop: the symbol is read at the
// top of the function.
// CHECK-LABEL: func.func @hoisted(
// CHECK-NEXT:    %K = pto_tensor.dim %x, 0 : tensor<?x16xf32>
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK:         scf.for %i = %c0 to %n step %c1 {
// CHECK-NEXT:      %t = pto_tensor.create(%K) : tensor<?x16xf32>
// CHECK:         %u = pto_tensor.create(%K) : tensor<?x16xf32>
// CPP-LABEL: // ===== orchestration/hoisted.cpp =====
// CPP:       int64_t K = (int64_t)orch_args.tensor(0).shapes[0];
func.func @hoisted(%x: tensor<?x16xf32>, %y: tensor<?x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %K = pto_tensor.dim %x, 0 : tensor<?x16xf32>
    %t = pto_tensor.create(%K) : tensor<?x16xf32>
    %t1 = pto_orch.call @k(%x, %t) : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
  }
  %K2 = pto_tensor.dim %x, 0 : tensor<?x16xf32>
  %u = pto_tensor.create(%K2) : tensor<?x16xf32>
  %u1 = pto_orch.call @k(%x, %u) : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
  %y1 = pto_orch.call @k(%u1, %y) : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
  func.return
}

// A create already in a pto_tensor.alloc_tensors batch (the pipeline's output run again) folds
// the same: the dim is the create's size operand. Nothing reads the tensor then (the dim is
// only returned): the C++ allocates it with the bare call, no unused `get_ref` reference.
// CHECK-LABEL: func.func @batched(
// CHECK:         func.return %M : index
// CPP-LABEL: // ===== orchestration/batched.cpp =====
// CPP:       TensorCreateInfo a_ci(a_ci_shapes, 2, DataType::FLOAT32);
// CPP-NEXT:  alloc_tensors(a_ci);
// CPP-NOT:   get_ref
func.func @batched(%M: index) -> index attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %a, %alloc = pto_tensor.alloc_tensors {
    %0 = pto_tensor.create(%M) : tensor<?x16xf32>
    pto_tensor.yield %0 : tensor<?x16xf32>
  } : tensor<?x16xf32>
  %d = pto_tensor.dim %a, 0 : tensor<?x16xf32>
  func.return %d : index
}
