// --split-input-file without --print-diagnostics: every chunk is processed; each failing
// chunk reports one located line on stderr (lines of the whole file), the others are printed,
// separated by `// -----`, and the exit status is 1. Only a line that is exactly the marker
// splits: this comment mentions `// -----` and stays in the first chunk.
// RUN: not pypto-opt --split-input-file %s 2> %t.err | filecheck %s --check-prefix=OUT
// RUN: filecheck %s --check-prefix=ERR --input-file %t.err

// OUT: builtin.module {
// OUT-NEXT: func.func @first() {
// OUT-NEXT: func.return
// OUT-NEXT: }
// OUT-NEXT: }
func.func @first() {
  func.return
}

// -----

// The failing chunk prints nothing.
// OUT: // -----
// OUT-NEXT: // -----
// ERR: split_input_file.mlir:[[# @LINE + 2]]:40: error: Expected '>' after builtin parameter list{{$}}
func.func @bad_parse() {
  %x = pto_tensor.create : tensor<4xf32
  func.return
}

// -----

// OUT-NEXT: builtin.module {
// OUT-NEXT: func.func @third() {
func.func @third() {
  func.return
}

// -----

// OUT: // -----
// OUT-NEXT: // -----
// ERR-NEXT: split_input_file.mlir:[[# @LINE + 2]]:3: error: 'pto_tensor.dim' op axis 1 is out of range for rank 1{{$}}
func.func @bad_verify(%t: tensor<4xf32>) {
  %d = pto_tensor.dim %t, 1 : tensor<4xf32>
  func.return
}

// -----

// An empty chunk is an empty module.
// OUT-NEXT: builtin.module {
// OUT-NEXT: }

// -----

// OUT: // -----
// OUT-NEXT: builtin.module {
// OUT-NEXT: func.func @last() {
func.func @last() {
  func.return
}
// ERR-NOT: error
