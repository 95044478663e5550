"""The versioned messages between the app and a child: one typed JSON job in, framed JSON out.

A job is built by the builder of its mode (``judge_job``, ``execute_job``, ``tests_job``,
``generate_job``, ``trace_job``, ``breakpoint_job``); every job carries the protocol version, a
fresh nonce and the limits the child applies to itself. The child answers with frames (see
``child/python/frames.py``): ``started``, one ``test`` per judged test (or ``execution``,
``case``, ``trace_batch``, ...), then ``done``; ``compile_error`` and ``internal_error`` where
they apply. Frames are never evaluated, only decoded as JSON. The shapes are in ``child/wire.py``.

Time limits are CPU time, so that a busy machine does not turn a pass into a TLE: the per-test
limit (``timeout_seconds``) is CPU seconds per test, the run's (``run_seconds``) CPU seconds for
all tests together. Wall time is only a backstop, at ``WALL_FACTOR`` times the CPU limit and at
most ``WALL_CAP`` seconds (see ``local.py`` for who measures what).
"""

from __future__ import annotations

import math
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypedDict, cast

# The result channel's reading lives in channel.py; its names stay importable from here.
from .channel import (  # noqa: F401
    CHANNEL_MESSAGE,
    FRAME_FLOOR,
    STEP_BYTES,
    TOTAL_FLOOR,
    FrameDecoder,
    channel_bounds,
    decoder_for,
)
from .child.wire import PROTOCOL_VERSION, Frame

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .child.wire import (
        BreakpointJob,
        ChildLimits,
        CompileErrorFrame,
        DoneFrame,
        ExecuteJob,
        ExecutionFrame,
        FrameMessage,
        FunctionSpec,
        GeneratedFrame,
        GenerateJob,
        InternalErrorFrame,
        JobBase,
        JudgeJob,
        Language,
        Mode,
        TestCase,
        TestFrame,
        TestsJob,
        TraceJob,
    )

WALL_FACTOR = 3.0  # the wall-clock backstop, as a multiple of a CPU limit
WALL_CAP = 60.0  # ... and never more than this many seconds
STARTUP_SECONDS = 2.0  # a child's start and the harness's own work, beside the learner's


@dataclass(frozen=True)
class Limits:
    """Resource limits of one run; ``clamped`` keeps every value within its hard maximum.

    ``timeout_seconds`` is the CPU time each test may take and ``run_seconds`` the CPU time of
    the whole run; the wall clock only backs them up (``test_wall_seconds``, ``wall_seconds``).
    """

    timeout_seconds: float = 5.0
    run_seconds: float = 30.0
    memory_mb: int = 256
    output_bytes: int = 1024 * 1024
    output_chars_per_test: int = 2000
    file_mb: int = 16

    HARD_TIMEOUT = 10.0
    HARD_RUN = 60.0
    HARD_MEMORY = 512

    def clamped(self) -> Limits:
        return Limits(
            timeout_seconds=min(max(self.timeout_seconds, 0.1), self.HARD_TIMEOUT),
            run_seconds=min(max(self.run_seconds, 1.0), self.HARD_RUN),
            memory_mb=min(max(self.memory_mb, 16), self.HARD_MEMORY),
            output_bytes=self.output_bytes,
            output_chars_per_test=self.output_chars_per_test,
            file_mb=self.file_mb,
        )

    def cpu_seconds(self, test_count: int) -> float:
        """The CPU time the learner's code may use in the whole run: every test's share, or the run's."""
        return min(self.timeout_seconds * max(test_count, 1), self.run_seconds)

    def test_wall_seconds(self) -> float:
        """The wall-clock backstop of one test, counted from the frame that ended the previous one."""
        return min(WALL_FACTOR * self.timeout_seconds, WALL_CAP)

    def wall_seconds(self, test_count: int) -> float:
        """The wall-clock backstop of the whole run, after which the parent kills the child."""
        return min(WALL_FACTOR * self.cpu_seconds(test_count) + STARTUP_SECONDS, WALL_CAP)

    def for_child(self, test_count: int = 1) -> ChildLimits:
        """What the child enforces on itself; ``cpu_seconds`` becomes its RLIMIT_CPU."""
        return {
            "timeout_seconds": self.timeout_seconds,
            "cpu_seconds": math.ceil(self.cpu_seconds(test_count) + STARTUP_SECONDS / 2),
            "memory_mb": self.memory_mb,
            "output_bytes": self.output_bytes,
            "output_chars_per_test": self.output_chars_per_test,
            "file_mb": self.file_mb,
            "wall_factor": WALL_FACTOR,
        }


