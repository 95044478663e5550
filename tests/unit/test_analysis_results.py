"""analyze(): the spec's result shapes, what test results and history change, the metrics."""

from __future__ import annotations

import pytest

from codementor_desktop.analysis import analyze

TWO_SUM_PY = """def two_sum(nums, target):
    for i in range(len(nums)):
        for j in range(i + 1, len(nums)):
            if nums[i] + nums[j] == target:
                return [i, j]
    return []
"""
TWO_SUM_JS = """function twoSum(nums, target) {
  for (let i = 0; i < nums.length; i++) {
    for (let j = i + 1; j < nums.length; j++) {
      if (nums[i] + nums[j] === target) return [i, j];
    }
  }
  return [];
}
"""
FIRST = """def first_or_total(nums):
    best = nums[0]
    for value in nums:
        best = max(best, value)
    return best
"""
THREE_SUM_PROBLEM = {
    "complexity": {"time": "O(n^2)", "space": "O(1)"},
    "inputs": {"nums": {"type": "list[int]", "min_len": 0}},
    "function": {"python": "first_or_total", "params": [{"name": "nums", "type": "list[int]"}]},
}


def _run(passed_on_empty: bool) -> dict:
    empty = {"test_id": 2, "input": "[]", "passed": passed_on_empty, "verdict": "AC" if passed_on_empty else "RE"}
    if not passed_on_empty:
        empty.update(error_type="runtime_error", error_message="IndexError: list index out of range", line_number=2)
    return {
        "status": "completed",
        "test_results": [{"test_id": 1, "input": "[3, 1]", "passed": True, "verdict": "AC"}, empty],
    }


def _patterns(result: dict) -> dict[str, dict]:
    return {item["pattern_type"]: item for item in result["detected_patterns"]}


def test_the_success_shape_is_the_specs():
    result = analyze(TWO_SUM_PY, "python", test_results={"all_passed": True, "execution_time_ms": 124})
    assert result["analysis_complete"] is True and result["weakness_profile_updated"] is False
    assert set(result["complexity_analysis"]) >= {
        "time_complexity",
        "space_complexity",
        "optimal_time",
        "optimal_space",
    }
    assert set(result["code_quality_metrics"]) == {
        "cyclomatic_complexity",
        "lines_of_code",
        "variable_naming_score",
        "readability_score",
    }
    item = _patterns(result)["suboptimal_time_complexity"]
    assert {"pattern_type", "confidence", "severity", "description", "code_location", "suggestion"} <= set(item)
    assert item["code_location"] == {"line_start": 2, "line_end": 5}
    assert 0 < item["confidence"] <= 1 and item["severity"] in ("high", "medium", "low")
    for found in result["detected_patterns"]:
        assert found.get("uncertain", False) == (found["confidence"] < 0.6)


def test_both_languages_see_the_same_weakness_and_complexity():
    python, javascript = analyze(TWO_SUM_PY, "python"), analyze(TWO_SUM_JS, "javascript")
    assert set(_patterns(python)) == set(_patterns(javascript)) == {"suboptimal_time_complexity"}
    assert (
        python["complexity_analysis"]["time_complexity"]
        == javascript["complexity_analysis"]["time_complexity"]
        == "O(n²)"
    )


def test_the_problem_gives_the_optimum_and_confirms_the_slower_loop():
    problem = {"complexity": {"time": "O(n)", "space": "O(n)"}, "inputs": {}, "function": {"params": []}}
    with_problem = analyze(TWO_SUM_PY, "python", problem=problem)
    without = analyze(TWO_SUM_PY, "python")
    assert with_problem["complexity_analysis"]["optimal_time"] == "O(n)"
    assert (
        _patterns(with_problem)["suboptimal_time_complexity"]["confidence"]
        > _patterns(without)["suboptimal_time_complexity"]["confidence"]
    )
    quadratic_is_optimal = {**problem, "complexity": {"time": "O(n^2)", "space": "O(1)"}}
    assert "suboptimal_time_complexity" not in _patterns(analyze(TWO_SUM_PY, "python", problem=quadratic_is_optimal))


def test_a_failing_empty_input_confirms_a_missing_guard_and_a_passing_one_rules_it_out():
    failing = _patterns(analyze(FIRST, "python", problem=THREE_SUM_PROBLEM, test_results=_run(False)))
    silent = _patterns(analyze(FIRST, "python", problem=THREE_SUM_PROBLEM))
    passing = _patterns(analyze(FIRST, "python", problem=THREE_SUM_PROBLEM, test_results=_run(True)))
    assert failing["missing_edge_case"]["confidence"] > silent["missing_edge_case"]["confidence"]
    assert failing["missing_edge_case"]["code_location"]["line_start"] == 2
    assert (
        "missing_edge_case" not in passing
        or passing["missing_edge_case"]["confidence"] < silent["missing_edge_case"]["confidence"]
    )


