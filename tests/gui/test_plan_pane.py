"""The plan (BluePrint) in the window: written in the Plan tab, anchored to lines that follow the
learner's edits, kept in the learner's database, and checked by Debug my plan."""

from __future__ import annotations

import pytest

from codementor_desktop.gui.editor.code_editor import CURRENT_MARKER
from codementor_desktop.gui.plan.anchors import COLOURS, marker_of
from codementor_desktop.gui.plan.step_row import lines_text

pytestmark = pytest.mark.gui

TWO_POINTERS = (  # an unsorted array walked as if sorted: the pointers meet on [3,2,4], 6
    "def two_sum(nums, target):\n"
    "    left, right = 0, len(nums) - 1\n"
    "    while left <= right:\n"
    "        total = nums[left] + nums[right]\n"
    "        if total == target:\n"
    "            return [left, right]\n"
    "        if total < target:\n"
    "            left += 1\n"
    "        else:\n"
    "            right -= 1\n"
    "    return []\n"
)


def open_two_sum(window, code: str = TWO_POINTERS):
    window.browser.select("two-sum")
    window.editor.replace_all(code)
    window.plan.tabs.setCurrentWidget(window.plan.pane)
    return window.plan.pane


def select_lines(editor, first: int, last: int) -> None:
    """Select whole lines ``first``..``last`` (1-based), as a learner drags over them."""
    editor.setSelection(editor.positionFromLine(last), editor.positionFromLine(first - 1))


def write_step(qtbot, pane, words: str, expect: str = ""):
    pane.add_button.click()
    row = pane.rows[-1]
    qtbot.keyClicks(row.words, words)
    if expect:
        qtbot.keyClicks(row.expect, expect)
    return row


def test_lines_are_said_as_ranges():
    assert lines_text((7, 8)) == "lines 7–8"
    assert lines_text((4,)) == "line 4"
    assert lines_text((3, 4, 5, 9)) == "lines 3–5, 9"
    assert lines_text(()) == "not anchored"


def test_an_anchored_step_follows_the_code_and_is_kept(window, qtbot):
    pane = open_two_sum(window)
    write_step(qtbot, pane, "start with the pointers at both ends")
    row = write_step(qtbot, pane, "move left when the sum is too small", "left < right")
    select_lines(window.editor, 7, 8)
    row.anchor_button.click()
    assert row.lines_label.text() == "lines 7–8"
    assert window.editor.marked_lines(marker_of(2)) == [7, 8]
    assert window.editor.marked_lines(marker_of(1)) == []  # step 1 is not anchored
    assert window.plan.keeper.anchors.tooltip(7) == "Step 2: move left when the sum is too small"

    window.editor.insertText(0, "# two pointers\n# from both ends\n")  # the learner adds lines above
    assert window.editor.marked_lines(marker_of(2)) == [9, 10]
    assert row.lines_label.text() == "lines 9–10"

    with qtbot.waitSignal(window.plan.keeper.saved, timeout=5_000):
        pass  # the pause after the last change
    kept = window.services.plans.load("ada", "two-sum", "python")
    assert [(s.text, s.lines, s.expect) for s in kept.steps] == [
        ("start with the pointers at both ends", (), ""),
        ("move left when the sum is too small", (9, 10), "left < right"),
    ]

    window.browser.select("balanced-brackets")
    assert pane.rows == [] and window.editor.marked_lines(marker_of(2)) == []
    window.browser.select("two-sum")  # reopened: the plan and its anchors are back
    assert [r.text for r in pane.rows] == [
        "start with the pointers at both ends",
        "move left when the sum is too small",
    ]
    assert pane.rows[1].lines_label.text() == "lines 9–10" and pane.rows[1].expectation == "left < right"
    assert window.editor.marked_lines(marker_of(2)) == [9, 10]


def test_the_plan_is_the_language_s_and_the_window_reopens_with_it(qtbot, services):
    from .conftest import make_window, window_leftovers

    first = make_window(qtbot, services)
    pane = open_two_sum(first)
    write_step(qtbot, pane, "walk the pointers inwards", "left <= right")
    select_lines(first.editor, 3, 3)
    pane.rows[0].anchor_button.click()
    first.language.setCurrentIndex(first.language.findData("javascript"))
    assert pane.rows == []  # the JavaScript plan is another one
    first.close()  # saves what is pending
    assert window_leftovers(first) == []
    assert services.plans.load("ada", "two-sum", "python").steps[0].lines == (3,)

    second = make_window(qtbot, services)
    second.language.setCurrentIndex(second.language.findData("python"))
    second.browser.select("two-sum")
    assert [r.text for r in second.plan.pane.rows] == ["walk the pointers inwards"]
    assert second.editor.marked_lines(marker_of(1)) == [3]
    second.close()


