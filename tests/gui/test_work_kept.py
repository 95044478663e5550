"""Work that is never lost: drafts saved as the learner types, the window reopening where it was
left, an undoable Reset code, Ctrl+Q, and each problem's status in the list."""

from __future__ import annotations

import sqlite3

import pytest
from PySide6.QtCore import QSettings, Qt

from codementor_desktop.domain.vocabulary import ProblemStatus

from .conftest import make_window

GOOD = (
    "def two_sum(nums, target):\n    seen = {}\n    for j, v in enumerate(nums):\n"
    "        if target - v in seen:\n            return [seen[target - v], j]\n        seen[v] = j\n"
)


def stored(services, sql: str, *args) -> list[tuple]:
    """Read the database file as another process would, once the writer has caught up."""
    assert services.drafts.flush(10)
    with sqlite3.connect(services.paths.database_file) as connection:
        return connection.execute(sql, args).fetchall()


def stored_draft(services, problem_id: str, language: str = "python") -> str | None:
    rows = stored(services, "SELECT code FROM drafts WHERE problem_id = ? AND language = ?", problem_id, language)
    return rows[0][0] if rows else None


def type_into(qtbot, editor, text: str) -> None:
    """Type at the end of the text, key by key, as a learner does."""
    editor.documentEnd()
    qtbot.keyClicks(editor, text)


def test_typing_saves_the_draft_after_a_pause(window, qtbot):
    window.browser.select("two-sum")
    type_into(qtbot, window.editor, "# thinking")
    assert window.autosave.pending  # not at every keystroke
    assert stored_draft(window.services, "two-sum") is None
    with qtbot.waitSignal(window.autosave.saved, timeout=5_000):
        pass
    assert stored_draft(window.services, "two-sum") == window.editor.text()
    assert window.editor.text().endswith("# thinking")


def test_browsing_saves_no_drafts_and_leaving_a_problem_saves_at_once(window, qtbot):
    window.browser.select("two-sum")
    window.browser.select("balanced-brackets")
    assert stored(window.services, "SELECT count(*) FROM drafts") == [(0,)]
    type_into(qtbot, window.editor, "# brackets")
    window.browser.select("two-sum")  # before the pause is over
    assert stored_draft(window.services, "balanced-brackets").endswith("# brackets")


def shares(sizes: list[int]) -> list[float]:
    return [size / sum(sizes) for size in sizes]


def test_a_new_window_opens_the_last_problem_language_draft_and_layout(qtbot, services):
    first = make_window(qtbot, services)
    first.browser.select("balanced-brackets")
    first.language.setCurrentIndex(first.language.findData("javascript"))
    type_into(qtbot, first.editor, "// my JavaScript")
    first.centre.setSizes([100, 500, 200])
    first.panels.setCurrentWidget(first.output)
    wanted_sizes = first.centre.sizes()
    typed = first.editor.text()
    first.close()
    assert stored_draft(services, "balanced-brackets", "javascript") == typed
    layout = QSettings(str(services.paths.config_dir / "window.ini"), QSettings.Format.IniFormat)
    assert {"geometry", "splitter", "centre", "panel"} <= set(layout.allKeys())

    second = make_window(qtbot, services)
    assert second.browser.selected_id() == "balanced-brackets"
    assert second.current_language == "javascript" and second.editor.language == "javascript"
    assert second.editor.text() == typed
    # The offscreen screen is smaller than the window, so the restored window is too: compare shares.
    assert shares(second.centre.sizes()) == pytest.approx(shares(wanted_sizes), abs=0.02)
    assert second.panels.currentWidget() is second.output
    second.close()


@pytest.mark.qt_log_ignore("Keyboard event not accepted")
def test_reset_code_is_one_step_that_ctrl_z_undoes(window, qtbot):
    window.browser.select("two-sum")
    window.editor.set_text("")
    type_into(qtbot, window.editor, "def two_sum(nums, target):")
    mine = window.editor.text()
    window.reset_action.trigger()
    assert "def two_sum" in window.editor.text() and window.editor.text() != mine
    qtbot.keyClick(window.editor, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.editor.text() == mine


def test_ctrl_q_quits_and_keeps_the_draft_and_the_problem(qtbot, services):
    main = make_window(qtbot, services)
    main.browser.select("two-sum")
    type_into(qtbot, main.editor, "# last words")
    main.activateWindow()
    qtbot.waitUntil(main.isActiveWindow, timeout=5_000)  # shortcuts go to the active window
    qtbot.keyClick(main.editor, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not main.isVisible(), timeout=5_000)
    assert stored_draft(services, "two-sum").endswith("# last words")
    assert stored(services, "SELECT problem_id, language FROM open_problems") == [("two-sum", "python")]


def status_shown(window, problem_id: str) -> str:
    for row in range(window.browser.list.count()):
        item = window.browser.list.item(row)
        if item.data(Qt.ItemDataRole.UserRole) == problem_id:
            return item.data(Qt.ItemDataRole.AccessibleDescriptionRole)
    raise AssertionError(f"{problem_id} is not in the list")


def test_the_list_shows_new_attempted_solved_and_remembers_them(qtbot, services):
    main = make_window(qtbot, services)
    assert {status_shown(main, i) for i in main.browser.visible_ids()} == {"new"}
    main.browser.select("two-sum")
    main.editor.replace_all(GOOD)  # as a paste does
    main.run_code()
    assert main.tests.verdicts() == ["AC"] * 3
    assert status_shown(main, "two-sum") == "attempted"  # a Run, even AC, does not solve
    main.browser.select("balanced-brackets")
    main.editor.replace_all("def is_balanced(s):\n    return True\n")
    main.submit_code()
    assert status_shown(main, "balanced-brackets") == "attempted"
    main.browser.select("two-sum")
    main.submit_code()
    assert "AC" in main.tests.summary.text()
    assert status_shown(main, "two-sum") == "solved"
    main.close()

    again = make_window(qtbot, services)  # from the stored runs
    assert status_shown(again, "two-sum") == "solved"
    assert status_shown(again, "balanced-brackets") == "attempted"
    again.browser.status.setCurrentIndex(again.browser.status.findData(ProblemStatus.SOLVED.value))
    assert again.browser.visible_ids() == ["two-sum"]
    again.browser.status.setCurrentIndex(again.browser.status.findData(ProblemStatus.NEW.value))
    assert "two-sum" not in again.browser.visible_ids() and "balanced-brackets" not in again.browser.visible_ids()
    again.close()
