"""The execution engine behind execute_code, bp_execute and the window's Run and Submit.

One ``Executor`` over one backend (local child processes, or a Piston server): it builds jobs,
runs them and turns reports into the spec's results. Plain functions with a cancel event and a
progress callback, so the same call runs under pytest, the command line and a worker thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from . import coverage_pass
from .backend import Backend, UnsupportedLanguage
from .child.wire import Frame
from .judging import Judgment
from .protocol import ChildReport, Limits, execute_job, judge_job
from .results import executed_once, judged_run

if TYPE_CHECKING:
    from .child.wire import ExecutionResult, FunctionSpec, Job, Language, RunResult, TestCase

ProgressCallback = Callable[[int, int, str], None]
SUPPORTED_LANGUAGES = ("python",)


class Executor:
    """Runs and judges code on one backend."""

    def __init__(self, backend: Backend):
        self.backend = backend

    def _check_language(self, language: str) -> None:
        # A backend that can answer for one language says so without finding all of them (the
        # local runner would start `node --version`, about 20 ms, to answer for a Python run).
        supports = getattr(self.backend, "supports", None)
        if supports is not None and supports(language):
            return
        supported = tuple(getattr(self.backend, "languages", SUPPORTED_LANGUAGES))
        if language not in supported:
            explain = getattr(self.backend, "unsupported_reason", None)
            raise UnsupportedLanguage(language, supported, explain(language) if explain else "")

    def judge(
        self,
        *,
        code: str,
        language: Language,
        tests: list[TestCase],
        limits: Limits,
        function: FunctionSpec | None = None,
        compare: str = "exact",
        checker: str | None = None,
        tolerance: float | None = None,
        hidden_ids: set[int] | None = None,
        count_lines: bool = False,
        line_budget: int | None = None,
        per_test_coverage: bool = False,
        cancel: threading.Event | None = None,
        progress: ProgressCallback | None = None,
    ) -> RunResult:
        """Judge ``code`` against ``tests``. ``count_lines`` counts every test's line events, and
        ``line_budget`` stops a test past that many (TLE for operations); a test's own
        ``count_lines`` and ``line_budget`` do the same for that test alone. ``per_test_coverage``
        gives each test that ran its ``covered_lines`` from an untimed second pass when one did
        not pass (``coverage_pass.py``)."""
        self._check_language(language)
        limits = limits.clamped()
        if line_budget is not None:
            tests = [{**test, "count_lines": True, "line_budget": line_budget} for test in tests]
        # The child gets the inputs only: the expected outputs and the checker stay here (judging.py).
        job = judge_job(
            language, code, limits, tests=tests, function=function, compare=compare, count_lines=count_lines
        )
        judgment = Judgment(
            tests, compare_mode=compare, checker=checker, function=function, show_chars=limits.output_chars_per_test,
            tolerance=tolerance,
        )  # fmt: skip
        total = len(tests)
        done = [0]

        def on_frame(frame: dict) -> None:
            if frame.get("kind") == Frame.TEST and progress is not None:
                done[0] += 1
                progress(done[0], total, f"test {frame.get('test_id')}: {frame.get('verdict') or 'ran'}")

        report = self.backend.run(job, limits.wall_seconds(len(tests)), cancel, on_frame)
        judgment.show_chars = int((job.get("limits") or {}).get("output_chars_per_test") or judgment.show_chars)
        run = judged_run(report, judgment, hidden_ids)
        if per_test_coverage:
            if progress is not None and coverage_pass.needs_pass(run):
                progress(total, total, "measuring each test's lines")
            coverage_pass.measure(
                self.backend, run, code=code, language=language, tests=tests, function=function, compare=compare,
                memory_mb=limits.memory_mb, cancel=cancel,
            )  # fmt: skip
        return run

    def execute(
        self,
        *,
        code: str,
        language: Language,
        limits: Limits,
        arguments: Mapping[str, Any] | None = None,
        entry_point: str | None = None,
        stdin: str = "",
        cancel: threading.Event | None = None,
    ) -> ExecutionResult:
        """Run ``code`` once (bp_execute). ``arguments`` holds ``input_data``/``target_value`` if given."""
        self._check_language(language)
        limits = limits.clamped()
        job = execute_job(language, code, limits, arguments=arguments, entry_point=entry_point, stdin=stdin)
        report = self.backend.run(job, limits.wall_seconds(1), cancel, None)
        return executed_once(report)

    def run_job(
        self,
        job: Job,
        deadline_seconds: float,
        cancel: threading.Event | None = None,
        on_frame: Callable[[dict], None] | None = None,
    ) -> ChildReport:
        """A job built by the caller (generation, tracing, the learner's tests): the report as the
        backend saw it. ``deadline_seconds`` is the run's wall-clock backstop."""
        self._check_language(job["language"])
        return self.backend.run(job, deadline_seconds, cancel, on_frame)
