"""No import cycle among the project's modules, counting the imports inside functions too.

The modules are those of the folders of [tool.setuptools] package-dir (pyproject.toml), under
their installed names (transforms/registry.py is `pypto_dialects.transforms.registry`). An
edge is an `import` or `from ... import` anywhere in a module's source, at module level or
inside a function, to another of these modules: `from pkg import name` goes to the module
`pkg.name` when there is one, else to `pkg`. Not counted: imports under `if TYPE_CHECKING:`
(annotations only, never run) and the parent packages Python initialises on the way.

A cycle is reported as one closed chain of imports, each with the file and line it is at.
"""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

Edges = dict[str, dict[str, str]]
"""module -> imported module -> `file:line` of the first such import."""


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Installed module name -> source file, for every `.py` file of the package-dir folders
    of `root`/pyproject.toml (a folder mapped to its own package is left to that package)."""
    with open(root / "pyproject.toml", "rb") as f:
        mapping: dict[str, str] = tomllib.load(f)["tool"]["setuptools"]["package-dir"]
    dirs = {(root / folder).resolve(): package for package, folder in mapping.items()}
    found: dict[str, Path] = {}
    for folder, package in dirs.items():
        for path in sorted(folder.rglob("*.py")):
            owner = max((d for d in dirs if path.is_relative_to(d)), key=lambda d: len(d.parts))
            if owner != folder:
                continue
            parts = [p for p in path.relative_to(folder).with_suffix("").parts if p != "__init__"]
            found[".".join([package, *parts])] = path
    return found


def _runtime_imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement of `tree` outside `if TYPE_CHECKING:` bodies."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def _base(module: str, path: Path, node: ast.ImportFrom) -> str:
    """The absolute module a `from` import names (relative imports resolved)."""
    if node.level == 0:
        return node.module or ""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    package = package[: len(package) - (node.level - 1)]
    return ".".join([*package, *([node.module] if node.module else [])])


def import_edges(mods: dict[str, Path], root: Path = ROOT) -> Edges:
    """The import graph of `mods` (module docstring)."""
    edges: Edges = {m: {} for m in mods}
    for module, path in mods.items():
        for node in _runtime_imports(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                base = _base(module, path, node)
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base
                           for a in node.names]
            for target in targets:
                if target in mods and target != module:
                    where = f"{path.relative_to(root)}:{node.lineno}"
                    edges[module].setdefault(target, where)
    return edges


def cycles(edges: Edges) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted;
    sorted by their first module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(found)


def chain(edges: Edges, component: list[str]) -> str:
    """One closed chain of imports through the first module of `component`, shortest first
    (breadth-first within the component), with the place of each import."""
    start = component[0]
    inside = set(component)
    came: dict[str, str] = {}
    frontier = [start]
    while frontier and start not in came:
        nxt = []
        for v in frontier:
            for w in sorted(edges[v]):
                if w in inside and w not in came:
                    came[w] = v
                    nxt.append(w)
        frontier = nxt
    path = [start]
    while True:
        prev = came[path[-1]]
        path.append(prev)
        if prev == start:
            break
    path.reverse()
    return " -> ".join(
        [path[0]] + [f"{b} ({edges[a][b]})" for a, b in pairwise(path)]
    )


def test_no_import_cycle() -> None:
    edges = import_edges(modules())
    found = cycles(edges)
    report = "\n".join(f"{chain(edges, c)}\n  (all of: {', '.join(c)})" for c in found)
    assert not found, f"{len(found)} import cycle(s):\n{report}"


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.setuptools]\npackage-dir = { "pkg" = "src", "pkg.sub" = "sub" }\n'
    )
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    return tmp_path


def test_function_level_import_cycle_is_reported(tmp_path: Path) -> None:
    root = _tree(
        tmp_path,
        {
            "src/__init__.py": "",
            "src/a.py": "from pkg.sub import b\n",
            "sub/__init__.py": "",
            "sub/b.py": "def f():\n    from pkg import a\n    return a\n",
            "sub/c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pkg.a\n",
            "sub/d.py": "from . import c\nfrom .. import a\n",
        },
    )
    mods = modules(root)
    assert sorted(mods) == ["pkg", "pkg.a", "pkg.sub", "pkg.sub.b", "pkg.sub.c", "pkg.sub.d"]
    edges = import_edges(mods, root)
    assert edges["pkg.sub.c"] == {}  # TYPE_CHECKING only
    assert edges["pkg.sub.d"] == {"pkg.sub.c": "sub/d.py:1", "pkg.a": "sub/d.py:2"}
    found = cycles(edges)
    assert found == [["pkg.a", "pkg.sub.b"]]
    assert chain(edges, found[0]) == "pkg.a -> pkg.sub.b (src/a.py:1) -> pkg.a (sub/b.py:2)"
