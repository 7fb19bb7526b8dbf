// A task whose callee names no kernel: the dialect verifier reports it, also under
// --disable-verify (C++ is only printed from verified IR).
// RUN: pypto-opt -t pto2-cpp --disable-verify --split-input-file --print-diagnostics %s | filecheck %s --check-prefix=VERIFY
// RUN: pypto-opt -t pto2-cpp --split-input-file --print-diagnostics %s | filecheck %s --check-prefix=VERIFY

func.func @unknown(%a: tensor<4xf32>, %b: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %r = pto_orch.call @missing(in %a, out %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
// VERIFY: :[[# @LINE - 3]]:3: error: 'pto_orch.call' op '@missing' does not name a kernel in this module
