"""The Structure, Variables and Flow tabs on real traces: every shape drawn from the value itself,
the plot's cursor moving the step, the flow's lit arc, and the Mermaid text one click away."""

from __future__ import annotations

import numpy as np

from codementor_desktop.gui.viz.scene_boxes import bucket_of, table_size
from codementor_desktop.tools import sample_traces as samples

SHAPES = """from collections import deque


class ListNode:
    def __init__(self, val, next=None):
        self.val = val
        self.next = next


def shapes():
    grid = [[0, 1, 2], [3, 4, 5]]
    ages = {"ann": 31, "bob": 27, "cy": 40}
    stack = [1, 2, 3]
    waiting = deque([4, 5])
    head = ListNode(1, ListNode(2, ListNode(3)))
    slow = head.next
    graph = {0: [1, 2], 1: [2], 2: [0]}
    grid[1][2] = 9
    ages["bob"] = 28
    return grid
"""


def drawn(panel, name: str, shape: str = "auto"):
    structure = panel.view("structure")
    structure.choose(name, shape)
    assert structure.drawing is not None and structure.drawing.model is not None, structure.drawing
    return structure, structure.drawing


def test_each_shape_is_detected_and_drawn(make_panel, qtbot):
    trace = samples.trace_here(SHAPES, "shapes")
    panel = make_panel(trace, SHAPES, tab="structure")
    last = len(trace["steps"]) - 1
    panel.set_step(last)
    qtbot.waitUntil(lambda: panel.view("structure").drawing is not None)

    structure, drawing = drawn(panel, "grid")
    assert drawing.kind == "matrix" and structure.scenes["grid"].visible
    assert structure.scenes["grid"].labels.texts() == ["0", "1", "2", "3", "4", "9"]
    structure, drawing = drawn(panel, "ages")
    assert drawing.kind == "hash_map" and structure.scenes["buckets"].visible
    assert "bob: 28" in structure.scenes["buckets"].labels.texts()
    assert not structure.scenes["grid"].visible  # one drawing at a time
    structure, drawing = drawn(panel, "stack")
    assert drawing.kind == "stack" and "◀ top" in structure.scenes["cells"].pointers.texts()
    structure, drawing = drawn(panel, "waiting")
    assert drawing.kind == "queue" and structure.scenes["cells"].pointers.texts() == ["▲\nfront", "▲\nback"]
    structure, drawing = drawn(panel, "head")
    assert drawing.kind == "linked_list"
    assert structure.scenes["chain"].labels.texts() == ["1", "2", "3"]
    assert drawing.node_names == {1: ["slow"]}  # slow points at the second node
    structure, drawing = drawn(panel, "graph")
    assert drawing.kind == "graph" and structure.scenes["nodes"].visible
    structure, drawing = drawn(panel, "stack", "array")  # the learner picks the shape
    assert drawing.kind == "array"


def test_what_a_step_changes_is_marked(make_panel, qtbot):
    trace = samples.trace_here(SHAPES, "shapes")
    panel = make_panel(trace, SHAPES, tab="structure")
    steps = trace["steps"]
    grid_set = next(s["step"] for s in steps if s["line"] == 19 and s["event"] == "line")  # after grid[1][2] = 9
    panel.set_step(grid_set)
    qtbot.waitUntil(lambda: panel.view("structure").drawing is not None)
    _, drawing = drawn(panel, "grid")
    assert drawing.changed == {(1, 2)}
    panel.set_step(grid_set + 1)  # after ages["bob"] = 28
    qtbot.waitUntil(
        lambda: (
            panel.view("structure").drawing.variable == "grid" and panel.view("structure")._state.index == grid_set + 1
        )
    )
    _, drawing = drawn(panel, "ages")
    assert drawing.changed == {"bob"}


