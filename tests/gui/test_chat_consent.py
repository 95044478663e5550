"""The cloud notice: asked in the GUI thread for a turn waiting in its own thread, answered by a
person in the real dialog, "Keep it here" by default, and no after the window closes. The same for
the question before a model's call changes the learner's saved data: a real model tutor's turn
waits on it, and only "Let it" lets the import run."""

from __future__ import annotations

import threading

from PySide6.QtCore import QThread, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from codementor_desktop.gui.chat.consent import CloudNotice, WriteConfirmation, notice_box, write_box
from codementor_desktop.tutor.model_tutor import ModelTutor
from tests.fakes.openai_server import Call, FakeOpenAI, calls, text
from tests.integration.test_model_writes import HERE, configure, forged_export, profile


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


def test_the_write_question_names_the_change_and_changes_nothing_by_default(qtbot):
    parent = QWidget()
    qtbot.addWidget(parent)
    box = write_box(parent, "import_learner_data", "add the runs of another export to your saved data")
    assert "import_learner_data" in box.text() and "another export" in box.text()
    assert box.defaultButton().objectName() == "writeNo" and box.escapeButton().objectName() == "writeNo"
    box.deleteLater()


def press(button: str, seen: list[str]) -> None:
    """Click ``button`` of the question once it shows (inside the dialog's own event loop)."""
    shown = [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]
    if not shown:
        QTimer.singleShot(20, lambda: press(button, seen))
        return
    seen.append(shown[0].text())
    shown[0].findChild(QWidget, button).click()


def test_a_models_import_in_the_window_runs_only_when_the_learner_lets_it(qtbot, services):
    parent = QWidget()
    qtbot.addWidget(parent)
    confirm = WriteConfirmation(parent)
    export = forged_export(services)
    before = profile(services)
    seen: list[str] = []
    for button in ("writeNo", "writeYes"):
        script = [calls(Call("import_learner_data", {"export": export}, id="call_imp")), text("Done.")]
        with FakeOpenAI(script) as server:
            configure(services, server)
            tutor = ModelTutor(services, "ada", confirm_write=confirm)
            QTimer.singleShot(20, lambda b=button: press(b, seen))
            turn = threading.Thread(target=tutor.turn, args=("help", lambda _event: None), kwargs={"context": HERE})
            turn.start()  # the turn's own thread, as the chat's worker runs it
            qtbot.waitUntil(lambda t=turn: not t.is_alive(), timeout=30_000)
        if button == "writeNo":
            assert profile(services) == before
    assert profile(services)[0] == before[0] + 1
    assert len(seen) == 2 and all("import_learner_data" in question for question in seen)
