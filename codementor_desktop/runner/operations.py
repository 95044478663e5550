"""Too slow, whatever the machine: a solution's counted operations beside the reference's.

On a bank problem, a Submit runs the large generated tests once more with the learner's line
events counted (a line of the learner's code that runs is one event; what a built-in does
inside counts as the line that called it), and compares them with the reference solution's
count on the same inputs (counted once per problem version, when the inputs are generated, and
cached with them). No clock is involved, so the same code gets the same answer on any machine.

The rule, for the two generated sizes ``n1 < n2`` with ratios ``ρ = learner / reference``:

- over ``BUDGET_RATIO`` (100) times the reference's count at either size is a worse complexity
  class: no constant factor is that large, and the counted run stops there (or at
  ``EVENTS_CAP`` events, whichever comes first: past the cap the count is a lower bound);
- when ``n2 >= 2 n1``, a ratio that is at least ``RATIO_MIN`` (10) at ``n2`` and grows with
  ``n`` at least as fast as ``n ** GROWTH_MIN`` (0.4), ``log(ρ2 / ρ1) / log(n2 / n1)``, is one
  too: it grows faster than a logarithmic factor (``n log n`` where ``n`` is optimal passes).

Either makes the verdict ``TLE`` with ``reason: "operations"``; otherwise the Submit keeps its
verdict and reports the ratio. Counts come from inside the learner's process, so they can make
a verdict worse, never better: the time limits still hold, and a count that cannot be taken
(JavaScript, a failed test, a counted run that ran out of time) changes nothing.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..domain.vocabulary import Verdict
from .child.wire import Reason, RunStatus
from .protocol import Limits
from .results import describe_failure, worst

if TYPE_CHECKING:
    import threading

    from .child.wire import FunctionSpec, Language, Operations, RunResult, TestCase
    from .executor import Executor

BUDGET_RATIO = 100
EVENTS_CAP = 10_000_000  # a few seconds of counted CPU time: past it, a count is only a lower bound
RATIO_MIN = 10.0
GROWTH_MIN = 0.4
SIZE_RATIO_MIN = 2.0
COUNTED_LANGUAGES = ("python",)


@dataclass(frozen=True)
class Baseline:
    """The reference solution's line events on one large test of size ``size``."""

    test_id: int
    size: int
    line_events: int


@dataclass(frozen=True)
class Point:
    """One large test, counted: the learner's events, or None when the count stopped at ``budget``."""

    baseline: Baseline
    line_events: int | None

    @property
    def budget(self) -> int:
        return budget_for(self.baseline)

    @property
    def stopped(self) -> bool:
        return self.line_events is None

    @property
    def ratio(self) -> float:
        """The learner's events over the reference's (a lower bound when the count stopped)."""
        events = self.line_events if self.line_events is not None else self.budget
        return events / max(self.baseline.line_events, 1)

    @property
    def over_budget_ratio(self) -> bool:
        """Past ``BUDGET_RATIO`` times the reference's count, for certain."""
        if self.stopped:
            return self.budget == BUDGET_RATIO * max(self.baseline.line_events, 1)
        return self.ratio > BUDGET_RATIO


def budget_for(baseline: Baseline) -> int:
    """Where counting stops on a test: past any constant factor, or at the cap."""
    return min(BUDGET_RATIO * max(baseline.line_events, 1), EVENTS_CAP)


def baselines(cases: Iterable[Mapping[str, Any]], first_test_id: int) -> list[Baseline]:
    """The baselines of a problem's generated cases (``size`` and the reference's ``line_events``),
    numbered as the hidden tests number them from ``first_test_id``."""
    return [
        Baseline(first_test_id + index, int(case["size"]), int(case["line_events"]))
        for index, case in enumerate(cases)
        if "line_events" in case and "size" in case
    ]


