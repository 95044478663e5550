"""A test's input (the argument list as the problem writes it, ``[2,7,11,15], 9``) as the
``input_data`` and ``target_value`` the tracing tools take (Qt-free)."""

from __future__ import annotations

import ast
import json
from typing import Any


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
