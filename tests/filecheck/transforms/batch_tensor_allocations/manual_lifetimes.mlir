// batch-tensor-allocations in a manual scope: the runtime frees a buffer when the scope that
// allocated it ends, so a create whose buffer cannot leave the scope is batched at the scope's
// entry (freed at its end, every iteration of a loop around it), and one whose buffer may
// leave (a root of a value the scope yields, or of a loop / if result directly in it, whose C++
// variable is declared before the header) is batched before the header.
// RUN: pypto-opt -p batch-tensor-allocations %s | filecheck %s
// RUN: pypto-opt -p 'pto2-pipeline{analyze-auto-scopes=true}' -t pto2-cpp --cpp-listing %s | filecheck %s --check-prefix=CPP

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// %part leaves through the yield (a task writes a part of it): hoisted; %tmp stays inside,
// allocated and freed in every iteration.
// CHECK-LABEL: func.func @yield_part(
// CHECK:         scf.for
// CHECK-NEXT:      %part, %alloc = pto_tensor.alloc_tensors {
// CHECK:           %r = pto_rt.scope manual -> (tensor<32xf32>) {
// CHECK-NEXT:        %tmp, %alloc_1 = pto_tensor.alloc_tensors {
func.func @yield_part(%x: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %r = pto_rt.scope manual -> (tensor<32xf32>) {
      %tmp = pto_tensor.create : tensor<16xf32>
      %part = pto_tensor.create : tensor<32xf32>
      %t1, %ta = pto_orch.submit @k(in %x, out %tmp) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %v = pto_tensor.slice %part[%c0] : tensor<32xf32> to tensor<16xf32>
      %v1, %tb = pto_orch.submit @k(in %t1, out %v) deps(%ta : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      pto_rt.yield %part : tensor<32xf32>
    }
    %rv = pto_tensor.slice %r[%c0] : tensor<32xf32> to tensor<16xf32>
    %o = pto_orch.call @k(in %rv, out %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// An scf.if directly in the scope may give %a (its variable is declared before the header):
// hoisted, though the scope yields nothing; %b, only read inside, stays.
// CHECK-LABEL: func.func @if_result(
// CHECK:         %a, %alloc = pto_tensor.alloc_tensors {
// CHECK:         pto_rt.scope manual {
// CHECK-NEXT:      %b, %alloc_1 = pto_tensor.alloc_tensors {
func.func @if_result(%x: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  pto_rt.scope manual {
    %a = pto_tensor.create : tensor<16xf32>
    %b = pto_tensor.create : tensor<16xf32>
    %b1, %tb = pto_orch.submit @k(in %x, out %b) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %a1, %ta = pto_orch.submit @k(in %b1, out %a) deps(%tb : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %s = scf.if %c -> (tensor<16xf32>) {
      scf.yield %a1 : tensor<16xf32>
    } else {
      scf.yield %x : tensor<16xf32>
    }
    %o, %to = pto_orch.submit @k(in %s, out %y) deps(%ta : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}

// A compiler-owned manual scope (the loop body made manual by analyze-auto-scopes): the
// loop body has no PTO2_SCOPE() of its own, and %t is allocated inside the MANUAL block.
// CHECK-LABEL: func.func @owned(
// CPP-LABEL: // ===== orchestration/owned.cpp =====
// CPP:           for (int64_t i = 0; i < 4; i += 1) {
// CPP-NEXT:          PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CPP-NEXT:              uint32_t t_ci_shapes[1] = {16};
// CPP-NEXT:              TensorCreateInfo t_ci(t_ci_shapes, 1, DataType::FLOAT32);
// CPP-NEXT:              TaskOutputTensors alloc_0 = alloc_tensors(t_ci);
func.func @owned(%x: tensor<16xf32>, %y: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %t = pto_tensor.create : tensor<16xf32>
    %t1 = pto_orch.call @k(%x, %t) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %o = pto_orch.call @k(%t1, %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
