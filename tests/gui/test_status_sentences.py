"""The status bar speaks in sentences: how many tests run, how they ended, in words; never a
verdict's code (WA, TLE) or a tool's name (bp_execute), which belong to the log."""

import re

import pytest

from codementor_desktop.gui.status import job_sentence, progress_sentence, result_sentence
from tests.gui.test_main_window import GOOD

CODES = re.compile(r"\b(AC|WA|CE|RE|TLE|MLE|OLE|IE)\b|bp_\w+|execute_code|analyze_code\w*")


def said(window) -> list[str]:
    """Every message the status bar shows from now on."""
    messages: list[str] = []
    window.statusBar().messageChanged.connect(lambda text: messages.append(text) if text else None)
    return messages


def test_a_run_says_how_many_tests_and_how_they_went(threaded_window, qtbot):
    window = threaded_window
    window.browser.select("two-sum")
    window.editor.set_text(GOOD)
    messages = said(window)
    with qtbot.waitSignal(window.jobs.ended, timeout=60_000):
        window.run_code()
    assert "Running 3 tests…" in messages
    assert messages[-1] == "Accepted: 3 of 3 tests"
    assert not [m for m in messages if CODES.search(m)]


def test_a_wrong_answer_names_its_test_in_words(window):
    window.browser.select("two-sum")
    messages = said(window)
    window.editor.set_text("def two_sum(nums, target):\n    return [0, 1]\n")
    window.run_code()
    assert messages[-1] == "Wrong answer on test 2 of 3"
    window.editor.set_text("def two_sum(nums, target):\n    return nums[99]\n")
    window.run_code()
    assert messages[-1] == "Runtime error on test 1 of 3"
    assert not [m for m in messages if CODES.search(m)]


def test_a_trace_and_a_scratch_run_are_named_in_words(window, qtbot):
    window.browser.select("two-sum")
    messages = said(window)
    window.trace_action.trigger()
    window.documents.new_scratch()
    window.editor.set_text("print('hi')\n")
    window.run_code()
    assert "Tracing your code…" in messages and "Running your code…" in messages
    assert not [m for m in messages if CODES.search(m)]


@pytest.mark.parametrize(("result", "sentence"), [
    ({"verdict": "AC", "test_results": [{"test_id": i, "verdict": "AC"} for i in range(1, 16)]}, "Accepted: 15 of 15 tests"),
    ({"verdict": "WA", "test_results": [{"test_id": i, "verdict": "WA" if i == 4 else "AC"} for i in range(1, 16)]},
     "Wrong answer on test 4 of 15"),
    ({"verdict": "TLE", "test_results": [{"test_id": 1, "verdict": "TLE"}]}, "Time limit exceeded on test 1 of 1"),
    ({"verdict": "CE", "line_number": 3, "test_results": []}, "Does not compile on line 3"),
    ({"error_code": "BACKEND_UNAVAILABLE", "error_message": "Node.js was not found"},
     "The run ended without a verdict: Node.js was not found"),
])  # fmt: skip
def test_results_in_sentences(qapp, result, sentence):
    assert result_sentence(result) == sentence


def test_progress_and_jobs_in_sentences(qapp):
    assert progress_sentence("test 3: WA") == "Test 3: wrong answer"
    assert progress_sentence("counting operations on the large tests") == "Counting operations on the large tests"
    assert job_sentence("bp_execute") == "Running your code…"
    assert not CODES.search(job_sentence("some_new_tool"))
