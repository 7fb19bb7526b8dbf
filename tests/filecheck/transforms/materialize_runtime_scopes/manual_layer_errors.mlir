// A function carrying `pto_orch.manual_layer` whose body already holds a scope (besides being
// one manual scope) cannot become one manual scope: scopes do not nest inside a manual scope.
// The pass fails with a located diagnostic on the inner scope.
// RUN: pypto-opt --split-input-file --print-diagnostics --materialize-runtime-scopes %s | filecheck %s

pto_orch.kernel @kernel_add aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// CHECK: :[[# @LINE + 6]]:5: error: 'pto_rt.scope' op is inside @layer, which carries 'pto_orch.manual_layer': its whole body becomes one manual scope and scopes cannot nest in a manual scope; remove this scope or the 'pto_orch.manual_layer' marker
func.func @layer(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_orch.manual_layer} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    pto_rt.scope manual {
      %o1 = pto_orch.call @kernel_add(%a, %a, %out) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
  }
  func.return
}

// -----

pto_orch.kernel @kernel_add aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// A compiler-owned manual scope counts too.
// CHECK: :[[# @LINE + 3]]:3: error: 'pto_rt.scope' op is inside @layer2, which carries 'pto_orch.manual_layer': its whole body becomes one manual scope and scopes cannot nest in a manual scope; remove this scope or the 'pto_orch.manual_layer' marker
func.func @layer2(%a: tensor<16xf32>, %out: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_orch.manual_layer} {
  %o0 = pto_orch.call @kernel_add(%a, %a, %out) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  pto_rt.scope manual compiler_owned {
    %o1 = pto_orch.call @kernel_add(%a, %a, %out) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  }
  func.return
}
