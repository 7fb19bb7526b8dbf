// Regression: an unused arith.extsi / arith.remui (xDSL 0.75 states no memory effect for
// them, so dce kept them) left the C++ variables of the values they read unused, which
// -Wall -Wextra -Werror rejects. Both are effect-free (MLIR: Pure / NoMemoryEffect), so the
// dead chain goes, with the pipeline (canonicalize) and without it (the target's dce).
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %s | filecheck %s
// RUN: pypto-opt -p derive-call-directions -t pto2-cpp %s | filecheck %s

pto_orch.kernel @k0 aiv (out tensor<4xf32>, in i32) -> tensor<4xf32>
func.func @f(%o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}, %p: i32) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c9 = arith.constant 9 : i32
  %c32 = arith.constant 32 : i32
  %v2 = arith.ceildivui %c9, %c32 : i32
  %c7 = arith.constant 7 : i32
  %c20 = arith.constant 20 : i32
  %v5 = arith.shli %c7, %c20 : i32
  %b = arith.cmpi sle, %v2, %v5 : i32
  %v7 = arith.extsi %b : i1 to i16
  %w = arith.muli %p, %p : i32
  %r = arith.remui %w, %p : i32
  %o1 = pto_orch.call @k0(out %o, scalar %p) : (tensor<4xf32>, i32) -> tensor<4xf32>
  func.return
}

// CHECK:      void aicpu_orchestration_entry(
// CHECK-NEXT:     // External tensors
// CHECK-NEXT:     Tensor ext_o = from_tensor_arg(orch_args.tensor(0));
// CHECK-EMPTY:
// CHECK-NEXT:     // Scalar parameters
// CHECK-NEXT:     union { uint64_t u64; int32_t val; } p_conv;
// CHECK-NEXT:     p_conv.u64 = orch_args.scalar(0);
// CHECK-NEXT:     int32_t p = p_conv.val;
// CHECK-EMPTY:
// CHECK-NEXT:     // Task 0: k0
// CHECK-NEXT:     Arg params_t0;
// CHECK-NEXT:     params_t0.add_output(ext_o);
// CHECK-NEXT:     params_t0.add_scalar((uint64_t)p);
// CHECK-NEXT:     rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT: }