def measure(
    executor: Executor,
    *,
    code: str,
    language: Language,
    tests: list[TestCase],
    references: list[Baseline],
    function: FunctionSpec | None,
    compare: str,
    checker: str | None,
    memory_mb: int,
    cancel: threading.Event | None = None,
) -> Operations:
    """Count the learner's line events on the large tests and judge them against the reference's."""
    if language not in COUNTED_LANGUAGES:
        return {"measured": False, "message": f"Operations are counted for Python solutions only, not {language}."}
    by_id = {t["test_id"]: t for t in tests}
    wanted = [b for b in sorted(references, key=lambda b: b.size) if b.test_id in by_id]
    if not wanted:
        return {"measured": False, "message": "This problem has no large tests to count operations on."}
    counted: list[TestCase] = [{**by_id[b.test_id], "count_lines": True, "line_budget": budget_for(b)} for b in wanted]
    # Counting slows the code down several times: the counted run gets the longest time limit.
    limits = Limits(timeout_seconds=Limits.HARD_TIMEOUT, run_seconds=Limits.HARD_RUN, memory_mb=memory_mb)
    run = executor.judge(
        code=code, language=language, tests=counted, limits=limits, function=function, compare=compare,
        checker=checker, cancel=cancel,
    )  # fmt: skip
    points = []
    for baseline, result in zip(wanted, run["test_results"], strict=False):
        stopped = result["verdict"] == Verdict.TLE and result.get("reason") == Reason.OPERATIONS
        if result["verdict"] != Verdict.AC and not stopped:
            return {"measured": False, "message": _not_measured(str(result["verdict"]))}
        points.append(Point(baseline, None if stopped else result.get("line_events")))
        if stopped:
            break  # a stopped test stops the run; the larger tests would only count more
    if not points or (len(points) < len(wanted) and not points[-1].stopped):
        return {"measured": False, "message": "The counted run stopped before the large tests were counted."}
    return assess(points)


def _not_measured(verdict: str) -> str:
    if verdict == Verdict.TLE:
        return "Operations were not counted: counting made the large tests run past the time limit."
    return f"Operations were not counted: a large test ended in {verdict} when counted."


def assess(points: list[Point]) -> Operations:
    """The rule of the module docstring, over the counted large tests (smallest first; the last
    may have stopped at its budget). ``n`` and ``ratio`` are those of the test that decides: the
    first one past ``BUDGET_RATIO``, else the largest."""
    largest = points[-1]
    point = next((p for p in points if p.over_budget_ratio), largest)
    n = point.baseline.size
    operations: Operations = {
        "measured": True,
        "ratio": round(point.ratio, 1),
        "n": n,
        "reference_line_events": point.baseline.line_events,
        "worse_class": False,
        "message": "",
    }
    if point.line_events is not None:
        operations["line_events"] = point.line_events
    times = f"{'more than' if point.stopped else 'about'} {point.ratio:,.0f}x the reference's operations at n = {n:,}"
    growth = _growth(points[0], largest) if len(points) > 1 else None
    if growth is not None:
        operations["growth"] = round(growth, 2)
    if point.over_budget_ratio:
        operations["worse_class"] = True
        operations["message"] = (
            f"{times}: more than {BUDGET_RATIO}x is no constant factor but a worse complexity class{_likely(points)}"
        )
    elif growth is not None and largest.ratio >= RATIO_MIN and growth >= GROWTH_MIN:
        # With a stopped count the ratio and its growth are lower bounds: the conclusion holds.
        operations["worse_class"] = True
        operations["message"] = f"{times}, and the gap grows with n{_likely(points)}"
    elif largest.stopped:
        return {
            "measured": False,
            "message": f"Operations were counted up to {largest.budget:,} at n = {n:,} ({times}), and no further.",
        }
    else:
        operations["message"] = _accepted(largest.ratio, n)
    return operations


def _growth(small: Point, large: Point) -> float | None:
    """How fast the ratio grows with n, as an exponent (a lower bound when the larger count
    stopped); None when the sizes are too close to tell or the smaller count stopped."""
    sizes = large.baseline.size / max(small.baseline.size, 1)
    if sizes < SIZE_RATIO_MIN or small.stopped:
        return None
    return math.log(large.ratio / small.ratio) / math.log(sizes)


def _exponent(events: list[tuple[int, int]]) -> float | None:
    (n1, c1), (n2, c2) = events[0], events[-1]
    if n2 <= n1 or c1 <= 0 or c2 <= 0:
        return None
    return math.log(c2 / c1) / math.log(n2 / n1)


