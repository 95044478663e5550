"""The run flow follows the session: what a panel shows of the last problem, language or code goes
when they change; one key owner for Ctrl+Enter; custom input speaks the language on show. Each
test is a rough edge a learner hit, through real child processes."""

from __future__ import annotations

import os

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from tests.gui.test_window_analysis import QUADRATIC
from tests.gui.test_window_edge_cases import SHORT_BY_ONE

SHOTS = os.environ.get("CODEMENTOR_SHOTS")
RIGHT = (
    "def two_sum(nums, target):\n    seen = {}\n    for j, v in enumerate(nums):\n"
    "        if target - v in seen:\n            return [seen[target - v], j]\n        seen[v] = j\n"
)
JS_ERROR = "function twoSum(nums, target) {\n  const x = 1;\n  return nums.nothing.at(0);\n}\n"


def set_language(window, language: str) -> None:
    window.language.setCurrentIndex(window.language.findData(language))
    assert window.current_language == language


def custom_run(window, qtbot, text: str = "[3, 2, 4], 6"):
    custom = window.custom_input
    custom.box.input.setPlainText(text)
    with qtbot.waitSignal(custom.finished, timeout=60_000):
        custom.box.run_button.click()
    return custom.box


def test_the_reference_mark_goes_as_soon_as_the_code_changes(window, qtbot, tmp_path):
    window.browser.select("two-sum")
    window.editor.set_text(RIGHT)
    box = custom_run(window, qtbot)
    assert box.mark.text() == "✓ Matches the reference"
    window.editor.replace_all(RIGHT + "    return []\n")  # an edit: the claim was about the code that ran
    assert box.mark.text() == ""
    assert box.yours.text.toPlainText() == "[1,2]"  # what ran is still shown, without the claim
    window.show_tab(window.tests)
    assert window.tests.grab().save(str(tmp_path / "custom-input-after-an-edit.png"))
    if SHOTS:
        window.tests.grab().save(os.path.join(SHOTS, "custom-input-after-an-edit.png"))


def test_a_javascript_error_mark_does_not_survive_the_switch_to_python(window):
    window.browser.select("two-sum")
    set_language(window, "javascript")
    window.editor.replace_all(JS_ERROR)
    window.run_code()
    assert window.editor.annotation_at(3), window.tests.summary.text()
    set_language(window, "python")
    assert marked(window) == []
    window.documents.new_scratch()  # a scratch buffer keeps its text when the language changes
    set_language(window, "javascript")
    window.editor.set_text("const x = 1;\nnull.y;\n")
    window.run_code()
    assert window.editor.annotation_at(2)
    set_language(window, "python")
    assert marked(window) == []


def marked(window) -> list[int]:
    """The lines with an error's note under them."""
    return [n for n in range(1, window.editor.lineCount() + 1) if window.editor.annotation_at(n)]


def test_custom_input_names_the_javascript_function_as_javascript_declares_it(window, tmp_path):
    window.browser.select("find-unpaired-number")
    box = window.custom_input.box
    assert "find_unpaired(nums)" in box.format.text()
    set_language(window, "javascript")
    assert "findUnpaired(nums)" in box.format.text() and "find_unpaired" not in box.format.text()
    window.browser.select("course-schedule")  # camelCase parameters, as the starter writes them
    assert "canFinish(numCourses, prerequisites)" in box.format.text()
    box.set_open(True)
    window.show_tab(window.tests)
    assert window.tests.grab().save(str(tmp_path / "custom-input-javascript.png"))
    if SHOTS:
        window.tests.grab().save(os.path.join(SHOTS, "custom-input-javascript.png"))


