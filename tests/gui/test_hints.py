"""Hints one at a time: shown under the statement, kept for the learner (the profile counts them),
shown again when the problem is opened again, and the button off once every hint is out."""

from __future__ import annotations

from PySide6.QtGui import QKeySequence

from tests.gui.conftest import make_window


def test_each_hint_taken_is_shown_kept_and_back_after_a_restart(qtbot, services):
    window = make_window(qtbot, services)
    assert window.browser.select("two-sum")
    problem = services.bank.get("two-sum")
    first, second = problem.hints[0], problem.hints[1]
    assert window.hints.action.shortcut() == QKeySequence("Ctrl+Shift+I")
    assert window.hints.action.text() == f"Hint (0 of {len(problem.hints)})"
    assert "Hints" not in window.statement.toPlainText()

    window.hints.action.trigger()
    shown = window.statement.toPlainText()
    assert "Hints" in shown and first.split("`")[0][:30] in shown and second.split("`")[0][:30] not in shown
    window.hints.action.trigger()
    assert second.split("`")[0][:30] in window.statement.toPlainText()
    assert [h.level for h in services.history.hints(services.settings.user, "two-sum")] == [1, 2]
    assert "Hint 2 of" in window.statusBar().currentMessage()
    window.close()

    again = make_window(qtbot, services)
    assert again.problem_id == "two-sum"
    assert second.split("`")[0][:30] in again.statement.toPlainText()  # the hints taken come back
    for _ in range(len(problem.hints)):
        again.hints.action.trigger()
    assert not again.hints.action.isEnabled()  # every hint is out
    assert len(services.history.hints(services.settings.user, "two-sum")) == len(problem.hints)
    again.close()


def test_hints_count_in_the_profiles_evidence(qtbot, services):
    from codementor_desktop.storage.evidence import learner_evidence

    window = make_window(qtbot, services)
    assert window.browser.select("two-sum")
    window.hints.action.trigger()
    evidence = learner_evidence(services.database, services.settings.user)
    assert [(h.problem_id, h.level) for h in evidence.hints] == [("two-sum", 1)]
    window.close()


def test_code_of_no_problem_has_no_hints(qtbot, services):
    window = make_window(qtbot, services)
    assert window.browser.select("two-sum")
    assert window.hints.action.isEnabled()
    assert window.documents.new_scratch()
    assert not window.hints.action.isEnabled() and window.hints.action.text() == "Hint"
    window.close()


def hint_in_sight(window, text: str) -> bool:
    """The hint's first words are inside the statement's viewport (not below its fold)."""
    statement = window.statement
    cursor = statement.document().find(text)
    if cursor.isNull():
        return False
    place = statement.cursorRect(cursor)
    return 0 <= place.top() and place.bottom() <= statement.viewport().height()


def test_a_hint_taken_below_the_fold_is_scrolled_into_sight(qtbot, services, tmp_path):
    window = make_window(qtbot, services)
    window.resize(1280, 800)
    assert window.browser.select("two-sum")
    window.centre.setSizes([140, 460, 200])  # a short statement pane: the hints fall below its fold
    qtbot.waitUntil(lambda: window.statement.height() <= 160)
    statement = window.statement
    assert statement.content_height() > statement.viewport().height() + 100  # room to scroll
    problem = services.bank.get("two-sum")
    for level, hint in enumerate(problem.hints[:2], 1):
        window.hints.action.trigger()
        words = hint.split("`")[0][:30]
        assert hint_in_sight(window, words), f"hint {level} is under the statement, out of sight"
        assert statement.verticalScrollBar().value() > 0
    window.grab().save(str(tmp_path / "s2-hint-scrolled.png"))
    window.close()
