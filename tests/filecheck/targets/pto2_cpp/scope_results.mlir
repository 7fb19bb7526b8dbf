// A scope result whose yielded value is a C++ variable declared inside the scope (here a loop
// carry: canonicalize folds the one-trip outer loop into its body's scope, whose results are
// the inner loop's carries) is declared before the scope's header, as a copy of the first
// tensor parameter, and assigned at the scope's yield. Before, the printer refused it ("uses
// %l2, a result of the 'pto_rt.scope' ..., whose C++ variable 'q' belongs to the scope").
// Execution: tests/test_scope_results.py.
// RUN: pypto-opt -p pto2-pipeline %s | filecheck %s --check-prefix=IR
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %s | filecheck %s --check-prefix=CPP --strict-whitespace --match-full-lines

pto_orch.kernel @acc aiv (in tensor<16xf32>, inout tensor<16xf32>) -> tensor<16xf32>
func.func @f(%x: tensor<16xf32>, %o: tensor<16xf32> {pto_orch.dir = #pto_orch.dir<inout>}, %n: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b0 = pto_tensor.create init(1.0 : f32) : tensor<16xf32>
  %b1 = pto_tensor.create init(2.0 : f32) : tensor<16xf32>
  %l1, %l2 = scf.for %i = %c0 to %c1 step %c1 iter_args(%a5 = %b0, %a6 = %b1) -> (tensor<16xf32>, tensor<16xf32>) {
    %l10, %l11 = scf.for %j = %c0 to %n step %c1 iter_args(%p = %a5, %q = %a6) -> (tensor<16xf32>, tensor<16xf32>) {
      %q1 = pto_orch.call @acc(in %p, inout %q) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
      scf.yield %q1, %p : tensor<16xf32>, tensor<16xf32>
    }
    scf.yield %l10, %l11 : tensor<16xf32>, tensor<16xf32>
  }
  %w = pto_orch.call @acc(in %l2, inout %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  func.return
}
// (the one-trip outer loop carries no TaskId: no iteration follows another)
// IR:      %l1, %l2 = pto_rt.scope auto -> (tensor<16xf32>, tensor<16xf32>) {
// IR-NEXT:   %none = pto_system.task_invalid
// IR-NEXT:   %l10, %l11, %q1_tid = scf.for %j = %c0 to %n step %c1 iter_args(%p = %b0, %q = %b1, %q1_tid_1 = %none) -> (tensor<16xf32>, tensor<16xf32>, !pto_orch.task_id) {
// IR:        pto_rt.yield %l10, %l11 : tensor<16xf32>, tensor<16xf32>
// IR-NEXT: }
// IR-NEXT: %w = pto_orch.call @acc(in %l2, inout %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>

// CPP:        const Tensor& b1 = alloc_0.get_ref(1);
// CPP-EMPTY:
// CPP-NEXT:        Tensor l2 = ext_x;
// CPP-NEXT:        PTO2_SCOPE() {
// CPP-NEXT:            Tensor p = b0;
// CPP-NEXT:            Tensor q = b1;
// CPP:                    p = p_next;
// CPP-NEXT:                    q = q_next;
// CPP-NEXT:                    q1_tid = q1_tid_next;
// CPP-NEXT:                }
// CPP-NEXT:            }
// CPP-EMPTY:
// CPP-NEXT:            l2 = q;
// CPP-NEXT:        }
// CPP-EMPTY:
// CPP-NEXT:        // Task 1: acc
// CPP-NEXT:        Arg params_t1;
// CPP-NEXT:        params_t1.add_input(l2);
// CPP-NEXT:        params_t1.add_inout(ext_o);