def test_ctrl_enter_runs_the_code_and_in_the_custom_input_box_runs_the_box(window, qtbot):
    window.browser.select("two-sum")
    window.editor.set_text(RIGHT)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    messages: list[str] = []
    from PySide6.QtCore import qInstallMessageHandler

    previous = qInstallMessageHandler(lambda _kind, _context, text: messages.append(text))
    try:
        for _ in range(5):  # it failed now and then: every press must do what it says
            window.tests.clear("nothing yet")
            QWidget.setFocus(window.editor)
            qtbot.waitUntil(window.editor.hasFocus)
            qtbot.keyClick(window.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
            assert window.tests.verdicts() == ["AC", "AC", "AC"]  # Run ran the visible tests
        box = window.custom_input.box
        box.set_open(True)
        box.input.setPlainText("[2, 7, 11, 15], 9")
        window.tests.clear("nothing yet")
        box.input.setFocus()
        qtbot.waitUntil(box.input.hasFocus)
        with qtbot.waitSignal(window.custom_input.finished, timeout=60_000):
            qtbot.keyClick(box.input, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
        assert box.yours.text.toPlainText() == "[0,1]"
        assert window.tests.verdicts() == []  # the box ran, not the Run command
        assert box.input.toPlainText() == "[2, 7, 11, 15], 9"  # and no new line was typed into it
    finally:
        qInstallMessageHandler(previous)
    assert not [m for m in messages if "Ambiguous shortcut" in m]


def test_panels_forget_the_last_problem(window, qtbot, tmp_path):
    window.browser.select("two-sum")
    window.editor.replace_all(SHORT_BY_ONE)
    window.run_code()
    custom_run(window, qtbot)
    window.edges_action.trigger()
    qtbot.waitUntil(lambda: bool(window.edge_finder.tab.cases), timeout=60_000)
    assert window.tests.verdicts() and window.custom_input.box.yours.text.toPlainText()
    window.browser.select("find-unpaired-number")
    assert window.tests.verdicts() == []
    assert window.custom_input.box.yours.text.toPlainText() == "" and window.custom_input.box.mark.text() == ""
    assert window.edge_finder.tab.cases == [] and window.edge_finder.tab.table.rowCount() == 0
    assert window.session.latest("run") is None
    assert window.statusBar().currentMessage() == ""  # its sentence was about the last problem
    window.show_tab(window.edge_finder.tab)
    assert window.viz.grab().save(str(tmp_path / "edge-cases-after-a-new-problem.png"))
    if SHOTS:
        window.viz.grab().save(os.path.join(SHOTS, "edge-cases-after-a-new-problem.png"))


def test_a_language_switch_forgets_the_edge_cases_and_the_custom_input(window, qtbot):
    window.browser.select("two-sum")
    window.editor.replace_all(SHORT_BY_ONE)
    custom_run(window, qtbot)
    window.edges_action.trigger()
    qtbot.waitUntil(lambda: bool(window.edge_finder.tab.cases), timeout=60_000)
    set_language(window, "javascript")
    assert window.edge_finder.tab.cases == []
    assert window.custom_input.box.yours.text.toPlainText() == ""


def test_after_a_submit_the_verdict_is_what_the_learner_sees(window, qtbot, tmp_path):
    """A quadratic two-sum is too slow on the large hidden tests: the status bar says so, and the
    analysis that follows fills its tab without taking the Tests tab's place or the status bar."""
    window.resize(1280, 800)
    window.browser.select("two-sum")
    window.editor.replace_all(QUADRATIC)
    QApplication.processEvents()  # the first layout fits the statement once the window is shown
    sizes = window.centre.sizes()
    window.submit_action.trigger()
    verdict = window.statusBar().currentMessage()
    assert verdict.startswith("Time limit exceeded on"), verdict
    qtbot.waitUntil(lambda: bool(window.analyst.tab.cards.result), timeout=90_000)
    assert window.statusBar().currentMessage() == verdict
    assert window.viz.currentWidget() is window.tests and window.centre.sizes() == sizes
    assert window.grab().save(str(tmp_path / "window-after-submit.png"))
    if SHOTS:
        window.grab().save(os.path.join(SHOTS, "window-after-submit.png"))


def test_verdicts_of_code_since_edited_say_so(window):
    window.browser.select("two-sum")
    window.editor.replace_all(RIGHT)
    window.run_code()
    assert window.tests.verdicts() == ["AC", "AC", "AC"]
    assert "before your last edit" not in window.tests.summary.text()
    window.editor.replace_all(RIGHT + "# a note\n")
    assert "before your last edit" in window.tests.summary.text()
    window.run_code()
    assert "before your last edit" not in window.tests.summary.text()


def test_custom_input_and_a_run_do_not_stop_each_other(threaded_window, qtbot):
    """Custom input has a lane of its own: a Run started beside it leaves it going, Stop (Escape)
    stops the Run, and the box's own button stops the box."""
    window = threaded_window
    window.browser.select("two-sum")
    window.editor.set_text("def two_sum(nums, target):\n    while True:\n        pass\n")
    custom = window.custom_input
    custom.box.run_button.click()
    assert custom.running
    with qtbot.waitSignal(window.jobs.started, timeout=5_000):
        window.run_code()
    assert custom.running and window.jobs.busy
    with qtbot.waitSignal(window.jobs.ended, timeout=30_000):
        window.stop_action.trigger()
    assert custom.running and custom.box.run_button.text() == "Stop"
    with qtbot.waitSignal(custom.finished, timeout=30_000):
        custom.box.run_button.click()
    assert not custom.running and custom.box.yours.text.toPlainText() == "Stopped before it finished."


def test_a_picture_of_verdicts_of_edited_code(window, tmp_path):
    window.resize(1280, 800)
    window.browser.select("two-sum")
    window.editor.replace_all(RIGHT)
    window.run_code()
    window.editor.replace_all(RIGHT + "# a note\n")
    window.show_tab(window.tests)
    assert window.viz.grab().save(str(tmp_path / "tests-of-edited-code.png"))
    if SHOTS:
        window.viz.grab().save(os.path.join(SHOTS, "tests-of-edited-code.png"))


def test_a_trace_going_ends_without_a_word_when_the_problem_changes(threaded_window, qtbot):
    window = threaded_window
    window.browser.select("two-sum")
    window.editor.set_text("def two_sum(nums, target):\n    i = 0\n    while True:\n        i += 1\n")
    window.trace_action.trigger()
    qtbot.waitUntil(lambda: window.viz.step_count > 0, timeout=20_000)
    with qtbot.waitSignal(window.jobs.ended, timeout=10_000):
        window.browser.select("find-unpaired-number")
    assert not window.jobs.busy and not window.debugger.busy
    assert "Stopped by you" not in window.viz.trace_tab.banner.text()
