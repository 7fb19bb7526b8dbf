// mlir-opt-style expected-* annotations: each chunk's diagnostic matches its annotation, so
// the run exits 0 and prints nothing on stderr (lit fails the test otherwise).
// RUN: pypto-opt --split-input-file --verify-diagnostics %s

// expected-error@below {{unknown kernel kind 'vector'}}
pto_orch.kernel @k vector (in tensor<4xf32>)

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {
  // expected-error@+1 {{argument 0 is passed as 'out' but kernel parameter 0 is 'in'}}
  %r = pto_orch.call @k(out %a, out %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @f(%t: tensor<4xf32>) -> index {
  %d = pto_tensor.dim %t, 1 : tensor<4xf32>
  // expected-error@above {{'pto_tensor.dim' op axis 1 is out of range for rank 1}}
  func.return %d : index
}

// -----

// A chunk without annotations and without diagnostics.
func.func @g() {
  func.return
}
