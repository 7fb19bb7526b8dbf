"""verify-orchestration's rule 8 (pypto_dialects/cpp_types.py) and the printer agree on what has
a C++ form: the op names the rule accepts are the printer's handlers, and the printer maps
types with the rule's tables (so a program pto2-pipeline accepts never meets a type or op
refusal of the printer; the messages: tests/filecheck/transforms/verify_orchestration/
cpp_types.mlir)."""

from __future__ import annotations

from pypto_dialects import cpp_types
from pypto_dialects.targets.pto2_cpp import cxx_types
from pypto_dialects.targets.pto2_cpp.function import handlers


def test_the_rule_accepts_exactly_the_ops_the_printer_handles() -> None:
    assert cpp_types.CPP_OPS == {cls.name for cls in handlers()}


def test_the_printer_maps_types_with_the_rules_tables() -> None:
    assert cxx_types.C_TYPES is cpp_types.C_TYPES
    assert cxx_types.DATA_TYPES is cpp_types.DATA_TYPES
    assert "f16" not in cpp_types.C_TYPES
    assert "f16" in cpp_types.DATA_TYPES
