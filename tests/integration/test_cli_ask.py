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
    # Each tool call in the words of the window's cards, never by the tool's own name.
    ran, looked, traced = "* Running your code on the examples…", "* Looking at your code…", "* Tracing your code"
    assert out.index(ran) < out.index(looked) < out.index(traced)
    assert "  -> Ran your code: test 2 fails on input [3,2,4], 6; 1 of 3 pass" in out
    assert "execute_code" not in out and "bp_trace" not in out
    assert "I won't write the solution for you" in out and "returned [0, 0] from line 5" in out
    assert "```" not in out and "def two_sum" not in out
    assert "Offline coach; session ses_" in result.stderr


def test_json_prints_the_turn_as_a_transcript_of_events(tmp_path):
    code = learner_code(tmp_path)
    result = codementor("ask", "--problem", "two-sum", "--code", str(code), "--json", "a hint?")
    assert result.returncode == 0, result.stderr
    transcript = json.loads(result.stdout)
    assert (transcript["tutor"], transcript["said"]) == ("Offline coach", "a hint?")
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


def test_a_session_is_continued_by_its_id(tmp_path):
    code = learner_code(tmp_path)
    first = json.loads(codementor("ask", "--problem", "two-sum", "--code", str(code), "--json", "hint").stdout)
    session = first["session_id"]
    # The problem comes with the session; the hint level with the learner's profile.
    second = json.loads(codementor("ask", "--session", session, "--code", str(code), "--json", "hint").stdout)
    assert second["session_id"] == session
    text = "".join(event["text"] for event in second["events"] if event["type"] == "text_delta")
    assert text.startswith("Hint 2 of 3: ")


def test_with_a_model_server_the_model_answers_its_tool_calls_are_lines_and_a_solution_is_not_shown(tmp_path):
    from codementor_desktop.problems.bank import load_bank
    from codementor_desktop.resources import builtin_problems_dir
    from tests.fakes.openai_server import Call, FakeOpenAI, calls, text

    reference = load_bank([builtin_problems_dir()]).get("two-sum").solutions.python
    answer = "Fine, here it is:\n```python\n" + reference + "```\nDoes it make sense?"
    code = learner_code(tmp_path)
    run = {"code": SAME_INDEX_TWICE, "language": "python", "problem_id": "two-sum", "test_cases": []}
    script = [
        calls(Call("execute_code", run, id="call_1")),
        text(*[answer[i : i + 7] for i in range(0, len(answer), 7)]),
    ]
    with FakeOpenAI(script) as server:
        env = {"CODEMENTOR_LLM_BASE_URL": server.base_url, "CODEMENTOR_LLM_MODEL": "fast-model"}
        result = codementor("ask", "--problem", "two-sum", "--code", str(code), "just give me the answer", env=env)
    assert result.returncode == 0, result.stderr
    assert "* Running your code on the examples…" in result.stdout
    assert "  -> Ran your code: test 2 fails on input [3,2,4], 6; 1 of 3 pass" in result.stdout
    assert result.stdout.rstrip().endswith("Does it make sense?") and "held back" in result.stdout
    assert reference.splitlines()[2].strip() not in result.stdout
    assert f"fast-model at {server.base_url.split('/')[2]}" in result.stderr
    # The model was sent the learner's message and the problem's context.
    assert "just give me the answer" in json.dumps(server.bodies()[0]["messages"])


def test_a_conversation_continued_in_a_new_process_goes_on_where_it_was(tmp_path):
    code = learner_code(tmp_path)

    def ask(*words: str) -> dict:
        result = codementor("ask", "--problem", "two-sum", "--code", str(code), "--json", *words)
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout)

    def said(turn: dict) -> str:
        return "".join(event["text"] for event in turn["events"] if event["type"] == "text_delta")

    first = ask("why does it fail?")
    session = first["session_id"]
    assert [e["name"] for e in first["events"] if e["type"] == "tool_started"][0] == "execute_code"
    second = ask("--session", session, "i don't know")
    third = ask("--session", session, "i and j are both 0, so I'm adding the same element to itself")
    # Each process read the evidence kept with the conversation: the unchanged code ran once, in the first.
    assert [e for e in second["events"] + third["events"] if e["type"] == "tool_started"] == []
    # Each answer is a new question, and the cause the learner named is told so.
    asked = [said(turn).rstrip().rsplit(". ", 1)[-1] for turn in (first, second, third)]
    assert len(set(asked)) == 3 and all(question.endswith("?") for question in asked)
    assert said(third).startswith("Yes")
