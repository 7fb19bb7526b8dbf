// RUN: pypto-opt %s -p canonicalize --print-debuginfo | filecheck %s
// RUN: pypto-opt %s -p pto2-pipeline --print-debuginfo | filecheck %s

// pypto-opt's canonicalize (also the pto2-pipeline step) is xDSL's, with one difference: an
// op a fold or a pattern creates takes the location of the op it was created for. The
// folded `arith.addi` becomes a constant located at the add, not `loc(unknown)`: the task
// graph and every diagnostic name an op by its location.

// CHECK-LABEL: func.func @fold
// CHECK-NEXT:    %s = arith.constant 7 : i64 loc("{{.*}}folded_constants_keep_locations.mlir":[[# @LINE + 4]]:3)
func.func @fold() -> i64 {
  %a = arith.constant 3 : i64
  %b = arith.constant 4 : i64
  %s = arith.addi %a, %b : i64
  func.return %s : i64
}
