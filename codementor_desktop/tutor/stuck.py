"""Stuck signals, not only words: the tutor offers help once when a learner's runs keep failing the
same test (three failing runs of one test), or when they have been on a problem twice its
estimated time. The offer is a question; a learner who accepts is escalated (an "I'm stuck" turn:
the model's tutor asks the deeper model, the offline coach moves a hint level up).

The signals read the runs the learner made since the problem was opened, wherever they were made
(Run and Submit in the window, the tutor's ``execute_code``, the command line): every run of a
problem is stored (``RunStore.save``) with its test results.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import Table, select

from ..domain.vocabulary import TestStatus
from ..storage.models import StoredRun
from ..storage.runs import decode_result
from .cancellation import Cancellation
from .events import HelpOffered, Listener, TurnEnded
from .turns import Intent, TurnContext, Tutor

if TYPE_CHECKING:
    from ..tools.workbench import Workbench

FAILING_RUNS = 3  # failing runs of one test that make a learner stuck
TIME_FACTOR = 2  # times the problem's estimated time
RUNS = cast(Table, StoredRun.__table__)


def _tests_failed(result: Mapping[str, Any]) -> Iterator[tuple[tuple[bool, Any], Mapping[str, Any], bool]]:
    """Each test of a run that ran (a test not run neither passed nor failed): its key (hidden or
    not, its number), itself, whether it failed."""
    for test in result.get("test_results") or ():
        if isinstance(test, Mapping) and test.get("test_id") is not None and test.get("status") != TestStatus.NOT_RUN:
            yield (bool(test.get("hidden")), test["test_id"]), test, not test.get("passed", False)


class StuckSignals:
    """The stuck signals of one learner on one problem, from ``opened_at`` (now by default).
    Call ``check()`` after each run and now and then (the time signal); it returns the offer the
    first time a signal fires, and None before and ever after."""

    def __init__(
        self,
        workbench: Workbench,
        learner: str,
        problem_id: str,
        *,
        opened_at: datetime | None = None,
        clock: Callable[[], datetime] = datetime.now,
    ) -> None:
        self._workbench = workbench
        self.learner = learner
        self.problem_id = problem_id
        self._clock = clock
        self.opened_at = opened_at or clock()
        problem = workbench.bank.get(problem_id)
        self.title = problem.title if problem is not None else problem_id
        self.estimated = timedelta(minutes=problem.estimated_minutes) if problem is not None else None
        self.offered: HelpOffered | None = None
        self._failures: Counter[tuple[bool, Any]] = Counter()
        self._inputs: dict[tuple[bool, Any], str] = {}
        self._seen: set[str] = set()

    def check(self) -> HelpOffered | None:
        """The offer of help, the first time a signal fires; None otherwise."""
        if self.offered is not None:
            return None
        for result in self._new_runs():
            self.record(result)
        stuck_on = next((key for key, count in self._failures.items() if count >= FAILING_RUNS), None)
        if stuck_on is not None:
            self.offered = HelpOffered(self._about_test(stuck_on), "failing_runs")
        elif self.estimated is not None and self._clock() - self.opened_at >= TIME_FACTOR * self.estimated:
            minutes = int((self._clock() - self.opened_at).total_seconds() // 60)
            self.offered = HelpOffered(
                f"You have been on {self.title} for {minutes} minutes, twice the time it usually takes. "
                "Would you like a question that looks at it from another side?",
                "time",
            )
        return self.offered

    def record(self, result: Mapping[str, Any]) -> None:
        """Count one run's result: a failing test counts up, a passing one starts again from zero."""
        for key, test, failed in _tests_failed(result):
            if failed:
                self._failures[key] += 1
                if not key[0] and test.get("input") not in (None, "", "(hidden)"):
                    self._inputs[key] = str(test["input"])
            else:
                self._failures.pop(key, None)

    def accept(
        self,
        tutor: Tutor,
        emit: Listener,
        cancellation: Cancellation | None = None,
        context: TurnContext | None = None,
    ) -> TurnEnded:
        """The learner took the offer: an "I'm stuck" turn, which escalates."""
        context = context or TurnContext(problem_id=self.problem_id)
        return tutor.turn("", emit, cancellation, context=context, intent=Intent.STUCK)

    def _about_test(self, key: tuple[bool, Any]) -> str:
        hidden, test_id = key
        which = f"hidden test {test_id}" if hidden else f"test {test_id}"
        shown = f" (input {self._inputs[key]})" if key in self._inputs else ""
        return (
            f"{which.capitalize()}{shown} has failed {FAILING_RUNS} runs in a row. What do you expect your code to "
            "do on it, step by step? Would you like to look at it together from another angle?"
        )

    def _new_runs(self) -> list[dict[str, Any]]:
        """The problem's runs since it was opened that this has not read yet, oldest first."""
        database = self._workbench.database
        query = (
            select(RUNS.c.id, RUNS.c.result)
            .where(
                RUNS.c.learner_id == database.learner_id(self.learner),
                RUNS.c.problem_id == self.problem_id,
                RUNS.c.kind == "run",
                RUNS.c.created_at >= self.opened_at,
            )
            .order_by(RUNS.c.created_at, RUNS.c.id)
        )
        with database.transaction() as connection:
            rows = [row for row in connection.execute(query) if row.id not in self._seen]
        self._seen.update(row.id for row in rows)
        return [decode_result(row.result) for row in rows]
