"""Judging outside the learner's process: the child's actual outputs against the expected ones.

The child runs each test and reports what the learner's code gave: a returned value as JSON text
(for a design problem, the list of every call's return), or everything a script printed, or how
it failed. It never sees an expected output, and it does not decide AC or WA: this module does,
in the app, with the expected outputs and the bank's checker, which never leave it. So nothing
the learner's code does inside its process (patching the comparison, walking frames for hidden
answers, forging a frame) can turn a wrong answer into an accepted one.

What a frame says is checked, not believed: one result per test, in the order the tests were
sent, with fields of the right types, and a verdict of its own only when it is a failure (RE,
TLE, MLE, OLE; IE only for test data the app cannot read either). Anything else is the learner's
code writing to the result channel: RE, and the run stops there.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..domain.vocabulary import Verdict
from .channel import clip_text
from .child.python import compare, literals
from .child.wire import CHILD_VERDICTS, Reason
from .protocol import CHANNEL_MESSAGE

if TYPE_CHECKING:
    from .child.wire import FunctionSpec, TestCase, TestResult

_TEXT_LIMIT = 8000  # characters kept of a message or traceback a frame carries


def load_checker(source: str | None) -> Callable[..., Any] | None:
    """The bank's ``check(args, expected, actual)``: trusted code, run here, never in the child."""
    if not source:
        return None
    namespace: dict[str, Any] = {}
    exec(compile(source, "<checker>", "exec"), namespace)  # noqa: S102 - the problem author's code
    return namespace["check"]


class ChannelFault(ValueError):
    """A frame that the harness would not have written: the learner's code wrote it."""


class Judgment:
    """Judges the test frames of one judge run against the tests the app kept."""

    def __init__(
        self,
        tests: list[TestCase],
        *,
        compare_mode: str = "exact",
        checker: str | None = None,
        function: FunctionSpec | None = None,
        show_chars: int = 2000,
        tolerance: float | None = None,
    ):
        self.tests = tests
        self.compare = compare_mode or "exact"
        self.tolerance = tolerance  # float_tolerance's, when the caller gave one
        self.checker_source = checker
        self.function = function or {}
        self.show_chars = show_chars
        self._checker: Callable[..., Any] | None = None

    def results(self, frames: Sequence[Mapping[str, Any]]) -> tuple[list[TestResult], str | None]:
        """One result per test frame, in order; and the channel fault that stopped the reading, if any."""
        results: list[TestResult] = []
        for frame in frames:
            if len(results) >= len(self.tests):
                return results, f"a result for a test that was not asked for ({_short(frame.get('test_id'))})"
            test = self.tests[len(results)]
            if frame.get("test_id") != test["test_id"]:
                seen = {r["test_id"] for r in results}
                what = "a second result for test" if frame.get("test_id") in seen else "a result out of turn for test"
                return results, f"{what} {_short(frame.get('test_id'))}"
            try:
                results.append(self.one(test, frame))
            except ChannelFault as fault:
                return results, f"{fault} (test {test['test_id']})"
        return results, None

    def one(self, test: TestCase, frame: Mapping[str, Any]) -> TestResult:
        """The result of one test from its frame; raises ChannelFault for a frame the child would not send."""
        entry: dict[str, Any] = {
            "test_id": test["test_id"],
            "input": test.get("input", ""),
            "expected_output": test.get("expected_output"),
            "actual_output": None,
            "stdout": _text(frame, "stdout", self.show_chars + 100),
            "execution_time_ms": _number(frame, "execution_time_ms"),
            "cpu_time_ms": _number(frame, "cpu_time_ms"),
        }
        if "line_events" in frame:
            events = frame["line_events"]
            if not isinstance(events, int) or isinstance(events, bool) or events < 0:
                raise ChannelFault("a count of line events that is not a count")
            entry["line_events"] = events
        if "verdict" in frame:
            return self._failure(entry, test, frame)
        if "printed" in frame and not self.function.get("name"):
            printed = frame["printed"]
            if not isinstance(printed, str):
                raise ChannelFault("printed output that is not text")
            entry["stdout"] = ""
            entry["actual_output"] = clip_text(printed.rstrip("\n"), self.show_chars)
            return _verdict(entry, _same_lines(printed, test.get("expected_output") or ""))
        if not isinstance(frame.get("value"), str):
            raise ChannelFault("a result without a value")
        try:
            actual = json.loads(frame["value"])
        except ValueError:
            raise ChannelFault("a value that is not JSON") from None
        entry["actual_output"] = literals.show(actual, self.show_chars)
        return self._compared(entry, test, actual)

    def _compared(self, entry: dict[str, Any], test: TestCase, actual: Any) -> TestResult:
        try:
            args, _ = literals.parse_arguments(test.get("input", ""))
            expected_text = test.get("expected_output")
            if expected_text in (None, ""):
                entry["expected_output"] = None
                return _verdict(entry, True)  # nothing to compare with: a run, not a check
            expected = literals.parse_value(expected_text)
        except literals.LiteralError as exc:
            return _error(entry, Verdict.IE, f"Bad test data: {exc}")
        mode = "exact" if self.compare == "operations" else self.compare
        try:
            if mode == "checker" and self._checker is None:
                self._checker = load_checker(self.checker_source)
            passed = compare.same(mode, expected, actual, self._checker, args, self.tolerance)
        except Exception as exc:  # noqa: BLE001 - a broken checker is the bank's fault, not the learner's
            return _error(entry, Verdict.IE, f"Checker failed: {exc}")
        _verdict(entry, passed)
        if not passed and self.compare == "operations" and isinstance(expected, list) and isinstance(actual, list):
            entry["error_message"] = _first_wrong_call(args, expected, actual)
        return entry  # type: ignore[return-value]

    def _failure(self, entry: dict[str, Any], test: TestCase, frame: Mapping[str, Any]) -> TestResult:
        verdict = frame["verdict"]
        if verdict not in CHILD_VERDICTS:
            raise ChannelFault(f"a verdict the child does not give ({_short(verdict)})")
        if verdict == Verdict.IE:
            # The child cannot read the test data: then neither can the app, or the claim is forged.
            try:
                literals.parse_arguments(test.get("input", ""))
            except literals.LiteralError as exc:
                return _error(entry, Verdict.IE, f"Bad test data: {exc}")
            raise ChannelFault("an internal error for test data that is readable")
        entry["error_message"] = _text(frame, "error_message", _TEXT_LIMIT)
        _error(entry, Verdict(verdict), entry["error_message"])
        line = frame.get("line_number")
        entry["line_number"] = line if isinstance(line, int) and not isinstance(line, bool) else None
        if frame.get("traceback"):
            entry["traceback"] = _text(frame, "traceback", _TEXT_LIMIT)
        if frame.get("reason") in (Reason.TIME, Reason.OPERATIONS) and verdict == Verdict.TLE:
            entry["reason"] = frame["reason"]
        return entry  # type: ignore[return-value]


