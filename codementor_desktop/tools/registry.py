"""The registry: validates a call, checks who may make it and how often, runs it, logs it.

``call`` never raises. Unknown tools, malformed JSON, invalid or oversized arguments, another
learner's ``user_id``, a rate limit, an unreachable backend and our own bugs all come back as the
tool-layer error object, so a model (or a person) can read what to correct.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from ..domain.vocabulary import Caller, ErrorCode
from ..runner.executor import BackendUnavailable, UnsupportedLanguage
from .capping import cap_for_model
from .context import ToolContext
from .errors import ToolFailure, invalid_arguments, tool_error
from .schemas import ARGUMENT_MODELS, SIZE_CHECKED_FIELDS, ToolArguments, openai_tool

if TYPE_CHECKING:
    from .services import Services

log = logging.getLogger(__name__)
Handler = Callable[[Any, ToolContext, "Services"], dict]
BucketOf = Callable[[Any, "Services"], str | None]


@dataclass(frozen=True)
class Tool:
    name: str
    handler: Handler
    bucket: BucketOf | None = None

    @property
    def arguments(self) -> type[ToolArguments]:
        return ARGUMENT_MODELS[self.name]


class ToolRegistry:
    """The tools a caller can use, by name."""

    def __init__(self, services: Services):
        self.services = services
        self._tools: dict[str, Tool] = {}

    def register(self, tool: Tool) -> None:
        if tool.name not in ARGUMENT_MODELS:
            raise KeyError(f"{tool.name} has no argument model")
        self._tools[tool.name] = tool

    def names(self) -> list[str]:
        return list(self._tools)

    def openai_tools(self) -> list[dict]:
        """The ``tools=[...]`` list a model is given."""
        return [openai_tool(name) for name in self._tools]

    def call(self, name: str, arguments: dict | str | None, context: ToolContext | None = None) -> dict:
        """Run tool ``name`` with ``arguments`` (a dict or the raw JSON a model sent)."""
        started = time.perf_counter()
        context = context or ToolContext(caller=Caller.CLI, learner=self.services.settings.user)
        try:
            result = self._call(name, arguments, context)
        except Exception:  # noqa: BLE001 - the registry's promise: never raise
            log.exception("tool %s failed", name)
            result = tool_error(
                ErrorCode.INTERNAL_ERROR,
                f"{name} failed because of a fault in CodeMentor, not in your code; the log has the details.",
            )
        if context.capped:
            result = cap_for_model(result)
        try:
            self.services.audit.record(name, context.caller.value, context.learner, arguments, result, started)
        except Exception:  # noqa: BLE001 - a full disk must not break tutoring
            log.exception("audit log write failed")
        return result

    def _call(self, name: str, arguments: dict | str | None, context: ToolContext) -> dict:
        tool = self._tools.get(name)
        if tool is None:
            known = ", ".join(sorted(self._tools))
            return tool_error(ErrorCode.UNKNOWN_TOOL, f"There is no tool named {name!r}. Known tools: {known}.")
        values, problem = _decode_arguments(arguments)
        if problem is not None:
            return problem
        limit = self.services.settings.max_code_chars
        for field in SIZE_CHECKED_FIELDS:
            value = values.get(field)
            if isinstance(value, str) and len(value) > limit:
                return tool_error(
                    ErrorCode.INVALID_ARGUMENTS,
                    f"{field} has {len(value):,} characters; the limit is {limit:,}.",
                    [{"field": field, "message": f"at most {limit} characters"}],
                )
        try:
            parsed = tool.arguments.model_validate(values)
        except ValidationError as exc:
            return invalid_arguments(name, exc)
        user_id = getattr(parsed, "user_id", None)
        if user_id is not None and user_id != context.learner:
            return tool_error(
                ErrorCode.FORBIDDEN,
                "user_id must be the current learner's; omit it to mean the current learner.",
                [{"field": "user_id", "message": "not the current learner"}],
            )
        if context.caller is not Caller.PERSON and tool.bucket is not None:
            bucket = tool.bucket(parsed, self.services)
            if bucket is not None:
                wait = self.services.limiter.take(context.learner, bucket)
                if wait is not None:
                    return tool_error(
                        ErrorCode.RATE_LIMITED,
                        f"Too many {name} calls for now ({bucket}); try again in {wait:.0f} s.",
                        retry_after_s=wait,
                    )
        try:
            return tool.handler(parsed, context, self.services)
        except ToolFailure as failure:
            return failure.as_result()
        except UnsupportedLanguage as exc:
            return tool_error(
                ErrorCode.UNSUPPORTED_LANGUAGE,
                f"{name} cannot run {exc.language} here. Supported: {', '.join(exc.supported)}."
                + (f" {exc.reason}" if exc.reason else ""),
                supported=list(exc.supported),
            )
        except BackendUnavailable as exc:
            return tool_error(ErrorCode.BACKEND_UNAVAILABLE, str(exc), address=exc.address)


def _decode_arguments(arguments: dict | str | None) -> tuple[dict, dict | None]:
    if arguments is None:
        return {}, None
    if isinstance(arguments, str):
        if not arguments.strip():
            return {}, None
        try:
            arguments = json.loads(arguments)
        except json.JSONDecodeError as exc:
            return {}, tool_error(
                ErrorCode.INVALID_ARGUMENTS,
                f"The arguments are not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}.",
                [{"field": "(arguments)", "message": "not valid JSON"}],
            )
    if not isinstance(arguments, dict):
        return {}, tool_error(
            ErrorCode.INVALID_ARGUMENTS,
            f"The arguments must be a JSON object, not {type(arguments).__name__}.",
            [{"field": "(arguments)", "message": "must be an object"}],
        )
    return arguments, None
