"""Our dialects as IRDL for upstream mlir-opt 19 (pypto_dialects/irdl_export.py, docs/index.md
"Interop with upstream MLIR"): the IRDL module `pypto-opt --emit-irdl` prints is read by
`mlir-opt --irdl-file`, every example (as written and after pto2-pipeline) in the form
`print_irdl_generic` prints verifies there without `--allow-unregistered-dialect`, and
malformed ops are rejected by the IRDL verifiers.

Two limits of IRDL 19 are pinned here, so that a change of either shows up:
- IRDL-defined ops have no properties: the plain `--print-op-generic` form is rejected;
- IRDL ops have no traits, so `pto_rt.yield` / `pto_tensor.yield` are no terminators to
  mlir-opt: `print_irdl_generic` puts an `llvm.unreachable` after each, and without it a
  module with a `pto_rt.scope` or `pto_tensor.alloc_tensors` fails MLIR's structural check
  (`test_yields_need_the_upstream_terminator`).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from opt_runner import EXAMPLES, MLIR_OPT, opt_ok, run_opt
from pypto_dialects import irdl_export
from pypto_dialects.context import make_context
from pypto_dialects.irdl_export import (
    emit_irdl,
    irdl_fallbacks,
    print_irdl_generic,
    read_irdl_generic,
)
from pypto_dialects.parsing import parse_module

pytestmark = pytest.mark.skipif(
    not MLIR_OPT.exists(),
    reason=f"upstream mlir-opt not found at {MLIR_OPT} (Debian package mlir-19-tools; "
    "scripts/test.sh installs it)",
)

FILES = sorted(EXAMPLES.glob("*.mlir"))
IDS = [p.stem for p in FILES]

NO_TERMINATOR = re.compile(r'error: block with no terminator, has "pto_(rt|tensor)\.yield"')
YIELD_LINE = re.compile(r'^(\s*)("pto_(?:rt|tensor)\.yield"\(.*)$', re.M)
END_LINE = re.compile(r'^\s*"llvm\.unreachable"\(\) : \(\) -> \(\)\n', re.M)


@pytest.fixture(scope="module")
def irdl_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("irdl") / "pto.irdl.mlir"
    path.write_text(emit_irdl())
    return path


def mlir_opt(irdl: Path, text: str) -> subprocess.CompletedProcess[str]:
    """`mlir-opt --irdl-file=irdl --verify-each` on `text` (generic output); no unregistered
    dialects."""
    return subprocess.run(
        [str(MLIR_OPT), f"--irdl-file={irdl}", "--verify-each", "--mlir-print-op-generic", "-"],
        input=text,
        capture_output=True,
        text=True,
    )


def irdl_form(generic: str) -> str:
    """Our generic form (pypto-opt --print-op-generic) in the form IRDL 19 verifies."""
    return print_irdl_generic(parse_module(make_context(), generic, "generic.mlir"))


def assert_verifies(irdl: Path, text: str) -> None:
    """`text` verifies in mlir-opt as it is, every op of ours registered."""
    res = mlir_opt(irdl, text)
    assert res.returncode == 0, f"mlir-opt rejected:\n{res.stderr}\n--- input:\n{text}"
    for op in set(re.findall(r'"(pto_[a-z]+\.[a-z_]+)"', text)):
        assert f'"{op}"' in res.stdout  # printed back as an op of a registered dialect


# --------------------------------------------------------------------------- the IRDL module


def test_mlir_opt_reads_the_irdl_module(irdl_file: Path) -> None:
    res = subprocess.run([str(MLIR_OPT), str(irdl_file)], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    for dialect in irdl_export.DIALECT_NAMES:
        assert f"irdl.dialect @{dialect} {{" in res.stdout
    empty = mlir_opt(irdl_file, "")
    assert empty.returncode == 0, empty.stderr


def test_every_op_and_attribute_is_defined() -> None:
    text = emit_irdl()
    for dialect in irdl_export._dialects():
        for op in dialect.operations:
            assert f"irdl.operation @{op.name.split('.', 1)[1]} {{" in text
        for attr in dialect.attributes:
            assert re.search(rf"irdl\.(type|attribute) @{attr.name.split('.', 1)[1]} {{", text)


def test_pypto_opt_emit_irdl_prints_it_without_input() -> None:
    res = run_opt(["--emit-irdl"])
    assert (res.status, res.err) == (0, "")
    assert res.out == emit_irdl()
    console = Path(sys.executable).parent / "pypto-opt"
    proc = subprocess.run(
        [str(console), "--emit-irdl"], stdin=subprocess.DEVNULL, capture_output=True, text=True
    )
    assert (proc.returncode, proc.stdout) == (0, emit_irdl())


def test_fallbacks_are_listed_and_commented() -> None:
    """Every constraint exported weaker than xDSL checks it is in `irdl_fallbacks()` and
    marked in the IRDL text (`// fallback:` for an irdl.any standing in for a constraint,
    `// partial:`, or `// optional '...': not checked`)."""
    text = emit_irdl()
    fallbacks = irdl_fallbacks()
    assert fallbacks
    marked = len(re.findall(r"// (fallback|partial):", text))
    unchecked = len(re.findall(r"// optional '[a-z_]+' \(.*\): not checked", text))
    assert marked + unchecked == len(fallbacks)
    # operands are positional (IRDL 19), never the later `irdl.operands(name: %x)` syntax
    assert not re.search(r"irdl\.(operands|results)\([a-z_]+:", text)


# --------------------------------------------------------------------------- the examples


@pytest.mark.parametrize("pipeline", [False, True], ids=["as-written", "pto2-pipeline"])
@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_every_example_verifies_in_mlir_opt(irdl_file: Path, path: Path, pipeline: bool) -> None:
    flags = ["-p", "pto2-pipeline"] if pipeline else []
    generic = opt_ok(["--print-op-generic", *flags, str(path)])
    assert_verifies(irdl_file, irdl_form(generic))


@pytest.mark.parametrize("pipeline", [False, True], ids=["as-written", "pto2-pipeline"])
@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_mlir_opt_output_reads_back(irdl_file: Path, path: Path, pipeline: bool) -> None:
    """`read_irdl_generic` takes mlir-opt's output back: A = mlir-opt(IRDL form of the
    example), B = mlir-opt(IRDL form of read_irdl_generic(A)), and A == B (mlir-opt sorts
    attributes and renumbers values, so the modules are compared through it)."""
    flags = ["-p", "pto2-pipeline"] if pipeline else []
    generic = opt_ok(["--print-op-generic", *flags, str(path)])

    def upstream(text: str) -> str:
        res = mlir_opt(irdl_file, text)
        assert res.returncode == 0, res.stderr
        return res.stdout

    a = upstream(irdl_form(generic))
    b = upstream(print_irdl_generic(read_irdl_generic(a, "a.mlir")))
    assert a == b


@pytest.mark.parametrize("name", ["manual_submit", "case1_manual_parallel"])
def test_yields_need_the_upstream_terminator(irdl_file: Path, name: str) -> None:
    """IRDL 19 cannot make our yields terminators: with the `llvm.unreachable` after each taken
    out, mlir-opt rejects the region at the yield; `read_irdl_generic` drops them again."""
    generic = opt_ok(["--print-op-generic", "-p", "pto2-pipeline", str(EXAMPLES / f"{name}.mlir")])
    text = irdl_form(generic)
    bare, n = END_LINE.subn("", text)
    assert n == len(YIELD_LINE.findall(text)) > 0
    res = mlir_opt(irdl_file, bare)
    assert res.returncode == 1
    (error,) = [line for line in res.stderr.splitlines() if "error:" in line]
    assert NO_TERMINATOR.search(error), res.stderr
    back = read_irdl_generic(mlir_opt(irdl_file, text).stdout, "back.mlir")
    assert not [op for op in back.walk() if op.name == "llvm.unreachable"]


def test_plain_generic_form_is_rejected(irdl_file: Path) -> None:
    """What `print_irdl_generic` changes, one reason at a time: IRDL-defined attributes read
    their parameters as attributes (`#pto_orch.kind<aiv>` is no attribute value), and IRDL 19
    ops have no properties (`<{...}>` must go into the attribute dictionary)."""
    generic = opt_ok(["--print-op-generic", str(EXAMPLES / "orch_basic.mlir")])
    res = mlir_opt(irdl_file, generic)
    assert res.returncode == 1
    assert "error: expected attribute value" in res.stderr
    assert "#pto_orch.kind<aiv>" in res.stderr
    quoted = re.sub(r"(#pto_(?:orch|rt)\.[a-z_]+)<([a-z_]+)>", r'\1<"\2">', generic)
    res = mlir_opt(irdl_file, quoted)
    assert res.returncode == 1
    assert "extensible Dialects don't support properties" in res.stderr


def test_mixed_type_groups_are_split_into_runs(irdl_file: Path) -> None:
    """case1's task passes (tensor, index, f32, tensor): one run each in the IRDL form."""
    generic = opt_ok(["--print-op-generic", str(EXAMPLES / "case1_manual_parallel.mlir")])
    text = irdl_form(generic)
    (line,) = [ln for ln in text.splitlines() if '"pto_orch.submit"' in ln]
    sizes = re.search(r"operand_segment_sizes = array<i32: ([0-9, ]+)>", line)
    assert sizes is not None
    values = [int(v) for v in sizes.group(1).split(", ")]
    args = irdl_export.runs_limit("pto_orch.submit", "args")
    assert values[:4] == [1, 1, 1, 1]
    assert sum(values[:args]) == 4
    # args, deps and compiler_deps in runs, then the optional block count value (one segment)
    assert len(values) == args + 2 * irdl_export.runs_limit("pto_orch.submit", "deps") + 1
    assert values[-1] == 0
    assert "#pto_rt.mode<\"manual\">" in text
    assert_verifies(irdl_file, text)


