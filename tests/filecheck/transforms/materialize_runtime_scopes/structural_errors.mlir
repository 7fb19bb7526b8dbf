// Behaviour 10: the structural rules of scopes are op verifiers of pto_rt.scope, checked on
// the input of every pass (and on its output): a hand-placed auto scope needs an opted-out
// function; no manual scope in a manual scope; no auto scope in a manual scope, at any depth.
// RUN: pypto-opt --split-input-file --print-diagnostics --materialize-runtime-scopes %s | filecheck %s

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_rt.scope' op a hand-placed auto scope needs the function to opt out of automatic scopes: set 'pto_rt.auto_scope = false' on the function, or use 'pto_rt.scope manual'
func.func @auto_not_opted_out() attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  pto_rt.scope auto {
  }
  func.return
}

// -----

// `pto_rt.auto_scope = true` is the same as absent.
// CHECK: :[[# @LINE + 3]]:5: error: 'pto_rt.scope' op a hand-placed auto scope needs the function to opt out of automatic scopes: set 'pto_rt.auto_scope = false' on the function, or use 'pto_rt.scope manual'
func.func @auto_explicit_true(%c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = true} {
  scf.if %c {
    pto_rt.scope auto {
    }
  }
  func.return
}

// -----

// CHECK: :[[# @LINE + 3]]:5: error: 'pto_rt.scope' op a manual scope cannot be nested in another manual scope: merge them or close the outer one first
func.func @manual_in_manual() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope manual {
    pto_rt.scope manual {
    }
  }
  func.return
}

// -----

// A compiler-owned manual scope is a manual scope too.
// CHECK: :[[# @LINE + 3]]:5: error: 'pto_rt.scope' op a manual scope cannot be nested in another manual scope: merge them or close the outer one first
func.func @manual_in_owned() attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  pto_rt.scope manual compiler_owned {
    pto_rt.scope manual {
    }
  }
  func.return
}

// -----

// CHECK: :[[# @LINE + 3]]:5: error: 'pto_rt.scope' op an auto scope cannot be nested in a manual scope (the runtime forbids AUTO inside MANUAL): move it out of the manual scope
func.func @auto_in_manual() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope manual {
    pto_rt.scope auto {
    }
  }
  func.return
}

// -----

// At any depth: manual > for > auto, inside an opted-out function.
// CHECK: :[[# @LINE + 7]]:7: error: 'pto_rt.scope' op an auto scope cannot be nested in a manual scope (the runtime forbids AUTO inside MANUAL): move it out of the manual scope
func.func @auto_deep_in_manual() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  pto_rt.scope manual {
    scf.for %i = %c0 to %c4 step %c1 {
      pto_rt.scope auto {
      }
    }
  }
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_rt.scope' op 'compiler_owned' marks manual scopes only
func.func @owned_auto() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto compiler_owned {
  }
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_rt.scope' op the scope yields (index) but its results are (i64)
func.func @yield_types() -> i64 attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %r = pto_rt.scope manual -> (i64) {
    %c = arith.constant 0 : index
    pto_rt.yield %c : index
  }
  func.return %r : i64
}

// -----

// Accepted: an auto scope in an opted-out function, a manual scope inside an auto scope, and a
// manual scope in a function that is not opted out.
// CHECK-LABEL: func.func @accepted()
// CHECK-NEXT:    pto_rt.scope auto {
// CHECK-NEXT:      pto_rt.scope manual {
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
func.func @accepted() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    pto_rt.scope manual {
    }
  }
  func.return
}
// CHECK-LABEL: func.func @manual_not_opted_out()
// CHECK-SAME:  pto_rt.auto_scope = false
// CHECK-NEXT:    pto_rt.scope auto {
// CHECK-NEXT:      pto_rt.scope manual {
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
func.func @manual_not_opted_out() attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  pto_rt.scope manual {
  }
  func.return
}
