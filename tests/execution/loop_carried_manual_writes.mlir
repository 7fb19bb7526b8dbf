// A loop body creates a buffer that a MANUAL-scope task writes, and yields it into the loop's
// carry: the next iteration's task (or host read) uses that buffer, an earlier iteration's,
// which the runtime does not order after the manual write (tests/test_loop_carried_manual_writes.py).
// Found by a breaker session: order-untracked-hazards took every buffer the body creates for a
// new one in each iteration and gave the reader no edge (a RAW race).
pto_orch.kernel @fill aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
pto_orch.kernel @rd aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>

// iteration i+1's @rd reads %c, which the manual @fill of iteration i wrote
func.func @task_reads_carry(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = pto_tensor.create init(1.0 : f32) : tensor<16xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init, %oo = %o) -> (tensor<16xf32>, tensor<16xf32>) {
    %oo1 = pto_orch.call @rd(in %cur, inout %oo) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %c = pto_tensor.create : tensor<16xf32>
    %n2 = pto_rt.scope manual -> (tensor<16xf32>) {
      %n1, %t = pto_orch.submit @fill(in %x, out %c) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      pto_rt.yield %n1 : tensor<16xf32>
    }
    scf.yield %n2, %oo1 : tensor<16xf32>, tensor<16xf32>
  }
  func.return
}

// The same in an inner loop: the buffer made in the inner body reaches the next inner iteration
// and, through the outer carry, the next outer iteration's first @rd.
func.func @nested(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %init = pto_tensor.create init(1.0 : f32) : tensor<16xf32>
  %r:2 = scf.for %j = %c0 to %c2 step %c1 iter_args(%cur = %init, %oo = %o) -> (tensor<16xf32>, tensor<16xf32>) {
    %in:2 = scf.for %i = %c0 to %c2 step %c1 iter_args(%ic = %cur, %io = %oo) -> (tensor<16xf32>, tensor<16xf32>) {
      %io1 = pto_orch.call @rd(in %ic, inout %io) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %c = pto_tensor.create : tensor<16xf32>
      %n2 = pto_rt.scope manual -> (tensor<16xf32>) {
        %n1, %t = pto_orch.submit @fill(in %x, out %c) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
        pto_rt.yield %n1 : tensor<16xf32>
      }
      scf.yield %n2, %io1 : tensor<16xf32>, tensor<16xf32>
    }
    scf.yield %in#0, %in#1 : tensor<16xf32>, tensor<16xf32>
  }
  func.return
}

// With analyze-auto-scopes the loop body is a compiler-owned MANUAL scope: an odd iteration's
// @k writes in place the %f the even iteration before it created and wrote (through the carry
// %q); the two got no edge (a WAW race; the C++ of
// tests/filecheck/transforms/classify_iter_arg_carry/rebind_nested.mlir @branches had it).
pto_orch.kernel @k aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @alternating(%a: tensor<16xf32>, %x: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%p = %x, %q = %x) -> (tensor<16xf32>, tensor<16xf32>) {
    %mm = arith.remui %i, %c2 : index
    %odd = arith.cmpi eq, %mm, %c1 : index
    %b:2 = scf.if %odd -> (tensor<16xf32>, tensor<16xf32>) {
      %p1 = pto_orch.call @k(%a, %p) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %q1 = pto_orch.call @k(%a, %q) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %p1, %q1 : tensor<16xf32>, tensor<16xf32>
    } else {
      %p2 = pto_orch.call @k(%a, %p) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      %f = pto_tensor.create : tensor<16xf32>
      %f1 = pto_orch.call @k(%a, %f) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %p2, %f1 : tensor<16xf32>, tensor<16xf32>
    }
    scf.yield %b#0, %b#1 : tensor<16xf32>, tensor<16xf32>
  }
  func.return
}

