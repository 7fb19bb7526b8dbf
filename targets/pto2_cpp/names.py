"""C++ names and values of the pto2-cpp printer: `hint_of`, `NameTable` (identifiers),
`Expr` / `Binding` (a value's C++ text / a declared variable: identity compares these
objects, never strings) and `CppBlock` (one `{ ... }`; a binding is usable while it is open).

Naming rules: docs/targets/pto2-cpp.md#names.
"""

from __future__ import annotations

import re

from xdsl.ir import SSAValue

from pypto_dialects.parsing import source_name


def hint_of(value: SSAValue) -> str | None:
    """The name `value` is printed after: the user's spelling (`%out_1` -> `out_1`), else
    its name hint, else None."""
    return source_name(value)

CPP_KEYWORDS = frozenset(
    """
    alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t
    char16_t char32_t class compl concept const consteval constexpr constinit const_cast
    continue co_await co_return co_yield decltype default delete do double dynamic_cast else
    enum explicit export extern false float for friend goto if inline int long mutable
    namespace new noexcept not not_eq nullptr operator or or_eq private protected public
    register reinterpret_cast requires return short signed sizeof static static_assert
    static_cast struct switch template this thread_local throw true try typedef typeid
    typename union unsigned using virtual void volatile wchar_t while xor xor_eq
    final override import module
    """.split()
)
"""C++ keywords (C++20, plus the contextual ones a reader would trip over)."""

RUNTIME_NAMES = frozenset(
    """
    orch_args Tensor TensorCreateInfo TaskOutputTensors Arg ChipStorageTaskArgs
    ContinuousTensor MixedKernels PTO2TaskId PTO2ScopeMode PTO2ScopeGuard DataType
    PTO2OrchestrationConfig TensorArgType PTOBufferHandle INVALID_KERNEL_ID PTO2_SCOPE
    PTO2_SCOPE_GUARD alloc_tensors from_tensor_arg make_tensor_external get_tensor_data
    set_tensor_data to_u64 from_u64 rt_submit_task rt_submit_aic_task rt_submit_aiv_task
    rt_submit_dummy_task rt_scope_begin rt_scope_end rt_is_fatal get_element_size
    get_dtype_name aicpu_orchestration_config aicpu_orchestration_entry
    RUNTIME_MAX_TENSOR_DIMS CORE_MAX_TENSOR_ARGS CORE_MAX_SCALAR_ARGS MAX_TENSOR_ARGS
    MAX_SCALAR_ARGS LOG_ERROR LOG_WARN LOG_INFO LOG_DEBUG
    int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t size_t intptr_t
    uintptr_t ptrdiff_t NULL std printf main
    INT8_MIN INT16_MIN INT32_MIN INT64_MIN INT8_MAX INT16_MAX INT32_MAX INT64_MAX
    UINT8_MAX UINT16_MAX UINT32_MAX UINT64_MAX
    """.split()
)
"""Identifiers the emitted file (or its includes) already uses."""

_NUMBERED = re.compile(r"(params_t|alloc_|mixed_|task_)[0-9]+(_deps|_deps_count|_tid|_outs)?")
"""The printer's numbered names (spec naming table), with the suffixes of the TaskId part
(`params_t0_deps`, `params_t0_deps_count`, `alloc_0_tid`, `task_0_outs`)."""

_INVALID = re.compile(r"[^A-Za-z0-9_]")


def sanitize(hint: str) -> str:
    """`hint` as a C++ identifier of our own: valid, not reserved, not a keyword, runtime
    name or numbered name of the printer (the rules: docs/targets/pto2-cpp.md#names)."""
    name = _INVALID.sub("_", hint)
    name = re.sub(r"_+", "_", name).strip("_")
    if not name:
        return "v"
    if name[0].isdigit():
        name = "v" + name
    if name in CPP_KEYWORDS or name in RUNTIME_NAMES or _NUMBERED.fullmatch(name):
        name += "_"
    return name


class NameTable:
    """The identifiers of one emitted function (everything lives in one C++ function, so one
    table). Cost: O(1) amortized per name."""

    def __init__(self) -> None:
        self._taken: set[str] = set()
        self._next: dict[str, int] = {}

    def _free(self, name: str) -> bool:
        return name not in self._taken and not _NUMBERED.fullmatch(name)

    def fresh(self, hint: str | None, default: str) -> str:
        """A new identifier from an SSA name hint (or `default` without one)."""
        base = sanitize(hint) if hint else default
        if self._free(base) and base not in CPP_KEYWORDS and base not in RUNTIME_NAMES:
            self._taken.add(base)
            return base
        n = self._next.get(base, 1)
        while not self._free(f"{base}_{n}"):
            n += 1
        self._next[base] = n + 1
        name = f"{base}_{n}"
        self._taken.add(name)
        return name

    def numbered(self, name: str) -> str:
        """Take one of the printer's numbered names (`params_t3`, `alloc_0`, ...) exactly."""
        assert name not in self._taken, name
        self._taken.add(name)
        return name


class CppBlock:
    """One `{ ... }` block of the emitted C++; `open` until its closing brace is printed."""

    __slots__ = ("open", "parent")

    def __init__(self, parent: CppBlock | None) -> None:
        self.open = True
        self.parent = parent


class Expr:
    """C++ text of a value. `compound` texts are wrapped in parentheses where they are an
    operand (`paren`); `text` is used where the whole statement context is unambiguous (the
    right-hand side of `=`, an `if` condition). `deps` are the bindings the text names."""

    __slots__ = ("text", "compound", "deps")

    def __init__(self, text: str, compound: bool = False, deps: tuple[Binding, ...] = ()) -> None:
        self.text = text
        self.compound = compound
        self.deps = deps

    @property
    def paren(self) -> str:
        return f"({self.text})" if self.compound else self.text

    def __repr__(self) -> str:
        return f"Expr({self.text!r})"


class Binding(Expr):
    """A declared C++ variable (or one of the entry function's parameters): its name, its C++
    type and the block that declares it."""

    __slots__ = ("ctype", "block", "used")

    def __init__(self, name: str, ctype: str, block: CppBlock) -> None:
        super().__init__(name)
        self.deps = (self,)
        self.ctype = ctype
        self.block = block
        self.used = False  # set when printed text names it (FunctionPrinter.use)

    @property
    def name(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Binding({self.text!r})"
