// Upstream PyPTO's orchestration codegen tests (test_orchestration_codegen.py, _more, _misc,
// _tensor_rw), each program written again in our IR, one function per test (named in its
// comment). Kernels are prefixed with their function's name (@basic__kernel_add). Where the
// upstream program writes an 'in' parameter, returns a created tensor or drops its results,
// the function declares the parameter written or lets a task copy the result into an 'out'
// parameter, so that every result is observable. Run by tests/test_execution_upstream.py.

// upstream test_basic_structure: c = add(a, b) into a created tensor, then d = add(c, b) into the out parameter d.
pto_orch.kernel @basic__kernel_add aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
func.func @basic(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %d: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c = pto_tensor.create : tensor<16x16xf32>
  %c1 = pto_orch.call @basic__kernel_add(%a, %b, %c) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %d1 = pto_orch.call @basic__kernel_add(%c1, %b, %d) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return %d1 : tensor<16x16xf32>
}

// upstream test_tensor_read: an element of parameter t is read (value unused), then one add task.
pto_orch.kernel @tread__kernel_add aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
func.func @tread(%t: tensor<4x8xf32>, %a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %result: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %val = pto_tensor.read %t[%c1, %c3] : tensor<4x8xf32> -> f32
  %r = pto_orch.call @tread__kernel_add(%a, %b, %result) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return %r : tensor<16x16xf32>
}

// upstream test_orch_internal_tensor_read_uses_get_tensor_data: a task writes an internal i32
// tensor, the orchestration reads an element of it (must wait for the task). Here the value
// read is passed on as a scalar to a second task so the read is observable.
pto_orch.kernel @internal_read__kernel_copy aiv (in tensor<8x1xi32>, out tensor<8x1xi32>) -> tensor<8x1xi32>
pto_orch.kernel @internal_read__kernel_fill aiv (in i32, out tensor<8x1xi32>) -> tensor<8x1xi32>
func.func @internal_read(%src: tensor<8x1xi32>, %dst: tensor<8x1xi32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %cnt = pto_tensor.create : tensor<8x1xi32>
  %cnt1 = pto_orch.call @internal_read__kernel_copy(%src, %cnt) : (tensor<8x1xi32>, tensor<8x1xi32>) -> tensor<8x1xi32>
  %n = pto_tensor.read %cnt1[%c0, %c0] : tensor<8x1xi32> -> i32
  %d1 = pto_orch.call @internal_read__kernel_fill(%n, %dst) : (i32, tensor<8x1xi32>) -> tensor<8x1xi32>
  func.return
}

// upstream test_independent_tasks: two tasks writing two out parameters, no dependency.
pto_orch.kernel @indep__kernel_add aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
func.func @indep(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %d: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> (tensor<16x16xf32>, tensor<16x16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c1 = pto_orch.call @indep__kernel_add(%a, %b, %c) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %d1 = pto_orch.call @indep__kernel_add(%a, %b, %d) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return %c1, %d1 : tensor<16x16xf32>, tensor<16x16xf32>
}

// upstream test_vector_example_dag: f = (a + b + 1) * (a + b + 2) + (a + b), five tasks, four
// created intermediates, two f32 scalar constants.
pto_orch.kernel @vector_dag__kernel_add aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @vector_dag__kernel_add_scalar aiv (in tensor<16x16xf32>, in f32, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @vector_dag__kernel_mul aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
func.func @vector_dag(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %f: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %c = pto_tensor.create : tensor<16x16xf32>
  %c1 = pto_orch.call @vector_dag__kernel_add(%a, %b, %c) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %d = pto_tensor.create : tensor<16x16xf32>
  %d1 = pto_orch.call @vector_dag__kernel_add_scalar(%c1, %one, %d) : (tensor<16x16xf32>, f32, tensor<16x16xf32>) -> tensor<16x16xf32>
  %e = pto_tensor.create : tensor<16x16xf32>
  %e1 = pto_orch.call @vector_dag__kernel_add_scalar(%c1, %two, %e) : (tensor<16x16xf32>, f32, tensor<16x16xf32>) -> tensor<16x16xf32>
  %g = pto_tensor.create : tensor<16x16xf32>
  %g1 = pto_orch.call @vector_dag__kernel_mul(%d1, %e1, %g) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %f1 = pto_orch.call @vector_dag__kernel_add(%g1, %c1, %f) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return %f1 : tensor<16x16xf32>
}

// upstream test_tuple_intermediate: a two-output kernel writes two created tensors (x = a + b,
// y = a - b), then result = x + y.
pto_orch.kernel @tuple_mid__kernel_pair aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>, out tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>) returns [2, 3]
pto_orch.kernel @tuple_mid__kernel_add aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
func.func @tuple_mid(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %result: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %x = pto_tensor.create : tensor<16x16xf32>
  %y = pto_tensor.create : tensor<16x16xf32>
  %x1, %y1 = pto_orch.call @tuple_mid__kernel_pair(%a, %b, %x, %y) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>)
  %r = pto_orch.call @tuple_mid__kernel_add(%x1, %y1, %result) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return %r : tensor<16x16xf32>
}

