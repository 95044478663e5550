"""Edge cases and the learner's own tests in the window, through real child processes.

Most tests register a small real stand-in under the tool's name (``edge_cases_standin``: the
learner's code and the reference run in real children on fixed inputs per category), so that what
is found is known in advance; the last ones use the real ``bp_find_edge_cases``. Found cases are listed with their verdict in words; "Add to my
tests" keeps one (stored) and the Tests tab shows it; Run runs it beside the visible tests; × forgets
it; "Trace this input" traces the code on it; Stop ends a search; a tool error is a sentence.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QWidget

from codementor_desktop.gui.panels.tests_panel import NOT_JUDGED, REMOVE_COLUMN
from tests.gui.edge_cases_standin import register

# Off by one: the last position is never tried as the second of the pair.
SHORT_BY_ONE = """def two_sum(nums, target):
    for i in range(len(nums)):
        for j in range(i + 1, len(nums) - 1):
            if nums[i] + nums[j] == target:
                return [i, j]
    return []
"""
ENDLESS = "def two_sum(nums, target):\n    while True:\n        pass\n"


def open_two_sum(window, code: str) -> None:
    window.browser.select("two-sum")
    window.editor.replace_all(code)
    QWidget.setFocus(window.editor)


def found(window, qtbot) -> None:
    register(window.services)
    open_two_sum(window, SHORT_BY_ONE)
    window.edges_action.trigger()
    qtbot.waitUntil(lambda: bool(window.edge_finder.tab.cases), timeout=60_000)


def test_the_key_is_ctrl_shift_e_and_no_other_command_has_it(window):
    keys = [key.toString() for action in window.findChildren(type(window.edges_action)) for key in action.shortcuts()]
    assert window.edges_action.shortcut() == QKeySequence("Ctrl+Shift+E")
    assert keys.count("Ctrl+Shift+E") == 1
    run_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Run")
    assert window.edges_action in run_menu.actions()


def test_found_cases_are_listed_in_words_with_the_categories_found_clean(window, qtbot):
    found(window, qtbot)
    tab = window.edge_finder.tab
    assert window.viz.currentWidget() is tab
    rows = {tab.table.item(r, 1).text(): r for r in range(tab.table.rowCount())}
    assert "[3,3], 6" in rows and "[-1,-2,-3,-4,-5], -8" in rows  # the pair's last element is never tried
    row = rows["[3,3], 6"]
    cells = [tab.table.item(row, c).text() for c in range(6)]
    assert cells == ["Wrong answer", "[3,3], 6", "duplicates", "[]", "[0,1]", "✓ smallest"]
    assert tab.clean.text() == "Found clean: sorted."  # [1,2,3,9], 3 has its pair before the end
    assert "Found 4 inputs where your code goes wrong, in 5 examples tried" in tab.status.text()
    assert not tab.searching and not tab.stop_button.isVisible()


def test_add_to_my_tests_keeps_it_and_run_runs_it_beside_the_visible_tests(window, qtbot, services):
    found(window, qtbot)
    tab = window.edge_finder.tab
    row = next(r for r in range(tab.table.rowCount()) if tab.table.item(r, 1).text() == "[3,3], 6")
    qtbot.mouseClick(tab.add_buttons[row], Qt.MouseButton.LeftButton)
    kept = services.own_tests.list(services.settings.user, "two-sum", "python")
    assert [(t.input, t.expected_output, t.origin) for t in kept] == [("[3,3], 6", "[0,1]", "edge_case")]
    assert not tab.add_buttons[row].isEnabled()
    tests = window.tests
    assert tests.own_rows() == [0] and tests.table.item(0, 2).text() == "[3,3], 6"  # before any Run: not run yet
    assert "not run yet" in tests.table.item(0, 4).text()

    services.own_tests.add(services.settings.user, "two-sum", "[5,1,4], 9")  # by hand, with no expected output
    window.edge_finder.add(row)  # twice: still one test
    window.editor.replace_all(window.services.bank.get("two-sum").solutions.python)
    window.run_action.trigger()
    qtbot.waitUntil(lambda: tests.run_id is not None, timeout=30_000)
    assert tests.table.rowCount() == 3 + 2  # the three examples, then the learner's two
    assert tests.own_rows() == [3, 4]
    assert [tests.table.item(r, 0).text() for r in (3, 4)] == ["4 (your test)", "5 (your test)"]
    assert tests.table.item(3, 1).text() == "AC"  # judged against the reference's output
    assert [tests.table.item(4, c).text() for c in (1, 3, 4)] == [NOT_JUDGED, "(not known)", "[0,2]"]

    remove = tests.table.cellWidget(3, REMOVE_COLUMN)
    assert remove.accessibleName() == "Remove your test"
    qtbot.mouseClick(remove, Qt.MouseButton.LeftButton)
    assert [t.input for t in services.own_tests.list(services.settings.user, "two-sum", "python")] == ["[5,1,4], 9"]
    assert tests.table.rowCount() == 4 and tests.own_rows() == [3]


def test_an_own_test_the_code_fails_fails_the_run_and_is_named(window, qtbot, services):
    services.own_tests.add(services.settings.user, "two-sum", "[1, 5, 2], 7", "[1, 2]")
    open_two_sum(window, SHORT_BY_ONE)
    window.run_action.trigger()
    qtbot.waitUntil(lambda: window.tests.run_id is not None, timeout=30_000)
    assert window.tests.verdicts()[3] == "WA"
    # The examples fail first ([3,2,4] has its pair at the end): the headline names the first failing test.
    assert "on test 2" in window.tests.summary.text()


def test_trace_this_input_traces_the_code_on_it(window, qtbot):
    found(window, qtbot)
    tab = window.edge_finder.tab
    row = next(r for r in range(tab.table.rowCount()) if tab.table.item(r, 1).text() == "[3,3], 6")
    said: list[str] = []
    window.statusBar().messageChanged.connect(said.append)
    with qtbot.waitSignal(window.jobs.ended, timeout=30_000):
        qtbot.mouseClick(tab.trace_buttons[row], Qt.MouseButton.LeftButton)
    assert "Trace on edge case 1 ([3,3], 6)" in said
    assert window.viz.currentWidget() is window.viz.trace_tab
    assert window.debugger._traced == (SHORT_BY_ONE, "[3,3], 6")
    assert window.viz.step_count > 0


def test_stop_ends_a_search(threaded_window, qtbot):
    window = threaded_window
    register(window.services)
    open_two_sum(window, ENDLESS)
    with qtbot.waitSignal(window.jobs.started, timeout=5_000):
        window.edges_action.trigger()
    tab = window.edge_finder.tab
    assert tab.searching and tab.stop_button.isVisible()
    qtbot.waitUntil(lambda: tab.elapsed.text() == "1 s", timeout=10_000)  # the clock runs
    # Each input may take 10 s of CPU: ending within 8 s means Stop killed the child.
    with qtbot.waitSignal(window.jobs.ended, timeout=8_000):
        qtbot.mouseClick(tab.stop_button, Qt.MouseButton.LeftButton)
    assert tab.status.text() == "Stopped by you: no edge cases to show."
    assert not tab.searching and tab.cases == []
    assert not window.edge_finder._ticks.isActive()


def test_an_error_of_the_tool_is_said_in_a_sentence(window, qtbot):
    """The real tool refuses code over the settings' limit: the tab says why in a sentence."""
    window.services.settings.max_code_chars = 1000
    open_two_sum(window, SHORT_BY_ONE + "# " + "x" * 1200 + "\n")
    window.edges_action.trigger()
    tab = window.edge_finder.tab
    qtbot.waitUntil(lambda: not tab.searching, timeout=10_000)
    assert tab.status.text().startswith("Edge cases could not be searched: ")
    assert "1000" in tab.status.text() or "1,000" in tab.status.text()
    assert tab.table.rowCount() == 0