def _likely(points: list[Point]) -> str:
    """': likely O(n²) where O(n) exists', from both sizes' counts, when they are all there."""
    if len(points) < 2 or any(p.stopped for p in points):
        return ""
    if points[-1].baseline.size / max(points[0].baseline.size, 1) < SIZE_RATIO_MIN:
        return ""
    mine = _exponent([(p.baseline.size, p.line_events or 0) for p in points])
    theirs = _exponent([(p.baseline.size, p.baseline.line_events) for p in points])
    if mine is None or theirs is None:
        return ""
    if _class_of(mine) != _class_of(theirs):
        return f": likely {_class_of(mine)} where {_class_of(theirs)} exists"
    return f": its work grows about as n^{mine:.1f} with the input, the reference's as n^{theirs:.1f}"


_SUPERSCRIPTS = {2: "²", 3: "³"}


def _class_of(exponent: float) -> str:
    if exponent < 0.35:
        return "O(log n)"
    if exponent < 0.75:
        return "O(√n)"
    power = round(exponent)
    if power <= 1:
        return "O(n)"
    return f"O(n{_SUPERSCRIPTS.get(power, '^' + str(power))})"


def _accepted(ratio: float, n: int) -> str:
    if ratio < 1.5:
        return f"about as many operations as the reference at n = {n:,}"
    return f"about {ratio:,.1f}x the reference's operations at n = {n:,}"


def judge_submit(
    executor: Executor,
    run: RunResult,
    *,
    code: str,
    language: Language,
    tests: list[TestCase],
    references: list[Baseline],
    function: FunctionSpec | None,
    compare: str,
    checker: str | None,
    memory_mb: int,
    cancel: threading.Event | None = None,
) -> None:
    """Count a judged Submit's operations when they can say something, and put them on the run.

    They are counted when every answer was right, or when the run went over its time on a large
    test (then a worse complexity class is the reproducible reason: ``reason`` becomes
    ``"operations"``); a wrong answer or a crash is reported first.
    """
    large = {b.test_id for b in references}
    first_failure = next((t for t in run["test_results"] if not t["passed"]), None)
    slow_on_large = (
        first_failure is not None and first_failure["verdict"] == Verdict.TLE and first_failure["test_id"] in large
    )
    if first_failure is not None and not slow_on_large:
        run["operations"] = {"measured": False, "message": "Operations are counted once the answers are right."}
        return
    counted = measure(
        executor, code=code, language=language, tests=tests, references=references, function=function,
        compare=compare, checker=checker, memory_mb=memory_mb, cancel=cancel,
    )  # fmt: skip
    apply(run, counted, references)


def apply(run: RunResult, operations: Operations, references: list[Baseline]) -> None:
    """Put the operations on the run; a worse complexity class makes the large test it was seen on
    TLE for operations. Counts make a verdict worse, never better: only an accepted run, or one
    already over its time on that large test, changes."""
    run["operations"] = operations
    if not operations.get("measured"):
        return
    accepted = run.get("verdict") == Verdict.AC and run["status"] == RunStatus.COMPLETED
    if not operations.get("worse_class"):
        if accepted:
            operations["message"] = "accepted; " + operations["message"]
        return
    target = next((b.test_id for b in references if b.size == operations.get("n")), None)
    failed = next((t for t in run["test_results"] if t["test_id"] == target), None)
    if accepted and failed is not None:
        failed["verdict"] = Verdict.TLE.value
        failed["passed"] = False
        failed["actual_output"] = None
    else:  # over its time already: the first failure is a TLE on a large test
        failed = next((t for t in run["test_results"] if not t["passed"]), None)
        if failed is None or failed["verdict"] != Verdict.TLE:
            return
    failed["reason"] = Reason.OPERATIONS
    failed["error_type"] = Verdict.TLE.error_type
    failed["error_message"] = "Too slow: " + operations["message"] + "."
    passed = sum(1 for t in run["test_results"] if t["passed"])
    run["all_passed"] = False
    run["pass_rate"] = round(passed / run["tests_total"], 4) if run["tests_total"] else 0.0
    run["status"] = RunStatus.ERROR
    ran = [t for t in run["test_results"] if t["verdict"] is not None]  # not the tests never reached
    run["verdict"] = worst(Verdict(t["verdict"]) for t in ran if t["verdict"] is not None).value
    describe_failure(run, next(t for t in ran if t["verdict"] is not None and Verdict(t["verdict"]).is_error))
