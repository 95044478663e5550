"""One tutor turn: the model answers, calls tools through the registry, reads their results, and
answers again, up to a bound.

Each tool call runs as ``caller=model`` (rate limits apply, results are capped for a model) and its
result goes back as a ``tool`` message carrying the call's ``tool_call_id``. Malformed arguments
are the registry's business: its error object goes back to the model, which can correct the call.
A model that makes the same failing call again is told so instead of being served it a second
time, and a third time ends the turn.

What the model may do is what it was offered, whatever it asks: a call naming a tool that was not
in the request's tool list (even one the registry has), a call whose arguments passed
``MAX_ARGUMENTS`` (the provider stopped reading that answer), and every call past the first ``MAX_CALLS_PER_ANSWER`` of one answer are not
run. Each still gets its tool message (an error the model can read), the learner is told in a
``TutorError`` rather than by a card that would claim a tool ran, and oversized arguments are
replaced by a short note in the conversation, so they are never stored or sent again.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..domain.vocabulary import Caller
from ..tools.context import ToolContext
from .answer import MAX_ARGUMENTS
from .cancellation import Cancellation
from .errors import Cancelled, ProviderError
from .events import Listener, TextDelta, ToolFinished, ToolStarted, TurnEnded, TutorError
from .prompts import load
from .summaries import summarize

if TYPE_CHECKING:
    from ..tools.registry import ToolRegistry
    from ..tools.seat import TutorSeat
    from .provider import Completion, Provider, ToolCall

MAX_ROUNDS = 8
# Tool calls run for one answer of the model; the next ones get an error. A model that asks for
# thirty runs at once is looping, and each run may take seconds.
MAX_CALLS_PER_ANSWER = 6
# Calls of one answer kept in the conversation at all: past these, a server's flood of calls is
# dropped whole (no message each), so it cannot grow what is stored and resent every turn.
MAX_KEPT_CALLS = 64
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
        max_calls: int = MAX_CALLS_PER_ANSWER,
        seat: TutorSeat | None = None,
    ) -> None:
        self.provider = provider
        self.registry = registry
        self.learner = learner
        # What the model is offered: the only tools its calls may run.
        self.tools = list(tools) if tools is not None else registry.openai_tools()
        self.max_rounds = max_rounds
        self.max_calls = max_calls
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
            offered = list(self.tools)  # as this request sent them: a tutor may narrow the list after
            try:
                answer = self.provider.complete(
                    self.messages, offered, on_text=lambda piece: emit(TextDelta(piece)), cancellation=cancellation
                )
            except Cancelled:
                return self._end(emit, "cancelled", rounds, usage)
            except ProviderError as exc:
                emit(TutorError(str(exc), exc.kind))
                return self._end(emit, "error", rounds, usage)
            _add_usage(usage, answer)
            made = answer.tool_calls[:MAX_KEPT_CALLS]
            self.messages.append(_assistant_message(answer.text, made))
            if not made:
                return self._end(emit, "answered", rounds, usage)
            if len(answer.tool_calls) > self.max_calls:
                emit(TutorError(f"The model asked for {len(answer.tool_calls)} tool calls in one answer; the calls "
                                f"past the first {self.max_calls} were not run.", "call_limit"))  # fmt: skip
            if self._answer_calls(made, [tool["function"]["name"] for tool in offered], failures, emit, cancellation):
                return self._end(emit, "repeated_call", rounds, usage)
            if cancellation.cancelled:
                return self._end(emit, "cancelled", rounds, usage)

    def _answer_calls(
        self,
        made: Sequence[ToolCall],
        offered: Sequence[str],
        failures: dict[tuple[str, str], int],
        emit: Listener,
        cancellation: Cancellation,
    ) -> bool:
        """Run or refuse each call of one answer, each getting its tool message; True when a call
        the model kept repeating stopped the turn."""
        for position, call in enumerate(made):
            if cancellation.cancelled:
                # Every call the model made still needs its tool message, or the next request is refused.
                self._reply(call, _not_run("the learner stopped the turn"))
                continue
            if position >= self.max_calls:
                self._reply(call, _not_run(f"at most {self.max_calls} tool calls per answer", "CALL_LIMIT"))
                continue
            key = (call.name, "(oversized)" if call.oversized else _normalized(call.arguments))
            if failures.get(key, 0) + 1 >= STOP_AT:
                self._reply(call, _not_run("this exact call failed twice; it was not run again"))
                emit(TutorError(f"The model kept repeating a failing call to {_shown(call.name)}; the turn was "
                                "stopped.", "repeated_call"))  # fmt: skip
                self._close_pending(made, call)
                return True
            refused = _refusal(call, offered)
            if refused is not None:
                failures[key] = failures.get(key, 0) + 1
                result, told = refused
                self._reply(call, result)
                emit(told)
                continue
            if failures.get(key, 0) + 1 >= REFUSE_AT:
                failures[key] += 1
                self._reply(call, _not_run("you already made this exact call and it failed; change the arguments"))
                continue
            if self._run(call, emit, cancellation).get("status") == "error":
                failures[key] = failures.get(key, 0) + 1
        return False

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


def _assistant_message(text: str, calls: Sequence[ToolCall]) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": text or None}
    if calls:
        message["tool_calls"] = [
            {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": _kept_arguments(c)}}
            for c in calls
        ]
    return message


def _kept_arguments(call: ToolCall) -> str:
    """The arguments as the conversation keeps them: oversized ones as a note (still JSON, as some
    servers parse the arguments of past calls), so they are neither stored nor resent."""
    if not call.oversized:
        return call.arguments
    return json.dumps({"omitted": f"arguments over the limit of {MAX_ARGUMENTS} characters, not kept"})


def _not_run(why: str, code: str = "NOT_RUN") -> dict[str, Any]:
    return {"status": "error", "error_code": code, "error_message": f"Not run: {why}."}


def _refusal(call: ToolCall, offered: Sequence[str]) -> tuple[dict[str, Any], TutorError] | None:
    """Why ``call`` is not run at all, for the model and for the learner; None when it may run."""
    name = _shown(call.name)
    if call.oversized:
        why = (
            f"its arguments passed the limit of {MAX_ARGUMENTS:,} characters, and the rest of your answer was not read"
        )
        told = (
            f"The model sent a call to {name} whose arguments passed the limit of {MAX_ARGUMENTS:,} characters; "
            "it was not run, and the rest of that answer was not read."
        )
        return _not_run(why, "ARGUMENTS_TOO_LARGE"), TutorError(told, "arguments_too_large")
    if call.name not in offered:
        listed = ", ".join(offered) if offered else "none"
        why = f"{name} is not one of the tools you were offered ({listed})"
        told = f"The model asked for {name}, a tool it was not offered; it was not run."
        return _not_run(why, "TOOL_NOT_OFFERED"), TutorError(told, "tool_not_offered")
    return None


def _shown(name: str) -> str:
    """A tool's name as a sentence shows it: a model may send any text as a name."""
    return repr(name[:60]) if not name.isidentifier() else name


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
