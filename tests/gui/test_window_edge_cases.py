"""Edge cases and the learner's own tests in the window, through the real ``bp_find_edge_cases``:
its batch children run the learner's code and the bank's reference, Hypothesis searches and
shrinks. What the search finds varies from run to run, so the tests hold what must be true of any
find on the off-by-one code: each case's pair ends on the last index, which that code never
tries. Found cases are listed with their verdict in words; "Add to my tests" keeps one (stored)
and the Tests tab shows it; Run runs it beside the visible tests; × forgets it; "Trace this input"
traces the code on it; Stop ends a search; a tool error is a sentence.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QWidget

from codementor_desktop.gui.panels.tests_panel import NOT_JUDGED, REMOVE_COLUMN

# Off by one: the last position is never tried as the second of the pair.
SHORT_BY_ONE = """def two_sum(nums, target):
    for i in range(len(nums)):
        for j in range(i + 1, len(nums) - 1):
            if nums[i] + nums[j] == target:
                return [i, j]
    return []
"""
ENDLESS = "def two_sum(nums, target):\n    while True:\n        pass\n"
SEARCH_MS = 120_000  # the search's 8 s and its children's start, on a busy machine


def open_two_sum(window, code: str) -> None:
    window.browser.select("two-sum")
    window.editor.replace_all(code)
    QWidget.setFocus(window.editor)


def found(window, qtbot) -> None:
    """The real search on the off-by-one code, until it has ended with cases found."""
    open_two_sum(window, SHORT_BY_ONE)
    window.edges_action.trigger()
    tab = window.edge_finder.tab
    qtbot.waitUntil(lambda: not tab.searching, timeout=SEARCH_MS)
    assert tab.cases, tab.status.text()


def smallest_row(tab) -> int:
    """The row of the case with the shortest input (the one the learner reads first)."""
    return min(range(len(tab.cases)), key=lambda row: len(tab.table.item(row, 1).text()))


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
    assert tab.table.rowCount() == len(tab.cases)
    for row, case in enumerate(tab.cases):
        nums = case["input"]["nums"]
        # The one right pair ends on the last index: the only pairs this code never tries.
        assert max(case["expected_output"]) == len(nums) - 1, case
        cells = [tab.table.item(row, c).text() for c in range(6)]
        assert cells[0] == "Wrong answer"
        assert cells[1].startswith("[" + ",".join(str(n) for n in nums[:3])), cells
        assert cells[3] == "[]" and cells[4] == "[" + ",".join(map(str, case["expected_output"])) + "]"
        assert cells[5] == ("✓ smallest" if case["minimal"] else "")
    assert any(case["minimal"] for case in tab.cases)  # shrunk
    count = "Found one input" if len(tab.cases) == 1 else f"Found {len(tab.cases)} inputs"
    assert tab.status.text().startswith(count + " where your code goes wrong, in "), tab.status.text()
    assert tab.clean.text() == "" or tab.clean.text().startswith("Found clean: ")
    assert not tab.searching and not tab.stop_button.isVisible()


def test_add_to_my_tests_keeps_it_and_run_runs_it_beside_the_visible_tests(window, qtbot, services):
    found(window, qtbot)
    tab = window.edge_finder.tab
    row = smallest_row(tab)
    given = tab.table.item(row, 1).text()
    expected = tab.table.item(row, 4).text()
    qtbot.mouseClick(tab.add_buttons[row], Qt.MouseButton.LeftButton)
    kept = services.own_tests.list(services.settings.user, "two-sum", "python")
    assert [(t.input, t.expected_output, t.origin) for t in kept] == [(given, expected, "edge_case")]
    assert not tab.add_buttons[row].isEnabled()
    tests = window.tests
    assert tests.own_rows() == [0] and tests.table.item(0, 2).text() == given  # before any Run: not run yet
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
    row = smallest_row(tab)
    given = tab.table.item(row, 1).text()
    said: list[str] = []
    window.statusBar().messageChanged.connect(said.append)
    with qtbot.waitSignal(window.jobs.ended, timeout=30_000):
        qtbot.mouseClick(tab.trace_buttons[row], Qt.MouseButton.LeftButton)
    assert f"Trace on edge case {row + 1} ({given})" in said
    assert window.viz.currentWidget() is window.viz.trace_tab
    assert window.debugger._traced == (SHORT_BY_ONE, given)
    assert window.viz.step_count > 0


def test_stop_ends_a_search(threaded_window, qtbot):
    window = threaded_window
    open_two_sum(window, ENDLESS)
    with qtbot.waitSignal(window.jobs.started, timeout=5_000):
        window.edges_action.trigger()
    tab = window.edge_finder.tab
    assert tab.searching and tab.stop_button.isVisible()
    qtbot.waitUntil(lambda: tab.elapsed.text() not in ("", "0 s"), timeout=10_000)  # the clock runs
    # Once its children have started, the search runs its 8 s budget on this code (every input is
    # out of time): ending within 5 s of Stop means Stop ended it.
    qtbot.waitUntil(lambda: "cases" in tab.status.text() or "Hypothesis" in tab.status.text(), timeout=SEARCH_MS)
    with qtbot.waitSignal(window.jobs.ended, timeout=5_000):
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


def test_the_search_shrinks_what_it_finds_to_a_few_numbers(window, qtbot):
    """The search runs against the bank's reference in batch children and shrinks what it finds."""
    found(window, qtbot)
    tab = window.edge_finder.tab
    verdicts = {tab.table.item(r, 0).text() for r in range(tab.table.rowCount())}
    assert verdicts == {"Wrong answer"}
    smallest = min(tab.cases, key=lambda case: len(str(case["input"])))
    assert len(smallest["input"]["nums"]) <= 3  # shrunk: two numbers are enough to show the bug
    assert tab.clean.text().startswith("Found clean")