def test_too_many_runs_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(irdl_export, "DEFAULT_RUNS", 1)
    path = str(EXAMPLES / "softmax_tuple.mlir")
    generic = opt_ok(["--print-op-generic", "-p", "pto2-pipeline", path])
    module = parse_module(make_context(), generic, "g.mlir")
    with pytest.raises(ValueError, match=r"pto_rt\.(yield|scope): .* has 2 runs"):
        print_irdl_generic(module)


# --------------------------------------------------------------------------- malformed ops

SMALL = """\
pto_orch.kernel @k aiv (in tensor<4xf32>, in index, out tensor<4xf32>) -> tensor<4xf32>
func.func @f(%a: tensor<4xf32>, %d: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>})
    -> tensor<4xf32> attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {
  %c0 = arith.constant 0 : index
  %r = pto_orch.call @k(%a, %c0, %d) : (tensor<4xf32>, index, tensor<4xf32>) -> tensor<4xf32>
  %arr = pto_orch.task_array_create : !pto_orch.task_id_array<2>
  %t = pto_orch.task_array_get %arr[%c0] : !pto_orch.task_id_array<2>
  %r2, %t2 = pto_orch.submit @k(%a, %c0, %r) deps(%t : !pto_orch.task_id)
      : (tensor<4xf32>, index, tensor<4xf32>) -> tensor<4xf32>
  func.return %r2 : tensor<4xf32>
}
"""


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("small") / "small.mlir"
    path.write_text(SMALL)
    return irdl_form(opt_ok(["--print-op-generic", str(path)]))