// upstream test_tuple_output: the two-output kernel writes both out parameters directly.
pto_orch.kernel @tuple_out__kernel_pair aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>, out tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>) returns [2, 3]
func.func @tuple_out(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %x: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> (tensor<16x16xf32>, tensor<16x16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %x1, %y1 = pto_orch.call @tuple_out__kernel_pair(%a, %b, %x, %y) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>)
  func.return %x1, %y1 : tensor<16x16xf32>, tensor<16x16xf32>
}

// upstream test_four_element_tuple with the written parameters declared inout / out (our
// contract): online_update updates mi, li, oi in place and writes dst; final = oi + dst.
pto_orch.kernel @four_tuple_io__online_update aiv (in tensor<16x1xf32>, in tensor<16x1xf32>, in tensor<16x16xf32>, inout tensor<16x1xf32>, inout tensor<16x1xf32>, inout tensor<16x16xf32>, out tensor<16x16xf32>) -> (tensor<16x1xf32>, tensor<16x1xf32>, tensor<16x16xf32>, tensor<16x16xf32>) returns [3, 4, 5, 6]
pto_orch.kernel @four_tuple_io__kernel_add aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
func.func @four_tuple_io(%mij: tensor<16x1xf32>, %lij: tensor<16x1xf32>, %oi_new: tensor<16x16xf32>, %mi_in: tensor<16x1xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %li_in: tensor<16x1xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %oi_in: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %dst_in: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %final: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %mi, %li, %oi, %dst = pto_orch.call @four_tuple_io__online_update(%mij, %lij, %oi_new, %mi_in, %li_in, %oi_in, %dst_in) : (tensor<16x1xf32>, tensor<16x1xf32>, tensor<16x16xf32>, tensor<16x1xf32>, tensor<16x1xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> (tensor<16x1xf32>, tensor<16x1xf32>, tensor<16x16xf32>, tensor<16x16xf32>)
  %f = pto_orch.call @four_tuple_io__kernel_add(%oi, %dst, %final) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return %f : tensor<16x16xf32>
}

// upstream test_inout_not_returned_three_outputs_alias: the kernel updates an inout tensor it
// does not return and writes three out tensors it does; combine reads the three results.
pto_orch.kernel @not_returned__kernel aiv (inout tensor<16x16xf32>, out tensor<16x16xf32>, out tensor<16x16xf32>, out tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) returns [1, 2, 3]
pto_orch.kernel @not_returned__combine aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
func.func @not_returned(%inout_t: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %ta: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %tb: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %tc: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %final: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %o1, %o2, %o3 = pto_orch.call @not_returned__kernel(%inout_t, %ta, %tb, %tc) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>)
  %f = pto_orch.call @not_returned__combine(%o1, %o2, %o3, %final) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return %f : tensor<16x16xf32>
}

// upstream test_tensor_create: a created f16 tensor that nothing writes is the input of a task.
pto_orch.kernel @create_f16__kernel_fill aiv (in tensor<32x32xf16>, out tensor<32x32xf16>) -> tensor<32x32xf16>
func.func @create_f16(%a: tensor<32x32xf16>, %result: tensor<32x32xf16> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<32x32xf16> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %buf = pto_tensor.create : tensor<32x32xf16>
  %r = pto_orch.call @create_f16__kernel_fill(%buf, %result) : (tensor<32x32xf16>, tensor<32x32xf16>) -> tensor<32x32xf16>
  func.return %r : tensor<32x32xf16>
}

// upstream test_tensor_create_with_manual_dep: scratch is created untracked (manual_dep); one
// task fills it from a, the next copies it into result. The runtime's tensor map skips scratch,
// so the second task must wait for the first through an explicit edge.
pto_orch.kernel @manual_dep_create__kernel_fill aiv (in tensor<32x32xf16>, out tensor<32x32xf16>) -> tensor<32x32xf16>
func.func @manual_dep_create(%a: tensor<32x32xf16>, %result: tensor<32x32xf16> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<32x32xf16> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %scratch = pto_tensor.create manual_dep : tensor<32x32xf16>
  %s1 = pto_orch.call @manual_dep_create__kernel_fill(%a, %scratch) : (tensor<32x32xf16>, tensor<32x32xf16>) -> tensor<32x32xf16>
  %r = pto_orch.call @manual_dep_create__kernel_fill(%s1, %result) : (tensor<32x32xf16>, tensor<32x32xf16>) -> tensor<32x32xf16>
  func.return %r : tensor<32x32xf16>
}