def test_a_problem_that_never_gives_an_empty_input_needs_no_guard():
    non_empty = {**THREE_SUM_PROBLEM, "inputs": {"nums": {"type": "list[int]", "min_len": 1}}}
    assert "missing_edge_case" not in _patterns(analyze(FIRST, "python", problem=non_empty))


def test_the_same_error_again_is_a_habit_only_with_history():
    run = _run(False)
    earlier = {"status": "error", "error_type": "runtime_error", "error_message": "IndexError: list index out of range"}
    assert "runtime_error_habit" not in _patterns(analyze(FIRST, "python", test_results=run))
    once = _patterns(analyze(FIRST, "python", test_results=run, history=[earlier]))["runtime_error_habit"]
    twice = _patterns(analyze(FIRST, "python", test_results=run, history=[earlier, earlier]))["runtime_error_habit"]
    assert twice["confidence"] > once["confidence"]
    other = {**earlier, "error_message": "KeyError: 'x'"}
    assert "runtime_error_habit" not in _patterns(analyze(FIRST, "python", test_results=run, history=[other]))


def test_wrong_answers_no_slip_explains_point_at_the_algorithm():
    code = "def rob(nums):\n    return max(sum(nums[0::2]), sum(nums[1::2]))\n"
    wrong = {
        "status": "completed",
        "test_results": [
            {"test_id": 1, "input": "[1,2,3,1]", "passed": True, "verdict": "AC"},
            {"test_id": 2, "input": "[2,1,1,2]", "passed": False, "verdict": "WA"},
            {"test_id": 3, "input": "[4,1,2,7,5,3,1]", "passed": False, "verdict": "WA"},
        ],
    }
    assert "wrong_algorithm" in _patterns(analyze(code, "python", test_results=wrong))
    assert "wrong_algorithm" not in _patterns(analyze(code, "python"))


@pytest.mark.parametrize(
    ("language", "code", "line"),
    [
        ("python", "def f(nums):\n    return nums[\n", 2),
        ("javascript", "function f(a) {\n  let x = ;\n  return x;\n}\n", 2),
    ],
)
def test_a_syntax_error_gives_the_specs_error_with_its_place(language, code, line):
    result = analyze(code, language)
    assert result["analysis_complete"] is False and result["error"] == "ast_parse_failure"
    assert result["line"] == line and isinstance(result["column"], int)
    assert f"line {line}" in result["message"]


def test_an_unknown_language_is_refused_by_name():
    with pytest.raises(ValueError, match="python, javascript"):
        analyze("x = 1", "ruby")


