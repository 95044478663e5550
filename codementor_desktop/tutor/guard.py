"""The solution filter: what a tutor shows never contains a problem's solution whole.

The system prompt asks a model not to write one; this makes sure, whatever the model (or a template)
wrote. Only the code in a text counts, prose does not: fenced blocks, indented blocks, and runs of
lines that read as code without a fence (``def f(x):`` and what follows it). A text leaks when that
code shares three consecutive normalized lines with a reference solution, or more than 30 % of a
reference's code tokens. Normalized: comments, docstrings and whitespace dropped, lines of closing
brackets alone not counted. Tokens are shared when they match in order, in runs of at least
``MIN_RUN`` tokens (so ``( x )`` scattered over an answer does not count as copying).

``StreamGuard`` does the same to a stream: prose passes as it comes; a code block is held until it
closes and then shown, or replaced by a short notice when it would leak (counted together with the
code already shown, so a solution cut into pieces is caught too).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace
from difflib import SequenceMatcher
from functools import cache
from typing import TYPE_CHECKING

from pygments.lexer import Lexer
from pygments.lexers import JavascriptLexer, PythonLexer
from pygments.token import Comment, Operator, Punctuation, String, Token

from .events import Escalated, Listener, SessionConcluded, TextDelta, TutorEvent

if TYPE_CHECKING:
    from ..problems.model import Problem

SHARED_LINES = 3  # consecutive normalized lines in common with a reference
SHARED_TOKENS = 0.30  # of a reference's tokens, matched in order
MIN_RUN = 4
NOTICE = (
    "\n*(A code block was held back here: it was too close to a full solution, and the tutor does not show "
    "solutions. Ask about the step you are on instead.)*\n"
)

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_INDENTED = re.compile(r"^(?: {4}|\t)")
_KEYWORDS = frozenset(
    "def class function for while if elif else return const let var import from try except with yield "
    "async await switch case".split()
)
_KEYWORD_START = re.compile(r"^(?:" + "|".join(sorted(_KEYWORDS)) + r")\b")
_STATEMENT_START = re.compile(r"^[A-Za-z_$][\w$.\[\]]*\s*(?:[-+*/%|&^]?=(?!=)|\()")
_WORD = re.compile(r"[A-Za-z_$][\w$.\[\]]*")


def _is_code_line(line: str) -> bool:
    return bool(_KEYWORD_START.match(line) or _STATEMENT_START.match(line))


class _Segmenter:
    """Splits text, a whole line at a time, into prose lines and code blocks (with their raw text)."""

    def __init__(self) -> None:
        self.state = "prose"  # prose | fence | indent | loose
        self._fence = ""
        self._raw: list[str] = []
        self._code: list[str] = []
        self._blank_before = True

    def line(self, line: str) -> list[tuple[str, str, str]]:
        """``line`` (with its newline, if any): the segments it closes, as (kind, raw, code)."""
        text = line.rstrip("\n")
        if self.state == "fence":
            closing = _FENCE.match(text)
            self._raw.append(line)
            if closing and closing.group(1)[0] == self._fence[0] and len(closing.group(1)) >= len(self._fence):
                if not text.strip()[len(closing.group(1)) :].strip():
                    return self._close()
            self._code.append(line)
            return []
        if self.state == "indent":
            if not text.strip() or _INDENTED.match(text):
                self._hold(line)
                return []
            return self._close() + self.line(line)
        if self.state == "loose":
            stripped = text.strip()
            if not stripped or _INDENTED.match(text) or _is_code_line(text) or stripped[0] in "})]":
                self._hold(line)
                return []
            return self._close() + self.line(line)
        opening = _FENCE.match(text)
        if opening:
            self.state, self._fence, self._raw, self._code = "fence", opening.group(1), [line], []
            return []
        if text.strip() and _INDENTED.match(text) and self._blank_before:
            self.state, self._raw, self._code = "indent", [], []
            self._hold(line)
            return []
        if _is_code_line(text):
            self.state, self._raw, self._code = "loose", [], []
            self._hold(line)
            return []
        self._blank_before = not text.strip()
        return [("prose", line, "")]

    def close(self) -> list[tuple[str, str, str]]:
        """The end of the text: a block still open (a fence never closed is code all the same)."""
        return self._close() if self.state != "prose" else []

    def _hold(self, line: str) -> None:
        self._raw.append(line)
        self._code.append(line)

    def _close(self) -> list[tuple[str, str, str]]:
        raw, code = "".join(self._raw), "".join(self._code)
        self.state, self._raw, self._code = "prose", [], []
        self._blank_before = raw.endswith("\n\n") or not raw.strip()
        return [("code", raw, code)]


def code_blocks(text: str) -> list[str]:
    """The code in ``text``, block by block; its prose left out."""
    segmenter = _Segmenter()
    segments = [s for line in text.splitlines(keepends=True) for s in segmenter.line(line)] + segmenter.close()
    return [code for kind, _raw, code in segments if kind == "code" and code.strip()]


@cache
def _lexer(language: str) -> Lexer:
    return (JavascriptLexer if language == "javascript" else PythonLexer)(stripnl=False, ensurenl=True)


def _language_of(code: str) -> str:
    return "javascript" if re.search(r"\bfunction\b|=>|\b(?:const|let)\s|;\s*$", code, re.M) else "python"


def normalized(code: str, language: str) -> tuple[list[str], list[str]]:
    """``code``'s normalized lines and its tokens: no comments, docstrings or whitespace."""
    by_line: dict[int, list[str]] = {}
    meaningful: dict[int, bool] = {}
    tokens: list[str] = []
    line = 0
    for kind, value in _lexer(language).get_tokens(code):
        here, line = line, line + value.count("\n")
        if kind in Comment or kind in String.Doc or not value.strip():
            continue
        token = value.strip()
        tokens.append(token)
        by_line.setdefault(here, []).append(token)
        if not (kind in Punctuation or kind in Operator or kind is Token.Text):
            meaningful[here] = True
    lines = [" ".join(by_line[n]) for n in sorted(by_line) if meaningful.get(n)]
    return lines, tokens


