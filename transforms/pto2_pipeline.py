"""`pto2-pipeline`: every pass the PTO2 C++ printer needs, in order, ending with the
legality check the printer relies on (verify-orchestration).

The order is written once, in `STEPS` below; `pypto-opt --help` prints it from there and
tests/test_pipeline_listing.py checks the documentation (docs/passes/index.md, with the
reasons for the order) against it.

Usage: `pypto-opt -p pto2-pipeline in.mlir`, or with `-t pto2-cpp` to print C++;
`-p 'pto2-pipeline{analyze-auto-scopes=true}'` turns on the analysis of auto scopes;
`task-window=N` gives the ring's task window the program runs with (the runtime's
`PTO2_RING_TASK_WINDOW`, 16384 unless set).
"""

from __future__ import annotations

import gc
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from pypto_dialects.limits import HEAP_SIZE, TASK_WINDOW, check_heap_size, check_task_window
from pypto_dialects.transforms.registry import PASSES

STEPS: tuple[str, ...] = (
    "lower-reinterpreting-views",  # first: no analysis sees a view its source's layout misdescribes
    "fuse-create-assemble-to-slice",
    "fold-tensor-dims",
    "guard-dynamic-loop-steps",
    "verify-orchestration-outputs",
    "derive-call-directions",
    "auto-derive-task-dependencies",
    "expand-manual-phase-fence",
    "materialize-runtime-scopes",
    "order-untracked-hazards",
    "drop-implied-edges",  # after every pass that adds compiler edges but add-retain-edges
    "classify-iter-arg-carry",
    "canonicalize",
    "batch-tensor-allocations",  # ends with add-retain-edges
    "plan-cpp-declarations",  # after every pass that changes the IR
    "verify-orchestration",  # what the printer would reject is rejected here, located
)
"""The passes of `pto2-pipeline`, in order, by name: the names of `PASSES`
(transforms/registry.py); `canonicalize` is xDSL's (constant folding and dead-code
elimination; it keeps the carry plan, carry_plan.py), with located results
(transforms/canonicalize.py)."""


@dataclass(frozen=True)
class Pto2Pipeline(ModulePass):
    """Run the passes of `STEPS` on the module, in that order. Each pass raises its own
    located diagnostics; the last one, verify-orchestration, rejects what the C++ printer
    would reject."""

    name = "pto2-pipeline"

    analyze_auto_scopes: bool = False
    """Passed to auto-derive-task-dependencies (`pto2-pipeline{analyze-auto-scopes=true}`)."""

    task_window: int = TASK_WINDOW
    """The ring's task window the program runs with (`pto2-pipeline{task-window=N}`, the
    runtime's `PTO2_RING_TASK_WINDOW`; default 16384, the runtime's): passed to the passes
    that count tasks against it, auto-derive-task-dependencies (one scope holds fewer) and
    verify-orchestration (rule 9). Raises ValueError below 2 (`check_task_window`)."""

    ring_heap: int = HEAP_SIZE
    """The heap per ring the program runs with (`pto2-pipeline{ring-heap=N}`, the runtime's
    `PTO2_RING_HEAP`; default 256 MiB, the runtime's): passed to verify-orchestration (rule
    10). Raises ValueError unless a power of two of at least 1024 (`check_heap_size`)."""

    def __post_init__(self) -> None:
        check_task_window(self.task_window)
        check_heap_size(self.ring_heap)

    def steps(self) -> tuple[ModulePass, ...]:
        """The passes of `STEPS`, in order (pypto-opt runs them one by one for --time-passes
        and --print-between-passes)."""
        from pypto_dialects.transforms.auto_derive_task_dependencies import (
            AutoDeriveTaskDependencies,
        )
        from pypto_dialects.transforms.verify_orchestration import VerifyOrchestration

        def make(name: str) -> ModulePass:
            cls = PASSES[name][0]()
            if issubclass(cls, AutoDeriveTaskDependencies):
                return cls(
                    analyze_auto_scopes=self.analyze_auto_scopes, task_window=self.task_window
                )
            if issubclass(cls, VerifyOrchestration):
                return cls(task_window=self.task_window, ring_heap=self.ring_heap)
            return cls()

        return tuple(make(name) for name in STEPS)

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
