"""bp_execution_diagram's engine: flowcharts, call sequences and variable states, in three formats."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import diagram_svg
from .flow import CallSequence, FlowGraph, VariableStates, call_sequence, flow_graph, variable_states
from .mermaid import comment, text


def render_diagram(trace: dict[str, Any], diagram_type: str, fmt: str, variable: str | None = None) -> dict[str, Any]:
    """The diagram of a trace, with a one-line summary of what it shows."""
    if diagram_type == "sequence":
        model: FlowGraph | CallSequence | VariableStates = call_sequence(trace)
    elif diagram_type == "state":
        model = variable_states(trace, variable)
    else:
        model = flow_graph(trace)
    writers: dict[type, dict[str, Callable[[Any], str]]] = {
        FlowGraph: {"ascii": flow_ascii, "mermaid": flow_mermaid, "svg": diagram_svg.flow},
        CallSequence: {"ascii": sequence_ascii, "mermaid": sequence_mermaid, "svg": diagram_svg.sequence},
        VariableStates: {"ascii": states_ascii, "mermaid": states_mermaid, "svg": diagram_svg.states},
    }
    result: dict[str, Any] = {
        "format": fmt,
        "diagram_type": diagram_type,
        "content": writers[type(model)][fmt](model),
        "summary": describe(model),
    }
    if isinstance(model, VariableStates):
        result["variable"] = model.variable
        if model.note:
            result["note"] = model.note
    if trace.get("stop_reason") not in (None, "finished"):
        result["trace_note"] = (
            f"The trace stopped early ({trace.get('stop_reason')}): the diagram shows the steps it has."
        )
    return result


def describe(model: FlowGraph | CallSequence | VariableStates) -> str:
    if isinstance(model, FlowGraph):
        loops = [e for e in model.edges if e[3] == "loop"]
        text_ = f"{len(model.blocks)} blocks in {len(model.functions)} function(s) over {model.total_steps:,} steps"
        if loops:
            busiest = max(loops, key=lambda e: e[2])
            text_ += f"; {len(loops)} loop edge(s), the busiest taken {busiest[2]:,} times"
        return text_ + "."
    if isinstance(model, CallSequence):
        depth = max((m.depth for m in model.messages), default=0)
        text_ = f"{model.total_calls:,} calls between {len(model.participants) - 1} function(s), {depth} deep at most"
        return text_ + (f"; {model.omitted} messages not shown." if model.omitted else ".")
    if not model.states:
        return model.note or "No states to draw."
    return f"{model.variable} took {len(model.states)} distinct value(s) over {len(model.order)} change(s)."


def _block_label(block) -> str:
    lines = f"L{block.first}" if block.first == block.last else f"L{block.first}-{block.last}"
    body = f": {block.text}" if block.text else ""
    return f"{lines}{body} (×{block.count:,})"


# -- flowchart ---------------------------------------------------------------------------------------


def flow_mermaid(graph: FlowGraph) -> str:
    lines = ["flowchart TD", "    " + comment(f"executed blocks over {graph.total_steps} steps")]
    if not graph.blocks:
        lines.append(f"    empty[{text('(no lines ran)')}]")
        return "\n".join(lines)
    for index, function in enumerate(graph.functions):
        members = [b for b in graph.blocks if b.function == function]
        if not members:
            continue
        lines.append(f"    subgraph f{index}[{text(function)}]")
        lines += [f"        {b.id}[{text(_block_label(b))}]" for b in members]
        lines.append("    end")
    arrows = {"next": "-->", "loop": "-.->", "call": "==>"}
    for a, b, times, kind in graph.edges:
        label = f"loop ×{times:,}" if kind == "loop" else (f"call ×{times:,}" if kind == "call" else f"×{times:,}")
        lines.append(f"    {a} {arrows[kind]}|{text(label)}| {b}")
    return "\n".join(lines)


def flow_ascii(graph: FlowGraph) -> str:
    if not graph.blocks:
        return "(no lines ran)"
    out: list[str] = []
    by_id = {b.id: b for b in graph.blocks}
    for function in graph.functions:
        members = [b for b in graph.blocks if b.function == function]
        if not members:
            continue
        out.append(f"[{function}]")
        for block in members:
            out.append(f"  {_block_label(block)}")
            for a, b, times, kind in graph.edges:
                if a != block.id:
                    continue
                target = by_id[b]
                where = f"L{target.first}" + ("" if target.function == function else f" in {target.function}")
                symbol = {"next": "->", "loop": "<- loop back to", "call": "=> calls"}[kind]
                out.append(f"      {symbol} {where} (×{times:,})")
    return "\n".join(out)


# -- sequence ----------------------------------------------------------------------------------------


def sequence_mermaid(sequence: CallSequence) -> str:
    lines = ["sequenceDiagram"]
    ids = {name: f"p{index}" for index, name in enumerate(sequence.participants)}
    for name, pid in ids.items():
        lines.append(f"    participant {pid} as {_plain(name)}")
    if not sequence.messages:
        lines.append(f"    Note over {ids['program']}: no function was called")
    for message in sequence.messages:
        arrow = "->>" if message.kind in ("call", "resume") else ("--x" if message.kind == "raise" else "-->>")
        lines.append(f"    {ids[message.source]}{arrow}{ids[message.target]}: {_plain(message.text)}")
    if sequence.omitted:
        lines.append(f"    Note over {ids['program']}: {sequence.omitted} more messages not shown")
    return "\n".join(lines)


def _plain(value: str) -> str:
    """Text after a colon in a sequence diagram: entity codes for what Mermaid would read as syntax."""
    escaped = "".join({"#": "#35;", ";": "#59;", "<": "#lt;", ">": "#gt;", ":": "#58;"}.get(c, c) for c in value)
    return " ".join(escaped.split()) or "(empty)"


def sequence_ascii(sequence: CallSequence) -> str:
    if not sequence.messages:
        return "(no function was called)"
    out = []
    for message in sequence.messages:
        indent = "│  " * max(0, message.depth - (1 if message.kind in ("call", "resume") else 0))
        if message.kind in ("call", "resume"):
            out.append(f"{indent}├─ {message.text}")
        else:
            marker = {"return": "└→", "raise": "└✗", "yield": "└↩"}[message.kind]
            out.append(f"{indent}{marker} {message.text}")
    if sequence.omitted:
        out.append(f"… {sequence.omitted} more messages not shown")
    return "\n".join(out)


# -- states ------------------------------------------------------------------------------------------


def states_mermaid(states: VariableStates) -> str:
    lines = ["stateDiagram-v2"]
    if not states.states:
        lines += ["    [*] --> none", f"    none : {_plain(states.note or 'no values')}"]
        return "\n".join(lines)
    for index, value in enumerate(states.states):
        lines.append(f"    s{index} : {_plain(f'{states.variable} = {value}')}")
    lines.append(f"    [*] --> s{states.order[0]}")
    for a, b, times in states.transitions:
        lines.append(f"    s{a} --> s{b} : ×{times}")
    lines.append(f"    s{states.order[-1]} --> [*]")
    return "\n".join(lines)


def states_ascii(states: VariableStates) -> str:
    if not states.states:
        return states.note or "(no values)"
    path = [states.states[i] for i in states.order[:40]]
    out = [f"{states.variable}: " + " -> ".join(path) + (" -> …" if len(states.order) > 40 else "")]
    out.append(f"{len(states.states)} distinct value(s):")
    for index, value in enumerate(states.states):
        arrivals = sum(n for a, b, n in states.transitions if b == index)
        out.append(f"  [{index}] {value}" + (f"  (reached {arrivals}×)" if arrivals else "  (first)"))
    if states.omitted:
        out.append(f"({states.omitted} changes to further values grouped as '(other values)')")
    return "\n".join(out)
