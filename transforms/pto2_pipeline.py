"""`pto2-pipeline`: every pass the PTO2 C++ printer needs, in order.

User documentation and the reasons for the order: docs/passes/index.md.

    fuse-create-assemble-to-slice  ->  fold-tensor-dims  ->  guard-dynamic-loop-steps
        ->  verify-orchestration-outputs  ->  derive-call-directions
        ->  auto-derive-task-dependencies{analyze-auto-scopes}  ->  expand-manual-phase-fence
        ->  materialize-runtime-scopes  ->  order-untracked-hazards  ->  classify-iter-arg-carry
        ->  dce  ->  batch-tensor-allocations (which ends with add-retain-edges)

Usage: `pypto-opt -p pto2-pipeline in.mlir`, or with `-t pto2-cpp` to print C++;
`-p 'pto2-pipeline{analyze-auto-scopes=true}'` turns on the analysis of auto scopes.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass


@dataclass(frozen=True)
class Pto2Pipeline(ModulePass):
    """Run the passes of the module docstring on the module, in that order. Each pass raises
    its own located diagnostics."""

    name = "pto2-pipeline"

    analyze_auto_scopes: bool = False
    """Passed to auto-derive-task-dependencies (`pto2-pipeline{analyze-auto-scopes=true}`)."""

    def steps(self) -> tuple[ModulePass, ...]:
        """The passes of the pipeline, in order (pypto-opt runs them one by one for
        --time-passes and --print-between-passes)."""
        from pypto_dialects.transforms.auto_derive_task_dependencies import (
            AutoDeriveTaskDependencies,
        )
        from pypto_dialects.transforms.batch_tensor_allocations import BatchTensorAllocations
        from pypto_dialects.transforms.classify_iter_arg_carry import ClassifyIterArgCarry
        from pypto_dialects.transforms.derive_call_directions import DeriveCallDirections
        from pypto_dialects.transforms.expand_manual_phase_fence import ExpandManualPhaseFence
        from pypto_dialects.transforms.fold_tensor_dims import FoldTensorDims
        from pypto_dialects.transforms.fuse_create_assemble_to_slice import (
            FuseCreateAssembleToSlice,
        )
        from pypto_dialects.transforms.guard_dynamic_loop_steps import GuardDynamicLoopSteps
        from pypto_dialects.transforms.materialize_runtime_scopes import (
            MaterializeRuntimeScopes,
        )
        from pypto_dialects.transforms.order_untracked_hazards import OrderUntrackedHazards
        from pypto_dialects.transforms.verify_orchestration_outputs import (
            VerifyOrchestrationOutputs,
        )
        from xdsl.transforms.dead_code_elimination import DeadCodeElimination

        return (
            FuseCreateAssembleToSlice(),
            FoldTensorDims(),
            GuardDynamicLoopSteps(),
            VerifyOrchestrationOutputs(),
            DeriveCallDirections(),
            AutoDeriveTaskDependencies(self.analyze_auto_scopes),
            ExpandManualPhaseFence(),
            MaterializeRuntimeScopes(),
            OrderUntrackedHazards(),
            ClassifyIterArgCarry(),
            # xDSL's dce, not canonicalize: scf canonicalization rebuilds loops without the
            # carry plan's discardable attributes
            DeadCodeElimination(),
            BatchTensorAllocations(),
        )

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        # The passes build long-lived IR and leave almost no cyclic garbage, so the cyclic GC
        # only re-walks the module: at 100k ops it doubled order-untracked-hazards' time per
        # op (bench/hazards_scaling.py --gc). Off while the passes run, as pypto-opt runs
        # them; restored for the in-process caller.
        enabled = gc.isenabled()
        gc.disable()
        try:
            for p in self.steps():
                p.apply(ctx, op)
        finally:
            if enabled:
                gc.enable()
