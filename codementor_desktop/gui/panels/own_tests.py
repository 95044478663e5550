"""The window's side of the learner's own tests: which tests a Run runs (the problem's visible
tests, then the learner's own, numbered after them), and keeping, listing and forgetting them
through the services' store.

The store is SQLite on the window's thread: one short write per click, like the window's other
reads of the database at the opening of a problem.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ...problems.judging import visible_tests

if TYPE_CHECKING:
    from ..main_window import MainWindow


def own_of_problem(window: MainWindow) -> list[Any]:
    """The learner's own tests of the open problem in the current language."""
    if window.problem_id is None:
        return []
    return window.services.own_tests.list(window.services.settings.user, window.problem_id, window.current_language)


def run_cases(window: MainWindow) -> tuple[list[dict[str, Any]], dict[int, int]]:
    """A Run's ``test_cases`` and which test id is which own test. Without own tests, none: the
    tool then runs the problem's visible tests as it always does."""
    problem = window.services.bank.get(window.problem_id) if window.problem_id else None
    own = own_of_problem(window)
    window.tests.set_own_tests(own)  # as kept now: one added elsewhere (the command line) shows too
    if problem is None or not own:
        return [], {}
    cases = visible_tests(problem)
    ids: dict[int, int] = {}
    for number, test in enumerate(own, start=len(cases) + 1):
        cases.append({"test_id": number, "input": test.input, "expected_output": test.expected_output})
        ids[number] = test.test_id
    return cases, ids


def show_own(window: MainWindow) -> None:
    """The Tests tab lists the open problem's own tests as they are kept now."""
    window.tests.set_own_tests(own_of_problem(window))


def remove_own(window: MainWindow, test_id: int) -> None:
    if window.services.own_tests.remove(window.services.settings.user, test_id):
        window.say(window.tr("The test is no longer one of yours."))
    show_own(window)


def input_text(values: dict[str, Any] | list[Any]) -> str:
    """An input as the problem's tests write it: the arguments as JSON literals, ``[2,7], 9``."""
    arguments = list(values.values()) if isinstance(values, dict) else list(values)
    return ", ".join(literal(value) for value in arguments)


def literal(value: Any) -> str:
    """A value as the problem's tests write it: compact JSON, ``[0,1]``."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def add_own(window: MainWindow, values: dict[str, Any], expected: Any, known: bool, origin: str = "edge_case") -> bool:
    """Keep an input (and its expected output when ``known``) as one of the learner's tests of
    the open problem, in every language; True when it is kept. A refusal is said in a sentence."""
    if window.problem_id is None:
        window.say(window.tr("Choose a problem first."))
        return False
    try:  # no language: the input and the expected output are the problem's, whatever the language
        window.services.own_tests.add(
            window.services.settings.user, window.problem_id, input_text(values),
            literal(expected) if known else None, origin=origin,
        )  # fmt: skip
    except ValueError as exc:  # the store's BadOwnTest names the part and the reason
        window.say(window.tr("The test was not kept: %s.") % exc)
        return False
    show_own(window)
    window.say(window.tr("Kept in your tests: Run runs it beside the problem's tests."))
    return True
