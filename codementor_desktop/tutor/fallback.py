"""For a model that cannot call tools: the app runs the evidence chain itself on the learner's code
(run the problem's tests, analyse the code, search for edge cases), puts the findings into the
learner's message, and asks the model again without tools. The learner is told so.

The calls go through the registry as the model's (its rate limits, capped results, the audit log),
and the chat shows them as tool cards like any other.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..domain.vocabulary import Caller
from ..tools.context import ToolContext
from .cancellation import Cancellation
from .events import Listener, ToolFinished, ToolStarted
from .summaries import summarize
from .turns import TurnContext

if TYPE_CHECKING:
    from ..tools.registry import ToolRegistry
    from ..tools.tutoring import TutorSeat

CHAIN = ("execute_code", "analyze_code_patterns", "bp_find_edge_cases")
EDGE_SEARCH_SECONDS = 3.0  # a short search: the learner is waiting for an answer
MAX_FINDING_CHARS = 3_000  # of each result in the message


def notice(model: str) -> str:
    return (
        f"{model} cannot call tools, so CodeMentor ran your code's tests, its analysis and the edge-case search "
        "itself and gave the model what they found."
    )


def run_chain(
    registry: ToolRegistry,
    learner: str,
    context: TurnContext,
    emit: Listener,
    cancellation: Cancellation,
    seat: TutorSeat | None = None,
) -> list[tuple[str, dict[str, Any]]]:
    """Each tool of the chain that applies, run in order: (name, result). Nothing without code or
    a problem (the tests and the analysis are the problem's)."""
    if not context.code.strip() or not context.problem_id:
        return []
    base = {"code": context.code, "language": context.language, "problem_id": context.problem_id}
    found: list[tuple[str, dict[str, Any]]] = []
    number = 0

    def call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        nonlocal number
        number += 1
        call_id = f"app_{number}_{name}"
        emit(ToolStarted(name, arguments, call_id))
        tool_context = ToolContext(caller=Caller.MODEL, learner=learner, cancel=cancellation.event, tutor=seat)
        result = registry.call(name, arguments, tool_context)
        emit(ToolFinished(name, result, summarize(name, result), call_id))
        found.append((name, result))
        return result

    run = call("execute_code", {**base, "test_cases": []})
    if cancellation.cancelled:
        return found
    ran = {"run_id": run["run_id"]} if isinstance(run.get("run_id"), str) else run
    call("analyze_code_patterns", {**base, "test_results": ran, "measure": False})
    if cancellation.cancelled:
        return found
    call("bp_find_edge_cases", {**base, "budget_s": EDGE_SEARCH_SECONDS})
    return found


def with_findings(said: str, found: Sequence[tuple[str, dict[str, Any]]]) -> str:
    """The learner's message with what the chain found, for a model that reads but cannot call."""
    if not found:
        return said + "\n\n(CodeMentor ran no tools: there is no problem open or no code in the editor.)"
    parts = [said, "[What CodeMentor found by running the tools on this code; ground your question in it:"]
    for name, result in found:
        text = json.dumps(result, ensure_ascii=False, default=str)
        if len(text) > MAX_FINDING_CHARS:
            text = text[:MAX_FINDING_CHARS] + " …"
        parts.append(f"{name}: {summarize(name, result)}\n{text}")
    return "\n\n".join(parts) + "]"
