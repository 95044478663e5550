"""The words and shapes of the wire between the app and a child: defined once, on both sides.

The child (under ``python -I -S``, on a Piston server, in the frozen app), the Piston path and the
parent all import this module. It is standard library only and Python 3.9 compatible.

Two kinds of definitions live here:

- constants that exist at run time (verdicts, run statuses, frame kinds, trace events), which the
  child and the parent both use;
- the shapes of the messages (the job, a test case, a per-test result, a run result, a trace
  step, a frame), as ``TypedDict``s that only the type checker reads. They sit under
  ``TYPE_CHECKING``: importing ``typing`` would cost every child about 10 ms at start, and at run
  time a message is a plain dict anyway. Parent modules use them in annotations
  (``from __future__ import annotations``) and import them under ``TYPE_CHECKING`` as well.
"""

from __future__ import annotations  # annotations stay text: "Final" is never looked up at run time

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

PROTOCOL_VERSION = 1
FRAME_TAG = "\x1eCM%d:" % PROTOCOL_VERSION

# The largest JSON text of one returned value that a child sends for the parent to judge (a list
# of 10^5 numbers is about 1 MB): a larger answer is OLE in the child, and the parent's bound on
# one frame is above it (``protocol.channel_bounds``).
VALUE_BYTES = 8 * 1024 * 1024
# What a test frame may say of itself: the child never decides AC or WA (the parent compares),
# and IE only for test data it cannot read.
CHILD_VERDICTS = ("RE", "TLE", "MLE", "OLE", "IE")


class Verdict:
    """How one test (or one run) ended; the vocabulary's verdicts, as plain strings."""

    AC: Final = "AC"  # accepted
    WA: Final = "WA"  # wrong answer
    CE: Final = "CE"  # does not parse or compile
    RE: Final = "RE"  # raised, or exited abnormally
    TLE: Final = "TLE"  # over the time (or operations) limit
    MLE: Final = "MLE"  # over the memory limit
    OLE: Final = "OLE"  # over the output limit
    IE: Final = "IE"  # our fault or the server's, never the learner's


VERDICTS = (Verdict.AC, Verdict.WA, Verdict.CE, Verdict.RE, Verdict.TLE, Verdict.MLE, Verdict.OLE, Verdict.IE)

# The spec's ``error_type`` of each verdict that is an error.
ERROR_TYPES = {
    Verdict.CE: "syntax_error",
    Verdict.RE: "runtime_error",
    Verdict.TLE: "timeout",
    Verdict.MLE: "memory_limit",
    Verdict.OLE: "output_limit",
    Verdict.IE: "internal_error",
}

MEANINGS = {
    Verdict.AC: "accepted",
    Verdict.WA: "wrong answer",
    Verdict.CE: "does not compile",
    Verdict.RE: "runtime error",
    Verdict.TLE: "time limit exceeded",
    Verdict.MLE: "memory limit exceeded",
    Verdict.OLE: "output limit exceeded",
    Verdict.IE: "internal error",
}

# Worst first: a run's overall verdict is the worst of its tests.
SEVERITY = (Verdict.IE, Verdict.CE, Verdict.MLE, Verdict.TLE, Verdict.OLE, Verdict.RE, Verdict.WA, Verdict.AC)


class RunStatus:
    """A run's ``status``: ``completed`` when every test ended in AC or WA, ``error`` when one
    ended otherwise, ``cancelled`` when the learner (or the tutor) stopped it: no verdict then."""

    COMPLETED: Final = "completed"
    ERROR: Final = "error"
    CANCELLED: Final = "cancelled"
    SUCCESS: Final = "success"  # bp_execute's word for a run that did not fail (spec 002)


class TestStatus:
    """A listed test's ``status`` beside its verdict: one the run never reached has no verdict."""

    NOT_RUN: Final = "not_run"  # after a TLE, MLE, OLE or a lost child (VOCABULARY.md)


