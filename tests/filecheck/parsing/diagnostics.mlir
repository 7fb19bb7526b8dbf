// The parser's and structural verifier's diagnostics (pypto_dialects/parsing.py): every
// error is one located line, in the coordinates of the whole file with --split-input-file.
// RUN: pypto-opt --split-input-file --print-diagnostics %s | filecheck %s

// ===== undefined values: located at the use

func.func @f(%a: tensor<4xf32>) {
  // CHECK: :[[# @LINE + 1]]:23: error: use of undeclared SSA value name %nope{{$}}
  %d = pto_tensor.dim %nope, 0 : tensor<4xf32>
  func.return
}

// -----

// A value defined in a loop body is not visible after the loop.
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %c = pto_tensor.create : tensor<4xf32>
  }
  // CHECK: :[[# @LINE + 1]]:23: error: use of undeclared SSA value name %c{{$}}
  %d = pto_tensor.dim %c, 0 : tensor<4xf32>
  func.return
}

// -----

// Of two undefined values, the first use is reported.
func.func @f() {
  // CHECK: :[[# @LINE + 1]]:35: error: use of undeclared SSA value name %first{{$}}
  %t = pto_system.task_dummy deps(%first, %second : !pto_orch.task_id, !pto_orch.task_id)
  func.return
}

// -----

// ===== definitions must dominate their uses

func.func @f() {
  // CHECK: :[[# @LINE + 1]]:3: error: 'pto_tensor.dim' op operand #0 does not dominate this use: %c is defined later, on line [[# @LINE + 2]]{{$}}
  %d = pto_tensor.dim %c, 0 : tensor<4xf32>
  %c = pto_tensor.create : tensor<4xf32>
  func.return
}

// -----

// A use in a nested region of an op defined later in the enclosing block.
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // CHECK: :[[# @LINE + 1]]:5: error: 'pto_tensor.dim' op operand #0 does not dominate this use: %late is defined later, on line [[# @LINE + 3]]{{$}}
    %d = pto_tensor.dim %late, 0 : tensor<4xf32>
  }
  %late = pto_tensor.create : tensor<4xf32>
  func.return
}

// -----

// A function body cannot use a value of the module.
%c = "pto_tensor.create"() : () -> tensor<4xf32>
func.func @f() {
  // CHECK: :[[# @LINE + 1]]:3: error: 'pto_tensor.dim' op operand #0 is defined outside of the enclosing 'func.func', which is isolated from above{{$}}
  %d = pto_tensor.dim %c, 0 : tensor<4xf32>
  func.return
}

// -----

// ===== SSA names

func.func @f() {
  %c = pto_tensor.create : tensor<4xf32>
  // CHECK: :[[# @LINE + 1]]:3: error: SSA value %c is already defined{{$}}
  %c = pto_tensor.create : tensor<4xf32>
  func.return
}

// -----

func.func @f(%a: tensor<4xf32>, %b: tensor<8xf32>) {
  // CHECK: :[[# @LINE + 1]]:23: error: operand is used with type tensor<8xf32>, but has been previously used or defined with type tensor<4xf32>{{$}}
  %d = pto_tensor.dim %a, 0 : tensor<8xf32>
  func.return
}

// -----

// ===== unknown ops, types and attributes: located at their name

func.func @f() {
  // CHECK: :[[# @LINE + 1]]:8: error: unknown operation 'foo.bar': dialect 'foo' is not registered (or pass --allow-unregistered-dialect){{$}}
  %x = foo.bar
  func.return
}

// -----

func.func @f() {
  // CHECK: :[[# @LINE + 1]]:12: error: the pto_orch dialect has no operation 'pto_orch.launch'{{$}}
  %x, %y = "pto_orch.launch"() : () -> (index, index)
  func.return
}

// -----

// CHECK: :[[# @LINE + 1]]:18: error: the pto_orch dialect has no type '!pto_orch.task'{{$}}
func.func @f(%t: !pto_orch.task) {
  func.return
}

