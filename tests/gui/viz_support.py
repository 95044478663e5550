"""What the visualization panel's tests share: a panel fed a real trace in batches, and the checks
that nothing it started (a timer, a thread, a window) outlives it."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from codementor_desktop.gui.viz.panel import VisualizationPanel
from codementor_desktop.tools import sample_traces as samples

BATCH = 7  # small batches, so that a test sees steps arrive while the pass is behind


def leftovers(panel: VisualizationPanel) -> list[str]:
    """Timers still running, background threads still alive and windows still open after a panel."""
    found = [
        f"timer {t.objectName() or t} every {t.interval()} ms of {t.parent()}"
        for t in panel.findChildren(QTimer)
        if t.isActive()
    ]
    lanes = ("viz-preload", "mermaid")  # the panel's own jobs' lanes (the window's jobs shut their own)
    found += [f"thread {t.name}" for t in threading.enumerate() if t.name in {f"jobs-{lane}" for lane in lanes}]
    found += [
        f"window {w.objectName() or type(w).__name__}"
        for w in QApplication.topLevelWidgets()
        if w.isVisible() and w.objectName() in ("mermaidDialog", "visualizationPanel")
    ]
    return found


@pytest.fixture
def make_panel(qtbot):
    """Build panels that received a trace; at the end each is shut down and must leave nothing behind."""
    made: list[VisualizationPanel] = []

    def make(trace: dict | None = None, code: str = "", tab: str | None = None, **options) -> VisualizationPanel:
        panel = VisualizationPanel(**options)
        qtbot.addWidget(panel)
        panel.resize(900, 520)
        panel.show()
        made.append(panel)
        if trace is not None:
            feed(qtbot, panel, trace, code)
        if tab is not None:
            panel.setCurrentWidget(panel.pages[tab])
            panel.view(tab)
        return panel

    yield make
    for panel in made:
        panel.shutdown()
        panel.close()
    for panel in made:
        assert leftovers(panel) == []


def feed(qtbot, panel: VisualizationPanel, trace: dict, code: str = "") -> None:
    """Give ``panel`` the trace as it streams (small batches), then its result; wait for the pass."""
    panel.begin_trace(code or "\n".join(trace.get("source_lines") or []))
    steps = trace["steps"]
    for start in range(0, len(steps), BATCH):
        panel.add_steps(steps[start : start + BATCH])
    panel.finish_trace(trace)
    qtbot.waitUntil(lambda: not panel.busy, timeout=20_000)


def search_trace() -> tuple[dict, str]:
    code = samples.BINARY_SEARCH
    return samples.trace_here(code, "search", [1, 3, 4, 7, 9, 11, 15, 18, 21, 24, 30, 33, 37, 42, 50, 51], 42), code
