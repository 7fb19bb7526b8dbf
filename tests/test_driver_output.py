"""Where pypto-opt's output goes: `-o FILE` (written only by a successful run), `-o DIR/` with
`--split-input-file` (every chunk's functions, one kernel_config.json, nothing on stdout),
several orchestration functions for one file; and the --help / --list-xdsl / --time-passes
texts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_driver import run_opt

KERNEL = "pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>\n"


def _func(name: str) -> str:
    return (
        f"func.func @{name}(%a: tensor<4xf32>, %b: tensor<4xf32> {{pto_orch.dir = "
        "#pto_orch.dir<out>}) attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {\n"
        "  %r = pto_orch.call @k(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n"
        "  func.return\n}\n"
    )


CPP = ["-p", "pto2-pipeline", "-t", "pto2-cpp"]


def test_split_input_file_into_a_folder_keeps_every_chunk(write, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = write(KERNEL + _func("one") + "// -----\n" + KERNEL + _func("two"))
    out = tmp_path / "out"
    status, stdout, err = run_opt(["--split-input-file", *CPP, str(path), "-o", f"{out}/"])
    assert (status, stdout, err) == (0, "", "")
    assert sorted(p.name for p in (out / "orchestration").iterdir()) == ["one.cpp", "two.cpp"]
    config = json.loads((out / "kernel_config.json").read_text())
    assert [o["function"] for o in config["orchestrations"]] == ["one", "two"]


def test_a_function_name_in_two_chunks_is_an_error(write, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = write(KERNEL + _func("one") + "// -----\n" + KERNEL + _func("one"))
    out = tmp_path / "out"
    status, stdout, err = run_opt(["--split-input-file", *CPP, str(path), "-o", f"{out}/"])
    assert (status, stdout) == (1, "")
    assert err == (
        f"{path}:8:1: error: 'func.func' op @one is an orchestration function of an earlier "
        "chunk too; both would be written to orchestration/one.cpp: rename one\n"
    )
    assert not out.exists()


def test_several_functions_cannot_share_one_file(write, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "orch.cpp"
    message = (
        f"pypto-opt: error: 2 orchestration functions cannot share one C++ file ({target}): "
        "each defines aicpu_orchestration_entry; write them with -o DIR/ (one file each)\n"
    )
    for text, flags in [
        (KERNEL + _func("one") + _func("two"), []),
        (KERNEL + _func("one") + "// -----\n" + KERNEL + _func("two"), ["--split-input-file"]),
    ]:
        status, stdout, err = run_opt([*flags, *CPP, str(write(text)), "-o", str(target)])
        assert (status, stdout, err) == (1, "", message)
        assert not target.exists()


def test_a_failing_run_neither_creates_nor_truncates_the_output_file(write, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    bad = write("func.func @f() {\n  %x = foo.bar\n}\n")
    target = tmp_path / "out.mlir"
    status, _, _ = run_opt([str(bad), "-o", str(target)])
    assert status == 1
    assert not target.exists()
    target.write_text("kept\n")
    status, _, _ = run_opt([str(bad), "-o", str(target)])
    assert status == 1
    assert target.read_text() == "kept\n"
    status, stdout, err = run_opt([str(write(KERNEL, "ok.mlir")), "-o", str(target)])
    assert (status, stdout, err) == (0, "", "")
    assert target.read_text().startswith("builtin.module {\n  pto_orch.kernel @k aiv")


def test_help_lists_ours_first_and_not_xdsls() -> None:
    status, out, _ = run_opt(["--help"])
    assert status == 0
    sections = re.findall(r"^(\S[^\n]*):$", out, re.M)
    assert sections[:5] == [
        "examples", "positional arguments", "dialects", "passes and pipelines", "targets (-t NAME)"
    ]
    assert "--pto2-pipeline" in out
    assert "pto2-cpp: PTO2 runtime C++" in out
    assert "convert-scf-to-cf" not in out
    assert "riscv" not in out
    status, listing, _ = run_opt(["--list-xdsl"])
    assert status == 0
    assert "\n  convert-scf-to-cf\n" in listing
    assert "\n  riscv-asm\n" not in listing  # a target: not offered (below)
    assert "pto2-pipeline" not in listing
    assert "pto2-cpp" not in listing


@pytest.mark.parametrize("target", ["wgsl", "csl", "riscv-asm", "llvm", "mps"])
def test_foreign_xdsl_targets_are_a_usage_error(write, target: str) -> None:  # type: ignore[no-untyped-def]
    """xDSL's own targets cannot print the pto dialects: one line, exit 2, never an empty
    output with exit 0 (wgsl) or an internal error (llvm, mps)."""
    path = write(KERNEL + _func("one"))
    status, out, err = run_opt(["-t", target, str(path)])
    assert (status, out) == (2, "")
    assert err == (
        f"pypto-opt: error: argument -t/--target: invalid choice: '{target}' "
        "(choose from mlir, pto2-cpp) (see pypto-opt --help)\n"
    )


def test_time_passes_times_each_pass_of_the_pipeline_on_stderr(write) -> None:  # type: ignore[no-untyped-def]
    path = write(KERNEL + _func("one"))
    status, out, err = run_opt(["--time-passes", "-p", "pto2-pipeline,canonicalize", str(path)])
    assert status == 0
    assert out.startswith("builtin.module {")
    names = [re.fullmatch(r"pass (\S+): \d+\.\d{6} s", line).group(1) for line in err.splitlines()]  # type: ignore[union-attr]
    from pypto_dialects.transforms.pto2_pipeline import STEPS  # the order, written once

    assert names == [*STEPS, "canonicalize"]


def test_a_bad_target_spec_is_a_usage_error(write) -> None:  # type: ignore[no-untyped-def]
    path = str(write(KERNEL + _func("one")))
    cases = {
        "pto2-cpp{out-dir=}": "Unknown argument value, wrap argument in quotes",
        "pto2-cpp{": "Expected argument name here",
        "pto2-cpp{out-dir}": "-t 'pto2-cpp{out-dir}': out-dir takes one directory, as out-dir=\"DIR\"",
        "pto2-cpp{bogus=1}": "-t 'pto2-cpp{bogus=1}': pto2-cpp has no option 'bogus' (its options are out-dir=\"DIR\", api=seed|current and wait-only-edges=true|false)",
        "pto2-cpp{api=next}": "-t 'pto2-cpp{api=next}': unknown PTO2 API generation 'next': use api=seed (simpler b7d04b45e, the default) or api=current (simpler 6ebaf7715)",
        # the value as written, not as xDSL converts it (True, 1)
        "pto2-cpp{api=true}": "-t 'pto2-cpp{api=true}': unknown PTO2 API generation 'true': use api=seed (simpler b7d04b45e, the default) or api=current (simpler 6ebaf7715)",
        "pto2-cpp{api=1}": "-t 'pto2-cpp{api=1}': unknown PTO2 API generation '1': use api=seed",
        "pto2-cpp{api}": "-t 'pto2-cpp{api}': option 'api' needs a value: use api=seed (simpler b7d04b45e, the default) or api=current (simpler 6ebaf7715)",
        "pto2-cpp{api out-dir=\"d\"}": "-t 'pto2-cpp{api out-dir=\"d\"}': option 'api' needs a value: use api=seed",
        "pto2-cpp{api=seed,current}": "-t 'pto2-cpp{api=seed,current}': option 'api' takes one value, not 2 (seed,current): use api=seed (simpler b7d04b45e, the default) or api=current (simpler 6ebaf7715)",
        # an option given twice: xDSL's spec keeps the last one, silently
        "pto2-cpp{api=seed api=current}": "-t 'pto2-cpp{api=seed api=current}': option 'api' is given twice (api=seed, api=current): give it once; use api=seed (simpler b7d04b45e, the default) or api=current (simpler 6ebaf7715)",
        "pto2-cpp{api=current api=current}": "option 'api' is given twice (api=current, api=current): give it once; use api=seed",
        "pto2-cpp{api=current api}": "option 'api' is given twice (api=current, api): give it once; use api=seed",
        "pto2-cpp{out-dir=\"a\" out-dir=\"b\"}": "-t 'pto2-cpp{out-dir=\"a\" out-dir=\"b\"}': option 'out-dir' is given twice (out-dir=\"a\", out-dir=\"b\"): give it once; out-dir takes one directory, as out-dir=\"DIR\"",
    }
    for spec, message in cases.items():
        status, out, err = run_opt([*CPP[:2], "-t", spec, path])
        assert (status, out) == (2, ""), spec
        assert err.startswith("pypto-opt: error: "), spec
        assert message in err, spec
        assert "Traceback" not in err, spec
        assert len(err.strip().splitlines()) == 1, spec


@pytest.mark.parametrize(("spec", "signature"), [
    ("pto2-cpp{api=current}", "const ChipTaskArgs& orch_args"),
    ('pto2-cpp{api="current"}', "const ChipTaskArgs& orch_args"),
    ("pto2-cpp{api=seed}", "const ChipStorageTaskArgs& orch_args"),
    ("pto2-cpp", "const ChipStorageTaskArgs& orch_args"),
])
def test_a_good_api_option_picks_its_generation(write, spec: str, signature: str) -> None:  # type: ignore[no-untyped-def]
    path = str(write(KERNEL + _func("one")))
    status, out, err = run_opt([*CPP[:2], "-t", spec, path])
    assert (status, err) == (0, "")
    assert f"void aicpu_orchestration_entry({signature}) {{" in out