def _verdict(entry: dict[str, Any], passed: bool) -> TestResult:
    entry["verdict"] = (Verdict.AC if passed else Verdict.WA).value
    entry["passed"] = passed
    return entry  # type: ignore[return-value]


def _error(entry: dict[str, Any], verdict: Verdict, message: str) -> TestResult:
    entry.update(verdict=verdict.value, passed=False, error_type=verdict.error_type, error_message=message)
    return entry  # type: ignore[return-value]


def _text(frame: Mapping[str, Any], key: str, limit: int) -> str:
    value = frame.get(key, "")
    if value is None:
        return ""
    if not isinstance(value, str):
        raise ChannelFault(f"a {key} that is not text")
    return clip_text(value, limit)


def _number(frame: Mapping[str, Any], key: str) -> float | None:
    value = frame.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        raise ChannelFault(f"a {key} that is not a time")
    return value


def _short(value: Any) -> str:
    return repr(value)[:40]


def _same_lines(printed: str, expected: str) -> bool:
    def lines(text: str) -> list[str]:
        return [line.rstrip() for line in str(text).strip("\n").splitlines()]

    return lines(printed) == lines(expected)


def _first_wrong_call(args: list, expected: list, actual: list) -> str:
    operations = (list(args) + [[]])[0]
    for index, (want, got) in enumerate(zip(expected, actual, strict=False)):
        if not compare.same("exact", want, got):
            name = operations[index] if isinstance(operations, list) and index < len(operations) else "?"
            return f"Call {index} ({name}) returned {literals.show(got, 200)}, expected {literals.show(want, 200)}"
    return f"The calls returned {len(actual)} values, expected {len(expected)}"


def channel_message(reason: str) -> str:
    """The learner's message for a fault on the result channel (VOCABULARY.md)."""
    return f"{CHANNEL_MESSAGE} ({reason})"
