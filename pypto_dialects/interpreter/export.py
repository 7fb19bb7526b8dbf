"""The task graph as JSON and as Graphviz DOT (tasks as nodes, edges coloured by origin,
runtime scopes as nested clusters, races as dashed red lines, tasks that use a freed buffer
outlined in red)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from pypto_dialects.interpreter.graph import TaskGraph
from pypto_dialects.interpreter.lifetimes import UseAfterFree
from pypto_dialects.interpreter.races import HostRace, Race
from pypto_dialects.interpreter.runtime_limits import LimitFault

EDGE_STYLES = {
    "tensormap": 'color="#1f77b4"',
    "explicit": 'color="#d62728", penwidth=1.5',
    "creator": 'color="#9a9a9a", style=dashed',
}
"""DOT attributes per edge origin: tensor-map blue, explicit red, creator grey dashed."""


def graph_json(
    graph: TaskGraph,
    races: Sequence[Race | HostRace] = (),
    freed: Sequence[UseAfterFree] = (),
    limits: Sequence[LimitFault] = (),
) -> dict[str, Any]:
    """The JSON document `pypto-run` writes (keys `tasks`, `edges`, `buffers`, `scopes`,
    `host_accesses`, `races`, `use_after_free`, `runtime_limits`; docs/interpreter.md)."""
    doc = graph.to_json()
    doc["races"] = [r.to_json() for r in races]
    doc["use_after_free"] = [u.to_json() for u in freed]
    doc["runtime_limits"] = [f.to_json() for f in limits]
    return doc


def graph_json_text(
    graph: TaskGraph, races: Sequence[Race | HostRace] = (), freed: Sequence[UseAfterFree] = ()
) -> str:
    return doc_text(graph_json(graph, races, freed))


def doc_text(doc: dict[str, Any]) -> str:
    """The text of task_graph.json for the document `doc` (`graph_json`)."""
    return json.dumps(doc, indent=1) + "\n"


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _short(location: str) -> str:
    """`file.mlir:12:5` without the directories."""
    return location.rsplit("/", 1)[-1]


def graph_dot(
    graph: TaskGraph,
    races: Sequence[Race] = (),
    title: str = "",
    freed: Sequence[UseAfterFree] = (),
) -> str:
    """The task graph in Graphviz DOT."""
    lines = [
        "digraph tasks {",
        "  rankdir=TB;",
        '  node [fontname="Helvetica", fontsize=10];',
        '  edge [fontname="Helvetica", fontsize=8];',
    ]
    if title:
        lines.append(f"  label={_quote(title)}; labelloc=t;")
    children: dict[int | None, list[int]] = {}
    for s in graph.scopes:
        children.setdefault(s.parent, []).append(s.id)
    members: dict[int | None, list[int]] = {}
    for t in graph.tasks:
        members.setdefault(t.scope, []).append(t.id)

    def node(tid: int, indent: str) -> None:
        t = graph.tasks[tid]
        if t.kind == "alloc":
            label, shape = f"#{t.id} {t.name}", 'shape=ellipse, style=filled, fillcolor="#eeeeee"'
        elif t.kind == "dummy":
            label, shape = f"#{t.id} task_dummy\n{_short(t.location)}", "shape=diamond"
        else:
            regions = ", ".join(f"{a.direction} {a.tensor.describe()}" for a in t.args)
            label = f"#{t.id} {t.name}\n{regions}\n{_short(t.location)}"
            shape = 'shape=box, style="rounded,filled", fillcolor="#ffffff"'
        lines.append(f"{indent}t{t.id} [label={_quote(label)}, {shape}];")

    def cluster(sid: int, indent: str) -> None:
        s = graph.scopes[sid]
        lines.append(f"{indent}subgraph cluster_s{sid} {{")
        owned = " compiler_owned" if s.compiler_owned else ""
        label = f"scope {s.id}: {s.mode}{owned} ({_short(s.location)})"
        colour = "#fff4e0" if s.mode == "manual" else "#eef5ff"
        lines.append(f'{indent}  label={_quote(label)}; style=filled; fillcolor="{colour}";')
        for tid in members.get(sid, []):
            node(tid, indent + "  ")
        for child in children.get(sid, []):
            cluster(child, indent + "  ")
        lines.append(f"{indent}}}")

    for tid in members.get(None, []):
        node(tid, "  ")
    for sid in children.get(None, []):
        cluster(sid, "  ")
    for e in graph.edges:
        label = "" if e.arg < 0 else f', label="arg {e.arg}"'
        lines.append(f"  t{e.pred} -> t{e.succ} [{EDGE_STYLES[e.origin]}{label}];")
    for r in races:
        lines.append(
            f'  t{r.first.id} -> t{r.second.id} [color=red, style=dashed, dir=none, '
            f'constraint=false, fontcolor=red, label="{r.kind} {r.buffer.name}"];'
        )
    for u in freed:
        if u.task is not None:
            lines.append(
                f'  t{u.task.id} [color=red, penwidth=2, xlabel="use after free {u.buffer.name}"];'
            )
    lines.append(
        '  subgraph cluster_legend { label="edges"; fontsize=9; style=dotted; '
        'node [shape=plaintext, fontsize=9]; '
        'l1 [label="tensormap"]; l2 [label="explicit"]; l3 [label="creator"]; '
        'l1b [label=""]; l2b [label=""]; l3b [label=""]; '
        f'l1 -> l1b [{EDGE_STYLES["tensormap"]}]; l2 -> l2b [{EDGE_STYLES["explicit"]}]; '
        f'l3 -> l3b [{EDGE_STYLES["creator"]}]; }}'
    )
    lines.append("}")
    return "\n".join(lines) + "\n"
