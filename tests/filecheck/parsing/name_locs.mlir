// Value names carried in locations (pypto_dialects/name_locs.py, docs/index.md "Interop"):
// --name-locs writes each name into its location (MLIR's NameLoc, the file position kept
// inside); upstream mlir-opt renames every value but keeps locations, and pypto-opt reads
// the names back, so the C++ keeps `ext_a`, `t`, `out_1`.
// RUN: pypto-opt --name-locs %s | filecheck %s --check-prefix=LOCS
// RUN: pypto-opt --name-locs --print-op-generic %s \
// RUN:   | %mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo \
// RUN:   | filecheck %s --check-prefix=UPSTREAM
// RUN: pypto-opt --name-locs --print-op-generic %s \
// RUN:   | %mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo \
// RUN:   | pypto-opt -p pto2-pipeline -t pto2-cpp | filecheck %s --check-prefix=CPP
// Without the names in the locations the C++ takes mlir-opt's names:
// RUN: pypto-opt --print-op-generic --print-debuginfo %s \
// RUN:   | %mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo \
// RUN:   | pypto-opt -p pto2-pipeline -t pto2-cpp | filecheck %s --check-prefix=NONAMES

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %out_1: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %t = pto_tensor.create : tensor<4xf32>
  %u = pto_orch.call @k(%a, %t) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %v = pto_orch.call @k(%u, %out_1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// LOCS:      func.func @f(%a: tensor<4xf32> loc("a"), %out: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>} loc("out_1"))
// LOCS-NEXT:   %t = pto_tensor.create : tensor<4xf32> loc("t"("{{.*}}name_locs.mlir":[[# @LINE - 7]]:3))
// LOCS-NEXT:   %u = pto_orch.call @k(%a, %t) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc("u"("{{.*}}name_locs.mlir":[[# @LINE - 7]]:3))

// UPSTREAM:      ^bb0(%arg0: tensor<4xf32> loc("a"), %arg1: tensor<4xf32> loc("out_1")):
// UPSTREAM-NEXT:   %0 = "pto_tensor.create"() : () -> tensor<4xf32> loc(#[[LOC_T:loc[0-9]*]])
// UPSTREAM:      #[[LOC_T]] = loc("t"(#{{loc[0-9]*}}))

// CPP:      Tensor ext_a = from_tensor_arg(orch_args.tensor(0));
// CPP-NEXT: Tensor ext_out_1 = from_tensor_arg(orch_args.tensor(1));
// CPP:      const Tensor& t = alloc_0.get_ref(0);
// CPP:      params_t0.add_input(ext_a);
// CPP-NEXT: params_t0.add_output(t);

// NONAMES:  Tensor ext_arg0 = from_tensor_arg(orch_args.tensor(0));
