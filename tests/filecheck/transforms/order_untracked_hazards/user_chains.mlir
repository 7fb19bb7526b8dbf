// A loop whose task lists the previous iteration's TaskId in its deps (the loop carries the
// task's own TaskId) is a chain: the last iteration's TaskId implies every earlier one, so a
// later task the runtime does not order after them all waits for that one alone
// (tests/execution/user_dep_chains.mlir runs such programs in the interpreter). A chain the
// pass cannot prove complete is still refused, naming both tasks.
// RUN: pypto-opt -p 'derive-call-directions,order-untracked-hazards' --split-input-file --print-diagnostics %s 2>&1 | filecheck %s

pto_orch.kernel @stripe aiv (in tensor<64x16xf32>, in index, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @bump aiv (inout tensor<64x16xf32>) -> tensor<64x16xf32>

// CHECK-LABEL: func.func @manual_loop
// CHECK:         %yf, %t = pto_rt.scope manual -> (tensor<64x16xf32>, !pto_orch.task_id) {
// CHECK:           %yr, %last, %t_1 = scf.for %i = %c0 to %n step %c1 iter_args(%yi = %y, %prev = %none, %0 = %none_1) -> (tensor<64x16xf32>, !pto_orch.task_id, !pto_orch.task_id) {
// CHECK:             %dst1, %t_2 = pto_orch.submit @stripe(in %x, scalar %row, inout %dst) deps(%prev : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
// CHECK:             scf.yield %y2, %t_2, %t_2 : tensor<64x16xf32>, !pto_orch.task_id, !pto_orch.task_id
// CHECK:           pto_rt.yield %yr, %t_1 : tensor<64x16xf32>, !pto_orch.task_id
// CHECK:         %y3 = pto_orch.call @bump(inout %yf) compiler_deps(%t : !pto_orch.task_id) : (tensor<64x16xf32>) -> tensor<64x16xf32>
func.func @manual_loop(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %yf = pto_rt.scope manual -> (tensor<64x16xf32>) {
    %none = pto_system.task_invalid
    %yr, %last = scf.for %i = %c0 to %n step %c1 iter_args(%yi = %y, %prev = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %row = arith.muli %i, %c16 : index
      %dst = pto_tensor.slice %yi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
      %dst1, %t = pto_orch.submit @stripe(%x, %row, %dst) deps(%prev : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
      %y2 = pto_tensor.assemble %dst1 into %yi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
      scf.yield %y2, %t : tensor<64x16xf32>, !pto_orch.task_id
    }
    pto_rt.yield %yr : tensor<64x16xf32>
  }
  %y3 = pto_orch.call @bump(%yf) : (tensor<64x16xf32>) -> tensor<64x16xf32>
  func.return
}

// -----

pto_orch.kernel @stripe aiv (in tensor<64x16xf32>, in index, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @bump aiv (inout tensor<64x16xf32>) -> tensor<64x16xf32>

// Each task waits for the one two iterations back: two chains (even and odd iterations).
func.func @every_other(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %yf = pto_rt.scope manual -> (tensor<64x16xf32>) {
    %none = pto_system.task_invalid
    %yr, %l1, %l2 = scf.for %i = %c0 to %n step %c1 iter_args(%yi = %y, %prev = %none, %prev2 = %none) -> (tensor<64x16xf32>, !pto_orch.task_id, !pto_orch.task_id) {
      %row = arith.muli %i, %c16 : index
      %dst = pto_tensor.slice %yi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
      %dst1, %t = pto_orch.submit @stripe(%x, %row, %dst) deps(%prev2 : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
      %y2 = pto_tensor.assemble %dst1 into %yi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
      scf.yield %y2, %t, %prev : tensor<64x16xf32>, !pto_orch.task_id, !pto_orch.task_id
    }
    pto_rt.yield %yr : tensor<64x16xf32>
  }
  // CHECK: user_chains.mlir:[[# @LINE + 1]]:3: error: 'pto_orch.call' op must run after 'pto_orch.submit' @stripe at {{.*}}user_chains.mlir:[[# @LINE - 6]]:7 (they use one buffer and the runtime does not order them), and that task runs in every iteration of a loop while only the last iteration's TaskId can be carried: its access is a write of part of the buffer, so earlier iterations stay unordered. Order the iterations with explicit deps (a TaskId array, or a chain: each iteration's task waiting for the TaskId the loop carries from the previous one's), or move one of the tasks
  %y3 = pto_orch.call @bump(%yf) : (tensor<64x16xf32>) -> tensor<64x16xf32>
  func.return
}

// -----

pto_orch.kernel @stripe aiv (in tensor<64x16xf32>, in index, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @bump aiv (inout tensor<64x16xf32>) -> tensor<64x16xf32>

// The chain restarts in every iteration where the branch yields the invalid TaskId.
func.func @reset_by_if(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index, %c: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %yf = pto_rt.scope manual -> (tensor<64x16xf32>) {
    %none = pto_system.task_invalid
    %yr, %last = scf.for %i = %c0 to %n step %c1 iter_args(%yi = %y, %prev = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %row = arith.muli %i, %c16 : index
      %dst = pto_tensor.slice %yi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
      %dst1, %t = pto_orch.submit @stripe(%x, %row, %dst) deps(%prev : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
      %y2 = pto_tensor.assemble %dst1 into %yi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
      %next = scf.if %c -> (!pto_orch.task_id) {
        scf.yield %t : !pto_orch.task_id
      } else {
        %reset = pto_system.task_invalid
        scf.yield %reset : !pto_orch.task_id
      }
      scf.yield %y2, %next : tensor<64x16xf32>, !pto_orch.task_id
    }
    pto_rt.yield %yr : tensor<64x16xf32>
  }
  // CHECK: user_chains.mlir:[[# @LINE + 1]]:3: error: 'pto_orch.call' op must run after 'pto_orch.submit' @stripe at {{.*}}user_chains.mlir:[[# @LINE - 12]]:7 (they use one buffer
  %y3 = pto_orch.call @bump(%yf) : (tensor<64x16xf32>) -> tensor<64x16xf32>
  func.return
}

// -----

pto_orch.kernel @copy aiv (in tensor<16x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @bump16 aiv (inout tensor<16x16xf32>) -> tensor<16x16xf32>

// AUTO loops reading %a: the inner chain restarts in every outer iteration, and the writer
// is after the outer loop (tests/execution/user_dep_chains.mlir @restarted_inner has it inside).
func.func @restarted_inner(%a: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %or = scf.for %k = %c0 to %c2 step %c1 iter_args(%oj = %o) -> (tensor<64x16xf32>) {
    %none = pto_system.task_invalid
    %base = arith.muli %k, %c32 : index
    %oi2, %last = scf.for %i = %c0 to %c2 step %c1 iter_args(%oi = %oj, %prev = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %off = arith.muli %i, %c16 : index
      %row = arith.addi %base, %off : index
      %dst = pto_tensor.slice %oi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
      %dst1, %t = pto_orch.submit @copy(%a, %dst) deps(%prev : !pto_orch.task_id) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
      %o2 = pto_tensor.assemble %dst1 into %oi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
      scf.yield %o2, %t : tensor<64x16xf32>, !pto_orch.task_id
    }
    scf.yield %oi2 : tensor<64x16xf32>
  }
  // CHECK: user_chains.mlir:[[# @LINE + 1]]:3: error: 'pto_orch.call' op must run after 'pto_orch.submit' @copy at {{.*}}user_chains.mlir:[[# @LINE - 6]]:7 (they use one buffer and the runtime does not order them), and that task runs in every iteration of a loop while only the last iteration's TaskId can be carried: its access is a read, so
  %a1 = pto_orch.call @bump16(%a) : (tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}

// -----

pto_orch.kernel @stripe aiv (in tensor<64x16xf32>, in index, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @mark aiv (in tensor<64x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @bump aiv (inout tensor<64x16xf32>) -> tensor<64x16xf32>

// The carried TaskId is another task's: @stripe waits for the previous @mark, not for the
// previous @stripe.
func.func @other_task(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %s: tensor<16x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %yf = pto_rt.scope manual -> (tensor<64x16xf32>) {
    %none = pto_system.task_invalid
    %yr, %last = scf.for %i = %c0 to %n step %c1 iter_args(%yi = %y, %prev = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %row = arith.muli %i, %c16 : index
      %dst = pto_tensor.slice %yi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
      %dst1, %t = pto_orch.submit @stripe(%x, %row, %dst) deps(%prev : !pto_orch.task_id) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
      %y2 = pto_tensor.assemble %dst1 into %yi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
      %s1, %tm = pto_orch.submit @mark(%x, %s) : (tensor<64x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
      scf.yield %y2, %tm : tensor<64x16xf32>, !pto_orch.task_id
    }
    pto_rt.yield %yr : tensor<64x16xf32>
  }
  // CHECK: user_chains.mlir:[[# @LINE + 1]]:3: error: 'pto_orch.call' op must run after 'pto_orch.submit' @stripe at {{.*}}user_chains.mlir:[[# @LINE - 7]]:7 (they use one buffer
  %y3 = pto_orch.call @bump(%yf) : (tensor<64x16xf32>) -> tensor<64x16xf32>
  func.return
}

// -----

// Two tasks of one iteration write the same half (`out`: the runtime orders neither write
// after the other), and each lists the other's TaskId carried from the previous iteration.
// That dep names an earlier iteration's instance, never the one of this iteration: the
// second task still gets an edge on the first (the edge plan took the carried TaskId for it
// and left the edge out; in a one-trip loop nothing refused the program, and the two writes
// raced). Found by `python -m bench.differential --user-deps` (seeds 39, 63).
// CHECK-LABEL: func.func @partner_previous_dep
// CHECK:       %wa, %ta = pto_orch.submit @inc8(in %x, out %hi) deps(%pb : !pto_orch.task_id)
// CHECK-NEXT:  %wb, %tb = pto_orch.submit @inc8(in %x, out %hi) deps(%pa : !pto_orch.task_id) compiler_deps(%ta : !pto_orch.task_id)
pto_orch.kernel @inc8 aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>
func.func @partner_previous_dep(%o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %x: tensor<8xf32>) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %hi = pto_tensor.slice %o[%c8] : tensor<16xf32> to tensor<8xf32>
  %none = pto_system.task_invalid
  %la, %lb = scf.for %i = %c0 to %c1 step %c1 iter_args(%pa = %none, %pb = %none) -> (!pto_orch.task_id, !pto_orch.task_id) {
    %wa, %ta = pto_orch.submit @inc8(in %x, out %hi) deps(%pb : !pto_orch.task_id) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %wb, %tb = pto_orch.submit @inc8(in %x, out %hi) deps(%pa : !pto_orch.task_id) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    scf.yield %ta, %tb : !pto_orch.task_id, !pto_orch.task_id
  }
  func.return
}
