// SSA names ending in `_<digits>` keep their suffix in the C++ and in kernel_config.json
// (xDSL's name hints drop it: `%out_0` and `%out_1` would both print as `out`). Names are
// made distinct only on a clash: `%t_2` and `%t` stay as written; the create `%ext_x` meets
// the parameter's ext_x and becomes ext_x_1, so the user's own `%ext_x_1` becomes ext_x_1_1.
// RUN: rm -rf %t && pypto-opt -p pto2-pipeline -t pto2-cpp %s -o %t/
// RUN: filecheck --input-file=%t/orchestration/names.cpp %s
// RUN: filecheck --input-file=%t/kernel_config.json %s --check-prefix=JSON

pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>, out tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) returns [1, 2]

// CHECK:      Tensor ext_a_1 = from_tensor_arg(orch_args.tensor(0));
// CHECK-NEXT: Tensor ext_out_0 = from_tensor_arg(orch_args.tensor(1));
// CHECK-NEXT: Tensor ext_out_1 = from_tensor_arg(orch_args.tensor(2));
// CHECK-NEXT: Tensor ext_x = from_tensor_arg(orch_args.tensor(3));
// CHECK:      const Tensor& t_2 = alloc_0.get_ref(0);
// CHECK-NEXT: const Tensor& t = alloc_0.get_ref(1);
// CHECK-NEXT: const Tensor& ext_x_1 = alloc_0.get_ref(2);
// CHECK-NEXT: const Tensor& ext_x_1_1 = alloc_0.get_ref(3);
// CHECK:      params_t0.add_input(ext_a_1);
// CHECK-NEXT: params_t0.add_output(t_2);
// CHECK-NEXT: params_t0.add_output(t);
// CHECK:      params_t1.add_input(t_2);
// CHECK-NEXT: params_t1.add_output(ext_out_0);
// CHECK-NEXT: params_t1.add_output(ext_out_1);
// CHECK:      params_t2.add_input(ext_x);
// CHECK-NEXT: params_t2.add_output(ext_x_1);
// CHECK-NEXT: params_t2.add_output(ext_x_1_1);

// JSON:      "name": "a_1",
// JSON:      "name": "out_0",
// JSON:      "name": "out_1",
// JSON:      "name": "x",
func.func @names(%a_1: tensor<4xf32>, %out_0: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}, %out_1: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}, %x: tensor<4xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %t_2 = pto_tensor.create : tensor<4xf32>
  %t = pto_tensor.create : tensor<4xf32>
  %ext_x = pto_tensor.create : tensor<4xf32>
  %ext_x_1 = pto_tensor.create : tensor<4xf32>
  %r:2 = pto_orch.call @k(%a_1, %t_2, %t) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  %s:2 = pto_orch.call @k(%r#0, %out_0, %out_1) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  %u:2 = pto_orch.call @k(%x, %ext_x, %ext_x_1) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  func.return
}