def test_steps_move_and_go_and_their_numbers_follow(window, qtbot):
    pane = open_two_sum(window)
    for words, line in (("first", 2), ("second", 4), ("third", 8)):
        write_step(qtbot, pane, words)
        select_lines(window.editor, line, line)
        pane.rows[-1].anchor_button.click()
    pane.rows[2].up_button.click()
    assert [r.text for r in pane.rows] == ["first", "third", "second"]
    assert [r.number_label.text() for r in pane.rows] == ["1.", "2.", "3."]
    assert window.editor.marked_lines(marker_of(2)) == [8] and window.editor.marked_lines(marker_of(3)) == [4]
    assert not pane.rows[0].up_button.isEnabled() and not pane.rows[2].down_button.isEnabled()
    pane.rows[0].remove_button.click()
    assert [r.text for r in pane.rows] == ["third", "second"]
    assert window.editor.marked_lines(marker_of(1)) == [8]
    pane.rows[0].clear_button.click()
    assert pane.rows[0].lines_label.text() == "not anchored" and window.editor.marked_lines(marker_of(1)) == []


def test_a_step_without_words_is_said_on_the_step_and_not_kept(window, qtbot):
    pane = open_two_sum(window)
    write_step(qtbot, pane, "walk inwards")
    pane.add_button.click()
    qtbot.keyClicks(pane.rows[1].expect, "left < right")
    with qtbot.waitSignal(window.plan.keeper.saved, timeout=5_000):
        window.plan.keeper.save_now()
    assert "needs words" in pane.rows[1].status_text
    assert [s.text for s in window.services.plans.load("ada", "two-sum", "python").steps] == ["walk inwards"]
    assert window.plan.debug() is None  # not checked until every step says what it does
    qtbot.keyClicks(pane.rows[1].words, "stop when they meet")
    assert pane.rows[1].status_text == ""  # the words it lacked are there


def shaped_result(broken_words: str) -> dict:
    """A ``bp_debug_plan`` result of the contract's shape: step 1 held, step 2 broke."""
    return {
        "outcome": "broken",
        "guessed": False,
        "tests": {"passed": 1, "total": 3, "verdict": "WA", "failing_test": "2"},
        "input": "[3,2,4], 6",
        "trace_id": None,
        "steps": [
            {"number": 1, "text": "walk inwards", "lines": [3], "lines_guessed": False, "ran": True,
             "ran_lines": [3], "expect": "left <= right", "status": "held", "evaluations": 3,
             "broken_at": None, "error": None},
            {"number": 2, "text": broken_words, "lines": [7, 8], "lines_guessed": False, "ran": True,
             "ran_lines": [7, 8], "expect": "left < right", "status": "broken", "evaluations": 2,
             "broken_at": {"step": 5, "line": 8, "variables": {"left": "1", "right": "1"}}, "error": None},
        ],
        "first_broken": 2,
        "structures": [],
        "flow": None,
        "report": f"Step 2 ({broken_words}) ran on line 8; on input [3,2,4], 6 your expectation "
        "`left < right` stopped holding: left = 1, right = 1.",
    }  # fmt: skip


def test_a_report_marks_the_steps_and_the_anchors_until_the_code_changes(window, qtbot):
    pane = open_two_sum(window)
    write_step(qtbot, pane, "walk inwards", "left <= right")
    select_lines(window.editor, 3, 3)
    pane.rows[0].anchor_button.click()
    write_step(qtbot, pane, "move left when the sum is too small", "left < right")
    select_lines(window.editor, 7, 8)
    pane.rows[1].anchor_button.click()
    debugger, anchors = window.plan.debugger, window.plan.keeper.anchors

    result = shaped_result("move left when the sum is too small")
    debugger._done(result, window.session.code_serial)  # noqa: SLF001 - the answer's rendering alone
    assert "move left when the sum is too small" in pane.report_text and "[3,2,4], 6" in pane.report_text
    assert pane.rows[0].status_text.startswith("✓ Held")
    assert "line 8" in pane.rows[1].status_text and "left = 1, right = 1" in pane.rows[1].status_text
    assert anchors.status_colour(2) == COLOURS["broken"][0] and anchors.status_colour(1) == COLOURS["held"][0]

    window.editor.insertText(window.editor.textLength(), "# more\n")
    assert anchors.status_colour(2) == COLOURS[""][0]  # of the code that was checked, not this one
    assert pane.report_text  # the report stays until another problem

    window.browser.select("balanced-brackets")
    assert pane.report_text == "" and window.plan.debugger.result is None


