"""The Tests tab's headline says what a judge says: the first failing test in order, with its verdict."""

import pytest
from PySide6.QtGui import QTextDocument

from codementor_desktop.domain.vocabulary import Verdict
from codementor_desktop.gui.panels import tests_panel
from codementor_desktop.gui.panels.tests_panel import VERDICT_COLOURS


@pytest.fixture
def panel(qtbot):
    widget = tests_panel.TestsPanel()
    qtbot.addWidget(widget)
    return widget


def row(test_id, verdict, **more):
    return {"test_id": test_id, "verdict": verdict, "passed": verdict == "AC", "input": "[1]", **more}


def test_the_first_failing_test_in_order_not_the_worst_verdict(panel):
    tests = [row(1, "AC"), row(2, "WA", error_message="expected [0,1]"), row(3, "AC")]
    tests += [row(1000 + i, "AC", hidden=True) for i in range(3)]
    tests.append(row(1007, "TLE", hidden=True, reason="time", error_message="Time limit exceeded"))
    panel.show_result({"status": "error", "verdict": "TLE", "test_results": tests, "tests_total": 15})
    text = panel.summary.text()
    assert "WA</b> on test 2" in text and "wrong answer" in text and "expected [0,1]" in text
    assert "TLE" not in text and "7/15" not in text
    assert panel.verdicts() == ["AC", "WA", "AC", "AC", "AC", "AC", "TLE"]


def test_a_hidden_test_too_slow_for_its_operations_says_so(panel):
    tests = [row(1, "AC"), row(1012, "TLE", hidden=True, reason="operations", error_message="Too slow: ...")]
    panel.show_result({"status": "error", "verdict": "TLE", "test_results": tests, "tests_total": 2})
    assert "TLE</b> on hidden test 1012" in panel.summary.text() and "(operations)" in panel.summary.text()


def test_a_compile_error_shows_the_error_and_its_line(panel):
    panel.show_result(
        {
            "status": "error",
            "verdict": "CE",
            "error_message": "SyntaxError: expected ':'",
            "line_number": 3,
            "test_results": [],
            "tests_total": 15,
        }
    )
    text = panel.summary.text()
    assert "CE" in text and "line 3" in text and "SyntaxError: expected ':'" in text
    assert "passed" not in text and "0/" not in text


def test_all_passed_shows_the_count_and_the_operations(panel):
    operations = {"measured": True, "message": "accepted; about 1.2x the reference's operations at n = 10,000"}
    tests = [row(1, "AC"), row(2, "AC")]
    panel.show_result(
        {"status": "completed", "verdict": "AC", "test_results": tests, "tests_total": 2, "operations": operations}
    )
    text = panel.summary.text()
    assert "AC</b> · accepted · 2/2 passed" in text and "about 1.2x the reference" in text


def test_an_accepted_headline_says_the_verdict_once_in_one_sentence(panel):
    """It read "accepted · 16/16 passed accepted; about …": the judge's operations message starts
    with its own "accepted;"."""
    operations = {"measured": True, "message": "accepted; about 1.2x the reference's operations at n = 10,000"}
    tests = [row(i, "AC") for i in range(1, 17)]
    panel.show_result(
        {"status": "completed", "verdict": "AC", "test_results": tests, "tests_total": 16, "operations": operations}
    )
    document = QTextDocument()
    document.setHtml(panel.summary.text())
    text = document.toPlainText()
    assert text == "AC · accepted · 16/16 passed, about 1.2x the reference's operations at n = 10,000"
    assert text.lower().count("accepted") == 1


def test_a_cancelled_run_says_stopped(panel):
    panel.show_result({"status": "cancelled", "test_results": [row(1, "AC")], "tests_total": 3})
    assert "Stopped" in panel.summary.text()


def test_learner_text_is_escaped(panel):
    tests = [row(1, "RE", error_message="TypeError: '<' not supported between instances")]
    panel.show_result({"status": "error", "verdict": "RE", "test_results": tests, "tests_total": 1})
    assert "'&lt;' not supported" in panel.summary.text()


def test_colours_are_keyed_by_the_verdict_type():
    assert set(VERDICT_COLOURS) == set(Verdict) and all(isinstance(key, Verdict) for key in VERDICT_COLOURS)


def test_tests_the_run_never_reached_show_not_run_and_why_in_grey(panel, tmp_path):
    reason = "not run: test 2 ran out of time"
    tests = [row(1, "AC"), row(2, "TLE", reason="time", error_message="Time limit exceeded")]
    tests += [{**row(i, None), "status": "not_run", "reason": reason} for i in (3, 4)]
    panel.resize(900, 300)
    panel.show_result({"status": "error", "verdict": "TLE", "test_results": tests, "tests_total": 4})
    assert "TLE</b> on test 2" in panel.summary.text()
    assert panel.verdicts() == ["AC", "TLE", "not run", "not run"]
    assert panel.table.item(2, 4).text() == reason
    assert panel.table.item(3, 1).foreground().color().name() == tests_panel.NOT_RUN_COLOUR
    assert panel.grab().save(str(tmp_path / "not_run.png"))
