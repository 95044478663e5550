"""The learner's code on an input they wrote, and, for a bank problem, the reference solution's
answer on the same input, as practice sites show it ("Your output" beside "Expected").

Both run in the child, under the settings' limits, as a test of one input: the reference's answer
is taken from a judge run of the reference, then the learner's code is judged against it with the
problem's own comparison (unordered answers, a checker, floats within a tolerance), so "matches"
means what Submit would say. Nothing of the reference but its answer leaves this module: not its
code, not its traceback. A snippet with no problem runs as ``bp_execute`` does, alone.
"""

from __future__ import annotations

import threading
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypedDict, cast

from ..domain.vocabulary import Verdict
from ..problems.judging import function_spec
from ..runner.child.python.literals import LiteralError, parse_arguments
from ..runner.protocol import Limits

if TYPE_CHECKING:
    from ..problems.model import Problem
    from ..runner.child.wire import FunctionSpec, Language, TestCase
    from .workbench import Workbench

REFERENCE_CHARS = 100_000  # the reference's answer is compared whole, not as the table shows it


class Output(TypedDict):
    """One side of the comparison: what the code returned (or printed), and how it ended."""

    output: str | None  # the answer as a literal; None when the code did not answer
    stdout: str
    verdict: str  # AC when it answered (and, for the learner's side, matched), else how it failed
    message: str  # why it did not answer, in a sentence; empty when it did


class OwnInputRun(TypedDict):
    yours: Output
    expected: Output | None  # None: no problem, so no reference to compare with
    matched: bool | None  # None when there is nothing to compare with


def input_problem(problem: Problem | None, text: str) -> str | None:
    """Why ``text`` is not an input of ``problem`` (a sentence), or None when it is one.

    The format is the examples': the arguments in order (``[2,7,11,15], 9``) or by name
    (``nums = [2,7,11,15], target = 9``), as JSON or Python literals."""
    unbalanced = _brackets(text)
    if unbalanced:
        return unbalanced
    try:
        args, kwargs = parse_arguments(text)
    except LiteralError as exc:
        return f"{str(exc)[:1].upper()}{str(exc)[1:]}."
    if problem is None:
        return None
    names = [p.name for p in problem.function.params]
    unknown = [name for name in kwargs if name not in names]
    if unknown:
        return f"{problem.function.python} has no parameter {unknown[0]!r}; its parameters are {', '.join(names)}."
    given = len(args) + len(kwargs)
    if names and given != len(names):
        return (
            f"{problem.function.python} takes {len(names)} argument{'s' if len(names) != 1 else ''} "
            f"({', '.join(names)}); this input has {given}."
        )
    return None


_PAIRS = {")": "(", "]": "[", "}": "{"}


def _brackets(text: str) -> str | None:
    """A bracket left open or closed twice, said with its place (the parser's words name its own
    wrapping of the input, not the learner's text)."""
    opened: list[tuple[str, int, int]] = []
    quote = ""
    for line, row in enumerate(text.splitlines() or [""], start=1):
        for column, char in enumerate(row, start=1):
            if quote:
                quote = "" if char == quote else quote
            elif char in "\"'":
                quote = char
            elif char in "([{":
                opened.append((char, line, column))
            elif char in _PAIRS:
                if not opened or opened[-1][0] != _PAIRS[char]:
                    return f"The {char!r} on line {line}, column {column} closes nothing that is open."
                opened.pop()
    if opened:
        char, line, column = opened[-1]
        return f"The {char!r} on line {line}, column {column} is never closed."
    return None


