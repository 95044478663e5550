"""What the judge takes from a bank problem, as plain data: how to call the learner's function and
the tests written in the problem's file (its generated large tests are the runner's business)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # a snippet's run imports this module but needs no problem model built
    from .model import Problem


def function_spec(problem: Problem, language: str = "python") -> dict[str, Any]:
    """What the child needs to call the learner's function: its name, parameters and returns."""
    return {
        "name": problem.function_name(language),
        "params": [p.model_dump() for p in problem.function.params],
        "returns": problem.function.returns,
        "inplace": problem.function.inplace,
    }


def visible_tests(problem: Problem) -> list[dict[str, Any]]:
    """The statement's examples, numbered from 1."""
    return [{"test_id": i + 1, "input": e.input, "expected_output": e.output} for i, e in enumerate(problem.examples)]


def written_hidden_tests(problem: Problem) -> list[tuple[str, str]]:
    """The hidden tests written out in the file, as (input, expected output)."""
    return [(t.input, t.output) for t in problem.tests]
