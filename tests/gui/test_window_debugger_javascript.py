"""The debugger on JavaScript in the window, through real Node children: F5 traces the editor's
JavaScript into the Trace tab, the steps move, the array is drawn with its pointers, and a margin
breakpoint with a JavaScript condition stops where it should."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QWidget

from codementor_desktop.gui.editor.code_editor import CONDITIONAL_MARKER, CURRENT_MARKER, SYMBOL_MARGIN

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")

SEARCH = """function searchRotated(nums, target) {
  let lo = 0, hi = nums.length - 1;
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (nums[mid] === target) return mid;
    if (nums[mid] < target) {
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return -1;
}
"""
PROBLEM = "search-rotated-sorted-array"  # its first example: [15,18,2,5,9], 5


def margin_click(qtbot, editor, line: int, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    x = editor.marginWidthN(0) + editor.marginWidthN(SYMBOL_MARGIN) // 2
    y = editor.pointYFromPosition(editor.positionFromLine(line - 1)) + editor.textHeight(line - 1) // 2
    qtbot.mouseClick(editor.viewport(), Qt.MouseButton.LeftButton, modifier, QPoint(x, y))


def test_a_javascript_trace_steps_draws_its_array_and_stops_at_a_javascript_condition(window, qtbot):
    window.browser.select(PROBLEM)
    window.language.setCurrentIndex(window.language.findData("javascript"))
    window.editor.replace_all(SEARCH)
    window.activateWindow()
    QWidget.setFocus(window.editor)
    with qtbot.waitSignal(window.jobs.ended, timeout=30_000):
        window.trace_action.trigger()
    qtbot.waitUntil(lambda: not window.viz.busy, timeout=20_000)
    panel, editor = window.viz, window.editor
    assert panel.currentWidget() is panel.trace_tab
    steps = panel.timeline.steps
    assert {s["function"] for s in steps} == {"<module>", "searchRotated"}
    assert "returned 3" in panel.trace_tab.banner.text()  # the index of 5 in [15,18,2,5,9]

    mid_set = next(i for i, s in enumerate(steps) if "mid" in (s.get("changed") or {}))
    panel.setCurrentWidget(panel.pages["structure"])
    structure = panel.view("structure")
    panel.trace_tab.slider.setValue(mid_set)
    qtbot.waitUntil(lambda: editor.marked_lines(CURRENT_MARKER) == [steps[mid_set]["line"]])
    qtbot.waitUntil(lambda: structure.drawing is not None and structure.drawing.model is not None)
    assert structure.drawing.variable == "nums"
    assert structure.drawing.model.pointers.get("mid") == 2
    panel.set_step(0)
    qtbot.keyClick(editor, Qt.Key.Key_F11)
    assert panel.step == 1

    margin_click(qtbot, editor, 5, Qt.KeyboardModifier.ControlModifier)  # Ctrl+click: the small editor
    dialog = window.debugger.dialog
    assert dialog is not None
    dialog.condition.setText("lo > 0 && nums[lo] !== undefined")
    dialog.watch.setText("nums[lo], hi")
    dialog.accept()
    assert editor.marked_lines(CONDITIONAL_MARKER) == [5]
    with qtbot.waitSignal(window.jobs.ended, timeout=30_000):
        window.breakpoint_action.trigger()
    watches = panel.trace_tab.watches
    shown = {watches.item(r, 0).text(): watches.item(r, 1).text() for r in range(watches.rowCount())}
    assert shown == {"nums[lo]": "5", "hi": "4"}  # nums[2] = 2 < 5, so lo = 3
    assert editor.marked_lines(CURRENT_MARKER) == [5]
    assert panel.timeline.lines[panel.step] == 5
