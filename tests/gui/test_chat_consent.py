"""The cloud notice: asked in the GUI thread for a turn waiting in its own thread, answered by a
person in the real dialog, "Keep it here" by default, and no after the window closes."""

from __future__ import annotations

import threading

from PySide6.QtCore import QThread, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from codementor_desktop.gui.chat.consent import CloudNotice, notice_box


def asked_from_a_turn(qtbot, notice: CloudNotice, host: str) -> dict:
    """Call ``notice(host)`` from another thread, as a tutor's turn does; the answer once it came."""
    answer: dict = {}
    thread = threading.Thread(target=lambda: answer.update(yes=notice(host)))
    thread.start()
    qtbot.waitUntil(lambda: not thread.is_alive(), timeout=10_000)
    return answer


def test_the_notice_names_the_host_and_keeps_the_code_by_default(qtbot):
    parent = QWidget()
    qtbot.addWidget(parent)
    box = notice_box(parent, "api.openai.com")
    assert "api.openai.com" in box.text() and "your code" in box.text()
    assert box.defaultButton().objectName() == "consentNo" and box.escapeButton().objectName() == "consentNo"
    box.deleteLater()


def test_a_turn_waits_for_the_answer_given_in_the_gui_thread(qtbot):
    parent = QWidget()
    qtbot.addWidget(parent)
    threads = []

    def ask(_parent, host):
        threads.append((QThread.currentThread() is QApplication.instance().thread(), host))
        return True

    notice = CloudNotice(parent, ask)
    assert asked_from_a_turn(qtbot, notice, "api.example.com") == {"yes": True}
    assert threads == [(True, "api.example.com")]  # the dialog was the GUI thread's


def test_a_person_answers_the_real_dialog(qtbot):
    parent = QWidget()
    qtbot.addWidget(parent)
    notice = CloudNotice(parent)
    clicked = []

    def press_send() -> None:  # runs inside the dialog's own event loop
        shown = [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]
        if not shown:
            QTimer.singleShot(20, press_send)
            return
        clicked.append(shown[0].text())
        shown[0].findChild(QWidget, "consentYes").click()

    QTimer.singleShot(20, press_send)
    assert asked_from_a_turn(qtbot, notice, "api.openai.com") == {"yes": True}
    assert "api.openai.com" in clicked[0]


def test_after_close_a_waiting_turn_is_told_no_and_nothing_is_asked(qtbot):
    parent = QWidget()
    qtbot.addWidget(parent)
    asked = []
    notice = CloudNotice(parent, lambda _p, host: asked.append(host) or True)
    answer: dict = {}
    thread = threading.Thread(target=lambda: answer.update(yes=notice("api.example.com")))
    thread.start()
    notice.close()  # before the GUI thread has had a chance to ask
    thread.join(5)
    assert answer == {"yes": False}
    QApplication.processEvents()  # the queued question arrives, and is not asked
    assert asked == []
