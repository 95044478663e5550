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

TYPE_CHECKING = False

PROTOCOL_VERSION = 1
FRAME_TAG = "\x1eCM%d:" % PROTOCOL_VERSION


class Verdict:
    """How one test (or one run) ended; the vocabulary's verdicts, as plain strings."""

    AC = "AC"  # accepted
    WA = "WA"  # wrong answer
    CE = "CE"  # does not parse or compile
    RE = "RE"  # raised, or exited abnormally
    TLE = "TLE"  # over the time (or operations) limit
    MLE = "MLE"  # over the memory limit
    OLE = "OLE"  # over the output limit
    IE = "IE"  # our fault or the server's, never the learner's


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
    """A run's ``status``: ``completed`` when every test ended in AC or WA, else ``error``."""

    COMPLETED = "completed"
    ERROR = "error"
    CANCELLED = "cancelled"


class Frame:
    """The kinds of frame a child sends, in the order they can come."""

    STARTED = "started"
    TEST = "test"  # one judged test (judge mode)
    EXECUTION = "execution"  # the one run of execute mode
    TRACE_BATCH = "trace_batch"  # a batch of encoded trace steps
    TRACE_END = "trace_end"  # how a trace ended (and what its mode adds)
    BREAKPOINT = "breakpoint"  # where a breakpoint stopped
    TEST_CASE = "test_case"  # one learner-written test (tests mode)
    TESTS_END = "tests_end"
    GENERATED = "generated"  # generated hidden-test inputs (generate mode)
    COMPILE_ERROR = "compile_error"
    INTERNAL_ERROR = "internal_error"
    DONE = "done"


# Trace events: the child sends the code, the parent names it.
LINE, CALL, RETURN, EXCEPTION = 0, 1, 2, 3
EVENT_NAMES: "tuple[EventName, ...]" = ("line", "call", "return", "exception")


if TYPE_CHECKING:  # the shapes: read by the type checker, never imported at run time
    from typing import Any, Literal, NotRequired, TypedDict

    VerdictCode = Literal["AC", "WA", "CE", "RE", "TLE", "MLE", "OLE", "IE"]
    Mode = Literal["judge", "execute", "trace", "breakpoint", "tests", "generate"]
    Language = Literal["python", "javascript"]
    EventName = Literal["line", "call", "return", "exception"]

    class ChildLimits(TypedDict):
        """The limits a child applies to itself (``Limits.for_child``)."""

        timeout_seconds: float
        cpu_seconds: int
        memory_mb: int
        output_bytes: int
        output_chars_per_test: int
        file_mb: int
        recursion_limit: NotRequired[int]

    class TestCase(TypedDict):
        """One test of a problem: an input in the bank's literal form and what it must give."""

        test_id: int
        input: str
        expected_output: NotRequired[str]
        hidden: NotRequired[bool]

    class FunctionSpec(TypedDict, total=False):
        """How to call the learner's entry point (from the bank's signature)."""

        name: str
        params: list[dict[str, Any]]
        returns: str

    class Job(TypedDict):
        """One job, written as JSON on the child's stdin. Mode-specific keys are optional."""

        v: int
        mode: Mode
        language: Language
        code: str
        nonce: str
        limits: ChildLimits
        guard: NotRequired[bool]
        compact: NotRequired[bool]
        code_file: NotRequired[str]
        # judge
        tests: NotRequired[list[TestCase]]
        function: NotRequired[FunctionSpec]
        compare: NotRequired[str]
        checker: NotRequired[str | None]
        count_lines: NotRequired[bool]
        line_budget: NotRequired[int | None]
        # execute, trace, breakpoint
        entry_point: NotRequired[str | None]
        stdin: NotRequired[str]
        input_data: NotRequired[Any]
        target_value: NotRequired[Any]
        # trace
        trace_points: NotRequired[list[Any]]
        max_steps: NotRequired[int]
        batch_size: NotRequired[int]
        # breakpoint
        condition: NotRequired[str]
        watch: NotRequired[list[str]]
        line: NotRequired[int | None]
        hit: NotRequired[int]
        # tests
        test_code: NotRequired[str]
        framework: NotRequired[str]
        # generate
        generator: NotRequired[str]
        seeds: NotRequired[list[int]]

    class TestResult(TypedDict):
        """One test as a run result lists it (the spec's ``test_results`` item, plus our fields)."""

        test_id: int
        input: str
        expected_output: str
        actual_output: str
        passed: bool
        execution_time_ms: float
        verdict: VerdictCode
        hidden: NotRequired[bool]
        stdout: NotRequired[str]
        error_type: NotRequired[str]
        error_message: NotRequired[str]
        line_number: NotRequired[int | None]
        traceback: NotRequired[str]
        line_events: NotRequired[int]

    class FailedTestCase(TypedDict):
        test_id: int
        input: str

    class RunResult(TypedDict):
        """What ``execute_code`` returns (spec 000), and what the window shows of a run."""

        status: Literal["completed", "error", "cancelled"]
        verdict: NotRequired[VerdictCode]
        execution_time_ms: float
        memory_used_kb: int | None
        test_results: list[TestResult]
        all_passed: bool
        pass_rate: float
        passed_count: NotRequired[int]
        total_count: NotRequired[int]
        error_type: NotRequired[str]
        error_message: NotRequired[str]
        line_number: NotRequired[int | None]
        failed_test_case: NotRequired[FailedTestCase]
        run_id: NotRequired[str]
        backend: NotRequired[str]

    class ExecutionResult(TypedDict):
        """What ``bp_execute`` returns (spec 002)."""

        status: Literal["success", "error", "cancelled"]
        stdout: str
        stderr: str
        return_value: Any
        execution_time_ms: float
        memory_usage_kb: int | None
        verdict: NotRequired[VerdictCode]
        error_type: NotRequired[str]
        error_message: NotRequired[str]
        line_number: NotRequired[int | None]
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

    class TraceBatch(TypedDict):
        """A ``trace_batch`` frame: steps ``first`` on, as the JSON text of a list of EncodedStep (the
        app keeps the text as it came, for the run store)."""

        kind: Literal["trace_batch"]
        first: int
        steps: str

    class FrameMessage(TypedDict, total=False):
        """A decoded frame: ``kind`` names it (see ``Frame``); the rest depends on the kind."""

        kind: str