def run_on_input(
    workbench: Workbench,
    *,
    code: str,
    language: str,
    text: str,
    problem_id: str | None,
    cancel: threading.Event | None = None,
) -> OwnInputRun:
    """Run ``code`` on ``text`` (and the problem's reference beside it). Raises ValueError with
    ``input_problem``'s sentence for an input that cannot be read."""
    problem = workbench.bank.get(problem_id) if problem_id else None
    refused = input_problem(problem, text)
    if refused:
        raise ValueError(refused)
    settings = workbench.settings
    limits = Limits(
        timeout_seconds=settings.timeout_seconds,
        run_seconds=settings.run_seconds,
        memory_mb=settings.memory_mb,
        output_bytes=settings.output_kb * 1024,
    )
    if problem is None:
        return {"yours": _snippet(workbench, code, language, text, limits, cancel), "expected": None, "matched": None}
    function = function_spec(problem, language)
    test: TestCase = {"test_id": 1, "input": text, "expected_output": ""}

    def judged(source: str, expected: str, chars: int) -> Any:
        return workbench.executor.judge(
            code=source, language=cast("Language", language), tests=[cast("TestCase", {**test, "expected_output": expected})],
            limits=replace(limits, output_chars_per_test=chars), function=cast("FunctionSpec", function),
            compare=problem.compare, checker=problem.checker, cancel=cancel,
        )  # fmt: skip

    reference = _side(judged(problem.reference_solution(language), "", REFERENCE_CHARS))
    if reference["output"] is None:
        # Its error would show the reference's code (a traceback): only how it ended is said.
        reference["stdout"] = ""
        reference["message"] = (
            f"The reference solution could not answer this input ({_meaning(reference['verdict'])}): "
            "it may be outside the problem's constraints."
        )
    mine = _side(judged(code, reference["output"] or "", limits.output_chars_per_test))
    matched = mine["verdict"] == Verdict.AC.value if reference["output"] is not None else None
    if mine["output"] is not None and mine["verdict"] == Verdict.WA.value:
        mine["message"] = ""  # a wrong answer is the answer itself, shown beside the expected one
    return {"yours": mine, "expected": reference, "matched": matched}


def _side(result: Any) -> Output:
    """One judge run of one test, as one side of the comparison."""
    tests = result.get("test_results") or []
    if not tests:  # it did not compile, or the run failed before the test
        verdict = str(result.get("verdict") or result.get("status") or "IE")
        line = f" (line {result['line_number']})" if result.get("line_number") else ""
        return {"output": None, "stdout": "", "verdict": verdict, "message": f"{result.get('error_message', '')}{line}"}
    test = tests[0]
    answered = test.get("actual_output") is not None and test.get("verdict") in (Verdict.AC.value, Verdict.WA.value)
    line = f" (line {test['line_number']})" if test.get("line_number") else ""
    return {
        "output": test.get("actual_output") if answered else None,
        "stdout": str(test.get("stdout") or ""),
        "verdict": str(test.get("verdict") or "IE"),
        "message": "" if answered else f"{test.get('error_message') or _meaning(str(test.get('verdict')))}{line}",
    }


def _snippet(
    workbench: Workbench, code: str, language: str, text: str, limits: Limits, cancel: threading.Event | None
) -> Output:
    """Code with no problem: called as ``bp_execute`` calls it, one argument as input, two as input
    and target, more spread over the parameters."""
    args, kwargs = parse_arguments(text)
    arguments: dict[str, Any] = {}
    if kwargs:
        arguments["input_data"] = kwargs
    elif len(args) == 1:
        arguments["input_data"] = args[0]
    elif len(args) == 2:
        arguments.update(input_data=args[0], target_value=args[1])
    elif args:
        arguments["input_data"] = args
    result: Any = workbench.executor.execute(
        code=code,
        language=cast("Language", language),
        limits=limits,
        arguments=arguments,
        cancel=cancel,
    )
    failed = result.get("status") != "success"
    value = result.get("return_value")
    return {
        "output": None if failed else _literal(value),
        "stdout": str(result.get("stdout") or ""),
        "verdict": str(result.get("verdict") or ("AC" if not failed else "RE")),
        "message": str(result.get("error_message") or "") if failed else "",
    }


def _literal(value: Any) -> str:
    if isinstance(value, str):
        return value  # bp_execute's return value is already the value as text
    from ..runner.child.python.literals import show

    return show(value, 10_000)


def _meaning(verdict: str) -> str:
    return Verdict(verdict).meaning.lower() if verdict in Verdict.__members__ else verdict
