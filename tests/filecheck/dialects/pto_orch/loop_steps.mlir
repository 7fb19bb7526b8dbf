// A constant scf.for step in an orchestration function must be positive: 0 would print an
// endless C++ loop and a negative step one that never runs. The error names the loop, in the
// function body, inside a user manual scope, nested, and through the whole pipeline. Other
// functions are not checked. (A dynamic step: guard-dynamic-loop-steps.)
// RUN: pypto-opt --split-input-file --print-diagnostics %s | filecheck %s
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp --split-input-file --print-diagnostics %s | filecheck %s --check-prefix=PIPE

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @zero(%a: tensor<4xf32>, %b: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c0 {
    %r = pto_orch.call @k(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  }
  func.return
}
// CHECK: :[[# @LINE - 5]]:3: error: 'scf.for' op has the constant step 0: a loop step must be positive (a step of 0 never ends, a negative one never runs); to count down, loop upwards and compute the index from the induction variable (ub - 1 - i)
// PIPE: :[[# @LINE - 6]]:3: error: 'scf.for' op has the constant step 0: a loop step must be positive (a step of 0 never ends, a negative one never runs); to count down, loop upwards and compute the index from the induction variable (ub - 1 - i)

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @negative_in_manual(%a: tensor<4xf32>, %b: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %m1 = arith.constant -1 : index
  pto_rt.scope manual {
    scf.for %j = %c0 to %c4 step %c1 {
      scf.for %i = %c4 to %c0 step %m1 {
        %r = pto_orch.call @k(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      }
    }
  }
  func.return
}
// CHECK: :[[# @LINE - 7]]:7: error: 'scf.for' op has the constant step -1: a loop step must be positive (a step of 0 never ends, a negative one never runs); to count down, loop upwards and compute the index from the induction variable (ub - 1 - i)
// PIPE: :[[# @LINE - 8]]:7: error: 'scf.for' op has the constant step -1: a loop step must be positive (a step of 0 never ends, a negative one never runs); to count down, loop upwards and compute the index from the induction variable (ub - 1 - i)

// -----

// Not an orchestration function: not checked here.
func.func @other(%n: i64) {
  %c0 = arith.constant 0 : i64
  scf.for %i = %c0 to %n step %c0 : i64 {
  }
  func.return
}
// CHECK-NOT: error
// PIPE: error: 'builtin.module' op has no orchestration function to print