// @task_reads_carry with the reader after the writer in the body, each reader writing its own
// row of %o (the readers are not ordered among themselves). The second walk of the body met
// this iteration's @fill first, which writes all of %c: it replaced the previous iteration's
// @fill, which wrote the %c the @rd reads through the carry, so the @rd got no edge after it
// (a RAW race at n >= 2; its edge after this iteration's @fill, a new buffer, orders nothing).
// Found by a reviewer session.
pto_orch.kernel @rd_row aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>
func.func @reader_after_writer(%x: tensor<16xf32>, %o: tensor<4x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = pto_tensor.create init(1.0 : f32) : tensor<16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> (tensor<16xf32>) {
    %c = pto_tensor.create : tensor<16xf32>
    %n2 = pto_rt.scope manual -> (tensor<16xf32>) {
      %n1, %t = pto_orch.submit @fill(in %x, out %c) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      pto_rt.yield %n1 : tensor<16xf32>
    }
    %row = pto_tensor.slice %o[%i, %c0] drop [0] : tensor<4x16xf32> to tensor<16xf32>
    %row1 = pto_orch.call @rd_row(in %cur, out %row) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %n2 : tensor<16xf32>
  }
  func.return
}

// The WAR form: iteration i-1's MANUAL @rd_row reads its new %c; iteration i writes its own new
// %c (a write of all of that root, which replaced the @rd_row's entry), then bumps the carry,
// iteration i-1's %c, in place: it got no edge after that @rd_row. Found by a reviewer session.
pto_orch.kernel @bump aiv (inout tensor<16xf32>) -> tensor<16xf32>
func.func @bump_after_writer(%x: tensor<16xf32>, %o: tensor<4x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = pto_tensor.create : tensor<16xf32>
  %init1 = pto_orch.call @fill(in %x, out %init) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init1) -> (tensor<16xf32>) {
    %c = pto_tensor.create : tensor<16xf32>
    %c1v = pto_orch.call @fill(in %x, out %c) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %cur1 = pto_orch.call @bump(inout %cur) : (tensor<16xf32>) -> tensor<16xf32>
    %row = pto_tensor.slice %o[%i, %c0] drop [0] : tensor<4x16xf32> to tensor<16xf32>
    pto_rt.scope manual {
      %row1, %t = pto_orch.submit @rd_row(in %c1v, out %row) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    }
    scf.yield %c1v : tensor<16xf32>
  }
  func.return
}

// The carry may hold an older iteration's buffer: odd iterations yield their new %c, even ones
// keep the carry, so iteration 3 reads the %c iteration 1 made. The loop carries only the
// previous iteration's @fill_i TaskId, another buffer's writer: order-untracked-hazards took
// @fill_i's whole write of %c for an order among its instances (it is one for one buffer, not
// for a new buffer every iteration), and iteration 3's @rd_row raced iteration 1's @fill_i.
// The pass now chains the @fill_i instances (each after the previous one), so the carried
// TaskId orders every earlier one. Found by a reviewer session.
pto_orch.kernel @fill_i aiv (in tensor<16xf32>, in index, out tensor<16xf32>) -> tensor<16xf32>
func.func @kept_through_if(%x: tensor<16xf32>, %o: tensor<8x16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %init = pto_tensor.create init(0.0 : f32) : tensor<16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> (tensor<16xf32>) {
    %c = pto_tensor.create : tensor<16xf32>
    %n2 = pto_rt.scope manual -> (tensor<16xf32>) {
      %n1, %t = pto_orch.submit @fill_i(%x, %i, %c) : (tensor<16xf32>, index, tensor<16xf32>) -> tensor<16xf32>
      pto_rt.yield %n1 : tensor<16xf32>
    }
    %row = pto_tensor.slice %o[%i, %c0] drop [0] : tensor<8x16xf32> to tensor<16xf32>
    %row1 = pto_orch.call @rd_row(in %cur, out %row) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %m = arith.remui %i, %c2 : index
    %odd = arith.cmpi eq, %m, %c1 : index
    %sel = scf.if %odd -> (tensor<16xf32>) {
      scf.yield %n2 : tensor<16xf32>
    } else {
      scf.yield %cur : tensor<16xf32>
    }
    scf.yield %sel : tensor<16xf32>
  }
  func.return
}
