"""What a message names: the names of the learner's code (an English word that is also a name only
in code-like company), the lines, the values, and the concepts of the lexicon and of the problem's
hints; and what it says is NOT the cause ("it's not i")."""

from __future__ import annotations

import re
from functools import lru_cache

from .vocabulary import Vocabulary, lexicon_concepts
from .words import NUMBER_WORDS, ORDINALS, is_stop, stem

# A message sharing this many of a hint's own content words names the hint's idea.
HINT_WORDS_NEEDED = 2

# An English word that is also a name in the code counts as the name only in code-like company.
_AFTER_NAME = frozenset(
    "is was and or = == != < <= > >= + - * equals becomes stays starts begins ends gets goes points reaches "
    "hits were are has keeps moves increments never ] , only too".split()
)
_BEFORE_NAME = frozenset(
    "and or variable index of than with when where while both but = == [ after until as to from at equals like vs".split()
)
_FIRST_PERSON_AFTER = frozenset(
    "am have had will would should could can think guess see get got said thought mean meant know want need "
    "tried wrote did do was feel understand expected".split()
)
_NEGATION = frozenset({"not", "no", "never", "without"})
_NEGATION_GAP = frozenset("the a an it is its that this think was be my".split())
DENIAL = re.compile(
    r"\b(?:it|that|this|problem|bug|issue|cause|error) (?:is|was) not\b|\bnot (?:the|my|a|an|because|about|in|on)\b"
    r"|\bdo not think\b|\bnothing to do with\b|^no\b"
)
_LINES = re.compile(
    r"\b(?:lines?|ln|l)\s*#?\s*(\d+)(?:\s*(?:and|,|&|-|to|or)\s*(\d+))?"
    r"|\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th)) line\b"
    r"|\bline number (\d+)\b"
)
_LIST_LITERAL = re.compile(r"\[[^\[\]]{0,60}\]")
_QUOTED = re.compile(r"'([^']{1,30})'|\"([^\"]{1,30})\"")
_NUMBER = re.compile(r"(?<![\w.\[])-?\d+(?:\.\d+)?(?![\w(])")
_NOT_A_VALUE_BEFORE = frozenset("test tests case example hint step line lines o l ln #".split())
_VALUE_WORDS = {"true": "True", "false": "False", "none": "None", "null": "null", "undefined": "undefined"}
_NUMBER_WORD_AFTER = frozenset(
    "is are was were be equal equals both return returns gives give get got becomes stays at to from".split()
)


def names(words: list[str], said: str, vocabulary: Vocabulary) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The code's names the message uses, and those it says are not the cause."""
    if not vocabulary.spelled:
        return (), ()
    quoted = {q.lower() for q in re.findall(r"[`'\"]([A-Za-z_$][\w$]*)[`'\"]", said)}
    found: dict[str, None] = {}
    denied: dict[str, None] = {}
    for k, word in enumerate(words):
        name = vocabulary.spelled.get(word)
        if name is None:
            continue
        if is_stop(word) and word not in quoted:
            after = words[k + 1] if k + 1 < len(words) else ""
            before = words[k - 1] if k else ""
            code_like = after in _AFTER_NAME or before in _BEFORE_NAME or not after
            if word == "i" and after in _FIRST_PERSON_AFTER:
                code_like = False
            if word == "a" and after and after not in _AFTER_NAME:
                code_like = False
            if not code_like:
                continue
        found.setdefault(name, None)
        if _negated_at(words, k):
            denied.setdefault(name, None)
    return tuple(found), tuple(denied)


def _negated_at(words: list[str], k: int) -> bool:
    """Whether a negation stands right before position k ("not i", "don't think it's i")."""
    j = k - 1
    while j >= 0 and k - j <= 4:
        if words[j] in _NEGATION:
            return True
        if words[j] not in _NEGATION_GAP:
            return False
        j -= 1
    return False


def lines(text: str) -> tuple[int, ...]:
    found: dict[int, None] = {}
    for match in _LINES.finditer(text):
        first, second, ordinal, number = match.groups()
        if first:
            found.setdefault(int(first), None)
            if second:
                found.setdefault(int(second), None)
        elif ordinal:
            value = ORDINALS.get(ordinal) or int(re.sub(r"\D", "", ordinal) or 0)
            if value:
                found.setdefault(value, None)
        elif number:
            found.setdefault(int(number), None)
    return tuple(found)


def _list_value(literal: str) -> str:
    inner = [part.strip() for part in literal[1:-1].split(",") if part.strip()]
    return "[" + ", ".join(inner) + "]"


def values(text: str, words: list[str]) -> tuple[str, ...]:
    found: dict[str, None] = {}
    rest = text
    for match in _LIST_LITERAL.finditer(text):
        found.setdefault(_list_value(match.group(0)), None)
    rest = _LIST_LITERAL.sub(" ", rest)
    rest = re.sub(r"\bo\([^)]*\)", " ", rest)
    for match in _QUOTED.finditer(rest):
        found.setdefault(match.group(1) or match.group(2), None)
    for match in _NUMBER.finditer(rest):
        before = rest[: match.start()].split()
        if before and before[-1].rstrip("#") in _NOT_A_VALUE_BEFORE:
            continue
        found.setdefault(match.group(0), None)
    for k, word in enumerate(words):
        if word in _VALUE_WORDS:
            found.setdefault(_VALUE_WORDS[word], None)
        elif word in NUMBER_WORDS and k and words[k - 1] in _NUMBER_WORD_AFTER:
            found.setdefault(NUMBER_WORDS[word], None)
    return tuple(found)


@lru_cache(maxsize=2048)
def _stems(words: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(stem(w) for w in words)


def concepts(words: list[str], vocabulary: Vocabulary) -> tuple[str, ...]:
    stems = list(_stems(tuple(words)))
    named = lexicon_concepts(stems)
    own = {c.id for c in vocabulary.concepts}
    ranked = [c for c in named if c in own] + [c for c in named if c not in own]
    present = set(stems)
    hint_hits = []
    for hint in vocabulary.hints:
        shared = present & set(hint.phrases)
        if len(shared) >= HINT_WORDS_NEEDED:
            hint_hits.append((len(shared), hint.id))
    hint_hits.sort(key=lambda hit: -hit[0])
    return tuple(ranked) + tuple(cid for _, cid in hint_hits)


def techniques(words: list[str]) -> list[str]:
    """The lexicon concepts named other than by a complexity like O(n^2)."""
    return lexicon_concepts(list(_stems(tuple(w for w in words if not w.startswith("o(")))))


def denied_concepts(words: list[str]) -> tuple[str, ...]:
    """Concepts named right after a negation ("it's not the hash map")."""
    denied: dict[str, None] = {}
    for k, word in enumerate(words):
        if word in _NEGATION:
            following = words[k + 1 : k + 6]
            for cid in lexicon_concepts(list(_stems(tuple(w for w in following if w not in _NEGATION_GAP)))[:3]):
                denied.setdefault(cid, None)
    return tuple(denied)
