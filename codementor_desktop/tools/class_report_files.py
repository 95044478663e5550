"""The class report written out: CSV (two tables, learners then problems), JSON, or one HTML page
with its charts drawn inline as SVG (no script, no network: it opens from a USB stick)."""

from __future__ import annotations

import csv
import io
import json
from html import escape
from typing import Any

TOPICS = ("arrays", "strings", "hash_maps", "trees", "graphs", "dynamic_programming")


def as_json(report: dict[str, Any]) -> str:
    return json.dumps(report, indent=1, ensure_ascii=False)


def as_csv(report: dict[str, Any]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        ["learner", "problems_solved", "judged_attempts", "minutes_spent", "interviews_taken", "interviews_solved"]
        + [f"mastery_{t}" for t in TOPICS]
    )
    for row in report["learners"]:
        interviews = row["interviews"]
        writer.writerow(
            [row["name"], row["problems_solved"], row["judged_attempts"], row["minutes_spent"],
             interviews["taken"], interviews["solved"]]
            + [row["mastery_by_topic"].get(t, "") for t in TOPICS]
        )  # fmt: skip
    writer.writerow([])
    writer.writerow(["problem", "title", "learners_tried", "learners_solved", "attempts", "most_failed_test",
                     "learners_failing_it", "most_common_finding", "learners_with_it"])  # fmt: skip
    for row in report["problems"]:
        stuck, finding = row["most_failed_test"] or {}, row["most_common_finding"] or {}
        writer.writerow(
            [row["problem_id"], row["title"], row["learners_tried"], row["learners_solved"], row["attempts"],
             stuck.get("test_id", ""), stuck.get("learners", ""), finding.get("pattern", ""), finding.get("learners", "")]
        )  # fmt: skip
    return out.getvalue()


def _bars(title: str, rows: list[tuple[str, float, float]], unit: str) -> str:
    """Horizontal bars: each row's value, and (lighter, behind it) its total."""
    if not rows:
        return f"<h3>{escape(title)}</h3><p>Nothing yet.</p>"
    height, label_w, bar_w, words_w = 22, 240, 360, 160  # words_w: room right of a full bar for "3 / 3 learners"
    top = max(max(total, value) for _, value, total in rows) or 1
    parts = [
        f'<svg width="{label_w + bar_w + words_w}" height="{len(rows) * height + 10}" role="img" aria-label="{escape(title)}">'
    ]
    for i, (label, value, total) in enumerate(rows):
        y = i * height + 4
        shown_label = label if len(label) <= 32 else label[:31] + "…"
        parts.append(f'<text x="{label_w - 8}" y="{y + 14}" text-anchor="end">{escape(shown_label)}</text>')
        if total:
            parts.append(f'<rect x="{label_w}" y="{y}" width="{bar_w * total / top:.1f}" height="16" fill="#c9d7ea"/>')
        parts.append(f'<rect x="{label_w}" y="{y}" width="{bar_w * value / top:.1f}" height="16" fill="#2f6db5"/>')
        shown = f"{value:g}" + (f" / {total:g}" if total else "") + f" {unit}"
        parts.append(
            f'<text x="{label_w + bar_w * max(value, total) / top + 6:.1f}" y="{y + 14}">{escape(shown)}</text>'
        )
    parts.append("</svg>")
    return f"<h3>{escape(title)}</h3>" + "".join(parts)


def _mastery_grid(learners: list[dict[str, Any]]) -> str:
    head = "".join(f"<th>{escape(t.replace('_', ' '))}</th>" for t in TOPICS)
    rows = []
    for row in learners:
        cells = []
        for topic in TOPICS:
            value = row["mastery_by_topic"].get(topic, 50)
            # 50 is the prior (no evidence); below it warms towards red, above it towards green.
            hue = 120 * value / 100
            cells.append(f'<td style="background:hsl({hue:.0f},60%,82%)">{value}</td>')
        rows.append(f"<tr><th>{escape(row['name'])}</th>{''.join(cells)}</tr>")
    return f"<h3>Mastery by topic (50: no evidence yet)</h3><table class='grid'><tr><th></th>{head}</tr>{''.join(rows)}</table>"


def as_html(report: dict[str, Any]) -> str:
    learners, problems = report["learners"], report["problems"]
    solved = _bars("Problems solved per learner", [(r["name"], r["problems_solved"], 0) for r in learners], "solved")
    per_problem = _bars(
        "Learners who solved each problem (lighter: who tried it)",
        [(p["title"], p["learners_solved"], p["learners_tried"]) for p in problems],
        "learners",
    )
    interviews = _bars(
        "Mock interviews solved (lighter: taken)",
        [(r["name"], r["interviews"]["solved"], r["interviews"]["taken"]) for r in learners],
        "interviews",
    )
    stuck_rows = "".join(
        f"<tr><td>{escape(p['title'])}</td><td>{p['learners_solved']} / {p['learners_tried']}</td>"
        f"<td>{_stuck(p)}</td></tr>"
        for p in problems
    )
    style = (
        "body{font-family:sans-serif;margin:2em;color:#1d2330}svg text{font-size:12px;fill:#1d2330}"
        "table{border-collapse:collapse}td,th{border:1px solid #ccd;padding:4px 8px;text-align:left}"
        ".grid td{text-align:center;min-width:5em}"
    )
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><title>Class report</title><style>{style}</style></head>"
        f"<body><h1>Class report</h1><p>{len(learners)} learners, {len(problems)} problems tried; "
        f"made {escape(report['generated_at'])}.</p>{solved}{_mastery_grid(learners)}{interviews}{per_problem}"
        f"<h3>Where learners get stuck</h3><table><tr><th>problem</th><th>solved / tried</th><th>stuck at</th></tr>"
        f"{stuck_rows}</table></body></html>"
    )


def _stuck(problem: dict[str, Any]) -> str:
    parts = []
    if problem["most_failed_test"]:
        stuck = problem["most_failed_test"]
        parts.append(f"test {stuck['test_id']} failed first for {stuck['learners']}")
    if problem["most_common_finding"]:
        finding = problem["most_common_finding"]
        parts.append(f"{escape(finding['pattern'].replace('_', ' '))} found for {finding['learners']}")
    return "; ".join(parts) or "—"
