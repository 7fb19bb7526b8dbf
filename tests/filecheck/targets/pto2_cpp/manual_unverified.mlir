// Input the verifier rejects, printed with --disable-verify: a scope nested in a manual scope
// (the runtime allows no AUTO scope inside MANUAL and no MANUAL inside MANUAL) still gets the
// verifier's located error and no C++, since C++ is only printed from verified IR.
// RUN: pypto-opt -t pto2-cpp --disable-verify --split-input-file --print-diagnostics %s | filecheck %s

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @auto_in_manual(%a: tensor<4xf32>, %b: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope manual {
    pto_rt.scope auto {
      %r = pto_orch.call @k(in %a, out %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    }
  }
  func.return
}
// CHECK: :[[# @LINE - 6]]:5: error: 'pto_rt.scope' op an auto scope cannot be nested in a manual scope (the runtime forbids AUTO inside MANUAL): move it out of the manual scope

// -----

func.func @manual_in_manual() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  pto_rt.scope manual {
    scf.for %i = %c0 to %c1 step %c1 {
      pto_rt.scope manual {
      }
    }
  }
  func.return
}
// CHECK: :[[# @LINE - 6]]:7: error: 'pto_rt.scope' op a manual scope cannot be nested in another manual scope: merge them or close the outer one first
