"""The Output tab: what the program printed, shown a slice at a time so a flood never freezes.

A run may print up to a megabyte. Laid out at once, that is a stall of a second or more; here
the text is appended in slices of a few kilobytes, one slice per turn of the event loop.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtGui import QFontDatabase, QTextCursor
from PySide6.QtWidgets import QPlainTextEdit, QWidget

SLICE_CHARS = 16_000


def printed_by_tests(result: dict) -> str:
    """What a judged run printed, test by test."""
    printed = [
        QCoreApplication.translate("OutputView", "--- test %s ---") % t.get("test_id") + f"\n{t['stdout']}"
        for t in result.get("test_results", [])
        if t.get("stdout")
    ]
    return "\n".join(printed) if printed else QCoreApplication.translate("OutputView", "(nothing printed)")


class OutputView(QPlainTextEdit):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("output")
        self.setReadOnly(True)
        self.setUndoRedoEnabled(False)
        self.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))  # printed columns line up
        self._pending = ""
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._append_slice)

    def show_text(self, text: str) -> None:
        """Replace what is shown with ``text``; long texts arrive slice by slice."""
        self._timer.stop()
        self.clear()
        self._pending = text
        if len(text) <= SLICE_CHARS:
            self._append_slice()
        else:
            self._timer.start()

    @property
    def busy(self) -> bool:
        return bool(self._pending)

    def shown_text(self) -> str:
        """Everything, including what is still waiting to be appended."""
        return self.toPlainText() + self._pending

    def _append_slice(self) -> None:
        cut = len(self._pending) if len(self._pending) <= SLICE_CHARS else self._pending.rfind("\n", 0, SLICE_CHARS) + 1
        if cut <= 0:
            cut = SLICE_CHARS
        piece, self._pending = self._pending[:cut], self._pending[cut:]
        cursor = self.textCursor()
        cursor.movePosition(QTextCursor.MoveOperation.End)
        cursor.insertText(piece)
        if not self._pending:
            self._timer.stop()

    def stop(self) -> None:
        self._timer.stop()
        self._pending = ""