// upstream test_inplace_tensor: one task updating three inout parameters and writing an out one.
pto_orch.kernel @inplace__online_update aiv (in tensor<16x1xf32>, in tensor<16x1xf32>, in tensor<16x16xf32>, inout tensor<16x1xf32>, inout tensor<16x1xf32>, inout tensor<16x16xf32>, out tensor<16x16xf32>) -> (tensor<16x1xf32>, tensor<16x1xf32>, tensor<16x16xf32>, tensor<16x16xf32>) returns [3, 4, 5, 6]
func.func @inplace(%mij: tensor<16x1xf32>, %lij: tensor<16x1xf32>, %oi_new: tensor<16x16xf32>, %mi: tensor<16x1xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %li: tensor<16x1xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %oi: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %dst: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> (tensor<16x1xf32>, tensor<16x1xf32>, tensor<16x16xf32>, tensor<16x16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %mi1, %li1, %oi1, %dst1 = pto_orch.call @inplace__online_update(%mij, %lij, %oi_new, %mi, %li, %oi, %dst) : (tensor<16x1xf32>, tensor<16x1xf32>, tensor<16x16xf32>, tensor<16x1xf32>, tensor<16x1xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> (tensor<16x1xf32>, tensor<16x1xf32>, tensor<16x16xf32>, tensor<16x16xf32>)
  func.return %mi1, %li1, %oi1, %dst1 : tensor<16x1xf32>, tensor<16x1xf32>, tensor<16x16xf32>, tensor<16x16xf32>
}

// upstream test_tensor_dim: the extent of a static dimension (unused), then an add task. Here
// the extent is also passed on as a scalar so it is observable.
pto_orch.kernel @tdim__kernel_add_n aiv (in tensor<64x128xf32>, in tensor<64x128xf32>, in index, out tensor<64x128xf32>) -> tensor<64x128xf32>
func.func @tdim(%a: tensor<64x128xf32>, %b: tensor<64x128xf32>, %result: tensor<64x128xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<64x128xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %d0 = pto_tensor.dim %a, 0 : tensor<64x128xf32>
  %r = pto_orch.call @tdim__kernel_add_n(%a, %b, %d0, %result) : (tensor<64x128xf32>, tensor<64x128xf32>, index, tensor<64x128xf32>) -> tensor<64x128xf32>
  func.return %r : tensor<64x128xf32>
}

// upstream test_for_loop_with_slice: the trip count is read from a config tensor; each
// iteration adds bias to a 16-row slice of data into a fresh created tensor. Here each result
// is also accumulated into an out parameter so the work is observable.
pto_orch.kernel @for_view__kernel_add aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @for_view__kernel_acc aiv (in tensor<16x16xf32>, inout tensor<16x16xf32>) -> tensor<16x16xf32>
func.func @for_view(%data: tensor<64x16xf32>, %bias: tensor<16x16xf32>, %config: tensor<4xi64>, %sum: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %nb = pto_tensor.read %config[%c0] : tensor<4xi64> -> i64
  %n = arith.index_cast %nb : i64 to index
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %sum) -> (tensor<16x16xf32>) {
    %row = arith.muli %i, %c16 : index
    %chunk = pto_tensor.slice %data[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
    %res = pto_tensor.create : tensor<16x16xf32>
    %res1 = pto_orch.call @for_view__kernel_add(%chunk, %bias, %res) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %acc1 = pto_orch.call @for_view__kernel_acc(%res1, %acc) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %acc1 : tensor<16x16xf32>
  }
  func.return
}

// upstream test_for_loop_with_slice, literally: the loop's results are never used and the
// function returns its (unchanged) input.
pto_orch.kernel @for_view_dead__kernel_add aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
func.func @for_view_dead(%data: tensor<64x16xf32>, %bias: tensor<16x16xf32>, %config: tensor<4xi64>) -> tensor<64x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %nb = pto_tensor.read %config[%c0] : tensor<4xi64> -> i64
  %n = arith.index_cast %nb : i64 to index
  scf.for %i = %c0 to %n step %c1 {
    %row = arith.muli %i, %c16 : index
    %chunk = pto_tensor.slice %data[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
    %res = pto_tensor.create : tensor<16x16xf32>
    %res1 = pto_orch.call @for_view_dead__kernel_add(%chunk, %bias, %res) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  }
  func.return %data : tensor<64x16xf32>
}

// upstream test_tensor_reshape_external_input: reshape a 256-element parameter to 16x16; here a
// task copies the reshaped view into an out parameter.
pto_orch.kernel @reshape_ext__copy aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
func.func @reshape_ext(%data: tensor<256xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %r = pto_tensor.reshape %data : tensor<256xf32> to tensor<16x16xf32>
  %o1 = pto_orch.call @reshape_ext__copy(%r, %o) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

// upstream test_tensor_reshape_external_input, literally: the function returns the reshaped view
// of its input parameter; no task.
func.func @reshape_ret(%data: tensor<256xf32>) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %r = pto_tensor.reshape %data : tensor<256xf32> to tensor<16x16xf32>
  func.return %r : tensor<16x16xf32>
}

// upstream test_tensor_reshape_after_slice: slice [1,16,16] at 0 of a 4x16x16 parameter, reshape
// to 16x16, copied by a task into an out parameter.
pto_orch.kernel @slice_reshape__copy aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
func.func @slice_reshape(%data: tensor<4x16x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %chunk = pto_tensor.slice %data[%c2, %c0, %c0] : tensor<4x16x16xf32> to tensor<1x16x16xf32>
  %r = pto_tensor.reshape %chunk : tensor<1x16x16xf32> to tensor<16x16xf32>
  %o1 = pto_orch.call @slice_reshape__copy(%r, %o) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

// upstream test_tensor_transpose_external_input / _negative_axis / _after_slice: three transposed
// views copied by tasks into out parameters.
pto_orch.kernel @transposes__copy2 aiv (in tensor<32x16xf16>, out tensor<32x16xf16>) -> tensor<32x16xf16>
pto_orch.kernel @transposes__copy3 aiv (in tensor<4x16x8xf16>, out tensor<4x16x8xf16>) -> tensor<4x16x8xf16>
pto_orch.kernel @transposes__copy3s aiv (in tensor<1x32x16xf16>, out tensor<1x32x16xf16>) -> tensor<1x32x16xf16>
func.func @transposes(%d2: tensor<16x32xf16>, %d3: tensor<4x8x16xf16>, %d4: tensor<4x16x32xf16>, %o2: tensor<32x16xf16> {pto_orch.dir = #pto_orch.dir<out>}, %o3: tensor<4x16x8xf16> {pto_orch.dir = #pto_orch.dir<out>}, %o4: tensor<1x32x16xf16> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t2 = pto_tensor.transpose %d2, 0, 1 : tensor<16x32xf16> to tensor<32x16xf16>
  %r2 = pto_orch.call @transposes__copy2(%t2, %o2) : (tensor<32x16xf16>, tensor<32x16xf16>) -> tensor<32x16xf16>
  %t3 = pto_tensor.transpose %d3, -1, -2 : tensor<4x8x16xf16> to tensor<4x16x8xf16>
  %r3 = pto_orch.call @transposes__copy3(%t3, %o3) : (tensor<4x16x8xf16>, tensor<4x16x8xf16>) -> tensor<4x16x8xf16>
  %s4 = pto_tensor.slice %d4[%c1, %c0, %c0] : tensor<4x16x32xf16> to tensor<1x16x32xf16>
  %t4 = pto_tensor.transpose %s4, 1, 2 : tensor<1x16x32xf16> to tensor<1x32x16xf16>
  %r4 = pto_orch.call @transposes__copy3s(%t4, %o4) : (tensor<1x32x16xf16>, tensor<1x32x16xf16>) -> tensor<1x32x16xf16>
  func.return
}

// upstream test_if_statement: in a loop of 4, an scf.if picks the scalar is_first (1 on the
// first iteration, 0 after); each iteration's task gets it. Here the task writes row i of an
// out parameter (upstream writes a fresh created tensor) so each value is observable.
pto_orch.kernel @orch_if__kernel_process aiv (in tensor<16x16xf32>, in i64, in index, inout tensor<4x16xf32>) -> tensor<4x16xf32>
func.func @orch_if(%a: tensor<16x16xf32>, %o: tensor<4x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%oi = %o) -> (tensor<4x16xf32>) {
    %first = arith.cmpi eq, %i, %c0 : index
    %is_first = scf.if %first -> (i64) {
      %one = arith.constant 1 : i64
      scf.yield %one : i64
    } else {
      %zero = arith.constant 0 : i64
      scf.yield %zero : i64
    }
    %o1 = pto_orch.call @orch_if__kernel_process(%a, %is_first, %i, %oi) : (tensor<16x16xf32>, i64, index, tensor<4x16xf32>) -> tensor<4x16xf32>
    scf.yield %o1 : tensor<4x16xf32>
  }
  func.return
}

// upstream test_if_statement, literally: each iteration's task writes a fresh created tensor
// that nothing reads.
pto_orch.kernel @orch_if_dead__kernel_process aiv (in tensor<16x16xf32>, in i64, out tensor<16x16xf32>) -> tensor<16x16xf32>
func.func @orch_if_dead(%a: tensor<16x16xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %first = arith.cmpi eq, %i, %c0 : index
    %is_first = scf.if %first -> (i64) {
      %one = arith.constant 1 : i64
      scf.yield %one : i64
    } else {
      %zero = arith.constant 0 : i64
      scf.yield %zero : i64
    }
    %res = pto_tensor.create : tensor<16x16xf32>
    %r1 = pto_orch.call @orch_if_dead__kernel_process(%a, %is_first, %res) : (tensor<16x16xf32>, i64, tensor<16x16xf32>) -> tensor<16x16xf32>
  }
  func.return
}

// upstream test_multiple_tuple_calls: two kernels each updating two tensors in place (the
// written parameters declared inout).
pto_orch.kernel @multi_tuple__kernel_a aiv (inout tensor<16x16xf32>, inout tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>) returns [0, 1]
pto_orch.kernel @multi_tuple__kernel_b aiv (inout tensor<16x16xf32>, inout tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>) returns [0, 1]
func.func @multi_tuple(%x: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %y: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %a: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %b: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %x1, %y1 = pto_orch.call @multi_tuple__kernel_a(%x, %y) : (tensor<16x16xf32>, tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>)
  %a1, %b1 = pto_orch.call @multi_tuple__kernel_b(%a, %b) : (tensor<16x16xf32>, tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>)
  func.return %x1 : tensor<16x16xf32>
}

// upstream test_tuple_in_for_loop: kernel_init updates a_acc (an out parameter) and b_acc (a
// created tensor) in place, then 4 iterations of kernel_update(x, a_acc, b_acc) which sets
// a = x and b = the old a. Both tensors are carried by the loop.
pto_orch.kernel @tuple_loop__kernel_init aiv (inout tensor<16x16xf32>, inout tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>) returns [0, 1]
pto_orch.kernel @tuple_loop__kernel_update aiv (in tensor<16x16xf32>, inout tensor<16x16xf32>, inout tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>) returns [1, 2]
func.func @tuple_loop(%x: tensor<16x16xf32>, %a_acc: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %b_acc = pto_tensor.create : tensor<16x16xf32>
  %a0, %b0 = pto_orch.call @tuple_loop__kernel_init(%a_acc, %b_acc) : (tensor<16x16xf32>, tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>)
  %af, %bf = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %a0, %b = %b0) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
    %a1, %b1 = pto_orch.call @tuple_loop__kernel_update(%x, %a, %b) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>)
    scf.yield %a1, %b1 : tensor<16x16xf32>, tensor<16x16xf32>
  }
  func.return %af : tensor<16x16xf32>
}

