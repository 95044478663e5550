"""What only runs can show: wrong answers that no visible flaw explains (the approach itself is
wrong), and the same unguarded error attempt after attempt.

Patterns: ``wrong_algorithm``, ``runtime_error_habit``. They read the other detectors' findings,
so they run after them.
"""

from __future__ import annotations

from ..context import Context
from ..findings import Finding
from .guards import from_tests

# Findings that explain failing tests by themselves.
_EXPLAINS_FAILURES = {"off_by_one", "missing_edge_case", "recursion_base_case", "infinite_loop_risk", "mutating_input"}
# Errors that a guard would have prevented (not time-outs, not typos).
_UNGUARDED = {"index", "key", "type", "none_access", "zero_division", "empty_reduction", "attribute", "value", "range"}
_NAMES = {
    "index": "index out of range (or a read of undefined)",
    "key": "missing key",
    "type": "type error",
    "none_access": "use of a missing value (None / null)",
    "zero_division": "division by zero",
    "empty_reduction": "reduction of an empty sequence",
    "attribute": "missing attribute",
    "value": "value error",
    "range": "range error",
}


def detect(ctx: Context, earlier: list[Finding]) -> list[Finding]:
    edges = [] if any(f.pattern in _EXPLAINS_FAILURES for f in earlier) else from_tests(ctx)
    return [*edges, *_wrong_algorithm(ctx, [*earlier, *edges]), *_habit(ctx)]


def _function_lines(ctx: Context) -> tuple[int, int]:
    functions = ctx.program.top_functions()
    if not functions:
        return 1, max(1, len(ctx.program.source.splitlines()))
    return functions[0].line, functions[0].end


def _wrong_algorithm(ctx: Context, earlier: list[Finding]) -> list[Finding]:
    wrong = ctx.run.wrong_answers()
    if not wrong:
        return []
    if any(f.pattern in _EXPLAINS_FAILURES for f in earlier):
        return []
    if all(t.shapes & {"empty", "null", "single"} for t in wrong):
        return []  # only the edges fail: a missing edge case, not a wrong approach
    evidence = ["tests_confirm"] if len(wrong) >= 2 else []
    line, end = _function_lines(ctx)
    total = len(ctx.run.tests)
    return [
        Finding(
            "wrong_algorithm",
            "wrong_answers_unexplained",
            line,
            end,
            f"{len(wrong)} of {total} tests give a wrong answer on ordinary inputs, and no local slip explains it: the approach itself does not solve the problem",
            "Work a failing input by hand and compare with what your code does; the idea (greedy, order, what is counted) may need to change.",
            "high",
            evidence,
        )
    ]


def _habit(ctx: Context) -> list[Finding]:
    current = ctx.run.error_families() & _UNGUARDED
    if not current or not ctx.history:
        return []
    for family in sorted(current):
        repeats = sum(1 for run in ctx.history if family in run.error_families())
        if repeats == 0:
            continue
        failing = ctx.run.errors(family)
        line = next((t.line for t in failing if t.line), None)
        start, end = (line, line) if line else _function_lines(ctx)
        return [
            Finding(
                "runtime_error_habit",
                "same_error_again",
                start,
                end,
                f"the same error ({_NAMES.get(family, family)}) as in {repeats} earlier attempt{'s' if repeats > 1 else ''}: the unguarded case keeps coming back",
                "Before running, list the inputs that break each index, key or division (empty, missing, last) and guard them once.",
                "medium",
                ["history_repeats"] * min(repeats, 2),
            )
        ]
    return []
