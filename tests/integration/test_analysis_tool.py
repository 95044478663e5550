"""analyze_code_patterns and flag_incorrect_analysis through the registry, on real child processes
and a real SQLite database: specific schema errors, the spec's parse-failure shape, a run_id as
test_results, the measured class on a bank problem, flags stored and taken out of the evidence,
and a measurement stopped half-way."""

from __future__ import annotations

import importlib.util
import threading
from pathlib import Path
from typing import get_args

import pytest

from codementor_desktop.domain.vocabulary import PATTERNS, Caller
from codementor_desktop.runner.node import find_node
from codementor_desktop.storage.analyses import flags_per_detector
from codementor_desktop.tools.context import ToolContext
from codementor_desktop.tools.schemas import PatternName

needs_node = pytest.mark.skipif(find_node()[0] is None, reason="no Node.js 18+ on this machine")

QUADRATIC = """def two_sum(nums, target):
    for i in range(len(nums)):
        for j in range(i + 1, len(nums)):
            if nums[i] + nums[j] == target:
                return [i, j]
    return []
"""
LINEAR = """def two_sum(nums, target):
    seen = {}
    for i, value in enumerate(nums):
        if target - value in seen:
            return [seen[target - value], i]
        seen[value] = i
    return []
"""
# One index too far: an IndexError on every input without an answer.
OFF_BY_ONE = """def two_sum(nums, target):
    seen = {}
    for i in range(len(nums) + 1):
        if target - nums[i] in seen:
            return [seen[target - nums[i]], i]
        seen[nums[i]] = i
"""
JS_QUADRATIC = """function twoSum(nums, target) {
  for (let i = 0; i < nums.length; i++) {
    for (let j = i + 1; j < nums.length; j++) {
      if (nums[i] + nums[j] === target) return [i, j];
    }
  }
  return [];
}
"""


def context(**kwargs) -> ToolContext:
    return ToolContext(caller=Caller.PERSON, learner="ada", **kwargs)


def analyze(services, code=QUADRATIC, *, ctx=None, **arguments):
    values = {"problem_id": "two-sum", "language": "python", "code": code, "test_results": {}, "measure": False}
    return services.registry.call("analyze_code_patterns", {**values, **arguments}, ctx or context())


def flag(services, **arguments):
    return services.registry.call("flag_incorrect_analysis", arguments, context())


def test_the_pattern_names_of_the_schema_are_the_vocabulary():
    assert get_args(PatternName) == PATTERNS


def test_schema_errors_name_the_field_and_what_is_wrong(services):
    missing = services.registry.call("analyze_code_patterns", {"problem_id": "two-sum", "language": "python"})
    assert missing["error_code"] == "INVALID_ARGUMENTS"
    assert {(e["field"], e["message"]) for e in missing["field_errors"]} == {
        ("code", "this field is required"),
        ("test_results", "this field is required"),
    }
    language = analyze(services, language="ruby")
    assert [e["field"] for e in language["field_errors"]] == ["language"]
    assert "'python' or 'javascript'" in language["field_errors"][0]["message"]
    results = analyze(services, test_results=[1, 2])
    assert [e["field"] for e in results["field_errors"]] == ["test_results"]
    run_id = analyze(services, test_results={"run_id": 7})
    assert run_id["field_errors"] == [{"field": "test_results.run_id", "message": "must be a string"}]
    other = analyze(services, user_id="grace")
    assert other["error_code"] == "FORBIDDEN"
    assert analyze(services, user_id="ada")["analysis_complete"] is True
    pattern = flag(services, attempt_id="run_x", feedback="no", pattern_type="bad_style")
    assert [e["field"] for e in pattern["field_errors"]] == ["pattern_type"]
    empty = flag(services, attempt_id="run_x", feedback="")
    assert empty["field_errors"][0]["field"] == "feedback"


def test_a_syntax_error_returns_the_spec_shape_with_line_and_column(services):
    result = analyze(services, "def two_sum(nums, target):\n    return [0, 1\n")
    assert result["analysis_complete"] is False and result["error"] == "ast_parse_failure"
    assert result["line"] == 2 and isinstance(result["column"], int)
    assert "line 2" in result["message"]
    javascript = analyze(services, "function twoSum(nums, target) {\n  return [0, 1;\n}\n", language="javascript")
    assert javascript["error"] == "ast_parse_failure" and javascript["line"] == 2


def test_a_run_id_as_test_results_reads_the_stored_run(services):
    run = services.registry.call(
        "execute_code",
        {"code": OFF_BY_ONE, "language": "python", "problem_id": "two-sum", "test_cases": [{"input": "[1, 2], 7"}]},
        context(),
    )
    assert run["verdict"] == "RE" and "IndexError" in run["error_message"]
    by_id = analyze(services, OFF_BY_ONE, test_results={"run_id": run["run_id"]})
    blind = analyze(services, OFF_BY_ONE)
    assert by_id["attempt_id"] == run["run_id"] and blind["attempt_id"].startswith("attempt_")
    confidence = {r["attempt_id"]: r["detected_patterns"][0] for r in (by_id, blind)}
    assert all(p["pattern_type"] == "off_by_one" for p in confidence.values())
    # The run's IndexError is evidence: the same finding is surer with the run than without it.
    assert confidence[run["run_id"]]["confidence"] > confidence[blind["attempt_id"]]["confidence"]
    unknown = analyze(services, OFF_BY_ONE, test_results={"run_id": "run_000000000000"})
    assert unknown["error_code"] == "NOT_FOUND" and unknown["field_errors"][0]["field"] == "test_results.run_id"


