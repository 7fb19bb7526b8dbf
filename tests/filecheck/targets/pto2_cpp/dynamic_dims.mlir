// Dynamic-dim symbols (seeds/000, "动态维度符号"): the used dims of dynamic extents of
// function arguments are defined once at entry, read from the argument's descriptor in its
// tensor slot (x -> slot 0; y -> slot 1, axis 1). Two dims of the same extent share the
// symbol (%M2 prints as M); an unused dim (%unused) defines nothing. A static extent is a
// constant (`int64_t rows = 16;`), and a dynamic extent of a non-argument tensor is read from
// that tensor (`(int64_t)part.shapes[0]`). y and z are read only through dims, so no
// `ext_y` / `ext_z` is declared (an unused local fails -Werror; the slots keep their numbers).
// RUN: pypto-opt -t pto2-cpp %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @k aiv (in tensor<?x?xf32>, in index, in index) -> ()

func.func @dynamic_dims(%x: tensor<?x16xf32>, %y: tensor<8x?xf32>, %z: tensor<16x16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %c0 = arith.constant 0 : index
    %M = pto_tensor.dim %x, 0 : tensor<?x16xf32>
    %unused = pto_tensor.dim %x, 0 : tensor<?x16xf32>
    %N = pto_tensor.dim %y, 1 : tensor<8x?xf32>
    %M2 = pto_tensor.dim %x, 0 : tensor<?x16xf32>
    %rows = pto_tensor.dim %z, 0 : tensor<16x16xf32>
    %part = pto_tensor.slice %x[%c0, %c0] sizes(%M, %N) : tensor<?x16xf32> to tensor<?x?xf32>
    %pm = pto_tensor.dim %part, 0 : tensor<?x?xf32>
    pto_orch.call @k(in %part, scalar %M2, scalar %rows) : (tensor<?x?xf32>, index, index) -> ()
    pto_orch.call @k(in %part, scalar %pm, scalar %M) : (tensor<?x?xf32>, index, index) -> ()
  }
  func.return
}

// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_x = from_tensor_arg(orch_args.tensor(0));
// CHECK-EMPTY:
// CHECK-NEXT:    // Dynamic-dim symbols (extent of the declaring argument)
// CHECK-NEXT:    int64_t M = (int64_t)orch_args.tensor(0).shapes[0];
// CHECK-NEXT:    int64_t N = (int64_t)orch_args.tensor(1).shapes[1];
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:        int64_t rows = 16;
// CHECK-NEXT:        uint32_t part_shapes[2] = {(uint32_t)M, (uint32_t)N};
// CHECK-NEXT:        uint32_t part_offsets[2] = {0, 0};
// CHECK-NEXT:        Tensor part = ext_x.view(part_shapes, part_offsets);
// CHECK-NEXT:        int64_t pm = (int64_t)part.shapes[0];
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 0: k
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_input(part);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)M);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)rows);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: k
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_input(part);
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)pm);
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)M);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"