def test_debug_my_plan_marks_the_broken_step_and_shows_where_it_broke(window, qtbot):
    pane = open_two_sum(window)
    write_step(qtbot, pane, "walk inwards while the pointers have not crossed", "left <= right")
    select_lines(window.editor, 4, 4)
    pane.rows[0].anchor_button.click()
    write_step(qtbot, pane, "move left when the sum is too small", "left < right")
    select_lines(window.editor, 7, 8)
    pane.rows[1].anchor_button.click()

    with qtbot.waitSignal(window.plan.debugger.reported, timeout=60_000) as report:
        pane.debug_button.click()
    result = report.args[0]
    assert result["outcome"] == "broken" and result["first_broken"] == 2
    assert "move left when the sum is too small" in pane.report_text
    assert "[3,2,4]" in pane.report_text
    assert pane.rows[1].status.property("status") == "broken" and "left = 1" in pane.rows[1].status_text
    assert pane.rows[0].status.property("status") == "held"
    anchors = window.plan.keeper.anchors
    assert anchors.status_colour(2) == COLOURS["broken"][0] and anchors.status_colour(1) == COLOURS["held"][0]
    # The trace it made is the panel's, at the step where the expectation broke.
    qtbot.waitUntil(lambda: window.viz.step_count > 0, timeout=10_000)
    assert window.viz.currentWidget() is window.viz.pages["structure"]
    qtbot.waitUntil(lambda: window.viz.timeline.state_at(window.viz.step) is not None, timeout=10_000)
    line = window.viz.timeline.state_at(window.viz.step).step.get("line", 0)
    assert window.viz.timeline.source_line(line).strip() in {"if total < target:", "left += 1"}
    assert window.editor.marked_lines(CURRENT_MARKER) == [line]  # the code shows where, too

    window.browser.select("balanced-brackets")  # another problem: its report is not this one's
    assert pane.report_text == "" and anchors.status_colour(1) == COLOURS[""][0]


def test_debug_my_plan_says_an_unreadable_expectation_on_its_step(window, qtbot):
    pane = open_two_sum(window)
    write_step(qtbot, pane, "move left when the sum is too small", "left <")
    select_lines(window.editor, 7, 8)
    pane.rows[0].anchor_button.click()
    with qtbot.waitSignal(window.plan.debugger.reported, timeout=60_000):
        window.plan.action.trigger()
    assert pane.rows[0].status.property("status") == "unreadable"
    assert "left <" in pane.rows[0].status_text and pane.report_text


def test_stop_ends_a_check_of_the_plan(threaded_window, qtbot):
    window = threaded_window
    pane = open_two_sum(window)
    write_step(qtbot, pane, "move left when the sum is <b>too small</b>", "left < right")
    select_lines(window.editor, 7, 8)
    pane.rows[0].anchor_button.click()
    call = window.plan.debug()
    assert call is not None and window.stop_action.isEnabled()
    window.stop_action.trigger()
    qtbot.waitUntil(lambda: not call.live and not window.jobs.busy, timeout=10_000)
    assert window.statusBar().currentMessage() == "Stopped."  # the window's word for any job stopped
    assert pane.report_text == "" and pane.rows[0].status_text == ""


TWO_POINTERS_JS = """function twoSum(nums, target) {
  let left = 0, right = nums.length - 1;
  while (left <= right) {
    const total = nums[left] + nums[right];
    if (total === target) {
      return [left, right];
    }
    if (total < target) {
      left += 1;
    } else {
      right -= 1;
    }
  }
  return [];
}
"""


