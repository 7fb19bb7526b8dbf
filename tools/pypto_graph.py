"""`pypto-graph`: query a task graph written by `pypto-run --out DIR` (DIR/task_graph.json)
without running the program again (docs/interpreter.md, "Querying the task graph").

Exit status: 0, 1 when the file cannot be read or a task id is not in the graph, 2 for a
bad command line.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from pypto_dialects.interpreter.explain import GraphQueryError, explain, graph_html, path

DESCRIPTION = """\
pypto-graph: why a task waits, on what, from which line, in a task graph written by
`pypto-run --out DIR` (DIR/task_graph.json).

examples:
  pypto-graph out/task_graph.json --explain 17     task 17, its predecessors (edge origin,
                                                   slot, region, buffer) and successors
  pypto-graph out/task_graph.json --path 3 17      the chain of edges by which 17 waits for 3
  pypto-graph out/task_graph.json --html g.html    one self-contained HTML page of the graph
"""


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="pypto-graph", description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("graph", help="a task_graph.json written by pypto-run --out")
    p.add_argument("--explain", type=int, action="append", default=[], metavar="TASK",
                   help="print the task, what it waits for and why (repeatable)")
    p.add_argument("--path", type=int, nargs=2, action="append", default=[],
                   metavar=("FROM", "TO"), help="print the edges by which TO waits for FROM")
    p.add_argument("--html", metavar="FILE", help="write the graph as one HTML page")
    return p


def main(argv: list[str] | None = None) -> None:
    """Entry point of the `pypto-graph` console script."""
    args = _parser().parse_args(argv)
    if not (args.explain or args.path or args.html):
        _parser().error("nothing to do: give --explain TASK, --path FROM TO or --html FILE")
    try:
        doc = json.loads(Path(args.graph).read_text())
    except OSError as err:
        sys.exit(f"pypto-graph: error: {err.strerror}: {args.graph}")
    except ValueError as err:
        sys.exit(f"pypto-graph: error: {args.graph} is not a task graph (JSON: {err})")
    if not isinstance(doc, dict) or not isinstance(doc.get("tasks"), list):
        sys.exit(f"pypto-graph: error: {args.graph} is not a task graph (no 'tasks' list)")
    try:
        out = [explain(doc, t) for t in args.explain]
        out += [path(doc, a, b) for a, b in args.path]
    except GraphQueryError as err:
        sys.exit(f"pypto-graph: error: {err}")
    if out:
        print("\n\n".join(out))
    if args.html:
        Path(args.html).write_text(graph_html(doc, Path(args.graph).parent.name or "task graph"))


if __name__ == "__main__":
    main()
