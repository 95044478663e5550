"""Which input a trace of a bank problem runs on: an example by its number, or any other input.

``bp_trace``, ``bp_breakpoint`` and ``bp_variable_history`` take ``problem_id`` with ``test_id``
(an example's number, 1-based, the statement's examples only) or with ``input_data`` (the
problem's arguments: a test's text ``"[2,7,11,15], 9"`` or ``"nums = [2,7], target = 9"``, a list
of the arguments, or, for a problem of one parameter, that argument). The child then calls the
learner's function exactly as the judge does (``runner.protocol.ProblemCall``). After the trace,
``judged`` says whether the traced answer equals the example's expected output, by the problem's
own comparison.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from ..domain.vocabulary import ErrorCode, Verdict
from ..problems.judging import function_spec
from ..runner.child.python.literals import LiteralError, parse_arguments
from ..runner.judging import ChannelFault, Judgment
from .errors import ToolFailure, unknown_problem
from .own_input import input_problem

if TYPE_CHECKING:
    from ..problems.model import Problem
    from ..runner.child.wire import FunctionSpec, TestCase
    from ..runner.protocol import ProblemCall
    from .workbench import Workbench


@dataclass(frozen=True)
class TracedInput:
    """A bank problem's input as a trace job carries it, and what the tool says about it."""

    problem: Problem
    call: ProblemCall
    test_id: int | None
    expected_output: str | None

    def described(self) -> dict[str, Any]:
        """The fields a trace result gains: which problem and input it ran on."""
        out: dict[str, Any] = {"problem_id": self.problem.id, "input": self.call["input"]}
        if self.test_id is not None:
            out["test_id"] = self.test_id
            out["expected_output"] = self.expected_output
        return out


def traced_input(args: Any, services: Workbench, language: str) -> TracedInput | None:
    """The problem input ``args`` asks for, or None for free code (no ``problem_id``).

    Raises ToolFailure: NOT_FOUND for an unknown problem, INVALID_ARGUMENTS for a test number
    that is not an example's, for both ``test_id`` and ``input_data``, or for an input that is
    not the problem's arguments (with the sentence saying why)."""
    given = args.model_fields_set
    problem_id = getattr(args, "problem_id", None)
    test_id = getattr(args, "test_id", None)
    if not problem_id:
        if test_id is not None:
            raise _invalid("test_id", "test_id numbers an example of a bank problem: give problem_id too.")
        return None
    problem = services.bank.get(problem_id)
    if problem is None:
        raise unknown_problem(problem_id, services.bank.problems)
    spec = cast("FunctionSpec", function_spec(problem, language))
    if getattr(args, "entry_point", None):
        spec["name"] = args.entry_point
    examples = problem.examples
    if "input_data" in given and test_id is not None:
        raise _invalid("test_id", "Give test_id (an example's number) or input_data (any other input), not both.")
    if "input_data" in given:
        text = argument_text(problem, args.input_data, args.target_value if "target_value" in given else _NONE)
        call: ProblemCall = {"input": text, "function": spec, "compare": problem.compare}
        return TracedInput(problem, call, None, None)
    number = 1 if test_id is None else test_id
    if not examples:
        raise _invalid("problem_id", f"{problem.title} has no examples to trace; give input_data.")
    if not 1 <= number <= len(examples):
        count = len(examples)
        raise _invalid(
            "test_id",
            f"{problem.title} has {count} example{'s' if count != 1 else ''} (test_id 1 to {count}); "
            f"{number} is not one of them (hidden tests are not traced).",
        )
    example = examples[number - 1]
    call = {"input": example.input, "function": spec, "compare": problem.compare}
    return TracedInput(problem, call, number, example.output)


_NONE = object()


def argument_text(problem: Problem, data: Any, target: Any = _NONE) -> str:
    """``data`` as the problem's argument text (a test's ``input``); raises INVALID_ARGUMENTS with
    the reason when it is not the problem's arguments."""
    params = problem.function.params
    text: str | None
    if target is not _NONE:
        text = ", ".join(json.dumps(v) for v in (data, target))
    elif isinstance(data, str):
        text = data
        if len(params) == 1 and params[0].type == "str" and not _one_string(text):
            text = json.dumps(data)  # the one string argument itself, e.g. ()[]{} or 127
    elif isinstance(data, dict):
        text = ", ".join(f"{name} = {json.dumps(value)}" for name, value in data.items())
    elif isinstance(data, list) and len(params) != 1:
        text = ", ".join(json.dumps(v) for v in data)
    else:
        text = json.dumps(data)  # the one argument of a one-parameter problem
    refused = input_problem(problem, text)
    if refused:
        raise _invalid("input_data", f"{refused} Write the arguments as a test does, e.g. {problem.examples[0].input!r}."
                       if problem.examples else refused)  # fmt: skip
    return text


def _one_string(text: str) -> bool:
    """True when ``text`` is written as a test writes one string argument (``"127"``, ``s = "ab"``)."""
    try:
        args, kwargs = parse_arguments(text)
    except LiteralError:
        return False
    values = args + list(kwargs.values())
    return len(values) == 1 and isinstance(values[0], str)


def judged(traced: TracedInput, result: dict[str, Any]) -> None:
    """Add ``matches_expected`` to a finished trace of an example: whether its answer equals the
    expected output under the problem's comparison (its checker, tolerance or order rules)."""
    if traced.test_id is None or traced.expected_output is None:
        return
    answer = result.get("answer")
    if result.get("stop_reason") != "finished" or not isinstance(answer, str):
        result["matches_expected"] = None
        return
    test = cast(
        "TestCase",
        {"test_id": traced.test_id, "input": traced.call["input"], "expected_output": traced.expected_output},
    )
    problem = traced.problem
    judgment = Judgment([test], compare_mode=problem.compare, checker=problem.checker, function=traced.call["function"])
    try:
        verdict = judgment.one(test, {"test_id": traced.test_id, "value": answer}).get("verdict")
    except ChannelFault:
        verdict = None
    known = (Verdict.AC.value, Verdict.WA.value)
    result["matches_expected"] = None if verdict not in known else verdict == Verdict.AC.value


def _invalid(field: str, message: str) -> ToolFailure:
    return ToolFailure(ErrorCode.INVALID_ARGUMENTS, message, field_errors=[{"field": field, "message": message}])
