"""The PTO2 runtime API generations the printer speaks (`-t 'pto2-cpp{api=seed|current}'`):
one table of spellings per generation; the printer is the same for both.

- `seed` (hw-native-sys/simpler b7d04b45e, the default): the API of the specification.
- `current` (hw-native-sys/simpler 6ebaf7715): `ChipTaskArgs`, `CoreTaskArgs`, `ChipTensor`,
  `orch_args.tensor(i).ref()`.

Every line that differs between the two comes from a field below; docs/targets/pto2-cpp.md
("API generations") lists them side by side, with the rules that need no spelling of their own
(docs/runtime-api.md: topics 2.1-2.3 and 4.1).
"""

from __future__ import annotations

from dataclasses import dataclass

from pypto_dialects.limits import API_GENERATIONS, DEFAULT_API_GENERATION


@dataclass(frozen=True)
class ApiGeneration:
    """The spellings of one API generation.

    `entry_args`: the entry's (and the config function's) parameter type (docs/runtime-api.md
    E1, E2, A1, A2). `tensor`: the device tensor type of every tensor variable (T1).
    `task_args`: the per-task argument pack (A6, A7). `entry_tensor` / `entry_extent`: format
    strings of an entry tensor (`{slot}`) wrapped into a tensor variable (X2, X3) and of one
    of its extents (`{slot}`, `{axis}`; X4). `dep_kinds`: explicit edges have kinds
    (`DepFlags`, `set_dependencies_with_kinds`; D7, D8), which the `wait-only-edges` option
    needs."""

    name: str
    simpler: str
    entry_args: str
    tensor: str
    task_args: str
    entry_tensor: str
    entry_extent: str
    dep_kinds: bool

    @property
    def config_signature(self) -> str:
        """The config function's signature (E2), without the body."""
        return (
            "PTO2OrchestrationConfig aicpu_orchestration_config"
            f"(const {self.entry_args}& orch_args)"
        )

    @property
    def entry_signature(self) -> str:
        """The entry function's signature (E1), without the body."""
        return f"void aicpu_orchestration_entry(const {self.entry_args}& orch_args)"

    def external_tensor(self, name: str, slot: int) -> str:
        """The declaration of the tensor variable `name` wrapping entry tensor `slot`."""
        return f"{self.tensor} {name} = {self.entry_tensor.format(slot=slot)};"

    def extent(self, slot: int, axis: int) -> str:
        """The extent `axis` of entry tensor `slot` as an `int64_t` expression."""
        return "(int64_t)" + self.entry_extent.format(slot=slot, axis=axis)


SEED = ApiGeneration(
    name="seed",
    simpler="b7d04b45e",
    entry_args="ChipStorageTaskArgs",
    tensor="Tensor",
    task_args="Arg",
    entry_tensor="from_tensor_arg(orch_args.tensor({slot}))",
    entry_extent="orch_args.tensor({slot}).shapes[{axis}]",
    dep_kinds=False,
)

CURRENT = ApiGeneration(
    name="current",
    simpler="6ebaf7715",
    entry_args="ChipTaskArgs",
    tensor="ChipTensor",
    task_args="CoreTaskArgs",
    entry_tensor="orch_args.tensor({slot}).ref()",
    entry_extent="orch_args.tensor({slot}).ref().shapes[{axis}]",
    dep_kinds=True,
)

GENERATIONS: dict[str, ApiGeneration] = {g.name: g for g in (SEED, CURRENT)}
assert tuple(GENERATIONS) == API_GENERATIONS


def api_generation(name: str | ApiGeneration = DEFAULT_API_GENERATION) -> ApiGeneration:
    """The generation called `name` (an `ApiGeneration` is returned as it is). Raises
    ValueError with a one-line usage message for any other name."""
    if isinstance(name, ApiGeneration):
        return name
    found = GENERATIONS.get(name)
    if found is None:
        raise ValueError(usage(name))
    return found


API_USAGE = (
    f"use api=seed (simpler {SEED.simpler}, the default) or api=current (simpler "
    f"{CURRENT.simpler})"
)
"""What the `api` option accepts, for its messages."""


def usage(name: object) -> str:
    """The one-line message for an unknown generation name."""
    return f"unknown PTO2 API generation {name!r}: {API_USAGE}"


def check_wait_only_edges(generation: ApiGeneration, wait_only_edges: bool) -> None:
    """The `wait-only-edges` option needs a generation with edge kinds: ValueError with a
    one-line message otherwise (docs/targets/pto2-cpp.md#wait-only-edges). The option is a
    bool: any other value (the string "false" is truthy) is a ValueError too."""
    if not isinstance(wait_only_edges, bool):
        raise ValueError(
            f"wait_only_edges takes True or False, not {wait_only_edges!r}"
        )
    if wait_only_edges and not generation.dep_kinds:
        raise ValueError(
            f"wait-only-edges=true needs api=current: the {generation.name} runtime API "
            f"(simpler {generation.simpler}) has no edge kinds (DepFlags, "
            "set_dependencies_with_kinds); every explicit edge there waits and retains"
        )
