"""The window's side of the learner's own tests: which tests a Run runs (the problem's visible
tests, then the learner's own, numbered after them), and keeping, listing and forgetting them
through the services' store.

The store is SQLite on the window's thread: one short write per click, like the window's other
reads of the database at the opening of a problem.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication

from ...problems.judging import visible_tests

if TYPE_CHECKING:
    from ...tools.services import Services
    from ..session import Session
    from .tests_panel import TestsPanel


def tr(text: str) -> str:
    return QCoreApplication.translate("OwnTests", text)


class OwnTests:
    """The learner's own tests of the session's problem, kept in the services' store and listed in
    the Tests tab; ``say`` puts a sentence in the status bar."""

    def __init__(self, session: Session, services: Services, tests: TestsPanel, say: Callable[[str], None]):
        self.session = session
        self.services = services
        self.tests = tests
        self.say = say

    def of_problem(self) -> list[Any]:
        """The learner's own tests of the open problem in the current language."""
        session = self.session
        if session.problem_id is None:
            return []
        return self.services.own_tests.list(session.learner, session.problem_id, session.language)

    def run_cases(self) -> tuple[list[dict[str, Any]], dict[int, int]]:
        """A Run's ``test_cases`` and which test id is which own test. Without own tests, none: the
        tool then runs the problem's visible tests as it always does."""
        problem_id = self.session.problem_id
        problem = self.services.bank.get(problem_id) if problem_id else None
        own = self.of_problem()
        self.tests.set_own_tests(own)  # as kept now: one added elsewhere (the command line) shows too
        if problem is None or not own:
            return [], {}
        cases = visible_tests(problem)
        ids: dict[int, int] = {}
        for number, test in enumerate(own, start=len(cases) + 1):
            cases.append({"test_id": number, "input": test.input, "expected_output": test.expected_output})
            ids[number] = test.test_id
        return cases, ids

    def show(self) -> None:
        """The Tests tab lists the open problem's own tests as they are kept now."""
        self.tests.set_own_tests(self.of_problem())

    def remove(self, test_id: int) -> None:
        if self.services.own_tests.remove(self.session.learner, test_id):
            self.say(tr("The test is no longer one of yours."))
        self.show()

    def add(self, values: dict[str, Any], expected: Any, known: bool, origin: str = "edge_case") -> bool:
        """Keep an input (and its expected output when ``known``) as one of the learner's tests of
        the open problem, in every language; True when it is kept. A refusal is said in a sentence."""
        problem_id = self.session.problem_id
        if problem_id is None:
            self.say(tr("Choose a problem first."))
            return False
        try:  # no language: the input and the expected output are the problem's, whatever the language
            self.services.own_tests.add(
                self.session.learner, problem_id, input_text(values),
                literal(expected) if known else None, origin=origin,
            )  # fmt: skip
        except ValueError as exc:  # the store's BadOwnTest names the part and the reason
            self.say(tr("The test was not kept: %s.") % exc)
            return False
        self.show()
        self.say(tr("Kept in your tests: Run runs it beside the problem's tests."))
        return True


def input_text(values: dict[str, Any] | list[Any]) -> str:
    """An input as the problem's tests write it: the arguments as JSON literals, ``[2,7], 9``."""
    arguments = list(values.values()) if isinstance(values, dict) else list(values)
    return ", ".join(literal(value) for value in arguments)


def literal(value: Any) -> str:
    """A value as the problem's tests write it: compact JSON, ``[0,1]``."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
