// arith.index_castui, which xDSL 0.75 lacks (pypto_dialects/arith_casts.py): it parses and
// prints back, its verifier wants exactly one `index` side (MLIR's message), and the C++
// target prints it as a zero extension (a wider type) or a truncation (a narrower one), the
// value itself between index and i64 (as arith.extui / arith.trunci).
// RUN: pypto-opt %s --split-input-file --print-diagnostics | filecheck %s --check-prefix=IR
// RUN: pypto-opt %s --split-input-file --print-diagnostics | filecheck %s --check-prefix=ERR
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %s --split-input-file --print-diagnostics | filecheck %s --check-prefix=CPP

pto_orch.kernel @k aiv (in tensor<16xf32>, in i32, in index, in index, in i1, in index, out tensor<16xf32>) -> tensor<16xf32>
func.func @casts(%a: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index, %w: i32, %flag: i1, %l: i64) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %down = arith.index_castui %n : index to i32
  %up = arith.index_castui %w : i32 to index
  %bit = arith.index_castui %flag : i1 to index
  %low = arith.index_castui %n : index to i1
  %same = arith.index_castui %l : i64 to index
  %o1 = pto_orch.call @k(%a, %down, %up, %bit, %low, %same, %o) : (tensor<16xf32>, i32, index, index, i1, index, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
// IR:      %down = arith.index_castui %n : index to i32
// IR-NEXT: %up = arith.index_castui %w : i32 to index
// IR-NEXT: %bit = arith.index_castui %flag : i1 to index
// IR-NEXT: %low = arith.index_castui %n : index to i1
// IR-NEXT: %same = arith.index_castui %l : i64 to index
// CPP:      params_t0.add_input(ext_a);
// CPP-NEXT: params_t0.add_output(ext_o);
// CPP-NEXT: params_t0.add_scalar((uint64_t)((int32_t)n));
// CPP-NEXT: params_t0.add_scalar((uint64_t)((int64_t)(uint32_t)w));
// CPP-NEXT: params_t0.add_scalar((uint64_t)((int64_t)flag));
// CPP-NEXT: params_t0.add_scalar((uint64_t)((bool)(n & 1)));
// CPP-NEXT: params_t0.add_scalar((uint64_t)l);
// CPP: error: 'arith.index_castui' op operand type 'i32' and result type 'i64' are cast incompatible
// CPP: error: 'arith.index_castui' op operand type 'index' and result type 'index' are cast incompatible

// -----

func.func @no_index(%w: i32) -> i64 {
  // ERR: index_castui.mlir:[[# @LINE + 1]]:3: error: 'arith.index_castui' op operand type 'i32' and result type 'i64' are cast incompatible
  %x = arith.index_castui %w : i32 to i64
  func.return %x : i64
}

// -----

func.func @two_index(%n: index) -> index {
  // ERR: index_castui.mlir:[[# @LINE + 1]]:3: error: 'arith.index_castui' op operand type 'index' and result type 'index' are cast incompatible
  %x = arith.index_castui %n : index to index
  func.return %x : index
}
