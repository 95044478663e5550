"""For a model that cannot call tools: the app runs the evidence chain itself on the learner's code
(run the problem's tests, analyse the code, search for edge cases) and the tool a chat button
stands for (escalate, hint, recommend, conclude), puts the findings into the learner's message,
and asks the model again without tools. The learner is told so.

The calls go through the registry as the model's (its rate limits, capped results, the audit log),
and the chat shows them as tool cards like any other.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..domain.vocabulary import Caller
from ..tools.context import ToolContext
from ..tools.results import EXECUTE_CODE, failed, result_of
from .cancellation import Cancellation
from .events import Listener, ToolFinished, ToolStarted
from .summaries import summarize
from .turns import Intent, TurnContext

if TYPE_CHECKING:
    from ..tools.registry import ToolRegistry
    from ..tools.seat import TutorSeat

CHAIN = ("execute_code", "analyze_code_patterns", "bp_find_edge_cases")
EDGE_SEARCH_SECONDS = 3.0  # a short search: the learner is waiting for an answer
MAX_FINDING_CHARS = 3_000  # of each result in the message


def notice(model: str) -> str:
    return (
        f"{model} cannot call tools, so CodeMentor ran your code's tests, its analysis and the edge-case search "
        "itself and gave the model what they found."
    )


# What a button asks when the model cannot call the tool behind it: the app calls it, the model reads it.
ASKS = {
    Intent.STUCK: 'The learner pressed "I\'m stuck": ask them the new question escalate_for_insight returned, in your '
    "own words.",
    Intent.HINT: 'The learner pressed "Hint": give the hint generate_hint returned, as a question.',
    Intent.WHAT_NEXT: 'The learner pressed "What next?": suggest the first recommended problem, saying why.',
    Intent.GOT_IT: "The session is concluded: say in one sentence what the learner found.",
    Intent.DEBUG: "The learner typed /debug: tell what bp_debug_plan found in their plan's words, then ask one "
    "question about the step that went wrong.",
}
CHAIN_FOR = (Intent.SAY, Intent.STUCK, Intent.HINT)  # the other buttons need no fresh evidence


def button_call(
    intent: Intent, said: str, context: TurnContext, *, hint_level: int, available: set[str]
) -> tuple[str, dict[str, Any]] | None:
    """The tool the button stands for, and its arguments, where it can be called for the learner."""
    words = said.strip()
    where = f" on {context.problem_id}" if context.problem_id else ""
    if intent is Intent.STUCK:
        return "escalate_for_insight", {"reason": f'The learner pressed "I\'m stuck"{where}.'[:150]}
    if intent is Intent.HINT and context.problem_id and "generate_hint" in available:
        arguments = {"problem_id": context.problem_id, "current_code": context.code, "hint_level": hint_level}
        return "generate_hint", arguments
    if intent is Intent.WHAT_NEXT:
        return "get_personalized_recommendation", {}
    if intent is Intent.DEBUG and context.problem_id and context.code.strip() and "bp_debug_plan" in available:
        return "bp_debug_plan", {"language": context.language, "code": context.code, "problem_id": context.problem_id}
    if intent is Intent.GOT_IT and 20 <= len(words) <= 200:
        title = f"Working on {context.problem_id}" if context.problem_id else "A practice session"
        return "conclude_session", {"summary_title": title[:100], "final_insight": words}
    return None


def run_chain(
    registry: ToolRegistry,
    learner: str,
    context: TurnContext,
    emit: Listener,
    cancellation: Cancellation,
    seat: TutorSeat | None = None,
    *,
    intent: Intent = Intent.SAY,
    said: str = "",
    hint_level: int = 1,
) -> list[tuple[str, dict[str, Any]]]:
    """Each tool of the chain that applies, run in order, then the button's own tool: (name,
    result). No chain without code or a problem (the tests and the analysis are the problem's)."""
    found: list[tuple[str, dict[str, Any]]] = []
    number = 0

    def call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        nonlocal number
        number += 1
        call_id = f"app_{number}_{name}"
        emit(ToolStarted(name, arguments, call_id))
        tool_context = ToolContext(caller=Caller.MODEL, learner=learner, cancel=cancellation.event, tutor=seat)
        answer = registry.call(name, arguments, tool_context)
        emit(ToolFinished(name, answer, summarize(name, answer), call_id))
        found.append((name, answer))
        return answer

    if intent in CHAIN_FOR and context.code.strip() and context.problem_id:
        base = {"code": context.code, "language": context.language, "problem_id": context.problem_id}
        run = result_of(EXECUTE_CODE, call(EXECUTE_CODE.name, {**base, "test_cases": []}))
        ran: Mapping[str, Any] = run if failed(run) or "run_id" not in run else {"run_id": run["run_id"]}
        if not cancellation.cancelled:
            call("analyze_code_patterns", {**base, "test_results": ran, "measure": False})
        if not cancellation.cancelled:
            call("bp_find_edge_cases", {**base, "budget_s": EDGE_SEARCH_SECONDS})
    button = button_call(intent, said, context, hint_level=hint_level, available=set(registry.names()))
    if button is not None and not cancellation.cancelled:
        call(*button)
    return found


def with_findings(said: str, found: Sequence[tuple[str, dict[str, Any]]], intent: Intent = Intent.SAY) -> str:
    """The learner's message with what the app found, for a model that reads but cannot call."""
    ask = f"\n\n({ASKS[intent]})" if intent in ASKS else ""
    if not found:
        return said + "\n\n(CodeMentor ran no tools: there is no problem open or no code in the editor.)" + ask
    parts = [said, "[What CodeMentor found by running the tools on this code; ground your question in it:"]
    for name, result in found:
        text = json.dumps(result, ensure_ascii=False, default=str)
        if len(text) > MAX_FINDING_CHARS:
            text = text[:MAX_FINDING_CHARS] + " …"
        parts.append(f"{name}: {summarize(name, result)}\n{text}")
    return "\n\n".join(parts) + "]" + ask