// -----

// CHECK: :[[# @LINE + 1]]:18: error: unknown type '!foo.bar': dialect 'foo' is not registered{{$}}
func.func @f(%t: !foo.bar) {
  func.return
}

// -----

// CHECK: :[[# @LINE + 1]]:32: error: the pto_rt dialect has no attribute '#pto_rt.scope'{{$}}
func.func @f() attributes {x = #pto_rt.scope<auto>} {
  func.return
}

// -----

// CHECK: :[[# @LINE + 1]]:18: error: invalid type: a TaskId array needs a positive size{{$}}
func.func @f(%t: !pto_orch.task_id_array<0>) {
  func.return
}

// -----

// ===== structure

// CHECK: :[[# @LINE + 4]]:1: error: unexpected '}': there is no region to close{{$}}
func.func @f() {
  func.return
}
}

// -----

// CHECK: :[[# @LINE + 1]]:1: error: expected an operation, found '='{{$}}
= pto_tensor.create : tensor<4xf32>

// -----

// A function whose body is an empty block (only the generic form can write one).
// CHECK: :[[# @LINE + 1]]:1: error: 'func.func' op has an empty block; a single-block region needs at least its terminator{{$}}
"func.func"() <{sym_name = "f", function_type = () -> ()}> ({
^bb0:
}) : () -> ()

// -----