// upstream test_loop_carried_internal_tensor_uses_hoisted_state_after_loop: a created tensor is
// filled twice in a loop, then consumed after the loop into an out parameter.
pto_orch.kernel @loop_state__fill aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @loop_state__consume aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
func.func @loop_state(%x: tensor<16x16xf32>, %out: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %acc = pto_tensor.create : tensor<16x16xf32>
  %accf = scf.for %i = %c0 to %c2 step %c1 iter_args(%ai = %acc) -> (tensor<16x16xf32>) {
    %a1 = pto_orch.call @loop_state__fill(%x, %ai) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %a1 : tensor<16x16xf32>
  }
  %o = pto_orch.call @loop_state__consume(%accf, %out) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return %o : tensor<16x16xf32>
}

// upstream test_tensor_assemble_uses_precomputed_view: each of 4 iterations fills a created 1x8
// row from row r of x, assembled into row r of out (the row must become a view of out).
pto_orch.kernel @assemble_view__fill_row aiv (in tensor<4x8xf32>, in index, out tensor<1x8xf32>) -> tensor<1x8xf32>
func.func @assemble_view(%x: tensor<4x8xf32>, %out: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<4x8xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %res = scf.for %r = %c0 to %c4 step %c1 iter_args(%o = %out) -> (tensor<4x8xf32>) {
    %row = pto_tensor.create : tensor<1x8xf32>
    %done = pto_orch.call @assemble_view__fill_row(%x, %r, %row) : (tensor<4x8xf32>, index, tensor<1x8xf32>) -> tensor<1x8xf32>
    %o1 = pto_tensor.assemble %done into %o[%r, %c0] : tensor<1x8xf32> into tensor<4x8xf32>
    scf.yield %o1 : tensor<4x8xf32>
  }
  func.return %res : tensor<4x8xf32>
}

