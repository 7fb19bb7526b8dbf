// A task in a manual scope that runs only in some iterations of a loop writes %b; a task
// after the loop reads %b. The runtime does not track the manual-scope write, so
// order-untracked-hazards carries the writer's TaskId out of the if and the loop; in an
// iteration where the writer does not run, the TaskId keeps its value from before (an earlier
// iteration's writer), it does not become invalid: else the reader would not wait for the
// write of iteration 0 (a RAW race in the C++ the runtime runs).

pto_orch.kernel @inc aiv (in tensor<16xf32>, out tensor<16xf32>) -> tensor<16xf32>

// the writer runs in iteration 0 only, under an scf.if
func.func @if_in_loop(%a: tensor<16xf32>, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %first = arith.cmpi eq, %i, %c0 : index
    scf.if %first {
      pto_rt.scope manual {
        %b1 = pto_orch.call @inc(in %a, out %b) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      }
    }
  }
  %o1 = pto_orch.call @inc(in %b, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}

// the writer runs in an inner loop that has one iteration when i == 0 and none after
func.func @nested_loops(%a: tensor<16xf32>, %b: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %first = arith.cmpi eq, %i, %c0 : index
    %n = arith.select %first, %c1, %c0 : index
    scf.for %j = %c0 to %n step %c1 {
      pto_rt.scope manual {
        %b1 = pto_orch.call @inc(in %a, out %b) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      }
    }
  }
  %o1 = pto_orch.call @inc(in %b, out %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
