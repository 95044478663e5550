"""F5 on a bank problem traces its real input (built as the judge builds it) and the Structure tab
draws the problem's declared shapes: a tree for a TreeNode argument, a graph for an edge list
with its node count. Real child processes."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from codementor_desktop.visual.model import Graph, Tree


def trace_problem(window, qtbot, problem_id: str, code: str | None = None, language: str = "python") -> None:
    window.browser.select(problem_id)
    if language != "python":
        window.language.setCurrentIndex(window.language.findData(language))
    problem = window.services.bank.get(problem_id)
    window.editor.replace_all(code if code is not None else problem.reference_solution(language))
    QWidget.setFocus(window.editor)
    with qtbot.waitSignal(window.jobs.ended, timeout=30_000):
        window.trace_action.trigger()
    qtbot.waitUntil(lambda: not window.viz.busy, timeout=20_000)


def structure_at_first_line_of(window, qtbot, function: str):
    panel = window.viz
    steps = panel.timeline.steps
    first = next(i for i, s in enumerate(steps) if s["function"] == function and s["event"] == "line")
    panel.setCurrentWidget(panel.pages["structure"])
    structure = panel.view("structure")
    panel.trace_tab.slider.setValue(first)
    qtbot.waitUntil(lambda: structure.drawing is not None and structure.drawing.model is not None, timeout=10_000)
    return structure


def test_f5_on_a_tree_problem_traces_the_real_tree_and_draws_a_tree(window, qtbot):
    trace_problem(window, qtbot, "tree-diameter")
    banner = window.viz.trace_tab.banner.text()
    assert "returned 3" in banner  # example 1, [8,3,9,1,6]: the path 1 → 3 → 8 → 9
    assert "expected output" in banner
    assert "AttributeError" not in banner
    structure = structure_at_first_line_of(window, qtbot, "diameter")
    drawing = structure.drawing
    assert drawing.variable == "root" and drawing.kind == "tree"
    assert isinstance(drawing.model, Tree)
    assert sorted(drawing.model.labels.values()) == ["1", "3", "6", "8", "9"]


def test_f5_on_a_graph_problem_draws_the_edge_list_with_its_node_count(window, qtbot):
    trace_problem(window, qtbot, "count-connected-components")
    assert "returned 2" in window.viz.trace_tab.banner.text()
    structure = structure_at_first_line_of(window, qtbot, "count_components")
    drawing = structure.drawing
    assert drawing.variable == "edges" and drawing.kind == "graph"
    assert isinstance(drawing.model, Graph)
    assert sorted(drawing.model.nodes) == ["0", "1", "2", "3", "4"]  # n = 5
    assert len(drawing.model.edges) == 3 and not drawing.model.directed


def test_f5_on_a_linked_list_problem_in_javascript_draws_a_linked_list(window, qtbot):
    trace_problem(window, qtbot, "merge-two-sorted-lists", language="javascript")
    banner = window.viz.trace_tab.banner.text()
    assert "expected output" in banner, banner  # example 1: [1,4,6] and [2,4,5] merged
    structure = structure_at_first_line_of(window, qtbot, "mergeSortedLists")
    drawing = structure.drawing
    assert drawing.variable in ("list1", "list2") and drawing.kind == "linked_list"
    assert drawing.model.labels[:3] in (["1", "4", "6"], ["2", "4", "5"])


def test_a_wrong_answer_on_an_example_is_said_beside_its_expected_output(window, qtbot):
    trace_problem(window, qtbot, "tree-diameter", "def diameter(root):\n    return root.val\n")
    banner = window.viz.trace_tab.banner.text()
    assert "returned 8" in banner and "expects 3" in banner


def test_run_to_breakpoint_on_a_tree_problem_stops_with_the_real_tree(window, qtbot):
    from codementor_desktop.gui.editor.breakpoints import Breakpoint

    window.browser.select("tree-diameter")
    window.editor.replace_all(window.services.bank.get("tree-diameter").reference_solution("python"))
    lines = window.editor.text().splitlines()
    line = next(i for i, text in enumerate(lines, start=1) if "height(node.left)" in text)
    window.debugger.breakpoints.put(Breakpoint(line, "node.val == 3", 1, ("node.left.val", "node.right.val")))
    with qtbot.waitSignal(window.jobs.ended, timeout=30_000):
        window.breakpoint_action.trigger()
    watches = window.viz.trace_tab.watches
    shown = {watches.item(r, 0).text(): watches.item(r, 1).text() for r in range(watches.rowCount())}
    assert shown == {"node.left.val": "1", "node.right.val": "6"}  # [8,3,9,1,6]: 3's children


def test_trace_this_input_from_the_custom_input_box_builds_that_tree(window, qtbot):
    window.browser.select("tree-diameter")
    window.editor.replace_all(window.services.bank.get("tree-diameter").reference_solution("python"))
    box = window.custom_input.box
    box.input.setPlainText("[1,2,3,4,5,null,null,6]")  # 6 → 4 → 2 → 1 → 3: four edges
    with qtbot.waitSignal(window.jobs.ended, timeout=30_000):
        box.trace_button.click()
    qtbot.waitUntil(lambda: not window.viz.busy, timeout=20_000)
    banner = window.viz.trace_tab.banner.text()
    assert "returned 4" in banner and "example" not in banner.lower()  # not an example: no expected output
    structure = structure_at_first_line_of(window, qtbot, "diameter")
    assert structure.drawing.kind == "tree" and len(structure.drawing.model.labels) == 6
