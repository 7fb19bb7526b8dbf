"""The PTO2 C++ target (`-t pto2-cpp`): orchestration functions -> PTO2 runtime C++.

Spec: PyPTO's orchestration codegen document and docs/targets/pto2-cpp.md; user docs in
docs/targets/pto2-cpp.md. A strict 1:1 printer: it reads call-site directions, carry plans and
runtime scopes from the IR and reports a located error when one is missing.

Modules (one concern each):
    api           generate_orchestration / generate_module, result objects, file layout
    target        the xDSL Target registered as `pto2-cpp`
    function      FunctionPrinter: op registry, blocks, value uses and C++ block validity
    skeleton      stages 1-5 and 9 (includes, config, entry, external tensors, scalars,
                  dynamic-dim symbols)
    tensor_ops    pto_tensor.* (alloc_tensors batching, views, read/write, dim, assemble)
    tasks         pto_orch.call: Arg packs, kernel ids, core types, output aliasing
    control_flow  scf.for / scf.if / pto_rt.scope auto, yields
    arith_ops     arith.* as C++ expressions
    taskids       TaskIdLowering: submit, TaskId ops, manual scopes, dependency arrays
    deps          TaskId C++ forms, the edge resolver and the set_dependencies array
    manual        manual scopes: the block, hoisted declarations
    task_arrays   TaskId / array carries, TaskId arrays
    names         identifiers, Expr / Binding, C++ blocks
    cxx_types     DataType names, C types, literals, scalar encoding
    kernel_table  the kernel table / signature and kernel_config.json
    writer        lines, indentation, blank-line groups
    errors        the located CodegenError
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