def mutate(text: str, op: str, old: str, new: str) -> str:
    """`text` with `old` replaced by `new` on the line of `op` (which must contain it)."""
    lines = text.splitlines(keepends=True)
    (i,) = [i for i, ln in enumerate(lines) if f'"{op}"' in ln]
    assert old in lines[i], lines[i]
    lines[i] = lines[i].replace(old, new, 1)
    return "".join(lines)


def rejected(irdl: Path, text: str) -> str:
    res = mlir_opt(irdl, text)
    assert res.returncode == 1, f"mlir-opt accepted:\n{text}"
    return res.stderr


def test_the_small_program_verifies(irdl_file: Path, small: str) -> None:
    assert_verifies(irdl_file, small)


def test_wrong_operand_count_is_rejected(irdl_file: Path, small: str) -> None:
    bad = mutate(small, "pto_orch.task_array_get", "(%arr, %c0)", "(%arr)")
    bad = mutate(bad, "pto_orch.task_array_get", "(!pto_orch.task_id_array<2>, index)",
                 "(!pto_orch.task_id_array<2>)")
    assert "op expects exactly 2 operands, but got 1" in rejected(irdl_file, bad)
    # a task's groups: the operand count disagrees with its segment sizes
    bad = mutate(small, "pto_orch.call", "(%a, %c0, %d)", "(%a, %c0)")
    bad = mutate(bad, "pto_orch.call", "(tensor<4xf32>, index, tensor<4xf32>) ->",
                 "(tensor<4xf32>, index) ->")
    assert (
        "sum of elements in 'operand_segment_sizes' attribute must be equal to the number of "
        "operands" in rejected(irdl_file, bad)
    )


