// Rule 2 (no scope inside a manual scope) is the pto_rt.scope verifier's rule; on IR parsed
// with --disable-verify, verify-orchestration reports it with the verifier's own message
// (ScopeOp.nesting_error, the one implementation of the rule).
// RUN: pypto-opt --disable-verify --verify-orchestration --split-input-file --print-diagnostics %s | filecheck %s
// RUN: pypto-opt --split-input-file --print-diagnostics %s | filecheck %s

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @auto_in_manual(%a: tensor<4xf32>, %b: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope manual {
    // CHECK: nested_scopes_unverified.mlir:[[# @LINE + 1]]:5: error: 'pto_rt.scope' op an auto scope cannot be nested in a manual scope (the runtime forbids AUTO inside MANUAL): move it out of the manual scope{{$}}
    pto_rt.scope auto {
      %r = pto_orch.call @k(in %a, out %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    }
  }
  func.return
}

// -----

func.func @manual_in_manual() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  pto_rt.scope manual {
    scf.for %i = %c0 to %c1 step %c1 {
      // CHECK: nested_scopes_unverified.mlir:[[# @LINE + 1]]:7: error: 'pto_rt.scope' op a manual scope cannot be nested in another manual scope: merge them or close the outer one first{{$}}
      pto_rt.scope manual {
      }
    }
  }
  func.return
}
