"""`pto2-pipeline`: every pass the PTO2 C++ printer needs, in order.

User documentation and the reasons for the order: docs/passes/index.md.

    fuse-create-assemble-to-slice  ->  fold-tensor-dims  ->  guard-dynamic-loop-steps
        ->  verify-orchestration-outputs  ->  derive-call-directions
        ->  expand-manual-phase-fence  ->  materialize-runtime-scopes  ->  classify-iter-arg-carry

0. fuse-create-assemble-to-slice first: it changes which buffer a task writes (a created
   tensor becomes a view of the assemble's target), which the direction rules depend on.
   fold-tensor-dims and guard-dynamic-loop-steps (value and loop bound rewrites) do not
   interact with the others, and
   verify-orchestration-outputs (a check) sees the program's buffers after the fusion.
1. derive-call-directions next: it reads the program as the user wrote it (the allocation
   of a created tensor is the region holding its `pto_tensor.create`, which is the region
   the runtime scope will be), and its result does not depend on where scopes go.
2. expand-manual-phase-fence next: it reads the user's manual-scope `deps` as written
   (loops not yet wrapped in scopes), and the barrier it inserts is an ordinary task that
   the passes after it place and classify like any other.
3. materialize-runtime-scopes next: it places the auto scopes and the compiler-owned manual
   scopes, and consumes the compiler's manual-scope markers.
4. classify-iter-arg-carry last: a `pto_orch.parallel` TaskId carry becomes an array only
   inside a manual scope, including the compiler-owned ones step 3 creates, and it follows
   loop results through the `pto_rt.scope` results step 3 threads out of loop bodies.

Usage: `pypto-opt -p pto2-pipeline in.mlir`, or with `-t pto2-cpp` to print C++.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass


@dataclass(frozen=True)
class Pto2Pipeline(ModulePass):
    """Run fuse-create-assemble-to-slice, fold-tensor-dims, guard-dynamic-loop-steps,
    verify-orchestration-outputs, derive-call-directions, expand-manual-phase-fence,
    materialize-runtime-scopes and
    classify-iter-arg-carry on the module, in that order. Each pass raises its own located diagnostics."""

    name = "pto2-pipeline"

    def steps(self) -> tuple[ModulePass, ...]:
        """The passes of the pipeline, in order (pypto-opt runs them one by one for
        --time-passes and --print-between-passes)."""
        from pypto_dialects.transforms.classify_iter_arg_carry import ClassifyIterArgCarry
        from pypto_dialects.transforms.derive_call_directions import DeriveCallDirections
        from pypto_dialects.transforms.fuse_create_assemble_to_slice import (
            FuseCreateAssembleToSlice,
        )
        from pypto_dialects.transforms.fold_tensor_dims import FoldTensorDims
        from pypto_dialects.transforms.guard_dynamic_loop_steps import GuardDynamicLoopSteps
        from pypto_dialects.transforms.verify_orchestration_outputs import (
            VerifyOrchestrationOutputs,
        )
        from pypto_dialects.transforms.expand_manual_phase_fence import ExpandManualPhaseFence
        from pypto_dialects.transforms.materialize_runtime_scopes import (
            MaterializeRuntimeScopes,
        )

        return (
            FuseCreateAssembleToSlice(),
            FoldTensorDims(),
            GuardDynamicLoopSteps(),
            VerifyOrchestrationOutputs(),
            DeriveCallDirections(),
            ExpandManualPhaseFence(),
            MaterializeRuntimeScopes(),
            ClassifyIterArgCarry(),
        )

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for p in self.steps():
            p.apply(ctx, op)
