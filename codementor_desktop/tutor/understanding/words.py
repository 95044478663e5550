"""A learner's words made comparable: lower case, contractions spelled out, typos of the words the
coach listens for corrected, light stems, and the values, lines and complexities they name.

Word-level fuzzy matching (rapidfuzz) corrects a word only towards a known word (a cue or a
lexicon word) and only when it is long enough that a slip of one or two letters cannot turn one
real word into another.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from rapidfuzz import process
from rapidfuzz.distance import OSA

# Shorter words are never corrected: one letter changes a short word into another real one
# ("think" and "thank").
SHORTEST_CORRECTED = 6
# Edits (a letter added, dropped, changed, or two swapped) a word may be from a known word to be
# read as it: "optimla", "complexty", "recomend" are one edit away; a long word may carry two.
EDITS_SHORT_WORD = 1
EDITS_LONG_WORD = 2
LONG_WORD = 9

_CONTRACTIONS: list[tuple[str, str | Callable[[re.Match[str]], str]]] = [
    (r"\b(i\s*dk|idk|idek)\b", "i do not know"),
    (r"\bdunno\b", "do not know"),
    (r"\bcan'?t\b|\bcannot\b", "can not"),
    (r"\bwon'?t\b", "will not"),
    (r"\b(do|does|did|is|are|was|were|has|have|had|would|could|should|must|need)n'?t\b", r"\1 not"),
    (r"\bi'?m\b", "i am"),
    (r"\bi'?ve\b", "i have"),
    (r"\bi'?ll\b", "i will"),
    (r"\bi'?d\b", "i would"),
    (r"\b(it|that|what|where|there|here|who|how|he|she)'s\b", r"\1 is"),
    (r"\b(whats|thats|wheres|heres|theres)\b", lambda m: m.group(1)[:-1] + " is"),
    (r"\b(you|we|they)'re\b", r"\1 are"),
    (r"\b(you|we|they)'ll\b", r"\1 will"),
    (r"\bpl[sz]e?\b", "please"),
    (r"\bu\b", "you"),
    (r"\bur\b", "your"),
    (r"\b(thx|thnx|thanx|tnx|ty|tysm|thanku)\b", "thanks"),
    (r"\bbig[- ]?oh?\b", "big o"),
    (r"\bw/o\b", "without"),
    (r"\bb/c\b|\bcuz\b|\bcos\b|\bcoz\b|\b'cause\b", "because"),
]
_CONTRACTIONS_COMPILED = [(re.compile(p), r) for p, r in _CONTRACTIONS]

# "O(n^2)", "o(n log n)", "O(n²)": one token, spelled one way.
_COMPLEXITY = re.compile(r"\bo\s*\(([^()]{1,24})\)")
_SUPERSCRIPT = str.maketrans({"²": "^2", "³": "^3", "ⁿ": "^n", "·": "*", "×": "*", "−": "-", "–": "-"})
_TOKEN = re.compile(r"o\([^()\s]*\)|[a-z_][a-z0-9_]*|\d+(?:\.\d+)?|<=|>=|==|!=|[-+*/^<>=%]")

_STOP = frozenset(
    "a an the and or but if of to in on at by for with from as is are was were be been being am do does did "
    "i me my we you your it its this that these those there here what which who whom how why when where "
    "so than then just also very really too not no yes can could should would will shall may might must "
    "have has had get got about into over under again all any each both some such only own same other "
    "more most few up down out off once ok okay oh ah hmm um uh well please".split()
)

NUMBER_WORDS = {
    "zero": "0", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
    "eight": "8", "nine": "9", "ten": "10", "minus one": "-1",
}  # fmt: skip
ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10, "1st": 1, "2nd": 2, "3rd": 3,
}  # fmt: skip


def normalise(said: str) -> str:
    """Lower case, one kind of apostrophe, contractions spelled out, complexities as one token."""
    text = said.translate(_SUPERSCRIPT).lower().replace("’", "'").replace("‘", "'").replace("`", " ")
    for pattern, replacement in _CONTRACTIONS_COMPILED:
        text = pattern.sub(replacement, text)
    text = _COMPLEXITY.sub(lambda m: " o(" + re.sub(r"\s+", "", m.group(1)).replace("**", "^") + ") ", text)
    return text


def tokens(text: str) -> list[str]:
    """The words, numbers, operators and complexity tokens of normalised text, in order."""
    return _TOKEN.findall(text)


def stem(word: str) -> str:
    """A light stem so that a word's forms meet: sorting, sorted, sorts -> sort."""
    if len(word) <= 4 or not word.isalpha():
        return word
    for suffix, keep in (("ies", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)] + keep
            if suffix == "es" and not base.endswith(("sh", "ch", "x", "ss")):
                base = word[:-1]
            if suffix == "s" and word.endswith("ss"):
                return word
            if suffix in ("ing", "ed") and len(base) >= 2 and base[-1] == base[-2] and base[-1] not in "ls":
                base = base[:-1]  # "mapped" -> "map", "stopping" -> "stop"
            return base
    return word


class Corrector:
    """Corrects words towards a fixed list of known words (cached: a learner repeats their words).

    A word is left alone when it or its stem is known, and a correction keeps the first letter:
    slips happen inside a word, and "looking" must not become "cooking"."""

    def __init__(self, known: frozenset[str]) -> None:
        self.known = known
        self._choices = sorted(w for w in known if len(w) >= SHORTEST_CORRECTED - 1 and w.isalpha())
        self.correct = lru_cache(maxsize=4096)(self._correct)

    def _correct(self, word: str) -> str:
        if len(word) < SHORTEST_CORRECTED or word in self.known or word in _STOP or not word.isalpha():
            return word
        if stem(word) in self.known:
            return word
        edits = EDITS_LONG_WORD if len(word) >= LONG_WORD else EDITS_SHORT_WORD
        for choice, _, _ in process.extract(word, self._choices, scorer=OSA.distance, score_cutoff=edits, limit=4):
            if choice.startswith(word) or word.startswith(choice):
                return word  # another form of a known word ("figure", "figured"), no slip
            if choice[0] == word[0]:
                return choice
        return word


def content_words(text: str) -> set[str]:
    """The stems of the words that carry meaning (no stop words, no short words)."""
    return {stem(w) for w in tokens(normalise(text)) if w.isalpha() and len(w) > 2 and w not in _STOP}


def is_stop(word: str) -> bool:
    return word in _STOP
