"""What the model is told beyond the learner's words: where the learner is (the problem, the
language, the editor's code), what a chat button asks of it, and, for the deeper model, the
conversation so far as a transcript. Also how insights are flagged in a conversation.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from .turns import Intent, TurnContext

MAX_CODE_CHARS = 20_000  # the editor's code sent with a message; more is cut with a note
MAX_TRANSCRIPT_CHARS = 16_000  # the deeper model reads the end of a long conversation
MAX_RESULT_CHARS = 1_500  # of each tool result in the transcript
INSIGHT_LINE = re.compile(r"^\s*(?:[*_]{1,2})?Insight(?:[*_]{1,2})?\s*:\s*(?:[*_]{1,2})?\s*(.+?)\s*$", re.M | re.I)
FLAGGED = "Insight I want to keep: "  # a learner's own flag, kept as their message

# What each button says when the learner typed nothing with it.
WORDS = {
    Intent.SAY: "",
    Intent.STUCK: "I'm stuck.",
    Intent.HINT: "Can I have a hint?",
    Intent.WHAT_NEXT: "What should I practise next?",
    Intent.GOT_IT: "I get it now.",
    Intent.DEBUG: "/debug",
}


def instruction(intent: Intent, *, hint_level: int = 1, can_hint: bool = True) -> str:
    """What the button asks of the model (empty for typed words)."""
    if intent is Intent.STUCK:
        return (
            'The learner pressed "I\'m stuck". Call escalate_for_insight with a short reason (10 to 150 '
            "characters) and the topic, then ask the learner the question it returns, in your own words."
        )
    if intent is Intent.HINT:
        if can_hint:
            return (
                'The learner pressed "Hint". Call generate_hint with this problem, the learner\'s code and '
                f"hint_level {hint_level}, then give the hint as a question, never as the answer."
            )
        return 'The learner pressed "Hint". Give one small hint as a question, grounded in the tools\' findings.'
    if intent is Intent.WHAT_NEXT:
        return (
            'The learner pressed "What next?". Call get_personalized_recommendation and suggest the first '
            "problem it recommends, saying in one sentence why."
        )
    if intent is Intent.GOT_IT:
        return (
            "The learner says they understand. Call conclude_session with a short title (5 to 100 characters) "
            "and their final insight in their words (20 to 200 characters)."
        )
    return ""


def user_message(said: str, context: TurnContext, intent: Intent, *, hint_level: int = 1, can_hint: bool = True) -> str:
    """The learner's message as the model receives it: their words, where they are, the button's ask."""
    parts = [said.strip() or WORDS[intent] or "(no words)"]
    where = f'problem "{context.problem_id}"' if context.problem_id else "the scratch buffer (no problem open)"
    code = context.code
    if code.strip():
        cut = ""
        if len(code) > MAX_CODE_CHARS:
            code, cut = (
                code[:MAX_CODE_CHARS],
                f"\n(the code goes on for {len(context.code) - MAX_CODE_CHARS} more characters)",
            )
        parts.append(
            f"[Where I am: {where}, in {context.language}. My code in the editor:\n```{context.language}\n{code}\n```{cut}]"
        )
    else:
        parts.append(f"[Where I am: {where}, in {context.language}. The editor is empty.]")
    asked = instruction(intent, hint_level=hint_level, can_hint=can_hint)
    if asked:
        parts.append(f"({asked})")
    return "\n\n".join(parts)


def transcript(messages: Sequence[dict[str, Any]]) -> str:
    """The conversation for the deeper model, as text (no tool messages: it is given no tools)."""
    lines: list[str] = []
    names: dict[str, str] = {}
    for message in messages:
        role, content = message.get("role"), message.get("content") or ""
        if role == "user":
            lines.append(f"Learner: {content}")
        elif role == "assistant":
            if content:
                lines.append(f"Tutor: {content}")
            for call in message.get("tool_calls") or ():
                function = call.get("function") or {}
                names[str(call.get("id"))] = str(function.get("name", "?"))
                lines.append(f"Tutor ran {function.get('name', '?')} with {_short(function.get('arguments', ''), 300)}")
        elif role == "tool":
            name = names.get(str(message.get("tool_call_id")), "a tool")
            lines.append(f"{name} answered: {_short(content, MAX_RESULT_CHARS)}")
    text = "\n\n".join(lines)
    return text if len(text) <= MAX_TRANSCRIPT_CHARS else "(earlier turns left out)\n\n" + text[-MAX_TRANSCRIPT_CHARS:]


def escalation_request(messages: Sequence[dict[str, Any]], reason: str, topic: str | None) -> str:
    about = f" The topic: {topic}." if topic else ""
    return (
        f"The conversation so far:\n\n{transcript(messages)}\n\n---\nWhy the tutor asks you: {reason}.{about}\n"
        "Write the one new question for the learner."
    )


def insights_in(messages: Sequence[dict[str, Any]]) -> list[str]:
    """The insights flagged in a conversation, oldest first: the tutor's "Insight:" lines and the
    learner's own flags."""
    found: list[str] = []
    for message in messages:
        content = message.get("content")
        if not isinstance(content, str):
            continue
        if message.get("role") == "assistant":
            found += [m.group(1).strip("*_ ") for m in INSIGHT_LINE.finditer(content)]
        elif message.get("role") == "user" and content.startswith(FLAGGED):
            found.append(content.removeprefix(FLAGGED).strip())
    return [text for text in dict.fromkeys(found) if text]


def _short(value: Any, limit: int) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[:limit] + " …"
