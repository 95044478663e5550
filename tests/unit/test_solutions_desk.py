"""The Solutions view's answers without Qt: locked until the learner's own accepted Submit (in any
language) or every hint taken and confirmed; the page picks the learner's newest accepted code; the
operation counts of their code and the reference are measured in a real child on one ladder."""

from __future__ import annotations

import threading

import pytest

from codementor_desktop.tools.solutions import HINTS, SOLVED, Locked

GOOD = (
    "def two_sum(nums, target):\n    seen = {}\n    for j, v in enumerate(nums):\n"
    "        if target - v in seen:\n            return [seen[target - v], j]\n        seen[v] = j\n"
)
GOOD_LATER = "# my second try\n" + GOOD
QUADRATIC = (
    "def two_sum(nums, target):\n    for i in range(len(nums)):\n        for j in range(i + 1, len(nums)):\n"
    "            if nums[i] + nums[j] == target:\n                return [i, j]\n"
)
WRONG = "def two_sum(nums, target):\n    return [0, 1]\n"
JS_GOOD = (
    "function twoSum(nums, target) {\n  const seen = new Map();\n  for (let j = 0; j < nums.length; j++) {\n"
    "    if (seen.has(target - nums[j])) return [seen.get(target - nums[j]), j];\n    seen.set(nums[j], j);\n  }\n}\n"
)


def submit(services, code: str, language: str = "python", hidden: bool = True) -> str:
    arguments = {"language": language, "problem_id": "two-sum", "test_cases": [], "code": code,
                 "include_hidden": hidden}  # fmt: skip
    return services.registry.call("execute_code", arguments)["verdict"]


def test_a_new_problem_is_locked_and_says_how_to_open_it(services):
    learner = services.settings.user
    access = services.solutions.access(learner, "two-sum")
    total = len(services.bank.get("two-sum").hints)
    assert not access.unlocked and access.reason is None
    assert access.unlock_by == (
        "Solve it first: your Submit must pass every test",
        f"or take all {total} hints (you have taken 0)",
    )
    assert not access.may_confirm
    with pytest.raises(Locked, match="Solve it first"):
        services.solutions.page(learner, "two-sum", "python")
    with pytest.raises(Locked, match=f"take all {total} hints"):
        services.solutions.confirm(learner, "two-sum")


def test_a_run_or_a_failed_submit_does_not_open_it_an_accepted_submit_does(services):
    learner = services.settings.user
    assert submit(services, GOOD, hidden=False) == "AC"  # the visible tests alone prove nothing
    assert submit(services, WRONG) == "WA"
    assert not services.solutions.access(learner, "two-sum").unlocked
    assert submit(services, GOOD) == "AC"
    access = services.solutions.access(learner, "two-sum")
    assert access.unlocked and access.reason == SOLVED
    assert not services.solutions.access("grace", "two-sum").unlocked  # another learner's is theirs
    page = services.solutions.page(learner, "two-sum", "python")
    problem = services.bank.get("two-sum")
    assert page.references == {"python": problem.solutions.python, "javascript": problem.solutions.javascript}
    assert (page.time, page.space, page.slow_time) == (
        problem.complexity.time, problem.complexity.space, problem.solutions.python_slow_time,
    )  # fmt: skip
    assert page.explanation == problem.solutions.explanation
    assert page.learner is not None and page.learner.accepted and page.learner.code == GOOD
    assert page.learner.label.startswith("Your accepted code (Python, Submit of ")
    unlocking = services.solutions.records.unlocking(learner, "two-sum")
    assert unlocking is not None and unlocking.reason == SOLVED  # the first look is kept


def test_the_newest_accepted_code_in_the_views_language_is_picked(services):
    learner = services.settings.user
    assert submit(services, GOOD) == "AC"
    assert submit(services, GOOD_LATER) == "AC"
    assert submit(services, WRONG) == "WA"  # a later failure is not accepted code
    page = services.solutions.page(learner, "two-sum", "python")
    assert page.learner is not None and page.learner.code == GOOD_LATER
    # Solved in Python only: the JavaScript view shows the Python code, named as such.
    other = services.solutions.page(learner, "two-sum", "javascript")
    assert other.learner is not None and other.learner.language == "python" and "Python" in other.learner.label


def test_solved_in_javascript_opens_the_python_view_too(services):
    learner = services.settings.user
    assert submit(services, JS_GOOD, "javascript") == "AC"
    page = services.solutions.page(learner, "two-sum", "python", draft="def two_sum(nums, target):\n    pass\n")
    assert page.access.reason == SOLVED
    assert page.learner is not None and page.learner.accepted and page.learner.language == "javascript"


def test_every_hint_taken_and_confirmed_opens_it_with_the_draft_not_accepted(services):
    learner = services.settings.user
    problem = services.bank.get("two-sum")
    for level in range(1, len(problem.hints)):
        services.history.record_hint(learner, "two-sum", level)
    access = services.solutions.access(learner, "two-sum")
    assert access.unlock_by[1] == f"or take all {len(problem.hints)} hints (you have taken {len(problem.hints) - 1})"
    with pytest.raises(Locked):
        services.solutions.confirm(learner, "two-sum")
    services.history.record_hint(learner, "two-sum", len(problem.hints))
    access = services.solutions.access(learner, "two-sum")
    assert not access.unlocked and access.may_confirm  # every hint is not enough: the learner must confirm
    assert "choose to see the solution now" in access.unlock_by[1]
    confirmed = services.solutions.confirm(learner, "two-sum")
    assert confirmed.unlocked and confirmed.reason == HINTS
    assert services.solutions.records.unlocking(learner, "two-sum").reason == HINTS  # kept
    page = services.solutions.page(learner, "two-sum", "python", draft=QUADRATIC)
    assert page.learner is not None and not page.learner.accepted and page.learner.code == QUADRATIC
    assert "not accepted" in page.learner.label
    # Solving it later: the accepted code replaces the draft, and the reason is the solve.
    assert submit(services, GOOD) == "AC"
    page = services.solutions.page(learner, "two-sum", "python", draft=QUADRATIC)
    assert page.access.reason == SOLVED and page.learner is not None and page.learner.code == GOOD


