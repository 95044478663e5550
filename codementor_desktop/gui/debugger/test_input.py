"""A test's input (the argument list as the problem writes it, ``[2,7,11,15], 9``) as the
``input_data`` and ``target_value`` the tracing tools take (Qt-free)."""

from __future__ import annotations

import ast
import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...problems.model import Problem


class UntraceableInput(ValueError):
    """The test's input is not a list of literal values."""


def parse_arguments(text: str) -> list[Any]:
    """The arguments written in ``text``: Python literals (``None``, ``True``) or JSON ones (``null``)."""
    text = text.strip()
    if not text:
        return []
    try:
        return list(ast.literal_eval(f"({text},)"))
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        pass
    try:
        parsed = json.loads(f"[{text}]")
    except ValueError as exc:
        raise UntraceableInput(f"the test's input {shorten(text)} is not a list of values ({exc})") from None
    return list(parsed)


def problem_input(problem: Problem, text: str) -> dict[str, Any]:
    """How a trace of ``problem`` asks for the input ``text``: ``test_id`` when it is one of the
    statement's examples (the tool then knows its expected output), else ``input_data``."""
    for number, example in enumerate(problem.examples, start=1):
        if example.input.strip() == text.strip():
            return {"test_id": number}
    return {"input_data": text}


def traced_text(problem: Problem, arguments: dict[str, Any]) -> str | None:
    """The input text a tool's trace of ``problem`` ran on (its ``arguments``: an example's
    ``test_id``, the problem's ``input_data``, or the older ``input_data``/``target_value``), or
    None when it names no input of this problem."""
    if arguments.get("problem_id") not in (None, problem.id):
        return None
    test_id = arguments.get("test_id")
    if isinstance(test_id, int) and 1 <= test_id <= len(problem.examples):
        return problem.examples[test_id - 1].input
    if arguments.get("problem_id") is not None and "input_data" not in arguments:
        return problem.examples[0].input if problem.examples else None  # the tool's default: example 1
    if "input_data" not in arguments:
        return None
    data = arguments["input_data"]
    if arguments.get("problem_id") is not None and "target_value" not in arguments:
        if isinstance(data, str):
            return data
        if isinstance(data, list) and len(problem.function.params) != 1:
            return ", ".join(_literal(value) for value in data)
        return _literal(data)
    return arguments_text(arguments, len(problem.function.params))


def call_arguments(text: str) -> dict[str, Any]:
    """``input_data`` (and ``target_value``) that make the child call the function with these arguments:
    one argument alone, two as input and target, more as a list the child spreads over the parameters."""
    arguments = parse_arguments(text)
    if not arguments:
        return {}
    if len(arguments) == 1:
        return {"input_data": arguments[0]}
    if len(arguments) == 2:
        return {"input_data": arguments[0], "target_value": arguments[1]}
    return {"input_data": arguments}


def arguments_text(inputs: dict[str, Any], parameter_count: int) -> str:
    """The input text that ``call_arguments`` reads back as ``inputs`` (``input_data`` and
    ``target_value`` as a tool was called with them), for a function of ``parameter_count`` parameters."""
    data = inputs.get("input_data")
    if "target_value" in inputs:
        return f"{_literal(data)}, {_literal(inputs['target_value'])}"
    if parameter_count > 2 and isinstance(data, list):
        return ", ".join(_literal(value) for value in data)
    return _literal(data)


def _literal(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def shorten(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
