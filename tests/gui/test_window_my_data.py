"""Export my data, Import data, Delete my data (confirmed by the learner's name typed) and a
problem's History (snapshots and attempts, Save snapshot, Restore undoable with Ctrl+Z), from the
window. Real database, real runs, the real learner-data tools."""

from __future__ import annotations

import json

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from codementor_desktop.domain.vocabulary import ProblemStatus
from codementor_desktop.gui.history import HistoryDialog
from tests.gui.test_main_window import GOOD
from tests.gui.tool_calls import calls


def submitted(window, qtbot, code: str = GOOD) -> None:
    window.browser.select("two-sum")
    window.editor.replace_all(code)
    window.submit_action.trigger()
    qtbot.waitUntil(lambda: window.tests.run_id is not None, timeout=30_000)


def test_the_file_menu_has_the_commands(window):
    texts = [a.text().replace("&", "") for a in window.learning.actions.values()]
    assert texts == ["History…", "Switch learner…", "Export my data…", "Import data…", "Delete my data…"]
    assert all(a.toolTip() and a.statusTip() for a in window.learning.actions.values())


def test_export_then_import_as_another_learner(window, qtbot, tmp_path):
    submitted(window, qtbot)
    path = tmp_path / "mine.json"
    window.learning.my_data.export(path)
    qtbot.waitUntil(path.exists)
    export = json.loads(path.read_text(encoding="utf-8"))
    runs = export["tables"]["runs"]
    assert export["learner"] == window.services.settings.user
    assert runs and runs[0]["problem_id"] == "two-sum"

    window.learning.learners.switch("lab")
    assert window.browser.status_of("two-sum") is ProblemStatus.NEW
    window.learning.my_data.import_(path)
    # The export carries the accepted Submit: imported, the problem is solved for this learner too.
    qtbot.waitUntil(lambda: window.browser.status_of("two-sum") is ProblemStatus.SOLVED)
    assert "Imported for lab" in window.statusBar().currentMessage()


def test_an_unreadable_import_says_why_and_changes_nothing(window, qtbot, tmp_path, services):
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    seen: list[str] = []

    def close_box() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        seen.append(box.text())
        box.accept()

    QTimer.singleShot(0, close_box)
    window.learning.my_data.import_(path)
    assert seen and "is not an export of CodeMentor" in seen[0]
    assert not any(name == "import_learner_data" for name, _who in calls(services))


def test_delete_needs_the_name_typed_then_removes_the_rows(window, qtbot, services):
    submitted(window, qtbot)
    learner = services.settings.user
    seen: list[str] = []

    def close_box() -> None:
        box = QApplication.activeModalWidget()
        seen.append(box.text())
        box.accept()

    QTimer.singleShot(0, close_box)
    window.learning.my_data.delete(typed="someone else")
    assert seen and "nothing was deleted" in seen[0]
    assert window.browser.status_of("two-sum") is ProblemStatus.SOLVED

    window.learning.my_data.delete(typed=learner)
    qtbot.waitUntil(lambda: window.browser.status_of("two-sum") is ProblemStatus.NEW)
    assert "Deleted for" in window.statusBar().currentMessage()
    assert services.drafts.load("two-sum", "python") is None
    assert window.editor.text() != GOOD  # the starter code again


def test_history_saves_lists_and_restores_undoably(window, qtbot):
    submitted(window, qtbot, GOOD)
    window.learning.actions["history"].trigger()
    dialog = window.findChild(HistoryDialog)
    assert dialog is not None and dialog.isVisible()
    qtbot.waitUntil(lambda: dialog.loads >= 1)
    assert [entry["what"] for entry in dialog.entries] == ["Submit: accepted"]

    dialog.name.setText("hash map")
    loads = dialog.loads
    dialog.save.click()
    qtbot.waitUntil(lambda: dialog.loads > loads)
    assert any(entry["what"] == "Snapshot: hash map" and entry["code"] == GOOD for entry in dialog.entries)

    window.editor.replace_all("def two_sum(nums, target):\n    return [0, 0]\n")
    row = next(n for n, entry in enumerate(dialog.entries) if entry["what"] == "Snapshot: hash map")
    dialog.tree.setCurrentItem(dialog.tree.topLevelItem(row))
    assert dialog.code.toPlainText() == GOOD
    assert dialog.restore_chosen()
    assert window.editor.text() == GOOD
    window.editor.undo()
    assert window.editor.text() == "def two_sum(nums, target):\n    return [0, 0]\n"
    dialog.close()


def test_history_without_a_problem_says_so(window):
    window.documents.new_scratch()
    window.learning.actions["history"].trigger()
    assert window.findChild(HistoryDialog) is None
    assert "Open a problem" in window.statusBar().currentMessage()


def test_history_closes_when_another_problem_or_learner_is_on_show(window, qtbot):
    submitted(window, qtbot, GOOD)
    window.learning.actions["history"].trigger()
    dialog = window.findChild(HistoryDialog)
    assert dialog is not None and dialog.isVisible()
    other = next(i for i in window.browser.visible_ids() if i != "two-sum")
    window.browser.select(other)
    assert not dialog.isVisible()  # two-sum's versions are not this problem's: nothing to restore here
    qtbot.waitUntil(lambda: window.findChild(HistoryDialog) is None)  # and it is gone

    window.learning.actions["history"].trigger()
    dialog = window.findChild(HistoryDialog)
    assert dialog is not None and dialog.problem_id == other
    window.learning.learners.switch("lab")
    assert not dialog.isVisible()  # the first learner's history is not shown to the next
