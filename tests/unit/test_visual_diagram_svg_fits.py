"""Every label of the execution diagrams' SVG lies inside the picture (the sequence diagram's
labels once ran past its right edge), checked by parsing the SVG and measuring each text the way
the renderer measures it (monospace advance)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from codementor_desktop.visual.diagrams import render_diagram
from codementor_desktop.visual.svg import text_width
from tests.tracing_helpers import trace_in_process

NS = "{http://www.w3.org/2000/svg}"

MERGE = """def merge_sort(items, scratch_space_for_merging, depth_of_this_call):
    if len(items) <= 1:
        return items
    middle = len(items) // 2
    left = merge_sort(items[:middle], scratch_space_for_merging, depth_of_this_call + 1)
    right = merge_sort(items[middle:], scratch_space_for_merging, depth_of_this_call + 1)
    return sorted(left + right)
"""

HELPERS = """def describe_the_result_of_the_whole_computation(values):
    return "the total of all the values given is " + str(sum(values)) + " and that is all"


def outer(values):
    return describe_the_result_of_the_whole_computation(values)
"""


def overflowing_labels(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    width, height = float(root.get("width", 0)), float(root.get("height", 0))
    bad = []
    for text in root.iter(f"{NS}text"):
        content = text.text or ""
        size = float(text.get("font-size", 13))
        x, y = float(text.get("x", 0)), float(text.get("y", 0))
        extent = text_width(content, size)
        anchor = text.get("text-anchor", "start")
        left = x - extent / 2 if anchor == "middle" else (x - extent if anchor == "end" else x)
        if left < -0.5 or left + extent > width + 0.5 or not 0 <= y <= height:
            bad.append(f"{content!r}: {left:.0f}..{left + extent:.0f} of {width:.0f}")
    return bad


@pytest.mark.parametrize(
    ("code", "call", "args"),
    [
        (MERGE, "merge_sort", ([9, 3, 7, 1, 8, 2, 6, 4, 5, 0], [0] * 10, 0)),
        (HELPERS, "outer", ([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],)),
    ],
)
@pytest.mark.parametrize("diagram", ["sequence", "flowchart", "state"])
def test_every_label_fits_inside_the_svg(code, call, args, diagram):
    trace, _ = trace_in_process(code, call, *args)
    svg = render_diagram(trace, diagram, "svg")["content"]
    assert overflowing_labels(svg) == []


def test_the_checker_catches_a_label_past_the_edge():
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><text x="90" y="10">too long</text></svg>'
    assert overflowing_labels(svg)
