"""Pictures of the window's debugger states, saved as PNG files under the test's temporary folder
for a person to look at: a binary search traced to a middle step (the editor's marks, the Trace
and Structure tabs), a conditional breakpoint's stop with its watches, a stopped endless loop."""

from __future__ import annotations

import os

from PySide6.QtGui import QImage

from codementor_desktop.gui.editor.breakpoints import Breakpoint
from tests.gui.test_window_debugger import ENDLESS, traced

SHOTS = os.environ.get("CODEMENTOR_SHOTS")  # a folder to keep the pictures in, to look at them


def save(qtbot, window, path) -> QImage:
    qtbot.waitUntil(lambda: not window.viz.busy)
    image = window.grab().toImage()
    assert image.save(str(path))
    if SHOTS:
        image.save(os.path.join(SHOTS, path.name))
    colours = {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
    assert len(colours) > 8, f"{path.name} looks blank"
    return image


def test_screenshots_of_the_window_states(window, qtbot, tmp_path):
    window.resize(1400, 900)
    traced(window, qtbot)
    panel = window.viz
    middle = [i for i, s in enumerate(panel.timeline.steps) if "mid" in (s.get("changed") or {})][-1]
    panel.set_step(middle)
    qtbot.waitUntil(lambda: "mid = 3" in window.editor.step_changes_at(4))
    save(qtbot, window, tmp_path / "w1-trace-middle-step.png")
    panel.setCurrentWidget(panel.pages["structure"])
    structure = panel.view("structure")
    qtbot.waitUntil(lambda: structure.isVisible() and structure.height() > 100)  # the page swapped in, laid out
    qtbot.waitUntil(
        lambda: structure.drawing is not None and {"lo", "mid", "hi"} <= set(structure.drawing.model.pointers)
    )
    save(qtbot, window, tmp_path / "w2-structure-lo-mid-hi.png")

    window.debugger.breakpoints.put(Breakpoint(5, "lo > 0", 1, ("nums[lo]", "hi")))
    window.debugger.breakpoints.put(Breakpoint(8))
    with qtbot.waitSignal(window.jobs.ended, timeout=30_000):
        window.breakpoint_action.trigger()
    save(qtbot, window, tmp_path / "w3-breakpoint-stop.png")

    panel.predict_action.trigger()
    panel.set_step(0)
    while panel.player.pending is None and panel.step < panel.step_count - 1:
        panel.into_action.trigger()
    save(qtbot, window, tmp_path / "w4-predict.png")
    panel.predict_action.trigger()

    traced(window, qtbot, ENDLESS)
    save(qtbot, window, tmp_path / "w5-stopped-loop.png")