def test_a_measurement_is_fitted_and_compared_with_the_structure():
    sizes = [8, 16, 32, 64, 128, 256]
    result = analyze(TWO_SUM_PY, "python", measurement={"sizes": sizes, "counts": [n * n // 2 + 3 * n for n in sizes]})
    measured = result["complexity_analysis"]["evidence"]["measured"]
    assert measured["class"] == "O(n²)" and measured["agreement"] == "the structure and the measurement agree"
    linear = analyze(TWO_SUM_PY, "python", measurement={"sizes": sizes, "counts": [5 * n + 2 for n in sizes]})
    assert "structure reads O(n²)" in linear["complexity_analysis"]["evidence"]["measured"]["agreement"]


def test_an_optimal_solution_gives_the_optimum_when_no_problem_does():
    best = "def two_sum(nums, target):\n    seen = {}\n    for i, v in enumerate(nums):\n        if target - v in seen:\n            return [seen[target - v], i]\n        seen[v] = i\n"
    result = analyze(TWO_SUM_PY, "python", optimal_solution=best)
    assert result["complexity_analysis"]["optimal_time"] == "O(n)"
    assert result["complexity_analysis"]["evidence"]["optimal_from"] == "optimal_solution"


def test_metrics_count_decisions_and_reward_telling_names():
    metrics = analyze(TWO_SUM_PY, "python")["code_quality_metrics"]
    assert metrics["cyclomatic_complexity"] == 4 and metrics["lines_of_code"] == 6
    assert analyze(TWO_SUM_JS, "javascript")["code_quality_metrics"]["cyclomatic_complexity"] == 4
    terse = "def f(a):\n    tmp = 0\n    for q in a:\n        tmp2 = q\n        tmp += tmp2\n    return tmp\n"
    clear = (
        "def total(values):\n    running = 0\n    for value in values:\n        running += value\n    return running\n"
    )
    assert (
        analyze(terse, "python")["code_quality_metrics"]["variable_naming_score"]
        < analyze(clear, "python")["code_quality_metrics"]["variable_naming_score"]
    )
    deep = "def f(a):\n" + "".join("    " * (d + 1) + f"for x{d} in a:\n" for d in range(6)) + "    " * 7 + "pass\n"
    assert analyze(deep, "python")["code_quality_metrics"]["readability_score"] < 0.8


def test_the_specs_error_result_names_the_failing_input():
    code = "def two_sum(nums, target):\n    first = nums[0]\n    return [0] if first == target else []\n"
    error = {
        "status": "error",
        "error_type": "runtime_error",
        "error_message": "IndexError: list index out of range",
        "line_number": 2,
        "failed_test_case": {"test_id": 3, "input": "[], target=0"},
    }
    found = _patterns(analyze(code, "python", test_results=error))["missing_edge_case"]
    assert found["code_location"]["line_start"] == 2 and found["confidence"] >= 0.9


def test_a_bank_problem_can_be_handed_over_as_it_is():
    from codementor_desktop.problems.bank import load_bank
    from codementor_desktop.resources import builtin_problems_dir

    problem = load_bank([builtin_problems_dir()]).get("two-sum")
    result = analyze(problem.solutions.python_slow, "python", problem=problem)
    assert result["complexity_analysis"]["optimal_time"] == "O(n)"
    assert "suboptimal_time_complexity" in _patterns(result)


def test_a_script_without_functions_is_read_too():
    script = "import sys\nnums = list(map(int, sys.stdin.read().split()))\nbest = 0\nfor i in range(len(nums)):\n    for j in range(i + 1, len(nums)):\n        best = max(best, nums[j] - nums[i])\nprint(best)\n"
    result = analyze(script, "python")
    assert "suboptimal_time_complexity" in _patterns(result)
    assert result["complexity_analysis"]["time_complexity"] == "O(n²)"


@pytest.mark.parametrize(
    ("language", "code", "pattern"),
    [
        (
            "python",
            "def counts(words):\n    pairs = []\n    for w in words:\n        for entry in pairs:\n            if entry[0] == w:\n                entry[1] += 1\n                break\n        else:\n            pairs.append([w, 1])\n    return pairs\n",
            "data_structure_choice",
        ),
        (
            "javascript",
            "function counts(words) {\n  const pairs = [];\n  for (const w of words) {\n    const hit = pairs.find((e) => e.word === w);\n    if (hit) hit.n++;\n    else pairs.push({ word: w, n: 1 });\n  }\n  return pairs;\n}\n",
            "data_structure_choice",
        ),
        (
            "python",
            "def find(nums, t):\n    i = 0\n    while i < len(nums):\n        if nums[i] == t:\n            return i\n    return -1\n",
            "infinite_loop_risk",
        ),
        (
            "python",
            "def total(nums):\n    s = 0\n    for i in range(1, len(nums)):\n        s += nums[i]\n    return s\n",
            "off_by_one",
        ),
    ],
)
def test_more_shapes_of_the_patterns(language, code, pattern):
    assert pattern in _patterns(analyze(code, language))


def test_starting_at_one_after_reading_the_first_item_is_no_slip():
    code = "def biggest(nums):\n    best = nums[0]\n    for i in range(1, len(nums)):\n        best = max(best, nums[i])\n    return best\n"
    assert "off_by_one" not in _patterns(analyze(code, "python"))


def test_work_inside_built_ins_added_to_the_counts_is_said_in_words():
    slicing = "def balance(nums):\n    for i in range(len(nums)):\n        if sum(nums[:i]) == sum(nums[i + 1:]):\n            return i\n    return -1\n"
    sizes = [8, 16, 32, 64, 128, 256]
    result = analyze(slicing, "python", measurement={"sizes": sizes, "counts": [3 * n + 2 for n in sizes]})
    measured = result["complexity_analysis"]["evidence"]["measured"]
    assert measured["class"] == "O(n²)" and measured["fit"]["class"] == "n"
    assert "line events grow as O(n)" in measured["built_ins"] and "O(n²)" in measured["built_ins"]
    counted = analyze(TWO_SUM_PY, "python", measurement={"sizes": sizes, "counts": [n * n for n in sizes]})
    assert "built_ins" not in counted["complexity_analysis"]["evidence"]["measured"]
