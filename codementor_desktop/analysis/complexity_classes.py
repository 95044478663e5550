"""Growth classes (1, log n, n, n log n, n², n³, 2ⁿ and their products) and the big-O notation
the bank writes them in.

A class is a polynomial degree, a power of log n, and whether it is exponential. Notation with
more than one variable (``O(rows * cols)``, ``O(V + E)``, ``O(n * k)``) has no single class in
terms of one size: ``parse_complexity`` says so and why, instead of guessing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


@dataclass(frozen=True, order=True)
class Growth:
    exponential: bool = False
    degree: int = 0
    logs: int = 0

    def __mul__(self, other: Growth) -> Growth:
        if self.exponential or other.exponential:
            return EXPONENTIAL
        return Growth(False, self.degree + other.degree, self.logs + other.logs)

    def notation(self) -> str:
        """``O(n²)``, ``O(n log n)``, ``O(2ⁿ)``."""
        if self.exponential:
            return "O(2ⁿ)"
        parts = []
        if self.degree == 1:
            parts.append("n")
        elif self.degree > 1:
            parts.append("n" + str(self.degree).translate(_SUPERSCRIPT))
        if self.logs == 1:
            parts.append("log n")
        elif self.logs > 1:
            parts.append("log" + str(self.logs).translate(_SUPERSCRIPT) + " n")
        return "O(" + (" ".join(parts) or "1") + ")"

    @property
    def label(self) -> str:
        """The class without ``O( )``: ``n log n``."""
        return self.notation()[2:-1]


CONSTANT = Growth()
LOG = Growth(logs=1)
LINEAR = Growth(degree=1)
LINEARITHMIC = Growth(degree=1, logs=1)
QUADRATIC = Growth(degree=2)
CUBIC = Growth(degree=3)
EXPONENTIAL = Growth(exponential=True)
CANDIDATES = [CONSTANT, LOG, LINEAR, LINEARITHMIC, QUADRATIC, CUBIC, EXPONENTIAL]


@dataclass(frozen=True)
class ParsedComplexity:
    """A documented complexity read as one class, or the reason it cannot be."""

    text: str
    growth: Growth | None
    variable: str | None = None
    excluded: str | None = None


_TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d+)?)|([A-Za-zα][A-Za-z0-9_α]*)|(\*\*|[-+*/^()!,·×]))")
_IGNORED_WORDS = {"log", "α", "alpha", "len", "min", "max", "sqrt"}


def parse_complexity(text: str) -> ParsedComplexity:
    """``"O(n log n)"`` -> n log n. Several variables, several complexities, per-operation costs
    or growth outside the candidates come back with ``excluded`` set to the reason."""
    raw = text.strip()
    found = re.findall(r"O\(", raw)
    if not found:
        return ParsedComplexity(raw, None, excluded="not in big-O notation")
    if len(found) > 1:
        return ParsedComplexity(raw, None, excluded="two complexities for different inputs or operations")
    start = raw.index("O(") + 2
    depth, end = 1, start
    while end < len(raw) and depth:
        depth += {"(": 1, ")": -1}.get(raw[end], 0)
        end += 1
    inner, rest = raw[start : end - 1], raw[end:].strip()
    if "per" in rest.split() or rest.startswith("per"):
        return ParsedComplexity(raw, None, excluded="a cost per operation of a design class, not one size")
    if rest and not rest.startswith("("):
        return ParsedComplexity(raw, None, excluded=f"depends on the input's shape ({rest})")
    if "!" in inner:
        return ParsedComplexity(raw, None, excluded="factorial growth is not among the candidate classes")
    if "output" in inner:
        return ParsedComplexity(raw, None, excluded="depends on the size of the output")
    variables = _variables(inner)
    if len(variables) > 1:
        names = ", ".join(sorted(variables))
        return ParsedComplexity(raw, None, excluded=f"several variables ({names}): one size does not fix them")
    variable = next(iter(variables), None)
    try:
        growth = _Parser(inner, variable).parse()
    except ValueError as exc:
        return ParsedComplexity(raw, None, variable, excluded=str(exc))
    return ParsedComplexity(raw, growth, variable)


def _variables(inner: str) -> set[str]:
    names = set()
    for _number, word, _operator in _TOKEN.findall(inner):
        if word and word not in _IGNORED_WORDS:
            names.add(word)
    # α(n) is the inverse Ackermann function: at most 4 for any input that fits in memory.
    return names


class _Parser:
    """A tiny recursive-descent reader of the expression inside ``O( )``."""

    def __init__(self, text: str, variable: str | None) -> None:
        self.tokens = [t for group in _TOKEN.findall(text) for t in group if t]
        self.variable = variable
        self.at = 0

    def parse(self) -> Growth:
        value = self.sum()
        if self.at != len(self.tokens):
            raise ValueError(f"cannot read {' '.join(self.tokens[self.at :])!r}")
        return value

    def peek(self) -> str | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self) -> str:
        token = self.tokens[self.at]
        self.at += 1
        return token

    def sum(self) -> Growth:
        value = self.product()
        while self.peek() in ("+", "-"):
            self.take()
            value = max(value, self.product())
        return value

    def product(self) -> Growth:
        value = self.power()
        while True:
            token = self.peek()
            if token in ("*", "·", "×"):
                self.take()
                value = value * self.power()
            elif token == "/":
                self.take()
                divisor = self.power()
                if divisor != CONSTANT:
                    raise ValueError("a division by a growing term")
            elif token is not None and token not in ("+", "-", ")", ","):
                value = value * self.power()  # juxtaposition: "n log n"
            else:
                return value

    def power(self) -> Growth:
        base_token = self.peek()
        base = self.atom()
        if self.peek() in ("^", "**"):
            self.take()
            exponent_token = self.peek()
            exponent = self.atom()
            if exponent.exponential or exponent.degree or exponent.logs:
                if base == CONSTANT:
                    return EXPONENTIAL
                raise ValueError("a power with a growing exponent and base")
            power = int(float(exponent_token or "1"))
            if base.exponential:
                return base
            return Growth(False, base.degree * power, base.logs * power) if base_token else base
        return base

    def atom(self) -> Growth:
        token = self.take()
        if token == "(":
            value = self.sum()
            if self.peek() == ")":
                self.take()
            return value
        if token == "log":
            if self.peek() == "(":
                self.take()
                inner = self.sum()
                self.take()
            else:
                inner = self.power()
            return LOG if inner != CONSTANT else CONSTANT
        if token in ("α", "alpha"):
            if self.peek() == "(":
                self.take()
                self.sum()
                self.take()
            return CONSTANT
        if token in ("len", "min", "max", "sqrt"):
            raise ValueError(f"{token}( ) of a quantity that is not the size")
        if token == self.variable:
            return LINEAR
        if re.fullmatch(r"\d+(?:\.\d+)?", token):
            return CONSTANT
        raise ValueError(f"cannot read {token!r}")


def loose_growth(text: str) -> Growth | None:
    """An upper reading of a complexity with several variables, every size taken as n:
    ``O(rows * cols)`` reads as n², ``O(V + E)`` as n, ``O(n log k)`` as n log n. None when even
    that cannot be read."""
    parsed = parse_complexity(text)
    if parsed.growth is not None:
        return parsed.growth
    inner = re.sub(r"\b(?:len|min|max|d)\(([^()]*)\)", "n", text)
    inner = re.sub(r"\bper\b.*$", "", inner)
    inner = re.sub(r"(?<![A-Za-z])(?!log\b|O\b)[A-Za-z][A-Za-z0-9_]*", "n", inner)
    inner = inner.replace("α(n)", "1")
    loose = parse_complexity(inner)
    return loose.growth


def from_label(label: str) -> Growth | None:
    """``"n log n"`` -> its class (the labels ``Growth.label`` writes)."""
    for growth in CANDIDATES:
        if growth.label == label:
            return growth
    written = _LABEL.fullmatch(label.strip())
    if written is not None:  # n⁴, n² log n, n log² n: what ``Growth.label`` writes beyond the candidates
        degree, logs = written.group(1), written.group(2)
        return Growth(
            degree=(1 if degree == "n" else int(degree[1:].translate(_PLAIN))) if degree else 0,
            logs=(1 if logs == "log n" else int(logs[3:-2].translate(_PLAIN))) if logs else 0,
        )
    parsed = parse_complexity(f"O({label})")
    return parsed.growth


_PLAIN = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
_LABEL = re.compile(r"(n[⁰¹²³⁴⁵⁶⁷⁸⁹]*)?\s*(log[⁰¹²³⁴⁵⁶⁷⁸⁹]* n)?")
