"""The Structure tab never draws as a tree what is not one: an edge list, node objects with a cycle
or with a node of two parents are drawn as the graph they are, and say why. Real traces (in this
process, and through real child processes in the window)."""

from __future__ import annotations

from codementor_desktop.gui.viz.tree_check import as_graph, why_not_a_tree
from codementor_desktop.tools import sample_traces as samples
from codementor_desktop.visual.model import Graph, Tree
from tests.gui.test_window_trace_problem_shapes import structure_at_first_line_of, trace_problem

NODES = """class Node:
    def __init__(self, val, left=None, right=None):
        self.val, self.left, self.right = val, left, right

def build(kind):
    shared = Node(3)
    root = Node(1, Node(2, shared), shared if kind == "two parents" else None)
    if kind == "cycle":
        shared.left = root
        root.right = shared
    return root.val
"""


def test_what_is_a_tree_and_what_is_not():
    assert why_not_a_tree([1, 2, 3, None, 4]) is None  # a level-order list
    assert why_not_a_tree({"a": ["b", "c"], "b": [], "c": []}) is None
    assert "edge list" in why_not_a_tree([[0, 1], [1, 2], [2, 0]])
    assert why_not_a_tree({"a": ["b"], "b": ["a"]}) == "it has a cycle"
    assert why_not_a_tree({"a": ["c"], "b": ["c"]}) == "a node has two parents"
    assert why_not_a_tree(7) is None


def drawn_as_tree(make_panel, qtbot, kind: str):
    trace = samples.trace_here(NODES, "build", kind)
    panel = make_panel(trace, NODES, tab="structure")
    last = max(i for i, s in enumerate(trace["steps"]) if s["function"] == "build" and s["event"] == "return")
    panel.set_step(last)
    structure = panel.view("structure")
    qtbot.waitUntil(lambda: structure._state is not None and structure._state.index == last)
    structure.choose("root", "tree")
    return structure.drawing


def test_a_node_with_two_parents_is_drawn_as_a_graph(make_panel, qtbot):
    drawing = drawn_as_tree(make_panel, qtbot, "two parents")
    assert drawing.kind == "graph" and isinstance(drawing.model, Graph)
    assert "two parents" in drawing.note
    assert sorted(drawing.model.nodes) == ["1", "2", "3"]
    assert len(drawing.model.edges) == 3  # 1 → 2, 2 → 3 and 1 → 3: the shared child's two links


def test_nodes_in_a_cycle_are_drawn_as_a_graph(make_panel, qtbot):
    drawing = drawn_as_tree(make_panel, qtbot, "cycle")
    assert drawing.kind == "graph" and "cycle" in drawing.note
    assert len(drawing.model.edges) == 4  # 1 → 2, 2 → 3, 1 → 3 and 3 → 1 back


def test_a_real_tree_of_nodes_is_still_drawn_as_a_tree(make_panel, qtbot):
    drawing = drawn_as_tree(make_panel, qtbot, "tree")
    assert drawing.kind == "tree" and isinstance(drawing.model, Tree)
    assert as_graph([[0, 1]]) == [[0, 1]]


def test_the_as_tree_choice_does_not_carry_over_to_a_graph_problem(window, qtbot, tmp_path):
    trace_problem(window, qtbot, "tree-diameter")
    structure = structure_at_first_line_of(window, qtbot, "diameter")
    structure.shape.setCurrentIndex(structure.shape.findData("tree"))  # the learner's "as tree"
    assert structure.drawing.kind == "tree"

    trace_problem(window, qtbot, "count-connected-components")
    structure = structure_at_first_line_of(window, qtbot, "count_components")
    assert structure.shape.currentData() == "auto"
    assert structure.drawing.variable == "edges" and structure.drawing.kind == "graph"

    structure.shape.setCurrentIndex(structure.shape.findData("tree"))  # asked for, on an edge list
    drawing = structure.drawing
    assert drawing.kind == "graph" and isinstance(drawing.model, Graph)
    assert sorted(drawing.model.nodes) == ["0", "1", "2", "3", "4"]
    assert "not a tree" in structure.note.text()
    window.viz.grab().save(str(tmp_path / "edge-list-as-tree.png"))
