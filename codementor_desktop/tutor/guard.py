"""The solution filter: what a tutor shows never contains a problem's solution whole.

The system prompt asks a model not to write one; this makes sure, whatever the model (or a template)
wrote. Only the code in a text counts, prose does not: fenced blocks, indented blocks, and runs of
lines that read as code without a fence (``def f(x):`` and what follows it). A text leaks when that
code holds ``SHAPE_SHARE`` of a reference's shape fingerprints (``shapes``: every name and literal
abstracted, winnowed as MOSS does, so renaming and reformatting change nothing), or shares
``SHARED_LINES`` consecutive normalized lines with it (comments, docstrings and whitespace dropped,
lines of closing brackets alone not counted). Inline code spans of the prose count by their shapes,
together with the blocks. The learner's own code (``own``, and a problem's starter) never counts:
showing them what they wrote gives nothing away.

``StreamGuard`` does the same to a stream: prose passes as it comes; a code block is held until it
closes and then shown, or replaced by a short notice when it would leak (counted together with the
code already shown, so a solution cut into pieces is caught too); an inline span waits for its
line's end. ``guarded`` applies it to a tutor's events, and with ``cards`` to tool calls' cards.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, NamedTuple

from pygments.token import Comment, Operator, Punctuation, String, Token

from .events import Escalated, Listener, SessionConcluded, TextDelta, ToolFinished, ToolStarted, TutorEvent
from .shapes import Fingerprints, kgrams, lexer, share, winnowed

if TYPE_CHECKING:
    from ..problems.model import Problem

SHARED_LINES = 5  # consecutive normalized lines in common with a reference
# Of a reference's winnowed shape fingerprints (names and literals abstracted): a renamed or
# reformatted reference keeps nearly all of them (the benchmark finds every one above 0.9), while
# a line or two of it, or another approach to the problem, shares well under half.
SHAPE_SHARE = 0.5
# A string of a tool's arguments or result shorter than this is too short to hold code worth a k-gram
# on its own (a name, a verdict, an input); it still counts with the others.
MIN_JUDGED = 24
NOTICE = (
    "\n*(A code block was held back here: it was too close to a full solution, and the tutor does not show "
    "solutions. Ask about the step you are on instead.)*\n"
)

HELD = "(held back: too close to the solution)"
_INLINE = re.compile(r"(?<!`)(`{1,2})(?!`)(.+?)(?<!`)\1(?!`)", re.S)
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


def _language_of(code: str) -> str:
    return "javascript" if re.search(r"\bfunction\b|=>|\b(?:const|let)\s|;\s*$", code, re.M) else "python"


def normalized(code: str, language: str) -> tuple[list[str], list[str]]:
    """``code``'s normalized lines and its tokens: no comments, docstrings or whitespace."""
    by_line: dict[int, list[str]] = {}
    meaningful: dict[int, bool] = {}
    tokens: list[str] = []
    line = 0
    for kind, value in lexer(language).get_tokens(code):
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
    """Tells whether a text shows one of ``references`` (code, Python or JavaScript) too closely.
    ``own`` is the learner's own code: what it holds is theirs to be shown again, so it never
    counts toward a leak (a card echoing their accepted code, an answer quoting their loop)."""

    def __init__(self, references: Iterable[str], own: Iterable[str] = ()) -> None:
        self._references: list[_Reference] = []
        for reference in references:
            self.add_reference(reference)
        self._own = [code for code in own if code and code.strip()]

    def add_reference(self, reference: str) -> None:
        """Hold text against ``reference`` too from now on (code the tutor ran but must not show)."""
        if not reference.strip():
            return
        language = _language_of(reference)
        lines, _tokens = normalized(reference, language)
        self._references.append(_Reference(language, _windows(lines), winnowed(reference, language)))

    @classmethod
    def for_problem(cls, problem: Problem | None, own: Iterable[str] = ()) -> SolutionGuard:
        """The guard of a bank problem: its optimal solutions in both languages and its slower one."""
        if problem is None:
            return cls([], own)
        solutions, starter = problem.solutions, problem.starter
        # The starter code is the learner's from the start: showing it again gives nothing away.
        return cls(
            [solutions.python, solutions.javascript, solutions.python_slow], [*own, starter.python, starter.javascript]
        )

    def leaks(self, text: str) -> bool:
        """Whether the code in ``text`` (its prose aside) gives a reference away. Inline code spans
        count by their shapes only, together with the blocks: a line quoted in a sentence is a
        quote, the whole solution spread over spans is not."""
        code = "\n".join(code_blocks(text))
        if self.leaks_code(code):
            return True
        spans = inline_code(text)
        return bool(spans) and self.leaks_shape("\n".join([code, *spans]))

    def leaks_code(self, code: str) -> bool:
        """Whether ``code`` itself is too close to a reference: the same lines, or the same shapes
        with every name and literal changed."""
        if not code.strip():
            return False
        for reference in self._references:
            if reference.windows & _windows(self._not_own(code, reference.language)):
                return True
        return self.leaks_shape(code)

    def leaks_shape(self, code: str) -> bool:
        """Whether ``code`` holds ``SHAPE_SHARE`` of a reference's fingerprints once every name and
        literal is abstracted (the learner's own code taken out first)."""
        if not code.strip():
            return False
        return any(self.shape_share(code, reference) >= SHAPE_SHARE for reference in self._references)

    def shape_share(self, code: str, reference: _Reference) -> float:
        mine = kgrams(code, reference.language)
        for own in self._own:
            mine -= kgrams(own, reference.language)
        return share(reference.fingerprints, mine)

    def leaks_value(self, value: Any) -> bool:
        """Whether a tool's arguments or result (any JSON value) hold a reference: a string of code
        in it, or its strings together (a solution cut over several fields)."""
        strings = list(_strings(value))
        return any(self._leaks_string(s) for s in strings) or (len(strings) > 1 and self.leaks_code("\n".join(strings)))

    def held_back(self, value: Any) -> Any:
        """``value`` with each string that leaks replaced by a short notice (every string of code,
        when only their sum leaks)."""
        kept = self._held_back(value, self._leaks_string)
        if self.leaks_value(kept):
            kept = self._held_back(kept, lambda s: len(s) >= MIN_JUDGED)
        return kept

    def _leaks_string(self, text: str) -> bool:
        return len(text) >= MIN_JUDGED and (self.leaks(text) or self.leaks_code(text))

    def _held_back(self, value: Any, leaking: Callable[[str], bool]) -> Any:
        if isinstance(value, str):
            return HELD if leaking(value) else value
        if isinstance(value, dict):
            return {key: self._held_back(item, leaking) for key, item in value.items()}
        if isinstance(value, list | tuple):
            return [self._held_back(item, leaking) for item in value]
        return value

    def _not_own(self, code: str, language: str) -> list[str]:
        """``code``'s normalized lines, less those the learner's own code has."""
        lines, _tokens = normalized(code, language)
        if not self._own:
            return lines
        theirs = {line for own in self._own for line in normalized(own, language)[0]}
        return [line for line in lines if line not in theirs]


