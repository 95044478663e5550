"""Code as token shapes, fingerprinted by winnowing: how the solution filter sees a reference
through renaming and reformatting.

A shape is a token with what a copier can change for free abstracted away: every identifier is
``V`` (names of the learner's world: ``seen``, ``memo``, ``twoSum``), every number ``NUM``, every
string ``STR``; keywords, operators, brackets and the language's builtins (``len``, ``Map``) are
kept, since changing them changes what the code does. Comments and whitespace are dropped, so
reformatting changes nothing either.

A run of ``K`` shapes is a k-gram; each is hashed. A reference keeps, as MOSS does, the smallest
hash of every window of ``W`` consecutive k-grams (winnowing): any stretch of ``K + W - 1`` shapes
it shares with another text is sure to share one of these fingerprints. A text is compared by all
its k-gram hashes, so the reference's sample is looked up exactly.
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Sequence
from functools import cache, lru_cache

from pygments.lexer import Lexer
from pygments.lexers import JavascriptLexer, PythonLexer
from pygments.token import Comment, Name, Number, String, Token

# About one statement of shapes (``for V in range ( len ( V ) ) :`` is 11): a k-gram spans a
# statement and a half, so two programs share one only where they share structure, not a lone
# ``V = V + NUM``.
K = 9
# The winnowing window: any shared run of K + W - 1 = 12 shapes (a line or so) is found.
W = 4

Fingerprints = Counter[int]


@cache
def lexer(language: str) -> Lexer:
    return (JavascriptLexer if language == "javascript" else PythonLexer)(stripnl=False, ensurenl=True)


def shapes(code: str, language: str) -> list[str]:
    """``code``'s tokens as shapes: identifiers ``V``, numbers ``NUM``, strings ``STR`` (one per
    literal, however the lexer cut it), the rest as written; no comments, docstrings or spaces, and
    no grouping brackets (``a, b = (b, a)`` is ``a, b = b, a`` reformatted), only a call's."""
    out: list[str] = []
    calls: list[bool] = []  # for each open "(": whether it is a call's (kept) or a grouping (dropped)
    callee = False  # whether the last token can be called: a name, a builtin, a closing bracket
    for kind, value in lexer(language).get_tokens(code):
        if kind in Comment or kind in String.Doc or not value.strip():
            continue
        token = value.strip()
        if kind in String:
            if not out or out[-1] != "STR":
                out.append("STR")
            callee = False
            continue
        if token == "(":
            calls.append(callee)
            callee = False
            if calls[-1]:
                out.append(token)
            continue
        if token == ")":
            if not calls or calls.pop():
                out.append(token)
            callee = True
            continue
        if kind in Number:
            out.append("NUM")
        elif kind in Name and kind not in Name.Builtin:
            out.append("V")
        elif kind is Token.Text or kind in Token.Error:
            out.append("V")  # a stray word the lexer did not place: a name all the same
        else:
            out.append(token)
        callee = kind in Name or kind is Token.Text or token == "]"
    return out


def _hashes(tokens: Sequence[str]) -> list[int]:
    """Each k-gram's hash (crc32: the same in every process, unlike ``hash``)."""
    return [zlib.crc32("\x1f".join(tokens[i : i + K]).encode()) for i in range(len(tokens) - K + 1)]


@lru_cache(maxsize=256)
def _kgrams(code: str, language: str) -> Fingerprints:
    return Counter(_hashes(shapes(code, language)))


def kgrams(code: str, language: str) -> Fingerprints:
    """Every k-gram hash of ``code``, counted: how a text is looked up. Kept for the last texts
    (a stream judges the code shown so far again with each block; the learner's code recurs)."""
    return Counter(_kgrams(code, language))


def winnowed(code: str, language: str) -> Fingerprints:
    """``code``'s fingerprints: the smallest hash of each window of ``W`` k-grams (the rightmost when
    tied), each chosen k-gram counted once however many windows chose it."""
    hashes = _hashes(shapes(code, language))
    if len(hashes) <= W:
        return Counter(hashes)  # a short reference: all it has
    chosen: dict[int, int] = {}  # position -> hash
    for start in range(len(hashes) - W + 1):
        window = hashes[start : start + W]
        low = min(window)
        position = start + max(i for i, h in enumerate(window) if h == low)
        chosen[position] = low
    return Counter(chosen.values())


def share(reference: Fingerprints, text: Fingerprints) -> float:
    """The part of ``reference``'s fingerprints found in ``text`` (each as often as it recurs)."""
    total = sum(reference.values())
    if not total:
        return 0.0
    return sum(min(count, text[h]) for h, count in reference.items()) / total
