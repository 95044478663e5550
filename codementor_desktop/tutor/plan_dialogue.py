"""The offline coach on ``/debug``: it checks the learner's plan against their code (``bp_debug_plan``),
tells the report in the plan's words, then questions the plan: against the problem's first hint
(the complexity it can be done in: a plan whose steps nest one pass over the input in another looks
at every pair), against the edge-case search on the code (an empty input, duplicates, one element),
and, when the steps were not anchored, it says their lines were guessed. Questions, never answers:
what it says passes the coach's solution filter like the rest.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..tools.results import BP_DEBUG_PLAN, BP_FIND_EDGE_CASES, failed
from . import coach_templates as words

if TYPE_CHECKING:
    from ..domain.plan import Plan, PlanStep
    from ..problems.model import Problem
    from .coach_chain import ToolRunner
    from .turns import TurnContext

EDGE_BUDGET_S = 1.5  # seconds of edge-case search in a chat turn
EDGE_CATEGORIES = ["empty", "duplicates", "single"]
MAX_QUESTIONS = 3  # a turn asks a few questions, not a questionnaire

NO_STEPS = (
    "Write the steps in the Plan tab first: your algorithm in a few numbered steps of plain words. "
    "Then `/debug` checks them against what your code does. What is the first thing your function must do?"
)
# A pass over the input, as learners word it.
_PASS = re.compile(
    r"\b(?:for\s+(?:each|every|all)|loop(?:ing)?\s+(?:over|through)|go(?:ing)?\s+(?:over|through)|"
    r"iterat\w*\s+(?:over|through)|scan\w*|visit\w*\s+(?:each|every)|compare\s+(?:each|every))\b",
    re.IGNORECASE,
)
_FOR_EACH = re.compile(r"\bfor\s+(?:each|every)\b", re.IGNORECASE)
_INNER = re.compile(
    r"\b(?:later|other|remaining|rest|next|after|earlier|previous|before|pairs?|inner|second)\b|\bj\b", re.IGNORECASE
)
_BIG_O = re.compile(r"O\((?:[^()]|\([^()]*\))*\)")
# A bound at least quadratic: nesting two passes is what the problem asks, then.
_QUADRATIC = re.compile(r"\^\s*[2-9]|[²³]|\bn\s*[*·×]\s*[nm]\b|2\^|!|\bn\s*\*\*\s*\d")


@dataclass(frozen=True)
class PlanTalk:
    """What the coach says about a plan: the report and the questions, and the step they are about."""

    said: list[str]
    questions: list[str]
    lines: list[int]


def target_complexity(problem: Problem) -> str:
    """The time the problem can be done in: as its first hint states it, else the bank's figure."""
    for hint in problem.hints[:1]:
        found = _BIG_O.search(hint)
        if found:
            return found.group()
    return problem.complexity.time


def nested_passes(steps: Sequence[PlanStep]) -> tuple[int, int] | None:
    """The first two steps (1-based) in a row whose words each make a pass over the input, the second
    inside the first ("for each number ..." then "for each later number ..."); a step that says it
    twice is nested in itself."""
    for number, step in enumerate(steps, 1):
        if len(_PASS.findall(step.text)) > 1:
            return number, number
    for number, (outer, inner) in enumerate(zip(steps, steps[1:], strict=False), 1):
        if not (_PASS.search(outer.text) and _PASS.search(inner.text)):
            continue
        # The second pass is about the other element of a pair, or both say "for each" in a row.
        if _INNER.search(inner.text) or (_FOR_EACH.search(outer.text) and _FOR_EACH.search(inner.text)):
            return number, number + 1
    return None


def complexity_question(plan: Plan, problem: Problem) -> str | None:
    """The question for a plan that looks at every pair when the problem needs less."""
    nested = nested_passes(plan.steps)
    target = target_complexity(problem)
    if nested is None or not target or _QUADRATIC.search(target):
        return None
    first, second = nested
    steps = f"Step {first}" if first == second else f"Steps {first} and {second}"
    return f"{steps} look at every pair: the problem can be done in {target}. What could you remember instead?"


def edge_questions(edges: Mapping[str, Any], plan: Plan, problem: Problem) -> list[str]:
    """A question per kind of input the edge-case search found the code wrong on."""
    cases = [c for c in edges.get("edge_cases") or [] if c.get("verdict") not in (None, "AC")]
    categories = list(dict.fromkeys(str(c.get("category")) for c in cases))
    noun = _collection(problem)
    asked = []
    for category in categories:
        example = next(c for c in cases if c.get("category") == category)
        shown = _input_text(example.get("input"), problem)
        if category == "empty":
            step = _step_saying(plan, ("empty", "nothing", "no element", "zero"))
            where = f" Step {step} mentions it: does its check run before anything reads the {noun}?" if step else ""
            asked.append(f"Which step handles an empty {noun}?{where}")
        elif category in ("duplicates", "all_equal"):
            asked.append(f"Which step handles the same value appearing twice, as in {shown}?")
        elif category == "single":
            asked.append(f"Which step handles a {noun} of one element, as in {shown}?")
    return asked


