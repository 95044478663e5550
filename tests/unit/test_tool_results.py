"""Each tool's result type is declared once: its handler returns it, and the typed name a caller
reads results by (``tools/results.py``) carries the same type."""

from __future__ import annotations

import re

from codementor_desktop.domain.vocabulary import ErrorCode
from codementor_desktop.tools import results
from codementor_desktop.tools.catalog import every_tool
from codementor_desktop.tools.errors import tool_error


def typed_names() -> dict[str, str]:
    """Each ``ToolName`` of ``results``: the tool's name -> the result type it carries."""
    found = {}
    for attribute, annotation in results.__annotations__.items():
        match = re.fullmatch(r"ToolName\[(\w+)\]", annotation)
        if match:
            found[getattr(results, attribute).name] = match.group(1)
    return found


def test_every_tool_has_a_typed_name_with_its_handlers_result_type() -> None:
    returned = {tool.name: tool.handler.__annotations__["return"] for tool in every_tool()}
    assert typed_names() == returned


def test_a_handler_returns_a_declared_result_type() -> None:
    declared = set(results.__all__)
    assert {tool.handler.__annotations__["return"] for tool in every_tool()} <= declared


def test_an_error_is_told_from_a_result() -> None:
    error = tool_error(ErrorCode.NOT_FOUND, "There is no problem 'x' in the bank.")
    assert results.failed(results.result_of(results.GENERATE_HINT, error))
    hint = {"status": "success", "problem_id": "two-sum", "hint_level": 1, "hints_total": 3, "hint": "…"}
    assert not results.failed(results.result_of(results.GENERATE_HINT, hint))
