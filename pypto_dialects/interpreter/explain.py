"""Queries over a task graph (the `task_graph.json` document of `pypto-run --out`): why a
task waits and on what (`explain`), the chain of edges from one task to another (`path`),
and a self-contained HTML view of the whole graph (`graph_html`).

Used by `pypto-run --explain N` / `--path A B` and by the `pypto-graph` console script
(docs/interpreter.md, "Querying the task graph"). Every function takes the JSON document
(`export.graph_json`), so a graph written by an earlier run can be queried without running
the program again.
"""

from __future__ import annotations

import html
import json
from collections import deque
from typing import Any

Doc = dict[str, Any]

ORIGIN_MEANING = {
    "explicit": "an explicit dependency (the task's deps: set_dependencies / TaskId edges)",
    "tensormap": "the tensor map: the task looks up a region an earlier task wrote",
    "creator": "the buffer's creator: the task uses a buffer that task allocated",
}
"""What each edge origin means, in the runtime's terms."""


class GraphQueryError(ValueError):
    """A query the graph cannot answer (a task id that is not in it); the message says what
    the graph holds."""


def _task(doc: Doc, tid: int) -> dict[str, Any]:
    tasks = doc.get("tasks", [])
    if not 0 <= tid < len(tasks) or tasks[tid].get("id") != tid:
        raise GraphQueryError(
            f"no task #{tid} in the graph: its tasks are #0..#{len(tasks) - 1}"
            if tasks else f"no task #{tid}: the graph has no tasks"
        )
    return tasks[tid]


def _label(doc: Doc, tid: int) -> str:
    t = _task(doc, tid)
    return f"#{tid} {t['name']} at {t['location']}"


def _buffer_name(doc: Doc, index: int | None) -> str:
    buffers = doc.get("buffers", [])
    if index is None or not 0 <= index < len(buffers):
        return "?"
    return str(buffers[index]["name"])


def _slot(doc: Doc, task: dict[str, Any], slot: int) -> dict[str, Any] | None:
    return next((a for a in task.get("args", []) if a.get("slot") == slot), None)


def _describe_slot(doc: Doc, arg: dict[str, Any]) -> str:
    return (f"slot {arg['slot']} ({arg['direction']} {arg['region']}, "
            f"buffer {_buffer_name(doc, arg.get('buffer'))})")


def edge_reason(doc: Doc, edge: dict[str, Any]) -> str:
    """One line saying why `edge` exists: its origin and, for a tensor-map or creator edge,
    the consumer's slot and buffer (and, for the tensor map, what the producer wrote there)."""
    succ = _task(doc, edge["succ"])
    pred = _task(doc, edge["pred"])
    origin = edge["source"]
    if origin == "explicit":
        listed = edge["pred"] in succ.get("explicit_deps", [])
        return "explicit: " + ("listed in the task's deps" if listed else "a TaskId edge")
    arg = _slot(doc, succ, edge.get("arg", -1))
    where = _describe_slot(doc, arg) if arg is not None else "an argument"
    if origin == "creator":
        return f"creator: {where}, a buffer #{pred['id']} allocated"
    written = [a for a in pred.get("args", [])
               if arg is not None and a.get("buffer") == arg.get("buffer") and a.get("writes")]
    what = ", ".join(f"{a['direction']} {a['region']}" for a in written) or "it"
    overlap = f" (overlap {edge['overlap']})" if edge.get("overlap") else ""
    return f"tensormap: {where} meets what #{pred['id']} wrote as {what}{overlap}"


def explain(doc: Doc, tid: int) -> str:
    """Why task `tid` waits: the task (name, op, location, scope), every predecessor with
    the origin of its edge and, for tensor-map and creator edges, the slot, region and
    buffer; then the tasks that wait for it. Raises GraphQueryError for an unknown id."""
    t = _task(doc, tid)
    scopes = doc.get("scopes", [])
    scope = t.get("scope")
    mode = scopes[scope]["mode"] if scope is not None and 0 <= scope < len(scopes) else "?"
    lines = [f"task #{tid} {t['name']} ({t['op']}) at {t['location']}, scope {scope} ({mode})"]
    for arg in t.get("args", []):
        lines.append(f"  {_describe_slot(doc, arg)}")
    preds = [e for e in doc.get("edges", []) if e["succ"] == tid]
    succs = sorted({e["succ"] for e in doc.get("edges", []) if e["pred"] == tid})
    lines.append(f"  waits for {len(preds)} task{'s' if len(preds) != 1 else ''}"
                 + (":" if preds else ""))
    for e in sorted(preds, key=lambda e: (e["pred"], e["source"], e.get("arg", -1))):
        lines.append(f"    {_label(doc, e['pred'])}")
        lines.append(f"      {edge_reason(doc, e)}")
    lines.append(
        f"  waited for by {len(succs)} task{'s' if len(succs) != 1 else ''}"
        + (": " + ", ".join(f"#{s}" for s in succs) if succs else "")
    )
    return "\n".join(lines)