class Reason:
    """Why a test got TLE: its CPU time (or the wall-clock backstop), or its counted operations."""

    TIME: Final = "time"
    OPERATIONS: Final = "operations"


class Frame:
    """The kinds of frame a child sends, in the order they can come."""

    STARTED: Final = "started"
    TEST: Final = "test"  # one judged test (judge mode)
    EXECUTION: Final = "execution"  # the one run of execute mode
    TRACE_BATCH: Final = "trace_batch"  # a batch of encoded trace steps
    TRACE_END: Final = "trace_end"  # how a trace ended (and what its mode adds)
    BREAKPOINT: Final = "breakpoint"  # where a breakpoint stopped
    CASE: Final = "case"  # one learner-written test (tests mode)
    COVERAGE: Final = "coverage"  # the lines of the code under test that ran (tests mode)
    LOAD_ERROR: Final = "load_error"  # the code under test or the tests raised while loading (tests mode)
    GENERATED: Final = "generated"  # generated hidden-test inputs (generate mode)
    READY: Final = "ready"  # batch mode: the code compiled, the child waits for its first batch
    BATCH_END: Final = "batch_end"  # batch mode: every input of one batch has its ``test`` frame
    COMPILE_ERROR: Final = "compile_error"
    INTERNAL_ERROR: Final = "internal_error"
    DONE: Final = "done"

    # Frames after which the child starts its next test: the parent's per-test clocks restart.
    TEST_BOUNDARIES: Final = (STARTED, TEST, CASE)


# Trace events: the child sends the code, the parent names it.
LINE, CALL, RETURN, EXCEPTION = 0, 1, 2, 3
EVENT_NAMES: "tuple[EventName, ...]" = ("line", "call", "return", "exception")


