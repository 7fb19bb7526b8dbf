// An scf.for over i8 / i16 / i32 declares its loop variable as int64_t (docs/targets/pto2-cpp.md,
// Loops): MLIR's iterations are lb, lb + s, ... below ub, and the last `i += s` may pass the
// type's maximum. As an int32_t, `i += 3` from 2147483646 was signed overflow (undefined
// behaviour) and then wrapped to -2147483647 < ub, going on for ~1.4e9 more tasks where the
// interpreter runs 3; as an int8_t, `i += 5` from 125 wrapped to -126 and never ended (found by
// a breaker session). In int64_t a bound plus a step always fits, and inside the body the
// variable holds the MLIR value (its uses print as for an i32 / i8 value).
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp --split-input-file %s | filecheck %s --strict-whitespace --match-full-lines

pto_orch.kernel @k aiv (inout tensor<16xf32>, in i32) -> tensor<16xf32>
func.func @i32_to_max(%o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c3 = arith.constant 3 : i32
  %lb = arith.constant 2147483640 : i32
  %ub = arith.constant 2147483647 : i32
  %res = scf.for %i = %lb to %ub step %c3 iter_args(%acc = %o) -> (tensor<16xf32>) : i32 {
    %j = arith.addi %i, %c3 : i32
    %t = pto_orch.call @k(inout %acc, scalar %j) : (tensor<16xf32>, i32) -> tensor<16xf32>
    scf.yield %t : tensor<16xf32>
  }
  func.return
}
// CHECK:        for (int64_t i = 2147483640; i < 2147483647; i += 3) {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:                // Task 0: k
// CHECK-NEXT:                Arg params_t0;
// CHECK-NEXT:                params_t0.add_inout(ext_o);
// CHECK-NEXT:                params_t0.add_scalar((uint64_t)((int32_t)((uint32_t)i + 3)));
// CHECK-NEXT:                rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:            }
// CHECK-NEXT:        }

// -----

pto_orch.kernel @k8 aiv (inout tensor<16xf32>, in i8) -> tensor<16xf32>
func.func @i8_dynamic(%o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %lb: i8, %ub: i8, %s: i8) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %res:2 = scf.for %i = %lb to %ub step %s iter_args(%acc = %o, %q = %lb) -> (tensor<16xf32>, i8) : i8 {
    %t = pto_orch.call @k8(inout %acc, scalar %q) : (tensor<16xf32>, i8) -> tensor<16xf32>
    scf.yield %t, %i : tensor<16xf32>, i8
  }
  func.return
}
// CHECK:        int8_t q = lb;
// CHECK-NEXT:        for (int64_t i = lb; i < ((s > 0) ? ub : lb); i += s) {
// CHECK:                params_t0.add_scalar((uint64_t)q);
// CHECK-NEXT:                rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:                q = i;
