"""What a run puts on screen: no stale verdicts while a run goes or after it stops, Run and Submit
saying they replace the run, learner text shown as written, and real test times."""

from __future__ import annotations

from PySide6.QtGui import QTextDocument

from codementor_desktop.gui.panels.tests_panel import TIME_COLUMN, duration

GOOD = (
    "def two_sum(nums, target):\n    seen = {}\n    for j, v in enumerate(nums):\n"
    "        if target - v in seen:\n            return [seen[target - v], j]\n        seen[v] = j\n"
)
ENDLESS = "def two_sum(nums, target):\n    while True:\n        pass\n"


def shown(label) -> str:
    """The text a person reads in a rich-text label."""
    document = QTextDocument()
    document.setHtml(label.text())
    return document.toPlainText()


def test_a_stopped_run_leaves_no_verdicts_and_says_stopped(threaded_window, qtbot):
    window = threaded_window
    window.browser.select("two-sum")
    window.editor.replace_all(GOOD)
    with qtbot.waitSignal(window.jobs.ended, timeout=30_000):
        window.run_code()
    assert window.tests.verdicts() == ["AC", "AC", "AC"]
    assert window.run_action.text() == "Run"

    window.editor.replace_all(ENDLESS)
    with qtbot.waitSignal(window.jobs.started, timeout=5_000):
        window.run_code()
    assert window.tests.verdicts() == []  # the last run's AC rows are gone
    assert shown(window.tests.summary) == "Running…"
    assert window.run_action.text() == "Run again"
    assert "stops the current run" in window.run_action.toolTip()
    assert window.submit_action.text() == "Submit instead"
    assert "stops the current run" in window.submit_action.toolTip()

    with qtbot.waitSignal(window.jobs.ended, timeout=30_000):
        window.stop_action.trigger()
        assert shown(window.tests.summary).startswith("Stopped")
    assert window.tests.verdicts() == []
    assert shown(window.tests.summary).startswith("Stopped")
    assert "AC" not in shown(window.tests.summary)
    assert window.run_action.text() == "Run" and "stops" not in window.run_action.toolTip()
    assert not window.stop_action.isEnabled()


def test_learner_text_is_shown_as_written(window):
    window.browser.select("two-sum")
    window.editor.replace_all("def two_sum(nums, target):\n    return 1 < 'a'\n")
    window.run_code()
    assert window.tests.verdicts()[0] == "RE"
    text = shown(window.tests.summary)
    assert "TypeError: '<' not supported between instances of 'int' and 'str'" in text
    window.tests.show_result({"error_code": "INVALID_ARGUMENTS", "error_message": "code <b>bold</b> & <i>x"})
    assert shown(window.tests.summary) == "INVALID_ARGUMENTS: code <b>bold</b> & <i>x"
    window.runs._failed("ValueError: <script> & more")
    assert shown(window.tests.summary) == "Internal error: ValueError: <script> & more"


def test_an_output_with_markup_is_shown_as_written_in_its_tooltip(window):
    window.browser.select("two-sum")
    window.editor.replace_all("def two_sum(nums, target):\n    return '<b>x</b> & y'\n")
    window.run_code()
    output = window.tests.table.item(0, 4)
    assert output.text() == '"<b>x</b> & y"'
    document = QTextDocument()
    document.setHtml(output.toolTip())
    assert document.toPlainText() == '"<b>x</b> & y"'


def test_test_times_are_the_results_times(window, qtbot):
    results = []
    window.session.result_changed.connect(lambda kind, result: results.append(result) if kind == "run" else None)
    window.browser.select("two-sum")
    window.editor.replace_all(GOOD)
    window.run_code()
    times = [t["execution_time_ms"] for t in results[0]["test_results"]]
    assert all(t > 0 for t in times)
    cells = [window.tests.table.item(row, TIME_COLUMN).text() for row in range(window.tests.table.rowCount())]
    assert cells == [duration(t) for t in times]
    assert not any(cell.startswith("0.0") or cell.startswith("0 ") for cell in cells)


def test_durations_read_as_a_person_reads_them():
    assert duration(0.012) == "12 µs"
    assert duration(3.456) == "3.46 ms"
    assert duration(240.4) == "240 ms"
    assert duration(1960) == "1.96 s"
    assert duration(None) == ""


def test_a_message_box_shows_its_text_as_written(qtbot):
    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    from codementor_desktop.gui.text import message_box

    seen = []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        if box is None:
            QTimer.singleShot(10, answer)  # not shown yet: look again on the next turn of the loop
            return
        seen.append((box.text(), box.textFormat()))
        box.button(QMessageBox.StandardButton.No).click()

    QTimer.singleShot(0, answer)
    text = 'timeout = "<abc>" is not a number'
    buttons = QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
    assert message_box(None, QMessageBox.Icon.Warning, "settings", text, buttons) == QMessageBox.StandardButton.No
    assert seen == [(text, Qt.TextFormat.PlainText)]
