// expected: 3:62: error: unterminated string literal: the closing '"' is missing on its line
// A string literal that is never closed.
pto_orch.kernel @k aiv (in tensor<4xf32>) attributes {note = "abc}
