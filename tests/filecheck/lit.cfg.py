# lit configuration of the FileCheck suite. Run `lit tests/filecheck` with the venv's lit,
# or the whole suite with scripts/test.sh (pytest drives lit, one pytest test per file).
import os
import sys

import lit.formats

config.name = "pypto-dialects"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.excludes = ["Inputs", "lit.cfg.py"]
config.test_source_root = os.path.dirname(__file__)

_root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
# lit does not put the venv's bin/ on PATH: pypto-opt and filecheck live next to python.
_bin = os.path.dirname(sys.executable)
config.environment["PATH"] = os.pathsep.join([_bin, os.environ.get("PATH", "")])
for var in ("HOME", "TMPDIR"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

config.substitutions.append(("%examples", os.path.join(_root, "examples")))
config.substitutions.append(("%support", os.path.join(_root, "tests", "support")))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%mlir-opt", "/usr/lib/llvm-19/bin/mlir-opt"))
