"""The Solutions view's answers, without Qt: whether a learner may see a problem's reference
solutions and why, the page they see once they may, and the operation counts of their code beside
the reference's on the same sizes of the problem's worst-case generator.

The view opens after the learner's own accepted Submit (in any language), or after every hint was
taken and the learner said they want to see the solution anyway (kept in ``solutions_unlocked``).
It is the one place that shows a full solution: no tool hands the references to a model, and
``SolutionsDesk.page`` refuses while the view is locked.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..storage.learner_history import LearnerHistory
from ..storage.solutions import SolutionRecords
from .measurement import Cancelled, measure_code

if TYPE_CHECKING:
    from ..problems.model import Problem
    from .workbench import Workbench

__all__ = ["Access", "Cancelled", "LearnerCode", "Locked", "OperationCounts", "SolutionPage", "SolutionsDesk"]

SOLVED = "solved"
HINTS = "hints"
LANGUAGES = ("python", "javascript")
LANGUAGE_NAMES = {"python": "Python", "javascript": "JavaScript"}
SOLVE_FIRST = "Solve it first: your Submit must pass every test"


class Locked(Exception):
    """The learner may not see this problem's solutions yet; the message says what would open them."""


@dataclass(frozen=True)
class Access:
    """Whether the Solutions view of a problem is open to a learner, why, and what would open it."""

    problem_id: str
    unlocked: bool
    reason: str | None  # "solved", "hints", or None while locked
    why: str  # one sentence for the view's head
    unlock_by: tuple[str, ...] = ()  # while locked: the ways to open it, in words
    hints_total: int = 0
    hints_taken: int = 0

    @property
    def may_confirm(self) -> bool:
        """Every hint is taken: the learner may ask to see the solution (after a confirmation)."""
        return not self.unlocked and self.hints_total > 0 and self.hints_taken >= self.hints_total


@dataclass(frozen=True)
class LearnerCode:
    """The learner's code on the page: their accepted Submit's, or (unlocked through the hints)
    their current draft, which no Submit accepted."""

    code: str
    language: str
    accepted: bool
    label: str
    run_id: str | None = None


@dataclass(frozen=True)
class SolutionPage:
    """What the unlocked view shows: the references in both languages, their complexity, the
    explanation (Markdown; empty when none is written), the slow solution's complexity and the
    learner's code."""

    problem_id: str
    title: str
    language: str  # the view's language
    access: Access
    references: dict[str, str]  # language -> the reference solution
    time: str
    space: str
    slow_time: str
    explanation: str
    learner: LearnerCode | None

    @property
    def has_explanation(self) -> bool:
        return bool(self.explanation.strip())


@dataclass(frozen=True)
class Series:
    """One code's operation counts (line events) at the sizes it was measured at, and why it stopped."""

    sizes: list[int] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)
    stopped: str = ""


@dataclass(frozen=True)
class OperationCounts:
    """The learner's code and the reference, counted in the same language on one ladder of sizes
    of the problem's worst-case generator. ``sizes`` are those both were measured at."""

    language: str
    learner: Series
    reference: Series
    note: str  # which code was counted in which language, in words

    @property
    def sizes(self) -> list[int]:
        return sorted(set(self.learner.sizes) & set(self.reference.sizes))

    def at_shared_sizes(self) -> tuple[list[int], list[int], list[int]]:
        """The shared sizes with the learner's and the reference's counts at each."""
        mine = dict(zip(self.learner.sizes, self.learner.counts, strict=True))
        theirs = dict(zip(self.reference.sizes, self.reference.counts, strict=True))
        sizes = self.sizes
        return sizes, [mine[n] for n in sizes], [theirs[n] for n in sizes]

    def to_dict(self) -> dict[str, Any]:
        sizes, mine, theirs = self.at_shared_sizes()
        return {
            "language": self.language,
            "sizes": sizes,
            "learner_counts": mine,
            "reference_counts": theirs,
            "learner": vars(self.learner),
            "reference": vars(self.reference),
            "note": self.note,
        }


Report = Callable[[float, str], None]