def test_the_measured_class_on_a_bank_problem(services):
    slow = analyze(services, QUADRATIC, measure=True)
    fast = analyze(services, LINEAR, measure=True)
    measured = slow["complexity_analysis"]["evidence"]["measured"]
    assert measured["class"] == "O(n²)" and measured["counted"] == "line events"
    assert measured["agreement"] == "the structure and the measurement agree"
    assert measured["stopped"].startswith("over 400,000 line events")
    fit = measured["fit"]
    assert len(fit["sizes"]) >= 6 and fit["counts"] == sorted(fit["counts"])
    assert len(measured["wall_ms"]) == len(fit["sizes"])
    reference = measured["reference"]
    assert reference["sizes"] == [int(n) for n in fit["sizes"]]
    assert reference["counts"][-1] < fit["counts"][-1] / 10  # the reference is linear
    assert fast["complexity_analysis"]["evidence"]["measured"]["class"] == "O(n)"
    assert fast["complexity_analysis"]["time_complexity"] == "O(n)"


@needs_node
def test_javascript_line_events_are_counted_as_pythons_are(services):
    result = analyze(services, JS_QUADRATIC, language="javascript", measure=True)
    measured = result["complexity_analysis"]["evidence"]["measured"]
    assert measured["counted"] == "line events" and "note" not in measured
    assert measured["class"] == "O(n²)" and measured["stopped"].startswith("over 400,000 line events")
    fit = measured["fit"]
    assert len(fit["sizes"]) >= 6 and fit["counts"] == sorted(fit["counts"])


def test_a_flag_is_stored_and_takes_the_pattern_out_of_the_evidence(services):
    analysis = analyze(services, QUADRATIC)
    attempt = analysis["attempt_id"]
    reported = {p["pattern_type"] for p in analysis["detected_patterns"]}
    assert "suboptimal_time_complexity" in reported
    assert {e.pattern_type for e in services.analyses.evidence("ada")} == reported
    done = flag(
        services, attempt_id=attempt, feedback="n is at most 10 here", pattern_type="suboptimal_time_complexity"
    )
    assert done["status"] == "flagged" and done["patterns_flagged"] == 1
    assert "suboptimal_time_complexity" not in {e.pattern_type for e in services.analyses.evidence("ada")}
    stored = services.analyses.flags("ada", attempt)
    assert [(f["pattern_type"], f["feedback"], f["caller"]) for f in stored] == [
        ("suboptimal_time_complexity", "n is at most 10 here", "person")
    ]
    tallies = {t.pattern_type: t for t in flags_per_detector(services.database)}
    assert tallies["suboptimal_time_complexity"].flagged == 1


def test_flag_errors_are_specific_and_store_nothing(services):
    analysis = analyze(services, QUADRATIC)
    attempt = analysis["attempt_id"]
    unknown = flag(services, attempt_id="run_123456789abc", feedback="wrong")
    assert unknown["error_code"] == "NOT_FOUND" and unknown["field_errors"][0]["field"] == "attempt_id"
    absent = flag(services, attempt_id=attempt, feedback="wrong", pattern_type="shadowed_builtin")
    assert absent["error_code"] == "INVALID_ARGUMENTS"
    assert "did not report shadowed_builtin" in absent["error_message"]
    assert "suboptimal_time_complexity" in absent["reported_patterns"]
    other = services.registry.call(
        "flag_incorrect_analysis", {"attempt_id": attempt, "feedback": "x"}, ToolContext(learner="grace")
    )
    assert other["error_code"] == "NOT_FOUND"  # another learner's attempt is not theirs to flag
    assert services.analyses.flags("ada", attempt) == []
    everything = flag(services, attempt_id=attempt, feedback="all of it is wrong")
    assert everything["pattern_type"] is None and everything["patterns_flagged"] == len(analysis["detected_patterns"])
    assert services.analyses.evidence("ada") == []


def test_a_stopped_measurement_returns_cancelled_and_keeps_nothing(services):
    cancel = threading.Event()
    seen: list[str] = []

    def progress(fraction: float, text: str) -> None:
        seen.append(text)
        if text.startswith("counted size"):
            cancel.set()  # stop once the counted run is under way

    result = analyze(services, QUADRATIC, measure=True, ctx=context(cancel=cancel, progress=progress))
    assert result == {
        "analysis_complete": False,
        "status": "cancelled",
        "message": "The analysis was stopped; nothing was kept.",
    }
    assert "making the worst-case inputs" in seen
    assert services.analyses.evidence("ada") == []


def test_the_quality_benchmark_reports_flags_per_detector_from_a_database(services, capsys):
    attempt = analyze(services, QUADRATIC)["attempt_id"]
    flag(services, attempt_id=attempt, feedback="the input is tiny", pattern_type="suboptimal_time_complexity")
    analyze(services, QUADRATIC)
    script = Path(__file__).resolve().parents[2] / "benchmarks" / "analysis_quality.py"
    spec = importlib.util.spec_from_file_location("analysis_quality", script)
    assert spec is not None and spec.loader is not None
    benchmark = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(benchmark)
    benchmark.main(["--flags-only", "--database", str(services.paths.database_file)])
    shown = capsys.readouterr().out
    rows = {line.split()[0]: line.split()[1:] for line in shown.splitlines() if line.strip()}
    assert rows["suboptimal_time_complexity"] == ["2", "1", "50.0%"], shown
