"""Reading one message of the learner against the problem's vocabulary and the coach's open
question: what they want, what they name (concepts, names of their code, lines, values), whether
they give a cause, deny something or are unsure, and how the message fits what the question looks for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from . import naming
from .vocabulary import HINT_PREFIX, LEXICON_WORDS, Vocabulary
from .wants import (
    CUE_WORDS,
    CUES,
    DONT_KNOW_ALONE,
    FILLERS,
    PROPOSAL,
    QUESTION_START,
    REASON,
    SOLUTION_REFUSED,
    UNSURE,
    Want,
)
from .words import Corrector, normalise, stem, tokens

# A chat message is read up to this length: what a learner asks is in its first lines, and the
# cue patterns must stay fast on a pasted wall of text.
MAX_READ = 600

# Which want the coach answers first when a message carries several.
PRIORITY = (
    Want.SOLUTION, Want.PRACTISE, Want.IDEA, Want.WHY_SLOW, Want.IS_OPTIMAL, Want.COMPLEXITY,
    Want.WHY_FAILS, Want.HINT, Want.STUCK, Want.UNDERSTANDS, Want.DONT_KNOW, Want.ANSWER,
    Want.OFF_TOPIC, Want.THANKS, Want.GREETING,
)  # fmt: skip

_CORRECTOR = Corrector(CUE_WORDS | LEXICON_WORDS)

# Programming words: a message using them is about code even when it names nothing of the problem.
_ON_TOPIC = frozenset(
    "loop loops array arrays list lists index indices indexes return returns variable variables function "
    "test tests input inputs output outputs value values element elements code pointer iterate iteration "
    "condition line lines result results integer integers string strings number numbers sum key keys "
    "check append print count tree graph node edge problem case cases run runs".split()
)

_DONT_KNOW_FIRST = re.compile(r"^(?:i )?(?:do not know|not sure|am not sure|no idea|have no idea)\b")
_COMPLEXITY_TOKEN = re.compile(r"\bo\([^)]*\)")


@dataclass(frozen=True)
class Expectation:
    """What the coach's open question is looking for."""

    names: frozenset[str] = frozenset()  # the variables the evidence points at (e.g. {"i", "j"})
    lines: frozenset[int] = frozenset()  # the line(s) the evidence points at
    values: frozenset[str] = frozenset()  # values shown (e.g. "0", "[0, 0]")
    concepts: frozenset[str] = frozenset()  # concept ids of the next step (e.g. the next hint's)


@dataclass(frozen=True)
class Reading:
    """What one message says, read against the vocabulary (and the open question, if any)."""

    want: Want
    also: tuple[Want, ...]  # other wants in the same message ("thanks, but why slow?")
    concepts: tuple[str, ...]  # concept ids named, best first
    names: tuple[str, ...]  # identifiers of the learner's code named
    lines: tuple[int, ...]  # "line 4", "on the 4th line"
    values: tuple[str, ...]  # numbers / literals named
    reason: bool  # gives a cause ("because", "so", "same ... twice", "never", "too many")
    negated: bool  # "it's not the loop", "I don't think it's i"
    unsure: bool  # "maybe", "I guess", "not sure"
    fit: str  # against the expectation: "names_cause" | "partial" | "off" | "none" (no open question)
    question: bool = False  # the message asks something
    denied: tuple[str, ...] = field(default=())  # the names/concepts/values it says are NOT the cause

    @property
    def wants(self) -> tuple[Want, ...]:
        return (self.want, *self.also)


