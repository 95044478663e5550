"""A model's answer read from what its server sent: streamed chunks, or one whole chat completion
from a server that ignores ``stream: true``.

Chunks are read as the JSON the server sent (the SDK's models are built without validation, cost
six times as much per chunk, and would let a wrong shape through to fail later): each field is
checked for the shape the protocol gives it, and a wrong one is a ``MalformedAnswer`` saying what.
Tool calls are assembled in both styles servers use (fragments keyed by ``index``; whole calls in
one chunk, Ollama's way, where every call may say ``index`` 0). Assembly is linear (pieces kept in
a list, joined once), and a call whose arguments pass ``MAX_ARGUMENTS`` is ``overflowed``: its text
is dropped at once and the provider reads no more of that answer, so a call of megabytes costs
neither memory nor the time to read it, and is refused, never run or resent.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

# Characters of one call's arguments: the largest a tool takes (code, a few test cases) is a few
# kilobytes; past this the call is refused at once and its text is not kept.
MAX_ARGUMENTS = 256 * 1024
_MAX_NAME = 256  # a tool's name or a call's id; a longer one names no tool and is not kept whole


class MalformedAnswer(ValueError):
    """What the server sent is not a chat completion: ``str`` says what, for the provider to word."""


@dataclass(frozen=True)
class ToolCall:
    """A call the model made; ``arguments`` is its raw JSON text, possibly malformed. ``oversized``
    is how much of its arguments had come when they passed ``MAX_ARGUMENTS`` (then ``arguments``
    is empty and the answer was read no further)."""

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


def _starts_another(current: _Building, call_id: str, name: str) -> bool:
    """Whether a fragment with ``call_id`` and ``name``, at the index of ``current``, is a new call:
    another id, or (a server that sends no ids) a name arriving after ``current`` already holds
    complete JSON arguments."""
    if call_id and current.id:
        return call_id[:_MAX_NAME] != current.id
    if not (name and current.name and current.size):
        return False
    return current.holds_whole_json()


class Assembler:
    """Tool calls from stream fragments (``{"index", "id", "function": {"name", "arguments"}}``).
    A fragment at an index whose call is already another one starts a new call: Ollama sends whole
    calls, each at index 0."""

    def __init__(self) -> None:
        self._calls: list[_Building] = []
        self._by_index: dict[int, _Building] = {}
        self.overflowed = False  # a call's arguments passed the cap: the answer is read no further

    def add(self, fragment: Any) -> None:
        if not isinstance(fragment, dict):
            raise MalformedAnswer(f"a tool call is {_shown(fragment)}, not an object")
        index = fragment.get("index")
        index = len(self._calls) if index is None else index
        if not isinstance(index, int):
            raise MalformedAnswer(f"a tool call's index is {_shown(index)}, not a number")
        function = fragment.get("function") or {}
        if not isinstance(function, dict):
            raise MalformedAnswer(f"a tool call's function is {_shown(function)}, not an object")
        call_id = _text(fragment.get("id") or "", "a tool call's id")
        name = _text(function.get("name") or "", "a tool's name")
        arguments = function.get("arguments") or ""
        if isinstance(arguments, (dict, list)):  # some servers send the arguments as an object
            arguments = json.dumps(arguments)
        arguments = _text(arguments, "a tool call's arguments")
        current = self._by_index.get(index)
        if current is None or _starts_another(current, call_id, name):
            current = _Building()
            self._calls.append(current)
            self._by_index[index] = current
        if call_id:
            current.id = call_id[:_MAX_NAME]
        if name and current.name != name and len(current.name) < _MAX_NAME:
            current.name = (current.name + name)[:_MAX_NAME]
        if arguments:
            current.take(arguments)
            self.overflowed = self.overflowed or current.oversized

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


def _shown(value: Any) -> str:
    """A value a server sent where another belonged, short enough to quote."""
    text = json.dumps(value, default=str)
    return text if len(text) <= 40 else text[:40] + "…"


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise MalformedAnswer(f"{what} is {_shown(value)}, not text")
    return value


def _object(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise MalformedAnswer(f"{what} is {_shown(value)}, not an object")
    return value


def _usage(usage: Any) -> dict[str, int] | None:
    if not isinstance(usage, dict):
        return None
    return {name: usage[name] for name in ("prompt_tokens", "completion_tokens") if isinstance(usage.get(name), int)}


@dataclass
class ChunkParts:
    """What one streamed chunk adds: text, call fragments, the finish reason, the token count."""

    text: str = ""
    fragments: list[Any] = field(default_factory=list)
    finish_reason: str | None = None
    usage: dict[str, int] | None = None


def _choice(choices: Any, what: str) -> dict[str, Any] | None:
    """The first choice (the app asks for one), or None when there is none."""
    if choices is None:
        return None
    if not isinstance(choices, list):
        raise MalformedAnswer(f"the choices of {what} are {_shown(choices)}, not a list")
    return _object(choices[0], f"a choice of {what}") if choices else None


def chunk_parts(chunk: Any) -> ChunkParts:
    """The parts of one ``chat.completion.chunk``, as parsed from its ``data:`` line."""
    chunk = _object(chunk, "an event of the stream")
    parts = ChunkParts(usage=_usage(chunk.get("usage")))
    choice = _choice(chunk.get("choices"), "a chunk")
    if choice is None:
        return parts
    delta = _object(choice.get("delta") or {}, "the delta of a chunk")
    parts.text = _text(delta.get("content") or "", "the text of a chunk")
    calls = delta.get("tool_calls") or []
    if not isinstance(calls, list):
        raise MalformedAnswer(f"the tool calls of a chunk are {_shown(calls)}, not a list")
    parts.fragments = calls
    if choice.get("finish_reason"):
        parts.finish_reason = _text(choice["finish_reason"], "the finish reason of a chunk")
    return parts


def whole_answer(data: Any) -> Completion:
    """The ``Completion`` in one non-streamed ``chat.completion`` (``data`` parsed from its JSON)."""
    data = _object(data, "its reply")
    choice = _choice(data.get("choices"), "its reply")
    if choice is None:
        raise MalformedAnswer("its reply is JSON but holds no choice: not a chat completion")
    message = _object(choice.get("message"), "the message of its reply")
    assembler = Assembler()
    calls = message.get("tool_calls") or []
    if not isinstance(calls, list):
        raise MalformedAnswer(f"the tool calls of its reply are {_shown(calls)}, not a list")
    for index, call in enumerate(calls):
        # A whole call read as a fragment at its own index, so both are assembled and capped alike.
        assembler.add({**_object(call, "a tool call of its reply"), "index": index})
    made = assembler.calls()
    text = _text(message.get("content") or "", "the text of its reply")
    finish = choice.get("finish_reason") or ("tool_calls" if made else "stop")
    return Completion(text, made, _text(finish, "the finish reason of its reply"), _usage(data.get("usage")))