def _base(mode: Mode, language: Language, code: str, limits: Limits, test_count: int = 1) -> JobBase:
    return {
        "v": PROTOCOL_VERSION,
        "mode": mode,
        "language": language,
        "code": code,
        "nonce": secrets.token_hex(8),
        "limits": limits.for_child(test_count),
    }


def judge_job(
    language: Language,
    code: str,
    limits: Limits,
    *,
    tests: list[TestCase],
    function: FunctionSpec | None = None,
    compare: str = "exact",
    count_lines: bool = False,
    cover: dict[str, int] | None = None,
) -> JudgeJob:
    """Run ``code`` on the inputs of ``tests``; ``count_lines`` counts every test's line events,
    ``cover`` makes it the untimed coverage pass (``coverage_pass.py``).

    The job carries no expected output and no checker: the app judges what comes back
    (``judging.py``), so nothing of a hidden test's answer enters the learner's process.
    """
    sent: list[TestCase] = []
    for test in tests:
        inputs = cast("TestCase", {k: v for k, v in test.items() if k != "expected_output"})
        sent.append(inputs)
    job: JudgeJob = {
        **_base("judge", language, code, limits, len(tests)),
        "tests": sent,
        "function": function or {},
        "compare": compare,
        "count_lines": count_lines,
    }
    if cover:
        job["cover"] = dict(cover)
    if cover or count_lines or any(test.get("count_lines") for test in sent):
        # JavaScript's line events are counted by the tracer's hooks (the child's line_counter.js).
        return cast("JudgeJob", _with_hooks(job))
    return job


class CallArguments(TypedDict, total=False):
    """The call's arguments as the caller gave them: each key present only when given."""

    input_data: Any
    target_value: Any


def given_arguments(arguments: Mapping[str, Any]) -> CallArguments:
    """``input_data`` and ``target_value`` of ``arguments``, only those it holds (``None`` is a value)."""
    given: CallArguments = {}
    if "input_data" in arguments:
        given["input_data"] = arguments["input_data"]
    if "target_value" in arguments:
        given["target_value"] = arguments["target_value"]
    return given


class ProblemCall(TypedDict):
    """A bank problem's input, called as the judge calls it: the test's argument text (``input``),
    the function spec (``judge_job``'s ``function``) and the compare mode (``operations`` plays a
    design problem). A trace or breakpoint job carrying it builds TreeNode, ListNode, in-place and
    design arguments exactly as a judged test does."""

    input: str
    function: FunctionSpec
    compare: str


def execute_job(
    language: Language,
    code: str,
    limits: Limits,
    *,
    arguments: Mapping[str, Any] | None = None,
    entry_point: str | None = None,
    stdin: str = "",
) -> ExecuteJob:
    """Run ``code`` once; ``arguments`` may hold ``input_data`` and ``target_value``, each present
    only when the caller gave it (``None`` is a value)."""
    job: ExecuteJob = {**_base("execute", language, code, limits), "entry_point": entry_point, "stdin": stdin}
    job.update(given_arguments(arguments or {}))
    return job


def tests_job(
    language: Language,
    code: str,
    limits: Limits,
    *,
    test_code: str,
    test_framework: str,
    cover: dict[str, int] | None = None,
) -> TestsJob:
    """Run the learner's own tests (``test_code``) against ``code``; ``cover`` makes it the
    untimed coverage pass, which gives each test its lines and the run its coverage."""
    job: TestsJob = {**_base("tests", language, code, limits), "test_code": test_code, "test_framework": test_framework}
    if cover:
        job["cover"] = dict(cover)
    return job


def generate_job(
    code: str, limits: Limits, *, generator: str, sizes: list[int], function: FunctionSpec, compare: str
) -> GenerateJob:
    """Make a problem's large inputs with its generator, answered (and counted) by its reference ``code``."""
    return {
        **_base("generate", "python", code, limits, len(sizes)),
        "generator": generator,
        "sizes": list(sizes),
        "function": function,
        "compare": compare,
        "count_lines": True,
    }


def trace_job(
    language: Language,
    code: str,
    limits: Limits,
    *,
    arguments: Mapping[str, Any],
    trace_points: list[Any],
    max_steps: int,
    entry_point: str | None = None,
    batch_size: int = 1000,
    problem: ProblemCall | None = None,
    checks: list[dict[str, Any]] | None = None,
) -> TraceJob:
    """Trace ``code`` step by step (the child's ``trace`` mode); with ``problem``, on a bank
    problem's input called as the judge calls it, else on ``arguments``. ``checks`` (a plan's
    expectations: ``{"lines", "expect", "names"}``) are evaluated before each run of their lines,
    and the closing frame says what each found (``plan_checks``)."""
    job: TraceJob = {
        **_base("trace", language, code, limits),
        "entry_point": entry_point,
        "trace_points": list(trace_points),
        "max_steps": max_steps,
        "batch_size": batch_size,
    }
    if checks:
        job["checks"] = list(checks)
    _with_arguments(job, arguments, problem)
    return cast("TraceJob", _with_hooks(job))


