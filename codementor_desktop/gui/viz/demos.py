"""Standalone demos of the visualization panel and each of its views, on real traces of sample
programs (traced in this process by the child's tracer). A smoke test builds every one.

    python -m codementor_desktop.gui.viz.demos [panel|trace|structure|tree|variables|flow|predict|stopped]
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from PySide6.QtWidgets import QApplication, QWidget

from ...tools import sample_traces as samples
from .panel import VisualizationPanel

SORTED = [1, 3, 4, 7, 9, 11, 15, 18, 21, 24, 30, 33, 37, 42, 50, 51]


def _panel_with(trace: dict, code: str, tab: str | None = None, batch: int = 200) -> VisualizationPanel:
    """A panel that received ``trace`` in batches, as it would while the trace streams."""
    panel = VisualizationPanel()
    panel.resize(960, 560)
    panel.begin_trace(code)
    steps = trace["steps"]
    for start in range(0, len(steps), batch):
        panel.add_steps(steps[start : start + batch])
    panel.finish_trace(trace)
    panel.take_queued_steps()
    while not panel.timeline.done:  # a demo may block: nothing else is running yet
        panel.timeline.work(1.0)
    if tab is not None:
        panel.setCurrentWidget(panel.pages[tab])
        panel.view(tab)
    return panel


def binary_search_panel(tab: str | None = None) -> VisualizationPanel:
    """A binary search for 42, at the step where ``mid`` first lands on a middle cell."""
    trace = samples.trace_here(samples.BINARY_SEARCH, "search", SORTED, 42)
    panel = _panel_with(trace, samples.BINARY_SEARCH, tab)
    middle = next(s["step"] for s in trace["steps"] if "mid" in (s.get("changed") or {}))
    panel.set_step(middle + 2)
    return panel


def trace_demo() -> VisualizationPanel:
    trace = samples.trace_here(samples.RUNNING_SUM, "running_sum", [3, 1, 4, 1, 5])
    panel = _panel_with(trace, samples.RUNNING_SUM)
    panel.set_step(len(trace["steps"]) // 2)
    return panel


def structure_demo() -> VisualizationPanel:
    return binary_search_panel("structure")


def tree_demo() -> VisualizationPanel:
    trace = samples.trace_here(samples.BUILD_TREE, "build", list(range(1, 16)))
    panel = _panel_with(trace, samples.BUILD_TREE, "structure")
    panel.set_step(len(trace["steps"]) - 1)
    return panel


def variables_demo() -> VisualizationPanel:
    trace = samples.trace_here(samples.COUNTING, "running_stats", 40)
    panel = _panel_with(trace, samples.COUNTING, "variables")
    panel.set_step(len(trace["steps"]) // 3)
    return panel


def flow_demo() -> VisualizationPanel:
    trace = samples.trace_here(samples.FACTORIAL, "fact", 4)
    panel = _panel_with(trace, samples.FACTORIAL, "flow")
    panel.set_step(len(trace["steps"]) // 2)
    return panel


def predict_demo() -> VisualizationPanel:
    trace = samples.trace_here(samples.RUNNING_SUM, "running_sum", [3, 1, 4])
    panel = _panel_with(trace, samples.RUNNING_SUM)
    panel.predict_action.setChecked(True)
    panel.player.predict_action.toggled.emit(True)
    first = next(s["step"] for s in trace["steps"] if s.get("event") == "line" and s.get("function") != "<module>")
    panel.set_step(first)
    panel.player.step_into()
    return panel


def stopped_demo() -> VisualizationPanel:
    """A loop that never ends: the trace stops at its step limit and says which loop and why."""
    trace = samples.trace_here(samples.ENDLESS_LOOP, "count_down", 3, max_steps=400)
    panel = _panel_with(trace, samples.ENDLESS_LOOP)
    panel.set_step(len(trace["steps"]) - 1)
    return panel


DEMOS: dict[str, Callable[[], QWidget]] = {
    "panel": lambda: binary_search_panel(),
    "trace": trace_demo,
    "structure": structure_demo,
    "tree": tree_demo,
    "variables": variables_demo,
    "flow": flow_demo,
    "predict": predict_demo,
    "stopped": stopped_demo,
}


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    name = args[0] if args else "panel"
    app = QApplication.instance() or QApplication(sys.argv)
    widget = DEMOS[name]()
    widget.setWindowTitle(f"CodeMentor · {name} demo")
    widget.show()
    code = app.exec()
    if isinstance(widget, VisualizationPanel):
        widget.shutdown()
    return code


if __name__ == "__main__":
    sys.exit(main())