def read(said: str, vocabulary: Vocabulary, expecting: Expectation | None = None) -> Reading:
    """Read a learner's message: its want, what it names, and how it fits the open question."""
    said = said[:MAX_READ]
    text = normalise(said)
    # the learner's own names and the problem's words are never "corrected"
    words = [w if w in vocabulary.spelled or w in vocabulary.words else _CORRECTOR.correct(w) for w in tokens(text)]
    clean = " ".join(words)
    names, denied_names = naming.names(words, said, vocabulary)
    lines = naming.lines(text)
    values = naming.values(text, words)
    concepts = naming.concepts(words, vocabulary)
    denied_concepts = naming.denied_concepts(words)
    reason = bool(REASON.search(clean))
    message = _Message(
        words=words,
        clean=clean,
        question="?" in said or bool(QUESTION_START.match(clean)),
        alone=" ".join(FILLERS.sub(" ", clean).split()),
        names=names,
        concepts=concepts,
        named=bool(names or lines or values or concepts),
        concrete=bool(names or lines or values),
        reason=reason,
    )
    fit = _fit(expecting, names, lines, values, concepts, denied_names, denied_concepts, reason)
    on_topic = bool(concepts or lines or values) or not _plain(names)
    ordered = _decide(message, vocabulary, expecting, fit, on_topic)
    return Reading(
        want=ordered[0],
        also=tuple(ordered[1:]),
        concepts=concepts,
        names=names,
        lines=lines,
        values=values,
        reason=reason,
        negated=bool(naming.DENIAL.search(clean) or denied_names or denied_concepts),
        unsure=bool(UNSURE.search(clean)),
        fit=fit,
        question=message.question,
        denied=(*denied_names, *denied_concepts),
    )


@dataclass(frozen=True)
class _Message:
    """What the want is decided from."""

    words: list[str]  # normalised, typos of known words corrected
    clean: str  # the words, space separated
    question: bool
    alone: str  # the words without fillers ("um", "honestly")
    names: tuple[str, ...]
    concepts: tuple[str, ...]
    named: bool  # names, lines, values or concepts
    concrete: bool  # names, lines or values: what the evidence shows
    reason: bool


def _problem_words(pattern: re.Pattern[str], clean: str, vocabulary: Vocabulary) -> bool:
    """Whether a cue's words are the problem's own (a "stock" in a stock-trading problem)."""
    return any(stem(w) in vocabulary.words for m in pattern.finditer(clean) for w in m.group(0).split())


def _plain(names: tuple[str, ...]) -> bool:
    """Whether every name is also a plain word ("best", "count"), which off-topic talk may use."""
    return all(n.isalpha() and n.islower() and len(n) > 2 for n in names)


