"""The rule that turns counted operations into a verdict, on counts like the bank's own."""

from codementor_desktop.runner.operations import (
    BUDGET_RATIO,
    EVENTS_CAP,
    Baseline,
    Point,
    apply,
    assess,
    baselines,
    budget_for,
)


def points(sizes, reference, learner):
    return [
        Point(Baseline(1000 + i, n, r), c) for i, (n, r, c) in enumerate(zip(sizes, reference, learner, strict=True))
    ]


def test_the_reference_itself_is_accepted():
    result = assess(points([2000, 10000], [6001, 30001], [6001, 30001]))
    assert result["measured"] and not result["worse_class"] and result["ratio"] == 1.0
    assert result["message"] == "about as many operations as the reference at n = 10,000"


def test_a_constant_factor_is_reported_not_judged():
    result = assess(points([400, 2000], [1204, 6004], [6020, 30020]))  # 5x at both sizes
    assert not result["worse_class"] and result["ratio"] == 5.0 and "5.0x" in result["message"]


def test_a_log_factor_is_not_a_worse_class():
    # counting-bits' O(n log n) beside the reference's O(n): 17x growing to 26x over 10x the size
    result = assess(points([10000, 100000], [16428, 131125], [277268, 3437898]))
    assert not result["worse_class"] and result["growth"] < 0.4


def test_a_ratio_that_grows_with_n_is_a_worse_class():
    # spiral-matrix-order's O(cells^1.5) beside O(cells): 14x growing to 41x over 9x the size
    result = assess(points([400, 3600], [915, 7535], [12951, 306871]))
    assert result["worse_class"] and result["growth"] >= 0.4 and result["n"] == 3600
    assert "41x the reference's operations at n = 3,600" in result["message"]


def test_quadratic_where_linear_exists_says_so():
    result = assess(points([1000, 4000], [4003, 16003], [40030, 640120]))  # 10x, then 40x
    assert result["worse_class"] and "likely O(n²) where O(n) exists" in result["message"]


def test_over_a_hundred_times_is_a_worse_class_even_at_a_constant_ratio():
    # tree-diameter's O(n * h) on trees of one height: 142x at both sizes
    result = assess(points([1000, 4000], [7006, 28006], [992220, 4008436]))
    assert result["worse_class"] and "more than 100x is no constant factor" in result["message"]


def test_a_count_stopped_at_its_budget_decides_on_the_first_size():
    stopped = [Point(Baseline(1012, 30, 61), None)]  # climbing stairs in O(2^n): stopped at 100x
    result = assess(stopped)
    assert result["worse_class"] and result["n"] == 30 and "more than 100x" in result["message"]


def test_sizes_too_close_to_tell_a_growth_leave_the_ratio_alone():
    result = assess(points([12, 16], [20907, 335118], [104535, 3351180]))  # 5x, then 10x: sizes 1.33x apart
    assert not result["worse_class"] and "growth" not in result


def test_a_count_stopped_at_the_cap_without_proof_is_not_measured():
    big = Baseline(1013, 8000, 2_629_354)  # a reference so busy that the cap comes before 100x
    assert budget_for(big) == EVENTS_CAP < BUDGET_RATIO * big.line_events
    result = assess([Point(Baseline(1012, 2000, 667_505), 700_000), Point(big, None)])
    assert result["measured"] is False and "no further" in result["message"]


def test_baselines_number_the_generated_tests_after_the_written_ones():
    cases = [{"size": 400, "line_events": 10, "input": "", "expected_output": ""}, {"size": 2000, "line_events": 50}]
    assert baselines(cases, 1011) == [Baseline(1011, 400, 10), Baseline(1012, 2000, 50)]
    assert baselines([{"size": 400, "input": ""}], 1011) == []  # a cache from before counting


def accepted_run():
    tests = [{"test_id": 1, "verdict": "AC", "passed": True, "input": "x", "hidden": False}]
    tests += [
        {"test_id": 1011 + i, "verdict": "AC", "passed": True, "input": "(hidden)", "hidden": True} for i in (0, 1)
    ]
    return {"status": "completed", "verdict": "AC", "test_results": tests, "tests_total": 3, "all_passed": True}


def test_a_worse_class_turns_an_accepted_submit_into_tle_for_operations():
    run = accepted_run()
    references = [Baseline(1011, 400, 1204), Baseline(1012, 2000, 6004)]
    apply(run, assess(points([400, 2000], [1204, 6004], [321602, None])), references)
    assert run["verdict"] == "TLE" and run["status"] == "error" and run["reason"] == "operations"
    failed = run["test_results"][1]
    assert failed["verdict"] == "TLE" and failed["reason"] == "operations" and not failed["passed"]
    assert run["failed_test_case"]["test_id"] == 1011 and run["pass_rate"] == round(2 / 3, 4)
    assert run["error_message"].startswith("Too slow: about 267x the reference's operations at n = 400")


def test_counts_never_make_a_verdict_better():
    run = accepted_run()
    run["test_results"][0].update(verdict="WA", passed=False)
    run.update(verdict="WA", all_passed=False)
    apply(run, assess(points([400, 2000], [1204, 6004], [1204, 6004])), [])
    assert run["verdict"] == "WA" and "accepted" not in run["operations"]["message"]
