// Phase fences hoisted out of loop nests (expand-manual-phase-fence, docs/passes/
// expand-manual-phase-fence.md; tests/test_execution_fence_hoisting.py runs each function with
// the pass and without it). In each, producers write the 16-row stripes of %y (@stripe: rows
// [row, row + 16) of %x plus row) and every consumer of a loop nest sums the stripes
// (@reduce) into its own 16 rows of %s, waiting for all the producers through one TaskId array:
//  - @stable_nest: the array is made before a 4 x 2 nest: one barrier before the outer loop;
//  - @per_phase: the array is made in each of 2 phases, consumed by a 2 x 2 nest: one barrier
//    per phase, before the middle loop;
//  - @profitable_as_a_nest: an array of 2 read by a 3 x 2 nest (2 x 2 <= 2 + 2 per inner loop,
//    2 x 6 > 2 + 6 for the nest): one barrier before the outer loop;
//  - @shared: two inner loops of one outer loop read the same array: one barrier for both;
//  - @inside_a_parallel_loop: consumers in a loop inside a pto_orch.parallel loop, waiting for
//    its TaskId carry (the producers' array in every iteration): one barrier before it.
pto_orch.kernel @stripe aiv (in tensor<64x16xf32>, in index, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @reduce aiv (in tensor<64x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @stripe32 aiv (in tensor<32x16xf32>, in index, out tensor<16x16xf32>) -> tensor<16x16xf32>
pto_orch.kernel @reduce2 aiv (in tensor<32x16xf32>, out tensor<16x16xf32>) -> tensor<16x16xf32>

func.func @stable_nest(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %s: tensor<128x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %yf, %tids = scf.for %b = %c0 to %c4 step %c1 iter_args(%yi = %y, %prev = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %row = arith.muli %b, %c16 : index
      %dst = pto_tensor.slice %yi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
      %dst1, %t = pto_orch.submit @stripe(%x, %row, %dst) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
      %y2 = pto_tensor.assemble %dst1 into %yi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
      scf.yield %y2, %t : tensor<64x16xf32>, !pto_orch.task_id
    } {pto_orch.parallel}
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c2 step %c1 {
        %k = arith.muli %i, %c2 : index
        %kj = arith.addi %k, %j : index
        %row = arith.muli %kj, %c16 : index
        %dst = pto_tensor.slice %s[%row, %c0] : tensor<128x16xf32> to tensor<16x16xf32>
        %r, %tr = pto_orch.submit @reduce(%yf, %dst) deps(%tids : !pto_orch.task_id) : (tensor<64x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
      }
    }
  }
  func.return
}

func.func @per_phase(%x: tensor<64x16xf32>, %y: tensor<128x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %s: tensor<128x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    scf.for %p = %c0 to %c2 step %c1 {
      %base = arith.muli %p, %c64 : index
      %yp = pto_tensor.slice %y[%base, %c0] : tensor<128x16xf32> to tensor<64x16xf32>
      %yf, %tids = scf.for %b = %c0 to %c4 step %c1 iter_args(%yi = %yp, %prev = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
        %row = arith.muli %b, %c16 : index
        %dst = pto_tensor.slice %yi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
        %dst1, %t = pto_orch.submit @stripe(%x, %row, %dst) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
        %y2 = pto_tensor.assemble %dst1 into %yi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
        scf.yield %y2, %t : tensor<64x16xf32>, !pto_orch.task_id
      } {pto_orch.parallel}
      scf.for %i = %c0 to %c2 step %c1 {
        scf.for %j = %c0 to %c2 step %c1 {
          %k = arith.muli %p, %c4 : index
          %i2 = arith.muli %i, %c2 : index
          %ki = arith.addi %k, %i2 : index
          %kj = arith.addi %ki, %j : index
          %row = arith.muli %kj, %c16 : index
          %dst = pto_tensor.slice %s[%row, %c0] : tensor<128x16xf32> to tensor<16x16xf32>
          %r, %tr = pto_orch.submit @reduce(%yf, %dst) deps(%tids : !pto_orch.task_id) : (tensor<64x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
        }
      }
    }
  }
  func.return
}

func.func @profitable_as_a_nest(%x: tensor<32x16xf32>, %y: tensor<32x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %s: tensor<96x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  pto_rt.scope manual {
    %pair = pto_orch.task_array_create : !pto_orch.task_id_array<2>
    %d0 = pto_tensor.slice %y[%c0, %c0] : tensor<32x16xf32> to tensor<16x16xf32>
    %d01, %t0 = pto_orch.submit @stripe32(%x, %c0, %d0) : (tensor<32x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
    %y1 = pto_tensor.assemble %d01 into %y[%c0, %c0] : tensor<16x16xf32> into tensor<32x16xf32>
    %pair1 = pto_orch.task_array_set %t0, %pair[%c0] : !pto_orch.task_id_array<2>
    %d1 = pto_tensor.slice %y1[%c16, %c0] : tensor<32x16xf32> to tensor<16x16xf32>
    %d11, %t1 = pto_orch.submit @stripe32(%x, %c16, %d1) : (tensor<32x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
    %y2 = pto_tensor.assemble %d11 into %y1[%c16, %c0] : tensor<16x16xf32> into tensor<32x16xf32>
    %pair2 = pto_orch.task_array_set %t1, %pair1[%c1] : !pto_orch.task_id_array<2>
    scf.for %i = %c0 to %c3 step %c1 {
      scf.for %j = %c0 to %c2 step %c1 {
        %k = arith.muli %i, %c2 : index
        %kj = arith.addi %k, %j : index
        %row = arith.muli %kj, %c16 : index
        %dst = pto_tensor.slice %s[%row, %c0] : tensor<96x16xf32> to tensor<16x16xf32>
        %r, %tr = pto_orch.submit @reduce2(%y2, %dst) deps(%pair2 : !pto_orch.task_id_array<2>) : (tensor<32x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
      }
    }
  }
  func.return
}

func.func @shared(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %s: tensor<128x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %yf, %tids = scf.for %b = %c0 to %c4 step %c1 iter_args(%yi = %y, %prev = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %row = arith.muli %b, %c16 : index
      %dst = pto_tensor.slice %yi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
      %dst1, %t = pto_orch.submit @stripe(%x, %row, %dst) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
      %y2 = pto_tensor.assemble %dst1 into %yi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
      scf.yield %y2, %t : tensor<64x16xf32>, !pto_orch.task_id
    } {pto_orch.parallel}
    scf.for %i = %c0 to %c2 step %c1 {
      %k = arith.muli %i, %c4 : index
      scf.for %j = %c0 to %c2 step %c1 {
        %kj = arith.addi %k, %j : index
        %row = arith.muli %kj, %c16 : index
        %dst = pto_tensor.slice %s[%row, %c0] : tensor<128x16xf32> to tensor<16x16xf32>
        %r, %tr = pto_orch.submit @reduce(%yf, %dst) deps(%tids : !pto_orch.task_id) : (tensor<64x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
      }
      scf.for %j = %c2 to %c4 step %c1 {
        %kj = arith.addi %k, %j : index
        %row = arith.muli %kj, %c16 : index
        %dst = pto_tensor.slice %s[%row, %c0] : tensor<128x16xf32> to tensor<16x16xf32>
        %r, %tr = pto_orch.submit @reduce(%yf, %dst) deps(%tids : !pto_orch.task_id) : (tensor<64x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
      }
    }
  }
  func.return
}

func.func @inside_a_parallel_loop(%x: tensor<64x16xf32>, %y: tensor<64x16xf32> {pto_orch.dir = #pto_orch.dir<out>}, %s: tensor<128x16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  pto_rt.scope manual {
    %none = pto_system.task_invalid
    %yf, %tids = scf.for %b = %c0 to %c4 step %c1 iter_args(%yi = %y, %prev = %none) -> (tensor<64x16xf32>, !pto_orch.task_id) {
      %row = arith.muli %b, %c16 : index
      %dst = pto_tensor.slice %yi[%row, %c0] : tensor<64x16xf32> to tensor<16x16xf32>
      %dst1, %t = pto_orch.submit @stripe(%x, %row, %dst) : (tensor<64x16xf32>, index, tensor<16x16xf32>) -> tensor<16x16xf32>
      %y2 = pto_tensor.assemble %dst1 into %yi[%row, %c0] : tensor<16x16xf32> into tensor<64x16xf32>
      scf.yield %y2, %t : tensor<64x16xf32>, !pto_orch.task_id
    } {pto_orch.parallel}
    %tq = scf.for %q = %c0 to %c4 step %c1 iter_args(%pq = %tids) -> (!pto_orch.task_id) {
      %ti = scf.for %j = %c0 to %c2 step %c1 iter_args(%pj = %none) -> (!pto_orch.task_id) {
        %k = arith.muli %q, %c2 : index
        %kj = arith.addi %k, %j : index
        %row = arith.muli %kj, %c16 : index
        %dst = pto_tensor.slice %s[%row, %c0] : tensor<128x16xf32> to tensor<16x16xf32>
        %r, %tr = pto_orch.submit @reduce(%yf, %dst) deps(%pq : !pto_orch.task_id) : (tensor<64x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
        scf.yield %tr : !pto_orch.task_id
      }
      scf.yield %ti : !pto_orch.task_id
    } {pto_orch.parallel}
  }
  func.return
}
