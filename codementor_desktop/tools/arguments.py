"""What a call's arguments may be before a model checks them: a JSON object, of bounded size and
depth. Each refusal is the tool-layer error object naming the field and the limit."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..domain.vocabulary import ErrorCode
from ..storage.settings import Settings
from .errors import tool_error

# The fields that carry source code (their characters are limited by ``max_code_chars``) and the
# values handed to the learner's code as they are (their JSON bytes by ``max_input_bytes``).
CODE_FIELDS = ("code", "test_code", "optimal_solution")
DATA_FIELDS = ("input_data", "target_value")
# Deeper values would meet Python's recursion limit on their way to and inside the child.
MAX_NESTING = 200


def decode_arguments(arguments: Mapping[str, Any] | str | None) -> tuple[dict[str, Any], dict | None]:
    """The arguments as a dict, or an error object saying why they are not a JSON object."""
    if arguments is None:
        return {}, None
    if isinstance(arguments, str):
        if not arguments.strip():
            return {}, None
        try:
            arguments = json.loads(arguments)
        except json.JSONDecodeError as exc:
            return {}, _invalid(
                f"The arguments are not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}.",
                "(arguments)",
                "not valid JSON",
            )
        except RecursionError:
            return {}, _too_deep("(arguments)")
    if not isinstance(arguments, Mapping):
        return {}, _invalid(
            f"The arguments must be a JSON object, not {type(arguments).__name__}.", "(arguments)", "must be an object"
        )
    return dict(arguments), None


def oversized(values: Mapping[str, Any], settings: Settings) -> dict | None:
    """An error object for the first field over its limit, or None."""
    limit = settings.max_code_chars
    for name in CODE_FIELDS:
        value = values.get(name)
        if isinstance(value, str) and len(value) > limit:
            return _invalid(
                f"{name} has {len(value):,} characters; the limit is {limit:,}.", name, f"at most {limit} characters"
            )
    for name, value in values.items():
        if nesting_exceeds(value, MAX_NESTING):
            return _too_deep(name)
    limit = settings.max_input_bytes
    for name in DATA_FIELDS:
        if name in values:
            size = len(json.dumps(values[name], ensure_ascii=False, default=str).encode("utf-8", "replace"))
            if size > limit:
                return _invalid(
                    f"{name} is {size:,} bytes of JSON; the limit is {limit:,} (the max_input_bytes setting).",
                    name,
                    f"at most {limit} bytes of JSON",
                )
    return None


def nesting_exceeds(value: Any, limit: int) -> bool:
    """Whether lists and objects in ``value`` nest deeper than ``limit`` (without recursing)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, Mapping):
            children: Any = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, Mapping | list | tuple))
    return False


def _too_deep(field: str) -> dict:
    return _invalid(
        f"{field} nests lists or objects more than {MAX_NESTING} levels deep; the limit is {MAX_NESTING}.",
        field,
        f"at most {MAX_NESTING} levels of nesting",
    )


def _invalid(message: str, field: str, why: str) -> dict:
    return tool_error(ErrorCode.INVALID_ARGUMENTS, message, [{"field": field, "message": why}])
