"""What the window is about, as one model: the learner, the problem, the language, the document,
the job under way and the latest result of each kind.

Qt-free (an import contract says so): widgets take a ``Session`` and the few widgets they use, not
the window, and follow it through its signals (psygnal's, as napari's models do). A panel learns
that the problem changed from ``problem_changed`` and clears what it showed; nobody keeps its own
copy of the learner's name.

Results are kept by kind (``ResultKind``). A new problem, language or learner forgets them all: a
trace of the last problem is not this one's. ``code_changed`` says the code on show is no longer
the code a result was about (``result_is_current``). ``interview_lock`` says whether a mock
interview is under way: the parts that would help (hints, the tutor, tags, traces, edge cases,
analysis) consult it and are off while it is on.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from psygnal import Signal


class ResultKind(StrEnum):
    """What a result is of: the tool calls whose answer a panel shows."""

    RUN = "run"  # execute_code: Run or Submit
    TRACE = "trace"  # bp_trace (and a breakpoint run's trace)
    BREAKPOINT = "breakpoint"
    ANALYSIS = "analysis"
    EDGE_CASES = "edge_cases"
    SCRATCH = "scratch"  # a file's or scratch buffer's run
    CUSTOM_INPUT = "custom_input"


@dataclass(frozen=True)
class Shown:
    """A result and the edit of the code it is about (``Session.code_serial`` when its call started)."""

    result: dict[str, Any]
    code_serial: int


class InterviewLock:
    """Whether a mock interview is under way. While ``on``, the window's helping tools are off: a
    part disables its controls (``gui/interview/lock.py``'s ``LockedControls`` does it for actions
    and widgets) or refuses its work, and follows ``changed`` to come back when the interview ends
    (the last Submit and "I'm done", or the time up)."""

    changed = Signal(bool)  # on (an interview started) or off (it ended)
    TIP = "Off during the mock interview"

    def __init__(self) -> None:
        self._on = False

    @property
    def on(self) -> bool:
        return self._on

    def engage(self) -> None:
        if not self._on:
            self._on = True
            self.changed.emit(True)

    def release(self) -> None:
        if self._on:
            self._on = False
            self.changed.emit(False)


class Session:
    """The learner's session in the window. Setting a field to its value again changes nothing and
    emits nothing; setting the problem, the language or the learner forgets the results."""

    learner_changed = Signal(str)
    problem_changed = Signal(object)  # the problem id, or None (a file or a scratch buffer)
    language_changed = Signal(str)
    code_changed = Signal()  # the editor's text changed since the last results
    job_changed = Signal(object)  # the tool name of the window's job under way, or None
    result_changed = Signal(str, object)  # ResultKind, the result (None: forgotten)
    results_cleared = Signal()

    def __init__(self, learner: str, problem_id: str | None = None, language: str = "python"):
        self._learner = learner
        self._problem_id = problem_id
        self._language = language
        self._job: str | None = None
        self._results: dict[ResultKind, Shown] = {}
        self._code_serial = 0  # counts edits: a result is current while its code is on show
        self.interview_lock = InterviewLock()

    # --- who and what -----------------------------------------------------------------------
    @property
    def learner(self) -> str:
        return self._learner

    @learner.setter
    def learner(self, name: str) -> None:
        if name == self._learner:
            return
        self._learner = name
        self.clear_results()
        self.learner_changed.emit(name)

    def renew_learner(self) -> None:
        """The learner's kept data changed under the window (imported or deleted): results are
        forgotten and ``learner_changed`` is told again, so that everything shown is read afresh."""
        self.clear_results()
        self.learner_changed.emit(self._learner)

    @property
    def problem_id(self) -> str | None:
        return self._problem_id

    @problem_id.setter
    def problem_id(self, problem_id: str | None) -> None:
        if problem_id == self._problem_id:
            return
        self._problem_id = problem_id
        self.clear_results()
        self.problem_changed.emit(problem_id)

    @property
    def language(self) -> str:
        return self._language

    @language.setter
    def language(self, language: str) -> None:
        if language == self._language:
            return
        self._language = language
        self.clear_results()
        self.language_changed.emit(language)

    def open(self, problem_id: str | None, language: str) -> None:
        """A problem (or none) in a language, as one change: the language is set first, so a
        listener of ``problem_changed`` reads the new language."""
        self.language = language
        self.problem_id = problem_id

    # --- the job and its results ------------------------------------------------------------
    @property
    def job(self) -> str | None:
        """The tool the window's job under way calls (Run, Submit, Trace, …), or None when idle."""
        return self._job

    @job.setter
    def job(self, tool: str | None) -> None:
        if tool == self._job:
            return
        self._job = tool
        self.job_changed.emit(tool)

    def edited(self) -> None:
        """The code changed: results stay on show, but they are no longer about this code."""
        self._code_serial += 1
        self.code_changed.emit()

    @property
    def code_serial(self) -> int:
        """Which edit the code on show is at; a result remembers the one it was started at."""
        return self._code_serial

    def show(self, kind: ResultKind | str, result: dict[str, Any], code_serial: int | None = None) -> None:
        """``result`` is the latest of its kind, about the code at ``code_serial`` (now, by default)."""
        kind = ResultKind(kind)
        serial = self._code_serial if code_serial is None else code_serial
        self._results[kind] = Shown(result, serial)
        self.result_changed.emit(kind.value, result)

    def latest(self, kind: ResultKind | str) -> dict[str, Any] | None:
        shown = self._results.get(ResultKind(kind))
        return shown.result if shown is not None else None

    def result_is_current(self, kind: ResultKind | str) -> bool:
        """True while the latest result of ``kind`` is about the code on show (no edit since)."""
        shown = self._results.get(ResultKind(kind))
        return shown is not None and shown.code_serial == self._code_serial

    def forget(self, kind: ResultKind | str) -> None:
        kind = ResultKind(kind)
        if self._results.pop(kind, None) is not None:
            self.result_changed.emit(kind.value, None)

    def clear_results(self) -> None:
        """Forget every result (a new problem, language or learner): panels clear what they show."""
        self._results.clear()
        self.results_cleared.emit()
