"""Pictures of the window at 1280x800 in the light and the dark theme, for a person to look at:
the analysis, the edge cases, a traced call stack, the panel's tab bar and the statement. Run it
again with ``QT_SCALE_FACTOR=2`` for the doubled screen; ``CODEMENTOR_SHOTS`` names a folder to
keep them in."""

from __future__ import annotations

import os

import pytest
from PySide6.QtWidgets import QApplication

from tests.gui import test_window_screenshots
from tests.gui.test_window_analysis import QUADRATIC, open_two_sum
from tests.gui.test_window_debugger import traced
from tests.gui.test_window_edge_cases import found

SCALE = os.environ.get("QT_SCALE_FACTOR", "1")


def save(qtbot, window, path):
    """The window once its layouts have settled (a result's cards are laid out on the next turn of
    the event loop), as the learner sees it."""
    for _ in range(3):
        QApplication.sendPostedEvents()
        QApplication.processEvents()
    return test_window_screenshots.save(qtbot, window, path)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_window_at_1280_by_800(window, qtbot, tmp_path, theme):
    window.resize(1280, 800)
    window.set_theme(theme, save=False)
    prefix = f"look-{theme}-x{SCALE}"
    open_two_sum(window, QUADRATIC)
    window.submit_action.trigger()
    qtbot.waitUntil(lambda: bool(window.analyst.tab.cards.result), timeout=60_000)
    window.show_tab(window.analyst.tab)
    save(qtbot, window, tmp_path / f"{prefix}-analysis.png")
    found(window, qtbot)
    window.show_tab(window.edge_finder.tab)
    save(qtbot, window, tmp_path / f"{prefix}-edge-cases.png")
    traced(window, qtbot)
    window.viz.setCurrentWidget(window.viz.trace_tab)
    window.viz.set_step(window.viz.step_count // 2)
    save(qtbot, window, tmp_path / f"{prefix}-trace.png")
    window.viz.setCurrentWidget(window.viz.pages["flow"])
    flow = window.viz.view("flow")
    qtbot.waitUntil(lambda: bool(flow.nodes), timeout=20_000)
    save(qtbot, window, tmp_path / f"{prefix}-flow.png")
    window.viz.setCurrentWidget(window.learning.profile.tab)
    save(qtbot, window, tmp_path / f"{prefix}-profile.png")
    window.browser.techniques_action.trigger()  # the techniques of unsolved problems too
    save(qtbot, window, tmp_path / f"{prefix}-techniques-shown.png")
    tour = window.tour_guide.show()
    save(qtbot, window, tmp_path / f"{prefix}-tour.png")
    for _ in range(3):
        tour.next_step()  # the panels' step, over the tab bar
    save(qtbot, window, tmp_path / f"{prefix}-tour-panels.png")
