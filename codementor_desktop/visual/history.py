"""bp_variable_history: how named variables changed through a trace, as a table, JSON or chart data.

A variable is followed by name in whichever frame is running (``i`` in a recursive call is that
call's ``i``). It "changes" at a step when its text differs from what that frame showed before,
so a list that was mutated in place (through an alias, even, or by another function) counts as
a change, at the frame's next step.
"""

from __future__ import annotations

from typing import Any

from .replay import Replay

MAX_TABLE_ROWS = 200
MAX_SERIES_POINTS = 5000


def collect(trace: dict[str, Any], names: list[str]) -> dict[str, list[dict]]:
    """For each name: the steps where its value changed, with step, line, function and text."""
    replay = Replay(trace)
    last_text: dict[tuple[int, str], str] = {}
    seen_at: dict[tuple[int, str], int] = {}  # the heap's version when the text was last made
    version = 0  # how many steps changed the heap so far (in any frame)
    changes: dict[str, list[dict]] = {name: [] for name in names}
    for step in replay.walk():
        frame = int(step.get("frame", 0))
        variables = replay.frames.get(frame, {})
        touched = set(step.get("changed") or {}) | set((step.get("changed_elsewhere") or {}).get(str(frame), {}))
        if step.get("heap"):
            version += 1
        for name in names:
            key = (frame, name)
            if name not in variables:
                if name in touched:  # deleted
                    last_text.pop(key, None)
                continue
            encoded = variables[name]
            stale = isinstance(encoded, dict) and seen_at.get(key) != version  # a list changed elsewhere
            if name not in touched and not stale and key in last_text:
                continue
            seen_at[key] = version
            text = replay.text(encoded, 200)
            if last_text.get(key) == text:
                continue
            last_text[key] = text
            changes[name].append(
                {
                    "step": step["step"],
                    "line": step.get("line"),
                    "function": step.get("function"),
                    "value": text,
                    "number": _number(replay, encoded),
                }
            )
    return changes


def _number(replay: Replay, encoded: Any) -> tuple[str, float | None, str | None]:
    """What a chart plots: the number itself, a length, or a category (and which)."""
    if isinstance(encoded, bool):
        return ("number", float(encoded), None)
    if isinstance(encoded, (int, float)):
        return ("number", float(encoded), None)
    if isinstance(encoded, str):
        return ("length", float(len(encoded)), None)
    if encoded is None:
        return ("category", None, "None")
    if isinstance(encoded, dict) and "ref" in encoded:
        obj = replay.heap.get(encoded["ref"]) or {}
        if "items" in obj or "entries" in obj:
            size = obj.get("length") or len(obj.get("items", obj.get("entries", [])))
            return ("length", float(size), None)
        return ("category", None, str(obj.get("class", obj.get("type", "object"))))
    return ("category", None, replay.text(encoded, 40))


def variable_history(trace: dict[str, Any], names: list[str], fmt: str = "table") -> dict[str, Any]:
    """The history in the requested format, with the steps where each variable changed."""
    changes = collect(trace, names)
    missing = [name for name in names if not changes[name]]
    result: dict[str, Any] = {
        "format": fmt,
        "variables": names,
        "changed_at": {name: [c["step"] for c in changes[name]] for name in names},
        "total_steps": len(trace.get("steps") or []),
    }
    if missing:
        result["not_found"] = missing
        result["note"] = f"{', '.join(missing)} never appeared in the trace (check the names, or trace_points)."
    if fmt == "json":
        result["history"] = {
            name: [{k: v for k, v in c.items() if k != "number"} for c in changes[name]] for name in names
        }
    elif fmt == "chart":
        result["series"] = [_series(name, changes[name]) for name in names]
    else:
        result["table"], result["rows"] = _table(names, changes)
    return result


def _series(name: str, entries: list[dict]) -> dict[str, Any]:
    kinds = {entry["number"][0] for entry in entries}
    kind = "number" if kinds == {"number"} else ("length" if kinds <= {"number", "length"} else "category")
    categories: list[str] = []
    points = []
    for entry in entries[:MAX_SERIES_POINTS]:
        measure, y, label = entry["number"]
        if kind == "category" or measure == "category":
            label = label if label is not None else entry["value"][:40]
            if label not in categories:
                categories.append(label)
            y = float(categories.index(label)) if kind == "category" else y
        points.append({"step": entry["step"], "line": entry["line"], "y": y, "value": entry["value"]})
    series: dict[str, Any] = {"name": name, "kind": kind, "points": points}
    if categories:
        series["categories"] = categories
    if len(entries) > MAX_SERIES_POINTS:
        series["points_omitted"] = len(entries) - MAX_SERIES_POINTS
    return series


def _table(names: list[str], changes: dict[str, list[dict]]) -> tuple[str, list[dict]]:
    """A monospace table: one row per step where any followed variable changed."""
    by_step: dict[int, dict] = {}
    for name in names:
        for entry in changes[name]:
            row = by_step.setdefault(entry["step"], {"step": entry["step"], "line": entry["line"], "values": {}})
            row["values"][name] = entry["value"]
    rows = [by_step[step] for step in sorted(by_step)]
    current: dict[str, str] = {}
    lines = []
    for row in rows:
        cells = []
        for name in names:
            if name in row["values"]:
                current[name] = row["values"][name]
                cells.append(_clip(current[name]) + " *")
            else:
                cells.append(_clip(current.get(name, "-")))
        lines.append([str(row["step"]), str(row["line"]), *cells])
    header = ["step", "line", *names]
    shown = lines if len(lines) <= MAX_TABLE_ROWS else lines[: MAX_TABLE_ROWS // 2] + lines[-MAX_TABLE_ROWS // 2 :]
    widths = [
        max(len(header[i]), *(len(line[i]) for line in shown)) if shown else len(header[i]) for i in range(len(header))
    ]
    text = [" | ".join(h.ljust(w) for h, w in zip(header, widths, strict=False)), "-+-".join("-" * w for w in widths)]
    for index, line in enumerate(shown):
        if len(lines) > MAX_TABLE_ROWS and index == MAX_TABLE_ROWS // 2:
            text.append(f"... {len(lines) - MAX_TABLE_ROWS} rows not shown ...")
        text.append(" | ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=False)))
    if not rows:
        text.append("(no changes)")
    text.append("* = changed at this step")
    return "\n".join(text), rows


def _clip(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