// The chunk ends inside a region.
func.func @f() {
  // CHECK: :[[# @LINE + 1]]:14: error: unexpected end of file: '}' expected to close a region{{$}}
  func.return

// -----

// The chunk ends inside an op.
// CHECK: :[[# @LINE + 1]]:60: error: unexpected end of file: ')' expected{{$}}
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>

// -----

// ===== a hexadecimal float constant whose bits the parsed value cannot keep: xDSL holds a
// float as a Python double, and widening an f32 signalling NaN quiets it (the printer would
// pass 0x7FC00001 to the kernel); an f16 NaN loses its payload. The quiet f32 NaN with a
// payload and the f64 signalling NaN are kept exactly (see the last chunk).

func.func @f() -> f32 {
  // CHECK: :[[# @LINE + 1]]:23: error: hexadecimal constant 0x7F800001 : f32 is a NaN whose bits cannot be kept (a signalling NaN, or a NaN payload the type's conversion drops): the parsed value is a double, which holds it as 0x7FC00001; write 0x7FC00001 if that NaN will do{{$}}
  %s = arith.constant 0x7F800001 : f32
  func.return %s : f32
}

// -----

func.func @f() -> f32 {
  // CHECK: :[[# @LINE + 1]]:23: error: hexadecimal constant 0xFFBFFFFF : f32 is a NaN whose bits cannot be kept (a signalling NaN, or a NaN payload the type's conversion drops): the parsed value is a double, which holds it as 0xFFFFFFFF; write 0xFFFFFFFF if that NaN will do{{$}}
  %s = arith.constant 0xFFBFFFFF : f32
  func.return %s : f32
}

// -----

func.func @f() -> f16 {
  // CHECK: :[[# @LINE + 1]]:23: error: hexadecimal constant 0x7C01 : f16 is a NaN whose bits cannot be kept (a signalling NaN, or a NaN payload the type's conversion drops): the parsed value is a double, which holds it as 0x7E00; write 0x7E00 if that NaN will do{{$}}
  %s = arith.constant 0x7C01 : f16
  func.return %s : f16
}

// -----

// ===== a hexadecimal float constant with a leading minus: its digits are the value's bits,
// and xDSL would read them as an integer (-1065353216.0, not -1.0), as MLIR refuses it.

func.func @f() -> f32 {
  // CHECK: :[[# @LINE + 1]]:23: error: hexadecimal constant -0x3F800000 : f32 has a leading minus: a hexadecimal float constant gives the value's bits, so it would be read as the integer -1065353216; write the bits of the negative value (the sign bit set) or a decimal constant{{$}}
  %s = arith.constant -0x3F800000 : f32
  func.return %s : f32
}

// -----

// ===== a hexadecimal element of a float dense literal: its digits are the element's bits,
// and xDSL would read them as an integer (2139095041.0 for every element here).

func.func @f() {
  // CHECK: :[[# @LINE + 1]]:29: error: hexadecimal element 0x7F800001 of a dense literal of tensor<4xf32>: a hexadecimal float element gives the value's bits, which would be read as the integer 2139095041; write the value in decimal, or the whole buffer's bytes as a quoted string (dense<"0x...">){{$}}
  %c = arith.constant dense<0x7F800001> : tensor<4xf32>
  func.return
}

// -----

func.func @f() {
  // CHECK: :[[# @LINE + 1]]:35: error: hexadecimal element -0x3F800000 of a dense literal of tensor<2xf32>: a hexadecimal float element gives the value's bits, which would be read as the integer -1065353216; write the value in decimal, or the whole buffer's bytes as a quoted string (dense<"0x...">){{$}}
  %c = arith.constant dense<[1.0, -0x3F800000]> : tensor<2xf32>
  func.return
}

// -----

// the same inside a complex pair of floats, and with a newline between the minus and the digits
// (found by a breaker session: the first was silently 1065353216.0, the second a Python error)

func.func @f() {
  // CHECK: :[[# @LINE + 1]]:30: error: hexadecimal element 0x3F800000 of a dense literal of tensor<1xcomplex<f32>>: a hexadecimal float element gives the value's bits, which would be read as the integer 1065353216; write the value in decimal, or the whole buffer's bytes as a quoted string (dense<"0x...">){{$}}
  %c = arith.constant dense<[(0x3F800000, 0x0)]> : tensor<1xcomplex<f32>>
  func.return
}

// -----

func.func @f() {
  // CHECK: :[[# @LINE + 1]]:30: error: hexadecimal element -0x3F800000 of a dense literal of tensor<2xf32>: a hexadecimal float element gives the value's bits, which would be read as the integer -1065353216; write the value in decimal, or the whole buffer's bytes as a quoted string (dense<"0x...">){{$}}
  %c = arith.constant dense<[-
    0x3F800000, 1.0]> : tensor<2xf32>
  func.return
}

// -----

// an element out of its type's range: located at the literal (xDSL's words)

func.func @f() {
  // CHECK: :[[# @LINE + 1]]:28: error: invalid dense literal: Integer value 300 is out of range for type i8 which supports values in the range [-128, 256){{$}}
  %c = arith.constant dense<[300]> : tensor<1xi8>
  func.return
}

// -----

// CHECK-LABEL: func.func @kept_dense
// CHECK-NEXT: %i = arith.constant dense<16> : tensor<4xi32>
// CHECK-NEXT: %b = arith.constant dense<1.000000e+00> : tensor<4xf32>
func.func @kept_dense() {
  %i = arith.constant dense<0x10> : tensor<4xi32>
  %b = arith.constant dense<"0x0000803F"> : tensor<4xf32>
  func.return
}

// -----

// CHECK-LABEL: func.func @kept
// CHECK-NEXT: %q = arith.constant 0x7fc00001 : f32
// CHECK-NEXT: %d = arith.constant 0x7ff0000000000001 : f64
// CHECK-NEXT: %n = arith.constant -16 : i32
// CHECK-NEXT: %m = arith.constant -1.500000e+00 : f32
func.func @kept() -> (f32, f64, i32, f32) {
  %q = arith.constant 0x7FC00001 : f32
  %d = arith.constant 0x7FF0000000000001 : f64
  %n = arith.constant -0x10 : i32
  %m = arith.constant -1.5 : f32
  func.return %q, %d, %n, %m : f32, f64, i32, f32
}
