"""A problem as its TOML file describes it, validated field by field."""

from __future__ import annotations

import ast
import builtins
import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ..domain.vocabulary import PATTERNS, TECHNIQUES, Difficulty, Topic

CompareMode = Literal["exact", "unordered", "unordered_nested", "float_tolerance", "checker", "operations"]
_SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Param(_Strict):
    name: str
    type: str


class Signature(_Strict):
    """The function (or, for design problems, the class) the learner writes."""

    python: str
    javascript: str
    params: list[Param] = Field(default_factory=list)
    returns: str = ""
    inplace: int | None = None


class Example(_Strict):
    """A test written out in the file. ``input`` is the argument list, ``output`` one literal."""

    input: str
    output: str
    explanation: str = ""


class Complexity(_Strict):
    time: str
    space: str


class Code(_Strict):
    python: str
    javascript: str


class Solutions(_Strict):
    python: str
    javascript: str
    python_slow: str
    python_slow_time: str
    # Markdown shown beside the references in the Solutions view, once the learner has solved the
    # problem: the idea, why it is right, and what it costs. Required of the built-in bank.
    explanation: str = ""


class Generator(_Strict):
    """Seeded worst-case inputs: ``generate(n, rng)`` returns one argument list."""

    python: str
    sizes: list[int] = Field(min_length=1, max_length=4)


class Problem(_Strict):
    """One practice problem with its tests, hints and reference solutions."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    version: int = Field(ge=1)
    title: str = Field(min_length=3)
    difficulty: Difficulty
    topics: list[Topic] = Field(min_length=1)
    techniques: list[str] = Field(default_factory=list)
    patterns: list[str] = Field(min_length=1)
    estimated_minutes: int = Field(ge=1, le=240)
    compare: CompareMode = "exact"
    statement: str = Field(min_length=20)
    hints: list[str] = Field(min_length=2, max_length=5)
    function: Signature
    inputs: dict[str, dict[str, object]]
    complexity: Complexity
    starter: Code
    solutions: Solutions
    generator: Generator
    examples: list[Example] = Field(min_length=3)
    tests: list[Example] = Field(default_factory=list)
    checker: str | None = None
    # What the statement promises of the inputs together, as a Python expression over the parameters'
    # written (JSON) values, e.g. "len(set(nums)) == len(nums)": evaluated only in a restricted child.
    precondition: str | None = None

    @field_validator("id")
    @classmethod
    def _slug(cls, value: str) -> str:
        if not _SLUG.match(value):
            raise ValueError("must be a slug of lowercase letters, digits and dashes")
        return value

    @field_validator("techniques")
    @classmethod
    def _known_techniques(cls, values: list[str]) -> list[str]:
        unknown = [v for v in values if v not in TECHNIQUES]
        if unknown:
            raise ValueError(f"unknown technique tag(s) {unknown}; known: {', '.join(TECHNIQUES)}")
        return values

    @field_validator("patterns")
    @classmethod
    def _known_patterns(cls, values: list[str]) -> list[str]:
        unknown = [v for v in values if v not in PATTERNS]
        if unknown:
            raise ValueError(f"unknown weakness pattern(s) {unknown}; known: {', '.join(PATTERNS)}")
        return values

    @field_validator("hints")
    @classmethod
    def _hints_non_empty(cls, values: list[str]) -> list[str]:
        if any(not h.strip() for h in values):
            raise ValueError("hints must not be empty")
        return values

    @model_validator(mode="after")
    def _precondition_is_an_expression(self) -> Problem:
        """Parsed here, never run (a class pack may carry it): one expression over the parameters
        and the builtins."""
        if self.precondition is None:
            return self
        text = self.precondition.strip()
        if not text:
            raise ValueError("precondition is empty: leave the key out")
        try:
            tree = ast.parse(text, mode="eval")
        except SyntaxError as exc:
            raise ValueError(f"precondition is not one Python expression: {exc.msg}") from None
        names = _free_names(tree)
        if any(name.startswith("__") for name in names):
            raise ValueError("precondition may not use dunder names (it imports nothing)")
        unknown = sorted(names - {p.name for p in self.function.params} - set(dir(builtins)))
        if unknown:
            raise ValueError(f"precondition names {unknown}, which are neither parameters nor builtins")
        return self

    @model_validator(mode="after")
    def _checker_matches_mode(self) -> Problem:
        if self.compare == "checker" and not self.checker:
            raise ValueError("compare = 'checker' needs a 'checker' function")
        return self

    @property
    def topic(self) -> Topic:
        return self.topics[0]

    def function_name(self, language: str) -> str:
        return self.function.javascript if language == "javascript" else self.function.python

    def starter_code(self, language: str) -> str:
        return self.starter.javascript if language == "javascript" else self.starter.python

    def reference_solution(self, language: str) -> str:
        return self.solutions.javascript if language == "javascript" else self.solutions.python

    def matches(self, text: str) -> bool:
        """Case-insensitive search over id, title, statement, topics and tags."""
        needle = text.lower().strip()
        if not needle:
            return True
        haystack = " ".join(
            [self.id, self.title, self.statement, *[t.value for t in self.topics], *self.techniques, *self.patterns]
        ).lower()
        return all(word in haystack for word in needle.split())


def _free_names(tree: ast.AST) -> set[str]:
    """Names an expression reads that none of its comprehensions or lambdas binds."""
    bound: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.comprehension):
            bound |= {n.id for n in ast.walk(node.target) if isinstance(n, ast.Name)}
        elif isinstance(node, ast.Lambda):
            bound |= {a.arg for a in node.args.args}
        elif isinstance(node, ast.NamedExpr) and isinstance(node.target, ast.Name):
            bound.add(node.target.id)
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)} - bound
