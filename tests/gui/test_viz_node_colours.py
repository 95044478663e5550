"""A tree drawing recolours only the nodes a step changed: after every step of a walk, each node's
fill and rim are what a full recolouring gives (yellow: changed here; a thick rim: a variable
points at it). A real trace of an in-order walk."""

from __future__ import annotations

from codementor_desktop.tools import sample_traces as samples


def test_each_step_of_a_walk_leaves_every_node_coloured_as_a_full_recolouring(make_panel, qtbot):
    trace = samples.trace_here(samples.TREE_WALK, "main", 40)
    panel = make_panel(trace, samples.TREE_WALK, tab="structure")
    steps = trace["steps"]
    walk = [s["step"] for s in steps if s["function"] == "walk" and s["event"] == "line"]
    structure = panel.view("structure")
    scene = structure.scenes["nodes"]
    recoloured = 0
    for step in walk[:120]:
        panel.set_step(step)
        qtbot.waitUntil(lambda step=step: structure._state is not None and structure._state.index == step)
        structure.choose("root")
        drawing = structure.drawing
        assert drawing.kind == "tree" and drawing.model.total == 40
        order = [n for n in drawing.model.labels if n in scene._where]
        spots = scene.nodes.points()
        fills = [spots[i].brush().color().name() for i in range(len(order))]
        rims = [spots[i].pen().width() for i in range(len(order))]
        assert fills == [scene.fills[n in drawing.changed].color().name() for n in order]
        assert rims == [scene.rims[n in drawing.node_names].width() for n in order]
        recoloured += bool(drawing.node_names)
    assert recoloured > 50  # the walk's pointer moved from node to node
