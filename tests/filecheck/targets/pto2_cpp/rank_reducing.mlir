// Rank-reducing slices (docs/dialects/pto_tensor.md): the contiguous source is reshaped with
// each dropped dimension merged into the next kept one, then viewed (@ok); a dropped innermost
// dimension joins the last kept one, whose elements the view spans and Tensor::slice steps
// over (@innermost, d[:, i]). What the runtime cannot do is one located error each: a dynamic
// source, a source that is itself a view.
// RUN: pypto-opt -t pto2-cpp %s --split-input-file --print-diagnostics | filecheck %s

pto_orch.kernel @k aiv (in tensor<4x16xf32>, out tensor<4x16xf32>) -> tensor<4x16xf32>
func.func @ok(%d: tensor<2x4x8x16xf32>, %o: tensor<4x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %i: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = pto_tensor.slice %d[%c1, %c0, %i, %c0] drop [0, 2] : tensor<2x4x8x16xf32> to tensor<4x16xf32>
  %o1 = pto_orch.call @k(in %r, out %o) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  func.return
}
// CHECK:    uint32_t r_merged_shapes[2] = {8, 128};
// CHECK-NEXT:    Tensor r_merged = ext_d.reshape(r_merged_shapes, 2);
// CHECK-NEXT:    uint32_t r_shapes[2] = {4, 16};
// CHECK-NEXT:    uint32_t r_offsets[2] = {4, (uint32_t)i * 16u};
// CHECK-NEXT:    Tensor r = r_merged.view(r_shapes, r_offsets);

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @dynamic(%d: tensor<?x16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %i: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %r = pto_tensor.slice %d[%i, %c0] drop [0] : tensor<?x16xf32> to tensor<16xf32>
  %o1 = pto_orch.call @k(in %r, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
// CHECK: :[[# @LINE - 4]]:3: error: 'pto_tensor.slice' op drops dimensions of a source of dynamic shape tensor<?x16xf32>: the reshape that drops them needs static source extents

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @innermost(%d: tensor<4x16xf32>, %o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}, %i: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %r = pto_tensor.slice %d[%c0, %i] drop [1] : tensor<4x16xf32> to tensor<4xf32>
  %o1 = pto_orch.call @k(in %r, out %o) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
// CHECK:    uint32_t r_merged_shapes[1] = {64};
// CHECK-NEXT:    Tensor r_merged = ext_d.reshape(r_merged_shapes, 1);
// CHECK-NEXT:    uint32_t r_shapes[1] = {49};
// CHECK-NEXT:    uint32_t r_offsets[1] = {(uint32_t)i};
// CHECK-NEXT:    Tensor r = r_merged.view(r_shapes, r_offsets).slice(0, 0, 49, 16);

// -----

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @of_a_view(%d: tensor<4x16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %i: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %s = pto_tensor.slice %d[%c0, %c0] : tensor<4x16xf32> to tensor<2x16xf32>
  %r = pto_tensor.slice %s[%i, %c0] drop [0] : tensor<2x16xf32> to tensor<16xf32>
  %o1 = pto_orch.call @k(in %r, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
// CHECK: :[[# @LINE - 4]]:3: error: 'pto_tensor.slice' op drops dimensions of the result of 'pto_tensor.slice': the runtime reshapes only contiguous tensors; take the rank-reducing slice of the whole tensor instead

// -----

// The merged dimension of the reshape is a runtime extent too: 65536 * 65536 does not fit its
// uint32_t (it printed {2, 4294967296}, a narrowing error, and a wrapping offset k * 65536u;
// found by a breaker session).
pto_orch.kernel @k aiv (inout tensor<2x65536xf32>) -> tensor<2x65536xf32>
func.func @merged_beyond_uint32(%d: tensor<2x65536x65536xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %i: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %r = pto_tensor.slice %d[%c0, %i, %c0] drop [1] : tensor<2x65536x65536xf32> to tensor<2x65536xf32>
  %r1 = pto_orch.call @k(inout %r) : (tensor<2x65536xf32>) -> tensor<2x65536xf32>
  func.return
}
// CHECK: :[[# @LINE - 4]]:3: error: 'pto_tensor.slice' op drops dimensions of tensor<2x65536x65536xf32> into a reshape whose dimension 1 has extent 4294967296, beyond the runtime's uint32_t extents (at most 4294967295)
