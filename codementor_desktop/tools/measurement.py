"""The measured estimate of ``analyze_code_patterns``: the learner's code run in the child on the
problem's worst-case generator at growing sizes, its work counted.

The sizes come from ``analysis.measure_plan``. The inputs are made once per problem version and
set of sizes (by the generator, answered and counted by the reference solution, in the child) and
cached with the hidden tests. The code is judged on them with every test's line events counted
(deterministic: the same code on the same input counts the same; JavaScript's by the tracer's
hooks), each size stopped at the plan's line budget; the run stops at the first size past it, and
the sizes before it are fitted. A plan that says ``time`` (``_timed``) times each size
``repeats`` times instead (the fastest), in small batches so that a slow solution stops early.

Nothing here runs learner code in this process: every run goes through the executor.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from ..analysis import measure_plan
from ..domain.vocabulary import Reason, Verdict
from ..problems.judging import function_spec
from ..runner.protocol import Limits
from .execution import generator_spec

if TYPE_CHECKING:
    from ..problems.model import Problem
    from ..runner.child.wire import FunctionSpec, Language, TestCase
    from ..runner.hidden_tests import GeneratedCase
    from .workbench import Workbench

Report = Callable[[float, str], None]
TIME_BUDGET_MS = 250.0  # JavaScript: a size whose fastest run takes longer is the last one
JS_TEST_SECONDS = 2.0
JS_BATCH = 6  # sizes per timed run: a slow solution stops after at most this many
JS_FLOOR_MS = 1.0  # timings under this are mostly noise (the clock, the engine compiling)
GENERATION_TRIES = 3


class Cancelled(Exception):
    """The caller stopped the measurement."""


def measure_code(
    services: Workbench,
    problem: Problem,
    code: str,
    language: Language,
    cancel: threading.Event,
    report: Report,
) -> dict[str, Any]:
    """Run ``code`` along the measure plan; returns what ``analyze(measurement=...)`` reads
    (``sizes`` with ``counts`` or ``times_ms``, ``wall_ms``), the reference's counts at the same
    sizes (``reference``) and why the ladder stopped (``stopped``). When nothing could be
    measured: ``{"measured": False, "reason": ...}``. Raises ``Cancelled``."""
    plan = measure_plan(problem.model_dump(mode="json"), language)
    report(0.02, "making the worst-case inputs")
    cases, skipped = _inputs(services, problem, plan["sizes"], cancel)
    if cancel.is_set():
        raise Cancelled
    if not cases:
        return {"measured": False, "reason": "the problem's generator made no inputs to measure on"}
    function = cast("FunctionSpec", function_spec(problem, language))
    if plan["measure"] == "line_events":
        measured = _counted(services, problem, code, language, cases, plan["line_budget"], function, cancel, report)
    else:
        measured = _timed(services, problem, code, cases, int(plan["repeats"]), function, cancel, report)
    if cancel.is_set():
        raise Cancelled
    if skipped:
        measured["skipped_sizes"] = skipped
    return measured


def _inputs(
    services: Workbench, problem: Problem, sizes: list[int], cancel: threading.Event
) -> tuple[list[GeneratedCase], list[int]]:
    """The generated cases, smallest first, and the sizes left out because the generator cannot
    make them (some need a few items at least): the ladder is tried again from further up."""
    start = 0
    for _ in range(GENERATION_TRIES):
        chosen = sizes[start:]
        if len(chosen) < 3:
            break
        # A ladder of sizes of its own, cached apart from the hidden tests' sizes.
        spec = dataclasses.replace(generator_spec(problem), sizes=tuple(chosen))
        try:
            cases = services.generated.cases(spec, cancel)
        except RuntimeError:
            if cancel.is_set():
                return [], []
            start += max(1, (len(sizes) - start) // 3)
            continue
        return sorted(cases, key=lambda c: c["size"]), sizes[:start]
    return [], sizes


def _tests(cases: list[GeneratedCase], repeats: int = 1, warm_up: bool = False) -> list[TestCase]:
    """Each case ``repeats`` times; with ``warm_up``, the first case once more in front (test 0),
    so that the timed runs meet code the JavaScript engine has compiled already."""
    tests: list[TestCase] = [
        {"test_id": index * repeats + r + 1, "input": case["input"], "expected_output": case["expected_output"]}
        for index, case in enumerate(cases)
        for r in range(repeats)
    ]
    if warm_up and cases:
        tests.insert(0, {"test_id": 0, "input": cases[0]["input"], "expected_output": cases[0]["expected_output"]})
    return tests


def _counted(
    services: Workbench,
    problem: Problem,
    code: str,
    language: Language,
    cases: list[GeneratedCase],
    budget: int,
    function: FunctionSpec,
    cancel: threading.Event,
    report: Report,
) -> dict[str, Any]:
    # Counting slows the code down several times: the counted run gets the longest time limits.
    limits = Limits(
        timeout_seconds=Limits.HARD_TIMEOUT, run_seconds=Limits.HARD_RUN, memory_mb=services.settings.memory_mb
    )

    def progress(done: int, total: int, _text: str) -> None:
        report(0.1 + 0.85 * done / max(total, 1), f"counted size {cases[min(done, len(cases)) - 1]['size']:,}")

    run = services.executor.judge(
        code=code, language=language, tests=_tests(cases), limits=limits, function=function,
        compare=problem.compare, checker=problem.checker, line_budget=budget, cancel=cancel, progress=progress,
    )  # fmt: skip
    sizes: list[int] = []
    counts: list[int] = []
    wall: list[float] = []
    wrong: list[int] = []
    stopped = "every size was measured"
    for case, test in zip(cases, run["test_results"], strict=False):
        events = test.get("line_events")
        if test["verdict"] in (Verdict.AC, Verdict.WA) and isinstance(events, int) and events > 0:
            sizes.append(case["size"])
            counts.append(events)
            wall.append(float(test.get("execution_time_ms") or 0.0))
            if test["verdict"] == Verdict.WA:
                wrong.append(case["size"])
            continue
        if test["verdict"] == Verdict.TLE and test.get("reason") == Reason.OPERATIONS:
            stopped = f"over {budget:,} line events at size {case['size']:,}"
        else:
            stopped = f"{test['verdict']} at size {case['size']:,}: {(test.get('error_message') or '').strip()[:200]}"
        break
    else:
        if len(run["test_results"]) < len(cases):
            stopped = f"the run ended early ({run.get('verdict')})"
    return _result(sizes, counts, wall, wrong, stopped, cases, "counts")


def _timed(
    services: Workbench,
    problem: Problem,
    code: str,
    cases: list[GeneratedCase],
    repeats: int,
    function: FunctionSpec,
    cancel: threading.Event,
    report: Report,
) -> dict[str, Any]:
    limits = Limits(timeout_seconds=JS_TEST_SECONDS, run_seconds=Limits.HARD_RUN, memory_mb=services.settings.memory_mb)
    sizes: list[int] = []
    fastest_ms: list[float] = []
    wrong: list[int] = []
    stopped = "every size was measured"
    for first in range(0, len(cases), JS_BATCH):
        if cancel.is_set():
            raise Cancelled
        batch = cases[first : first + JS_BATCH]
        report(0.1 + 0.85 * first / len(cases), f"timing sizes {batch[0]['size']:,} to {batch[-1]['size']:,}")
        run = services.executor.judge(
            code=code, language="javascript", tests=_tests(batch, repeats, warm_up=True), limits=limits,
            function=function, compare=problem.compare, checker=problem.checker, cancel=cancel,
        )  # fmt: skip
        results = [t for t in run["test_results"] if t["test_id"] != 0]
        for index, case in enumerate(batch):
            tried = results[index * repeats : (index + 1) * repeats]
            failed = next((t for t in tried if t["verdict"] not in (Verdict.AC, Verdict.WA)), None)
            if len(tried) < repeats or failed is not None:
                verdict = failed["verdict"] if failed is not None else run.get("verdict")
                stopped = f"{verdict} at size {case['size']:,}"
                break
            # The fastest of the repeats: whatever else the machine does only ever adds time.
            fastest = min(float(t.get("execution_time_ms") or 0.0) for t in tried)
            sizes.append(case["size"])
            fastest_ms.append(fastest)
            if any(t["verdict"] == Verdict.WA for t in tried):
                wrong.append(case["size"])
            if fastest > TIME_BUDGET_MS:
                stopped = f"over {TIME_BUDGET_MS:.0f} ms at size {case['size']:,}"
                break
        else:
            continue
        break
    # The smallest sizes take a few microseconds: their timings are the clock's noise, not growth.
    kept = [i for i, ms in enumerate(fastest_ms) if ms >= JS_FLOOR_MS]
    if len(kept) < 4:
        kept = [i for i, ms in enumerate(fastest_ms) if ms > 0]
    sizes, fastest_ms = [sizes[i] for i in kept], [fastest_ms[i] for i in kept]
    return _result(sizes, fastest_ms, list(fastest_ms), wrong, stopped, cases, "times_ms")


def _result(
    sizes: list[int],
    values: list[Any],
    wall: list[float],
    wrong: list[int],
    stopped: str,
    cases: list[GeneratedCase],
    key: str,
) -> dict[str, Any]:
    if len(sizes) < 3:
        return {"measured": False, "reason": f"fewer than three sizes could be measured ({stopped})"}
    by_size = {case["size"]: case.get("line_events") for case in cases}
    reference = [(n, by_size[n]) for n in sizes if isinstance(by_size.get(n), int)]
    measured: dict[str, Any] = {
        "sizes": sizes,
        key: values,
        "wall_ms": wall,
        "stopped": stopped,
        "reference": {"sizes": [n for n, _ in reference], "counts": [c for _, c in reference]},
    }
    if wrong:
        measured["wrong_answers_at"] = wrong
    return measured
