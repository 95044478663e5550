"""The report of bp_debug_plan in the plan's words, and how steps and the whole plan are judged."""

from __future__ import annotations

from codementor_desktop.analysis.plan_expressions import read_expectation
from codementor_desktop.tools.plan_report import overall_outcome, step_sentence, step_status, write_report


def step(number=3, status="broken", **more):
    out = {"number": number, "text": "move left when the sum is too small", "lines": [7], "lines_guessed": False,
           "ran": True, "ran_lines": [7], "expect": "left < right", "status": status, "evaluations": 4,
           "broken_at": None, "error": None}  # fmt: skip
    out.update(more)
    return out


def test_a_broken_expectation_is_told_in_the_plans_words():
    broken = step(broken_at={"step": 5, "line": 7, "variables": {"left": "2", "right": "2"}})
    assert step_sentence(broken, "[3,2,4], 6") == (
        "Step 3 (move left when the sum is too small) ran on line 7; on input [3,2,4], 6 after 5 steps of the run "
        "your expectation `left < right` stopped holding on line 7: left = 2, right = 2."
    )


def test_held_never_reached_and_unreadable_sentences():
    assert "held each of the 4 times it was checked" in step_sentence(step(status="held"), "[1], 1")
    assert "held the one time it was checked" in step_sentence(step(status="held", evaluations=1), "[1], 1")
    unreached = step_sentence(step(status="never_reached", ran=False, ran_lines=[], evaluations=0), "[1], 1")
    assert (
        "did not run: line 7 never ran on input [1], 1, so your expectation `left < right` was never checked"
        in unreached
    )
    error = "`left <` is not a Python expression: invalid syntax"
    assert error in step_sentence(step(status="unreadable", error=error), "")
    assert "matches no line of the code" in step_sentence(step(status="never_reached", lines=[], ran=False), "")


def test_a_step_is_judged_by_its_check():
    ok = read_expectation("left < right", "python")
    assert step_status("", None, None, [7]) == ("unchecked", None)
    assert step_status("left <", read_expectation("left <", "python"), None, [7])[0] == "unreadable"
    assert step_status("left < right", ok, None, []) == ("never_reached", None)
    assert step_status("left < right", ok, {"evaluations": 0}, [7]) == ("never_reached", None)
    broken = {"evaluations": 3, "errors": 0, "broken": {"step": 4, "line": 7, "variables": {}}}
    assert step_status("left < right", ok, broken, [7]) == ("broken", None)
    assert step_status("left < right", ok, {"evaluations": 3, "errors": 1}, [7]) == ("held", None)
    always = {
        "evaluations": 2,
        "errors": 2,
        "first_error": {"error": "NameError: name 'lef' is not defined", "line": 7},
    }
    status, why = step_status("lef < right", ok, always, [7])
    assert (
        status == "unreadable" and "NameError" in why and "every time it was checked (2 times, first on line 7)" in why
    )


def test_the_plans_outcome_is_its_most_telling_step():
    assert overall_outcome([step(status="held"), step(status="broken"), step(status="unreadable")]) == "broken"
    assert overall_outcome([step(status="held"), step(status="unreadable")]) == "unreadable"
    assert overall_outcome([step(status="held"), step(status="never_reached")]) == "never_reached"
    assert overall_outcome([step(status="held"), step(status="unchecked")]) == "held"
    assert overall_outcome([step(status="unchecked")]) == "no_expectations"


def test_the_report_says_what_was_traced_and_that_lines_were_guessed():
    result = {"tests": {"passed": 1, "total": 3, "verdict": "WA", "failing_test": "test 2"}, "input": "[3,2,4], 6",
              "guessed": True, "outcome": "held", "first_broken": None, "steps": [step(status="held")]}  # fmt: skip
    report = write_report(result, {"stop_reason": "finished"})
    assert report.startswith(
        "The code passed 1 of the 3 visible tests; test 2 fails, so its input [3,2,4], 6 was traced."
    )
    assert "were guessed from its words" in report
    assert "- Step 3 (move left when the sum is too small) ran on line 7" in report
    stopped = write_report(result, {"stop_reason": "time_limit", "message": "The time limit was reached."})
    assert "The run did not finish. The time limit was reached. The expectations were checked up to" in stopped
    endless = write_report(result, {"stop_reason": "max_steps", "max_steps": 20000,
                                    "message": "The trace stopped after 20,000 steps (max_steps); the program had not finished."})  # fmt: skip
    assert (
        "The run did not finish. It was still running after the 20,000 steps traced: a loop or a recursion" in endless
    )
    assert "(max_steps)" not in endless


