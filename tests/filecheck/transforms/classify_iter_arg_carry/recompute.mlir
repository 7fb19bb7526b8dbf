// A plan already on a loop is not trusted: the pass recomputes it from the IR (and an outer
// loop reads the inner loop's recomputed plan, not the stale attribute), so a stale or
// hand-written plan is corrected and running the pass twice changes nothing (an array plan
// on a carry that is not a `!pto_orch.task_id` fails to verify: tests/.../pto_orch/invalid).
// RUN: pypto-opt --classify-iter-arg-carry %s | pypto-opt | filecheck %s
// RUN: pypto-opt --classify-iter-arg-carry %s > %t.once.mlir
// RUN: pypto-opt --classify-iter-arg-carry %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir

pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// CHECK-LABEL: func.func @stale(
// CHECK:             } {pto_orch.iter_arg_rebind = array<i1: false, true>, pto_orch.iter_arg_array_size = array<i64: 0, 0>}
// CHECK:           } {pto_orch.iter_arg_rebind = array<i1: false, true>, pto_orch.iter_arg_array_size = array<i64: 0, 0>}
func.func @stale(%a: tensor<16xf32>, %x: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %none = pto_system.task_invalid
  %r, %rt = scf.for %i = %c0 to %c4 step %c1 iter_args(%ox = %x, %ot = %none) -> (tensor<16xf32>, !pto_orch.task_id) {
    %s, %st = scf.for %j = %c0 to %c4 step %c1 iter_args(%ix = %ox, %it = %ot) -> (tensor<16xf32>, !pto_orch.task_id) {
      %n, %t = pto_orch.submit @k(in %a, out %ix) deps(%it : !pto_orch.task_id) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %n, %t : tensor<16xf32>, !pto_orch.task_id
    } {pto_orch.iter_arg_rebind = array<i1: true, false>, pto_orch.iter_arg_array_size = array<i64: 0, 7>}
    scf.yield %s, %st : tensor<16xf32>, !pto_orch.task_id
  } {pto_orch.iter_arg_rebind = array<i1: true, true>, pto_orch.iter_arg_array_size = array<i64: 0, 3>}
  func.return
}
