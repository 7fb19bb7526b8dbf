"""`pto2-pipeline`: every pass the PTO2 C++ printer needs, in order.

Spec: DESIGN.md section 4 (the pass order) and section 1 (the product picture). User
documentation and the reasons for the order: docs/passes/index.md.

    derive-call-directions  ->  auto-derive-task-dependencies{analyze-auto-scopes}
        ->  materialize-runtime-scopes  ->  order-untracked-hazards  ->  classify-iter-arg-carry

1. derive-call-directions first: it reads the program as the user wrote it (the allocation
   of a created tensor is the region holding its `pto_tensor.create`, which is the region
   the runtime scope will be), and its result does not depend on where scopes go.
2. auto-derive-task-dependencies (a no-op unless `analyze-auto-scopes=true`): it reads call
   directions and leaves the call-level markers materialize-runtime-scopes consumes.
2b. materialize-runtime-scopes next: it places the auto scopes and the compiler-owned manual
   scopes, and consumes the compiler's manual-scope markers.
3. order-untracked-hazards next: it sees every scope (the compiler-owned manual ones too) and
   adds the compiler edges the runtime's tracking misses, with the TaskId carries they need.
4. classify-iter-arg-carry last: a `pto_orch.parallel` TaskId carry becomes an array only
   inside a manual scope, including the compiler-owned ones step 2 creates, and it follows
   loop results through the `pto_rt.scope` results step 2 threads out of loop bodies.

Usage: `pypto-opt -p pto2-pipeline in.mlir`, or with `-t pto2-cpp` to print C++.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass


@dataclass(frozen=True)
class Pto2Pipeline(ModulePass):
    """Run derive-call-directions, materialize-runtime-scopes, order-untracked-hazards and
    classify-iter-arg-carry on the module, in that order. Each pass raises its own located diagnostics."""

    name = "pto2-pipeline"

    analyze_auto_scopes: bool = False
    """Passed to auto-derive-task-dependencies (`pto2-pipeline{analyze-auto-scopes=true}`)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from pypto_dialects.transforms.auto_derive_task_dependencies import (
            AutoDeriveTaskDependencies,
        )
        from pypto_dialects.transforms.classify_iter_arg_carry import ClassifyIterArgCarry
        from pypto_dialects.transforms.derive_call_directions import DeriveCallDirections
        from pypto_dialects.transforms.materialize_runtime_scopes import (
            MaterializeRuntimeScopes,
        )

        from pypto_dialects.transforms.order_untracked_hazards import OrderUntrackedHazards

        for p in (
            DeriveCallDirections(),
            AutoDeriveTaskDependencies(self.analyze_auto_scopes),
            MaterializeRuntimeScopes(),
            OrderUntrackedHazards(),
            ClassifyIterArgCarry(),
        ):
            p.apply(ctx, op)
