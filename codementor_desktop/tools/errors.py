"""The tool layer's error object (VOCABULARY: "Errors of the tool layer")."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import ValidationError

from ..domain.suggestions import close_names, did_you_mean
from ..domain.vocabulary import ErrorCode


class ToolFailure(Exception):
    """Raised inside a tool adapter to return an error object instead of a result."""

    def __init__(self, code: ErrorCode, message: str, **extra: Any):
        self.code = code
        self.message = message
        self.extra = extra
        super().__init__(message)

    def as_result(self) -> dict[str, Any]:
        return tool_error(self.code, self.message, **self.extra)


def tool_error(code: ErrorCode, message: str, field_errors: list[dict] | None = None, **extra: Any) -> dict:
    error: dict[str, Any] = {"status": "error", "error_code": code.value, "error_message": message}
    if field_errors:
        error["field_errors"] = field_errors
    error.update(extra)
    return error


def field_errors_of(exc: ValidationError) -> list[dict[str, str]]:
    """Pydantic's errors as ``{"field": "test_cases.0.input", "message": ...}``."""
    out = []
    for error in exc.errors():
        location = ".".join(str(part) for part in error["loc"]) or "(arguments)"
        message = error["msg"]
        if error["type"] == "missing":
            message = "this field is required"
        elif error["type"] == "extra_forbidden":
            message = "this tool has no such parameter"
        out.append({"field": location, "message": message})
    return out


def invalid_arguments(tool: str, exc: ValidationError) -> dict:
    fields = field_errors_of(exc)
    names = ", ".join(f"{f['field']} ({f['message']})" for f in fields[:5])
    return tool_error(ErrorCode.INVALID_ARGUMENTS, f"The arguments of {tool} are not valid: {names}.", fields)


def unknown_problem(problem_id: str, known: Iterable[str], advice: str = "") -> ToolFailure:
    """NOT_FOUND for a problem id the bank does not have, with the closest ids it does have (in
    the sentence, and as ``suggestions`` for a program): a model or a person who mistyped it can
    correct it at once. ``advice`` goes on the sentence (``"; hints belong to bank problems"``)."""
    known = list(known)
    return ToolFailure(
        ErrorCode.NOT_FOUND,
        f"There is no problem {problem_id!r} in the bank{advice}.{did_you_mean(problem_id, known)}",
        field_errors=[{"field": "problem_id", "message": "unknown problem"}],
        suggestions=close_names(problem_id, known),
    )
