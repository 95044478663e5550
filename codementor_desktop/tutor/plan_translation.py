"""The model tutor's own translation of a learner's plan into code, run unseen.

On ``/debug`` the model may write the learner's plan as code and run it (``bp_debug_plan``,
``bp_run_tests``, ``execute_code``, ``bp_execute``) to find which step of the plan is wrong on which
input. That code would be a solution, or most of one: the learner never sees it. Such a call
carries ``translation_of_plan: true``; the tutor takes the mark off before the registry reads the
arguments (the tools do not know it), runs the call even when its code is close to the problem's
solution (nothing of it is shown), and shows a card that says what ran without the code, its
result cut down to the outcome. The model's own context keeps the code; the chat, a reopened
session's cards and the model's answer (held against the translations it ran) do not.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Mapping
from typing import Any

MARK = "translation_of_plan"
# The tools a translation may be run with: those that take code and run it.
TRANSLATABLE = ("bp_debug_plan", "bp_run_tests", "execute_code", "bp_execute")
SHOWN = "ran the tutor's translation of your plan"
RUNNING = "Running the tutor's translation of your plan…"
_MARK_SCHEMA = {
    "type": "boolean",
    "description": (
        "true when `code` is your own translation of the learner's plan, not the learner's code: it is run "
        "unseen, and the learner is told only what it found"
    ),
}
# What a translation's result may show the learner: outcomes, never its lines or its variables' code.
_KEPT = (
    "status",
    "error_code",
    "outcome",
    "first_broken",
    "input",
    "verdict",
    "passed",
    "total",
    "tests",
    "tests_passed",
)


def is_translation(arguments: Any) -> bool:
    """Whether a call's arguments (a dict, or the raw JSON a model sent) carry the mark."""
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments or "{}")
        except ValueError:
            return False
    return isinstance(arguments, Mapping) and arguments.get(MARK) is True


def unmarked(arguments: Any) -> Any:
    """The arguments as the registry reads them: the mark taken off (raw JSON stays JSON)."""
    if isinstance(arguments, str):
        try:
            value = json.loads(arguments or "{}")
        except ValueError:
            return arguments
        if isinstance(value, dict) and MARK in value:
            return json.dumps({k: v for k, v in value.items() if k != MARK})
        return arguments
    if isinstance(arguments, Mapping):
        return {k: v for k, v in arguments.items() if k != MARK}
    return arguments


def translated_code(arguments: Any) -> str:
    """The code a marked call ran ("" for any other call)."""
    if not is_translation(arguments):
        return ""
    value = json.loads(arguments) if isinstance(arguments, str) else arguments
    code = value.get("code")
    return code if isinstance(code, str) else ""


def translations_in(messages: Iterable[Mapping[str, Any]]) -> list[str]:
    """The code of every translation of a plan the model ran in ``messages``."""
    found = []
    for message in messages:
        for call in message.get("tool_calls") or [] if message.get("role") == "assistant" else []:
            arguments = (call.get("function") or {}).get("arguments")
            if is_translation(arguments):
                found.append(translated_code(arguments))
    return [code for code in found if code]


def card_arguments(arguments: Mapping[str, Any]) -> dict[str, Any]:
    """What a translation's card shows of its arguments: the mark, the language and the input, no code."""
    kept = {k: arguments[k] for k in ("language", "problem_id", "input_data") if k in arguments}
    return {MARK: True, **kept}


def card_result(result: Mapping[str, Any]) -> dict[str, Any]:
    """What a translation's card shows of its result: the outcome, the step found wrong and the input."""
    kept: dict[str, Any] = {k: result[k] for k in _KEPT if k in result}
    steps = result.get("steps")
    if isinstance(steps, list):
        kept["steps"] = [
            {k: s[k] for k in ("number", "text", "status") if k in s} for s in steps if isinstance(s, Mapping)
        ]
    if "error_message" in result:
        kept["error_message"] = str(result["error_message"])
    return kept


def card_summary(result: Mapping[str, Any]) -> str:
    """The card's line: what ran, and what it found in the plan's terms."""
    if result.get("status") == "error":
        return f"Tried to run the tutor's translation of your plan: {result.get('error_message') or 'it failed'}"
    first = result.get("first_broken")
    on = f" on input {result['input']}" if result.get("input") else ""
    if isinstance(first, int):
        return f"{SHOWN[0].upper()}{SHOWN[1:]}: step {first} stopped holding{on}"
    tests = result.get("tests")
    if isinstance(tests, Mapping) and isinstance(tests.get("total"), int):
        return f"{SHOWN[0].upper()}{SHOWN[1:]}: {tests.get('passed')} of {tests['total']} tests pass"
    if isinstance(result.get("verdict"), str):
        return f"{SHOWN[0].upper()}{SHOWN[1:]}: {result['verdict']}"
    return f"{SHOWN[0].upper()}{SHOWN[1:]}"


def offered(tools: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The model's tool list with the mark offered on the tools a translation may run with."""
    marked = []
    for tool in tools:
        function = tool.get("function") or {}
        if function.get("name") in TRANSLATABLE:
            tool = copy.deepcopy(tool)
            properties = tool["function"].setdefault("parameters", {}).setdefault("properties", {})
            properties[MARK] = dict(_MARK_SCHEMA)
        marked.append(tool)
    return marked


def plan_request(steps: list[dict[str, Any]], *, anchored: bool, language: str) -> str:
    """What the model is asked on ``/debug``: the plan, and how to find the step that is wrong."""
    if not steps:
        return (
            "The learner typed /debug, but their plan has no steps. Ask them to write the steps of their "
            "algorithm in the Plan tab first, in plain words; do not write a plan or code for them."
        )
    lines = []
    for number, step in enumerate(steps, 1):
        where = f" (lines {', '.join(map(str, step['lines']))})" if step.get("lines") else ""
        expect = f"; expects `{step['expect']}`" if step.get("expect") else ""
        lines.append(f"{number}. {step['text']}{where}{expect}")
    guessed = "" if anchored else " The steps are not anchored to lines: the tool guesses them, say so."
    return (
        "The learner typed /debug: check their plan. Their plan, step by step:\n"
        + "\n".join(lines)
        + f"\n(a) Call bp_debug_plan on the learner's own code (language {language}, this problem) and tell its "
        "report in the plan's words." + guessed + "\n(b) Translate the plan itself, step by step and as literally "
        "as its words allow, into code, and run that translation with bp_debug_plan (or bp_run_tests) with "
        f"`{MARK}: true`, to find which STEP of the plan is wrong and on which input. The translation is a "
        "solution: never show it or any line of it to the learner. Answer by naming the step (its number and "
        "its words) and the input, and ask a question about that step."
    )
