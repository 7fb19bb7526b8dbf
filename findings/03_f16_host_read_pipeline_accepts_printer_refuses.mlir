// pypto-opt -p pto2-pipeline        -> accepted (exit 0)
// pypto-opt -p pto2-pipeline -t pto2-cpp -> "error: 'pto_tensor.read' op element of type f16 has
//   no C++ scalar type at orchestration level (supported: index, i1, i8-i64, ui8-ui64, f32, f64)"
// Minor (not fixed): docs say pto2-pipeline's last step rejects what -t pto2-cpp would; a host
// read of an f16 (or bf16) tensor passes the pipeline and fails only in the printer. Same
// family: finding 01 (a one-trip outer loop's carries) passes the pipeline, refused by the printer.
pto_orch.kernel @adds aiv (in f32, inout tensor<4xf32>) -> tensor<4xf32>
func.func @rd(%h: tensor<4xf16>, %o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c1 = arith.constant 1 : index
  %v = pto_tensor.read %h[%c1] : tensor<4xf16> -> f16
  %f = arith.extf %v : f16 to f32
  %o1 = pto_orch.call @adds(%f, %o) : (f32, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
