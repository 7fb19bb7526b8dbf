// A loop carry updated in place through an scf.if, each branch a different kernel writing the
// carry (issue 25, item 6): classify-iter-arg-carry plans the carry without rebind (both
// branches yield the carry's own buffer), and the printer prints the if result as that buffer
// (before: "the plan is stale" at the loop). Nested loops with tensor, i64 and f32 carries;
// the if in the loop body, in a user manual scope of the body, and in a function whose scopes
// the user placed.
pto_orch.kernel @k_add aiv (in tensor<16x16xf32>, in f32, inout tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @k_sub aiv (in tensor<16x16xf32>, in f32, inout tensor<16x16xf32>) -> tensor<16x16xf32>

// acc += a * w on even steps, acc -= a * w on odd ones; w halves every step; `count` steps.
func.func @nested(%a: tensor<16x16xf32>, %acc: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %steps: tensor<1xi64> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %w0 = arith.constant 1.0 : f32
  %half = arith.constant 0.5 : f32
  %ro, %co, %wo = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc_o = %acc, %cnt_o = %zero, %w_o = %w0) -> (tensor<16x16xf32>, i64, f32) {
    %ri, %ci, %wi = scf.for %j = %c0 to %n step %c1 iter_args(%acc_i = %acc_o, %cnt = %cnt_o, %w = %w_o) -> (tensor<16x16xf32>, i64, f32) {
      %bit = arith.andi %cnt, %one : i64
      %even = arith.cmpi eq, %bit, %zero : i64
      %acc2 = scf.if %even -> (tensor<16x16xf32>) {
        %x = pto_orch.call @k_add(%a, %w, %acc_i) : (tensor<16x16xf32>, f32, tensor<16x16xf32>) -> tensor<16x16xf32>
        scf.yield %x : tensor<16x16xf32>
      } else {
        %y = pto_orch.call @k_sub(%a, %w, %acc_i) : (tensor<16x16xf32>, f32, tensor<16x16xf32>) -> tensor<16x16xf32>
        scf.yield %y : tensor<16x16xf32>
      }
      %cnt2 = arith.addi %cnt, %one : i64
      %w2 = arith.mulf %w, %half : f32
      scf.yield %acc2, %cnt2, %w2 : tensor<16x16xf32>, i64, f32
    }
    scf.yield %ri, %ci, %wi : tensor<16x16xf32>, i64, f32
  }
  %steps1 = pto_tensor.write %co, %steps[%c0] : i64, tensor<1xi64>
  func.return
}

// The if inside a user manual scope of the loop body (the scope yields the if result, whose
// variable is declared before the manual header).
func.func @manual_body(%a: tensor<16x16xf32>, %acc: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %steps: tensor<1xi64> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %w0 = arith.constant 1.0 : f32
  %half = arith.constant 0.5 : f32
  %ri, %ci, %wi = scf.for %j = %c0 to %n step %c1 iter_args(%acc_i = %acc, %cnt = %zero, %w = %w0) -> (tensor<16x16xf32>, i64, f32) {
    %bit = arith.andi %cnt, %one : i64
    %even = arith.cmpi eq, %bit, %zero : i64
    %acc2 = pto_rt.scope manual -> (tensor<16x16xf32>) {
      %r = scf.if %even -> (tensor<16x16xf32>) {
        %x = pto_orch.call @k_add(%a, %w, %acc_i) : (tensor<16x16xf32>, f32, tensor<16x16xf32>) -> tensor<16x16xf32>
        scf.yield %x : tensor<16x16xf32>
      } else {
        %y = pto_orch.call @k_sub(%a, %w, %acc_i) : (tensor<16x16xf32>, f32, tensor<16x16xf32>) -> tensor<16x16xf32>
        scf.yield %y : tensor<16x16xf32>
      }
      pto_rt.yield %r : tensor<16x16xf32>
    }
    %cnt2 = arith.addi %cnt, %one : i64
    %w2 = arith.mulf %w, %half : f32
    scf.yield %acc2, %cnt2, %w2 : tensor<16x16xf32>, i64, f32
  }
  %steps1 = pto_tensor.write %ci, %steps[%c0] : i64, tensor<1xi64>
  func.return
}

// Scopes placed by the user (pto_rt.auto_scope = false): one auto scope around everything.
func.func @opted_out(%a: tensor<16x16xf32>, %acc: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %steps: tensor<1xi64> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %w0 = arith.constant 1.0 : f32
  %half = arith.constant 0.5 : f32
  pto_rt.scope auto {
    %ro, %co1, %wo = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc_o = %acc, %cnt_o = %zero, %w_o = %w0) -> (tensor<16x16xf32>, i64, f32) {
      %ri, %ci, %wi = scf.for %j = %c0 to %n step %c1 iter_args(%acc_i = %acc_o, %cnt = %cnt_o, %w = %w_o) -> (tensor<16x16xf32>, i64, f32) {
        %bit = arith.andi %cnt, %one : i64
        %even = arith.cmpi eq, %bit, %zero : i64
        %acc2 = scf.if %even -> (tensor<16x16xf32>) {
          %x = pto_orch.call @k_add(%a, %w, %acc_i) : (tensor<16x16xf32>, f32, tensor<16x16xf32>) -> tensor<16x16xf32>
          scf.yield %x : tensor<16x16xf32>
        } else {
          %y = pto_orch.call @k_sub(%a, %w, %acc_i) : (tensor<16x16xf32>, f32, tensor<16x16xf32>) -> tensor<16x16xf32>
          scf.yield %y : tensor<16x16xf32>
        }
        %cnt2 = arith.addi %cnt, %one : i64
        %w2 = arith.mulf %w, %half : f32
        scf.yield %acc2, %cnt2, %w2 : tensor<16x16xf32>, i64, f32
      }
      scf.yield %ri, %ci, %wi : tensor<16x16xf32>, i64, f32
    }
    %steps1 = pto_tensor.write %co1, %steps[%c0] : i64, tensor<1xi64>
    pto_rt.yield
  }
  func.return
}
