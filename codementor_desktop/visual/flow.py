"""What bp_execution_diagram draws, read from a trace: executed blocks, calls, a variable's states.

* ``flow_graph``: per function, the lines that ran, merged into basic blocks (a chain that always
  ran straight through), with edges weighted by how often control passed; an edge back to an
  earlier line is a loop.
* ``call_sequence``: calls and returns between functions, with arguments and return values.
* ``variable_states``: the values one variable passed through, and how often each change happened.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .history import collect
from .replay import Replay, Step

MAX_MESSAGES = 120
MAX_STATES = 30


@dataclass
class Block:
    id: str
    function: str
    first: int
    last: int
    count: int
    text: str


@dataclass
class FlowGraph:
    blocks: list[Block]
    edges: list[tuple[str, str, int, str]]  # from, to, times, "next" | "loop" | "call" | "return"
    functions: list[str]
    total_steps: int


@dataclass
class Message:
    source: str
    target: str
    kind: str  # "call" | "return" | "raise" | "yield" | "resume"
    text: str
    depth: int


@dataclass
class CallSequence:
    participants: list[str]
    messages: list[Message]
    total_calls: int
    omitted: int = 0


@dataclass
class VariableStates:
    variable: str
    states: list[str]
    transitions: list[tuple[int, int, int]]  # from state, to state, times
    order: list[int] = field(default_factory=list)  # the states visited, in order (capped)
    omitted: int = 0
    note: str = ""


def _source(trace: dict[str, Any], line: int) -> str:
    lines = trace.get("source_lines") or []
    if 1 <= line <= len(lines):
        text = " ".join(lines[line - 1].split())
        return text if len(text) <= 48 else text[:47] + "…"
    return ""


def flow_graph(trace: dict[str, Any]) -> FlowGraph:
    """Executed lines per function, merged into basic blocks, with weighted edges."""
    steps = trace.get("steps") or []
    counts: dict[tuple[str, int], int] = {}
    moves: dict[tuple[tuple[str, int], tuple[str, int]], int] = {}
    calls: dict[tuple[tuple[str, int], str], int] = {}
    last_line: dict[int, tuple[str, int]] = {}
    functions: list[str] = []
    for step in steps:
        function, frame = step.get("function", "?"), int(step.get("frame", 0))
        if function not in functions:
            functions.append(function)
        if step["event"] == "call" and not step.get("resumed"):
            caller = last_line.get(step.get("parent", -1))
            if caller is not None:
                calls[(caller, function)] = calls.get((caller, function), 0) + 1
            continue
        if step["event"] != "line":
            continue
        here = (function, int(step["line"]))
        counts[here] = counts.get(here, 0) + 1
        before = last_line.get(frame)
        if before is not None:
            moves[(before, here)] = moves.get((before, here), 0) + 1
        last_line[frame] = here
    blocks, block_of = _basic_blocks(trace, counts, moves)
    edges: list[tuple[str, str, int, str]] = []
    for (a, b), times in sorted(moves.items(), key=lambda item: (item[0][0], item[0][1])):
        source, target = block_of[a], block_of[b]
        if source.id == target.id and not (b[1] <= a[1]):
            continue  # inside a merged block
        kind = "loop" if b[1] <= a[1] else "next"
        edges.append((source.id, target.id, times, kind))
    for (line, function), times in calls.items():
        entry = next((blk for blk in blocks if blk.function == function), None)
        if entry is not None and line in block_of:
            edges.append((block_of[line].id, entry.id, times, "call"))
    return FlowGraph(blocks, _merge_edges(edges), functions, len(steps))


def _basic_blocks(trace, counts, moves) -> tuple[list[Block], dict]:
    successors: dict[tuple, set] = {}
    predecessors: dict[tuple, set] = {}
    for a, b in moves:
        successors.setdefault(a, set()).add(b)
        predecessors.setdefault(b, set()).add(a)
    ordered = sorted(counts, key=lambda key: (key[0] != "<module>", key[0], key[1]))
    block_of: dict[tuple, Block] = {}
    blocks: list[Block] = []
    for key in ordered:
        if key in block_of:
            continue
        chain = [key]
        current = key
        while True:
            nexts = successors.get(current, set())
            if len(nexts) != 1:
                break
            (following,) = nexts
            if (following in block_of or following in chain or following[1] <= current[1]
                    or predecessors.get(following, set()) != {current} or counts[following] != counts[key]):  # fmt: skip
                break
            chain.append(following)
            current = following
        function = key[0]
        text = "; ".join(t for t in (_source(trace, line) for _, line in chain) if t)
        block = Block(f"b{len(blocks)}", function, chain[0][1], chain[-1][1], counts[key], text)
        blocks.append(block)
        for member in chain:
            block_of[member] = block
    return blocks, block_of


def _merge_edges(edges: list[tuple[str, str, int, str]]) -> list[tuple[str, str, int, str]]:
    merged: dict[tuple[str, str, str], int] = {}
    for a, b, times, kind in edges:
        merged[(a, b, kind)] = merged.get((a, b, kind), 0) + times
    return [(a, b, times, kind) for (a, b, kind), times in merged.items()]


def call_sequence(trace: dict[str, Any]) -> CallSequence:
    """Calls and returns between functions, in order, recursion included (capped)."""
    replay = Replay(trace)
    participants = ["program"]
    messages: list[Message] = []
    frames: dict[int, str] = {}
    calls = 0
    omitted = 0
    stack: list[str] = ["program"]
    for step in replay.walk():
        event = step["event"]
        function = step.get("function", "?")
        frame = int(step.get("frame", 0))
        if event == "call":
            caller = stack[-1] if stack else "program"
            stack.append(function)
            frames[frame] = function
            if function == "<module>":
                continue
            calls += 1
            if function not in participants:
                participants.append(function)
            arguments = ", ".join(f"{k}={replay.text(v, 30)}" for k, v in (step.get("changed") or {}).items())
            kind = "resume" if step.get("resumed") else "call"
            text = f"resume {function}" if kind == "resume" else f"{function}({arguments})"
            _add(messages, Message(caller, function, kind, text, len(stack) - 1))
        elif event == "return":
            if stack:
                stack.pop()
            caller = stack[-1] if stack else "program"
            if function == "<module>":
                continue
            if step.get("yielded"):
                _add(messages, Message(function, caller, "yield", f"yield {replay.text(step.get('return_value'), 30)}",
                                       len(stack)))  # fmt: skip
            elif _raised(trace, step):
                _add(messages, Message(function, caller, "raise", f"raises {_raised(trace, step)}", len(stack)))
            else:
                _add(messages, Message(function, caller, "return", f"{replay.text(step.get('return_value'), 30)}",
                                       len(stack)))  # fmt: skip
    if len(messages) > MAX_MESSAGES:
        omitted = len(messages) - MAX_MESSAGES
        messages = messages[:MAX_MESSAGES]
    return CallSequence(participants, messages, calls, omitted)


def _add(messages: list[Message], message: Message) -> None:
    if message.source == "<module>":
        message.source = "program"
    if message.target == "<module>":
        message.target = "program"
    messages.append(message)


def _raised(trace: dict[str, Any], step: Step) -> str | None:
    # A frame left by an exception: its last exception step names it, and no value came back.
    index = int(step["step"])
    steps = trace.get("steps") or []
    if index > 0 and step.get("return_value") is None:
        earlier = steps[index - 1] if index - 1 < len(steps) else {}
        if earlier.get("event") == "exception" and earlier.get("frame") == step.get("frame"):
            return earlier["exception"].get("type", "an exception")
    return None


def variable_states(trace: dict[str, Any], variable: str | None) -> VariableStates:
    """The distinct values a variable took, in order, and the transitions between them."""
    note = ""
    if not variable:
        variable, note = _busiest(trace)
    changes = collect(trace, [variable])[variable] if variable else []
    states: list[str] = []
    index_of: dict[str, int] = {}
    order: list[int] = []
    omitted = 0
    for change in changes:
        value = change["value"]
        if value not in index_of:
            if len(states) >= MAX_STATES:
                omitted += 1
                value = "(other values)"
                if value not in index_of:
                    index_of[value] = len(states)
                    states.append(value)
            else:
                index_of[value] = len(states)
                states.append(value)
        order.append(index_of[value])
    transitions: dict[tuple[int, int], int] = {}
    for a, b in zip(order, order[1:], strict=False):
        if a != b:
            transitions[(a, b)] = transitions.get((a, b), 0) + 1
    if variable and not changes:
        note = f"{variable} never appeared in the trace."
    return VariableStates(
        variable or "", states, [(a, b, n) for (a, b), n in transitions.items()], order[:500], omitted, note
    )


def _busiest(trace: dict[str, Any]) -> tuple[str | None, str]:
    counts: dict[str, int] = {}
    for step in trace.get("steps") or []:
        for name in step.get("changed") or {}:
            counts[name] = counts.get(name, 0) + 1
    if not counts:
        return None, "No variable changed in this trace."
    name = max(counts, key=lambda n: counts[n])
    return name, f"No variable was named; {name} changed most often ({counts[name]} times), so it is drawn."