def test_operation_counts_of_the_learner_and_the_reference_on_the_same_sizes(services):
    reports: list[str] = []
    counts = services.solutions.operation_counts(
        "two-sum", QUADRATIC, "python", threading.Event(), lambda _f, text: reports.append(text)
    )
    sizes, mine, theirs = counts.at_shared_sizes()
    assert counts.language == "python" and "Python reference" in counts.note
    assert len(sizes) >= 3 and sizes == sorted(sizes)
    assert set(counts.learner.sizes) <= set(counts.reference.sizes)  # one ladder for both
    # The nested loop grows faster than the reference's single pass, and costs more at the top.
    assert mine[-1] > theirs[-1]
    assert mine[-1] / mine[0] > 2 * theirs[-1] / theirs[0]
    assert len(counts.reference.sizes) > len(counts.learner.sizes)  # the quadratic code ran out of budget first
    assert any(text.startswith("your code:") for text in reports)
    assert any(text.startswith("the reference:") for text in reports)
    assert counts.to_dict()["sizes"] == sizes


def test_operation_counts_stop_when_cancelled(services):
    from codementor_desktop.tools.solutions import Cancelled

    stop = threading.Event()
    stop.set()
    with pytest.raises(Cancelled):
        services.solutions.operation_counts("two-sum", QUADRATIC, "python", stop)


# An off-by-one: wrong on inputs whose pair starts at index 0, so the analysis traces both programs.
SLIPPED = (
    "def two_sum(nums, target):\n    for i in range(1, len(nums)):\n        for j in range(i + 1, len(nums)):\n"
    "            if nums[i] + nums[j] == target:\n                return [i, j]\n    return []\n"
)


def test_no_tool_result_a_model_reads_carries_a_reference_solution(services):
    """The Solutions view is the one place that shows a full solution: the results of the tools a
    model calls on a failing attempt (the run, its analysis with the traces of both programs, the
    edge-case search, the recommendation) hold none of the references' lines."""
    import json

    problem = services.bank.get("two-sum")
    call = services.registry.call
    results = []
    run = call("execute_code", {"language": "python", "problem_id": "two-sum", "test_cases": [], "code": SLIPPED,
                                "include_hidden": True})  # fmt: skip
    assert run["verdict"] == "WA"
    results.append(run)
    results.append(call("analyze_code_patterns", {"problem_id": "two-sum", "code": SLIPPED, "language": "python",
                                                  "test_results": {"run_id": run["run_id"]}, "measure": False}))  # fmt: skip
    results.append(call("bp_find_edge_cases", {"problem_id": "two-sum", "code": SLIPPED, "language": "python",
                                               "budget_s": 2}))  # fmt: skip
    results.append(call("get_personalized_recommendation", {}))
    said = json.dumps(results)
    lines = [
        line.strip()
        for reference in (problem.solutions.python, problem.solutions.javascript, problem.solutions.python_slow)
        for line in reference.splitlines()
        # a distinctive line: not "return []", nor the signature the starter code shows too
        if len(line.strip()) > 24 and line.strip() not in problem.starter.python + problem.starter.javascript + SLIPPED
    ]
    assert lines
    leaked = [line for line in lines if line in said or json.dumps(line)[1:-1] in said]
    assert leaked == []
    explanation = problem.solutions.explanation.strip()
    assert not explanation or explanation[:60] not in said


def test_javascript_code_is_counted_beside_the_javascript_reference(services):
    nested = (
        "function twoSum(nums, target) {\n  for (let i = 0; i < nums.length; i++)\n"
        "    for (let j = i + 1; j < nums.length; j++)\n      if (nums[i] + nums[j] === target) return [i, j];\n"
        "  return [];\n}\n"
    )
    counts = services.solutions.operation_counts("two-sum", nested, "javascript", threading.Event())
    sizes, mine, theirs = counts.at_shared_sizes()
    assert counts.language == "javascript" and "JavaScript reference" in counts.note
    assert len(sizes) >= 3 and mine[-1] > 10 * theirs[-1]  # the tracer's hooks count JavaScript's lines too
    assert "line events" in counts.learner.stopped  # the nested loops ran out of budget first


def test_a_submit_kept_before_its_code_was_opens_it_and_shows_the_draft_for_what_it_is(services):
    learner = services.settings.user
    result = {"tests_total": 1, "tests_run": 1, "test_results": [{"test_id": 1, "verdict": "AC", "hidden": True}]}
    services.runs.save("run", "execute_code", learner, result, problem_id="two-sum", language="python", verdict="AC")
    page = services.solutions.page(learner, "two-sum", "python", draft=GOOD)
    assert page.access.reason == SOLVED
    assert page.learner is not None and not page.learner.accepted and page.learner.code == GOOD
    assert page.learner.label == "Your current draft (Python): your accepted code was not kept"
