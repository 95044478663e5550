"""Loading the bank (built-in problems and the user's folder), and finding problems in it.

Every file is validated; a broken one is reported with its path and field and skipped, and the
rest of the bank still loads.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from ..domain.vocabulary import Difficulty, Topic
from .model import Problem


@dataclass(frozen=True)
class LoadProblem:
    """Why one file was skipped."""

    path: Path
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


@dataclass
class ProblemBank:
    """The problems a learner can practise, in a stable order (topic, difficulty, title)."""

    problems: dict[str, Problem] = field(default_factory=dict)
    sources: dict[str, Path] = field(default_factory=dict)
    errors: list[LoadProblem] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.problems)

    def __contains__(self, problem_id: object) -> bool:
        return problem_id in self.problems

    def get(self, problem_id: str) -> Problem | None:
        return self.problems.get(problem_id)

    def all(self) -> list[Problem]:
        return sorted(self.problems.values(), key=_order)

    def search(
        self,
        text: str = "",
        topic: str | None = None,
        difficulty: str | None = None,
        pattern: str | None = None,
        technique: str | None = None,
        status_of: dict[str, str] | None = None,
        status: str | None = None,
    ) -> list[Problem]:
        """Problems matching every filter given; ``status_of`` maps ids to a learner's status."""
        found = []
        for problem in self.all():
            if topic and Topic(topic) not in problem.topics:
                continue
            if difficulty and problem.difficulty != Difficulty(difficulty):
                continue
            if pattern and pattern not in problem.patterns:
                continue
            if technique and technique not in problem.techniques:
                continue
            if status and (status_of or {}).get(problem.id, "new") != status:
                continue
            if text and not problem.matches(text):
                continue
            found.append(problem)
        return found

    def add_file(self, path: Path) -> Problem | None:
        """Load one file into the bank; on failure record why and return None."""
        try:
            problem = parse_problem_file(path)
        except ProblemFileError as exc:
            self.errors.append(LoadProblem(path, str(exc)))
            return None
        if problem.id in self.problems:
            self.errors.append(LoadProblem(path, f"id {problem.id!r} is already used by {self.sources[problem.id]}"))
            return None
        self.problems[problem.id] = problem
        self.sources[problem.id] = path
        return problem


class ProblemFileError(ValueError):
    """A problem file that cannot be used; the message names the field."""


_DIFFICULTY_ORDER = {Difficulty.EASY: 0, Difficulty.MEDIUM: 1, Difficulty.HARD: 2}
_TOPIC_ORDER = {topic: index for index, topic in enumerate(Topic)}


def _order(problem: Problem) -> tuple:
    return (_TOPIC_ORDER[problem.topic], _DIFFICULTY_ORDER[problem.difficulty], problem.title.lower())


def parse_problem_file(path: Path) -> Problem:
    """Read and validate one TOML problem file."""
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        raise ProblemFileError(f"not valid TOML: {exc}") from None
    except OSError as exc:
        raise ProblemFileError(f"cannot be read: {exc}") from None
    try:
        problem = Problem.model_validate(data)
    except ValidationError as exc:
        details = "; ".join(
            f"{'.'.join(str(p) for p in error['loc']) or '(file)'}: {error['msg']}" for error in exc.errors()[:6]
        )
        raise ProblemFileError(details) from None
    if path.stem != problem.id:
        raise ProblemFileError(f"id: {problem.id!r} does not match the file name {path.name!r}")
    return problem


def load_bank(folders: Iterable[Path]) -> ProblemBank:
    """Load every ``*.toml`` below each folder; the first folder's problems win on a clash."""
    bank = ProblemBank()
    for folder in folders:
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*.toml")):
            bank.add_file(path)
    return bank
