"""The shapes the Structure tab draws a bank problem's arguments as (Qt-free): trees, linked lists,
edge lists with their node count, adjacency lists, directed where the problem says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from codementor_desktop.gui.viz.declared_shapes import declared_shapes
from codementor_desktop.problems.bank import load_bank
from codementor_desktop.visual.normalize import graph

BANK = load_bank([Path(__file__).resolve().parents[2] / "resources" / "problems"])


@pytest.mark.parametrize(
    ("problem_id", "name", "kind"),
    [("tree-diameter", "root", "tree"), ("merge-two-sorted-lists", "list2", "linked_list"),
     ("count-connected-components", "edges", "graph"), ("is-graph-bipartite", "graph", "graph")],
)  # fmt: skip
def test_each_declared_parameter_has_its_shape(problem_id, name, kind):
    assert declared_shapes(BANK.get(problem_id))[name].kind == kind


def test_an_edge_list_is_drawn_with_every_node_its_count_names():
    shape = declared_shapes(BANK.get("count-connected-components"))["edges"]
    drawn = graph(shape.graph_data([[0, 1], [3, 4]], 6), [], [], [])
    assert sorted(drawn.nodes) == ["0", "1", "2", "3", "4", "5"]  # 2 and 5 stand alone
    assert not drawn.directed and len(drawn.edges) == 2


def test_a_directed_edge_list_numbered_from_one():
    shape = declared_shapes(BANK.get("find-town-judge"))["trust"]
    drawn = graph(shape.graph_data([[1, 3], [2, 3]], 3), [], [], [])
    assert sorted(drawn.nodes) == ["1", "2", "3"] and drawn.directed


def test_an_adjacency_list_is_not_read_as_edges():
    shape = declared_shapes(BANK.get("is-graph-bipartite"))["graph"]
    drawn = graph(shape.graph_data([[1, 3], [0, 2], [1, 3], [0, 2]], None), [], [], [])
    assert sorted(drawn.nodes) == ["0", "1", "2", "3"]
    assert len(drawn.edges) == 4 and not drawn.directed  # a 4-cycle, each edge once


def test_an_edge_list_without_a_count_keeps_its_edges():
    shape = declared_shapes(BANK.get("redundant-connection"))["edges"]
    drawn = graph(shape.graph_data([[1, 2], [1, 3], [2, 3]], None), [], [], [])
    assert sorted(drawn.nodes) == ["1", "2", "3"] and len(drawn.edges) == 3