def test_closing_the_window_during_a_search_leaves_nothing_running(threaded_window, qtbot):
    window = threaded_window
    register(window.services)
    open_two_sum(window, ENDLESS)
    with qtbot.waitSignal(window.jobs.started, timeout=5_000):
        window.edges_action.trigger()
    assert window.edge_finder._ticks.isActive()
    # The fixture closes the window and finds no timer, thread or child left behind.


def test_the_window_asks_for_every_category_the_tool_knows():
    from typing import get_args

    from codementor_desktop.gui.edge_cases.finder import EVERY_CATEGORY
    from codementor_desktop.tools.schemas import EdgeCategory

    assert set(EVERY_CATEGORY) == set(get_args(EdgeCategory)) - {"negatives"}  # an alias of "negative"


def test_the_real_search_finds_a_smallest_counterexample_and_keeps_it(window, qtbot):
    """With the real tool (no stand-in): the search runs against the bank's reference in batch
    children, lists a smallest counterexample, and "Add to my tests" keeps it for Run."""
    open_two_sum(window, SHORT_BY_ONE)
    window.edges_action.trigger()
    tab = window.edge_finder.tab
    qtbot.waitUntil(lambda: not tab.searching, timeout=60_000)
    assert tab.cases, tab.status.text()
    verdicts = {tab.table.item(r, 0).text() for r in range(tab.table.rowCount())}
    assert verdicts == {"Wrong answer"}
    smallest = min(tab.cases, key=lambda case: len(str(case["input"])))
    assert len(smallest["input"]["nums"]) <= 3  # shrunk: two numbers are enough to show the bug
    assert tab.clean.text().startswith("Found clean")
