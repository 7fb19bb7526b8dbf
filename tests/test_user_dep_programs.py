"""Random programs with user deps that order only some hazards (tests/support/user_dep_programs.py,
`python -m bench.differential --user-deps`): the generator's shapes occur, the base generator's
programs are not affected, and a fixed sample agrees with its `pto2-pipeline` output in the
differential (tests/support/differential.py), in both settings of analyze-auto-scopes."""

from __future__ import annotations

import pytest

from support import random_programs, user_dep_programs
from support.differential import disagreements

SAMPLE = (0, 1, 2, 3, 4, 5, 39, 63)
"""Seeds CI runs (`python -m bench.differential --user-deps --seed S --count N` runs more).
39 and 63: a one-trip loop whose second task lists the first one's carried TaskId, which
the edge plan took for the first task's own instance: no edge, a write-after-write race
(order-untracked-hazards' `SameIterationSources`)."""

SHAPES = {
    "a dep chosen by scf.if": "-> (!pto_orch.task_id) {\n",
    "a TaskId array carried by a loop": "pto_orch.task_array_set",
    "a manual scope yielding a TaskId": "pto_rt.scope manual -> (!pto_orch.task_id)",
    "a task writing a constant part": "%wv",
    "a TaskId chain carried by a loop": "iter_args(%prev",
}


def test_the_shapes_occur_and_base_programs_do_not_change() -> None:
    texts = [user_dep_programs.generate(s)[0] for s in range(12)]
    missing = [k for k, v in SHAPES.items() if not any(v in t for t in texts)]
    assert missing == []
    assert all("deps(" in t for t in texts)  # every program holds a user-dep segment
    # the base generator has none of these segments (its seeds' programs are pinned elsewhere)
    assert "%wv" not in random_programs.generate(0)[0]
    assert user_dep_programs.generate(0)[0] == user_dep_programs.generate(0)[0]


@pytest.mark.parametrize("analyze", [False, True], ids=["default", "analyze-auto-scopes"])
@pytest.mark.parametrize("seed", SAMPLE)
def test_agree(seed: int, analyze: bool) -> None:
    assert disagreements(seed, analyze, user_deps=True) == []
