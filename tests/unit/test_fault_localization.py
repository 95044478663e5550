"""likely_bug_location on run results written out: the spectrum (Ochiai over per-test coverage),
the evidence sentence, the question below the fitted threshold, no finding on an all-passing run,
the vague wrong_algorithm kept below a named line, and the first divergence of two traces."""

from __future__ import annotations

from codementor_desktop.analysis import analyze
from codementor_desktop.analysis.divergence import first_divergence
from codementor_desktop.analysis.localization_threshold import STATEMENT_FROM as THRESHOLDS

STATEMENT_FROM = THRESHOLDS["python"]

# Line 5 is the bug: it should be ``best = best + x``.
CODE = """def total_above(nums, t):
    best = 0
    for x in nums:
        if x > t:
            best = best - x
    return best
"""


def case(passed: bool, lines: list[int], test_id: int = 1, **more) -> dict:
    verdict = "AC" if passed else "WA"
    return {"test_id": test_id, "input": "[1], 0", "passed": passed, "verdict": verdict, "covered_lines": lines, **more}


def located(result: dict) -> list[dict]:
    return [p for p in result["detected_patterns"] if p["pattern_type"] == "likely_bug_location"]


def run_of(*tests: dict) -> dict:
    return {"status": "success", "all_passed": all(t["passed"] for t in tests), "test_results": list(tests)}


def test_the_line_only_failing_tests_run_comes_first_with_its_evidence():
    run = run_of(
        case(False, [2, 3, 4, 5, 6], 1),
        case(False, [2, 3, 4, 5, 6], 2),
        *[case(True, [2, 3, 4, 6], i) for i in range(3, 15)],
    )
    found = located(analyze(CODE, "python", None, run))
    assert found and found[0]["code_location"] == {"line_start": 5, "line_end": 5}
    assert "line 5 runs in both failing tests and in none of the 12 passing ones" in found[0]["description"]
    assert len(found) <= 3 and all(f["code_location"]["line_start"] == f["code_location"]["line_end"] for f in found)
    assert found[0]["confidence"] >= STATEMENT_FROM and not found[0]["description"].startswith("Is line")
    assert found[0]["evidence"]["rank"] == 1 and found[0]["evidence"]["worded_as"] == "statement"
    # Most suspicious first: the findings' ranks are in order.
    assert [f["evidence"]["rank"] for f in found] == sorted(f["evidence"]["rank"] for f in found)


def test_lines_the_spectrum_cannot_tell_apart_are_a_question():
    run = run_of(case(False, [2, 3, 4, 5, 6], 1))  # one failing test, nothing passed
    found = located(analyze(CODE, "python", None, run))
    assert found and found[0]["confidence"] < STATEMENT_FROM
    assert (
        found[0]["description"].startswith("Is line ") and "no test passed to compare with" in found[0]["description"]
    )


def test_no_location_on_an_all_passing_run_nor_without_coverage():
    assert not located(analyze(CODE, "python", None, run_of(case(True, [2, 3, 6], 1), case(True, [2, 3, 6], 2))))
    unmeasured = {"test_id": 1, "input": "[3], 0", "passed": False, "verdict": "WA"}
    assert not located(analyze(CODE, "python", None, run_of(unmeasured)))


def test_a_skipped_test_is_not_a_failing_one_for_the_spectrum():
    skipped = {"test_id": 9, "input": "[3], 0", "passed": False, "verdict": None, "status": "skipped"}
    not_run = {"test_id": 10, "input": "[3], 0", "passed": False, "verdict": None, "status": "not_run", "reason": "x"}
    result = analyze(CODE, "python", None, run_of(case(True, [2, 3, 6], 1), skipped, not_run))
    assert not located(result)
    assert "wrong_algorithm" not in {p["pattern_type"] for p in result["detected_patterns"]}


