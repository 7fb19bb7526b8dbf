"""The two runtime API generations of the pto2-cpp target (docs/targets/pto2-cpp.md#api-
generations): `-t 'pto2-cpp{api=seed|current}'`, `generate_module(..., api=...)`.

- one printer: on every input the suite prints, the `api=current` C++ is the seed C++ with the
  generation table's spellings swapped, line for line (nothing else differs);
- the option through the Python API, the xDSL target and pypto-opt (`-o DIR/` included), with
  the same kernel_config.json for both; an unknown generation is a one-line usage error, never
  a traceback.
(That each generation's output compiles against its own model header, and not against the
other's: tests/test_pto2_cpp_compile.py.)
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from xdsl.utils.arg_spec import parse_spec

from opt_runner import EXAMPLES, ROOT, run_opt
from pypto_dialects.context import make_context
from pypto_dialects.parsing import parse_module
from pypto_dialects.targets.pto2_cpp import Pto2CppTarget, generate_module, generate_orchestration
from pypto_dialects.targets.pto2_cpp.generation import CURRENT, GENERATIONS, SEED, api_generation
from support.execution import all_inputs, lowered

ORCH_BASIC = EXAMPLES / "orch_basic.mlir"
CURRENT_EXPECTED = ROOT / "tests" / "support" / "examples" / "orch_basic_current_expected.cpp"
USAGE = ("unknown PTO2 API generation 'next': use api=seed (simpler b7d04b45e, the default) or "
         "api=current (simpler 6ebaf7715)")

# The seed spelling -> the current one, as regular expressions over one line (the table of
# docs/targets/pto2-cpp.md#api-generations).
PORT = (
    (r"\(const ChipStorageTaskArgs& orch_args\)", "(const ChipTaskArgs& orch_args)"),
    (r"from_tensor_arg\(orch_args\.tensor\((\d+)\)\)", r"orch_args.tensor(\1).ref()"),
    (r"orch_args\.tensor\((\d+)\)\.shapes\[", r"orch_args.tensor(\1).ref().shapes["),
    (r"^(\s*)(const )?Tensor([& ])", r"\1\2ChipTensor\3"),
    (r"^(\s*)Arg (params_t\d+);$", r"\1CoreTaskArgs \2;"),
)


def _port(seed_line: str) -> str:
    for pattern, repl in PORT:
        seed_line = re.sub(pattern, repl, seed_line)
    return seed_line


def test_the_table() -> None:
    assert tuple(GENERATIONS) == ("seed", "current")
    assert (SEED.entry_args, SEED.tensor, SEED.task_args) == ("ChipStorageTaskArgs", "Tensor", "Arg")
    assert (CURRENT.entry_args, CURRENT.tensor, CURRENT.task_args) == (
        "ChipTaskArgs", "ChipTensor", "CoreTaskArgs")
    assert SEED.external_tensor("ext_a", 2) == "Tensor ext_a = from_tensor_arg(orch_args.tensor(2));"
    assert CURRENT.external_tensor("ext_a", 2) == "ChipTensor ext_a = orch_args.tensor(2).ref();"
    assert SEED.extent(1, 0) == "(int64_t)orch_args.tensor(1).shapes[0]"
    assert CURRENT.extent(1, 0) == "(int64_t)orch_args.tensor(1).ref().shapes[0]"
    assert CURRENT.entry_signature == "void aicpu_orchestration_entry(const ChipTaskArgs& orch_args)"
    assert api_generation() is SEED
    assert api_generation("current") is CURRENT
    assert api_generation(CURRENT) is CURRENT
    with pytest.raises(ValueError, match=re.escape(USAGE)):
        api_generation("next")


def test_only_the_spellings_differ_on_every_input() -> None:
    """The whole suite's C++ (examples, printer inputs, execution programs): the current file is
    the seed file with each line ported, and at least one line of each file differs."""
    count = 0
    for path, pipeline in all_inputs():
        module = lowered(path, pipeline)
        seed = generate_module(module).files
        current = generate_module(module, api="current").files
        assert seed.keys() == current.keys()
        for name, text in seed.items():
            if not name.endswith(".cpp"):
                assert current[name] == text, (path, name)  # kernel_config.json
                continue
            ported = [_port(line) for line in text.splitlines()]
            assert ported == current[name].splitlines(), (path, name)
            assert ported != text.splitlines()
            count += 1
    assert count >= 50, count


def test_generate_orchestration_current() -> None:
    module = parse_module(make_context(), ORCH_BASIC.read_text(), str(ORCH_BASIC))
    result = generate_orchestration(module, "orch_basic", pto2_pipeline=True, api="current")
    assert result.code == CURRENT_EXPECTED.read_text()
    seed = generate_orchestration(module, "orch_basic", pto2_pipeline=True)
    assert result.kernel_config == seed.kernel_config
    assert generate_module(module, pto2_pipeline=True, api=CURRENT).code == result.code


def test_an_unknown_generation_is_a_value_error_before_any_work() -> None:
    module = parse_module(make_context(), ORCH_BASIC.read_text(), str(ORCH_BASIC))
    with pytest.raises(ValueError, match=re.escape(USAGE)):
        generate_module(module, pto2_pipeline=True, api="next")
    with pytest.raises(ValueError, match=re.escape(USAGE)):
        generate_orchestration(module, api="next")


def test_the_xdsl_target_takes_the_option() -> None:
    target = Pto2CppTarget.from_spec(parse_spec("pto2-cpp{api=current}"))
    assert target == Pto2CppTarget(api="current")
    module = lowered(ORCH_BASIC, True)
    out = io.StringIO()
    target.emit(make_context(), module, out)
    assert out.getvalue() == CURRENT_EXPECTED.read_text()


def test_pypto_opt_prints_and_writes_the_current_generation(tmp_path: Path) -> None:
    res = run_opt(["-p", "pto2-pipeline", "-t", "pto2-cpp{api=current}", str(ORCH_BASIC)])
    assert (res.status, res.err) == (0, "")
    assert res.out == CURRENT_EXPECTED.read_text()
    res = run_opt(["-p", "pto2-pipeline", "-t", "pto2-cpp{api=current}", str(ORCH_BASIC),
                   "-o", f"{tmp_path}/"])
    assert (res.status, res.out, res.err) == (0, "", "")
    written = (tmp_path / "orchestration" / "orch_basic.cpp").read_text()
    assert written == CURRENT_EXPECTED.read_text()
    config = json.loads((tmp_path / "kernel_config.json").read_text())
    assert config["orchestrations"][0]["entry"] == "aicpu_orchestration_entry"


@pytest.mark.parametrize("spec", ["pto2-cpp{api=next}", "pto2-cpp{api=Seed}"])
def test_pypto_opt_rejects_an_unknown_generation(spec: str) -> None:
    """(Several values, `api=seed,current`, have their own message: test_driver_output.py.)"""
    res = run_opt(["-p", "pto2-pipeline", "-t", spec, str(ORCH_BASIC)])
    assert res.status == 2
    assert res.out == ""
    assert len(res.err.strip().splitlines()) == 1, res.err
    assert res.err.startswith(f"pypto-opt: error: -t '{spec}': unknown PTO2 API generation ")
    assert "Traceback" not in res.err


def test_the_readmes_current_listing_is_the_real_output() -> None:
    """README.md shows the `api=current` output of orch_basic abbreviated: each run of lines
    between `// ...` marks is a run of consecutive lines of the real output, in order."""
    readme = (ROOT / "README.md").read_text()
    command = "-t 'pto2-cpp{api=current}' examples/orch_basic.mlir\n```"
    assert command in readme
    listing = readme.split(command, 1)[1].split("```cpp\n", 1)[1].split("```", 1)[0]
    runs: list[list[str]] = [[]]
    for line in listing.splitlines():
        if line.strip() == "// ...":
            runs.append([])
        else:
            runs[-1].append(line)
    real = CURRENT_EXPECTED.read_text().splitlines()
    runs = [run for run in runs if run]
    assert sum(map(len, runs)) >= 15, runs
    at = 0
    for run in runs:
        starts = [i for i in range(at, len(real) - len(run) + 1) if real[i:i + len(run)] == run]
        assert starts, run
        at = starts[0] + len(run)