def test_a_tree_follows_the_slider_with_its_nodes_made_once(make_panel, qtbot):
    trace = samples.trace_here(samples.INSERT_TREE, "build", [5, 2, 8, 1, 9, 3, 7])
    panel = make_panel(trace, samples.INSERT_TREE, tab="structure")
    steps = trace["steps"]
    structure = panel.view("structure")
    inserted = [s["step"] for s in steps if s["function"] == "build" and s["event"] == "line" and s["line"] == 20]
    panel.set_step(inserted[2])
    qtbot.waitUntil(lambda: structure.drawing is not None and structure.drawing.kind == "tree")
    nodes = structure.scenes["nodes"].nodes
    sizes = []
    for step in inserted[2:]:
        panel.set_step(step)
        qtbot.waitUntil(lambda step=step: structure._state is not None and structure._state.index == step)
        structure.choose("root")
        sizes.append(structure.drawing.model.total)
    assert sizes == [2, 3, 4, 5, 6, 7]
    assert structure.scenes["nodes"].nodes is nodes
    assert sorted(structure.scenes["nodes"].labels_shown(), key=int) == ["1", "2", "3", "5", "7", "8", "9"]


def test_buckets_are_stable_and_sized_like_a_table():
    assert table_size(5) == 8 and table_size(6) == 16
    assert bucket_of("13", 8) == 5
    assert bucket_of("bob", 8) == bucket_of("bob", 8)


def test_the_variables_plot_follows_and_moves_the_step(make_panel, qtbot):
    trace = samples.trace_here(samples.RUNNING_SUM, "running_sum", [3, 1, 4])
    panel = make_panel(trace, samples.RUNNING_SUM, tab="variables")
    view = panel.view("variables")
    qtbot.waitUntil(lambda: "total" in view.curves and not view._dirty)
    xs, ys = view.curves["total"].getData()
    changes = [(s["step"] + 1, s["changed"]["total"]) for s in trace["steps"] if "total" in (s.get("changed") or {})]
    assert [(x, y) for x, y in zip(xs, ys, strict=True) if (x, y) in changes] == [(x, float(y)) for x, y in changes]
    panel.set_step(10)
    qtbot.waitUntil(lambda: view.line.value() == 11)
    with qtbot.waitSignal(panel.stepChanged) as moved:
        view.line.setValue(15.2)
        view.line.sigDragged.emit(view.line)
    assert moved.args == [14]
    seen_rows = [r for r in range(view.changes.rowCount()) if view.changes.index(r, 2).data() == "seen"]
    assert [view.changes.index(r, 3).data() for r in seen_rows] == ["[]", "[3]", "[3, 4]", "[3, 4, 8]"]
    with qtbot.waitSignal(panel.stepChanged):
        view.table.clicked.emit(view.changes.index(seen_rows[2], 0))
    assert panel.step == view.log.changes[seen_rows[2]].step
    assert np.all(np.diff(xs) >= 0)


def test_the_flow_lights_the_arc_just_taken_and_shows_mermaid(make_panel, qtbot):
    trace = samples.trace_here(samples.RUNNING_SUM, "running_sum", [3, 1, 4])
    panel = make_panel(trace, samples.RUNNING_SUM, tab="flow")
    flow = panel.view("flow")
    steps = trace["steps"]
    back = next(i for i in range(1, len(steps)) if steps[i]["line"] == 4 and steps[i - 1]["line"] == 7)
    panel.set_step(back)
    qtbot.waitUntil(lambda: flow.lit_edge() is not None)
    assert flow.lit_edge() == (("running_sum", 7), ("running_sum", 4), "loop")
    assert "×3" in flow.nodes[("running_sum", 5)].toPlainText()  # total += value ran three times
    assert "total += value" in flow.nodes[("running_sum", 5)].toPlainText()
    with qtbot.waitSignal(panel.stepChanged):
        panel.over_action.trigger()
    qtbot.waitUntil(lambda: flow.lit_edge() == (("running_sum", 4), ("running_sum", 5), "next"))
    flow.mermaid_button.click()
    qtbot.waitUntil(lambda: panel.mermaid_dialog is not None and panel.mermaid_dialog.isVisible(), timeout=10_000)
    assert panel.mermaid_dialog.text("Flowchart").startswith("flowchart TD")
    assert "running_sum" in panel.mermaid_dialog.text("Calls")
