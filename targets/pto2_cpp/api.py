"""Python API of the pto2-cpp target: `generate_orchestration`, `generate_module` and their
results. Documented in docs/targets/pto2-cpp.md#usage (the input form:
docs/targets/pto2-cpp.md#input-post-pipeline-ir).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp

from pypto_dialects.cpp_types import second_function
from pypto_dialects.diagnostics import location_of
from pypto_dialects.orch_attrs import orchestration_functions as all_functions
from pypto_dialects.symbols import SymbolTableCollection
from pypto_dialects.targets.pto2_cpp.errors import codegen_error
from pypto_dialects.targets.pto2_cpp.generation import (
    SEED,
    ApiGeneration,
    api_generation,
    check_wait_only_edges,
)
from pypto_dialects.targets.pto2_cpp.kernel_table import KernelTable, Signature, kernel_config_json

KERNEL_CONFIG = "kernel_config.json"


def orchestration_path(func_name: str) -> str:
    """`orchestration/<func_name>.cpp`, the file of one orchestration function."""
    return f"orchestration/{func_name}.cpp"


@dataclass(frozen=True)
class OrchestrationResult:
    """The C++ of one orchestration function and its kernel table.

    `code`: the C++ text. `kernel_table`: kernel name -> `KernelInfo` (id, core type AIC/AIV/MIX,
    per-tensor-argument directions IN/OUT/INOUT), with `.signature` (the entry's parameters).
    `files`: `{"orchestration/<func>.cpp": code, "kernel_config.json": ...}`.
    """

    function: str
    code: str
    kernel_table: KernelTable

    @property
    def path(self) -> str:
        return orchestration_path(self.function)

    @property
    def signature(self) -> Signature:
        return self.kernel_table.signature

    @property
    def kernel_config(self) -> str:
        """The `kernel_config.json` text of this function alone."""
        return kernel_config_json([(self.path, self.kernel_table)])

    @property
    def files(self) -> dict[str, str]:
        return {self.path: self.code, KERNEL_CONFIG: self.kernel_config}


@dataclass(frozen=True)
class ModuleResult:
    """The C++ of every orchestration function of a module (in module order).

    `files`: one `orchestration/<func>.cpp` per function plus one `kernel_config.json` listing
    all of them. `code`: the text `-t pto2-cpp` prints: the single file as it is, or, with
    several functions, each file preceded by a line `// ===== orchestration/<func>.cpp =====`
    and separated by a blank line.
    """

    results: tuple[OrchestrationResult, ...]

    def __getitem__(self, func_name: str) -> OrchestrationResult:
        for r in self.results:
            if r.function == func_name:
                return r
        raise KeyError(func_name)

    @property
    def kernel_config(self) -> str:
        return kernel_config_json([(r.path, r.kernel_table) for r in self.results])

    @property
    def files(self) -> dict[str, str]:
        out = {r.path: r.code for r in self.results}
        out[KERNEL_CONFIG] = self.kernel_config
        return out

    @property
    def code(self) -> str:
        if len(self.results) == 1:
            return self.results[0].code
        return "\n".join(f"// ===== {r.path} =====\n{r.code}" for r in self.results)

    def write(self, out_dir: str | Path) -> list[Path]:
        """Write `files` under `out_dir` (directories created); returns the paths written."""
        root = Path(out_dir)
        written = []
        for rel, text in self.files.items():
            path = root / rel
            if not path.resolve().is_relative_to(root.resolve()):  # verify=False let a name in
                raise ValueError(f"{rel} would be written outside {root}")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
            written.append(path)
        return written


def orchestration_functions(module: ModuleOp) -> list[FuncOp]:
    """The orchestration `func.func`s with a body of `module` and of its nested modules (the
    ones the passes transform), in module order. Each is written to
    orchestration/<name>.cpp, so two of one name are a located error on the second."""
    funcs = all_functions(module)
    seen: dict[str, FuncOp] = {}
    for f in funcs:
        first = seen.setdefault(f.sym_name.data, f)
        if first is not f:
            raise codegen_error(f, second_function(f.sym_name.data, location_of(first)))
    return funcs


def _check_scopes(module: ModuleOp, checked: bool) -> None:
    """The target's preconditions: scopes materialized, and verify-orchestration's rules (the
    one implementation of them; skipped when `checked`: pto2-pipeline, which ends with that
    pass, has just run on this module)."""
    from pypto_dialects.transforms.verify_runtime_scopes_materialized import (
        check_runtime_scopes_materialized,
    )

    check_runtime_scopes_materialized(module)
    if not checked:
        from pypto_dialects.transforms.verify_orchestration import check_orchestration

        check_orchestration(module)


def _prepare(
    module: ModuleOp,
    verify: bool,
    pto2_pipeline: bool,
    checked: bool = False,
    planned: bool = False,
) -> ModuleOp:
    if pto2_pipeline:
        from pypto_dialects.context import make_context
        from pypto_dialects.name_locs import clone_with_names
        from pypto_dialects.transforms import PASSES

        module = clone_with_names(module)
        PASSES["pto2-pipeline"][0]()().apply(make_context(), module)
    if verify:
        from pypto_dialects.parsing import verify_module

        verify_module(module)
    given = module
    module = _without_dead_ops(module, owned=pto2_pipeline)
    _check_scopes(module, checked=pto2_pipeline or checked)
    owned = pto2_pipeline or module is not given
    return _planned(module, owned=owned, checked=pto2_pipeline or planned)


def _planned(module: ModuleOp, owned: bool, checked: bool) -> ModuleOp:
    """`module` with the declaration plan on every orchestration function (cpp_plan.py): a
    plan already there is checked against the IR (a stale one is a located error; skipped
    when `checked`: plan-cpp-declarations, or pto2-pipeline, has just planned the module as
    it is), and the functions without one are planned on a copy (on `module` itself when
    `owned`), so the caller's module is left as it is."""
    from pypto_dialects.cpp_plan import ProloguePlan
    from pypto_dialects.name_locs import clone_with_names
    from pypto_dialects.transforms.plan_cpp_declarations import (
        check_declaration_plan,
        plan_module,
    )

    symbols = SymbolTableCollection()
    unplanned = False
    for f in all_functions(module):
        if ProloguePlan.of(f) is None:
            unplanned = True
        elif not checked:
            check_declaration_plan(f, symbols)
    if unplanned:
        if not owned:
            module = clone_with_names(module)
        plan_module(module, only_unplanned=True)
    return module


def _without_dead_ops(module: ModuleOp, owned: bool) -> ModuleOp:
    """The target's normalisation: the guards with a known answer folded (task_id_folds:
    the invalid TaskId dropped from deps, `task_is_valid` of a known TaskId and an `scf.if`
    on a constant folded, as `canonicalize` in `pto2-pipeline` does: each would print as
    a C++ test that is always false or always true), then xDSL's region dce, as
    `pto2-pipeline` ends with, so input printed without the pipeline has no dead pure op
    either and the printer prints every op it reaches (an unused view or dim would
    otherwise be an unused C++ variable). The caller's module is left as it is: both run on
    a copy unless `owned` (a copy made here already). Each is skipped when it would change
    nothing (the usual case after the pipeline: no guard is known, and every set of dead ops
    holds one whose results are unused); the dce asks each op's effects once
    (analysis/dead_ops.py, the same answers as xDSL's)."""
    from pypto_dialects.analysis.accessors import walk_list
    from pypto_dialects.analysis.dead_ops import DeadOps, region_dce
    from pypto_dialects.name_locs import clone_with_names
    from pypto_dialects.task_id_folds import fold_known_guards, is_foldable

    # One walk asks both questions (the usual answer is no to both); after a fold, the dead
    # ops are looked for again, in the folded module.
    dead = DeadOps()
    any_dead = False
    for op in walk_list(module):  # (the ops of module.walk(), listed without generators)
        if is_foldable(op):
            if not owned:
                module = clone_with_names(module)
                owned = True
            fold_known_guards(module)
            dead = DeadOps()  # (the fold changed ops it may have answered for)
            any_dead = any(dead.is_trivially_dead(o) for o in module.walk())
            break
        any_dead = any_dead or dead.is_trivially_dead(op)
    if any_dead:
        if not owned:
            module = clone_with_names(module)
        region_dce(module.body)
    return module


def _generate(
    func: FuncOp,
    symbols: SymbolTableCollection,
    api: ApiGeneration = SEED,
    wait_only_edges: bool = False,
) -> OrchestrationResult:
    from pypto_dialects.targets.pto2_cpp.function import FunctionPrinter

    printer = FunctionPrinter(func, symbols, api, wait_only_edges)
    code = printer.run()
    assert printer.signature is not None  # set by run()
    table = KernelTable(printer.signature, printer.kernel_ids.table())
    return OrchestrationResult(func.sym_name.data, code, table)


def generate_orchestration(
    module: ModuleOp,
    func_name: str | None = None,
    *,
    verify: bool = True,
    pto2_pipeline: bool = False,
    api: str | ApiGeneration = "seed",
    wait_only_edges: bool = False,
) -> OrchestrationResult:
    """PTO2 C++ of the orchestration function `func_name` of `module` (docs/targets/pto2-cpp.md).

    `func_name` may be omitted when the module has exactly one orchestration function.
    `verify`: run the dialect verifiers first. `pto2_pipeline`: run `pto2-pipeline` on a copy of
    the module first (else the module must already be in post-pipeline form). `api`: the
    runtime API generation to print, `"seed"` (default) or `"current"`
    (docs/targets/pto2-cpp.md#api-generations; another name is a ValueError, raised first).
    `wait_only_edges`: an explicit edge whose TaskId names only tasks that create no buffer
    waits without retaining (`DEP_WAIT`; docs/targets/pto2-cpp.md#wait-only-edges); only
    with `api="current"`, a ValueError otherwise, raised first.

    Returns an `OrchestrationResult` (`.code`, `.files`, `.kernel_table`). Raises `KeyError`
    for an unknown / ambiguous `func_name`, and a located `CodegenError` / `VerifyException` /
    `PassFailedException` (xDSL `DiagnosticException`s, one line `file:line:col: error: ...`;
    the last for verify-orchestration's rules, which the target checks first unless the
    module was just checked) for IR the target cannot print.
    """
    generation = api_generation(api)
    check_wait_only_edges(generation, wait_only_edges)
    module = _prepare(module, verify, pto2_pipeline)
    funcs = orchestration_functions(module)
    if func_name is None:
        if len(funcs) != 1:
            names = ", ".join(f.sym_name.data for f in funcs) or "none"
            raise KeyError(
                f"the module has {len(funcs)} orchestration functions ({names}): name one"
            )
        func = funcs[0]
    else:
        matches = [f for f in funcs if f.sym_name.data == func_name]
        if not matches:
            names = ", ".join(f.sym_name.data for f in funcs) or "none"
            raise KeyError(
                f"no orchestration function @{func_name} in the module (it has: {names})"
            )
        func = matches[0]
    return _generate(func, SymbolTableCollection(), generation, wait_only_edges)


def generate_module(
    module: ModuleOp,
    *,
    verify: bool = True,
    pto2_pipeline: bool = False,
    checked: bool = False,
    planned: bool = False,
    api: str | ApiGeneration = "seed",
    wait_only_edges: bool = False,
) -> ModuleResult:
    """PTO2 C++ of every orchestration function of `module`, in module order (one file
    each); see `generate_orchestration` for the arguments and errors. A module without an
    orchestration function is a located error. `checked`: the caller has run
    verify-orchestration on the module as it is now (pypto-opt, when pto2-pipeline or
    verify-orchestration was the last pass that could change it), so its rules are not checked
    again. A module without a declaration plan (plan-cpp-declarations) is planned on a copy
    first; one with a plan is checked against it (a stale plan is a located error) unless
    `planned`: the caller has just run plan-cpp-declarations (or pto2-pipeline) on it. `api`:
    the runtime API generation, as for `generate_orchestration`; kernel_config.json is the
    same for both (it names the entry symbols and slots, which do not change).
    `wait_only_edges`: as for `generate_orchestration`."""
    generation = api_generation(api)
    check_wait_only_edges(generation, wait_only_edges)
    module = _prepare(module, verify, pto2_pipeline, checked, planned)
    funcs = orchestration_functions(module)
    if not funcs:
        raise codegen_error(
            module,
            "has no orchestration function to print (a func.func with a body and "
            "pto_orch.kind = #pto_orch.kind<orchestration>)",
        )
    symbols = SymbolTableCollection()
    return ModuleResult(
        tuple(_generate(f, symbols, generation, wait_only_edges) for f in funcs)
    )
