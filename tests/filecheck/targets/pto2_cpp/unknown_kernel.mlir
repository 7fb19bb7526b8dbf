// A task whose callee names no kernel: the dialect verifier reports it first; with
// verification disabled the C++ target still refuses it with its own located error.
// RUN: pypto-opt -t pto2-cpp --disable-verify --split-input-file --print-diagnostics %s | filecheck %s
// RUN: pypto-opt -t pto2-cpp --split-input-file --print-diagnostics %s | filecheck %s --check-prefix=VERIFY

func.func @unknown(%a: tensor<4xf32>, %b: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %r = pto_orch.call @missing(in %a, out %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
// CHECK: :7:3: error: 'pto_orch.call' op unknown kernel @missing: no pto_orch.kernel of that name in this module
// VERIFY: :7:3: error: 'pto_orch.call' op '@missing' does not name a kernel in this module
