// One chunk per verifier rule of the pto_rt dialect (scope nesting, hand-placed auto scopes,
// yield/result agreement, the terminator) and its discardable-attribute check. Each CHECK
// pins the exact one-line diagnostic and its location.
// RUN: pypto-opt --split-input-file --print-diagnostics %s | filecheck %s

// ===== nesting

// manual in manual.
func.func @f() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope manual {
    // CHECK: :[[# @LINE + 1]]:5: error: 'pto_rt.scope' op a manual scope cannot be nested in another manual scope: merge them or close the outer one first{{$}}
    pto_rt.scope manual {
    }
  }
  func.return
}

// -----

// manual in manual, with a loop in between.
func.func @f() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  pto_rt.scope manual {
    scf.for %i = %c0 to %c1 step %c1 {
      // CHECK: :[[# @LINE + 1]]:7: error: 'pto_rt.scope' op a manual scope cannot be nested in another manual scope: merge them or close the outer one first{{$}}
      pto_rt.scope manual compiler_owned {
      }
    }
  }
  func.return
}

// -----

// auto in manual.
func.func @f() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope manual {
    // CHECK: :[[# @LINE + 1]]:5: error: 'pto_rt.scope' op an auto scope cannot be nested in a manual scope (the runtime forbids AUTO inside MANUAL): move it out of the manual scope{{$}}
    pto_rt.scope auto {
    }
  }
  func.return
}

// -----

// auto in manual in auto: the nearest manual scope counts.
func.func @f() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    pto_rt.scope manual {
      // CHECK: :[[# @LINE + 1]]:7: error: 'pto_rt.scope' op an auto scope cannot be nested in a manual scope (the runtime forbids AUTO inside MANUAL): move it out of the manual scope{{$}}
      pto_rt.scope auto {
      }
    }
  }
  func.return
}

// -----

// ===== hand-placed auto scopes

// An auto scope written by hand in an orchestration function whose scopes the compiler
// places (pto_rt.auto_scope absent).
func.func @f() attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  // CHECK: :[[# @LINE + 1]]:3: error: 'pto_rt.scope' op a hand-placed auto scope needs the function to opt out of automatic scopes: set 'pto_rt.auto_scope = false' on the function, or use 'pto_rt.scope manual'{{$}}
  pto_rt.scope auto {
  }
  func.return
}

// -----

// The same with pto_rt.auto_scope = true (the explicit default), inside a loop.
func.func @f() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = true} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c1 step %c1 {
    // CHECK: :[[# @LINE + 1]]:5: error: 'pto_rt.scope' op a hand-placed auto scope needs the function to opt out of automatic scopes: set 'pto_rt.auto_scope = false' on the function, or use 'pto_rt.scope manual'{{$}}
    pto_rt.scope auto {
    }
  }
  func.return
}

// -----

// ===== compiler_owned

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_rt.scope' op 'compiler_owned' marks manual scopes only{{$}}
func.func @f() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto compiler_owned {
  }
  func.return
}

// -----

// ===== results and yield

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_rt.scope' op the scope yields (tensor<4xf32>) but its results are (tensor<4xf32>, !pto_orch.task_id){{$}}
func.func @f(%a: tensor<4xf32>) attributes {pto_rt.auto_scope = false} {
  %r, %t = pto_rt.scope auto -> (tensor<4xf32>, !pto_orch.task_id) {
    pto_rt.yield %a : tensor<4xf32>
  }
  func.return
}

// -----

// A scope with results and only the implicit empty yield.
// CHECK: :[[# @LINE + 2]]:3: error: 'pto_rt.scope' op the scope yields () but its results are (tensor<4xf32>){{$}}
func.func @f(%a: tensor<4xf32>) {
  %r = pto_rt.scope manual -> (tensor<4xf32>) {
  }
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_rt.scope' op the scope yields (tensor<8xf32>) but its results are (tensor<4xf32>){{$}}
func.func @f(%a: tensor<8xf32>) {
  %r = pto_rt.scope manual -> (tensor<4xf32>) {
    pto_rt.yield %a : tensor<8xf32>
  }
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:3: error: 'pto_rt.scope' op the scope yields (tensor<4xf32>) but its results are (){{$}}
func.func @f(%a: tensor<4xf32>) {
  pto_rt.scope manual {
    pto_rt.yield %a : tensor<4xf32>
  }
  func.return
}

// -----

// A yield outside a scope.
func.func @f(%a: tensor<4xf32>) {
  // CHECK: :[[# @LINE + 1]]:3: error: 'pto_rt.yield' op expects parent op 'pto_rt.scope'{{$}}
  pto_rt.yield %a : tensor<4xf32>
}

// -----

// A yield as the terminator of a loop body.
func.func @f(%a: tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: :[[# @LINE + 1]]:3: error: 'scf.for' terminates with operation pto_rt.yield instead of scf.yield{{$}}
  scf.for %i = %c0 to %c1 step %c1 {
    pto_rt.yield
  }
  func.return
}

// -----

// A scope whose block does not end with its yield (only the generic form can say so).
func.func @f() {
  // CHECK: :[[# @LINE + 2]]:5: error: 'pto_system.task_invalid' op terminates block in single-block region but is not a terminator{{$}}
  "pto_rt.scope"() <{mode = #pto_rt.mode<manual>}> ({
    %none = pto_system.task_invalid
  }) : () -> ()
  func.return
}

// -----

// A scope with an empty block (only the generic form can write one).
func.func @f() {
  // CHECK: :[[# @LINE + 1]]:3: error: 'pto_rt.scope' op contains empty block instead of at least terminating with pto_rt.yield{{$}}
  "pto_rt.scope"() <{mode = #pto_rt.mode<manual>}> ({
  ^bb0:
  }) : () -> ()
  func.return
}

// -----

// CHECK: :[[# @LINE + 2]]:16: error: Expected `auto`, or `manual`.{{$}}
func.func @f() {
  pto_rt.scope automatic {
  }
  func.return
}

// -----

// ===== discardable attributes

// CHECK: :[[# @LINE + 1]]:1: error: 'func.func' op 'pto_rt.auto_scope' is a bool attribute of func.func{{$}}
func.func @f() attributes {pto_rt.auto_scope = 0 : i64} {
  func.return
}

// -----

// CHECK: :[[# @LINE + 1]]:1: error: 'func.func' op 'pto_rt.auto_scope' is a bool attribute of func.func{{$}}
func.func @f() attributes {pto_rt.auto_scope = "false"} {
  func.return
}

// -----

func.func @f() {
  // CHECK: :[[# @LINE + 1]]:3: error: 'pto_rt.scope' op 'pto_rt.auto_scope' is a bool attribute of func.func{{$}}
  pto_rt.scope manual {
  } attributes {pto_rt.auto_scope = false}
  func.return
}

// -----

// CHECK: :[[# @LINE + 1]]:1: error: 'func.func' op unknown attribute 'pto_rt.mode' of the pto_rt dialect: remove it (an attribute for another tool belongs in that tool's namespace, which is kept and ignored){{$}}
func.func @f() attributes {pto_rt.mode = #pto_rt.mode<manual>} {
  func.return
}
