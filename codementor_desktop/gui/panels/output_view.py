"""The Output tab: what the program printed, its beginning and its end, and all of it as a file.

A run may print up to a megabyte. Laid out at once, that is a stall of a second or more, and
nobody reads 200,000 lines on screen: a long output shows its first and last lines with a line
between them saying how much is left out, and a bar above offers the whole of it as a file. What
is shown is appended in slices of a few kilobytes, one slice per turn of the event loop.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtGui import QFontDatabase, QResizeEvent, QTextCursor
from PySide6.QtWidgets import QApplication, QFileDialog, QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QWidget

SLICE_CHARS = 16_000
HEAD_CHARS = 64_000  # shown from the beginning of a long output …
TAIL_CHARS = 64_000  # … and from its end


def tr(text: str) -> str:
    return QCoreApplication.translate("OutputView", text)


def printed_by_tests(result: dict) -> str:
    """What a judged run printed, test by test."""
    printed = [
        tr("--- test %s ---") % t.get("test_id") + f"\n{t['stdout']}"
        for t in result.get("test_results", [])
        if t.get("stdout")
    ]
    return "\n".join(printed) if printed else tr("(nothing printed)")


def head_and_tail(text: str, head: int = HEAD_CHARS, tail: int = TAIL_CHARS) -> tuple[str, str | None]:
    """What to show of ``text``: all of it, or its first and last whole lines around a line that
    says what is left out; and that line (None when nothing is)."""
    if len(text) <= head + tail:
        return text, None
    cut = text.rfind("\n", 0, head) + 1 or head  # end the head at a line's end when there is one
    start = text.find("\n", len(text) - tail) + 1 or len(text) - tail
    if start <= cut:
        return text, None
    left_out = text[cut:start]
    lines = left_out.count("\n")
    marker = tr(
        "… %s lines (%s characters) left out here, of %s lines in all: “Save whole output…” keeps every line …"
    ) % (
        f"{lines:,}",
        f"{len(left_out):,}",
        f"{text.count(chr(10)) + (not text.endswith(chr(10))):,}",
    )
    return f"{text[:cut]}{marker}\n{text[start:]}", marker


def ask_where_to_save(parent: QWidget) -> Path | None:
    """The file dialog that asks where the whole output goes; None when the learner cancels."""
    chosen, _ = QFileDialog.getSaveFileName(parent, tr("Save whole output"), "output.txt", tr("Text files (*.txt)"))
    return Path(chosen) if chosen else None


class OutputView(QPlainTextEdit):
    """The printed text. ``choose_file`` asks where "Save whole output…" writes (a dialog; a test
    gives a function that returns a path)."""

    def __init__(
        self, parent: QWidget | None = None, choose_file: Callable[[QWidget], Path | None] = ask_where_to_save
    ):
        super().__init__(parent)
        self.setObjectName("output")
        self.setReadOnly(True)
        self.setUndoRedoEnabled(False)
        self.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))  # printed columns line up
        self.choose_file = choose_file
        self._whole = ""
        self._pending = ""
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._append_slice)
        self.bar = QWidget(self, objectName="outputBar")
        self.bar.setFont(QApplication.font())  # the bar's words are not printed output: no fixed font
        row = QHBoxLayout(self.bar)
        row.setContentsMargins(6, 2, 6, 2)
        self.summary = QLabel(self.bar, objectName="outputSummary")
        self.save_button = QPushButton(tr("Save whole output…"), self.bar, objectName="saveWholeOutput")
        self.save_button.setToolTip(tr("Write everything the program printed to a text file"))
        self.save_button.clicked.connect(self.save_whole)
        row.addWidget(self.summary, 1)
        row.addWidget(self.save_button)
        self.bar.hide()

    def show_text(self, text: str) -> None:
        """Replace what is shown with ``text``: a long one as its head and tail; long texts arrive
        slice by slice."""
        self._timer.stop()
        self.clear()
        self._whole = text
        shown, marker = head_and_tail(text)
        self._show_bar(marker is not None, text)
        self._pending = shown
        if len(shown) <= SLICE_CHARS:
            self._append_slice()
        else:
            self._timer.start()

    @property
    def busy(self) -> bool:
        return bool(self._pending)

    @property
    def whole_text(self) -> str:
        """Everything the program printed, also what the view leaves out."""
        return self._whole

    def shown_text(self) -> str:
        """What the view shows, including what is still waiting to be appended."""
        return self.toPlainText() + self._pending

    def save_whole(self) -> Path | None:
        """Ask where, then write the whole output there; the path written, or None."""
        path = self.choose_file(self)
        if path is None:
            return None
        try:
            path.write_text(self._whole, encoding="utf-8")
        except OSError as exc:
            self.summary.setText(tr("Could not save to %s: %s") % (path, exc.strerror or exc))
            return None
        self.summary.setText(tr("All %s characters saved to %s") % (f"{len(self._whole):,}", path))
        return path

    def stop(self) -> None:
        self._timer.stop()
        self._pending = ""

    def _show_bar(self, clipped: bool, text: str) -> None:
        if clipped:
            self.summary.setText(
                tr("A long output: its first and last lines are shown (%s characters in all).") % f"{len(text):,}"
            )
        self.bar.setVisible(clipped)
        self.setViewportMargins(0, self.bar.sizeHint().height() if clipped else 0, 0, 0)
        self._place_bar()

    def _place_bar(self) -> None:
        frame = self.frameWidth()
        scrollbar = self.verticalScrollBar()
        beside = scrollbar.sizeHint().width() if scrollbar.isVisible() or self.bar.isVisible() else 0
        self.bar.setGeometry(frame, frame, self.width() - 2 * frame - beside, self.bar.sizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._place_bar()

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
