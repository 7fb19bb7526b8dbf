"""The kernel table and entry signature a host needs to run the emitted C++, and their
`kernel_config.json` (docs/targets/pto2-cpp.md#the-kernel-table-kernel_configjson).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class KernelInfo:
    """One kernel of the table."""

    name: str
    id: int | None
    core_type: str  # "AIC" | "AIV" | "MIX"
    tensor_directions: tuple[str, ...]  # "IN" | "OUT" | "INOUT", tensor parameters in order
    scalar_types: tuple[str, ...] = ()  # MLIR types of the scalar parameters, in order
    aic: str | None = None  # group members: aic + aiv, or (dual AIV) aiv + aiv1
    aiv: str | None = None
    aiv1: str | None = None

    def to_json(self) -> dict:
        out: dict = {
            "name": self.name,
            "id": self.id,
            "core_type": self.core_type,
            "tensor_directions": list(self.tensor_directions),
            "scalar_types": list(self.scalar_types),
        }
        if self.aic is not None:
            out["aic"] = self.aic
            out["aiv"] = self.aiv
        elif self.aiv1 is not None:
            out["aiv0"] = self.aiv
            out["aiv1"] = self.aiv1
        return out


@dataclass(frozen=True)
class Param:
    """One parameter of the orchestration function, as the entry receives it: tensors in
    `orch_args.tensor(slot)`, scalars in `orch_args.scalar(slot)` (separate numbering)."""

    name: str
    kind: str  # "tensor" | "scalar"
    slot: int
    type: str  # MLIR type (the tensor type, or the scalar type)
    direction: str | None = None  # tensors: "IN" | "OUT" | "INOUT"
    element_type: str | None = None
    data_type: str | None = None  # runtime DataType name, None if it has none
    shape: tuple[int, ...] | None = None
    c_type: str | None = None  # scalars

    def to_json(self) -> dict:
        out: dict = {"name": self.name, "kind": self.kind, "slot": self.slot}
        if self.kind == "tensor":
            out.update(
                direction=self.direction,
                element_type=self.element_type,
                data_type=self.data_type,
                shape=list(self.shape or ()),
            )
        else:
            out.update(type=self.type, c_type=self.c_type)
        return out


@dataclass(frozen=True)
class Signature:
    """The orchestration entry's signature."""

    function: str
    params: tuple[Param, ...]

    @property
    def tensors(self) -> tuple[Param, ...]:
        return tuple(p for p in self.params if p.kind == "tensor")

    @property
    def scalars(self) -> tuple[Param, ...]:
        return tuple(p for p in self.params if p.kind == "scalar")

    @property
    def expected_arg_count(self) -> int:
        return len(self.params)


@dataclass(frozen=True)
class KernelTable(Mapping[str, KernelInfo]):
    """Kernel name -> `KernelInfo` (ids in first-use order), plus the function's signature.

    A read-only mapping: `table["kernel_add"].id`, `list(table)` (names in id order).
    """

    signature: Signature
    kernels: tuple[KernelInfo, ...] = field(default=())

    def __getitem__(self, name: str) -> KernelInfo:
        for k in self.kernels:
            if k.name == name:
                return k
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return (k.name for k in self.kernels)

    def __len__(self) -> int:
        return len(self.kernels)

    def ids(self) -> dict[str, int]:
        """Kernel name -> id (kernels that have one)."""
        return {k.name: k.id for k in self.kernels if k.id is not None}

    def to_json(self, file: str) -> dict:
        sig = self.signature
        return {
            "function": sig.function,
            "file": file,
            "config_entry": "aicpu_orchestration_config",
            "entry": "aicpu_orchestration_entry",
            "expected_arg_count": sig.expected_arg_count,
            "params": [p.to_json() for p in sig.params],
            "kernels": [k.to_json() for k in self.kernels],
        }


def kernel_config_json(entries: Iterable[tuple[str, KernelTable]]) -> str:
    """The `kernel_config.json` text for (file, table) pairs (2-space indent, final newline)."""
    doc = {"orchestrations": [table.to_json(file) for file, table in entries]}
    return json.dumps(doc, indent=2) + "\n"
