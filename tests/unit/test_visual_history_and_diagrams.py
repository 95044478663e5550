"""Variable history and execution diagrams, read from real traces (the child's tracer, in process)
and checked against what the traced code really computed."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from codementor_desktop.visual.diagrams import render_diagram
from codementor_desktop.visual.flow import call_sequence, flow_graph, variable_states
from codementor_desktop.visual.history import variable_history
from tests.tracing_helpers import trace_in_process

SEARCH = """def search(arr, target):
    lo, hi = 0, len(arr) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if arr[mid] < target:
            lo = mid + 1
        elif arr[mid] > target:
            hi = mid - 1
        else:
            return mid
    return -1
"""

FIB = """def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)
"""


def real_search_states(arr, target):
    """The (lo, hi, mid) values the search really goes through, computed without a tracer."""
    lo, hi = 0, len(arr) - 1
    seen = {"lo": [lo], "hi": [hi], "mid": []}
    while lo <= hi:
        mid = (lo + hi) // 2
        seen["mid"].append(mid)
        if arr[mid] < target:
            lo = mid + 1
            seen["lo"].append(lo)
        elif arr[mid] > target:
            hi = mid - 1
            seen["hi"].append(hi)
        else:
            break
    return seen


def _dedupe(values):
    out = []
    for value in values:
        if not out or out[-1] != value:
            out.append(value)
    return out


ARR = list(range(1, 40, 2))


@pytest.fixture(scope="module")
def search_trace():
    trace, value = trace_in_process(SEARCH, "search", ARR, 27)
    assert value == ARR.index(27)
    return trace


def test_history_json_matches_the_real_values(search_trace):
    history = variable_history(search_trace, ["lo", "hi", "mid"], "json")
    real = real_search_states(ARR, 27)
    for name in ("lo", "hi", "mid"):
        assert [int(c["value"]) for c in history["history"][name]] == _dedupe(real[name])
        assert history["changed_at"][name] == [c["step"] for c in history["history"][name]]
        assert all(c["function"] == "search" for c in history["history"][name])


def test_history_table_marks_changes_and_chart_gives_numbers(search_trace):
    table = variable_history(search_trace, ["lo", "mid"], "table")
    lines = table["table"].splitlines()
    assert [cell.strip() for cell in lines[0].split("|")] == ["step", "line", "lo", "mid"]
    assert any("*" in line for line in lines[2:])
    assert lines[-1] == "* = changed at this step"
    chart = variable_history(search_trace, ["mid"], "chart")
    series = chart["series"][0]
    assert series["kind"] == "number"
    assert [p["y"] for p in series["points"]] == [float(v) for v in _dedupe(real_search_states(ARR, 27)["mid"])]


def test_history_of_a_list_counts_mutations_and_charts_lengths():
    code = "def f():\n    out = []\n    alias = out\n    for k in range(4):\n        alias.append(k)\n    return out\n"
    trace, value = trace_in_process(code, "f")
    history = variable_history(trace, ["out", "nope"], "chart")
    points = history["series"][0]["points"]
    assert [p["y"] for p in points] == [0.0, 1.0, 2.0, 3.0, 4.0]  # mutated through the alias
    assert points[-1]["value"] == str(value)
    assert history["not_found"] == ["nope"]


def test_flowchart_counts_lines_and_loops(search_trace):
    graph = flow_graph(search_trace)
    iterations = len(real_search_states(ARR, 27)["mid"])
    header = next(b for b in graph.blocks if b.function == "search" and b.first == 3)
    assert header.count == iterations
    loops = [e for e in graph.edges if e[3] == "loop"]
    assert loops and sum(e[2] for e in loops) == iterations - 1
    assert all(target == header.id for _, target, _, _ in loops)


def test_sequence_shows_recursion_with_real_return_values():
    trace, value = trace_in_process(FIB, "fib", 4)
    sequence = call_sequence(trace)
    calls = [m for m in sequence.messages if m.kind == "call"]
    returns = [m for m in sequence.messages if m.kind == "return"]

    def fib_calls(n):
        return 1 if n < 2 else 1 + fib_calls(n - 1) + fib_calls(n - 2)

    assert len(calls) == fib_calls(4) == sequence.total_calls
    assert calls[0].text == "fib(n=4)" and calls[0].source == "program"
    assert returns[-1].text == str(value) and returns[-1].target == "program"
    assert any(m.source == m.target == "fib" for m in calls)  # a self-call
    assert max(m.depth for m in sequence.messages) == 4


def test_state_diagram_follows_one_variable(search_trace):
    states = variable_states(search_trace, "lo")
    assert [int(s) for s in states.states] == _dedupe(real_search_states(ARR, 27)["lo"])
    chosen = variable_states(search_trace, None)
    assert chosen.variable in ("lo", "hi", "mid") and "changed most often" in chosen.note


@pytest.mark.parametrize("kind", ["flowchart", "sequence", "state"])
def test_every_diagram_in_every_format(search_trace, kind):
    ascii_ = render_diagram(search_trace, kind, "ascii", "mid")
    assert ascii_["content"] and ascii_["summary"]
    svg = render_diagram(search_trace, kind, "svg", "mid")["content"]
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg") and root.get("viewBox")
    mermaid = render_diagram(search_trace, kind, "mermaid", "mid")["content"]
    assert mermaid.split("\n", 1)[0] in ("flowchart TD", "sequenceDiagram", "stateDiagram-v2")


def test_empty_and_very_large_traces():
    empty = {"steps": [], "stop_reason": "finished"}
    for kind in ("flowchart", "sequence", "state"):
        for fmt in ("ascii", "svg", "mermaid"):
            result = render_diagram(empty, kind, fmt)
            assert result["content"]
            if fmt == "svg":
                ET.fromstring(result["content"])
    code = "def f(n):\n    t = 0\n    for i in range(n):\n        t += i % 7\n    return t\n"
    big, _ = trace_in_process(code, "f", 30_000)
    assert big["total_steps"] == 2 * 30_000 + 8  # two lines an iteration, plus the calls around
    flow = render_diagram(big, "flowchart", "ascii")
    assert "×30,000" in flow["content"] and len(flow["content"]) < 2000
    state = render_diagram(big, "state", "mermaid", "t")
    assert state["content"].count(" : t = ") <= 31  # capped: 30 values and "(other values)"
    sequence = render_diagram(big, "sequence", "svg")
    ET.fromstring(sequence["content"])
