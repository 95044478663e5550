"""The learner's say in what the tutor does: the notice before a cloud endpoint first receives their
code, and the question before a model's call changes their saved data.

The tutor asks ``ask_consent(host)`` from its turn's thread, once per endpoint, and records the
answer itself; ``CloudNotice`` is that function for the window. A model's call that would write the
learner's data (an import, a snapshot or a Submit of code they did not write) asks
``confirm_write(tool, change)`` each time; ``WriteConfirmation`` is that function. Both carry the
question to the GUI thread, show the dialog there, and hand the answer back to the waiting turn.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, Qt, QThread, Signal
from PySide6.QtWidgets import QMessageBox, QWidget


def tr(text: str) -> str:
    return QCoreApplication.translate("CloudNotice", text)


def _yes_or_keep(box: QMessageBox, yes: tuple[str, str], keep: tuple[str, str]) -> QMessageBox:
    """``box`` with a yes and a keep-as-it-is button (text, object name), keep the default and the escape."""
    box.addButton(yes[0], QMessageBox.ButtonRole.AcceptRole).setObjectName(yes[1])
    kept = box.addButton(keep[0], QMessageBox.ButtonRole.RejectRole)
    kept.setObjectName(keep[1])
    box.setDefaultButton(kept)
    box.setEscapeButton(kept)
    return box


def notice_box(parent: QWidget | None, host: str) -> QMessageBox:
    """The question, with "Keep it here" as the default: a stray Enter sends nothing."""
    box = QMessageBox(parent)
    box.setObjectName("cloudNotice")
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(tr("Send your code to %s?") % host)
    box.setTextFormat(Qt.TextFormat.PlainText)  # the host comes from a settings file
    box.setText(
        tr(
            "The tutor's model runs at %s, which is not on this computer or your local network.\n\n"
            "To help you, it will receive your code, the problem and your messages. "
            "This is asked once for this server; you can change the tutor's server in Settings."
        )
        % host
    )
    return _yes_or_keep(box, (tr("Send my code"), "consentYes"), (tr("Keep it here"), "consentNo"))


def ask_with_dialog(parent: QWidget | None, host: str) -> bool:
    box = notice_box(parent, host)
    box.exec()
    return box.buttonRole(box.clickedButton()) == QMessageBox.ButtonRole.AcceptRole


def write_box(parent: QWidget | None, tool: str, change: str) -> QMessageBox:
    """The question before a model's call changes the learner's saved data, with "Don't" as the
    default: a stray Enter changes nothing."""
    box = QMessageBox(parent)
    box.setObjectName("writeConfirmation")
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(tr("Let the tutor change your saved data?"))
    box.setTextFormat(Qt.TextFormat.PlainText)  # the change names what a model sent
    box.setText(
        tr(
            "The tutor's model asks to %s (%s).\n\n"
            "Your profile, history and runs are yours: they change only if you say so here."
        )
        % (change, tool)
    )
    return _yes_or_keep(box, (tr("Let it"), "writeYes"), (tr("Don't"), "writeNo"))


def confirm_with_dialog(parent: QWidget | None, tool: str, change: str) -> bool:
    box = write_box(parent, tool, change)
    box.exec()
    return box.buttonRole(box.clickedButton()) == QMessageBox.ButtonRole.AcceptRole


class GuiQuestion(QObject):
    """``question(*words) -> bool``, callable from any thread: ``ask(parent, *words)`` is asked in
    the GUI thread and the answer handed back to the waiting turn. After ``close`` (the window
    closing) a waiting turn is told no, and stops waiting."""

    _asked = Signal(object, object)

    def __init__(self, parent: QWidget, ask: Callable[..., bool]):
        super().__init__(parent)
        self._parent = parent
        self._ask = ask
        self._closed = threading.Event()
        self._lock = threading.Lock()  # one question at a time
        self._asked.connect(self._on_asked, Qt.ConnectionType.QueuedConnection)

    def __call__(self, *words: str) -> bool:
        if QThread.currentThread() is self.thread():
            return self._ask(self._parent, *words)
        with self._lock:
            answer: dict[str, bool] = {}
            done = threading.Event()
            self._asked.emit(words, (answer, done))
            while not done.wait(0.1):
                if self._closed.is_set():
                    return False
            return answer.get("yes", False)

    def _on_asked(self, words: tuple[str, ...], reply: tuple[dict[str, bool], threading.Event]) -> None:
        answer, done = reply
        try:
            answer["yes"] = False if self._closed.is_set() else bool(self._ask(self._parent, *words))
        finally:
            done.set()

    def close(self) -> None:
        self._closed.set()


class CloudNotice(GuiQuestion):
    """``notice(host) -> bool``: whether the learner's code may go to ``host``."""

    def __init__(self, parent: QWidget, ask: Callable[[QWidget | None, str], bool] = ask_with_dialog):
        super().__init__(parent, ask)


class WriteConfirmation(GuiQuestion):
    """``confirm(tool, change) -> bool``: whether a model's call may change the learner's saved data."""

    def __init__(self, parent: QWidget, ask: Callable[[QWidget | None, str, str], bool] = confirm_with_dialog):
        super().__init__(parent, ask)