class _Reference(NamedTuple):
    language: str
    windows: set[tuple[str, ...]]
    fingerprints: Fingerprints


def _strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def inline_code(text: str) -> list[str]:
    """The distinct inline code spans of ``text``'s prose (a span quoted twice is one quote)."""
    segmenter = _Segmenter()
    segments = [s for line in text.splitlines(keepends=True) for s in segmenter.line(line)] + segmenter.close()
    prose = "".join(raw for kind, raw, _code in segments if kind == "prose")
    return list(dict.fromkeys(m.group(2).strip() for m in _INLINE.finditer(prose) if m.group(2).strip()))


def _windows(lines: Sequence[str]) -> set[tuple[str, ...]]:
    return {tuple(lines[i : i + SHARED_LINES]) for i in range(len(lines) - SHARED_LINES + 1)}


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
        self._shown_inline: list[str] = []

    def feed(self, piece: str) -> str:
        out: list[str] = []
        self._partial += piece
        while "\n" in self._partial:
            line, self._partial = self._partial.split("\n", 1)
            out.append(self._line(line + "\n"))
        if self._partial and self._segmenter.state == "prose" and _prose_start(self._partial):
            # Up to an inline code span: the span waits for the line's end to be judged.
            end = self._partial.find("`", self._partial_shown)
            end = len(self._partial) if end == -1 else end
            if end > self._partial_shown:
                out.append(self._partial[self._partial_shown : end])
                self._partial_shown = end
        return "".join(out)

    def flush(self) -> str:
        out = self._line(self._partial) if self._partial else ""
        self._partial = ""
        return out + self._render(self._segmenter.close())

    def _line(self, line: str) -> str:
        shown, self._partial_shown = self._partial_shown, 0
        segments = self._segmenter.line(line)
        if shown:  # decided to be prose while it streamed: the segmenter agrees, the rest of it follows
            return self._prose(line[shown:]) + self._render(segments[1:])
        return self._render(segments)

    def _prose(self, text: str) -> str:
        """Prose, its inline code spans shown unless they add up (with the code shown) to a leak."""
        spans = [m.group(2).strip() for m in _INLINE.finditer(text) if m.group(2).strip()]
        if not spans:
            return text
        inline = list(dict.fromkeys([*self._shown_inline, *spans]))
        if self.guard.leaks_shape("\n".join([*self._shown_code, *inline])):
            self.held_back += 1
            return _INLINE.sub(lambda m: f"`{HELD}`" if m.group(2).strip() else m.group(0), text)
        self._shown_inline = inline
        return text

    def _render(self, segments: list[tuple[str, str, str]]) -> str:
        out = []
        for kind, raw, code in segments:
            if kind == "prose":
                out.append(self._prose(raw))
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


def guarded(emit: Listener, guard: StreamGuard, *, cards: bool = False) -> Listener:
    """``emit`` behind ``guard``: text pieces go through it; any other event first flushes it. The
    text an escalation or a summary carries is judged whole; with ``cards``, so are a tool call's
    arguments and result as its card shows them (a model's tutor: the calls are the model's)."""

    def listener(event: TutorEvent) -> None:
        if isinstance(event, TextDelta):
            shown = guard.feed(event.text)
            if shown:
                emit(TextDelta(shown))
            return
        rest = guard.flush()
        if rest:
            emit(TextDelta(rest))
        judge = guard.guard
        if isinstance(event, Escalated) and judge.leaks(event.question):
            guard.held_back += 1
            event = replace(event, question=guard.notice.strip())
        elif isinstance(event, SessionConcluded) and judge.leaks("\n\n".join(event.insights)):
            guard.held_back += 1
            event = replace(event, insights=tuple(i for i in event.insights if not judge.leaks(i)))
        elif cards and isinstance(event, ToolStarted) and judge.leaks_value(event.arguments):
            guard.held_back += 1
            event = replace(event, arguments=judge.held_back(event.arguments))
        elif cards and isinstance(event, ToolFinished) and judge.leaks_value([event.result, event.summary]):
            guard.held_back += 1
            event = replace(event, result=judge.held_back(event.result), summary=judge.held_back(event.summary))
        emit(event)

    return listener
