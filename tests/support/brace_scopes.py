"""A brace-scope check of emitted orchestration C++ (rule 6): no identifier is used
outside the `{...}` block that declares it.

`scope_violations(cpp_text)` tokenizes the C++ (comments, preprocessor lines and string
literals skipped), tracks the declarations of every block (a `{ ... }` statement block, the
init of a `for (...)` statement, which lives until the end of the for's body, braced or not,
and function parameters, which belong to the function body) and reports each use of a
declared name where no enclosing open block declares it, each declaration of a name its own
block already declares, and each use of a name before its declaration. It understands the
C++ the pto2-cpp target prints (declarations start with a known type; initializer braces
`= {...}` and `T{...}` are not blocks; `union { ... } name;` declares `name` outside and its
members inside; `.member`, `->member` and `X::member` are not uses), not C++ in general.

    violations = scope_violations(code)
    assert violations == [], violations     # ["line 42: 'acc' used outside its block", ...]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

TYPES = frozenset(
    """
    Tensor Arg TaskOutputTensors TensorCreateInfo PTO2TaskId MixedKernels ChipStorageTaskArgs
    int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t float double bool
    """.split()
)
"""Types a declaration of the emitted C++ starts with (after an optional `const`)."""

_TOKEN = re.compile(
    r"""(?P<skip>//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|^[ \t]*\#[^\n]*)
      |(?P<ident>[A-Za-z_][A-Za-z0-9_]*)
      |(?P<num>[0-9][0-9A-Za-z_.']*)
      |(?P<punct>->|::|\+\+|--|[{}()\[\];,.=&*<>+\-/%!?:|^~])
      |(?P<ws>\s+)
    """,
    re.VERBOSE | re.MULTILINE | re.DOTALL,
)


@dataclass
class _Tok:
    kind: str
    text: str
    line: int


def tokenize(text: str) -> list[_Tok]:
    """Identifiers, numbers and punctuation with their line numbers (strings are kept as one
    `str` token, comments and preprocessor lines dropped)."""
    out: list[_Tok] = []
    line = 1
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:  # anything else: one character of its own
            out.append(_Tok("punct", text[pos], line))
            pos += 1
            continue
        s = m.group(0)
        if m.lastgroup == "skip":
            if s.startswith('"'):
                out.append(_Tok("str", s, line))
        elif m.lastgroup != "ws":
            out.append(_Tok(m.lastgroup or "punct", s, line))
        line += s.count("\n")
        pos = m.end()
    return out


@dataclass
class _Scope:
    kind: str  # "block", "for", "init" (initializer braces), "union"
    names: set[str] = field(default_factory=set)
    braced: bool = False  # a for scope whose body is a block
    header_paren: int = 0  # paren depth at which a for header started


def _declarations(toks: list[_Tok]) -> dict[int, str]:
    """Token index -> declared name, for every declaration the checker recognizes."""
    decls: dict[int, str] = {}
    n = len(toks)
    for i, t in enumerate(toks):
        if t.kind != "ident" or t.text not in TYPES:
            continue
        j = i + 1
        while j < n and toks[j].text in ("&", "*"):
            j += 1
        if j >= n or toks[j].kind != "ident":
            continue
        after = toks[j + 1].text if j + 1 < n else ""
        if after in ("=", ";", "[", "(", ",", ")"):
            if after == ")" and not _param_context(toks, i):
                continue
            decls[j] = toks[j].text
    # union { ... } name;
    for i, t in enumerate(toks):
        if t.text == "union" and i + 1 < n and toks[i + 1].text == "{":
            depth = 0
            for j in range(i + 1, n):
                if toks[j].text == "{":
                    depth += 1
                elif toks[j].text == "}":
                    depth -= 1
                    if depth == 0:
                        if j + 1 < n and toks[j + 1].kind == "ident":
                            decls[j + 1] = toks[j + 1].text
                        break
    return decls


def _param_context(toks: list[_Tok], i: int) -> bool:
    """Whether the type at `i` starts a function parameter (inside the parentheses of a
    declaration `name(...)` that a `{` follows)."""
    depth = 0
    for k in range(i - 1, -1, -1):
        s = toks[k].text
        if s == ")":
            depth += 1
        elif s == "(":
            if depth == 0:
                return k > 0 and toks[k - 1].kind == "ident" and toks[k - 1].text not in (
                    "for", "if", "while", "switch", "PTO2_SCOPE"
                ) and _followed_by_block(toks, k)
            depth -= 1
        elif s in (";", "{", "}"):
            return False
    return False


def _followed_by_block(toks: list[_Tok], open_paren: int) -> bool:
    depth = 0
    for k in range(open_paren, len(toks)):
        s = toks[k].text
        if s == "(":
            depth += 1
        elif s == ")":
            depth -= 1
            if depth == 0:
                return k + 1 < len(toks) and toks[k + 1].text == "{"
    return False


_BLOCK_BEFORE = frozenset({")", "else", ";", "{", "}", "do"})


def scope_violations(text: str) -> list[str]:
    """Every use of a declared name outside the blocks that declare it, every redeclaration
    in one block and every use before declaration, as `line N: ...` messages."""
    toks = tokenize(text)
    decls = _declarations(toks)
    declared_names = set(decls.values())
    out: list[str] = []
    stack: list[_Scope] = [_Scope("block")]
    pending_params: set[str] = set()
    paren = 0
    for_header: list[_Scope] = []  # for scopes whose header parentheses are open

    def visible(name: str) -> bool:
        return any(name in s.names for s in stack)

    def close_unbraced_fors() -> None:
        while stack and stack[-1].kind == "for" and not stack[-1].braced and not for_header:
            stack.pop()

    i = 0
    n = len(toks)
    while i < n:
        t = toks[i]
        s = t.text
        prev = toks[i - 1].text if i else ""
        if t.kind == "ident" and s == "for" and i + 1 < n and toks[i + 1].text == "(":
            scope = _Scope("for", header_paren=paren)
            stack.append(scope)
            for_header.append(scope)
        elif s == "(":
            paren += 1
        elif s == ")":
            paren -= 1
            if for_header and paren == for_header[-1].header_paren:
                for_header.pop()
        elif s == "{":
            if prev == "union":
                stack.append(_Scope("union"))
            elif prev in _BLOCK_BEFORE or toks[i - 1].kind == "str":
                if stack[-1].kind == "for" and not stack[-1].braced and prev == ")":
                    stack[-1].braced = True
                block = _Scope("block", names=set(pending_params))
                pending_params.clear()
                stack.append(block)
            else:
                stack.append(_Scope("init"))
        elif s == "}":
            closed = stack.pop()
            if closed.kind == "block" and stack and stack[-1].kind == "for" and stack[-1].braced:
                stack.pop()
                close_unbraced_fors()
            elif closed.kind == "block":
                close_unbraced_fors()
        elif s == ";":
            if paren == 0:
                close_unbraced_fors()
        elif t.kind == "ident" and i in decls:
            target = stack[-1]
            if paren > 0 and not for_header:
                pending_params.add(s)
            else:
                if s in target.names:
                    out.append(f"line {t.line}: '{s}' declared twice in one block")
                target.names.add(s)
        elif t.kind == "ident" and s in declared_names and prev not in (".", "->", "::"):
            if not visible(s):
                out.append(f"line {t.line}: '{s}' used outside the block that declares it")
        i += 1
    return out