def _with_arguments(job: TraceJob | BreakpointJob, arguments: Mapping[str, Any], problem: ProblemCall | None) -> None:
    if problem is None:
        job.update(given_arguments(arguments))
        return
    job["input"] = problem["input"]
    job["function"] = problem["function"]
    job["compare"] = problem["compare"]


def _with_hooks(job: TraceJob | BreakpointJob | JudgeJob) -> Any:
    """A JavaScript job carries its program with the tracer's hooks (``js_instrument``), made here:
    the child only runs it. Where tree-sitter cannot read the code, the child says so after
    Node has had its say (a real syntax error is a compile error)."""
    if job["language"] != "javascript":
        return job
    from .js_instrument import InstrumentFailure, instrument

    try:
        made = instrument(job["code"])
    except InstrumentFailure as exc:
        job["instrumented"] = {"error": f"{exc} (line {exc.line}, column {exc.column})"}
        return job
    job["instrumented"] = {"text": made.text, "hooks": made.hooks, "loops": made.loops}
    return job


def breakpoint_job(
    language: Language,
    code: str,
    limits: Limits,
    *,
    arguments: Mapping[str, Any],
    condition: str,
    watch: list[str],
    line: int | None,
    hit: int,
    entry_point: str | None = None,
    problem: ProblemCall | None = None,
) -> BreakpointJob:
    """Run ``code`` until ``condition`` holds (the child's ``breakpoint`` mode); ``problem`` as in
    ``trace_job``."""
    job: BreakpointJob = {
        **_base("breakpoint", language, code, limits),
        "entry_point": entry_point,
        "condition": condition,
        "watch": list(watch),
        "line": line,
        "hit": hit,
    }
    _with_arguments(job, arguments, problem)
    return cast("BreakpointJob", _with_hooks(job))


@dataclass
class ChildReport:
    """What a backend saw of one run: the frames, and how the process ended.

    ``timed_out`` means a wall-clock backstop stopped it, ``cpu_exceeded`` that the parent saw a
    test pass its CPU limit (``pending_cpu_ms`` is that test's CPU time); ``cpu_ms`` is the whole
    child's CPU time, from its resource usage, when the backend knows it.
    """

    frames: list[dict] = field(default_factory=list)
    exit_code: int | None = None
    signal: int | None = None
    stderr: str = ""
    timed_out: bool = False
    cpu_exceeded: bool = False
    cancelled: bool = False
    wall_ms: float = 0.0
    cpu_ms: float | None = None
    pending_cpu_ms: float | None = None
    memory_exceeded: bool = False
    backend: str = "local"
    internal_error: str | None = None
    channel_fault: str | None = None  # what the learner's code did to the result channel (FrameDecoder)
    containment: list[str] = field(default_factory=list)  # the layers that held the run (VOCABULARY.md)

    def of_kind(self, kind: str) -> list[dict]:
        return [f for f in self.frames if f.get("kind") == kind]

    def first(self, kind: str) -> FrameMessage | None:
        """The first frame of ``kind``, or None."""
        return next((cast("FrameMessage", f) for f in self.frames if f.get("kind") == kind), None)

    @property
    def tests(self) -> list[TestFrame]:
        return cast("list[TestFrame]", self.of_kind(Frame.TEST))

    @property
    def generated(self) -> list[GeneratedFrame]:
        return cast("list[GeneratedFrame]", self.of_kind(Frame.GENERATED))

    @property
    def execution(self) -> ExecutionFrame | None:
        return cast("ExecutionFrame | None", self.first(Frame.EXECUTION))

    @property
    def compile_error(self) -> CompileErrorFrame | None:
        return cast("CompileErrorFrame | None", self.first(Frame.COMPILE_ERROR))

    @property
    def child_error(self) -> InternalErrorFrame | None:
        """The harness's own failure, as the child reported it."""
        return cast("InternalErrorFrame | None", self.first(Frame.INTERNAL_ERROR))

    @property
    def memory_used_kb(self) -> int | None:
        done = cast("DoneFrame | None", self.first(Frame.DONE))
        return done.get("memory_used_kb") if done else None

    @property
    def started(self) -> bool:
        """The child said ``started``: from then on the learner's code shares its process."""
        return any(f.get("kind") == Frame.STARTED for f in self.frames)

    @property
    def finished(self) -> bool:
        return any(f.get("kind") == Frame.DONE for f in self.frames)
