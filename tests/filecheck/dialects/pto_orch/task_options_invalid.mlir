// One chunk per verifier and syntax rule of the task options (docs/dialects/pto_orch.md,
// "Task options"): the block count, sync_start, dump. Each CHECK pins the exact diagnostic.
// RUN: pypto-opt --split-input-file --print-diagnostics %s | filecheck %s

pto_orch.kernel @k aiv (in tensor<4xf32>, in index, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %n: index, %o: tensor<4xf32>) {
  // CHECK: :[[# @LINE + 1]]:3: error: 'pto_orch.call' op the block count is 0, out of range: the runtime's block count is an int16_t of at least 1 (1 to 32767){{$}}
  %r = pto_orch.call @k(in %a, scalar %n, out %o) launch(0) : (tensor<4xf32>, index, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, in index, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %n: index, %o: tensor<4xf32>) {
  // CHECK: :[[# @LINE + 1]]:3: error: 'pto_orch.submit' op the block count is 32768, out of range: the runtime's block count is an int16_t of at least 1 (1 to 32767){{$}}
  %r, %t = pto_orch.submit @k(in %a, scalar %n, out %o) launch(32768) : (tensor<4xf32>, index, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

// A block count value that is a constant is checked as one.
pto_orch.kernel @k aiv (in tensor<4xf32>, in index, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %n: index, %o: tensor<4xf32>) {
  %c0 = arith.constant -3 : i32
  // CHECK: :[[# @LINE + 1]]:3: error: 'pto_orch.call' op the block count value is the constant -3, out of range: the runtime's block count is an int16_t of at least 1 (1 to 32767){{$}}
  %r = pto_orch.call @k(in %a, scalar %n, out %o) launch(%c0 : i32) : (tensor<4xf32>, index, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, in index, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %n: index, %o: tensor<4xf32>, %x: f32) {
  // CHECK: :[[# @LINE + 1]]:3: error: 'pto_orch.call' op the block count has type f32; it must be an index or integer value{{$}}
  %r = pto_orch.call @k(in %a, scalar %n, out %o) launch(%x : f32) : (tensor<4xf32>, index, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

// A constant and a value (only the generic form can give both).
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %n: index, %o: tensor<4xf32>) {
  // CHECK: :[[# @LINE + 1]]:3: error: 'pto_orch.call' op the block count is given twice (a constant and a value): give one, launch(4) or launch(%n : index){{$}}
  %r = "pto_orch.call"(%a, %o, %n) <{callee = @k, block_num = 4 : i64, operandSegmentSizes = array<i32: 2, 0, 1>}> : (tensor<4xf32>, tensor<4xf32>, index) -> tensor<4xf32>
  func.return
}

// -----

// sync_start without a block count (only the generic form can say it).
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %o: tensor<4xf32>) {
  // CHECK: :[[# @LINE + 1]]:3: error: 'pto_orch.call' op sync_start is part of a launch spec: give the block count too, launch(<n>, sync_start){{$}}
  %r = "pto_orch.call"(%a, %o) <{callee = @k, sync_start, operandSegmentSizes = array<i32: 2, 0, 0>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %o: tensor<4xf32>) {
  // CHECK: :[[# @LINE + 1]]:3: error: 'pto_orch.call' op dump names no argument: list the positions, e.g. dump [0]{{$}}
  %r = pto_orch.call @k(in %a, out %o) dump [] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %o: tensor<4xf32>) {
  // CHECK: :[[# @LINE + 1]]:3: error: 'pto_orch.call' op dump names argument 1 twice{{$}}
  %r = pto_orch.call @k(in %a, out %o) dump [1, 0, 1] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %o: tensor<4xf32>) {
  // CHECK: :[[# @LINE + 1]]:3: error: 'pto_orch.call' op dump names argument -1; positions start at 0{{$}}
  %r = pto_orch.call @k(in %a, out %o) dump [-1] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

// Positions count the kernel's parameters, those the runtime allocates included (here 0 to 1).
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>) {
  // CHECK: :[[# @LINE + 1]]:3: error: 'pto_orch.call' op dump names argument 2, but kernel '@k' has 2 parameters (positions 0 to 1){{$}}
  %r = pto_orch.call @k(in %a) dump [1, 2] : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

// Only tensors and integer, index or float scalars can be dumped.
pto_orch.kernel @k aiv (in tensor<4xf32>, in !pto_orch.task_id, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %t: !pto_orch.task_id, %o: tensor<4xf32>) {
  // CHECK: :[[# @LINE + 1]]:3: error: 'pto_orch.call' op dump names argument 1 of type !pto_orch.task_id: the runtime dumps tensors and integer, index or float scalars only{{$}}
  %r = pto_orch.call @k(%a, %t, %o) dump [1] : (tensor<4xf32>, !pto_orch.task_id, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %o: tensor<4xf32>) {
  // CHECK: :[[# @LINE + 1]]:47: error: expected a block count: an integer (launch(4)) or a value with its type (launch(%n : index)){{$}}
  %r = pto_orch.call @k(in %a, out %o) launch() : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %o: tensor<4xf32>) {
  // CHECK: :[[# @LINE + 1]]:50: error: Expected 'sync_start'{{$}}
  %r = pto_orch.call @k(in %a, out %o) launch(4, sync) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

// A dumped position or a block count that does not fit the op's i64 property is a located
// parse error (not a crash of the attribute constructor).
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %o: tensor<4xf32>) {
  // CHECK: :[[# @LINE + 1]]:49: error: dump names argument 99999999999999999999, out of range: a position is the index of a kernel parameter{{$}}
  %r = pto_orch.call @k(in %a, out %o) dump [0, 99999999999999999999] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %o: tensor<4xf32>) {
  // CHECK: :[[# @LINE + 1]]:47: error: the block count is -99999999999999999999, out of range: the runtime's block count is an int16_t of at least 1 (1 to 32767){{$}}
  %r = pto_orch.call @k(in %a, out %o) launch(-99999999999999999999) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}
