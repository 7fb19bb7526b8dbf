"""The passes of pypto-dialects by name, each but `pto2-pipeline`, which runs some of them
(pto2_pipeline.py takes its steps from here; transforms/__init__.py adds it to the list).

`PASSES` maps each pass name to a lazy factory (the pass class is imported only when the
pass runs) and a one-line summary for `pypto-opt --help`.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.passes import ModulePass

PASSES: dict[str, tuple[Callable[[], type[ModulePass]], str]] = {}
"""Pass name -> (factory returning the pass class, summary), for every pass but
pto2-pipeline."""


def _materialize_runtime_scopes() -> type[ModulePass]:
    from pypto_dialects.transforms.materialize_runtime_scopes import MaterializeRuntimeScopes

    return MaterializeRuntimeScopes


def _verify_runtime_scopes_materialized() -> type[ModulePass]:
    from pypto_dialects.transforms.verify_runtime_scopes_materialized import (
        VerifyRuntimeScopesMaterialized,
    )

    return VerifyRuntimeScopesMaterialized


PASSES["materialize-runtime-scopes"] = (
    _materialize_runtime_scopes,
    "wrap orchestration bodies, loop bodies and if branches in explicit pto_rt.scope ops",
)
PASSES["verify-runtime-scopes-materialized"] = (
    _verify_runtime_scopes_materialized,
    "fail if an orchestration function is still in auto-scope mode",
)


def _verify_orchestration() -> type[ModulePass]:
    from pypto_dialects.transforms.verify_orchestration import VerifyOrchestration

    return VerifyOrchestration


PASSES["verify-orchestration"] = (
    _verify_orchestration,
    "fail on a host access, manual-scope or TaskId rule break the runtime would not order "
    "(the last step of pto2-pipeline; checked again before printing)",
)


def _derive_call_directions() -> type[ModulePass]:
    from pypto_dialects.transforms.derive_call_directions import DeriveCallDirections

    return DeriveCallDirections


def _classify_iter_arg_carry() -> type[ModulePass]:
    from pypto_dialects.transforms.classify_iter_arg_carry import ClassifyIterArgCarry

    return ClassifyIterArgCarry


def _fuse_create_assemble_to_slice() -> type[ModulePass]:
    from pypto_dialects.transforms.fuse_create_assemble_to_slice import (
        FuseCreateAssembleToSlice,
    )

    return FuseCreateAssembleToSlice


def _guard_dynamic_loop_steps() -> type[ModulePass]:
    from pypto_dialects.transforms.guard_dynamic_loop_steps import GuardDynamicLoopSteps

    return GuardDynamicLoopSteps


def _verify_orchestration_outputs() -> type[ModulePass]:
    from pypto_dialects.transforms.verify_orchestration_outputs import (
        VerifyOrchestrationOutputs,
    )

    return VerifyOrchestrationOutputs


def _fold_tensor_dims() -> type[ModulePass]:
    from pypto_dialects.transforms.fold_tensor_dims import FoldTensorDims

    return FoldTensorDims


def _expand_manual_phase_fence() -> type[ModulePass]:
    from pypto_dialects.transforms.expand_manual_phase_fence import ExpandManualPhaseFence

    return ExpandManualPhaseFence


def _auto_derive_task_dependencies() -> type[ModulePass]:
    from pypto_dialects.transforms.auto_derive_task_dependencies import (
        AutoDeriveTaskDependencies,
    )

    return AutoDeriveTaskDependencies


def _order_untracked_hazards() -> type[ModulePass]:
    from pypto_dialects.transforms.order_untracked_hazards import OrderUntrackedHazards

    return OrderUntrackedHazards


def _drop_implied_edges() -> type[ModulePass]:
    from pypto_dialects.transforms.drop_implied_edges import DropImpliedEdges

    return DropImpliedEdges


def _batch_tensor_allocations() -> type[ModulePass]:
    from pypto_dialects.transforms.batch_tensor_allocations import BatchTensorAllocations

    return BatchTensorAllocations


def _add_retain_edges() -> type[ModulePass]:
    from pypto_dialects.transforms.add_retain_edges import AddRetainEdges

    return AddRetainEdges


def _canonicalize() -> type[ModulePass]:
    from pypto_dialects.transforms.canonicalize import Canonicalize

    return Canonicalize


def _lower_reinterpreting_views() -> type[ModulePass]:
    from pypto_dialects.transforms.lower_reinterpreting_views import LowerReinterpretingViews

    return LowerReinterpretingViews


def _plan_cpp_declarations() -> type[ModulePass]:
    from pypto_dialects.transforms.plan_cpp_declarations import PlanCppDeclarations

    return PlanCppDeclarations


PASSES["derive-call-directions"] = (
    _derive_call_directions,
    "set the call-site direction of every task argument (from the kernel, plus "
    "write-after-write promotion)",
)
PASSES["classify-iter-arg-carry"] = (
    _classify_iter_arg_carry,
    "stamp the carry plan (rebind flags, TaskId array sizes) on every scf.for with iter_args",
)
PASSES["auto-derive-task-dependencies"] = (
    _auto_derive_task_dependencies,
    "with analyze-auto-scopes=true: make loop bodies / if branches compiler-owned manual scopes "
    "ordered by compiler edges",
)
PASSES["order-untracked-hazards"] = (
    _order_untracked_hazards,
    "add a compiler edge for every hazard the runtime does not order (manual-scope "
    "boundaries, WAR)",
)
PASSES["drop-implied-edges"] = (
    _drop_implied_edges,
    "in manual scopes, drop each compiler edge a chain of other edges already implies "
    "(never the user's deps)",
)
PASSES["expand-manual-phase-fence"] = (
    _expand_manual_phase_fence,
    "in manual scopes, route a loop's full-array TaskId fan-out through one task_dummy barrier",
)
PASSES["fuse-create-assemble-to-slice"] = (
    _fuse_create_assemble_to_slice,
    "make every pto_tensor.assemble a no-op: a created source becomes a slice of the target",
)
PASSES["guard-dynamic-loop-steps"] = (
    _guard_dynamic_loop_steps,
    "a scf.for with a non-constant step runs no iteration when the step is not positive",
)
PASSES["verify-orchestration-outputs"] = (
    _verify_orchestration_outputs,
    "fail if an orchestration function returns a tensor it created or never writes an 'out' "
    "parameter",
)
PASSES["fold-tensor-dims"] = (
    _fold_tensor_dims,
    "one value per runtime extent: fold a pto_tensor.dim onto the size operand or argument "
    "extent it reads",
)
PASSES["batch-tensor-allocations"] = (
    _batch_tensor_allocations,
    "group each block's pto_tensor.creates into pto_tensor.alloc_tensors batches (a manual "
    "scope's before the scope)",
)
PASSES["add-retain-edges"] = (
    _add_retain_edges,
    "list, in each manual-scope task's compiler_deps, the alloc_tensors TaskId of every buffer "
    "it may use",
)
PASSES["canonicalize"] = (
    _canonicalize,
    "xDSL's canonicalize (folding, canonicalization patterns, dead-code elimination); an op "
    "it creates takes the location of the op it was created for",
)
PASSES["lower-reinterpreting-views"] = (
    _lower_reinterpreting_views,
    "make a pto_tensor.view that reinterprets its source's shape (a 2x16 seen as 4x8) the "
    "pto_tensor.reshape it stands for",
)
PASSES["plan-cpp-declarations"] = (
    _plan_cpp_declarations,
    "stamp the declaration plan: the parameters / dim symbols the C++ prologue declares, the "
    "carries / if results declared before a manual scope's header",
)
