"""`--verify-diagnostics` with mlir-opt's meaning: the run's diagnostics are checked against
the input's `expected-error/warning/note/remark` annotations (`@+N`, `@-N`, `@above`,
`@below`, `@unknown`); exit 1 with one line per missing, unexpected or mismatched
diagnostic, 0 when all match. `--print-diagnostics` keeps xDSL's print-and-exit-0."""

from __future__ import annotations

import pytest
from test_driver import run_opt

KERNEL = "pto_orch.kernel @k aiv (in tensor<4xf32>, out tensor<4xf32>) -> tensor<4xf32>\n"
BAD_CALL = "  %r = pto_orch.call @k(out %a, out %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n"
MSG = ("'pto_orch.call' op argument 0 is passed as 'out' but kernel parameter 0 is 'in': a "
       "task cannot write through an input (use 'in' or 'no_dep')")


def _program(annotation_before: str = "", annotation_after: str = "", same_line: str = "") -> str:
    return (
        KERNEL
        + "func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) {\n"
        + annotation_before
        + BAD_CALL.rstrip("\n") + same_line + "\n"
        + annotation_after
        + "  func.return\n}\n"
    )


@pytest.mark.parametrize(
    ("before", "after", "same"),
    [
        ("  // expected-error@+1 {{kernel parameter 0 is 'in'}}\n", "", ""),
        ("  // expected-error@below {{kernel parameter 0 is 'in'}}\n", "", ""),
        ("", "  // expected-error@-1 {{kernel parameter 0 is 'in'}}\n", ""),
        ("", "  // expected-error@above {{kernel parameter 0 is 'in'}}\n", ""),
        ("", "", " // expected-error {{" + MSG + "}}"),
        ("  // expected-error @+1 {{kernel parameter 0 is 'in'}}\n", "", ""),
        ("  // expected-error-re@+1 {{argument {{[0-9]+}} is passed as '{{out|inout}}'}}\n", "", ""),
    ],
    ids=["plus", "below", "minus", "above", "same-line", "space-before-at", "regex"],
)
def test_matching_annotation_exits_0(write, before: str, after: str, same: str) -> None:  # type: ignore[no-untyped-def]
    path = write(_program(before, after, same))
    status, out, err = run_opt(["--verify-diagnostics", str(path)])
    assert (status, out, err) == (0, "", "")


def test_no_annotation_reports_the_unexpected_error(write) -> None:  # type: ignore[no-untyped-def]
    path = write(_program())
    status, out, err = run_opt(["--verify-diagnostics", str(path)])
    assert (status, out) == (1, "")
    assert err == f"{path}:3:3: error: unexpected error: {MSG}\n"


def test_mismatched_text_reports_both(write) -> None:  # type: ignore[no-untyped-def]
    path = write(_program("  // expected-error@+1 {{kernel parameter 1 is 'in'}}\n"))
    status, out, err = run_opt(["--verify-diagnostics", str(path)])
    assert (status, out) == (1, "")
    assert err.splitlines() == [
        f"{path}:4:3: error: unexpected error: {MSG}",
        f"{path}:3:6: error: expected error \"kernel parameter 1 is 'in'\" was not produced",
    ]


def test_wrong_line_or_severity_is_a_mismatch(write) -> None:  # type: ignore[no-untyped-def]
    path = write(_program("  // expected-warning@+1 {{kernel parameter 0}}\n"
                          "  // expected-error@+2 {{kernel parameter 0}}\n"))
    status, _, err = run_opt(["--verify-diagnostics", str(path)])
    assert status == 1
    assert err.splitlines() == [
        f"{path}:5:3: error: unexpected error: {MSG}",
        f"{path}:3:6: error: expected warning \"kernel parameter 0\" was not produced",
        f"{path}:4:6: error: expected error \"kernel parameter 0\" was not produced",
    ]


def test_missing_diagnostic_on_valid_input(write) -> None:  # type: ignore[no-untyped-def]
    path = write("// expected-remark@below {{never}}\nfunc.func @f() {\n  func.return\n}\n")
    status, out, err = run_opt(["--verify-diagnostics", str(path)])
    assert status == 1
    assert out.startswith("builtin.module {")
    assert err == f'{path}:1:4: error: expected remark "never" was not produced\n'


def test_parse_errors_are_checked(write) -> None:  # type: ignore[no-untyped-def]
    text = "// expected-error@+1 {{unknown kernel kind 'vector'}}\npto_orch.kernel @k vector (in tensor<4xf32>)\n"
    status, out, err = run_opt(["--verify-diagnostics", str(write(text))])
    assert (status, out, err) == (0, "", "")


def test_split_input_file_checks_each_chunk_with_its_own_annotations(write) -> None:  # type: ignore[no-untyped-def]
    ok = _program("  // expected-error@+1 {{kernel parameter 0 is 'in'}}\n")
    text = ok + "// -----\n" + ok + "// -----\n" + _program()
    path = write(text)
    status, _out, err = run_opt(["--split-input-file", "--verify-diagnostics", str(path)])
    assert status == 1
    line = 2 * ok.count("\n") + 2 + 3
    assert err == f"{path}:{line}:3: error: unexpected error: {MSG}\n"
    # an annotation in one chunk does not cover another chunk's diagnostic
    path = write(_program() + "// -----\n// expected-error@-5 {{kernel parameter 0 is 'in'}}\n")
    status, _, err = run_opt(["--split-input-file", "--verify-diagnostics", str(path)])
    assert status == 1
    assert err.splitlines() == [
        f"{path}:3:3: error: unexpected error: {MSG}",
        f"{path}:7:4: error: expected error \"kernel parameter 0 is 'in'\" was not produced",
    ]


def test_dangling_below_is_reported(write) -> None:  # type: ignore[no-untyped-def]
    path = write("func.func @f() {\n  func.return\n}\n// expected-error@below {{x}}\n")
    status, _, err = run_opt(["--verify-diagnostics", str(path)])
    assert status == 1
    assert err == f"{path}:4:4: error: expected-error@below has no line below it to apply to\n"


def test_print_and_verify_diagnostics_exclude_each_other(write) -> None:  # type: ignore[no-untyped-def]
    status, out, err = run_opt(["--verify-diagnostics", "--print-diagnostics", str(write(_program()))])
    assert (status, out) == (2, "")
    assert err == ("pypto-opt: error: --verify-diagnostics and --print-diagnostics exclude "
                   "each other (see pypto-opt --help)\n")


def test_a_regex_annotation_that_does_not_match_is_reported(write) -> None:  # type: ignore[no-untyped-def]
    path = write(_program("  // expected-error-re@+1 {{argument {{[1-9]}} is passed}}\n"))
    status, out, err = run_opt(["--verify-diagnostics", str(path)])
    assert (status, out) == (1, "")
    assert err.splitlines() == [
        f"{path}:4:3: error: unexpected error: {MSG}",
        f"{path}:3:6: error: expected error \"argument {{{{[1-9]}}}} is passed\" was not produced",
    ]
