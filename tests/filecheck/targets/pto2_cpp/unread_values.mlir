// Values that only reach `func.return` (the entry is `void`: a return prints nothing) are not
// read, nor is anything only they are computed from, so no C++ variable of them is left
// unused for `g++ -Wall -Werror` (cpp_reads.read_values; found by
// tests/test_filecheck_inputs_compile.py, which compiles every chunk of every FileCheck input):
//  - @arith_chain: a host read feeding only an arith chain that is returned (`%w` used twice)
//    is a discarded `get_tensor_data` call (it still waits for the task); the chain prints
//    nothing;
//  - @arith_read_and_returned: an arith value a task reads is printed, the arith value after
//    it that is only returned is not;
//  - @element: an integer array and its element only returned (through an index_cast);
//  - @carry: a loop carry computed from a host read, only returned: no carry variable;
//  - @allocation: a create only its dims read (folded to the size and a literal): the
//    allocation is the bare `alloc_tensors` call, no `get_ref` reference nor captured result;
//  - @runtime_output: a runtime-allocated output only returned gets no reference.
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp --cpp-listing %s | filecheck %s --strict-whitespace --match-full-lines
// RUN: pypto-opt -p pto2-pipeline -t 'pto2-cpp{api=current}' --cpp-listing %s | filecheck %s --check-prefix=CURRENT --strict-whitespace --match-full-lines

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @ki aiv (in tensor<16xi32>, out tensor<16xi32>) -> tensor<16xi32>
pto_orch.kernel @ks aiv (in tensor<16xf32>, in f32, out tensor<16xf32>) -> tensor<16xf32>

// CHECK-LABEL:// ===== orchestration/arith_chain.cpp =====
// CHECK:        rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:        uint32_t indices_ext_o[1] = {0};
// CHECK-NEXT:        (void)get_tensor_data<float>(ext_o, 1, indices_ext_o);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CURRENT-LABEL:// ===== orchestration/arith_chain.cpp =====
// CURRENT:        rt_submit_aiv_task(0, params_t0);
// CURRENT-EMPTY:
// CURRENT-NEXT:        uint32_t indices_ext_o[1] = {0};
// CURRENT-NEXT:        (void)get_tensor_data<float>(ext_o, 1, indices_ext_o);
// CURRENT-NEXT:    }
// CURRENT-NEXT:}
func.func @arith_chain(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> (f32, f32) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %o1 = pto_orch.call @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %v = pto_tensor.read %o1[%c0] : tensor<16xf32> -> f32
  %w = arith.addf %v, %v : f32
  %x = arith.mulf %w, %w : f32
  func.return %x, %w : f32, f32
}

// CHECK-LABEL:// ===== orchestration/arith_read_and_returned.cpp =====
// CHECK:        uint32_t indices_v[1] = {0};
// CHECK-NEXT:        float v = get_tensor_data<float>(ext_o, 1, indices_v);
// CHECK-NEXT:        float w = v + v;
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: ks
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_input(ext_a);
// CHECK-NEXT:        params_t1.add_output(ext_p);
// CHECK-NEXT:        params_t1.add_scalar(to_u64(w));
// CHECK-NEXT:        rt_submit_aiv_task(1, params_t1);
// CHECK-NEXT:    }
// CHECK-NEXT:}
func.func @arith_read_and_returned(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %p: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> f32 attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %o1 = pto_orch.call @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %v = pto_tensor.read %o1[%c0] : tensor<16xf32> -> f32
  %w = arith.addf %v, %v : f32
  %x = arith.mulf %w, %w : f32
  %p1 = pto_orch.call @ks(in %a, scalar %w, out %p) : (tensor<16xf32>, f32, tensor<16xf32>) -> tensor<16xf32>
  func.return %x : f32
}

// CHECK-LABEL:// ===== orchestration/element.cpp =====
// CHECK:    rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:    uint32_t indices_ext_o[1] = {0};
// CHECK-NEXT:    (void)get_tensor_data<int32_t>(ext_o, 1, indices_ext_o);
// CHECK-NEXT:}
func.func @element(%a: tensor<16xi32>, %o: tensor<16xi32> {pto_orch.dir = #pto_orch.dir<out>}) -> (index, !pto_orch.int_array<2, i32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %o1 = pto_orch.call @ki(in %a, out %o) : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi32>
  %v = pto_tensor.read %o1[%c0] : tensor<16xi32> -> i32
  %tbl = pto_orch.int_array_create %v, %v : !pto_orch.int_array<2, i32>
  %e = pto_orch.int_array_get %tbl[%c0] : !pto_orch.int_array<2, i32>
  %r = arith.index_cast %e : i32 to index
  func.return %r, %tbl : index, !pto_orch.int_array<2, i32>
}

// CHECK-LABEL:// ===== orchestration/carry.cpp =====
// CHECK:        rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:        uint32_t indices_ext_o[1] = {0};
// CHECK-NEXT:        (void)get_tensor_data<float>(ext_o, 1, indices_ext_o);
// CHECK-EMPTY:
// CHECK-NEXT:        for (int64_t i = 0; i < n; i += 1) {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:            }
// CHECK-NEXT:        }
func.func @carry(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) -> f32 attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %o1 = pto_orch.call @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %v = pto_tensor.read %o1[%c0] : tensor<16xf32> -> f32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %v) -> (f32) {
    %t = arith.addf %acc, %v : f32
    scf.yield %t : f32
  }
  func.return %s : f32
}

// CHECK-LABEL:// ===== orchestration/allocation.cpp =====
// CHECK:    PTO2_SCOPE() {
// CHECK-NEXT:        uint32_t t_ci_shapes[2] = {(uint32_t)M, 16};
// CHECK-NEXT:        TensorCreateInfo t_ci(t_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:        alloc_tensors(t_ci);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CURRENT-LABEL:// ===== orchestration/allocation.cpp =====
// CURRENT:        alloc_tensors(t_ci);
// CURRENT-NEXT:    }
func.func @allocation(%M: index) -> (index, index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %t = pto_tensor.create(%M) : tensor<?x16xf32>
  %d0 = pto_tensor.dim %t, 0 : tensor<?x16xf32>
  %d1 = pto_tensor.dim %t, 1 : tensor<?x16xf32>
  func.return %d0, %d1 : index, index
}

// CHECK-LABEL:// ===== orchestration/runtime_output.cpp =====
// CHECK:        params_t0.add_output(o1_ci);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:    }
// CHECK-NEXT:}
func.func @runtime_output(%a: tensor<16xf32>) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %o1 = pto_orch.call @k(in %a) : (tensor<16xf32>) -> tensor<16xf32>
  func.return %o1 : tensor<16xf32>
}
