"""What a run (and earlier runs) tell about the code: which tests failed, on what kind of input,
with which error. The run result is the one ``execute_code`` returns, or only its list of tests."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..domain.vocabulary import TestStatus

_KEYWORD_ARGUMENT = re.compile(r"(^|,)\s*[A-Za-z_][A-Za-z0-9_]*\s*=(?!=)\s*")
_DID_NOT_RUN = {"skipped", TestStatus.NOT_RUN}
_CLASS = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_.]*(?:Error|Exception|Interrupt))\b")


@dataclass
class TestOutcome:
    """One test of a run, with the shape of its input."""

    passed: bool
    verdict: str
    error: str | None  # the error's family: index, none_access, key, zero_division, recursion, value, type, ...
    error_class: str | None  # IndexError, TypeError, ...
    message: str
    line: int | None
    shapes: set[str] = field(default_factory=set)  # empty, single, zero, null; unknown when hidden
    covered: frozenset[int] | None = None  # the lines this test's call ran (None: not measured)
    input: str = ""  # the test's input as written ("(hidden)" for a hidden test)
    got: str | None = None  # what the code returned (its repr), when the run says
    expected: str | None = None

    @property
    def wrong_answer(self) -> bool:
        return not self.passed and self.verdict == "WA"


@dataclass
class RunEvidence:
    """The tests of one run (empty when no run is known)."""

    tests: list[TestOutcome] = field(default_factory=list)
    known: bool = False
    error: str | None = None  # the run's first error family, when it ended in one

    def failed_on(self, shape: str) -> list[TestOutcome]:
        return [t for t in self.tests if not t.passed and shape in t.shapes]

    def passed_on(self, shape: str) -> list[TestOutcome]:
        return [t for t in self.tests if t.passed and shape in t.shapes]

    def errors(self, *families: str) -> list[TestOutcome]:
        return [t for t in self.tests if t.error in families] or (
            [TestOutcome(False, "RE", self.error, None, "", None)] if self.error in families else []
        )

    def wrong_answers(self) -> list[TestOutcome]:
        return [t for t in self.tests if t.wrong_answer]

    def timed_out(self) -> bool:
        return any(t.verdict == "TLE" for t in self.tests) or self.error == "timeout"

    def all_passed(self) -> bool:
        return self.known and bool(self.tests) and all(t.passed for t in self.tests)

    def error_families(self) -> set[str]:
        found = {t.error for t in self.tests if t.error}
        if self.error:
            found.add(self.error)
        return found


def read_run(result: Any) -> RunEvidence:
    """A run result (or its ``test_results`` list) as evidence; anything else is no evidence."""
    if isinstance(result, Mapping):
        tests = result.get("test_results")
        run = RunEvidence(known=True)
        if isinstance(tests, Sequence) and not isinstance(tests, str):
            run.tests = _outcomes(tests)
        if result.get("error_type") or result.get("error_message"):
            run.error = error_family(str(result.get("error_type") or ""), str(result.get("error_message") or ""))
            failed = result.get("failed_test_case")
            if not run.tests and isinstance(failed, Mapping):
                # The spec's error shape names the failing test but lists no tests.
                run.tests = [_outcome({**failed, **_error_fields(result), "passed": False})]
        if not run.tests and not run.error and "all_passed" not in result and "status" not in result:
            run.known = False
        return run
    if isinstance(result, Sequence) and not isinstance(result, str):
        return RunEvidence(_outcomes(result), known=True)
    return RunEvidence()


def _error_fields(result: Mapping) -> dict[str, Any]:
    verdict = {"timeout": "TLE", "memory_limit": "MLE", "output_limit": "OLE"}.get(str(result.get("error_type")), "RE")
    return {
        "verdict": result.get("verdict") if result.get("verdict") not in (None, "AC", "WA") else verdict,
        "error_type": result.get("error_type"),
        "error_message": result.get("error_message"),
        "line_number": result.get("line_number"),
    }


def read_history(history: Any) -> list[RunEvidence]:
    if not isinstance(history, Sequence) or isinstance(history, str):
        return []
    return [run for run in (read_run(item) for item in history) if run.known]


def _outcomes(tests: Sequence) -> list[TestOutcome]:
    """The tests that ran: a skipped test (``status: "skipped"``) or one that never ran
    (``"not_run"``, after a time-out or a lost child) is neither a pass nor a failure."""
    return [_outcome(t) for t in tests if isinstance(t, Mapping) and ran(t)]


def ran(test: Mapping) -> bool:
    """Whether a test of a run result ran to a verdict (skipped and not-run tests did not)."""
    return str(test.get("status") or "") not in _DID_NOT_RUN


def _outcome(test: Mapping) -> TestOutcome:
    failed_with_error = not test.get("passed") and (test.get("error_type") or test.get("error_message"))
    verdict = str(test.get("verdict") or ("AC" if test.get("passed") else "RE" if failed_with_error else "WA"))
    passed = bool(test.get("passed", verdict == "AC"))
    message = str(test.get("error_message") or "")
    family = error_family(str(test.get("error_type") or ""), message) if not passed else None
    match = _CLASS.match(message)
    line = test.get("line_number")
    covered = test.get("covered_lines")
    return TestOutcome(
        passed,
        verdict,
        family,
        match.group(1) if match else None,
        message,
        line if isinstance(line, int) else None,
        input_shapes(test.get("input")),
        frozenset(n for n in covered if isinstance(n, int)) if isinstance(covered, Sequence) else None,
        str(test.get("input") or ""),
        _text(test.get("actual_output")),
        _text(test.get("expected_output")),
    )


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def error_family(error_type: str, message: str) -> str | None:  # noqa: C901 - a table of messages
    """The kind of error, across both languages (``IndexError`` and JavaScript's read of
    ``undefined`` are both ``index``)."""
    text = message.strip()
    if error_type == "timeout" or text.startswith("Time limit"):
        return "timeout"
    if error_type in ("memory_limit", "output_limit", "internal_error", "syntax_error"):
        return error_type
    if not text:
        return "runtime" if error_type == "runtime_error" else None
    if text.startswith("IndexError") or "index out of range" in text:
        return "index"
    if text.startswith("RecursionError") or "Maximum call stack" in text or "recursion depth" in text:
        return "recursion"
    if text.startswith("ZeroDivisionError"):
        return "zero_division"
    if text.startswith("KeyError"):
        return "key"
    if text.startswith("AttributeError") and "NoneType" in text:
        return "none_access"
    if "Cannot read properties of null" in text or "of null (reading" in text:
        return "none_access"
    if "Cannot read properties of undefined" in text or "of undefined (reading" in text:
        return "index"
    if text.startswith("TypeError") and "NoneType" in text and "subscriptable" in text:
        return "none_access"
    if text.startswith("ValueError") and ("empty" in text or "arg is an empty" in text):
        return "empty_reduction"
    if "Reduce of empty array" in text:
        return "empty_reduction"
    match = _CLASS.match(text)
    if match:
        name = match.group(1).split(".")[-1]
        return {
            "TypeError": "type",
            "ValueError": "value",
            "NameError": "name",
            "ReferenceError": "name",
            "UnboundLocalError": "name",
            "AttributeError": "attribute",
            "RangeError": "range",
        }.get(name, name)
    return "runtime"


def input_shapes(text: Any) -> set[str]:
    """``empty`` / ``single`` / ``zero`` / ``null`` for the arguments of a test input."""
    if not isinstance(text, str) or not text.strip() or text.strip() == "(hidden)":
        return set()
    values = arguments(text)
    if values is None:
        return set()
    shapes: set[str] = set()
    lengths = []
    for value in values:
        if value is None:
            shapes.update(("null", "empty"))
        elif isinstance(value, (list, str, dict)):
            lengths.append(len(value))
            if len(value) == 0:
                shapes.add("empty")
            elif isinstance(value, list) and len(value) == 1 and value[0] is None:
                shapes.update(("null", "empty"))
        elif isinstance(value, (int, float)) and not isinstance(value, bool) and value == 0:
            shapes.add("zero")
    # One item at most in every sequence argument: a one-letter pattern beside a long text is
    # not a one-item input.
    if lengths and max(lengths) == 1:
        shapes.add("single")
    return shapes


def arguments(text: Any) -> list[Any] | None:
    """The arguments of a test input (``"[1,2], 3"``, ``"nums = [1,2], k = 3"``), or None."""
    if not isinstance(text, str):
        return None
    body = _KEYWORD_ARGUMENT.sub(lambda m: m.group(1), text.strip())
    try:
        return list(json.loads("[" + body + "]"))
    except ValueError:
        pass
    try:
        python = re.sub(r"\bnull\b", "None", re.sub(r"\btrue\b", "True", re.sub(r"\bfalse\b", "False", body)))
        value = ast.literal_eval("[" + python + "]")
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None
    return list(value) if isinstance(value, list) else None
