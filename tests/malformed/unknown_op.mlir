// expected: 4:8: error: unknown operation 'foo.bar': dialect 'foo' is not registered (or pass --allow-unregistered-dialect)
// An op of a dialect that is not registered.
func.func @f() {
  %x = foo.bar : index
  func.return
}
