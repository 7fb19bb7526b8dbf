// expected: 4:3: error: Integer value 300 is out of range for type i8 which supports values in the range [-128, 256)
// A constant that does not fit its type.
func.func @f() {
  %c = arith.constant 300 : i8
  func.return
}
