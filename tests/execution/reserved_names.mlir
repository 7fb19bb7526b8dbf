// Values named after what the runtime's headers define as macros (errno, PTO2_HEAP_SIZE,
// BIG_ENDIAN, WNOHANG, CLONE_VM, EOF, stdin, NULL, LOG_ERROR, SIGTERM, ...), a C++ keyword
// (int) and a runtime identifier the C++ names (Tensor), in every place a name is printed:
// tensor and scalar parameters, a dynamic-dim symbol, creates, task results, loop variables and
// carries, if results, host reads and writes, views, TaskIds and a TaskId carry. Each is renamed
// with a trailing `_` (derived names such as `CLONE_VM_ci` are not); %current_runtime, a
// function the runtime declares but the C++ never calls, keeps its name.

pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @bump aiv (inout tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @add aiv (in tensor<16xf32>, in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @inc_dyn aiv (in tensor<?xf32>, out tensor<?xf32>) -> tensor<?xf32>

func.func @reserved_names(%errno: tensor<16xf32>, %PTO2_HEAP_SIZE: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %BIG_ENDIAN: f32, %WNOHANG: index, %int: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %EOF = arith.constant 0 : index
  %stdin = arith.constant 1 : index
  %CLONE_VM = pto_tensor.create : tensor<16xf32>
  %LOG_ERROR = pto_orch.call @inc(%errno, %CLONE_VM) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %r = scf.for %SIGINT = %EOF to %WNOHANG step %stdin iter_args(%LITTLE_ENDIAN = %LOG_ERROR) -> (tensor<16xf32>) {
    %BYTE_ORDER = pto_orch.call @bump(%LITTLE_ENDIAN) : (tensor<16xf32>) -> tensor<16xf32>
    scf.yield %BYTE_ORDER : tensor<16xf32>
  }
  %PDP_ENDIAN = scf.if %int -> (tensor<16xf32>) {
    %FD_SETSIZE = pto_orch.call @bump(%r) : (tensor<16xf32>) -> tensor<16xf32>
    scf.yield %FD_SETSIZE : tensor<16xf32>
  } else {
    scf.yield %r : tensor<16xf32>
  }
  %current_runtime = pto_tensor.read %PDP_ENDIAN[%EOF] : tensor<16xf32> -> f32
  %EXIT_SUCCESS = arith.addf %current_runtime, %BIG_ENDIAN : f32
  %NULL = pto_tensor.write %EXIT_SUCCESS, %PDP_ENDIAN[%stdin] : f32, tensor<16xf32>
  %Tensor = pto_tensor.slice %NULL[%EOF] : tensor<16xf32> to tensor<16xf32>
  %o = pto_rt.scope manual -> (tensor<16xf32>) {
    %none = pto_system.task_invalid
    %EINTR, %SIGTERM = pto_orch.submit @add(%Tensor, %errno, %PTO2_HEAP_SIZE) deps(%none : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %o2, %WEXITED = pto_orch.submit @bump(%EINTR) deps(%SIGTERM : !pto_orch.task_id) : (tensor<16xf32>) -> tensor<16xf32>
    pto_rt.yield %o2 : tensor<16xf32>
  }
  func.return
}

func.func @reserved_dims(%X: tensor<?xf32>, %SIGKILL: tensor<?xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %RAND_MAX = pto_tensor.dim %X, 0 : tensor<?xf32>
  %ENOMEM = pto_tensor.create(%RAND_MAX) : tensor<?xf32>
  %PTO2_ERROR_NONE = pto_orch.call @inc_dyn(%X, %ENOMEM) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %y = pto_orch.call @inc_dyn(%PTO2_ERROR_NONE, %SIGKILL) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  func.return
}
