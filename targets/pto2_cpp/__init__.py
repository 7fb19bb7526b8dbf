"""The PTO2 C++ target (`-t pto2-cpp`): orchestration functions -> PTO2 runtime C++.

A strict 1:1 printer of post-pipeline IR; the mapping, names, layout and diagnostics are
documented in docs/targets/pto2-cpp.md.

Modules:
    api           generate_orchestration / generate_module and their results
    target        the xDSL Target `pto2-cpp`
    function      FunctionPrinter: op registry, C++ blocks, value uses
    skeleton      includes, config and entry functions, the entry's prologue
    generation    the runtime API generations' spellings (`api=seed`, `api=current`)
    tensor_ops    pto_tensor.* ops
    tasks         pto_orch.call: Arg packs, kernel ids, core types
    control_flow  scf.for / scf.if / pto_rt.scope (auto and manual) and their yields
    descending    scf.for marked pto_orch.descending: the C++ loop counting down
    int_arrays    pto_orch.int_array_* as C++ stack arrays
    arith_ops     arith.* as C++ expressions
    taskids       TaskIdLowering: TaskId state of a function, submit, TaskId ops
    deps          TaskId C++ forms, the edge resolver, the deps array
    manual        carry / if-result variables, the declarations hoisted before a manual scope
    task_arrays   TaskId carries and TaskId arrays
    names         identifiers, Expr / Binding, C++ blocks
    cxx_types     DataTypes, C types, literals, scalar encoding
    kernel_table  kernel table, signature, kernel_config.json
    writer        lines, indentation, blank-line groups
    errors        CodegenError
"""

from __future__ import annotations

from pypto_dialects.targets.pto2_cpp.api import (
    KERNEL_CONFIG,
    ModuleResult,
    OrchestrationResult,
    generate_module,
    generate_orchestration,
    orchestration_path,
)
from pypto_dialects.targets.pto2_cpp.errors import CodegenError
from pypto_dialects.targets.pto2_cpp.kernel_table import KernelInfo, KernelTable, Param, Signature
from pypto_dialects.targets.pto2_cpp.target import Pto2CppTarget

__all__ = [
    "KERNEL_CONFIG",
    "CodegenError",
    "KernelInfo",
    "KernelTable",
    "ModuleResult",
    "OrchestrationResult",
    "Param",
    "Pto2CppTarget",
    "Signature",
    "generate_module",
    "generate_orchestration",
    "orchestration_path",
]
