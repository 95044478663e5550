"""The trace on show, marked in the editor: the current step's line, what the step changed
(written at the end of the line that made the change), and a stopped run's loop lines."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from ..editor.code_editor import CodeEditor
from ..viz.timeline import HIDDEN_TYPES, StepState, TraceTimeline
from ..viz.trace_tab import changed_names

if TYPE_CHECKING:
    from ..viz.panel import VisualizationPanel

LOOK_BACK = 5_000  # steps searched for the line that made a change (a long call in between: the step's own line)
VALUE_CHARS = 40
NAMES_SHOWN = 4


def changes_text(state: StepState) -> str:
    """``lo = 4, mid = 7`` for a step that assigned them; ``returns 3``; ``raises IndexError: …``."""
    step = state.step
    values = state.variables()
    parts = []
    for name in sorted(changed_names(state)):
        value = values.get(name)
        if value is None or (isinstance(value, dict) and value.get("type") in HIDDEN_TYPES):
            continue
        parts.append(f"{name} = {state.replay.text(value, VALUE_CHARS)}")
    if len(parts) > NAMES_SHOWN:
        parts = [*parts[:NAMES_SHOWN], f"+{len(parts) - NAMES_SHOWN} more"]
    if step.get("event") == "return" and "return_value" in step:
        parts.append(f"returns {state.replay.text(step['return_value'], VALUE_CHARS)}")
    if step.get("exception"):
        parts.append(f"raises {step['exception'].get('type', '')}")
    return ", ".join(parts)


def line_that_changed(timeline: TraceTimeline, state: StepState) -> int:
    """A line step shows what the frame's previous line did; a call or a return, its own line."""
    step = state.step
    here = int(step.get("line", 0))
    if step.get("event") != "line":
        return here
    frames, lines = timeline.frames, timeline.lines
    for index in range(state.index - 1, max(state.index - LOOK_BACK, 0) - 1, -1):
        if frames[index] == state.frame:
            return lines[index]
    return here


class StepMarks(QObject):
    """Follows a panel's step cursor in an editor. ``enabled`` is off while no trace is of the
    editor's code (another problem's text is loaded, or the learner edited since)."""

    def __init__(self, editor: CodeEditor, panel: VisualizationPanel, parent: QObject | None = None):
        super().__init__(parent)
        self.editor = editor
        self.panel = panel
        self.enabled = False
        panel.lineChanged.connect(self._on_line)
        panel.stateShown.connect(self._on_state)
        panel.loopLinesChanged.connect(self._on_loop)
        editor.edited.connect(self.stop_following)

    def follow(self) -> None:
        """A trace of the editor's code starts: mark its steps."""
        self.enabled = True
        self.editor.clear_trace_marks()

    def stop_following(self) -> None:
        """The code changed: the trace's lines no longer match it."""
        if self.enabled:
            self.enabled = False
            self.editor.clear_trace_marks()

    def _on_line(self, line: int) -> None:
        if self.enabled:
            self.editor.mark_step(line)

    def _on_state(self, state: StepState) -> None:
        if self.enabled:
            text = changes_text(state)
            self.editor.show_step_changes(line_that_changed(self.panel.timeline, state), f"← {text}" if text else "")

    def _on_loop(self, lines: list) -> None:
        if self.enabled:
            self.editor.mark_loop([int(n) for n in lines])