if TYPE_CHECKING:  # the shapes: read by the type checker, never imported at run time
    from typing import Any, Literal, NotRequired, TypedDict, Union

    VerdictCode = Literal["AC", "WA", "CE", "RE", "TLE", "MLE", "OLE", "IE"]
    TleReason = Literal["time", "operations"]
    Mode = Literal["judge", "execute", "trace", "breakpoint", "tests", "generate", "batch"]
    Language = Literal["python", "javascript"]
    ErrorType = Literal["syntax_error", "runtime_error", "timeout", "memory_limit", "output_limit", "internal_error"]
    EventName = Literal["line", "call", "return", "exception"]

    # ------------------------------------------------------------------ jobs (parent -> child)

    class ChildLimits(TypedDict):
        """The limits a child applies to itself (``Limits.for_child``)."""

        timeout_seconds: float  # CPU seconds per test
        cpu_seconds: int  # CPU seconds for the whole run (RLIMIT_CPU)
        memory_mb: int
        output_bytes: int
        output_chars_per_test: int
        file_mb: int
        wall_factor: float  # the per-test wall-clock backstop, as a multiple of timeout_seconds
        recursion_limit: NotRequired[int]
        trace_items: NotRequired[int]

    class TestCase(TypedDict):
        """One test as the child receives it: an input in the bank's literal form, what it must give,
        and whether its line events are counted (and up to how many: past it, TLE for operations)."""

        test_id: int
        input: str
        expected_output: NotRequired[str | None]
        stdin: NotRequired[str]
        count_lines: NotRequired[bool]
        line_budget: NotRequired[int]

    class FunctionSpec(TypedDict, total=False):
        """How to call the learner's entry point (from the bank's signature)."""

        name: str
        params: list[dict[str, Any]]
        returns: str | None
        inplace: int | None

    class JobBase(TypedDict):
        """What every job carries, written as JSON on the child's stdin."""

        v: int
        mode: Mode
        language: Language
        code: str
        nonce: str
        limits: ChildLimits
        guard: NotRequired[bool]
        env: NotRequired[dict[str, str]]  # added to the child's clean environment (the parent's use)
        compact: NotRequired[bool]  # a Piston run: short frames (see ``compact.py``)
        code_file: NotRequired[str]  # on Piston the code travels as this file, not in ``code``

    class JudgeJob(JobBase):
        tests: list[TestCase]
        function: FunctionSpec
        compare: str  # how the app compares; the child only needs to know "operations"
        count_lines: bool  # count every test's line events (a test's own ``count_lines`` counts one)
        instrumented: NotRequired[dict[str, Any]]  # JavaScript, counted: the program with its hooks
        cover: NotRequired[dict[str, int]]  # the untimed coverage pass: {"steps": per test, "total": in all}

    class BatchJob(JobBase):
        """A persistent child: the code is compiled once, then batches of inputs come one line each
        (``{"batch": n, "tests": [TestCase, ...]}``) on the same channel as the job, until an empty line."""

        function: FunctionSpec
        compare: str

    class ExecuteJob(JobBase):
        entry_point: str | None
        stdin: str
        input_data: NotRequired[Any]
        target_value: NotRequired[Any]

    class TestsJob(JobBase):
        test_code: str
        test_framework: str
        cover: NotRequired[dict[str, int]]  # the untimed coverage pass: {"steps": per test}

    class GenerateJob(JobBase):
        generator: str
        sizes: list[int]
        function: FunctionSpec
        compare: str
        count_lines: bool  # count the reference's line events on each input

    class TraceJob(JobBase):
        entry_point: str | None
        trace_points: list[Any]
        max_steps: int
        batch_size: int
        checks: NotRequired[list[dict[str, Any]]]  # a plan's expectations, checked where their lines run
        input_data: NotRequired[Any]
        target_value: NotRequired[Any]
        input: NotRequired[str]  # a bank problem's test arguments, called as the judge calls them
        function: NotRequired[FunctionSpec]
        compare: NotRequired[str]
        instrumented: NotRequired[dict[str, Any]]  # JavaScript: the program with its hooks

    class BreakpointJob(JobBase):
        entry_point: str | None
        condition: str
        watch: list[str]
        line: int | None
        hit: int
        input_data: NotRequired[Any]
        target_value: NotRequired[Any]
        input: NotRequired[str]  # a bank problem's test arguments, called as the judge calls them
        function: NotRequired[FunctionSpec]
        compare: NotRequired[str]
        instrumented: NotRequired[dict[str, Any]]  # JavaScript: the program with its hooks

    Job = Union[JudgeJob, ExecuteJob, TestsJob, GenerateJob, TraceJob, BreakpointJob, BatchJob]

    # ------------------------------------------------------------------ results (parent -> callers)

    class TestResult(TypedDict):
        """One judged test as a run result lists it (the spec's ``test_results`` item, plus ours)."""

        test_id: int
        input: str
        expected_output: str | None
        actual_output: str | None
        passed: bool
        verdict: VerdictCode | None  # None for a test the run never reached (``status: "not_run"``)
        execution_time_ms: float | None  # wall clock, as the spec has it
        hidden: bool
        status: NotRequired[Literal["not_run"]]
        cpu_time_ms: NotRequired[float | None]  # what the per-test limit measures
        reason: NotRequired[str]  # with TLE: "time" or "operations"; not run: why, as a sentence
        stdout: NotRequired[str]
        error_type: NotRequired[str | None]
        error_message: NotRequired[str]
        line_number: NotRequired[int | None]
        traceback: NotRequired[str]
        line_events: NotRequired[int]
        covered_lines: NotRequired[list[int]]  # the learner's lines its call ran (the coverage pass)

    class FailedTestCase(TypedDict):
        test_id: int
        input: str

    class Operations(TypedDict):
        """The counted work of a Submit's large tests beside the reference's (``runner/operations.py``)."""

        measured: bool
        message: str
        ratio: NotRequired[float]  # the learner's line events over the reference's, at the largest n
        n: NotRequired[int]
        line_events: NotRequired[int]
        reference_line_events: NotRequired[int]
        growth: NotRequired[float]  # how fast the ratio grows with n, as an exponent
        worse_class: NotRequired[bool]

    class RunEnding(TypedDict):
        """How a whole run ended, as ``execute_code`` and ``bp_run_tests`` both report it."""

        verdict: NotRequired[VerdictCode]  # none for a cancelled run
        reason: NotRequired[TleReason]
        cpu_time_ms: NotRequired[float]  # the whole child's, from its resource usage
        containment: NotRequired[list[str]]  # the layers that held the run (VOCABULARY.md)
        error_type: NotRequired[str | None]
        error_message: NotRequired[str]
        line_number: NotRequired[int | None]
        column: NotRequired[int | None]
        source_line: NotRequired[str]
        traceback: NotRequired[str]

    class RunResult(RunEnding):
        """What ``execute_code`` returns (spec 000), and what the window shows of a run."""

        status: Literal["completed", "error", "cancelled"]
        execution_time_ms: float
        wall_time_ms: float
        memory_used_kb: int | None
        test_results: list[TestResult]
        tests_run: int
        tests_total: int
        all_passed: bool
        pass_rate: float
        backend: str
        failed_test_case: NotRequired[FailedTestCase]
        operations: NotRequired[Operations]
        problem_id: NotRequired[str]
        problem_version: NotRequired[int]
        language: NotRequired[str]
        run_id: NotRequired[str]
        coverage: NotRequired[PerTestCoverage]

    class PerTestCoverage(TypedDict):
        """A judged run's per-test coverage: whether the pass measured its tests, and if not why;
        ``capped_tests`` stopped at the pass's cap of line events (their lines are those reached)."""

        available: bool
        per_test: bool
        reason: str | None
        capped_tests: NotRequired[list[int]]

    class ExecutionResult(TypedDict):
        """What ``bp_execute`` returns (spec 002)."""

        status: Literal["success", "error", "cancelled"]
        stdout: str
        stderr: str
        return_value: Any
        execution_time_ms: float | None
        memory_usage_kb: int | None
        backend: str
        verdict: NotRequired[VerdictCode]
        reason: NotRequired[TleReason]
        cpu_time_ms: NotRequired[float]
        containment: NotRequired[list[str]]
        error_type: NotRequired[str | None]
        error_message: NotRequired[str]
        line_number: NotRequired[int | None]
        traceback: NotRequired[str]
        language: NotRequired[str]
        run_id: NotRequired[str]

    class CaseResult(TypedDict):
        """One learner-written test as ``bp_run_tests`` lists it."""

        name: str
        status: Literal["passed", "failed", "error", "skipped", "not_run"]
        verdict: VerdictCode | None
        passed: bool | None
        message: str | None
        stdout: NotRequired[str]
        execution_time_ms: NotRequired[float | None]
        reason: NotRequired[str]  # with TLE: "time" or "operations"; not run: why, as a sentence
        line_number: NotRequired[int | None]
        solution_line: NotRequired[int | None]
        traceback: NotRequired[str]
        covered_lines: NotRequired[list[int]]  # the code's lines the test ran (the coverage pass)

    class TestTotals(TypedDict):
        not_run: NotRequired[int]  # tests a stopped run never reached (named by the coverage pass)
        total: int
        passed: int
        failed: int
        errors: int
        skipped: int

    class Coverage(TypedDict):
        available: bool
        reason: NotRequired[str]
        lines_total: NotRequired[int]
        lines_covered: NotRequired[int]
        percent: NotRequired[float]
        missed_lines: NotRequired[list[int]]

    class TestsRunResult(RunEnding):
        """What ``bp_run_tests`` returns (spec 002, plus the verdicts and coverage)."""

        status: Literal["success", "error", "cancelled"]
        test_results: list[CaseResult]
        totals: TestTotals
        all_passed: bool
        pass_rate: float
        failures: list[dict[str, Any]]
        coverage: Coverage
        wall_time_ms: float
        backend: str
        execution_time_ms: NotRequired[float]
        memory_used_kb: NotRequired[int | None]
        where: NotRequired[str]
        language: NotRequired[str]
        test_framework: NotRequired[str]
        run_id: NotRequired[str]

    class TraceStep(TypedDict):
        """One step of a trace as the parent assembles it (see ``runner/trace_assembly.py``)."""

        step: int
        event: EventName
        line: int
        function: str
        depth: int
        frame: int
        changed: NotRequired[dict[str, Any]]
        heap: NotRequired[dict[str, Any]]
        stdout: NotRequired[str]
        return_value: NotRequired[Any]
        exception: NotRequired[dict[str, str]]
        parent: NotRequired[int]
        yielded: NotRequired[bool]
        resumed: NotRequired[bool]
        changed_elsewhere: NotRequired[dict[str, dict[str, Any]]]

    # A step as the child encodes it (child/python/tracer.py):
    # [event, line, frame, changed?, heap?, stdout?, extra?, elsewhere?].
    EncodedStep = list[Any]

    # ------------------------------------------------------------------ frames (child -> parent)

    class TraceBatch(TypedDict):
        """A ``trace_batch`` frame: steps ``first`` on, as the JSON text of a list of EncodedStep (the
        app keeps the text as it came, for the run store)."""

        kind: Literal["trace_batch"]
        first: int
        steps: str

    class FrameMessage(TypedDict, total=False):
        """A decoded frame: ``kind`` names it (see ``Frame``); the rest depends on the kind, as below."""

        kind: str

    class RunOfCode(TypedDict):
        """What a frame says of one run of the learner's code: its verdict, its clocks, its error."""

        kind: str
        verdict: VerdictCode
        execution_time_ms: NotRequired[float | None]
        cpu_time_ms: NotRequired[float | None]
        reason: NotRequired[TleReason]
        error_type: NotRequired[str | None]
        error_message: NotRequired[str]
        line_number: NotRequired[int | None]
        traceback: NotRequired[str]

    class TestFrame(TypedDict):
        """One test of judge mode (``Frame.TEST``): what the learner's code gave, never a verdict of
        AC or WA (the app judges it, ``runner/judging.py``). Either ``value`` (the returned value as
        JSON text), or ``printed`` (a script's whole output), or a failure's ``verdict`` and fields."""

        kind: str
        test_id: int
        value: NotRequired[str]
        printed: NotRequired[str]
        verdict: NotRequired[VerdictCode]  # one of CHILD_VERDICTS, for a failure only
        reason: NotRequired[TleReason]
        error_type: NotRequired[str | None]
        error_message: NotRequired[str]
        line_number: NotRequired[int | None]
        traceback: NotRequired[str]
        stdout: NotRequired[str]
        execution_time_ms: NotRequired[float | None]
        cpu_time_ms: NotRequired[float | None]
        line_events: NotRequired[int]
        covered_lines: NotRequired[list[int]]  # the coverage pass: only these and ``capped``
        capped: NotRequired[bool]

    class ExecutionFrame(RunOfCode):
        """The one run of execute mode (``Frame.EXECUTION``)."""

        stdout: str
        stderr: str
        return_value: NotRequired[Any]

    class CompileErrorFrame(TypedDict):
        kind: str
        verdict: VerdictCode
        error_type: str
        error_message: str
        line_number: int | None
        column: NotRequired[int | None]
        source_line: NotRequired[str]
        where: NotRequired[str]  # tests mode: "code" or "tests"

    class InternalErrorFrame(TypedDict):
        kind: str
        message: str
        detail: NotRequired[str]
        verdict: NotRequired[VerdictCode]  # MLE when the harness itself ran out of memory

    class GeneratedFrame(TypedDict):
        """One generated large input with the reference's answer and, when counted, its work."""

        kind: str
        index: int
        size: int
        input: str
        expected_output: str
        line_events: NotRequired[int]

    class DoneFrame(TypedDict):
        kind: str
        memory_used_kb: int | None
