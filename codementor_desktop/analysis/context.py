"""Everything a detector may read: the program, its scopes, the problem, the run, the history."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from . import program as p
from .complexity_classes import Growth, loose_growth, parse_complexity
from .evidence import RunEvidence, arguments
from .facts import Scope, build_scopes, param_kind


@dataclass
class ProblemFacts:
    """What the bank says about the problem (all optional: analysis works without a problem)."""

    optimal_time: Growth | None = None
    optimal_space: Growth | None = None
    optimal_time_text: str | None = None
    optimal_space_text: str | None = None
    loose_time: Growth | None = None  # the optimal time with every size read as n (O(V + E) as n)
    min_len: dict[str, int] = field(default_factory=dict)  # parameter -> its smallest length
    min_value: dict[str, float] = field(default_factory=dict)
    inplace: bool = False
    known: bool = False

    @classmethod
    def read(cls, problem: Mapping | None) -> ProblemFacts:
        if not problem:
            return cls()
        facts = cls(known=True)
        complexity = problem.get("complexity") or {}
        if isinstance(complexity, Mapping):
            facts.optimal_time_text = _text(complexity.get("time"))
            facts.optimal_space_text = _text(complexity.get("space"))
            facts.optimal_time = parse_complexity(facts.optimal_time_text).growth if facts.optimal_time_text else None
            facts.optimal_space = (
                parse_complexity(facts.optimal_space_text).growth if facts.optimal_space_text else None
            )
            facts.loose_time = loose_growth(facts.optimal_time_text) if facts.optimal_time_text else None
        for name, spec in (problem.get("inputs") or {}).items():
            if not isinstance(spec, Mapping):
                continue
            if isinstance(spec.get("min_len"), int):
                facts.min_len[str(name)] = int(spec["min_len"])
            if isinstance(spec.get("min"), (int, float)):
                facts.min_value[str(name)] = float(spec["min"])
        function = problem.get("function") or {}
        facts.inplace = isinstance(function, Mapping) and function.get("inplace") is not None
        facts._lengths_from_tests(problem, function)
        return facts

    def _lengths_from_tests(self, problem: Mapping, function: Any) -> None:
        """A parameter whose smallest length the problem does not state (a tree, a list):
        empty when one of its own tests gives it empty, else at least one item."""
        params = [str(p.get("name")) for p in (function.get("params") or []) if isinstance(p, Mapping)]
        types = {
            str(p.get("name")): str(p.get("type", "")) for p in (function.get("params") or []) if isinstance(p, Mapping)
        }
        sized = [
            name for name in params if name not in self.min_len and param_kind(types[name]) in ("list", "str", "node")
        ]
        if not sized:
            return
        shortest = {name: 1 for name in sized}
        for test in [*(problem.get("examples") or []), *(problem.get("tests") or [])]:
            values = arguments(test.get("input")) if isinstance(test, Mapping) else None
            for name, value in zip(params, values or [], strict=False):
                if name in shortest and (value is None or (isinstance(value, (list, str)) and len(value) == 0)):
                    shortest[name] = 0
        self.min_len.update(shortest)


def _text(value: Any) -> str | None:
    return str(value) if value else None


@dataclass
class Context:
    program: p.Program
    scopes: list[Scope]
    problem: ProblemFacts
    run: RunEvidence
    history: list[RunEvidence]
    raw_problem: Mapping | None = None

    @classmethod
    def build(
        cls, program: p.Program, problem: Mapping | None, run: RunEvidence, history: list[RunEvidence]
    ) -> Context:
        return cls(program, build_scopes(program, problem), ProblemFacts.read(problem), run, history, problem)

    @property
    def language(self) -> str:
        return self.program.language

    def scope_of(self, function: p.Function) -> Scope:
        for scope in self.scopes:
            if scope.function is function:
                return scope
        raise KeyError(function.name)

    def top_scopes(self) -> list[Scope]:
        """Scopes of the functions a caller calls (module level functions and methods)."""
        top = {id(f) for f in self.program.top_functions()}
        return [s for s in self.scopes if id(s.function) in top]

    def may_be_empty(self, name: str) -> bool | None:
        """Whether the problem allows ``name`` to be empty (None when the problem does not say)."""
        if name in self.problem.min_len:
            return self.problem.min_len[name] < 1
        return None

    def may_be_single(self, name: str) -> bool | None:
        if name in self.problem.min_len:
            return self.problem.min_len[name] < 2
        return None
