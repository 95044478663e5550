"""The debugger in the window, through real child processes: F5 traces the editor's code into the
panel, the step cursor moves the editor's marks, the stepping keys, predict mode, a margin
breakpoint with a condition, and Stop during a trace."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QWidget

from codementor_desktop.gui.editor.breakpoints import Breakpoint
from codementor_desktop.gui.editor.code_editor import (
    BREAKPOINT_MARKER,
    CONDITIONAL_MARKER,
    CURRENT_MARKER,
    LOOP_MARKER,
    SYMBOL_MARGIN,
)

SEARCH = """def search_rotated(nums, target):
    lo, hi = 0, len(nums) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if nums[mid] == target:
            return mid
        if nums[mid] < target:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1
"""
SLOW = "def search_rotated(nums, target):\n    total = 0\n    while True:\n        total += sum(range(30000))\n"
ENDLESS = "def search_rotated(nums, target):\n    i = 0\n    while True:\n        i += 1\n"
PROBLEM = "search-rotated-sorted-array"  # its first example: [15,18,2,5,9], 5


def open_problem(window, code: str) -> None:
    window.browser.select(PROBLEM)
    window.editor.replace_all(code)
    window.activateWindow()
    QWidget.setFocus(window.editor)  # ScintillaEdit.setFocus is the SCI_SETFOCUS message


def traced(window, qtbot, code: str = SEARCH) -> None:
    """F5 on the editor, then wait for the trace and the panel's pass over it."""
    open_problem(window, code)
    with qtbot.waitSignal(window.jobs.ended, timeout=30_000):
        window.trace_action.trigger()
    qtbot.waitUntil(lambda: not window.viz.busy, timeout=20_000)


def test_f5_traces_the_editor_code_on_the_first_example_into_the_trace_tab(threaded_window, qtbot):
    window = threaded_window
    open_problem(window, SEARCH)
    qtbot.waitUntil(window.isActiveWindow)
    batches: list[int] = []
    add_steps = window.viz.add_steps
    window.viz.add_steps = lambda batch: (batches.append(len(batch)), add_steps(batch))  # each batch the call streams
    with qtbot.waitSignal(window.jobs.ended, timeout=30_000):
        qtbot.keyClick(window.editor, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: not window.viz.busy, timeout=20_000)
    panel = window.viz
    assert batches and sum(batches) == panel.step_count  # streamed, each step once
    assert panel.currentWidget() is panel.trace_tab
    assert {s["function"] for s in panel.timeline.steps} == {"<module>", "search_rotated"}
    assert "returned 3" in panel.trace_tab.banner.text()  # the index of 5 in [15,18,2,5,9]
    assert window.editor.marked_lines(CURRENT_MARKER) == [panel.timeline.lines[panel.step]]


def test_the_slider_moves_the_editor_marker_its_inline_changes_and_the_structure(window, qtbot):
    traced(window, qtbot)
    panel, editor = window.viz, window.editor
    steps = panel.timeline.steps
    mid_set = next(i for i, s in enumerate(steps) if "mid" in (s.get("changed") or {}))
    panel.setCurrentWidget(panel.pages["structure"])
    structure = panel.view("structure")
    panel.trace_tab.slider.setValue(mid_set)
    qtbot.waitUntil(lambda: editor.marked_lines(CURRENT_MARKER) == [steps[mid_set]["line"]])
    qtbot.waitUntil(lambda: "mid = 2" in editor.step_changes_at(4))  # (0 + 4) // 2, on the line that set it
    qtbot.waitUntil(lambda: structure.drawing is not None and structure.drawing.model is not None)
    assert structure.drawing.variable == "nums"
    assert structure.drawing.model.pointers.get("mid") == 2
    panel.trace_tab.slider.setValue(0)
    qtbot.waitUntil(lambda: editor.marked_lines(CURRENT_MARKER) == [steps[0]["line"]])


def test_stepping_keys_move_the_step_from_the_editor(window, qtbot):
    traced(window, qtbot)
    qtbot.waitUntil(window.isActiveWindow)
    panel, editor = window.viz, window.editor
    panel.set_step(0)
    qtbot.keyClick(editor, Qt.Key.Key_F11)
    assert panel.step == 1
    qtbot.keyClick(editor, Qt.Key.Key_F10)
    assert panel.step == 2
    qtbot.keyClick(editor, Qt.Key.Key_F10, Qt.KeyboardModifier.ShiftModifier)
    assert panel.step == 1
    qtbot.keyClick(editor, Qt.Key.Key_F11, Qt.KeyboardModifier.ShiftModifier)  # out of search: its end
    assert panel.step == panel.step_count - 1
    caret = editor.currentPos()
    qtbot.keyClick(editor, Qt.Key.Key_Home)  # the editor keeps its Home
    assert panel.step == panel.step_count - 1 and editor.currentPos() <= caret
    panel.trace_tab.slider.setFocus()
    qtbot.keyClick(panel.trace_tab.slider, Qt.Key.Key_Home)
    assert panel.step == 0
    qtbot.waitUntil(lambda: editor.marked_lines(CURRENT_MARKER) == [panel.timeline.lines[0]])
    debug = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Debug")
    assert {a.text() for a in debug.actions()} >= {"Step into", "Step over", "Step out", "Step back", "Predict"}
    assert debug.accessibleName() == "Debug"


