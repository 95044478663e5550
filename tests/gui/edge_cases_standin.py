"""A small, real stand-in for ``bp_find_edge_cases`` in the window's tests: it runs the learner's
code and the problem's reference solution in real children on a few fixed inputs per category,
and reports every input where the outputs differ, in the tool's result shape. It does no
generation and no shrinking (each fixed input is marked minimal): the window's side is what these
tests exercise; the tool itself is tested with the tool.
"""

from __future__ import annotations

import json
import time
from typing import Any, ClassVar

from codementor_desktop.problems.judging import function_spec
from codementor_desktop.runner.child.python import literals
from codementor_desktop.runner.protocol import Limits
from codementor_desktop.tools.registry import Tool
from codementor_desktop.tools.schemas import LanguageName, ToolArguments

# Per problem: each category's inputs, as the problem's arguments.
INPUTS: dict[str, dict[str, list[list[Any]]]] = {
    "two-sum": {
        "duplicates": [[[3, 3], 6], [[0, 4, 3, 0], 0]],
        "negative": [[[-1, -2, -3, -4, -5], -8]],
        "single": [[[1, 2], 3]],
        "sorted": [[[1, 2, 3, 9], 3]],
    },
}


class FindEdgeCases(ToolArguments):
    NAME: ClassVar[str] = "bp_find_edge_cases"
    language: LanguageName
    code: str
    problem_id: str
    test_categories: list[str] | None = None
    timeout_seconds: float = 10.0  # each input's CPU time: a search of an endless loop runs until stopped


def find_edge_cases(args: FindEdgeCases, context, services) -> dict:
    started = time.monotonic()
    problem = services.bank.get(args.problem_id)
    categories = INPUTS.get(args.problem_id, {})
    tests = [
        {"test_id": n, "input": ", ".join(json.dumps(v) for v in values)}
        for n, values in enumerate((v for group in categories.values() for v in group), start=1)
    ]
    named = [category for category, group in categories.items() for _ in group]
    limits = Limits(timeout_seconds=args.timeout_seconds, run_seconds=60.0)
    function = function_spec(problem, args.language)

    def judged(code: str, with_expected: list[str | None]) -> list[dict]:
        cases = [{**t, "expected_output": e} for t, e in zip(tests, with_expected, strict=True)]
        result = services.executor.judge(
            code=code, language=args.language, tests=cases, limits=limits, function=function,
            compare=problem.compare, checker=problem.checker, cancel=context.cancel,
        )  # fmt: skip
        return list(result.get("test_results") or [])

    reference = judged(problem.solutions.python, [None] * len(tests))
    expected = [r.get("actual_output") for r in reference]
    context.report(0.5, f"{len(tests)} examples run on the reference")
    learner = judged(args.code, expected)
    if context.cancel.is_set():
        return {"status": "cancelled", "edge_cases": [], "stopped_by": "cancelled"}
    params = [p.name for p in problem.function.params]
    cases, wrong = [], set()
    for test, result, category in zip(tests, learner, named, strict=False):
        if result.get("passed"):
            continue
        wrong.add(category)
        values = literals.parse_arguments(test["input"])[0]
        output = result.get("actual_output")
        cases.append({
            "input": dict(zip(params, values, strict=True)), "category": category,
            "learner_output": literals.parse_value(output) if output else None,
            "expected_output": literals.parse_value(expected[test["test_id"] - 1]),
            "verdict": result["verdict"], "error_message": result.get("error_message"), "minimal": True,
        })  # fmt: skip
    return {
        "status": "completed", "language": args.language, "oracle": "problem", "edge_cases": cases,
        "categories_tried": list(categories), "categories_clean": [c for c in categories if c not in wrong],
        "examples_run": len(tests), "elapsed_ms": int((time.monotonic() - started) * 1000),
        "stopped_by": "exhausted", "containment": [],
    }  # fmt: skip


def register(services) -> None:
    services.registry.register(Tool(FindEdgeCases, find_edge_cases))