// upstream test_param_with_numeric_suffix: parameters out_0 and out_1 stay distinct.
pto_orch.kernel @numeric__kernel aiv (in tensor<16x16xf32>, inout tensor<16x16xf32>, inout tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>) returns [1, 2]
func.func @numeric(%x: tensor<16x16xf32>, %out_0: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %out_1: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %r0, %r1 = pto_orch.call @numeric__kernel(%x, %out_0, %out_1) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>)
  func.return %r0 : tensor<16x16xf32>
}

// upstream test_repeated_auto_output_buffers_get_unique_names: two tasks whose outputs the runtime
// allocates (trailing out parameter left out); the second reads the first's; a third task
// copies the result into an out parameter (upstream returns it).
pto_orch.kernel @repeat__kernel_add aiv (in tensor<64xf32>, in tensor<64xf32>, out tensor<64xf32>) -> tensor<64xf32>
pto_orch.kernel @repeat__copy aiv (in tensor<64xf32>, out tensor<64xf32>) -> tensor<64xf32>
func.func @repeat(%x: tensor<64xf32>, %y: tensor<64xf32>, %o: tensor<64xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %first = pto_orch.call @repeat__kernel_add(%x, %y) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %second = pto_orch.call @repeat__kernel_add(%first, %y) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %o1 = pto_orch.call @repeat__copy(%second, %o) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  func.return
}

