"""One step of the plan as the learner edits it: its number, its words, the lines it is anchored
to ("lines 7–8"), what it expects to hold there, and what the last ``/debug`` said of it."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QLineEdit, QToolButton, QWidget

from ...domain.plan import MAX_EXPECT, MAX_TEXT


def tr(text: str) -> str:
    return text


def lines_text(lines: tuple[int, ...] | list[int]) -> str:
    """``lines 7–8, 12`` for the lines 7, 8 and 12; ``line 4`` for one; ``not anchored`` for none."""
    if not lines:
        return tr("not anchored")
    runs: list[list[int]] = []
    for line in sorted(set(lines)):
        if runs and line == runs[-1][-1] + 1:
            runs[-1].append(line)
        else:
            runs.append([line])
    parts = [str(run[0]) if len(run) == 1 else f"{run[0]}–{run[-1]}" for run in runs]
    word = "line" if len(lines) == 1 else "lines"
    return f"{word} {', '.join(parts)}"


def dark(widget: QWidget) -> bool:
    """Whether ``widget`` is drawn in the dark theme (its window's ``theme`` property names it)."""
    return widget.window().property("theme") == "dark"


# On the dark theme: the same hues, light enough to read on it.
DARK_COLOURS = {"#c62828": "#ef9a9a", "#2e7d32": "#81c784", "#757575": "#bdbdbd", "#e65100": "#ffb74d"}
# status -> (sign, colour) of the line under a step after a /debug
STATUS_LOOK = {
    "broken": ("✗", "#c62828"),
    "held": ("✓", "#2e7d32"),
    "never_reached": ("–", "#757575"),
    "unreadable": ("!", "#e65100"),
    "unchecked": ("·", "#757575"),
    "error": ("!", "#c62828"),  # the step cannot be kept as written
}


class StepRow(QFrame):
    """A step's editors. ``changed`` follows an edit of its words or expectation; the buttons ask
    the pane (``anchorRequested``, ``clearRequested``, ``moveRequested(-1 | 1)``, ``removeRequested``)."""

    changed = Signal()
    anchorRequested = Signal()
    clearRequested = Signal()
    moveRequested = Signal(int)
    removeRequested = Signal()

    def __init__(self, text: str = "", lines: tuple[int, ...] = (), expect: str = "", parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("planStep")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.lines = tuple(lines)
        self.number_label = QLabel("1.", objectName="planStepNumber")
        self.number_label.setMinimumWidth(24)
        self.number_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.words = QLineEdit(text, placeholderText=tr("What this step does, in your words"))
        self.words.setMaxLength(MAX_TEXT)
        self.words.setAccessibleName(tr("Step's words"))
        self.lines_label = QLabel(lines_text(self.lines), objectName="planStepLines")
        self.lines_label.setMinimumWidth(90)
        self.anchor_button = QToolButton(text=tr("Anchor to selection"))
        self.anchor_button.setToolTip(tr("Anchor this step to the lines selected in the code (or the caret's line)"))
        self.clear_button = QToolButton(text=tr("Clear"))
        self.clear_button.setToolTip(tr("This step is anchored to no line"))
        self.expect = QLineEdit(expect, placeholderText=tr("Expected to hold there, e.g. left <= right"))
        self.expect.setMaxLength(MAX_EXPECT)
        self.expect.setAccessibleName(tr("Step's expectation"))
        self.expect.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.status = QLabel("", objectName="planStepStatus", wordWrap=True, visible=False)
        self.status.setTextFormat(Qt.TextFormat.PlainText)  # it quotes the learner's expression
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.up_button = QToolButton(text="↑", toolTip=tr("Move this step up"))
        self.down_button = QToolButton(text="↓", toolTip=tr("Move this step down"))
        self.remove_button = QToolButton(text="✕", toolTip=tr("Remove this step"))
        for button in (self.up_button, self.down_button, self.remove_button):
            button.setAutoRaise(True)

        grid = QGridLayout(self)
        grid.setContentsMargins(4, 3, 4, 3)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(2)
        grid.addWidget(self.number_label, 0, 0)
        grid.addWidget(self.words, 0, 1)
        moves = QHBoxLayout()
        moves.setSpacing(0)
        for button in (self.up_button, self.down_button, self.remove_button):
            moves.addWidget(button)
        grid.addLayout(moves, 0, 2)
        second = QHBoxLayout()
        second.setSpacing(4)
        second.addWidget(self.lines_label)
        second.addWidget(self.anchor_button)
        second.addWidget(self.clear_button)
        second.addWidget(QLabel(tr("expect:")))
        second.addWidget(self.expect, 1)
        grid.addLayout(second, 1, 1, 1, 2)
        grid.addWidget(self.status, 2, 1, 1, 2)
        grid.setColumnStretch(1, 1)

        self.words.textEdited.connect(lambda _text: self._edited())
        self.expect.textEdited.connect(lambda _text: self._edited())
        self.anchor_button.clicked.connect(self.anchorRequested)
        self.clear_button.clicked.connect(self.clearRequested)
        self.up_button.clicked.connect(lambda: self.moveRequested.emit(-1))
        self.down_button.clicked.connect(lambda: self.moveRequested.emit(1))
        self.remove_button.clicked.connect(self.removeRequested)

    def set_number(self, number: int, last: bool) -> None:
        self.number_label.setText(f"{number}.")
        self.up_button.setEnabled(number > 1)
        self.down_button.setEnabled(not last)

    def set_lines(self, lines: tuple[int, ...]) -> None:
        self.lines = tuple(lines)
        self.lines_label.setText(lines_text(self.lines))
        self.clear_button.setEnabled(bool(self.lines))

    @property
    def text(self) -> str:
        return self.words.text().strip()

    @property
    def expectation(self) -> str:
        return self.expect.text().strip()

    def show_status(self, status: str, text: str) -> None:
        """What is known of this step (``status`` a key of ``STATUS_LOOK``); an empty text hides it."""
        sign, colour = STATUS_LOOK.get(status, ("", "palette(text)"))
        colour = DARK_COLOURS.get(colour, colour) if dark(self) else colour
        self.status.setVisible(bool(text))
        self.status.setText(f"{sign} {text}".strip())
        self.status.setStyleSheet(f"color: {colour};")
        self.status.setProperty("status", status)

    @property
    def status_text(self) -> str:
        return "" if self.status.isHidden() else self.status.text()

    def _edited(self) -> None:
        if self.status.property("status") == "error" and self.text:
            self.show_status("", "")  # the words it lacked are there now
        self.changed.emit()
