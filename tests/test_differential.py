"""Random programs run both ways, the interpreter and the PTO2 runtime's simulator, must agree
(tests/support/differential.py): outputs, the runtime's exact tensor-map and explicit edges,
and the ordering of every conflicting pair. Needs the runtime (support.simpler_runtime);
skipped without it, failing under CI (the `simulator` fixture of conftest.py)."""

from __future__ import annotations

import pytest

from support.differential import disagreements


SAMPLE = range(30)
"""The fixed-seed sample CI runs; `python -m bench.differential --seed S --count N` runs more."""


@pytest.mark.parametrize("seed", SAMPLE)
def test_agree(seed: int, simulator: None) -> None:
    assert disagreements(seed) == []
