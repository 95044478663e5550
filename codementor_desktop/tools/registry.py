"""The registry: validates a call, checks who may make it and how often, runs it, logs it.

``call`` never raises. Unknown tools, malformed JSON, invalid or oversized arguments, another
learner's ``user_id``, a model writing the learner's data (``permissions``), a rate limit, an unreachable backend and our own bugs all come back as the
tool-layer error object, so a model (or a person) can read what to correct.

A ``Tool`` binds a name, its argument model and its handler where the tool is declared; the
handler's annotations give the result type. Tools can be registered lazily (a loader that imports
the module declaring them), so a call imports only what it runs.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

from pydantic import ValidationError

from ..domain.suggestions import close_names, did_you_mean
from ..domain.vocabulary import Caller, ErrorCode
from ..runner.backend import BackendUnavailable, UnsupportedLanguage
from .arguments import decode_arguments, oversized
from .capping import cap_for_model
from .context import ToolContext
from .errors import ToolFailure, invalid_arguments, tool_error
from .permissions import refusal
from .schemas import ToolArguments, openai_tool
from .workbench import Workbench

if TYPE_CHECKING:
    from ..storage.rate_events import RateLimiter
    from .audit import AuditLog

log = logging.getLogger(__name__)
A = TypeVar("A", bound=ToolArguments)
R = TypeVar("R", bound=Mapping[str, Any])


class Bucket(NamedTuple):
    """A rate limit's name, and whether it protects a resource others share (a Piston server)."""

    name: str
    shared: bool = False


@dataclass(frozen=True)
class Tool(Generic[A, R]):
    """One tool: its argument model (which names it), its handler, and the rate limit it counts
    against (``bucket``, given the parsed arguments), if any."""

    arguments: type[A]
    handler: Callable[[A, ToolContext, Workbench], R]
    bucket: Callable[[A, Workbench], Bucket | None] | None = None

    @property
    def name(self) -> str:
        return self.arguments.NAME

    def openai(self) -> dict[str, Any]:
        """This tool's entry in the OpenAI ``tools=[...]`` list."""
        return openai_tool(self.arguments)


AnyTool = Tool[Any, Any]
ToolLoader = Callable[[], Sequence[AnyTool]]


def rate_limited(caller: Caller, bucket: Bucket) -> bool:
    """Rate limits protect shared resources and keep a model's tool loop in bounds: a model or the
    coach is always counted; a person (the window, the command line) only on a shared server."""
    if caller in (Caller.MODEL, Caller.COACH):
        return True
    return bucket.shared


class ToolRegistry:
    """The tools a caller can use, by name."""

    def __init__(self, workbench: Workbench, limiter: RateLimiter, audit: AuditLog):
        self.workbench = workbench
        self._limiter = limiter
        self._audit = audit
        self._tools: dict[str, AnyTool | ToolLoader] = {}

    def register(self, tool: AnyTool) -> None:
        self._tools[tool.name] = tool

    def register_lazily(self, names: Sequence[str], loader: ToolLoader) -> None:
        """Tools ``names``, declared by whatever ``loader`` imports on their first call."""
        for name in names:
            self._tools[name] = loader

    def names(self) -> list[str]:
        return list(self._tools)

    def tool(self, name: str) -> AnyTool | None:
        entry = self._tools.get(name)
        if entry is None or isinstance(entry, Tool):
            return entry
        for loaded in entry():
            if self._tools.get(loaded.name) is entry:
                self._tools[loaded.name] = loaded
        found = self._tools.get(name)
        if not isinstance(found, Tool):
            raise LookupError(f"the loader of {name} does not declare it")
        return found

    def openai_tools(self) -> list[dict[str, Any]]:
        """The ``tools=[...]`` list a model is given."""
        return [tool.openai() for tool in map(self.tool, self.names()) if tool is not None]

    def call(self, name: str, arguments: Mapping[str, Any] | str | None, context: ToolContext | None = None) -> dict:
        """Run tool ``name`` with ``arguments`` (a dict or the raw JSON a model sent)."""
        started = time.perf_counter()
        context = context or ToolContext(caller=Caller.CLI, learner=self.workbench.settings.user)
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
            self._audit.record(name, context.caller.value, context.learner, arguments, result, started)
        except Exception:  # noqa: BLE001 - a full disk must not break tutoring
            log.exception("audit log write failed")
        return result

    def _call(self, name: str, arguments: Mapping[str, Any] | str | None, context: ToolContext) -> dict:
        if name not in self._tools:
            known = ", ".join(sorted(self._tools))
            return tool_error(
                ErrorCode.UNKNOWN_TOOL,
                f"There is no tool named {name!r}.{did_you_mean(name, self._tools)} Known tools: {known}.",
                suggestions=close_names(name, self._tools),
            )
        values, problem = decode_arguments(arguments)
        if problem is not None:
            return problem
        problem = oversized(values, self.workbench.settings)
        if problem is not None:
            return problem
        tool = self.tool(name)
        assert tool is not None
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
        refused = refusal(name, parsed, context, self.workbench)  # a model writing the learner's data
        if refused is not None:
            return refused
        bucket = tool.bucket(parsed, self.workbench) if tool.bucket is not None else None
        if bucket is not None and rate_limited(context.caller, bucket):
            wait = self._limiter.take(context.learner, bucket.name)
            if wait is not None:
                return tool_error(
                    ErrorCode.RATE_LIMITED,
                    f"Too many {name} calls for now ({bucket.name}); try again in {wait:.0f} s.",
                    retry_after_s=wait,
                )
        try:
            result = tool.handler(parsed, context, self.workbench)
            return result if isinstance(result, dict) else dict(result)
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
