"""A model's answer read from what its server sent: streamed chunks, or one whole chat completion
from a server that ignores ``stream: true``.

Tool calls are assembled in both styles servers use (fragments keyed by ``index``; whole calls in
one chunk, Ollama's way, where every call may say ``index`` 0). Assembly is linear (pieces kept in
a list, joined once), and one call's arguments stop being kept past ``MAX_ARGUMENTS``: only their
length is counted, so a call of megabytes costs no memory and is refused, never run or resent.
A chunk whose shape is not a chat completion chunk is a ``MalformedAnswer`` naming what was wrong.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from openai.types.chat import ChatCompletion, ChatCompletionChunk

# Characters of one call's arguments: the largest a tool takes (code, a few test cases) is a few
# kilobytes; past this the call is refused at once and its text is not kept.
MAX_ARGUMENTS = 256 * 1024
_MAX_NAME = 256  # a tool's name; a longer one names no tool and is not kept whole either


class MalformedAnswer(ValueError):
    """What the server sent is not a chat completion: ``str`` says what, for the provider to word."""


@dataclass(frozen=True)
class ToolCall:
    """A call the model made; ``arguments`` is its raw JSON text, possibly malformed. ``oversized``
    is the length of arguments that passed ``MAX_ARGUMENTS`` (then ``arguments`` is empty)."""

    id: str
    name: str
    arguments: str
    oversized: int = 0


@dataclass
class Completion:
    text: str = ""
    tool_calls: list[ToolCall] = field(default_factory=list)
    finish_reason: str | None = None
    usage: dict[str, int] | None = None


class _Building:
    """One call being assembled: its pieces of arguments, and their length counted past the cap."""

    __slots__ = ("id", "name", "pieces", "size")

    def __init__(self) -> None:
        self.id = ""
        self.name = ""
        self.pieces: list[str] = []
        self.size = 0

    def take(self, piece: str) -> None:
        self.size += len(piece)
        if self.size <= MAX_ARGUMENTS:
            self.pieces.append(piece)
        elif self.pieces:
            self.pieces.clear()  # past the cap: the text is dropped at once, only its length counts

    @property
    def oversized(self) -> bool:
        return self.size > MAX_ARGUMENTS

    def holds_whole_json(self) -> bool:
        """Whether the arguments so far are one complete JSON value (cheaply ruled out first: a
        server that repeats the name on every fragment must not cost a join per fragment)."""
        if not self.pieces or self.oversized or not self.pieces[-1].rstrip().endswith("}"):
            return False
        try:
            json.loads("".join(self.pieces))
        except ValueError:
            return False
        return True


def _starts_another(current: _Building, fragment: Any) -> bool:
    """Whether ``fragment``, at the index of ``current``, is a new call: another id, or (a server that
    sends no ids) a name arriving after ``current`` already holds complete JSON arguments."""
    if fragment.id and current.id:
        return bool(fragment.id != current.id)
    named = fragment.function is not None and bool(fragment.function.name)
    if not (named and current.name and current.size):
        return False
    return current.holds_whole_json()


class Assembler:
    """Tool calls from stream fragments. A fragment at an index whose call is already another one
    starts a new call: Ollama sends whole calls, each at index 0."""

    def __init__(self) -> None:
        self._calls: list[_Building] = []
        self._by_index: dict[int, _Building] = {}

    def add(self, fragment: Any) -> None:
        index = fragment.index if fragment.index is not None else len(self._calls)
        if not isinstance(index, int):
            raise MalformedAnswer(f"a tool call's index is {index!r}, not a number")
        function = fragment.function
        current = self._by_index.get(index)
        if current is None or _starts_another(current, fragment):
            current = _Building()
            self._calls.append(current)
            self._by_index[index] = current
        if fragment.id:
            current.id = _text(fragment.id, "a tool call's id")[:_MAX_NAME]
        if function is None:
            return
        name, arguments = function.name, function.arguments
        if name and current.name != name and len(current.name) < _MAX_NAME:
            current.name = (current.name + _text(name, "a tool's name"))[:_MAX_NAME]
        if arguments:
            current.take(_text(arguments, "a tool call's arguments"))

    def calls(self) -> list[ToolCall]:
        made = []
        for number, call in enumerate(self._calls):
            # a server that gives no id still needs one: the tool message must name its call
            call_id = call.id or f"call_{number}"
            if call.oversized:
                made.append(ToolCall(call_id, call.name, "", oversized=call.size))
            else:
                made.append(ToolCall(call_id, call.name, "".join(call.pieces)))
        return made


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise MalformedAnswer(f"{what} is {type(value).__name__} {str(value)[:40]!r}, not text")
    return value


def _usage(usage: Any) -> dict[str, int] | None:
    if usage is None:
        return None
    counts = {name: getattr(usage, name, None) for name in ("prompt_tokens", "completion_tokens")}
    return {name: count for name, count in counts.items() if isinstance(count, int)}


@dataclass
class ChunkParts:
    """What one streamed chunk adds: text, call fragments, the finish reason, the token count."""

    text: str = ""
    fragments: list[Any] = field(default_factory=list)
    finish_reason: str | None = None
    usage: dict[str, int] | None = None


def chunk_parts(chunk: Any) -> ChunkParts:
    """The parts of ``chunk`` as the SDK built it (without validation: any JSON object becomes a
    chunk), checked for the shape the protocol gives them."""
    if not isinstance(chunk, ChatCompletionChunk):
        raise MalformedAnswer(f"an event holds {type(chunk).__name__} {str(chunk)[:40]!r}, not a chunk object")
    parts = ChunkParts(usage=_usage(chunk.usage))
    choices = chunk.choices
    if choices is None:
        return parts
    if not isinstance(choices, list):
        raise MalformedAnswer(f"the choices of a chunk are {str(choices)[:40]!r}, not a list")
    for choice in choices[:1]:
        delta = getattr(choice, "delta", None)
        if delta is not None:
            if delta.content:
                parts.text = _text(delta.content, "the text of a chunk")
            if delta.tool_calls:
                if not isinstance(delta.tool_calls, list):
                    raise MalformedAnswer("the tool calls of a chunk are not a list")
                parts.fragments = list(delta.tool_calls)
        if getattr(choice, "finish_reason", None):
            parts.finish_reason = str(choice.finish_reason)
    return parts


def whole_answer(data: Any) -> Completion:
    """The ``Completion`` in one non-streamed chat completion (``data`` parsed from its JSON)."""
    if not isinstance(data, dict) or not isinstance(data.get("choices"), list) or not data["choices"]:
        raise MalformedAnswer(f"its reply is JSON but not a chat completion: {json.dumps(data)[:60]!r}")
    whole = ChatCompletion.model_construct(**data)
    message = getattr(whole.choices[0], "message", None)
    if message is None or not hasattr(message, "content"):
        raise MalformedAnswer("its reply is a chat completion without a message")
    assembler = Assembler()
    for index, call in enumerate(getattr(message, "tool_calls", None) or ()):
        function = getattr(call, "function", None)
        arguments = getattr(function, "arguments", None)
        if isinstance(arguments, (dict, list)):  # some servers send the arguments as an object
            arguments = json.dumps(arguments)
        assembler.add(
            _Fragment(index, getattr(call, "id", None), _Function(getattr(function, "name", None), arguments))
        )
    calls = assembler.calls()
    text = _text(message.content, "the text of its reply") if message.content else ""
    finish = getattr(whole.choices[0], "finish_reason", None) or ("tool_calls" if calls else "stop")
    return Completion(text, calls, str(finish), _usage(getattr(whole, "usage", None)))


@dataclass(frozen=True)
class _Function:
    name: Any
    arguments: Any


@dataclass(frozen=True)
class _Fragment:
    """A whole call in the shape of a stream fragment, so both are assembled (and capped) alike."""

    index: int
    id: Any
    function: _Function