class SolutionGuard:
    """Tells whether a text shows one of ``references`` (code, Python or JavaScript) too closely."""

    def __init__(self, references: Iterable[str]) -> None:
        self._references: list[tuple[str, set[tuple[str, ...]], list[str]]] = []
        for reference in references:
            if not reference.strip():
                continue
            language = _language_of(reference)
            lines, tokens = normalized(reference, language)
            self._references.append((language, _windows(lines), tokens))

    @classmethod
    def for_problem(cls, problem: Problem | None) -> SolutionGuard:
        """The guard of a bank problem: its optimal solutions in both languages and its slower one."""
        if problem is None:
            return cls([])
        solutions = problem.solutions
        return cls([solutions.python, solutions.javascript, solutions.python_slow])

    def leaks(self, text: str) -> bool:
        """Whether the code in ``text`` (its prose aside) gives a reference away."""
        return self.leaks_code("\n".join(code_blocks(text)))

    def leaks_code(self, code: str) -> bool:
        """Whether ``code`` itself is too close to a reference."""
        if not code.strip():
            return False
        for language, windows, tokens in self._references:
            lines, mine = normalized(code, language)
            if windows & _windows(lines):
                return True
            if shared_tokens(tokens, mine) > SHARED_TOKENS:
                return True
        return False


def _windows(lines: Sequence[str]) -> set[tuple[str, ...]]:
    return {tuple(lines[i : i + SHARED_LINES]) for i in range(len(lines) - SHARED_LINES + 1)}


def shared_tokens(reference: Sequence[str], code: Sequence[str]) -> float:
    """The part of ``reference``'s tokens that ``code`` repeats in order, in runs of ``MIN_RUN`` or more."""
    if not reference or not code:
        return 0.0
    blocks = SequenceMatcher(None, list(reference), list(code), autojunk=False).get_matching_blocks()
    return sum(block.size for block in blocks if block.size >= MIN_RUN) / len(reference)


class StreamGuard:
    """Filters a streamed answer: ``feed(piece)`` returns what may be shown now, ``flush()`` the rest."""

    def __init__(self, guard: SolutionGuard, notice: str = NOTICE) -> None:
        self.guard = guard
        self.notice = notice
        self.held_back = 0  # code blocks replaced by the notice
        self._segmenter = _Segmenter()
        self._partial = ""
        self._partial_shown = 0  # characters of the current line already shown as prose
        self._shown_code: list[str] = []

    def feed(self, piece: str) -> str:
        out: list[str] = []
        self._partial += piece
        while "\n" in self._partial:
            line, self._partial = self._partial.split("\n", 1)
            out.append(self._line(line + "\n"))
        if self._partial and self._segmenter.state == "prose" and _prose_start(self._partial):
            out.append(self._partial[self._partial_shown :])
            self._partial_shown = len(self._partial)
        return "".join(out)

    def flush(self) -> str:
        out = self._line(self._partial) if self._partial else ""
        self._partial = ""
        return out + self._render(self._segmenter.close())

    def _line(self, line: str) -> str:
        shown, self._partial_shown = self._partial_shown, 0
        segments = self._segmenter.line(line)
        if shown:  # decided to be prose while it streamed: the segmenter agrees, the rest of it follows
            return line[shown:] + self._render(segments[1:])
        return self._render(segments)

    def _render(self, segments: list[tuple[str, str, str]]) -> str:
        out = []
        for kind, raw, code in segments:
            if kind == "prose":
                out.append(raw)
            elif self.guard.leaks_code("\n".join([*self._shown_code, code])):
                self.held_back += 1
                out.append(self.notice)
            else:
                self._shown_code.append(code)
                out.append(raw)
        return "".join(out)


def _prose_start(partial: str) -> bool:
    """Whether a line begun with ``partial`` is prose whatever follows (the segmenter would say so):
    no fence, no indentation, and not the start of a statement."""
    if partial[0] in " \t`~":
        return False
    word = _WORD.match(partial)
    if word is None:
        return True  # "- a list item", "1. a step", "**bold**"
    rest = partial[word.end() :].lstrip()
    if word.end() == len(partial) or not rest:
        return False  # the first word may still grow into a keyword or an assignment
    return word.group() not in _KEYWORDS and rest[0] not in "=(-+*/%|&^"


def guarded(emit: Listener, guard: StreamGuard) -> Listener:
    """``emit`` behind ``guard``: text pieces go through it; any other event first flushes it. The
    text an escalation or a summary carries is judged whole."""

    def listener(event: TutorEvent) -> None:
        if isinstance(event, TextDelta):
            shown = guard.feed(event.text)
            if shown:
                emit(TextDelta(shown))
            return
        rest = guard.flush()
        if rest:
            emit(TextDelta(rest))
        if isinstance(event, Escalated) and guard.guard.leaks(event.question):
            guard.held_back += 1
            event = replace(event, question=guard.notice.strip())
        elif isinstance(event, SessionConcluded) and guard.guard.leaks("\n\n".join(event.insights)):
            guard.held_back += 1
            event = replace(event, insights=tuple(i for i in event.insights if not guard.guard.leaks(i)))
        emit(event)

    return listener
