"""Line events of a bank solution at growing sizes, counted in this process with sys.settrace.

For the tests and the quality benchmark only: they run the bank's own reference and slower
solutions (trusted code) on the bank's generators. The app runs learner code only in the child,
where the judge counts the same line events.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass, field
from typing import Any

from codementor_desktop.analysis.complexity_classes import Growth, parse_complexity
from codementor_desktop.analysis.complexity_measured import combine, fit_complexity, growth_of, measure_plan
from codementor_desktop.analysis.context import Context
from codementor_desktop.analysis.evidence import RunEvidence
from codementor_desktop.analysis.python_source import parse_python
from codementor_desktop.runner.child.python import structures

_FILE = "<solution>"


class _OverBudget(Exception):
    pass


class _Counter:
    def __init__(self, budget: int) -> None:
        self.count = 0
        self.budget = budget

    def __call__(self, frame: Any, event: str, arg: Any) -> Any:
        return self._local if frame.f_code.co_filename == _FILE else None

    def _local(self, frame: Any, event: str, arg: Any) -> Any:
        if event == "line":
            self.count += 1
            if self.count > self.budget:
                raise _OverBudget
        return self._local


@dataclass
class Measurement:
    sizes: list[int] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)
    stopped: str = ""


def count_at_sizes(problem: Any, code: str, seed_offset: int = 0) -> Measurement:
    """Run ``code`` on the problem's generator along its measure plan, counting line events."""
    plan = measure_plan(problem.model_dump(mode="json"))
    generator_ns: dict[str, Any] = {}
    exec(compile(problem.generator.python, "<generator>", "exec"), generator_ns)  # noqa: S102 - bank code
    compiled = compile(code, _FILE, "exec")
    types = [param.type for param in problem.function.params]
    result = Measurement()
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20000))
    try:
        for index, size in enumerate(plan["sizes"]):
            try:
                args = generator_ns["generate"](size, random.Random(index + 1000 * seed_offset))
            except Exception as exc:  # a generator that needs larger sizes
                result.stopped = f"generator failed at {size}: {exc!r}"
                continue
            count = _run_once(compiled, problem, args, types, plan["line_budget"])
            if count is None:
                result.stopped = f"over the budget at size {size}"
                break
            result.sizes.append(size)
            result.counts.append(count)
    finally:
        sys.setrecursionlimit(limit)
    return result


def _run_once(compiled: Any, problem: Any, args: list, types: list[str], budget: int) -> int | None:
    namespace: dict[str, Any] = {
        "__name__": "__main__",
        "TreeNode": structures.TreeNode,
        "ListNode": structures.ListNode,
    }
    exec(compiled, namespace)  # noqa: S102 - a bank solution
    target = namespace[problem.function.python]
    if problem.compare == "operations":
        operations, arguments = args

        def call() -> None:
            instance = target(*arguments[0])
            for name, call_args in zip(operations[1:], arguments[1:], strict=True):
                getattr(instance, name)(*call_args)
    else:
        decoded = [structures.decode(a, types[i]) if i < len(types) else a for i, a in enumerate(args)]

        def call() -> None:
            target(*decoded)

    counter = _Counter(budget)
    sys.settrace(counter)
    try:
        call()
    except _OverBudget:
        return None
    finally:
        sys.settrace(None)
    return counter.count


def measured_class(problem: Any, code: str, seed_offset: int = 0) -> tuple[Growth | None, dict[str, Any]]:
    """The measured class of ``code`` (the fit, with the built-ins' hidden work added back)."""
    measurement = count_at_sizes(problem, code, seed_offset)
    fit = fit_complexity(measurement.sizes, measurement.counts)
    ctx = Context.build(parse_python(code), None, RunEvidence(), [])
    from codementor_desktop.analysis.complexity_static import estimate

    hidden = estimate(ctx).hidden
    growth = combine(growth_of(fit.get("class")), hidden)
    fit["stopped"] = measurement.stopped
    fit["hidden"] = hidden.label
    return growth, fit


def documented(text: str) -> tuple[Growth | None, str | None]:
    """The documented class in terms of the generator's size, or why it is excluded."""
    parsed = parse_complexity(text)
    if parsed.growth is None:
        return None, parsed.excluded
    if parsed.variable not in (None, "n", "N"):
        return None, f"in terms of {parsed.variable}, which the generator's size does not set alone"
    return parsed.growth, None
