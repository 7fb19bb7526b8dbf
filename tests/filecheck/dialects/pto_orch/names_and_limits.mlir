// Names that reach the C++ output or file names, the runtime's limits per task and per entry, and signature rules of kernels; one chunk per rule, each with its exact diagnostic.
// RUN: pypto-opt --split-input-file --print-diagnostics %s | filecheck %s
// CHECK: :[[# @LINE + 10]]:1: error: 'pto_orch.kernel' op kernel name 'k\nint x = 1;' reaches the C++ output and file names, so it must be a plain identifier (letters, digits, '_', '$', '.', not starting with a digit, '$' or '.'): rename it{{$}}
// CHECK: :[[# @LINE + 13]]:1: error: 'func.func' op orchestration function name '../../escaped' reaches the C++ output and file names, so it must be a plain identifier (letters, digits, '_', '$', '.', not starting with a digit, '$' or '.'): rename it{{$}}
// CHECK: :[[# @LINE + 20]]:3: error: 'pto_orch.call' op passes 17 scalars; a PTO2 task takes at most 16 (the runtime's MAX_SCALAR_ARGS): pack them into a tensor{{$}}
// CHECK: :[[# @LINE + 24]]:1: error: 'func.func' op has 129 tensor parameters; an orchestration entry takes at most 128 (the runtime's CHIP_MAX_TENSOR_ARGS){{$}}
// CHECK: :[[# @LINE + 29]]:37: error: invalid type: a TaskId array of 100000000000 slots is too large: the C++ is a stack array, at most 4096 slots{{$}}
// CHECK: :[[# @LINE + 33]]:1: error: 'pto_orch.kernel' op 'returns' names parameter 1 twice: each result is a different Out/InOut parameter{{$}}
// CHECK: :[[# @LINE + 38]]:3: error: 'pto_orch.call' op arguments 1 and 2 are the same tensor, and the kernel writes both: pass a different tensor to each Out/InOut parameter{{$}}
// CHECK: :[[# @LINE + 45]]:3: error: 'pto_orch.call' op argument 1 is passed as 'no_dep' but kernel parameter 1 is 'out': no_dep is for inputs the task need not wait for, and a written tensor must be tracked (use 'out'){{$}}
// CHECK: :[[# @LINE + 51]]:1: error: 'pto_orch.kernel' op group member @v has the signature (in tensor<8xf32>, out tensor<8xf32>), not the group's (in tensor<4xf32>, out tensor<4xf32>): a group runs both members on the same arguments{{$}}

pto_orch.kernel @"k\0Aint x = 1;" aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>

