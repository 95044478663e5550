"""The plan's anchors in the editor's margin: each anchored line carries its step's number in a
margin of its own (the plan margin, right of the breakpoints'), blue until a ``/debug`` says
more: red where the step's expectation broke, green where it held, until the code changes.

The numbers are Scintilla markers, so they move with their lines as the learner edits; the lines
are read back from the markers' handles (``lines``) rather than trusted from when they were set.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QToolTip

from ..editor.code_editor import PLAN_MARGIN, SYMBOL_MARGIN, CodeEditor, bgr

FIRST_MARKER = 10  # markers 10-19: steps 1-9, then one for step 10 and after (0-6 are the editor's)
NUMBERED = 9
MARKERS = tuple(range(FIRST_MARKER, FIRST_MARKER + NUMBERED + 1))
ANCHOR_MASK = sum(1 << marker for marker in MARKERS)
SC_MARK_CHARACTER = 10000  # a marker drawn as a character: its step's number
FOLDER_MASK = 0xFE000000  # SC_MASK_FOLDERS: markers 25-31, kept off the symbol margins
WIDTH = 16

# status -> (fill, text), RGB; white text on a strong fill reads on the light and the dark theme
COLOURS = {
    "": (0x1565C0, 0xFFFFFF),  # anchored, not checked (or checked on code since changed)
    "broken": (0xC62828, 0xFFFFFF),
    "held": (0x2E7D32, 0xFFFFFF),
    "never_reached": (0x757575, 0xFFFFFF),
    "unreadable": (0xEF6C00, 0xFFFFFF),
    "unchecked": (0x1565C0, 0xFFFFFF),
}
WORST_FIRST = ("broken", "unreadable", "never_reached", "held", "unchecked", "")


def marker_of(number: int) -> int:
    """The marker of step ``number`` (1-based): its own up to 9, one shared by the rest."""
    return FIRST_MARKER + min(number, NUMBERED + 1) - 1


class PlanAnchors(QObject):
    """The anchored lines of the plan on show, as markers in the plan margin of ``editor``."""

    def __init__(self, editor: CodeEditor, parent: QObject | None = None):
        super().__init__(parent)
        self.editor = editor
        self._handles: list[list[int]] = []  # per step (in order): its markers' handles
        self._texts: list[str] = []  # per step: its words, for the margin's tooltip
        self._beyond: list[tuple[int, ...]] = []  # per step: its lines past the code's end, kept unmarked
        self._statuses: list[str] = []
        editor.setMarginTypeN(PLAN_MARGIN, 0)  # symbols
        editor.setMarginWidthN(PLAN_MARGIN, WIDTH)
        editor.setMarginMaskN(PLAN_MARGIN, ANCHOR_MASK)
        editor.setMarginMaskN(SYMBOL_MARGIN, ~(FOLDER_MASK | ANCHOR_MASK) & 0xFFFFFFFF)  # breakpoints stay apart
        for number, marker in enumerate(MARKERS, 1):
            editor.markerDefine(marker, SC_MARK_CHARACTER + ord(str(number) if number <= NUMBERED else "+"))
        self._colour_all()
        editor.viewport().installEventFilter(self)

    def place(self, steps: list[tuple[str, tuple[int, ...]]]) -> None:
        """Mark each step's lines (``(words, lines)`` in order); the marks of before go. Lines past
        the code's end are not marked but kept as they are (a shorter draft, the starter code)."""
        for marker in MARKERS:
            self.editor.markerDeleteAll(marker)
        self._handles, self._texts, self._beyond = [], [], []
        count = self.editor.lineCount()
        for number, (text, lines) in enumerate(steps, 1):
            marker = marker_of(number)
            self._handles.append([self.editor.markerAdd(line - 1, marker) for line in lines if 1 <= line <= count])
            self._texts.append(text)
            self._beyond.append(tuple(line for line in lines if line > count))
        self._statuses = [""] * len(steps)
        self._colour_all()

    def set_texts(self, texts: list[str]) -> None:
        """The steps' words (for the tooltip) when only they changed."""
        self._texts = list(texts)

    def lines(self) -> list[tuple[int, ...]]:
        """Each step's anchored lines where its markers are now (1-based); a deleted line is gone."""
        found = []
        for handles, beyond in zip(self._handles, self._beyond, strict=True):
            lines = {self.editor.markerLineFromHandle(handle) + 1 for handle in handles} | set(beyond)
            found.append(tuple(sorted(line for line in lines if line >= 1)))
        return found

    def line_steps(self) -> dict[int, list[int]]:
        """Each anchored line (1-based) and the numbers of the steps anchored there."""
        found: dict[int, list[int]] = {}
        for number, lines in enumerate(self.lines(), 1):
            for line in lines:
                found.setdefault(line, []).append(number)
        return found

    def colour(self, statuses: list[str]) -> None:
        """Colour each step's number by its status after a ``/debug`` (``""``: not checked)."""
        self._statuses = list(statuses) + [""] * max(len(self._handles) - len(statuses), 0)
        self._colour_all()

    def status_colour(self, number: int) -> int:
        """The fill (RGB) the marker of step ``number`` has now."""
        statuses = self._statuses
        if number <= NUMBERED:
            status = statuses[number - 1] if number <= len(statuses) else ""
        else:  # the shared marker shows the worst of its steps
            status = min(statuses[NUMBERED:] or [""], key=WORST_FIRST.index)
        return COLOURS.get(status, COLOURS[""])[0]

    def _colour_all(self) -> None:
        for number, marker in enumerate(MARKERS, 1):
            fill = self.status_colour(number)
            text = next(ink for back, ink in COLOURS.values() if back == fill)
            self.editor.markerSetBack(marker, bgr(fill))
            self.editor.markerSetFore(marker, bgr(text))

    def tooltip(self, line: int) -> str:
        """What the margin says of ``line`` (1-based): the steps anchored there, in their words."""
        return "\n".join(f"Step {number}: {self._texts[number - 1]}" for number in self.line_steps().get(line, []))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() != QEvent.Type.ToolTip or not isinstance(event, QHelpEvent):
            return False
        left = sum(self.editor.marginWidthN(n) for n in range(PLAN_MARGIN))
        if not left <= event.pos().x() < left + self.editor.marginWidthN(PLAN_MARGIN):
            return False
        position = self.editor.positionFromPoint(left + self.editor.marginWidthN(PLAN_MARGIN) + 1, event.pos().y())
        text = self.tooltip(self.editor.lineFromPosition(position) + 1)
        if text:
            QToolTip.showText(event.globalPos(), text, self.editor)
        else:
            QToolTip.hideText()
        return True
