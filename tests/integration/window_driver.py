"""Runs the real app (``app.main``, offscreen) and acts as a learner, for the crash test.

python window_driver.py type FIRST SECOND
    types FIRST at the end of the open problem's code and prints {"problem", "language",
    "text"} as one JSON line, then {"saved": true} once the autosave has written it; then, on
    a line from stdin, types SECOND and prints the same. It never closes: the test kills it.
python window_driver.py show
    prints what the window opened with ({"problem", "language", "text"}), then quits as
    Quit (Ctrl+Q) does.
"""

from __future__ import annotations

import json
import os
import sys
import threading

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QObject, QTimer, Signal  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from codementor_desktop import app  # noqa: E402


class StdinLines(QObject):
    """Lines from stdin, delivered in the GUI thread."""

    line = Signal(str)

    def start(self) -> None:
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for text in sys.stdin:
            self.line.emit(text.strip())


def the_window():
    """The app's window, or None while the light first window stands in for it."""
    return next((w for w in QApplication.topLevelWidgets() if w.objectName() == "mainWindow"), None)


def report(window) -> None:
    where = {"problem": window.browser.selected_id(), "language": window.current_language, "text": window.editor.text()}
    print(json.dumps(where), flush=True)


def type_text(window, text: str) -> None:
    window.editor.documentEnd()
    QTest.keyClicks(window.editor, text)
    report(window)


def main() -> int:
    command = sys.argv[1]
    qapp = QApplication(sys.argv[:1])
    stdin = StdinLines()

    def act() -> None:
        window = the_window()
        if window is None or not window.ready:  # the window comes after the first paint, then loads
            QTimer.singleShot(20, act)
            return
        if command == "show":
            report(window)
            window.quit_action.trigger()  # Ctrl+Q (the key itself is a GUI test's)
            return
        saved_once = []

        def saved(_problem: str, _language: str) -> None:
            if not saved_once:  # the pause after FIRST: wait for the disk, then say so
                saved_once.append(True)
                print(json.dumps({"saved": window.drafts.flush(30)}), flush=True)

        window.autosave.saved.connect(saved)
        type_text(window, sys.argv[2])
        stdin.line.connect(lambda _text: type_text(window, sys.argv[3]))
        stdin.start()

    QTimer.singleShot(0, act)
    code = app.main()
    del qapp
    return code


if __name__ == "__main__":
    sys.exit(main())