def test_predict_mode_asks_before_a_change_and_keeps_the_score(window, qtbot):
    traced(window, qtbot)
    panel = window.viz
    box = panel.trace_tab.predict
    panel.predict_action.trigger()
    panel.set_step(
        next(
            i for i, s in enumerate(panel.timeline.steps) if s["event"] == "line" and s["function"] == "search_rotated"
        )
    )
    with qtbot.waitSignal(panel.player.questionChanged) as asked:
        panel.into_action.trigger()
    question = asked.args[0]
    expected = {"lo": "0", "hi": "4"}  # lo, hi = 0, len(nums) - 1
    assert question.expected == expected[question.variable]
    assert panel.step == question.before
    box.answer.setText(expected[question.variable])
    box.check.click()
    assert panel.step == question.reveal
    while panel.player.pending is None and panel.step < panel.step_count - 1:
        panel.into_action.trigger()
    box.answer.setText("certainly not this")
    box.check.click()
    assert box.score.text() == "1 of 2 right (50%)"
    assert window.viz.score is panel.score


def margin_click(qtbot, editor, line: int, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    x = editor.marginWidthN(0) + editor.marginWidthN(SYMBOL_MARGIN) // 2
    y = editor.pointYFromPosition(editor.positionFromLine(line - 1)) + editor.textHeight(line - 1) // 2
    qtbot.mouseClick(editor.viewport(), Qt.MouseButton.LeftButton, modifier, QPoint(x, y))


def test_a_margin_breakpoint_with_a_condition_stops_where_it_should(window, qtbot):
    traced(window, qtbot)  # the stop then opens at its step of this trace
    editor, debugger = window.editor, window.debugger
    margin_click(qtbot, editor, 4)
    assert editor.marked_lines(BREAKPOINT_MARKER) == [4]
    margin_click(qtbot, editor, 4)
    assert editor.marked_lines(BREAKPOINT_MARKER) == []  # a second click takes it away
    margin_click(qtbot, editor, 5, Qt.KeyboardModifier.ControlModifier)  # Ctrl+click: the small editor
    dialog = debugger.dialog
    assert dialog is not None and dialog.windowTitle() == "Breakpoint on line 5"
    dialog.condition.setText("lo > 0")
    dialog.watch.setText("nums[lo], hi")
    dialog.accept()
    assert editor.marked_lines(CONDITIONAL_MARKER) == [5]
    assert debugger.breakpoints.all() == [Breakpoint(5, "lo > 0", 1, ("nums[lo]", "hi"))]

    with qtbot.waitSignal(window.jobs.ended, timeout=30_000):
        window.breakpoint_action.trigger()
    panel = window.viz
    assert panel.currentWidget() is panel.trace_tab
    watches = panel.trace_tab.watches
    shown = {watches.item(r, 0).text(): watches.item(r, 1).text() for r in range(watches.rowCount())}
    assert shown == {"nums[lo]": "5", "hi": "4"}  # [15,18,2,5,9]: nums[2] = 2 < 5, so lo = 3
    assert editor.marked_lines(CURRENT_MARKER) == [5]
    stop = panel.step
    assert panel.step_count > stop > 0 and panel.timeline.lines[stop] == 5
    panel.set_step(0)
    assert watches.isHidden() and f"stopped at step {stop + 1}" in panel.trace_tab.banner.text()
    panel.set_step(stop)
    assert not watches.isHidden()

    debugger.breakpoints.put(Breakpoint(5, "lo > 100"))
    with qtbot.waitSignal(window.jobs.ended, timeout=30_000):
        window.breakpoint_action.trigger()
    assert "never" in panel.trace_tab.banner.text().lower()
    debugger.breakpoints.put(Breakpoint(5, "undefined_name > 1"))
    with qtbot.waitSignal(window.jobs.ended, timeout=30_000):
        window.breakpoint_action.trigger()
    assert "never all defined" in panel.trace_tab.banner.text()
    debugger.breakpoints.put(Breakpoint(5, "nums[hi + 10] > 0"))
    with qtbot.waitSignal(window.jobs.ended, timeout=30_000):
        window.breakpoint_action.trigger()
    assert "IndexError" in panel.trace_tab.banner.text()
    debugger.breakpoints.remove(5)
    debugger.breakpoints.put(Breakpoint(8))  # a plain one: no condition of the learner's to speak of
    with qtbot.waitSignal(window.jobs.ended, timeout=30_000):
        window.breakpoint_action.trigger()
    assert panel.trace_tab.banner.text() == "Stopped at the breakpoint on line 8."


def test_stop_during_a_trace_keeps_the_steps_and_says_where(threaded_window, qtbot):
    window = threaded_window
    open_problem(window, SLOW)
    panel = window.viz
    window.trace_action.trigger()
    qtbot.waitUntil(lambda: panel.step_count > 0, timeout=20_000)
    with qtbot.waitSignal(window.jobs.ended, timeout=30_000):
        window.stop_action.trigger()
    count = panel.step_count
    assert f"Stopped by you at step {count:,}" in panel.trace_tab.banner.text()
    qtbot.waitUntil(lambda: not panel.busy, timeout=20_000)
    assert panel.step_count == count  # nothing of the stopped child arrives afterwards
    assert not window.stop_action.isEnabled() and not window.jobs.busy


def test_a_run_that_never_ends_is_traced_to_its_limit_with_the_loop_marked(window, qtbot):
    traced(window, qtbot, ENDLESS)
    assert window.editor.marked_lines(LOOP_MARKER) == [3, 4]
    assert "loop" in window.viz.trace_tab.banner.text().lower()


def test_editing_the_code_takes_the_trace_marks_away(window, qtbot):
    traced(window, qtbot)
    assert window.editor.marked_lines(CURRENT_MARKER)
    QWidget.setFocus(window.editor)  # ScintillaEdit.setFocus is the SCI_SETFOCUS message
    qtbot.keyClicks(window.editor, "#")
    assert window.editor.marked_lines(CURRENT_MARKER) == []
    assert QApplication.activeModalWidget() is None