class SolutionsDesk:
    """The Solutions view's questions about one learner and problem, on the services' database,
    bank and executor."""

    def __init__(self, services: Workbench):
        self._services = services
        self.records = SolutionRecords(services.database)
        self._history = LearnerHistory(services.database)

    def _problem(self, problem_id: str) -> Problem:
        problem = self._services.bank.get(problem_id)
        if problem is None:
            raise KeyError(f"{problem_id!r} is not a problem of the bank")
        return problem

    # --- locked or not ----------------------------------------------------------------------
    def hints_taken(self, learner: str, problem: Problem) -> int:
        """How many of the problem's hints the learner took (they come in order: the highest level)."""
        taken = self._history.hints(learner, problem.id)
        return min(len(problem.hints), max((h.level for h in taken), default=0))

    def access(self, learner: str, problem_id: str) -> Access:
        """Whether the learner may see the problem's solutions: solved (an accepted Submit in any
        language) or every hint taken and confirmed; else why not and what would open it."""
        problem = self._problem(problem_id)
        total, taken = len(problem.hints), self.hints_taken(learner, problem)
        if self.records.has_solved(learner, problem_id):
            why = "You solved this problem: here is how the reference solutions do it."
            return Access(problem_id, True, SOLVED, why, hints_total=total, hints_taken=taken)
        unlocking = self.records.unlocking(learner, problem_id)
        if unlocking is not None and unlocking.reason == HINTS:
            why = "You took every hint and chose to see the solution. Solving it yourself still counts."
            return Access(problem_id, True, HINTS, why, hints_total=total, hints_taken=taken)
        hints = f"or take all {total} hints (you have taken {taken})"
        if taken >= total:
            hints = f"or, since you have taken all {total} hints, choose to see the solution now"
        why = "The solutions stay hidden until you have solved the problem yourself."
        return Access(problem_id, False, None, why, (SOLVE_FIRST, hints), total, taken)

    def confirm(self, learner: str, problem_id: str) -> Access:
        """The learner confirmed, with every hint taken, that they want to see the solution: kept,
        and the view opens. ``Locked`` while a hint is still to take."""
        access = self.access(learner, problem_id)
        if access.unlocked:
            return access
        if not access.may_confirm:
            raise Locked(f"{SOLVE_FIRST}, {access.unlock_by[1]}.")
        self.records.record_unlocking(learner, problem_id, HINTS)
        return self.access(learner, problem_id)

    # --- the page ---------------------------------------------------------------------------
    def page(self, learner: str, problem_id: str, language: str, draft: str | None = None) -> SolutionPage:
        """The unlocked view of the problem in ``language``: ``Locked`` while it is not. ``draft``
        is the learner's current code, shown when no Submit of theirs was accepted."""
        access = self.access(learner, problem_id)
        if not access.unlocked:
            raise Locked(f"{SOLVE_FIRST}, {access.unlock_by[1]}.")
        problem = self._problem(problem_id)
        if access.reason == SOLVED:
            self.records.record_unlocking(learner, problem_id, SOLVED)  # the first look is kept
        return SolutionPage(
            problem_id=problem.id,
            title=problem.title,
            language=language,
            access=access,
            references={lang: problem.reference_solution(lang) for lang in LANGUAGES},
            time=problem.complexity.time,
            space=problem.complexity.space,
            slow_time=problem.solutions.python_slow_time,
            explanation=problem.solutions.explanation,
            learner=self._learner_code(learner, problem_id, language, draft, solved=access.reason == SOLVED),
        )

    def _learner_code(
        self, learner: str, problem_id: str, language: str, draft: str | None, solved: bool
    ) -> LearnerCode | None:
        accepted = self.records.accepted(learner, problem_id, language) or self.records.accepted(learner, problem_id)
        if accepted is not None:
            name = LANGUAGE_NAMES.get(accepted.language, accepted.language)
            when = accepted.submitted_at.strftime("%d %b %Y, %H:%M")
            label = f"Your accepted code ({name}, Submit of {when})"
            return LearnerCode(accepted.code, accepted.language, True, label, accepted.run_id)
        if draft is not None and draft.strip():
            name = LANGUAGE_NAMES.get(language, language)
            if solved:  # accepted before the app kept a Submit's code: the draft is what there is
                return LearnerCode(
                    draft, language, False, f"Your current draft ({name}): your accepted code was not kept"
                )
            return LearnerCode(draft, language, False, f"Your current draft ({name}): not accepted yet")
        return None

    # --- operation counts -------------------------------------------------------------------
    def operation_counts(
        self, problem_id: str, code: str, language: str, cancel: threading.Event, report: Report | None = None
    ) -> OperationCounts:
        """Count the line events of ``code`` and of the reference in ``language`` on the same ladder
        of worst-case inputs (``measurement.measure_code``, in the child). Slow: call it off the
        window's thread. Raises ``Cancelled``."""
        problem = self._problem(problem_id)
        tell = report or (lambda _fraction, _text: None)
        mine = self._series(problem, code, language, cancel, lambda f, t: tell(0.5 * f, f"your code: {t}"))
        theirs = self._series(
            problem, problem.reference_solution(language), language, cancel,
            lambda f, t: tell(0.5 + 0.5 * f, f"the reference: {t}"),
        )  # fmt: skip
        name = LANGUAGE_NAMES.get(language, language)
        note = f"Your {name} code and the {name} reference, counted in line events on the same inputs."
        return OperationCounts(language, mine, theirs, note)

    def slow_counts(self, problem_id: str, cancel: threading.Event, report: Report | None = None) -> Series:
        """The line events of the bank's slow solution (``[solutions] python_slow``, Python only)
        on the same ladder of worst-case inputs as ``operation_counts``. Raises ``Cancelled``."""
        problem = self._problem(problem_id)
        tell = report or (lambda _fraction, _text: None)
        return self._series(problem, problem.solutions.python_slow, "python", cancel, tell)

    def _series(self, problem: Problem, code: str, language: str, cancel: threading.Event, report: Report) -> Series:
        measured = measure_code(self._services, problem, code, language, cancel, report)  # type: ignore[arg-type]
        if measured.get("measured") is False or "counts" not in measured:
            return Series(stopped=str(measured.get("reason") or measured.get("stopped") or "nothing was measured"))
        return Series(list(measured["sizes"]), [int(c) for c in measured["counts"]], str(measured.get("stopped", "")))
