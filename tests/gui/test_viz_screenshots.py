"""Pictures of the panel's main states, saved as PNG files under the test's temporary folder, for
a person to look at (and checked here to be real drawings, not blank widgets)."""

from __future__ import annotations

from PySide6.QtGui import QImage

from codementor_desktop.tools import sample_traces as samples
from tests.gui.test_viz_views import SHAPES
from tests.gui.viz_support import search_trace


def save(qtbot, panel, path) -> QImage:
    qtbot.waitUntil(lambda: not panel.busy)
    image = panel.grab().toImage()
    assert image.save(str(path))
    colours = {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
    assert len(colours) > 8, f"{path.name} looks blank"
    return image


def test_screenshots_of_the_main_states(make_panel, qtbot, tmp_path):
    trace, code = search_trace()
    panel = make_panel(trace, code, tab="structure")
    middle = [s["step"] for s in trace["steps"] if "mid" in (s.get("changed") or {})][1] + 1
    panel.set_step(middle)
    structure = panel.view("structure")
    qtbot.waitUntil(lambda: structure.drawing is not None and "mid" in structure.drawing.model.pointers)
    assert set(structure.drawing.model.pointers) == {"lo", "mid", "hi"}
    save(qtbot, panel, tmp_path / "1-binary-search-structure.png")
    panel.setCurrentWidget(panel.trace_tab)
    save(qtbot, panel, tmp_path / "2-binary-search-trace.png")

    tree = samples.trace_here(samples.BUILD_TREE, "build", list(range(1, 16)))
    panel = make_panel(tree, samples.BUILD_TREE, tab="structure")
    panel.set_step(len(tree["steps"]) - 1)
    qtbot.waitUntil(lambda: panel.view("structure").drawing is not None)
    assert panel.view("structure").drawing.kind == "tree"
    save(qtbot, panel, tmp_path / "3-tree.png")

    counting = samples.trace_here(samples.COUNTING, "running_stats", 40)
    panel = make_panel(counting, samples.COUNTING, tab="variables")
    panel.set_step(len(counting["steps"]) // 3)
    save(qtbot, panel, tmp_path / "4-variables.png")

    fact = samples.trace_here(samples.FACTORIAL, "fact", 4)
    panel = make_panel(fact, samples.FACTORIAL, tab="flow")
    panel.set_step(len(fact["steps"]) // 2)
    save(qtbot, panel, tmp_path / "5-flow-recursion.png")
    running = samples.trace_here(samples.RUNNING_SUM, "running_sum", [3, 1, 4, 1, 5])
    panel = make_panel(running, samples.RUNNING_SUM, tab="flow")
    panel.set_step(len(running["steps"]) // 2)
    save(qtbot, panel, tmp_path / "6-flow-loop.png")

    panel = make_panel(running, samples.RUNNING_SUM)
    panel.predict_action.trigger()
    panel.set_step(next(s["step"] for s in running["steps"] if s["line"] == 5) - 1)
    panel.into_action.trigger()
    panel.player.answer("3")
    panel.into_action.trigger()
    assert panel.player.pending is not None
    save(qtbot, panel, tmp_path / "7-predict.png")

    stopped = samples.trace_here(samples.ENDLESS_LOOP, "count_down", 3, max_steps=300)
    panel = make_panel(stopped, samples.ENDLESS_LOOP)
    panel.set_step(len(stopped["steps"]) - 1)
    save(qtbot, panel, tmp_path / "8-stopped-loop.png")

    shapes = samples.trace_here(SHAPES, "shapes")
    panel = make_panel(shapes, SHAPES, tab="structure")
    panel.set_step(len(shapes["steps"]) - 2)
    for name in ("grid", "ages", "head", "stack", "waiting", "graph"):
        qtbot.waitUntil(lambda: panel.view("structure").drawing is not None)
        panel.view("structure").choose(name)
        save(qtbot, panel, tmp_path / f"9-shape-{name}.png")
