"""Whether the coach is about to say again what it already said: a reworded near-copy of a question
or a paragraph counts as a repeat, a question about another input does not."""

from __future__ import annotations

import re
from collections.abc import Iterable

from rapidfuzz import fuzz

from .words import is_stop, normalise, stem, tokens

# Two texts whose content words (stems, in any order) are this similar (rapidfuzz, 0-100) say the
# same thing: "Which value there is not what you expected?" and "Which of those values is not what
# you expected there?" are 100; a question about the values and one about the return are 26.
NEAR_REPEAT = 85
# A shorter text whose words are nearly all inside a longer one repeats it only when the two are of
# comparable length (a short question is not a repeat of every paragraph that uses its words).
COMPARABLE_LENGTH = 0.5

# Words that carry no content of a question ("looking at those values, which one ...").
_FILLER = frozenset("look looking one ones thing things now see tell say let take again just".split())
_VALUE = re.compile(r"-?\d+(?:\.\d+)?|true|false|none|null|o\([^)]*\)")


def _words(text: str) -> tuple[list[str], list[str]]:
    """The content stems and, apart, the values (numbers, literals, complexities) of a text."""
    content, values = [], []
    for word in tokens(normalise(text)):
        if _VALUE.fullmatch(word):
            values.append(word)
        elif word.isalpha() and not is_stop(word) and word not in _FILLER:
            content.append(stem(word))
    return content, values


def similarity(one: str, other: str) -> float:
    """How much two texts say the same thing, 0-100 (their values must agree to score at all)."""
    words_one, values_one = _words(one)
    words_other, values_other = _words(other)
    if sorted(values_one) != sorted(values_other) or not words_one or not words_other:
        return 0.0
    a, b = " ".join(words_one), " ".join(words_other)
    score = fuzz.token_sort_ratio(a, b)
    shorter, longer = sorted((len(set(words_one)), len(set(words_other))))
    if shorter >= 3 and shorter >= COMPARABLE_LENGTH * longer:
        score = max(score, fuzz.token_set_ratio(a, b))
    return float(score)


def near_repeat(text: str, earlier: Iterable[str], threshold: float = NEAR_REPEAT) -> bool:
    """Whether ``text`` repeats (word for word or reworded) any of the ``earlier`` texts."""
    return any(similarity(text, said) >= threshold for said in earlier)
