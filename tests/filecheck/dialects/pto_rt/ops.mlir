// Every form of pto_rt.scope (auto / manual / manual compiler_owned, with and without
// results, empty, nested where allowed, with a discardable attribute) and pto_rt.yield,
// plus the function attribute pto_rt.auto_scope; printed back as written and unchanged
// through the generic form.
// RUN: pypto-opt %s | filecheck %s
// RUN: pypto-opt %s --print-op-generic | pypto-opt | filecheck %s
// RUN: pypto-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK: pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// Hand-placed scopes in a function that opted out of automatic scopes: an auto scope with
// results, an auto scope nested in it, a manual scope inside an auto scope, an empty
// scope, a compiler-owned manual scope, a scope with a discardable attribute, scopes in a
// loop body.
// CHECK-LABEL: func.func @rt_ops(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
func.func @rt_ops(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  // CHECK-NEXT: %r, %tid = pto_rt.scope auto -> (tensor<16xf32>, !pto_orch.task_id) {
  %r, %tid = pto_rt.scope auto -> (tensor<16xf32>, !pto_orch.task_id) {
    // CHECK-NEXT: %c = pto_tensor.create : tensor<16xf32>
    %c = pto_tensor.create : tensor<16xf32>
    // CHECK-NEXT: %c1, %t = pto_orch.submit @k(in %a, out %c) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %c1, %t = pto_orch.submit @k(in %a, out %c) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    // CHECK-NEXT: %inner = pto_rt.scope auto -> (tensor<16xf32>) {
    %inner = pto_rt.scope auto -> (tensor<16xf32>) {
      // CHECK-NEXT: %c2 = pto_orch.call @k(in %c1, out %c) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %c2 = pto_orch.call @k(in %c1, out %c) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      // CHECK-NEXT: pto_rt.yield %c2 : tensor<16xf32>
      pto_rt.yield %c2 : tensor<16xf32>
    // CHECK-NEXT: }
    }
    // CHECK-NEXT: %m = pto_rt.scope manual -> (tensor<16xf32>) {
    %m = pto_rt.scope manual -> (tensor<16xf32>) {
      // CHECK-NEXT: %o1, %t1 = pto_orch.submit @k(in %inner, out %o) deps(%t : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %o1, %t1 = pto_orch.submit @k(in %inner, out %o) deps(%t : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      // CHECK-NEXT: pto_rt.yield %o1 : tensor<16xf32>
      pto_rt.yield %o1 : tensor<16xf32>
    // CHECK-NEXT: }
    }
    // CHECK-NEXT: pto_rt.yield %m, %t : tensor<16xf32>, !pto_orch.task_id
    pto_rt.yield %m, %t : tensor<16xf32>, !pto_orch.task_id
  // CHECK-NEXT: }
  }
  // CHECK-NEXT: pto_rt.scope auto {
  pto_rt.scope auto {
  // CHECK-NEXT: }
  }
  // CHECK-NEXT: pto_rt.scope manual compiler_owned {
  pto_rt.scope manual compiler_owned {
    // CHECK-NEXT: %c3 = pto_orch.call @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %c3 = pto_orch.call @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  // CHECK-NEXT: }
  }
  // CHECK-NEXT: pto_rt.scope manual {
  pto_rt.scope manual {
    // CHECK-NEXT: %c4 = pto_orch.call @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %c4 = pto_orch.call @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  // CHECK-NEXT: } attributes {note = "kept"}
  } attributes {note = "kept"}
  // CHECK-NEXT: %lb = arith.constant 0 : index
  %lb = arith.constant 0 : index
  // CHECK-NEXT: %ub = arith.constant 4 : index
  %ub = arith.constant 4 : index
  // CHECK-NEXT: %st = arith.constant 1 : index
  %st = arith.constant 1 : index
  // CHECK-NEXT: %res = scf.for %iv = %lb to %ub step %st iter_args(%acc = %r) -> (tensor<16xf32>) {
  %res = scf.for %iv = %lb to %ub step %st iter_args(%acc = %r) -> (tensor<16xf32>) {
    // CHECK-NEXT: %next = pto_rt.scope auto -> (tensor<16xf32>) {
    %next = pto_rt.scope auto -> (tensor<16xf32>) {
      // CHECK-NEXT: %n = pto_orch.call @k(in %acc, out %acc) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %n = pto_orch.call @k(in %acc, out %acc) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      // CHECK-NEXT: pto_rt.yield %n : tensor<16xf32>
      pto_rt.yield %n : tensor<16xf32>
    // CHECK-NEXT: }
    }
    // CHECK-NEXT: scf.yield %next : tensor<16xf32>
    scf.yield %next : tensor<16xf32>
  // CHECK-NEXT: }
  }
  // CHECK-NEXT: func.return %res : tensor<16xf32>
  func.return %res : tensor<16xf32>
// CHECK-NEXT: }
}

// A manual scope is allowed in a function whose scopes the compiler places (the pass
// wraps the body around it); pto_rt.auto_scope = true is the explicit default.
// CHECK-LABEL: func.func @manual_in_auto_function(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = true} {
func.func @manual_in_auto_function(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = true} {
  // CHECK-NEXT: pto_rt.scope manual {
  pto_rt.scope manual {
    // CHECK-NEXT: %c = pto_orch.call @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %c = pto_orch.call @k(in %a, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  // CHECK-NEXT: }
  }
  // CHECK-NEXT: func.return
  func.return
// CHECK-NEXT: }
}

// Outside orchestration functions an auto scope needs no opt-out.
// CHECK-LABEL: func.func @not_orchestration(%a: tensor<16xf32>) {
func.func @not_orchestration(%a: tensor<16xf32>) {
  // CHECK-NEXT: pto_rt.scope auto {
  pto_rt.scope auto {
  // CHECK-NEXT: }
  }
  // CHECK-NEXT: func.return
  func.return
// CHECK-NEXT: }
}

// An explicit empty yield is the implicit terminator: printed without it.
// CHECK-LABEL: func.func @explicit_empty_yield() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
// CHECK-NEXT: pto_rt.scope manual {
// CHECK-NEXT: }
// CHECK-NEXT: func.return
func.func @explicit_empty_yield() attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope manual {
    pto_rt.yield
  }
  func.return
}

// The generic form: the mode and compiler_owned properties, the implicit empty yields.
// GENERIC: %r, %tid = "pto_rt.scope"() <{mode = #pto_rt.mode<auto>}> ({
// GENERIC: "pto_rt.yield"(%m, %t) : (tensor<16xf32>, !pto_orch.task_id) -> ()
// GENERIC: }) : () -> (tensor<16xf32>, !pto_orch.task_id)
// GENERIC-NEXT: "pto_rt.scope"() <{mode = #pto_rt.mode<auto>}> ({
// GENERIC-NEXT: "pto_rt.yield"() : () -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: "pto_rt.scope"() <{mode = #pto_rt.mode<manual>, compiler_owned}> ({
// GENERIC: "pto_rt.scope"() <{mode = #pto_rt.mode<manual>}> ({
// GENERIC: "pto_rt.yield"() : () -> ()
// GENERIC-NEXT: }) {note = "kept"} : () -> ()
// GENERIC: {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false}
