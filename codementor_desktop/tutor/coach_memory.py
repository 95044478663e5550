"""What the offline coach keeps of one conversation and how it words itself from it: the dialogue
state, the insights flagged (the learner's own words, never the coach's), the next question not
asked yet, and among several ways of saying a thing the first one not said already."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import coach_templates as words
from .dialogue import Claim, DialogueState, OpenQuestion, near_copy

if TYPE_CHECKING:
    from ..tools.results import Recommendation
    from .understanding import Vocabulary

KEPT_FITS = ("names_cause", "fix", "idea")  # claims whose words are kept as the session's insights
OWN_WORDS = 4  # words a message needs to be more than "I get it"


class Memory:
    """One conversation's memory, as the coach's answers use it."""

    def __init__(self, state: DialogueState, insights: list[str]) -> None:
        self.state = state
        self.insights = insights

    def pick(self, choices: list[str], filled: dict[str, Any]) -> str:
        """The first way of saying it not said already in this conversation ("" when all were)."""
        texts = [words.fill(choice, filled) for choice in choices]
        return next((t for t in texts if self.state.is_new(t)), "")

    def first_new(self, questions: list[OpenQuestion]) -> OpenQuestion | None:
        """The first of ``questions`` neither asked nor said already (in other words) in this conversation."""
        return next((q for q in questions if not self.state.was_asked(q.key) and self.state.is_new(q.text)), None)

    def open_on(self, version: str | None) -> OpenQuestion | None:
        """The open question, when it is about this version of the code."""
        opened = self.state.open
        return opened if opened is not None and version is not None and opened.version == version else None

    def claim(self, claim: Claim) -> None:
        """What the learner said in answer; a cause, a fix or an idea of the problem's is kept in their words."""
        self.state.claims.append(claim)
        if claim.fit in KEPT_FITS and claim.text.strip():
            insight = " ".join(claim.text.split())[:200]
            if insight not in self.insights:
                self.insights.append(insight)

    def reach(self, vocabulary: Vocabulary, concept: str) -> None:
        """A concept of the problem the learner reached (its label is remembered, their words are the insight)."""
        if concept.startswith("hint:"):
            return  # "the idea of hint 2" says nothing on its own
        label = vocabulary.label(concept)
        if label and label not in self.state.reached:
            self.state.reached.append(label)

    def claimed(self) -> bool:
        return any(c.fit in KEPT_FITS for c in self.state.claims)

    def final_insight(self, said: str, subject: str) -> str:
        """The learner's own words: this message when it says something, else the cause they named,
        else their fix or idea; only when they said none, their "I get it" as they said it."""
        own = " ".join(said.split())
        if own_words(own):
            return own[:200]
        named = [c.text for c in self.state.claims if c.fit == "names_cause"] or [
            c.text for c in self.state.claims if c.fit in ("fix", "idea")
        ]
        if named:
            return " ".join(named[-1].split())[:200]
        return f'{subject}, in the learner\'s words: "{own or "I get it"}"'[:200]

    def last_resort(self, version: str | None, said: str) -> list[str]:
        """Every answer this turn had was said before: once, what to do next; then the learner's own
        claim back, which no earlier turn said."""
        if version is not None and not self.state.was_asked(f"{version}:shown_all"):
            self.state.asked.append(f"{version}:shown_all")
            return [words.EVERYTHING_SHOWN]
        claims = [c for c in self.state.claims if c.text.strip()]
        opened = self.state.open
        line = opened.lines[0] if opened is not None and opened.lines else None
        if claims and line:
            return [words.fill(words.YOU_SAID, {"claim": echo(claims[-1].text), "line": line})]
        return [f'You said "{echo(said)}". What would you try first?']


def own_words(said: str) -> bool:
    """Whether ``said`` holds more than "I get it": a sentence worth keeping as the learner's insight."""
    return len(said.split()) >= OWN_WORDS


def echo(said: str, limit: int = 90) -> str:
    """The learner's words as the coach quotes them back: one line, no closing punctuation."""
    text = " ".join(said.split()).rstrip(".!?")
    if text[:1].isupper() and not text[:2].isupper() and not text.startswith("I "):
        text = text[0].lower() + text[1:]
    return text if len(text) <= limit else text[: limit - 1] + "…"


def recommended(found: list[Recommendation]) -> list[str]:
    """Recommendations as the coach says them: one sentence for the list, each reason once (the
    recommender often gives several the same one), and a question."""
    if not found:
        return [words.NEXT_NONE]
    items = [
        words.fill(words.NEXT_ITEM, {"title": r.get("title"), "difficulty": r.get("difficulty"),
                                     "minutes": r.get("estimated_minutes")})
        for r in found
    ]  # fmt: skip
    reasons: list[str] = []
    for r in found:
        reason = str(r.get("reason") or "").strip()
        if reason and not any(near_copy(reason, kept) for kept in reasons):
            reasons.append(reason)
    return [words.fill(words.NEXT_INTRO, {"items": "; ".join(items)}), *reasons, words.NEXT_QUESTION]