def test_a_javascript_plan_is_its_own_and_is_checked_in_javascript(window, qtbot):
    window.browser.select("two-sum")
    window.language.setCurrentIndex(window.language.findData("javascript"))
    pane = open_two_sum(window, TWO_POINTERS_JS)
    write_step(qtbot, pane, "move left when the sum is too small", "left < right")
    select_lines(window.editor, 8, 9)
    pane.rows[0].anchor_button.click()
    with qtbot.waitSignal(window.plan.debugger.reported, timeout=60_000) as report:
        pane.debug_button.click()
    assert report.args[0]["outcome"] == "broken"
    assert pane.rows[0].status.property("status") == "broken" and "left = 1" in pane.rows[0].status_text
    assert window.editor.marked_lines(marker_of(1)) == [8, 9]
    assert window.services.plans.load("ada", "two-sum", "python") is None  # the Python plan is another


def test_a_refused_check_is_said_in_the_report(window, qtbot):
    from codementor_desktop.domain.vocabulary import ErrorCode
    from codementor_desktop.tools.errors import tool_error

    pane = open_two_sum(window)
    write_step(qtbot, pane, "walk inwards", "left <= right")
    refused = tool_error(ErrorCode.RATE_LIMITED, "Too many bp_debug_plan calls for now; try again in 3 s.")
    window.plan.debugger._done(refused, window.session.code_serial)  # noqa: SLF001 - the answer's rendering alone
    assert "could not be checked: Too many bp_debug_plan calls" in pane.report_text
    assert pane.rows[0].status_text == ""


def test_reset_code_keeps_the_anchors_on_their_lines(window, qtbot):
    pane = open_two_sum(window)
    write_step(qtbot, pane, "move left when the sum is too small", "left < right")
    select_lines(window.editor, 7, 8)
    pane.rows[0].anchor_button.click()
    window.reset_action.trigger()  # the starter code: the markers went with the old text
    assert pane.rows[0].lines_label.text() == "lines 7–8"
    assert window.editor.marked_lines(marker_of(1)) == [n for n in (7, 8) if n <= window.editor.lineCount()]


@pytest.mark.qt_log_ignore("This plugin does not support")  # a tooltip shown offscreen
def test_the_margin_says_which_step_a_line_belongs_to(window, qtbot):
    from PySide6.QtCore import QEvent, QPoint
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QApplication, QToolTip

    from codementor_desktop.gui.editor.code_editor import PLAN_MARGIN

    pane = open_two_sum(window)
    write_step(qtbot, pane, "move left when the sum is too small", "left < right")
    select_lines(window.editor, 7, 8)
    pane.rows[0].anchor_button.click()
    editor = window.editor
    x = sum(editor.marginWidthN(n) for n in range(PLAN_MARGIN)) + editor.marginWidthN(PLAN_MARGIN) // 2
    y = editor.pointYFromPosition(editor.positionFromLine(7)) + editor.textHeight(7) // 2  # line 8
    at = QPoint(x, y)
    QApplication.sendEvent(editor.viewport(), QHelpEvent(QEvent.Type.ToolTip, at, editor.viewport().mapToGlobal(at)))
    qtbot.waitUntil(QToolTip.isVisible, timeout=5_000)
    assert QToolTip.text() == "Step 1: move left when the sum is too small"
    QToolTip.hideText()


def test_each_learner_has_their_own_plan(window, qtbot, services):
    pane = open_two_sum(window)
    write_step(qtbot, pane, "ada's first step", "left <= right")
    select_lines(window.editor, 3, 3)
    pane.rows[0].anchor_button.click()
    assert window.learning.learners.switch("bea")  # what ada typed is kept as she leaves
    assert services.plans.load("ada", "two-sum", "python").steps[0].text == "ada's first step"
    window.browser.select("two-sum")
    assert pane.rows == [] and window.editor.marked_lines(marker_of(1)) == []
    assert window.learning.learners.switch("ada")
    window.browser.select("two-sum")
    assert [r.text for r in pane.rows] == ["ada's first step"]


def test_a_plan_is_saved_off_the_gui_thread_after_a_pause(threaded_window, qtbot):
    window = threaded_window
    pane = open_two_sum(window)
    write_step(qtbot, pane, "walk inwards")
    assert window.plan.keeper.pending
    with qtbot.waitSignal(window.plan.keeper.saved, timeout=10_000):
        pass
    assert not window.plan.keeper.pending
    assert [s.text for s in window.services.plans.load("ada", "two-sum", "python").steps] == ["walk inwards"]