// upstream test_unused_alias_not_emitted: a kernel writes a (inout) from b; its result is returned.
pto_orch.kernel @unused__kernel_op aiv (inout tensor<16x16xf32>, in tensor<16x16xf32>) -> tensor<16x16xf32>
func.func @unused(%a: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %b: tensor<16x16xf32>) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %r = pto_orch.call @unused__kernel_op(%a, %b) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return %r : tensor<16x16xf32>
}

// upstream test_multi_scope_alloc_tensors_batching: t1 = x + y, t2 = t1 + x; 4 iterations of
// tmp = t2 + y (a fresh tensor per iteration), t2 = tmp + t1; out = t2 + t1.
pto_orch.kernel @multi_scope__kernel_op aiv (in tensor<16x16xf32>, in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
func.func @multi_scope(%x: tensor<16x16xf32>, %y: tensor<16x16xf32>, %out: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t1 = pto_tensor.create : tensor<16x16xf32>
  %t2 = pto_tensor.create : tensor<16x16xf32>
  %t1a = pto_orch.call @multi_scope__kernel_op(%x, %y, %t1) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %t2a = pto_orch.call @multi_scope__kernel_op(%t1a, %x, %t2) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %t2f = scf.for %i = %c0 to %c4 step %c1 iter_args(%t2i = %t2a) -> (tensor<16x16xf32>) {
    %tmp = pto_tensor.create : tensor<16x16xf32>
    %tmp1 = pto_orch.call @multi_scope__kernel_op(%t2i, %y, %tmp) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %t2n = pto_orch.call @multi_scope__kernel_op(%tmp1, %t1a, %t2i) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %t2n : tensor<16x16xf32>
  }
  %o = pto_orch.call @multi_scope__kernel_op(%t2f, %t1a, %out) : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return %o : tensor<16x16xf32>
}

// upstream test_alloc_tensors_splits_at_16: a chain of 19 copies through 18 created tensors
// (two allocation batches: 16 + 2).
pto_orch.kernel @many__kernel_copy aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
func.func @many(%src: tensor<8xf32>, %dst: tensor<8xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<8xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %t0 = pto_tensor.create : tensor<8xf32>
  %t1 = pto_tensor.create : tensor<8xf32>
  %t2 = pto_tensor.create : tensor<8xf32>
  %t3 = pto_tensor.create : tensor<8xf32>
  %t4 = pto_tensor.create : tensor<8xf32>
  %t5 = pto_tensor.create : tensor<8xf32>
  %t6 = pto_tensor.create : tensor<8xf32>
  %t7 = pto_tensor.create : tensor<8xf32>
  %t8 = pto_tensor.create : tensor<8xf32>
  %t9 = pto_tensor.create : tensor<8xf32>
  %t10 = pto_tensor.create : tensor<8xf32>
  %t11 = pto_tensor.create : tensor<8xf32>
  %t12 = pto_tensor.create : tensor<8xf32>
  %t13 = pto_tensor.create : tensor<8xf32>
  %t14 = pto_tensor.create : tensor<8xf32>
  %t15 = pto_tensor.create : tensor<8xf32>
  %t16 = pto_tensor.create : tensor<8xf32>
  %t17 = pto_tensor.create : tensor<8xf32>
  %w0 = pto_orch.call @many__kernel_copy(%src, %t0) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %w1 = pto_orch.call @many__kernel_copy(%w0, %t1) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %w2 = pto_orch.call @many__kernel_copy(%w1, %t2) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %w3 = pto_orch.call @many__kernel_copy(%w2, %t3) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %w4 = pto_orch.call @many__kernel_copy(%w3, %t4) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %w5 = pto_orch.call @many__kernel_copy(%w4, %t5) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %w6 = pto_orch.call @many__kernel_copy(%w5, %t6) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %w7 = pto_orch.call @many__kernel_copy(%w6, %t7) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %w8 = pto_orch.call @many__kernel_copy(%w7, %t8) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %w9 = pto_orch.call @many__kernel_copy(%w8, %t9) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %w10 = pto_orch.call @many__kernel_copy(%w9, %t10) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %w11 = pto_orch.call @many__kernel_copy(%w10, %t11) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %w12 = pto_orch.call @many__kernel_copy(%w11, %t12) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %w13 = pto_orch.call @many__kernel_copy(%w12, %t13) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %w14 = pto_orch.call @many__kernel_copy(%w13, %t14) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %w15 = pto_orch.call @many__kernel_copy(%w14, %t15) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %w16 = pto_orch.call @many__kernel_copy(%w15, %t16) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %w17 = pto_orch.call @many__kernel_copy(%w16, %t17) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %d = pto_orch.call @many__kernel_copy(%w17, %dst) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  func.return %d : tensor<8xf32>
}

// upstream test_scalar_taskarg: i64, i32 and f32 scalar parameters of the orchestration passed on
// to one task.
pto_orch.kernel @scalars__kernel aiv (in tensor<16x16xf32>, out tensor<16x16xf32>, in i64, in i32, in f32) -> tensor<16x16xf32>
func.func @scalars(%a: tensor<16x16xf32>, %out: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %factor: i64, %count: i32, %scale: f32) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %o = pto_orch.call @scalars__kernel(%a, %out, %factor, %count, %scale) : (tensor<16x16xf32>, tensor<16x16xf32>, i64, i32, f32) -> tensor<16x16xf32>
  func.return %o : tensor<16x16xf32>
}

