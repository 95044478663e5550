"""One tutor turn: the model answers, calls tools through the registry, reads their results, and
answers again, up to a bound.

Each tool call runs as ``caller=model`` (rate limits apply, results are capped for a model) and its
result goes back as a ``tool`` message carrying the call's ``tool_call_id``. Malformed arguments
are the registry's business: its error object goes back to the model, which can correct the call.
A model that makes the same failing call again is told so instead of being served it a second
time, and a third time ends the turn.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..domain.vocabulary import Caller
from ..tools.context import ToolContext
from .cancellation import Cancellation
from .errors import Cancelled, ProviderError
from .events import Listener, TextDelta, ToolFinished, ToolStarted, TurnEnded, TutorError
from .prompts import load
from .summaries import summarize

if TYPE_CHECKING:
    from ..tools.registry import ToolRegistry
    from ..tools.tutoring import TutorSeat
    from .provider import Completion, Provider, ToolCall

MAX_ROUNDS = 8
# The same failing call: the second time the model is told instead of served; the third ends the turn.
REFUSE_AT, STOP_AT = 2, 3


class TutorLoop:
    """Runs turns of one conversation. ``messages`` holds it, the system prompt first; a turn
    appends the learner's message, the model's answers and the tool results to it."""

    def __init__(
        self,
        provider: Provider,
        registry: ToolRegistry,
        learner: str,
        *,
        system_prompt: str | None = None,
        tools: Sequence[dict[str, Any]] | None = None,
        max_rounds: int = MAX_ROUNDS,
        seat: TutorSeat | None = None,
    ) -> None:
        self.provider = provider
        self.registry = registry
        self.learner = learner
        self.tools = list(tools) if tools is not None else registry.openai_tools()
        self.max_rounds = max_rounds
        self.seat = seat  # the session the tutor's own tools (escalate, conclude) act on
        self.messages: list[dict[str, Any]] = [{"role": "system", "content": system_prompt or load()}]

    def turn(self, said: str, emit: Listener, cancellation: Cancellation | None = None) -> TurnEnded:
        """Answer the learner's message ``said``; every event goes to ``emit``, the last a ``TurnEnded``."""
        cancellation = cancellation or Cancellation()
        self.messages.append({"role": "user", "content": said})
        failures: dict[tuple[str, str], int] = {}
        usage: dict[str, int] = {}
        rounds = 0
        while True:
            if rounds == self.max_rounds:
                emit(TutorError(f"The tutor stopped after {rounds} rounds of tool calls in one turn.", "round_limit"))
                return self._end(emit, "round_limit", rounds, usage)
            rounds += 1
            try:
                answer = self.provider.complete(
                    self.messages, self.tools, on_text=lambda piece: emit(TextDelta(piece)), cancellation=cancellation
                )
            except Cancelled:
                return self._end(emit, "cancelled", rounds, usage)
            except ProviderError as exc:
                emit(TutorError(str(exc), exc.kind))
                return self._end(emit, "error", rounds, usage)
            _add_usage(usage, answer)
            self.messages.append(_assistant_message(answer))
            if not answer.tool_calls:
                return self._end(emit, "answered", rounds, usage)
            for call in answer.tool_calls:
                if cancellation.cancelled:
                    # Every call the model made still needs its tool message, or the next request is refused.
                    self._reply(call, _not_run("the learner stopped the turn"))
                    continue
                key = (call.name, _normalized(call.arguments))
                if failures.get(key, 0) + 1 >= STOP_AT:
                    self._reply(call, _not_run("this exact call failed twice; it was not run again"))
                    emit(TutorError(f"The model kept repeating a failing call to {call.name}; the turn was stopped.",
                                    "repeated_call"))  # fmt: skip
                    self._close_pending(answer.tool_calls, call)
                    return self._end(emit, "repeated_call", rounds, usage)
                if failures.get(key, 0) + 1 >= REFUSE_AT:
                    failures[key] += 1
                    self._reply(call, _not_run("you already made this exact call and it failed; change the arguments"))
                    continue
                result = self._run(call, emit, cancellation)
                if result.get("status") == "error":
                    failures[key] = failures.get(key, 0) + 1
            if cancellation.cancelled:
                return self._end(emit, "cancelled", rounds, usage)

    def _run(self, call: ToolCall, emit: Listener, cancellation: Cancellation) -> dict[str, Any]:
        emit(ToolStarted(call.name, _parsed(call.arguments), call.id))
        context = ToolContext(caller=Caller.MODEL, learner=self.learner, cancel=cancellation.event, tutor=self.seat)
        result = self.registry.call(call.name, call.arguments or "{}", context)
        emit(ToolFinished(call.name, result, summarize(call.name, result), call.id))
        self._reply(call, result)
        return result

    def _reply(self, call: ToolCall, result: dict[str, Any]) -> None:
        content = json.dumps(result, ensure_ascii=False, default=str)
        self.messages.append({"role": "tool", "tool_call_id": call.id, "content": content})

    def _close_pending(self, calls: Sequence[ToolCall], stopped_at: ToolCall) -> None:
        """Tool messages for the calls after ``stopped_at``, so the conversation stays well formed."""
        for call in list(calls)[list(calls).index(stopped_at) + 1 :]:
            self._reply(call, _not_run("the turn was stopped"))

    def _end(self, emit: Listener, reason: str, rounds: int, usage: dict[str, int]) -> TurnEnded:
        ended = TurnEnded(reason, rounds, usage or None)
        emit(ended)
        return ended


def _assistant_message(answer: Completion) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": answer.text or None}
    if answer.tool_calls:
        message["tool_calls"] = [
            {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
            for c in answer.tool_calls
        ]
    return message


def _not_run(why: str) -> dict[str, Any]:
    return {"status": "error", "error_code": "NOT_RUN", "error_message": f"Not run: {why}."}


def _parsed(arguments: str) -> dict[str, Any] | str:
    try:
        value = json.loads(arguments or "{}")
    except ValueError:
        return arguments
    return value if isinstance(value, dict) else arguments


def _normalized(arguments: str) -> str:
    """The same call written with other spacing or key order is the same call."""
    value = _parsed(arguments)
    return json.dumps(value, sort_keys=True) if isinstance(value, dict) else arguments.strip()


def _add_usage(total: dict[str, int], answer: Completion) -> None:
    for name, count in (answer.usage or {}).items():
        total[name] = total.get(name, 0) + int(count or 0)
