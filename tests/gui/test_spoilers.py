"""A problem's techniques give its idea away: the browser and the statement show them only for the
problems the learner has solved, unless the learner turns them on (View ▸ Show techniques of
unsolved problems, or "Techniques" beside the search), which is remembered. The topic and the
difficulty are always shown."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from tests.gui.conftest import make_window

ROTATED = "search-rotated-sorted-array"  # medium · arrays · binary_search


def row_of(window, problem_id: str):
    return next(
        window.browser.list.item(r)
        for r in range(window.browser.list.count())
        if window.browser.list.item(r).data(Qt.ItemDataRole.UserRole) == problem_id
    )


def words_of(window, problem_id: str) -> str:
    """What the learner can read of a problem: its row, its row's tooltip and its statement."""
    row = row_of(window, problem_id)
    return "\n".join([row.text(), row.toolTip(), window.statement.toPlainText()])


def view_action(window, text: str):
    view = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    return next(a for a in view.actions() if a.text() == text)


def test_an_unsolved_problems_techniques_are_hidden_until_the_learner_asks(window, qtbot):
    assert window.browser.select(ROTATED)
    shown = words_of(window, ROTATED)
    assert "binary_search" not in shown
    assert "medium" in shown and "arrays" in shown  # the topic and the difficulty stay
    assert "medium · arrays" in window.statement.toPlainText()
    assert not window.browser.techniques.isChecked()

    action = view_action(window, "Show techniques of unsolved problems")
    assert action is window.browser.techniques_action and action.isCheckable()
    with qtbot.waitSignal(window.browser.techniquesChanged):
        action.trigger()
    assert window.browser.techniques.isChecked()  # the browser's box follows the menu
    assert "binary_search" in row_of(window, ROTATED).text()
    assert "medium · arrays · binary_search" in window.statement.toPlainText()

    qtbot.mouseClick(window.browser.techniques, Qt.MouseButton.LeftButton)  # and the menu follows the box
    assert not action.isChecked()
    assert "binary_search" not in words_of(window, ROTATED)


def test_a_solved_problem_shows_its_techniques(window, qtbot):
    assert window.browser.select(ROTATED)
    window.editor.replace_all(window.services.bank.get(ROTATED).solutions.python)
    QWidget.setFocus(window.editor)
    with qtbot.waitSignal(window.browser.techniquesChanged, timeout=60_000):
        window.submit_action.trigger()  # every test passes: solved
    assert window.browser.status_of(ROTATED).value == "solved"
    assert not window.browser.techniques_action.isChecked()
    assert "binary_search" in row_of(window, ROTATED).text()
    assert "medium · arrays · binary_search" in window.statement.toPlainText()
    other = next(p for p in window.services.bank.all() if p.techniques and p.id != ROTATED)
    assert other.techniques[0] not in row_of(window, other.id).text()  # the unsolved ones still hide theirs


def test_the_choice_is_remembered_for_the_next_session(qtbot, services):
    first = make_window(qtbot, services)
    first.browser.techniques_action.trigger()
    first.close()
    again = make_window(qtbot, services)
    assert again.browser.techniques_action.isChecked() and again.browser.techniques.isChecked()
    assert again.browser.select(ROTATED)
    assert "binary_search" in again.statement.toPlainText()
    again.close()
