"""The small editor on a breakpoint: its condition, the nth time it holds, and watch expressions."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from .breakpoints import Breakpoint

REMOVE = 2  # the dialog's result when the learner removes the breakpoint


def tr(text: str) -> str:
    return QCoreApplication.translate("BreakpointDialog", text)


class BreakpointDialog(QDialog):
    """Edits one breakpoint; ``breakpoint()`` is what was entered. ``exec`` returns Accepted,
    Rejected, or ``REMOVE``."""

    def __init__(self, stop: Breakpoint, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("breakpointDialog")
        self.setWindowTitle(tr("Breakpoint on line %s") % stop.line)
        self._line = stop.line
        self.condition = QLineEdit(stop.condition, objectName="breakpointCondition")
        self.condition.setPlaceholderText(tr("always stop (e.g. lo > hi, or nums[mid] == target)"))
        self.condition.setAccessibleName(tr("Condition"))
        self.hit = QSpinBox(objectName="breakpointHit", minimum=1, maximum=1_000_000, value=stop.hit)
        self.hit.setAccessibleName(tr("Stop on the nth time"))
        self.watch = QLineEdit(", ".join(stop.watch), objectName="breakpointWatch")
        self.watch.setPlaceholderText(tr("names or expressions, separated by commas (e.g. lo, hi, nums[mid])"))
        self.watch.setAccessibleName(tr("Watch expressions"))
        form = QFormLayout(self)
        form.addRow(QLabel(tr("Stop on line %s when the condition holds:") % stop.line))
        form.addRow(tr("&Condition"), self.condition)
        form.addRow(tr("Stop the &nth time"), self.hit)
        form.addRow(tr("&Watch"), self.watch)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        remove = QPushButton(tr("&Remove breakpoint"))
        buttons.addButton(remove, QDialogButtonBox.ButtonRole.DestructiveRole)
        remove.clicked.connect(lambda: self.done(REMOVE))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def breakpoint(self) -> Breakpoint:
        watch = tuple(part for part in split_watches(self.watch.text()) if part)
        return Breakpoint(self._line, self.condition.text().strip(), self.hit.value(), watch)


def split_watches(text: str) -> list[str]:
    """Split on the commas that are not inside brackets: ``nums[lo], d.get(k, 0)`` is two."""
    parts: list[str] = []
    current: list[str] = []
    depth = 0
    for character in text:
        if character in "([{":
            depth += 1
        elif character in ")]}":
            depth = max(depth - 1, 0)
        if character == "," and depth == 0:
            parts.append("".join(current).strip())
            current = []
        else:
            current.append(character)
    parts.append("".join(current).strip())
    return [p for p in parts if p]