def _decide(
    message: _Message, vocabulary: Vocabulary, expecting: Expectation | None, fit: str, on_topic: bool
) -> list[Want]:
    """The message's wants, the one the coach answers first at the head. ``on_topic``: the message
    names something of the problem or the code that no chat about other things would."""
    clean, question = message.clean, message.question
    found = _wants(clean)
    if question and _COMPLEXITY_TOKEN.search(clean):
        found.add(Want.COMPLEXITY)
    if Want.OFF_TOPIC in found:
        if on_topic or _problem_words(CUES[Want.OFF_TOPIC], clean, vocabulary):
            found.discard(Want.OFF_TOPIC)
        else:
            found = {Want.OFF_TOPIC} | (found & {Want.GREETING, Want.THANKS, Want.SOLUTION})
    # an idea names a way to work (a complexity alone, "below O(n^2)", is a question of optimality)
    techniques = naming.techniques(message.words) if message.concepts else []
    if PROPOSAL.search(clean) and (techniques or message.names) and not found & {Want.SOLUTION, Want.PRACTISE}:
        found.add(Want.IDEA)
    elif techniques and question and len(message.words) <= 6 and not found and not QUESTION_START.match(clean):
        found.add(Want.IDEA)  # "a hash map?"
    if not found and re.search(r"\bwhy\b", clean):
        found.add(Want.WHY_FAILS)  # a why about the code asks what goes wrong
    if Want.UNDERSTANDS in found and not question:
        # "oh I get it, pop on an empty stack gives undefined", "I understand it better now": the
        # cause said is what was understood
        found -= {Want.WHY_FAILS, Want.WHY_SLOW, Want.COMPLEXITY, Want.IS_OPTIMAL}
    if DONT_KNOW_ALONE.fullmatch(message.alone):
        found = {Want.DONT_KNOW} | (found & {Want.THANKS, Want.GREETING})
    elif _DONT_KNOW_FIRST.match(message.alone) and not found:
        found.add(Want.ANSWER if message.named else Want.DONT_KNOW)

    # A statement that meets the open question answers it, whatever else its words suggest ("j is 0,
    # that's the bug"; "I could keep a dict"): a question or an "I get it" stays what it is.
    asks = bool(QUESTION_START.match(message.alone.removeprefix("not sure ").removeprefix("maybe ")))
    met = fit in ("names_cause", "partial") or (message.reason and message.named)
    overridable = {Want.WHY_FAILS, Want.STUCK, Want.COMPLEXITY, Want.WHY_SLOW, Want.IDEA}
    if expecting is not None and not asks and met and found & overridable:
        if not found & {Want.SOLUTION, Want.UNDERSTANDS, Want.PRACTISE}:
            found = (found - overridable) | {Want.ANSWER}
    elif expecting is not None and not asks and message.concrete and found <= {Want.WHY_FAILS, Want.THANKS}:
        # "it returns [1, 2]" to "what does it return for [3,2,4], 6?": a wrong answer is still an answer
        found = (found - {Want.WHY_FAILS}) | {Want.ANSWER}
    if not message.words and not found:
        # "?" or nothing: the question was not understood (or nothing was asked yet)
        found.add(Want.DONT_KNOW if expecting is not None else Want.STUCK)
    if not found - {Want.THANKS, Want.GREETING}:
        substantive = message.named or message.reason or bool(set(message.words) & (_ON_TOPIC | vocabulary.words))
        if expecting is not None and (substantive or not found):
            found.add(Want.ANSWER)
        elif message.concepts and not found:
            found.add(Want.IDEA)
        elif substantive:
            found.add(Want.ANSWER)
        elif not found:
            found.add(Want.OFF_TOPIC)
    return [w for w in PRIORITY if w in found]


def _wants(clean: str) -> set[Want]:
    found = {want for want, pattern in CUES.items() if pattern.search(clean)}
    if Want.SOLUTION in found and SOLUTION_REFUSED.search(clean):
        found.discard(Want.SOLUTION)
        if not found - {Want.THANKS, Want.GREETING, Want.STUCK}:
            found.add(Want.HINT)
    if Want.UNDERSTANDS in found and Want.STUCK in found:
        found.discard(Want.UNDERSTANDS)  # "I don't get it" matched "get it" too
    return found


def _fit(
    expecting: Expectation | None,
    names: tuple[str, ...],
    lines: tuple[int, ...],
    values: tuple[str, ...],
    concepts: tuple[str, ...],
    denied_names: tuple[str, ...],
    denied_concepts: tuple[str, ...],
    reason: bool,
) -> str:
    if expecting is None:
        return "none"
    wanted_values = {v.replace(" ", "") for v in expecting.values}
    hits = (
        (set(names) - set(denied_names)) & expecting.names
        or set(lines) & expecting.lines
        or {v.replace(" ", "") for v in values} & wanted_values
    )
    # a value inside a list the evidence showed ("the 3" of [5, 4, 6, null, null, 3, 7]) is a partial hit
    elements = {e.strip() for v in expecting.values if v.startswith("[") for e in v.strip("[]").split(",")}
    partial_only = not hits and bool(set(values) & (elements - {""}))
    concept_hits = (set(concepts) - set(denied_concepts)) & expecting.concepts
    if not concept_hits and expecting.concepts:
        # a concept a hint teaches, named where the hint itself is expected
        concept_hits = {c for c in concepts if c.startswith(HINT_PREFIX)} & expecting.concepts
    if (hits or concept_hits) and reason:
        return "names_cause"
    if hits or concept_hits or partial_only:
        return "partial"
    return "off"
