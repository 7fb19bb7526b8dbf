// Runtime-allocated outputs: @produce is called with only its first two parameters, so the
// runtime allocates its two trailing Out tensors (add_output(TensorCreateInfo)) and the
// results are task_<n>_outs.get_ref(0) / get_ref(1). @auto: in an AUTO scope the reader
// waits for the producer through the buffers' creator; @manual: in a manual scope through
// the submit's deps; @loop: each iteration's runtime-allocated output is the next iteration's
// input, carried out of the loop body's scope. @leaving: both runtime-allocated outputs of a
// manual task leave its scope, each read by a task after the scope, which must wait for it.
pto_orch.kernel @produce aiv (in tensor<16x16xf32>, in f32, out tensor<16x16xf32>, out tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>) returns [2, 3]
pto_orch.kernel @add aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @auto(%a: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %s = arith.constant 2.0 : f32
  %x, %y = pto_orch.call @produce(%a, %s) : (tensor<16x16xf32>, f32) -> (tensor<16x16xf32>, tensor<16x16xf32>)
  %o1 = pto_orch.call @add(%x, %y, %o) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

func.func @manual(%a: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %s = arith.constant 2.0 : f32
  pto_rt.scope manual {
    %x, %y, %t0 = pto_orch.submit @produce(%a, %s) : (tensor<16x16xf32>, f32) -> (tensor<16x16xf32>, tensor<16x16xf32>)
    %o1, %t1 = pto_orch.submit @add(%x, %y, %o) deps(%t0 : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  }
  func.return
}

func.func @loop(%a: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %s = arith.constant 2.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %a) -> (tensor<16x16xf32>) {
    %x, %y = pto_orch.call @produce(%acc, %s) : (tensor<16x16xf32>, f32) -> (tensor<16x16xf32>, tensor<16x16xf32>)
    scf.yield %x : tensor<16x16xf32>
  }
  %o1 = pto_orch.call @add(%r, %a, %o) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

func.func @leaving(%a: tensor<16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %s = arith.constant 2.0 : f32
  %w, %v = pto_rt.scope manual -> (tensor<16x16xf32>, tensor<16x16xf32>) {
    %x, %y, %t0 = pto_orch.submit @produce(%a, %s) : (tensor<16x16xf32>, f32) -> (tensor<16x16xf32>, tensor<16x16xf32>)
    pto_rt.yield %x, %y : tensor<16x16xf32>, tensor<16x16xf32>
  }
  %o1 = pto_orch.call @add(%w, %a, %o) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %o2 = pto_orch.call @add(%v, %o1, %o1) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}
