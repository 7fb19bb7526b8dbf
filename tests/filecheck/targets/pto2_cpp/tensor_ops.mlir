// The pto_tensor op mapping (PyPTO's orchestration codegen document, "操作映射"; docs/targets/pto2-cpp.md, difference 2):
//   read       uint32_t indices_<v>[N] = {...}; T v = get_tensor_data<T>(t, N, indices_<v>);
//              (an unused read still waits for the producer: `(void)get_tensor_data<T>(...)`)
//   write      uint32_t indices_<r>[N] = {...}; set_tensor_data<T>(t, N, indices_<r>, value);
//              the result is the same tensor (%x1 prints as ext_x)
//   slice/view uint32_t s_shapes[N], s_offsets[N]; Tensor s = t.view(s_shapes, s_offsets);
//   reshape    uint32_t r_shapes[N]; Tensor r = t.reshape(r_shapes, N);
//   transpose  Tensor r = t.transpose(a, b); negative axes normalized (-1 -> 2, -3 -> 0)
//   assemble   none: fuse-create-assemble-to-slice removes every assemble before printing
//              (tests/filecheck/transforms/pto2_pipeline/assemble.mlir); a task writes the target in place through a view
//              (%dst), and its result %dst1 is that view
// Non-literal indices, offsets and extents are cast to uint32_t.
// RUN: pypto-opt -t pto2-cpp %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @fill aiv (out tensor<2x8xf32>) -> tensor<2x8xf32>
pto_orch.kernel @k aiv (in tensor<2x?x8xi32>, in tensor<8x?x2xi32>, in tensor<?xi32>, out tensor<4x8xf32>, in i32) -> tensor<4x8xf32>

func.func @tensor_ops(%x: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %y: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<out>}, %z: tensor<2x16x8xi32>, %i: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %v = pto_tensor.read %x[%c1, %i] : tensor<4x8xf32> -> f32
    %ignored = pto_tensor.read %z[%c0, %c1, %c2] : tensor<2x16x8xi32> -> i32
    %one = arith.constant 1.0 : f32
    %v1 = arith.addf %v, %one : f32
    %x1 = pto_tensor.write %v1, %x[%c0, %c0] : f32, tensor<4x8xf32>
    %w = pto_tensor.read %x1[%c2, %c2] : tensor<4x8xf32> -> f32
    %n = arith.addi %i, %c4 : index
    %part = pto_tensor.slice %z[%c0, %i, %c0] sizes(%n) : tensor<2x16x8xi32> to tensor<2x?x8xi32>
    %sq = pto_tensor.view %z[%c1, %c0, %c0] : tensor<2x16x8xi32> to tensor<1x16x8xi32>
    %t = pto_tensor.transpose %part, -1, -3 : tensor<2x?x8xi32> to tensor<8x?x2xi32>
    %flat = pto_tensor.reshape %sq sizes(%n) : tensor<1x16x8xi32> to tensor<?xi32>
    %seven = arith.constant 7 : i32
    %y1 = pto_orch.call @k(in %part, in %t, in %flat, out %y, scalar %seven) : (tensor<2x?x8xi32>, tensor<8x?x2xi32>, tensor<?xi32>, tensor<4x8xf32>, i32) -> tensor<4x8xf32>
    %dst = pto_tensor.slice %y1[%c2, %c0] : tensor<4x8xf32> to tensor<2x8xf32>
    %dst1 = pto_orch.call @fill(out %dst) : (tensor<2x8xf32>) -> tensor<2x8xf32>
    %x2 = pto_tensor.write %w, %y1[%c1, %c1] : f32, tensor<4x8xf32>
  }
  func.return
}

// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_x = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT:    Tensor ext_y = from_tensor_arg(orch_args.tensor(1));
// CHECK-NEXT:    Tensor ext_z = from_tensor_arg(orch_args.tensor(2));
// CHECK-EMPTY:
// CHECK-NEXT:    // Scalar parameters
// CHECK-NEXT:    union { uint64_t u64; int64_t val; } i_conv;
// CHECK-NEXT:    i_conv.u64 = orch_args.scalar(0);
// CHECK-NEXT:    int64_t i = i_conv.val;
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:        uint32_t indices_v[2] = {1, (uint32_t)i};
// CHECK-NEXT:        float v = get_tensor_data<float>(ext_x, 2, indices_v);
// CHECK-NEXT:        uint32_t indices_ext_z[3] = {0, 1, 2};
// CHECK-NEXT:        (void)get_tensor_data<int32_t>(ext_z, 3, indices_ext_z);
// CHECK-NEXT:        uint32_t indices_x1[2] = {0, 0};
// CHECK-NEXT:        set_tensor_data<float>(ext_x, 2, indices_x1, v + 1.0f);
// CHECK-NEXT:        uint32_t indices_w[2] = {2, 2};
// CHECK-NEXT:        float w = get_tensor_data<float>(ext_x, 2, indices_w);
// CHECK-NEXT:        int64_t n = (int64_t)((uint64_t)i + 4);
// CHECK-NEXT:        uint32_t part_shapes[3] = {2, (uint32_t)n, 8};
// CHECK-NEXT:        uint32_t part_offsets[3] = {0, (uint32_t)i, 0};
// CHECK-NEXT:        Tensor part = ext_z.view(part_shapes, part_offsets);
// CHECK-NEXT:        uint32_t sq_shapes[3] = {1, 16, 8};
// CHECK-NEXT:        uint32_t sq_offsets[3] = {1, 0, 0};
// CHECK-NEXT:        Tensor sq = ext_z.view(sq_shapes, sq_offsets);
// CHECK-NEXT:        Tensor t = part.transpose(2, 0);
// CHECK-NEXT:        uint32_t flat_shapes[1] = {(uint32_t)n};
// CHECK-NEXT:        Tensor flat = sq.reshape(flat_shapes, 1);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 0: k
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_input(part);
// CHECK-NEXT:        params_t0.add_input(t);
// CHECK-NEXT:        params_t0.add_input(flat);
// CHECK-NEXT:        params_t0.add_output(ext_y);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)7);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:        uint32_t dst_shapes[2] = {2, 8};
// CHECK-NEXT:        uint32_t dst_offsets[2] = {2, 0};
// CHECK-NEXT:        Tensor dst = ext_y.view(dst_shapes, dst_offsets);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: fill
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_output(dst);
// CHECK-NEXT:        rt_submit_aiv_task(1, params_t1);
// CHECK-EMPTY:
// CHECK-NEXT:        uint32_t indices_x2[2] = {1, 1};
// CHECK-NEXT:        set_tensor_data<float>(ext_y, 2, indices_x2, w);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"
