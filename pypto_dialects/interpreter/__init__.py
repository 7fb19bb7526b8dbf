"""Reference semantics of orchestration programs: an interpreter on xDSL's interpreter
framework that runs an orchestration function on numpy arrays with Python kernel
implementations, and records the task graph the PTO2 runtime would build (tasks, scopes,
dependency edges with their origins), plus the race report over that graph.

One module per dialect's implementations (`orch`, `tensor`, `system`, `rt`, `scf` for the
parallel TaskId array carry and the scf ops xDSL leaves out, `arith` for MLIR's semantics at
every width), as xDSL's `xdsl/interpreters/`; `declarations` (the ops not run, and why); the
runtime model in `graph`; `races`; `runtime_limits` (the runtime's hard limits); `lifetimes`
(uses of freed buffers); `export` (JSON, DOT);
`run` (the entry point). Users: docs/interpreter.md.
"""

from pypto_dialects.interpreter.graph import Buffer, Edge, Scope, Task, TaskArg, TaskGraph
from pypto_dialects.interpreter.lifetimes import UseAfterFree, find_use_after_free
from pypto_dialects.interpreter.races import (
    HostRace,
    Race,
    assert_no_races,
    find_host_races,
    find_races,
)
from pypto_dialects.interpreter.run import RunResult, make_interpreter, run_function
from pypto_dialects.interpreter.runtime_limits import LimitFault, find_limit_faults

__all__ = [
    "Buffer",
    "Edge",
    "HostRace",
    "LimitFault",
    "Race",
    "RunResult",
    "Scope",
    "Task",
    "TaskArg",
    "TaskGraph",
    "UseAfterFree",
    "assert_no_races",
    "find_host_races",
    "find_limit_faults",
    "find_races",
    "find_use_after_free",
    "make_interpreter",
    "run_function",
]
