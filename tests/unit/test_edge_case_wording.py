"""The offline coach words a case that is only too slow as slow, never as a wrong value."""

from codementor_desktop.edge_cases.wording import operations_note
from codementor_desktop.problems.bank import load_bank
from codementor_desktop.resources import builtin_problems_dir
from codementor_desktop.tutor import coach_templates as words
from codementor_desktop.tutor.coach_chain import failing_edge

PROBLEM = load_bank([builtin_problems_dir()]).get("climbing-stairs")
SLOW = {
    "input": {"n": 75}, "category": "boundaries", "learner_output": None, "expected_output": 3416454622906707,
    "verdict": "TLE", "error_message": "Time limit exceeded", "minimal": True,
    "too_slow": {"time_limit_s": 1.0, "operations": 100000, "finished": False, "reference_operations": 151},
}  # fmt: skip


def test_the_coach_says_too_slow_with_the_counts():
    failing = failing_edge({"edge_cases": [SLOW]}, PROBLEM)
    assert failing is not None and failing["actual"].startswith("too slow")
    sentence = words.fill(
        words.EDGE_SENTENCE_BY_VERDICT["TLE"],
        {"what": words.EDGE["boundaries"], "input": failing["input"], "operations": f" ({failing['operations']})"},
    )
    assert sentence.startswith(
        "The examples pass, but on values at the limits of the constraints your code is too slow"
    )
    assert "more than 100,000 operations, where the reference needs 151" in sentence
    assert "null" not in sentence and "gives" not in sentence


def test_counts_read_as_known():
    assert operations_note(None) == ""
    assert operations_note({"operations": None, "reference_operations": 12}) == "where the reference needs 12"
    assert operations_note({"operations": 40, "finished": True, "reference_operations": None}) == "40 operations"