def step_question(found: Mapping[str, Any], language: str) -> str | None:
    """The question about the step the report is about: broken, never reached, unreadable, or none checked."""
    steps = {s.get("number"): s for s in found.get("steps") or [] if isinstance(s, Mapping)}
    outcome = found.get("outcome")
    on = f" on {found['input']}" if found.get("input") else ""
    if outcome == "broken" and found.get("first_broken") in steps:
        step = steps[found["first_broken"]]
        return (
            f"At step {step['number']} ({step.get('text', '')}) you expected `{step.get('expect', '')}`{on}. "
            "Which of your steps gives those values, and does the code do what its words say?"
        )
    if outcome == "never_reached":
        missed = [s for s in steps.values() if s.get("status") == "never_reached"]
        if missed:
            step = missed[0]
            return f"Step {step['number']} ({step.get('text', '')}) never ran{on}. What should lead the code there?"
    if outcome == "unreadable":
        bad = [s for s in steps.values() if s.get("status") == "unreadable"]
        if bad:
            step = bad[0]
            return (
                f"Step {step['number']}'s expectation could not be checked: {step.get('error') or 'it is not an expression'}. "
                f"How would you write what you expect there as one {language} expression over your variables?"
            )
    if outcome == "no_expectations":
        return "None of your steps says what must hold there. Which step would you check first, and what must be true?"
    if outcome == "held":
        tests = found.get("tests") or {}
        if tests.get("total") and tests.get("passed") != tests.get("total"):
            return (
                f"Every expectation held, yet a test still fails{on}. What else must be true after your last step "
                "that none of your expectations says?"
            )
    return None


def guessed_note(found: Mapping[str, Any]) -> str | None:
    """On an unanchored plan: which lines each step was matched to, and that they were guessed."""
    if not found.get("guessed"):
        return None
    matched = [
        f"step {s['number']} → {_lines(s.get('lines') or [])}"
        for s in found.get("steps") or []
        if isinstance(s, Mapping) and s.get("lines")
    ]
    where = f" ({'; '.join(matched)})" if matched else ""
    return f"Those lines were guessed{where}: are they the lines you meant? Anchor them in the Plan tab to be sure."


class PlanQuestions:
    """The coach's ``/debug``: the tools through the coach's ``ToolRunner``, each call a card."""

    def __init__(self, tools: ToolRunner) -> None:
        self._tools = tools

    def talk(self, plan: Plan | None, problem: Problem | None, context: TurnContext) -> PlanTalk:
        if problem is None:
            return PlanTalk([words.NO_PROBLEM], [], [])
        if not context.code.strip():
            return PlanTalk([words.NO_CODE], [], [])
        if plan is None or not plan.steps:
            return PlanTalk([], [NO_STEPS], [])
        found = self._tools.call(
            BP_DEBUG_PLAN, {"language": context.language, "code": context.code, "problem_id": problem.id}
        )
        if failed(found):
            return PlanTalk([f"I could not check your plan: {found['error_message']}"], [], [])
        said = [str(found.get("report") or "").strip() + "\n\n"]
        note = guessed_note(found)
        if note:
            said.append(note + "\n\n")
        questions = [q for q in [step_question(found, context.language), complexity_question(plan, problem)] if q]
        edges = self._tools.call(
            BP_FIND_EDGE_CASES,
            {"language": context.language, "code": context.code, "problem_id": problem.id,
             "test_categories": EDGE_CATEGORIES, "budget_s": EDGE_BUDGET_S},
        )  # fmt: skip
        if not failed(edges):
            questions += edge_questions(edges, plan, problem)
        first = found.get("first_broken")
        lines = next((list(s.get("lines") or []) for s in found.get("steps") or [] if s.get("number") == first), [])
        return PlanTalk(said, questions[:MAX_QUESTIONS], lines)


def _collection(problem: Problem) -> str:
    kinds = [p.type.lower() for p in problem.function.params]
    if any(k.startswith(("list", "array")) or k.endswith("[]") for k in kinds):
        return "list"
    if any(k in ("str", "string") for k in kinds):
        return "string"
    return "input"


def _step_saying(plan: Plan, phrases: Sequence[str]) -> int | None:
    for number, step in enumerate(plan.steps, 1):
        if any(p in step.text.lower() for p in phrases):
            return number
    return None


def _input_text(given: Any, problem: Problem) -> str:
    names = [p.name for p in problem.function.params]
    if isinstance(given, dict) and names:
        return ", ".join(_literal(given.get(n)) for n in names)
    return _literal(given)


def _literal(value: Any) -> str:
    return json.dumps(value, default=str, separators=(",", ":"))


def _lines(lines: Sequence[int]) -> str:
    return f"line {lines[0]}" if len(lines) == 1 else f"lines {', '.join(map(str, lines))}"
