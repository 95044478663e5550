"""The analysis in the window, through real child processes: a Submit is analysed into the Analysis
tab, a card marks its lines in the editor, "This is wrong" flags it (stored), Ctrl+Shift+A asks
for an analysis by hand, Stop ends one, and the status bar names the layers that hold a run."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from codementor_desktop.gui.status import result_sentence
from tests.integration.test_fault_localization_runs import SLIPPED_TWO_SUM

QUADRATIC = """def two_sum(nums, target):
    for i in range(len(nums)):
        for j in range(i + 1, len(nums)):
            if nums[i] + nums[j] == target:
                return [i, j]
    return []
"""
BROKEN = "def two_sum(nums, target):\n    return [\n"


def open_two_sum(window, code: str) -> None:
    window.browser.select("two-sum")
    window.editor.replace_all(code)
    QWidget.setFocus(window.editor)


def test_a_submit_is_analysed_and_a_card_marks_its_lines(window, qtbot):
    open_two_sum(window, QUADRATIC)
    analyst = window.analyst
    assert analyst.tab.cards.cards == []  # nothing before a Submit
    submitted: list[dict] = []
    window.session.result_changed.connect(lambda kind, result: submitted.append(result) if kind == "run" else None)
    QApplication.processEvents()  # the first layout fits the statement once the window is shown
    sizes = window.centre.sizes()
    window.submit_action.trigger()
    qtbot.waitUntil(lambda: bool(analyst.tab.cards.result), timeout=60_000)
    result = analyst.tab.cards.result
    assert window.centre.sizes() == sizes  # the layout stays as the learner left it
    # The verdict is what the learner sees first: the Tests tab stays in front and the status bar
    # keeps the verdict; the analysis filled its tab quietly.
    assert window.viz.currentWidget() is window.tests
    assert window.statusBar().currentMessage() == result_sentence(submitted[0])
    window.show_tab(analyst.tab)
    patterns = {card.pattern_type: card for card in analyst.tab.cards.cards}
    assert "suboptimal_time_complexity" in patterns, result
    assert result["attempt_id"] == submitted[0]["run_id"]  # the analysis is of that stored run
    card = patterns["suboptimal_time_complexity"]
    with qtbot.waitSignal(analyst.tab.cards.linesRequested, timeout=5_000) as asked:
        qtbot.mouseClick(card, Qt.MouseButton.LeftButton)
    assert asked.args[0] == card.lines and card.lines
    assert window.editor.finding_lines() == card.lines
    assert analyst.tab.plot is not None
    assert "n²" in analyst.tab.plot.findChild(QLabel).text() or "n^2" in str(result["complexity_analysis"])


def test_this_is_wrong_asks_why_then_stores_the_flag(window, qtbot, services):
    open_two_sum(window, QUADRATIC)
    analyst = window.analyst
    window.analyze_action.trigger()
    qtbot.waitUntil(lambda: bool(analyst.tab.cards.cards), timeout=60_000)
    card = next(c for c in analyst.tab.cards.cards if c.pattern_type == "suboptimal_time_complexity")
    qtbot.mouseClick(card.wrong, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: analyst.dialog is not None and analyst.dialog.isVisible())
    analyst.dialog.setTextValue("The input is tiny: quadratic is fine here")
    analyst.dialog.accept()
    qtbot.waitUntil(lambda: card.flagged, timeout=10_000)
    attempt = analyst.tab.cards.result["attempt_id"]
    flags = services.analyses.flags(services.settings.user, attempt)
    assert [(f["pattern_type"], f["feedback"]) for f in flags] == [
        ("suboptimal_time_complexity", "The input is tiny: quadratic is fine here")
    ]


def test_code_that_does_not_parse_gets_one_card_that_shows_the_line(window, qtbot):
    open_two_sum(window, BROKEN)
    window.analyze_action.trigger()
    qtbot.waitUntil(lambda: bool(window.analyst.tab.cards.result), timeout=30_000)
    cards = window.analyst.tab.cards.cards
    assert len(cards) == 1 and cards[0].wrong.isHidden()
    assert cards[0].lines and cards[0].lines[0] in (2, 3)


def test_stop_ends_an_analysis_and_says_so(threaded_window, qtbot):
    window = threaded_window
    open_two_sum(window, QUADRATIC)
    with qtbot.waitSignal(window.jobs.started, timeout=5_000):
        window.analyze_action.trigger()
    assert window.stop_action.isEnabled()
    with qtbot.waitSignal(window.jobs.ended, timeout=30_000):
        window.stop_action.trigger()
    assert window.analyst.tab.status.text() == "Analysis stopped by you."
    assert window.tests.isEnabled()  # the Tests tab was not cleared as if a run had stopped


def test_the_status_bar_names_the_mode_and_the_layers_that_hold_a_run(window, services):
    label = window.backend_label.text()
    mode = services.containment_mode()
    head, _, layers = label.partition(": ")
    assert head == f"{services.backend_name} runner" + (f", {mode}" if mode else "")
    held, _, missing = layers.partition(" (without ")
    for layer, on, _detail in services.containment():
        assert (layer in missing) == (not on), label
        assert (layer in held) == on or layer == "piston", label


def test_the_tests_tab_asks_for_an_analysis_with_its_run_as_evidence(window, qtbot):
    open_two_sum(window, QUADRATIC)
    window.run_action.trigger()
    qtbot.waitUntil(lambda: window.tests.run_id is not None, timeout=30_000)
    qtbot.mouseClick(window.tests.analyze_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(window.analyst.tab.cards.result), timeout=60_000)
    assert window.analyst.tab.cards.result["attempt_id"] == window.tests.run_id
    window.editor.replace_all(QUADRATIC + "\n# changed\n")
    qtbot.mouseClick(window.tests.analyze_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.analyst.tab.cards.result["attempt_id"] != window.tests.run_id, timeout=60_000)
    assert window.analyst.tab.cards.result["attempt_id"].startswith("attempt")  # the edited code alone


SLIPPED = SLIPPED_TWO_SUM  # line 6 stores the index one too far


def test_a_submit_with_a_slip_marks_the_likely_bug_lines_in_the_editor(window, qtbot, tmp_path):
    """The picture of the window is saved under the test's temporary folder, for a person to look at."""
    open_two_sum(window, SLIPPED)
    analyst = window.analyst
    window.submit_action.trigger()
    qtbot.waitUntil(lambda: bool(analyst.tab.cards.result), timeout=90_000)
    window.show_tab(analyst.tab)  # the learner opens it: a Submit leaves the Tests tab in front
    cards = {card.pattern_type: card for card in analyst.tab.cards.cards}
    assert "likely_bug_location" in cards, analyst.tab.cards.result
    card = cards["likely_bug_location"]
    assert 6 in card.lines[:3] and window.editor.finding_lines() == sorted(card.lines)
    assert "line 6" in card.description.text()
    window.resize(1280, 1000)
    qtbot.waitUntil(lambda: card.isVisible() and card.height() > 60)
    assert window.grab().save(str(tmp_path / "window-likely-bug-location.png"))