def test_wrong_result_type_is_rejected(irdl_file: Path, small: str) -> None:
    # the submit's last result is its TaskId (%t2, unused)
    bad = mutate(small, "pto_orch.submit", "-> (tensor<4xf32>, !pto_orch.task_id)",
                 "-> (tensor<4xf32>, index)")
    err = rejected(irdl_file, bad)
    assert "expected base type 'pto_orch.task_id' but got 'builtin.index'" in err


def test_missing_required_attribute_is_rejected(irdl_file: Path, small: str) -> None:
    bad = mutate(small, "pto_orch.call", "callee = @k, ", "")
    assert "'pto_orch.call' op attribute \"callee\" is expected but not provided" in rejected(
        irdl_file, bad
    )
    bad = mutate(small, "pto_orch.kernel", 'kind = #pto_orch.kind<"aiv">, ', "")
    assert "'pto_orch.kernel' op attribute \"kind\" is expected but not provided" in rejected(
        irdl_file, bad
    )


def test_bad_attribute_values_are_rejected(irdl_file: Path, small: str) -> None:
    bad = mutate(small, "func.func", '#pto_orch.dir<"out">', '#pto_orch.dir<"sideways">')
    assert "'\"sideways\"' does not satisfy the constraint" in rejected(irdl_file, bad)
    bad = mutate(small, "pto_orch.call", "callee = @k", 'callee = "k"')
    assert "expected base attribute 'builtin.symbol_ref' but got 'builtin.string'" in rejected(
        irdl_file, bad
    )


def test_a_tensor_in_deps_is_rejected(irdl_file: Path, small: str) -> None:
    bad = mutate(small, "pto_orch.submit", "(%a, %c0, %r, %t)", "(%a, %c0, %r, %a)")
    bad = mutate(bad, "pto_orch.submit", "tensor<4xf32>, !pto_orch.task_id) ->",
                 "tensor<4xf32>, tensor<4xf32>) ->")
    assert "does not satisfy the constraint" in rejected(irdl_file, bad)


def test_kernel_redefinition_is_rejected(irdl_file: Path, small: str) -> None:
    """mlir-opt's symbol table sees the kernels' `sym_name`."""
    kernel = next(ln for ln in small.splitlines() if '"pto_orch.kernel"' in ln)
    bad = small.replace(kernel, kernel + "\n" + kernel, 1)
    assert "redefinition of symbol named 'k'" in rejected(irdl_file, bad)