// upstream TestTensorReadWriteOffsetCodegen: reads of 1-D, 2-D and 3-D parameters at constant
// indices, a read at indices read from a config tensor, and a write of a read value into another
// element (t2 declared inout; upstream writes an in parameter). The values read are passed to a
// task so they are observable.
pto_orch.kernel @rw__record aiv (in f32, in f32, in f32, in f32, out tensor<4xf32>) -> tensor<4xf32>
func.func @rw(%t1: tensor<8xf32>, %t2: tensor<4x8xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %t3: tensor<2x4x8xf32>, %config: tensor<2xi64>, %o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %v1 = pto_tensor.read %t1[%c3] : tensor<8xf32> -> f32
  %v3 = pto_tensor.read %t3[%c1, %c2, %c3] : tensor<2x4x8xf32> -> f32
  %row64 = pto_tensor.read %config[%c0] : tensor<2xi64> -> i64
  %col64 = pto_tensor.read %config[%c1] : tensor<2xi64> -> i64
  %row = arith.index_cast %row64 : i64 to index
  %col = arith.index_cast %col64 : i64 to index
  %vv = pto_tensor.read %t2[%row, %col] : tensor<4x8xf32> -> f32
  %v00 = pto_tensor.read %t2[%c0, %c0] : tensor<4x8xf32> -> f32
  %t2w = pto_tensor.write %v00, %t2[%c1, %c3] : f32, tensor<4x8xf32>
  %v13 = pto_tensor.read %t2w[%c1, %c3] : tensor<4x8xf32> -> f32
  %o1 = pto_orch.call @rw__record(%v1, %v3, %vv, %v13, %o) : (f32, f32, f32, f32, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// upstream test_windowed_writer_before_full_parent_reader_stays_unwindowed (N=4, M=16, W=8):
// produce tasks each write an 8-column window of score (declared on the whole tensor), then
// consume tasks each read the whole score and write one row of probe. Every consumer must wait
// for both producers.
pto_orch.kernel @windowed__produce aiv (in tensor<4x16xf32>, inout tensor<4x16xf32>, in index) -> tensor<4x16xf32>
pto_orch.kernel @windowed__consume aiv (in tensor<4x16xf32>, inout tensor<4x16xf32>, in index) -> tensor<4x16xf32>
func.func @windowed(%x: tensor<4x16xf32>, %score: tensor<4x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %probe: tensor<4x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<4x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %flat = pto_tensor.reshape %score : tensor<4x16xf32> to tensor<4x16xf32>
  %s = scf.for %c = %c0 to %c16 step %c8 iter_args(%si = %flat) -> (tensor<4x16xf32>) {
    %sn = pto_orch.call @windowed__produce(%x, %si, %c) : (tensor<4x16xf32>, tensor<4x16xf32>, index) -> tensor<4x16xf32>
    scf.yield %sn : tensor<4x16xf32>
  }
  %p = scf.for %r = %c0 to %c4 step %c1 iter_args(%pi = %probe) -> (tensor<4x16xf32>) {
    %pn = pto_orch.call @windowed__consume(%s, %pi, %r) : (tensor<4x16xf32>, tensor<4x16xf32>, index) -> tensor<4x16xf32>
    scf.yield %pn : tensor<4x16xf32>
  }
  func.return %p : tensor<4x16xf32>
}

// upstream test_alloc_tensor_two_loops_gets_inout: a created buffer written (out) by 4 tasks of a
// first loop and 4 of a second, then read. The writes must be ordered (last writer wins).
pto_orch.kernel @two_loops__task_init aiv (in tensor<16x16xf32>, in index, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @two_loops__task_compute aiv (in tensor<16x16xf32>, in index, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @two_loops__task_read aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
func.func @two_loops(%x: tensor<16x16xf32>, %out: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %buf = pto_tensor.create : tensor<16x16xf32>
  %b1 = scf.for %i = %c0 to %c4 step %c1 iter_args(%b = %buf) -> (tensor<16x16xf32>) {
    %bn = pto_orch.call @two_loops__task_init(%x, %i, %b) : (tensor<16x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %bn : tensor<16x16xf32>
  }
  %b2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%b = %b1) -> (tensor<16x16xf32>) {
    %bn = pto_orch.call @two_loops__task_compute(%x, %i, %b) : (tensor<16x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %bn : tensor<16x16xf32>
  }
  %o = pto_orch.call @two_loops__task_read(%b2, %out) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return %o : tensor<16x16xf32>
}

// upstream test_parallel_loop_local_buf_keeps_add_output / test_two_parallel_loops_promote_only_second:
// a first pl.parallel loop of 4 tasks each writing one row block of a created buffer (disjoint,
// declared on the whole buffer), a second pl.parallel loop of 4 doing the same, then a reader.
pto_orch.kernel @par_writers__task aiv (in tensor<16x16xf32>, in index, in f32, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @par_writers__task_read aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
func.func @par_writers(%a: tensor<16x16xf32>, %out: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) -> tensor<16x16xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %buf = pto_tensor.create : tensor<16x16xf32>
  %b1 = scf.for %i = %c0 to %c4 step %c1 iter_args(%b = %buf) -> (tensor<16x16xf32>) {
    %bn = pto_orch.call @par_writers__task(%a, %i, %one, %b) : (tensor<16x16xf32>, index, f32, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %bn : tensor<16x16xf32>
  } {pto_orch.parallel}
  %b2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%b = %b1) -> (tensor<16x16xf32>) {
    %bn = pto_orch.call @par_writers__task(%a, %i, %two, %b) : (tensor<16x16xf32>, index, f32, tensor<16x16xf32>) -> tensor<16x16xf32>
    scf.yield %bn : tensor<16x16xf32>
  } {pto_orch.parallel}
  %o = pto_orch.call @par_writers__task_read(%b2, %out) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return %o : tensor<16x16xf32>
}

// upstream test_clamped_tensor_create_alloc_follows_its_phi: the row count of a dynamic input is
// clamped to 128 by an scf.if; a scratch tensor of that many rows is created, a task writes a
// 16-row slice of it, and (here) a second task copies that slice into an out parameter.
pto_orch.kernel @clamped__kernel aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
func.func @clamped(%a: tensor<?x16xf32>, %o: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %cap = arith.constant 128 : index
  %m = pto_tensor.dim %a, 0 : tensor<?x16xf32>
  %big = arith.cmpi sgt, %m, %cap : index
  %mc = scf.if %big -> (index) {
    scf.yield %cap : index
  } else {
    scf.yield %m : index
  }
  %scratch = pto_tensor.create(%mc) : tensor<?x16xf32>
  %as = pto_tensor.slice %a[%c0, %c0] : tensor<?x16xf32> to tensor<16x16xf32>
  %ss = pto_tensor.slice %scratch[%c0, %c0] : tensor<?x16xf32> to tensor<16x16xf32>
  %s1 = pto_orch.call @clamped__kernel(%as, %ss) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %o1 = pto_orch.call @clamped__kernel(%s1, %o) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

// upstream test_create_tensor_with_local_shape_dep_not_hoisted: t1 is a static 16x8 create, t2 a
// create of n*16 rows where n is computed in the body (n = 4). Both are written by tasks and
// copied into out parameters here (upstream only creates them).
pto_orch.kernel @local_shape__fill1 aiv (in tensor<16x8xf32>, out tensor<16x8xf32>) -> tensor<16x8xf32>
pto_orch.kernel @local_shape__fill2 aiv (in tensor<16x8xf32>, out tensor<?x8xf32>) -> tensor<?x8xf32>
pto_orch.kernel @local_shape__copy2 aiv (in tensor<?x8xf32>, out tensor<64x8xf32>) -> tensor<64x8xf32>
func.func @local_shape(%x: tensor<16x8xf32>, %n: index, %o: tensor<64x8xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c16 = arith.constant 16 : index
  %t1 = pto_tensor.create : tensor<16x8xf32>
  %t1a = pto_orch.call @local_shape__fill1(%x, %t1) : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
  %rows = arith.muli %n, %c16 : index
  %t2 = pto_tensor.create(%rows) : tensor<?x8xf32>
  %t2a = pto_orch.call @local_shape__fill2(%t1a, %t2) : (tensor<16x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  %o1 = pto_orch.call @local_shape__copy2(%t2a, %o) : (tensor<?x8xf32>, tensor<64x8xf32>) -> tensor<64x8xf32>
  func.return
}

// upstream test_same_name_tuple_vars_do_not_cross_wire_return_aliases: two parameters each reshaped
// to 256x1 and back to 16x16; here each is then copied by a task into an out parameter.
pto_orch.kernel @reshapes__copy aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
func.func @reshapes(%o0: tensor<16x16xf32>, %o1: tensor<16x16xf32>, %r0: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %r1: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %rsh0 = pto_tensor.reshape %o0 : tensor<16x16xf32> to tensor<256x1xf32>
  %rsh1 = pto_tensor.reshape %o1 : tensor<16x16xf32> to tensor<256x1xf32>
  %fa = pto_tensor.reshape %rsh0 : tensor<256x1xf32> to tensor<16x16xf32>
  %fb = pto_tensor.reshape %rsh1 : tensor<256x1xf32> to tensor<16x16xf32>
  %x0 = pto_orch.call @reshapes__copy(%fa, %r0) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %x1 = pto_orch.call @reshapes__copy(%fb, %r1) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}
