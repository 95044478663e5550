"""Every structure renderer on every structure type: typical, empty and very large inputs."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from codementor_desktop.visual.normalize import StructureError, detect
from codementor_desktop.visual.replay import Node
from codementor_desktop.visual.structures import render_structure

SVG_NS = "{http://www.w3.org/2000/svg}"


def tree_nodes(values):
    """A TreeNode chain as a trace rebuilds it (Node objects), from a level-order list."""
    nodes = [None if v is None else Node("TreeNode", {"val": v, "left": None, "right": None}) for v in values]
    children = iter(nodes[1:])
    for node in nodes:
        if node is None:
            continue
        node.fields["left"] = next(children, None)
        node.fields["right"] = next(children, None)
    return nodes[0]


def list_nodes(values, cycle_to=None):
    nodes = [Node("ListNode", {"val": v, "next": None}) for v in values]
    for a, b in zip(nodes, nodes[1:], strict=False):
        a.fields["next"] = b
    if cycle_to is not None:
        nodes[-1].fields["next"] = nodes[cycle_to]
    return nodes[0]


CASES = {
    "array": ([3, 1, 4, 1, 5, 9], [], list(range(5000))),
    "stack": ([1, 2, 3], [], list(range(3000))),
    "queue": (["a", "b"], [], list(range(3000))),
    "tree": ([4, 2, 7, 1, 3, 6, 9], [], list(range(1, 4000))),
    "graph": ({"A": ["B", "C"], "B": ["D"], "C": ["D"], "D": []}, {}, [[i, i + 1] for i in range(500)]),
    "linked_list": ([1, 2, 3], [], list(range(2000))),
    "matrix": ([[1, 0, 1], [0, 1, 0]], [], [[r * c for c in range(300)] for r in range(200)]),
    "hash_map": ({"a": 1, "b": [1, 2]}, {}, {f"key{i}": i for i in range(3000)}),
}


def parse_svg(document: str) -> ET.Element:
    root = ET.fromstring(document)
    assert root.tag == SVG_NS + "svg"
    assert root.get("viewBox", "").startswith("0 0 ")
    return root


@pytest.mark.parametrize("kind", sorted(CASES))
@pytest.mark.parametrize("fmt", ["ascii", "svg", "mermaid"])
def test_each_structure_in_each_format_typical_empty_and_large(kind, fmt):
    typical, empty, large = CASES[kind]
    for data, big in ((typical, False), (empty, False), (large, True)):
        result = render_structure(kind, data, fmt)
        assert result["structure_type"] == kind and result["format"] == fmt
        assert result["truncated"] is big, (kind, fmt, big)
        content = result["content"]
        if fmt == "svg":
            parse_svg(content)
        if big:
            # A visible marker and a summary instead of a wall of text.
            assert "…" in content or "shown" in content
            assert "shown" in content or "…" in result["summary"] or "cut" in result["summary"]
            assert len(content) < 60_000
            if fmt == "ascii":
                assert len(content.splitlines()) < 80
                assert max(len(line) for line in content.splitlines()) <= 110


def test_array_ascii_has_indices_highlights_and_pointers():
    text = render_structure("array", [3, 1, 4, 1, 5, 9], "ascii", [2, 4], {"i": 0, "j": 3, "k": 3})["content"]
    lines = text.splitlines()
    assert lines[0].split() == ["0", "1", "2", "3", "4", "5"]
    assert "| 3 | 1 | *4* | 1 | *5* | 9 |" in text
    caret_line, name_line = lines[4], lines[5]
    body = lines[2]
    assert caret_line[body.index(" 3 ") + 1] == "^"  # under the first cell
    assert "i" in name_line and "j,k" in name_line


def test_pointer_outside_the_array_is_reported_not_dropped():
    text = render_structure("array", [1, 2], "ascii", [], {"hi": 5})["content"]
    assert "hi = 5 (outside the 2 items)" in text


def test_large_array_keeps_the_neighbourhood_of_pointers():
    result = render_structure("array", list(range(10_000)), "ascii", [], {"mid": 5000})
    assert "5000" in result["content"] and "mid" in result["content"]
    assert "(10,000 items" in result["content"]


def test_stack_top_is_first_and_queue_has_both_ends():
    stack = render_structure("stack", [1, 2, 3], "ascii")["content"].splitlines()
    assert stack[0].startswith("top ->") and "3" in stack[0]
    queue = render_structure("queue", [1, 2, 3], "ascii")["content"]
    assert "front ->" in queue and "<- back" in queue


def test_binary_tree_drawn_top_down_with_positions_from_networkx():
    result = render_structure("tree", [4, 2, 7, 1, 3, 6, 9], "ascii", [1])
    lines = result["content"].splitlines()
    assert lines[0].strip().strip("_") == "4"
    assert "/" in lines[1] and "\\" in lines[1]
    assert "*2*" in lines[2]
    nodes = {n["label"]: n for n in result["layout"]["nodes"]}
    # In-order x positions: a search tree reads left to right.
    xs = [nodes[str(v)]["x"] for v in (1, 2, 3, 4, 6, 7, 9)]
    assert xs == sorted(xs) and len(set(xs)) == 7
    assert nodes["4"]["y"] < nodes["2"]["y"] < nodes["1"]["y"]
    assert nodes["2"]["highlight"] and not nodes["4"]["highlight"]


def test_tree_from_node_objects_and_missing_children():
    root = tree_nodes([1, None, 2, 3])
    result = render_structure("auto", root, "ascii")
    assert result["detected"] == "tree"
    assert result["content"].splitlines()[0].strip().strip("_") == "1"
    outline = render_structure("tree", list(range(1, 200)), "ascii")["content"]
    assert "…" in outline and "(199 nodes, 31 shown" in outline


def test_graph_layout_and_highlighted_edges():
    data = {"A": {"B": 4, "C": 1}, "B": {"D": 1}, "C": {"B": 2}, "D": {}}
    result = render_structure("graph", data, "ascii", highlight_nodes=["A"], highlight_edges=[["A", "C"]])
    assert "directed graph: 4 nodes, 4 edges" in result["content"]
    assert "==C (1)==" in result["content"] and "*A*" in result["content"]
    positions = {n["id"]: (n["x"], n["y"]) for n in result["layout"]["nodes"]}
    assert set(positions) == {"A", "B", "C", "D"}
    assert all(0.0 <= x <= 1.0 and 0.0 <= y <= 1.0 for x, y in positions.values())
    assert len(set(positions.values())) == 4


def test_undirected_edge_list_draws_each_edge_once():
    result = render_structure("graph", [[0, 1], [1, 2], [2, 0]], "mermaid")
    assert result["content"].count(" --- ") == 3


def test_linked_list_with_a_cycle_and_pointers():
    head = list_nodes([1, 2, 3, 4], cycle_to=1)
    result = render_structure("auto", head, "ascii", [], {"slow": 0, "fast": 2})
    assert result["detected"] == "linked_list"
    assert "[1] -> [2] -> [3] -> [4] -> (back to 2, node 1)" in result["content"]
    assert "slow" in result["content"] and "fast" in result["content"]
    assert "cycle back to node 1" in result["summary"]


def test_matrix_highlights_are_flat_indices():
    text = render_structure("matrix", [[1, 0, 1], [0, 1, 0]], "ascii", [4])["content"]
    assert text.splitlines()[2].split() == ["1", "0", "*1*", "0"]


def test_hash_map_and_auto_detection():
    assert "*b*" in render_structure("hash_map", {"a": 1, "b": 2}, "ascii", highlight_nodes=["b"])["content"]
    assert detect([1, None, 2, 3]) == "tree"
    assert detect([[0, 1], [1, 2], [2, 3]]) == "graph"
    assert detect([[1], [0, 2], [1]]) == "graph"
    assert detect([[1, 2, 3], [4, 5, 6]]) == "matrix"
    assert detect(["#.#", "..#"]) == "matrix"
    assert detect({"a": ["b"], "b": []}) == "graph"
    assert detect({"a": 1, "b": "x"}) == "hash_map"
    assert detect({"val": 1, "next": None}) == "linked_list"
    assert detect({"val": 1, "left": None, "right": None}) == "tree"
    assert detect("hello") == "array"


def test_data_that_cannot_take_the_shape_is_a_clear_error():
    with pytest.raises(StructureError, match="hash map"):
        render_structure("hash_map", [1, 2, 3], "ascii")
    with pytest.raises(StructureError, match="list"):
        render_structure("array", {"a": 1}, "ascii")


def test_svg_escapes_learner_text():
    root = parse_svg(render_structure("array", ["<b>&'\""], "svg")["content"])
    texts = [t.text for t in root.iter(SVG_NS + "text")]
    assert "<b>&'\"" in texts


def test_svg_highlight_fills_the_highlighted_cell():
    root = parse_svg(render_structure("array", [5, 6, 7], "svg", [1])["content"])
    fills = [r.get("fill") for r in root.iter(SVG_NS + "rect")][1:]  # after the background
    assert fills.count("#ffd54f") == 1 and fills[1] == "#ffd54f"
