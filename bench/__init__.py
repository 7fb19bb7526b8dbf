"""Benchmarks of the whole pypto-opt pipeline on generated orchestration programs.

Run `python -m bench` from the repository root (see `bench/__main__.py`, docs/performance.md).
Spec: docs/performance.md.

`python -m` puts the repository root first on `sys.path`, where the `pypto_dialects/` folder
is only part of the installed package (`transforms/`, `targets/` and `tools/` are mapped into
it at install time): with a regular (not editable) install it would shadow the installed
package and `pypto_dialects.transforms` would not import. So the root is taken off
`sys.path` once this package is imported: the benchmark measures the installed pypto-opt.
"""

import os
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _ROOT]