def test_the_first_broken_expectation_names_the_line_that_ran_just_before_it():
    at = {"step": 5, "line": 5, "variables": {"n": "1"}}
    result = {"tests": {"passed": 0, "total": 0, "verdict": "", "failing_test": None}, "input": "127",
              "guessed": False, "outcome": "broken", "first_broken": 2,
              "steps": [step(number=2, text="clear the lowest set bit", broken_at=at)]}  # fmt: skip
    source = ["def bitcount(n):", "    count = 0", "    while n:", "        n ^= n - 1", "        count += 1"]
    in_loop = [{"step": 0, "event": "call", "line": 1, "frame": 1, "parent": 0},
               {"step": 3, "event": "line", "line": 4, "frame": 1},
               {"step": 4, "event": "line", "line": 9, "frame": 2},  # another call's line: not this one's
               {"step": 5, "event": "line", "line": 5, "frame": 1}]  # fmt: skip
    report = write_report(result, {"stop_reason": "finished", "steps": in_loop, "source_lines": source})
    # Not "what that step does just before line 5": the step is line 5; line 4 changed n.
    assert report.endswith("on line 5, just after line 4 ran (`n ^= n - 1`): look at how n got there.")

    at = {"step": 7, "line": 2, "variables": {"k": "4"}}
    result["steps"] = [step(number=2, broken_at=at)]
    called = [{"step": 2, "event": "line", "line": 10, "frame": 1},
              {"step": 6, "event": "call", "line": 1, "frame": 3, "parent": 1},
              {"step": 7, "event": "line", "line": 2, "frame": 3}]  # fmt: skip
    source = ["def kth(arr, k):", *["    pass"] * 8, "        return kth(above, k)"]
    report = write_report(result, {"stop_reason": "finished", "steps": called, "source_lines": source})
    assert report.endswith(
        "as the call from line 10 began (`return kth(above, k)`): look at what that call passed (k)."
    )


def test_a_break_on_a_guessed_line_says_the_line_was_a_guess():
    at = {"step": 4, "line": 2, "variables": {"total": "11"}}
    broken = step(number=1, text="stop when the total is paid", lines=[2], ran_lines=[2], lines_guessed=True,
                  expect="total == 0", broken_at=at)  # fmt: skip
    result = {"tests": {"passed": 0, "total": 0, "verdict": "", "failing_test": None}, "input": "[1, 5], 11",
              "guessed": True, "outcome": "broken", "first_broken": 1, "steps": [broken]}  # fmt: skip
    entry = [{"step": 0, "event": "call", "line": 1, "frame": 1, "parent": None},
             {"step": 4, "event": "line", "line": 2, "frame": 1}]  # fmt: skip
    report = write_report(result, {"stop_reason": "finished", "steps": entry, "source_lines": ["def f():"]})
    # The right code of QuixBugs' possible_change "broke" here: the guess put the step on its first line.
    assert "- Step 1 (stop when the total is paid) ran on line 2 (a guess); on input" in report
    assert "as the function began: total is what it was given." in report
    assert report.endswith(
        "Line 2 was guessed for this step; if the step is not there, mark its lines and run /debug again before "
        "changing the code."
    )


def test_a_name_the_steps_own_line_sets_is_told_apart_from_a_misspelt_one():
    from codementor_desktop.tools.plan_report import set_on

    ok = read_expectation("0 < middle < len(arr)", "python")
    source = ["def halves(arr):", "    if len(arr) <= 1:", "        return [arr]", "    middle = len(arr) // 2"]
    always = {"evaluations": 3, "errors": 3,
              "first_error": {"error": "NameError: name 'middle' is not defined", "line": 4}}  # fmt: skip
    status, why = step_status("0 < middle < len(arr)", ok, always, [4], source)
    # "raised NameError every time" reads as a misspelling; the name is right, the line is too early.
    assert status == "unreadable"
    assert why.startswith("`0 < middle < len(arr)` uses middle, which line 4 itself sets")
    assert "mark the line after it" in why
    assert (
        "NameError" in step_status("0 < middle < len(arr)", ok, always, [2], source)[1]
    )  # a line that does not set it

    assert set_on("        mid = (lo + hi) // 2", ["mid", "lo"]) == ["mid"]
    assert set_on("    for i, count in enumerate(arr):", ["i", "count", "arr"]) == ["i", "count"]
    assert set_on("  for (const [i, count] of arr.entries()) {", ["i", "count", "arr"]) == ["i", "count"]
    assert set_on("        n ^= n - 1", ["n"]) == ["n"]
    assert set_on("        arr[mid] = 3", ["arr", "mid"]) == []
    assert set_on("    if x == arr[mid]:", ["x", "mid"]) == []


def test_a_break_on_a_line_that_sets_a_name_says_its_value_is_from_before_the_line():
    at = {"step": 9, "line": 5, "variables": {"count": "32"}}
    broken = step(number=3, text="count one per bit", expect="count < 32", lines=[5], ran_lines=[5], broken_at=at)
    sentence = step_sentence(broken, "127", ["def f(n):", "", "", "", "        count += 1"])
    assert sentence.endswith(
        "count = 32. It was checked before line 5 ran, so count is still as line 5 found it, not as it leaves it."
    )
