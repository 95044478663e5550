"""The tutor's small parts: the prompt file, the one-line summaries, the key scrubbing, cancel."""

from __future__ import annotations

import threading

from codementor_desktop.tutor.cancellation import Cancellation
from codementor_desktop.tutor.errors import scrubbed
from codementor_desktop.tutor.prompts import SOCRATIC, load
from codementor_desktop.tutor.summaries import summarize


def test_the_socratic_prompt_is_a_versioned_file_in_the_package():
    assert SOCRATIC.endswith("-v1")
    prompt = load()
    assert prompt == load(SOCRATIC) and prompt.startswith("You are CodeMentor's tutor")
    for rule in ("Ask before you tell", "One step at a time", "Never write a full solution", "failing test"):
        assert rule in prompt


def test_a_run_is_summarized_by_its_verdict_and_its_failing_input():
    run = {
        "verdict": "WA",
        "tests_total": 3,
        "test_results": [{"passed": True}, {"passed": False}, {"passed": True}],
        "failed_test_case": {"test_id": 2, "input": "[3,2,4], 6"},
    }
    assert summarize("execute_code", run) == "Ran your code: test 2 fails on input [3,2,4], 6; 2 of 3 pass"


def test_an_error_and_an_analysis_are_summarized():
    error = {"status": "error", "error_code": "INVALID_ARGUMENTS", "error_message": "code is required"}
    assert summarize("execute_code", error) == "Could not run the tests: code is required"
    analysis = {
        "detected_patterns": [{"pattern_type": "off_by_one"}],
        "complexity_analysis": {"time_complexity": "O(n)"},
    }
    assert summarize("analyze_code_patterns", analysis) == "Looked at your code: time O(n); found off by one"


def test_scrubbed_hides_the_key_and_its_echoed_ends():
    key = "sk-proj-ABCDEFGHIJKLMNOP1234"
    said = f"bad key {key}; you sent sk-proj-...OP1234 and {key[:8]}"
    hidden = scrubbed(said, key)
    assert key not in hidden and key[:8] not in hidden and key[-6:] not in hidden
    assert scrubbed("nothing secret", "") == "nothing secret"


def test_cancel_runs_each_closer_once_and_a_late_one_at_once():
    cancellation = Cancellation()
    closed: list[str] = []
    cancellation.on_cancel(lambda: closed.append("stream"))
    forget = cancellation.on_cancel(lambda: closed.append("forgotten"))
    forget()
    threads = [threading.Thread(target=cancellation.cancel) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    cancellation.on_cancel(lambda: closed.append("late"))
    assert closed == ["stream", "late"] and cancellation.cancelled and cancellation.event.is_set()


def fragment(index, call_id=None, name=None, arguments=None):
    """A tool call fragment as a streamed chunk carries it."""
    return {"index": index, "id": call_id, "function": {"name": name, "arguments": arguments}}


def test_whole_calls_without_ids_at_one_index_stay_apart():
    from codementor_desktop.tutor.answer import Assembler as _Assembler

    assembler = _Assembler()
    assembler.add(fragment(0, name="execute_code", arguments='{"a": 1}'))
    assembler.add(fragment(0, name="bp_trace", arguments='{"b": 2}'))
    assert [(c.id, c.name, c.arguments) for c in assembler.calls()] == [
        ("call_0", "execute_code", '{"a": 1}'),
        ("call_1", "bp_trace", '{"b": 2}'),
    ]


def test_fragments_of_one_call_join_even_when_the_name_is_repeated():
    from codementor_desktop.tutor.answer import Assembler as _Assembler

    assembler = _Assembler()
    assembler.add(fragment(0, call_id="x", name="execute_code", arguments=""))
    assembler.add(fragment(0, name="execute_code", arguments='{"a"'))
    assembler.add(fragment(0, arguments=": 1}"))
    assert [(c.id, c.name, c.arguments) for c in assembler.calls()] == [("x", "execute_code", '{"a": 1}')]


def test_summaries_say_what_an_execution_an_escalation_and_a_conclusion_came_to():
    from codementor_desktop.tutor.summaries import summarize

    ran = summarize("bp_execute", {"status": "success", "verdict": "AC", "return_value": "[3,3]", "stdout": "[3]\n"})
    assert ran == "Ran your code: returned [3,3], printed [3]"
    deeper = {"status": "success", "data": {"new_question": "What is at index 0?"}, "model": "deep-model"}
    assert summarize("escalate_for_insight", deeper) == "Asked for a deeper question: What is at index 0?"
    ended = {
        "status": "success",
        "data": {"session_ended": True, "summary_title": "Two Sum", "key_insights": ["a", "b"]},
    }
    assert summarize("conclude_session", ended) == "Ended the session: Two Sum; 2 insights kept"
