"""`codementor ask`: one tutor turn in a terminal, as a person or a script runs it (real processes)."""

from __future__ import annotations

import json

from tests.integration.test_cli import codementor
from tests.integration.test_generate_hint import SAME_INDEX_TWICE


def learner_code(tmp_path, text: str = SAME_INDEX_TWICE, name: str = "mine.py"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_offline_coach_answers_in_the_terminal_with_its_tool_calls_as_lines(tmp_path):
    code = learner_code(tmp_path)
    result = codementor("ask", "--problem", "two-sum", "--code", str(code), "just give me the answer")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.index("[execute_code]") < out.index("[analyze_code_patterns]") < out.index("[bp_trace]")
    assert "  -> WA: 1 of 3 tests passed; test 2 fails on input [3,2,4], 6" in out
    assert "I won't write the solution for you" in out and "returned [0, 0] from line 5" in out
    assert "```" not in out and "def two_sum" not in out
    assert "Offline coach; session coach_" in result.stderr


def test_json_prints_the_turn_as_a_transcript_of_events(tmp_path):
    code = learner_code(tmp_path)
    result = codementor("ask", "--problem", "two-sum", "--code", str(code), "--json", "--session", "s-42", "a hint?")
    assert result.returncode == 0, result.stderr
    transcript = json.loads(result.stdout)
    assert (transcript["tutor"], transcript["session_id"], transcript["said"]) == ("Offline coach", "s-42", "a hint?")
    kinds = [event["type"] for event in transcript["events"]]
    assert kinds[:2] == ["tool_started", "tool_finished"] and kinds[-1] == "turn_ended"
    finished = transcript["events"][1]
    assert finished["name"] == "generate_hint" and finished["result"]["hint_level"] == 1
    text = "".join(event["text"] for event in transcript["events"] if event["type"] == "text_delta")
    assert text.startswith("Hint 1 of 3: ") and transcript["events"][-1]["reason"] == "answered"


def test_javascript_code_is_known_by_its_file_name(tmp_path):
    code = learner_code(tmp_path, "function twoSum(nums, target) {\n  return [0, 0];\n}\n", "mine.js")
    result = codementor("ask", "--problem", "two-sum", "--code", str(code), "--json", "why?")
    started = [e for e in json.loads(result.stdout)["events"] if e["type"] == "tool_started"]
    assert started[0]["arguments"]["language"] == "javascript"


def test_an_unknown_problem_or_an_unreadable_file_is_refused_with_a_reason(tmp_path):
    unknown = codementor("ask", "--problem", "no-such-problem", "why?")
    assert unknown.returncode == 2 and "no problem 'no-such-problem'" in unknown.stderr
    missing = codementor("ask", "--problem", "two-sum", "--code", str(tmp_path / "nope.py"), "why?")
    assert missing.returncode == 2 and "cannot be read" in missing.stderr
