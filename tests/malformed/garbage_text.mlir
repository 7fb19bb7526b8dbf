// expected: 3:1: error: @ identifier expected to start with letter, '_', or '"'.
// Text that is not MLIR.
@@@ ### $$$ ;;;