def test_a_named_line_sends_the_vague_wrong_algorithm_away():
    run = run_of(
        case(False, [2, 3, 4, 5, 6], 1, input="[5, 7], 1"),
        case(False, [2, 3, 4, 5, 6], 2, input="[9, 8], 2"),
        *[case(True, [2, 3, 4, 6], i, input="[1, 2], 4") for i in range(3, 9)],
    )
    patterns = [p["pattern_type"] for p in analyze(CODE, "python", None, run)["detected_patterns"]]
    assert patterns[0] == "likely_bug_location" and "wrong_algorithm" not in patterns


def trace(steps: list[tuple]) -> list[dict]:
    out = []
    for i, (event, line, changed, *rest) in enumerate(steps):
        step = {"step": i, "event": event, "line": line, "function": "f", "depth": 1, "frame": 1}
        if changed:
            step["changed"] = changed
        if rest:
            step["return_value"] = rest[0]
        out.append(step)
    return out


REFERENCE = CODE.replace("best - x", "best + x")


def test_the_first_value_that_differs_names_the_line_that_assigned_it():
    common = [("call", 1, {"nums": [5], "t": 0}), ("line", 2, None), ("line", 3, {"best": 0}), ("line", 4, {"x": 5})]
    mine = trace([*common, ("line", 5, None), ("line", 3, {"best": -5}), ("line", 6, None), ("return", 6, None, -5)])
    theirs = trace([*common, ("line", 5, None), ("line", 3, {"best": 5}), ("line", 6, None), ("return", 6, None, 5)])
    found = first_divergence(mine, theirs, CODE, REFERENCE)
    assert (
        found is not None and found.line == 5 and "line 5 made best -5 where the reference's made it 5" in found.detail
    )


def test_a_branch_that_goes_the_other_way_names_the_comparison():
    code = CODE.replace("best - x", "best + x").replace("x > t", "x >= t")
    common = [("call", 1, {"nums": [0], "t": 0}), ("line", 2, None), ("line", 3, {"best": 0}), ("line", 4, {"x": 0})]
    mine = trace([*common, ("line", 5, None), ("line", 3, {"best": 0})])
    theirs = trace([*common, ("line", 3, None), ("line", 6, None)])
    found = first_divergence(mine, theirs, code, REFERENCE)
    assert found is not None and found.line == 4 and "the comparison on line 4" in found.detail


def test_two_programs_that_never_line_up_give_no_claim():
    other = "def total_above(nums, t):\n    return sum(x for x in nums if x > t)\n"
    mine = trace([("call", 1, {"nums": [5], "t": 0}), ("line", 2, None), ("line", 3, {"best": 0})])
    theirs = trace([("call", 1, {"nums": [5], "t": 0}), ("line", 2, None), ("return", 2, None, 5)])
    assert first_divergence(mine, theirs, CODE, other) is None


def test_the_trace_divergence_goes_first_and_is_told_in_plain_words():
    run = run_of(case(False, [2, 3, 4, 5, 6], 1), *[case(True, [2, 3, 4, 5, 6], i) for i in range(2, 5)])
    common = [("call", 1, {"nums": [5], "t": 0}), ("line", 2, None), ("line", 3, {"best": 0}), ("line", 4, {"x": 5})]
    mine = trace([*common, ("line", 5, None), ("line", 3, {"best": -5})])
    theirs = trace([*common, ("line", 5, None), ("line", 3, {"best": 5})])
    clues = {
        "traces": {"input": "[5], 0", "learner": mine, "reference": theirs, "learner_source": CODE,
                   "reference_source": REFERENCE, "got": "-5", "expected": "5"},
    }  # fmt: skip
    found = located(analyze(CODE, "python", None, run, clues=clues))
    assert found[0]["code_location"]["line_start"] == 5
    assert "on [5], 0, your code returned -5 where the reference returned 5" in found[0]["description"]


def test_code_written_apart_from_the_reference_is_not_blamed_for_its_names():
    renamed = REFERENCE.replace("best", "total")  # the same program with other names
    steps = [("call", 1, {"nums": [5], "t": 0}), ("line", 2, None), ("line", 3, {"best": 0})]
    mine = trace([("call", 1, {"nums": [5], "t": 0}), ("line", 2, None), ("line", 3, {"total": 0})])
    assert first_divergence(mine, trace(steps), renamed, REFERENCE) is None