// -----
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @"../../escaped"(%a: tensor<4xf32>, %b: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %r = pto_orch.call @k(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----
pto_orch.kernel @k aiv (in i64, in i64, in i64, in i64, in i64, in i64, in i64, in i64, in i64, in i64, in i64, in i64, in i64, in i64, in i64, in i64, in i64) -> ()
func.func @f(%n: i64) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  pto_orch.call @k(%n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n) : (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> ()
  func.return
}

// -----
func.func @f(%a0: tensor<4xf32>, %a1: tensor<4xf32>, %a2: tensor<4xf32>, %a3: tensor<4xf32>, %a4: tensor<4xf32>, %a5: tensor<4xf32>, %a6: tensor<4xf32>, %a7: tensor<4xf32>, %a8: tensor<4xf32>, %a9: tensor<4xf32>, %a10: tensor<4xf32>, %a11: tensor<4xf32>, %a12: tensor<4xf32>, %a13: tensor<4xf32>, %a14: tensor<4xf32>, %a15: tensor<4xf32>, %a16: tensor<4xf32>, %a17: tensor<4xf32>, %a18: tensor<4xf32>, %a19: tensor<4xf32>, %a20: tensor<4xf32>, %a21: tensor<4xf32>, %a22: tensor<4xf32>, %a23: tensor<4xf32>, %a24: tensor<4xf32>, %a25: tensor<4xf32>, %a26: tensor<4xf32>, %a27: tensor<4xf32>, %a28: tensor<4xf32>, %a29: tensor<4xf32>, %a30: tensor<4xf32>, %a31: tensor<4xf32>, %a32: tensor<4xf32>, %a33: tensor<4xf32>, %a34: tensor<4xf32>, %a35: tensor<4xf32>, %a36: tensor<4xf32>, %a37: tensor<4xf32>, %a38: tensor<4xf32>, %a39: tensor<4xf32>, %a40: tensor<4xf32>, %a41: tensor<4xf32>, %a42: tensor<4xf32>, %a43: tensor<4xf32>, %a44: tensor<4xf32>, %a45: tensor<4xf32>, %a46: tensor<4xf32>, %a47: tensor<4xf32>, %a48: tensor<4xf32>, %a49: tensor<4xf32>, %a50: tensor<4xf32>, %a51: tensor<4xf32>, %a52: tensor<4xf32>, %a53: tensor<4xf32>, %a54: tensor<4xf32>, %a55: tensor<4xf32>, %a56: tensor<4xf32>, %a57: tensor<4xf32>, %a58: tensor<4xf32>, %a59: tensor<4xf32>, %a60: tensor<4xf32>, %a61: tensor<4xf32>, %a62: tensor<4xf32>, %a63: tensor<4xf32>, %a64: tensor<4xf32>, %a65: tensor<4xf32>, %a66: tensor<4xf32>, %a67: tensor<4xf32>, %a68: tensor<4xf32>, %a69: tensor<4xf32>, %a70: tensor<4xf32>, %a71: tensor<4xf32>, %a72: tensor<4xf32>, %a73: tensor<4xf32>, %a74: tensor<4xf32>, %a75: tensor<4xf32>, %a76: tensor<4xf32>, %a77: tensor<4xf32>, %a78: tensor<4xf32>, %a79: tensor<4xf32>, %a80: tensor<4xf32>, %a81: tensor<4xf32>, %a82: tensor<4xf32>, %a83: tensor<4xf32>, %a84: tensor<4xf32>, %a85: tensor<4xf32>, %a86: tensor<4xf32>, %a87: tensor<4xf32>, %a88: tensor<4xf32>, %a89: tensor<4xf32>, %a90: tensor<4xf32>, %a91: tensor<4xf32>, %a92: tensor<4xf32>, %a93: tensor<4xf32>, %a94: tensor<4xf32>, %a95: tensor<4xf32>, %a96: tensor<4xf32>, %a97: tensor<4xf32>, %a98: tensor<4xf32>, %a99: tensor<4xf32>, %a100: tensor<4xf32>, %a101: tensor<4xf32>, %a102: tensor<4xf32>, %a103: tensor<4xf32>, %a104: tensor<4xf32>, %a105: tensor<4xf32>, %a106: tensor<4xf32>, %a107: tensor<4xf32>, %a108: tensor<4xf32>, %a109: tensor<4xf32>, %a110: tensor<4xf32>, %a111: tensor<4xf32>, %a112: tensor<4xf32>, %a113: tensor<4xf32>, %a114: tensor<4xf32>, %a115: tensor<4xf32>, %a116: tensor<4xf32>, %a117: tensor<4xf32>, %a118: tensor<4xf32>, %a119: tensor<4xf32>, %a120: tensor<4xf32>, %a121: tensor<4xf32>, %a122: tensor<4xf32>, %a123: tensor<4xf32>, %a124: tensor<4xf32>, %a125: tensor<4xf32>, %a126: tensor<4xf32>, %a127: tensor<4xf32>, %a128: tensor<4xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  func.return
}

// -----
func.func @f() attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %a = pto_orch.task_array_create : !pto_orch.task_id_array<100000000000>
  func.return
}

// -----
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>, out tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) returns [1, 1]

// -----
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>, out tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) returns [1, 2]
func.func @f(%a: tensor<4xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c = pto_tensor.create : tensor<4xf32>
  %r:2 = pto_orch.call @k(%a, %c, %c) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  func.return
}

// -----
pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c = pto_tensor.create : tensor<4xf32>
  %r = pto_orch.call @k(in %a, no_dep %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----
pto_orch.kernel @c aic (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
pto_orch.kernel @v aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
pto_orch.kernel @g group<@c, @v> (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>
