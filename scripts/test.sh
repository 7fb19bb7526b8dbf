#!/usr/bin/env bash
# Runs the whole test suite (lit + FileCheck + pytest), installing first what it needs:
# Debian's mlir-19-tools (upstream mlir-opt, for the interop tests), g++ and cmake (the C++
# compile check against the PTO2 runtime's headers and the runtime's CPU simulator, built once
# into .cache/), and the project with its test extras into .venv. Extra arguments go to pytest.
# The runtime source: $PYPTO_SIMPLER_ROOT (a hw-native-sys/simpler checkout) or the snapshot in
# ../shared/runtime/; without either, the runtime-backed tests skip (under CI they fail).
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
[ -x /usr/lib/llvm-19/bin/mlir-opt ] || need+=(mlir-19-tools)
command -v g++ >/dev/null 2>&1 || need+=(g++)
command -v cmake >/dev/null 2>&1 || need+=(cmake)
if [ ${#need[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/pip install -q -e '.[test]'
exec .venv/bin/python -m pytest -q "$@"