def path(doc: Doc, src: int, dst: int) -> str:
    """The shortest chain of edges by which task `dst` waits for task `src`, one edge per
    line with its reason, or a line saying there is none (then the two tasks are not
    ordered by the runtime). Raises GraphQueryError for an unknown id."""
    _task(doc, src)
    _task(doc, dst)
    succs: dict[int, list[dict[str, Any]]] = {}
    for e in doc.get("edges", []):
        succs.setdefault(e["pred"], []).append(e)
    came: dict[int, dict[str, Any] | None] = {src: None}
    queue = deque([src])
    while queue and dst not in came:
        cur = queue.popleft()
        for e in succs.get(cur, []):
            if e["succ"] not in came:
                came[e["succ"]] = e
                queue.append(e["succ"])
    if dst not in came:
        return (f"no path: #{dst} does not wait for #{src}, directly or through other tasks "
                "(the runtime does not order them)")
    chain = []
    cur = dst
    while (edge := came[cur]) is not None:
        chain.append(edge)
        cur = edge["pred"]
    lines = [f"#{dst} waits for #{src} through {len(chain)} edge{'s' if len(chain) != 1 else ''}:"]
    for e in reversed(chain):
        lines.append(f"  {_label(doc, e['pred'])}")
        lines.append(f"    -> #{e['succ']}: {edge_reason(doc, e)}")
    lines.append(f"  {_label(doc, dst)}")
    return "\n".join(lines)


_STYLE = """
body { font: 13px Helvetica, Arial, sans-serif; margin: 1em; }
input { font-size: 14px; width: 40em; padding: 3px; }
table { border-collapse: collapse; margin-top: 1em; }
td, th { border: 1px solid #ccc; padding: 3px 6px; vertical-align: top; text-align: left; }
tr:target { background: #fff3b0; }
.explicit { color: #d62728; } .tensormap { color: #1f77b4; } .creator { color: #777; }
.fault { background: #fde0e0; }
"""

_SCRIPT = """
function filterRows(text) {
  var words = text.toLowerCase().split(/\\s+/).filter(function (w) { return w; });
  var rows = document.querySelectorAll("tbody tr");
  for (var i = 0; i < rows.length; i++) {
    var hay = rows[i].textContent.toLowerCase();
    rows[i].style.display = words.every(function (w) { return hay.indexOf(w) >= 0; }) ? "" : "none";
  }
}
"""


def graph_html(doc: Doc, title: str = "task graph") -> str:
    """The whole graph as one HTML file with no external resources: a table of tasks
    (location, scope, arguments, predecessors with the reason of each edge, successors),
    links between tasks, a filter box, races and uses after free highlighted."""
    esc = html.escape
    faulty = {r.get(k) for r in doc.get("races", []) for k in ("first", "second")}
    faulty |= {u.get("task") for u in doc.get("use_after_free", [])}
    preds: dict[int, list[dict[str, Any]]] = {}
    succs: dict[int, list[int]] = {}
    for e in doc.get("edges", []):
        preds.setdefault(e["succ"], []).append(e)
        succs.setdefault(e["pred"], []).append(e["succ"])
    rows = []
    for t in doc.get("tasks", []):
        tid = t["id"]
        args = "<br>".join(esc(_describe_slot(doc, a)) for a in t.get("args", []))
        waits = "<br>".join(
            f'<a class="{esc(e["source"])}" href="#t{e["pred"]}">#{e["pred"]}</a> '
            f"{esc(edge_reason(doc, e))}"
            for e in sorted(preds.get(tid, []), key=lambda e: e["pred"])
        )
        after = ", ".join(f'<a href="#t{s}">#{s}</a>' for s in sorted(set(succs.get(tid, []))))
        cls = ' class="fault"' if tid in faulty else ""
        rows.append(
            f'<tr id="t{tid}"{cls}><td>#{tid}</td><td>{esc(t["name"])}<br>{esc(t["op"])}</td>'
            f"<td>{esc(t['location'])}</td><td>{esc(str(t.get('scope')))}</td>"
            f"<td>{args}</td><td>{waits}</td><td>{after}</td></tr>"
        )
    faults = [*doc.get("races", []), *doc.get("use_after_free", [])]
    fault_list = "".join(
        f"<li>{esc(str(f.get('message') or json.dumps(f)))}</li>" for f in faults
    )
    summary = (f"{len(doc.get('tasks', []))} tasks, {len(doc.get('edges', []))} edges, "
               f"{len(doc.get('scopes', []))} scopes, {len(faults)} faults")
    return (
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
        f"<title>{esc(title)}</title><style>{_STYLE}</style><script>{_SCRIPT}</script>"
        f"</head><body><h1>{esc(title)}</h1><p>{esc(summary)}. Edge colours: "
        '<span class="explicit">explicit</span>, <span class="tensormap">tensor map</span>, '
        '<span class="creator">creator</span>.</p>'
        + (f"<ul>{fault_list}</ul>" if fault_list else "")
        + '<input id="filter" placeholder="filter tasks: words of a name, location, region, '
        'origin" oninput="filterRows(this.value)">'
        "<table><thead><tr><th>task</th><th>kernel / op</th><th>location</th><th>scope</th>"
        "<th>arguments</th><th>waits for</th><th>waited for by</th></tr></thead><tbody>\n"
        + "\n".join(rows)
        + "\n</tbody></table></body></html>\n"
    )
