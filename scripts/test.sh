#!/usr/bin/env bash
# Runs the whole test suite (lit + FileCheck + pytest), installing first what it needs:
# Debian's mlir-19-tools (upstream mlir-opt, for the interop tests) and g++ (the generated C++ is
# compiled against the project's own model of the PTO2 runtime's API), and the project with its
# test extras into .venv. Extra arguments go to pytest.
# Execution tests run in the project's interpreter; with PYPTO_SIMPLER_ROOT set to a simpler
# checkout whose simulator the user has built, they also run there (docs/testing.md).
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
[ -x /usr/lib/llvm-19/bin/mlir-opt ] || need+=(mlir-19-tools)
command -v g++ >/dev/null 2>&1 || need+=(g++)
if [ ${#need[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/pip install -q -e '.[test]'
exec .venv/bin/python -m pytest -q "$@"
