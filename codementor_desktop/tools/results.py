"""What each tool returns, declared once: the handlers are annotated with these types, the tutor
and the window read their fields, and the type checker holds both to them.

At run time a result is the plain JSON object it always was (``registry.call`` gives it as one):
these are ``TypedDict``s, read by the type checker only. The shapes of runs are the wire's
(``runner/child/wire.py``: ``RunResult``, ``ExecutionResult``, ``TestsRunResult``), since the
child makes them; the rest are here. ``total=False`` where a field is there only sometimes: a
model or the coach gets results capped (``capping.py``) or summarized (``bp_trace``).

A caller that knows which tool it calls names it by its ``ToolName`` (``EXECUTE_CODE``, …), which
carries the result type: ``result_of(EXECUTE_CODE, registry.call(...))`` is a ``RunResult`` or a
``ToolError``, and ``failed(result)`` tells which. A test holds each name's type to its handler's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Generic, Literal, NotRequired, TypedDict, TypeVar, cast

if TYPE_CHECKING:
    from typing_extensions import TypeIs

    # The wire's shapes of runs, named here too so the window (which imports no runner) reads them
    # from the tools; like them, they exist for the type checker only: import them under TYPE_CHECKING.
    from ..runner.child.wire import ExecutionResult as ExecutionResult
    from ..runner.child.wire import RunResult as RunResult
    from ..runner.child.wire import TestResult as TestResult
    from ..runner.child.wire import TestsRunResult as TestsRunResult
    from ..runner.child.wire import TraceStep as TraceStep

from .learner_results import (
    Acknowledged,
    CodeHistory,
    InterviewScheduled,
    InterviewsProgress,
    LearnerDeleted,
    LearnerExport,
    LearnerImported,
    PeerComparison,
    SnapshotSaved,
)

R = TypeVar("R")

__all__ = [
    "Acknowledged",
    "Analysis",
    "AnalysisFlagged",
    "Breakpoint",
    "CodeHistory",
    "Complexity",
    "Concluded",
    "Diagram",
    "EdgeCaseFound",
    "EdgeCaseReport",
    "Escalated",
    "ExecutionResult",
    "Hint",
    "HintEvidence",
    "InterviewScheduled",
    "InterviewsProgress",
    "LearnerDeleted",
    "LearnerExport",
    "LearnerImported",
    "Pattern",
    "PeerComparison",
    "PlanDebug",
    "PlanDebugStep",
    "PlanTests",
    "Progress",
    "Recommendation",
    "Recommendations",
    "RunResult",
    "SnapshotSaved",
    "StructureDrawing",
    "SummaryStep",
    "TestResult",
    "TestsRunResult",
    "ToolError",
    "ToolName",
    "Trace",
    "TraceStep",
    "VariableHistory",
    "failed",
    "result_of",
]


class FieldError(TypedDict):
    field: str
    message: str


class ToolError(TypedDict):
    """The tool layer's error object (VOCABULARY: "Errors of the tool layer"): what any call may
    give instead of its result."""

    status: Literal["error"]
    error_code: str
    error_message: str
    field_errors: NotRequired[list[FieldError]]
    suggestions: NotRequired[list[str]]  # close names of a mistyped tool or problem
    retry_after_s: NotRequired[float]  # RATE_LIMITED
    supported: NotRequired[list[str]]  # UNSUPPORTED_LANGUAGE
    address: NotRequired[str]  # BACKEND_UNAVAILABLE
    hints_total: NotRequired[int]  # a hint level past the problem's hints
    reported_patterns: NotRequired[list[str]]  # a flag of a pattern the analysis did not report
    reason: NotRequired[str]  # the tutoring tools' why, beside the spec's message
    truncated: NotRequired[bool]
    note: NotRequired[str]


# ---------------------------------------------------------------------------------- tracing


class SummaryStep(TypedDict):
    """One of the last steps of a trace's summary, its variables as text."""

    step: int
    event: str
    line: int
    function: str
    depth: int
    variables: dict[str, str]
    changed: NotRequired[list[str]]
    return_value: NotRequired[str]
    exception: NotRequired[str]


class Trace(TypedDict, total=False):
    """What ``bp_trace`` returns. A person gets every step and the ``summary``; a model or the
    coach gets the summary's fields only (``trace_id`` … ``note``, no ``steps``)."""

    trace_id: str
    status: str  # success, stopped, error
    stop_reason: str  # finished, max_steps, time_limit, exception, syntax_error, cancelled, …
    message: str
    total_steps: int
    language: str
    max_steps: int
    backend: str
    containment: list[str]
    steps: list[TraceStep]
    line_counts: dict[str, int]
    stdout: str
    execution_time_ms: float
    source_lines: list[str]
    trailing_heap: dict[str, Any]
    return_value: Any
    return_text: str
    diagnosis: dict[str, Any]
    error_type: str
    error_message: str
    line_number: int | None
    column: int | None
    traceback: str
    detail: str
    answer: Any
    # on a bank problem's input (``trace_inputs``)
    problem_id: str
    test_id: int
    input: str
    expected_output: Any
    matches_expected: bool
    # the summary: the whole of a model's result, and ``summary`` of a person's
    summary: Trace
    lines_visited: dict[str, int]
    lines_visited_omitted: int
    last_steps: list[SummaryStep]
    note: str
    steps_omitted: int
    truncated: bool


class Breakpoint(TypedDict, total=False):
    """What ``bp_breakpoint`` returns: the state where the condition first held, or why it never did."""

    status: Literal["success", "not_hit", "error"]
    hit: bool
    reason: str
    message: str
    language: str
    backend: str
    containment: list[str]
    execution_time_ms: float
    line: int
    step: int
    function: str
    stack: list[dict[str, Any]]
    watch: list[dict[str, Any]]
    heap: dict[str, Any]
    program: dict[str, Any]  # how the program went on past the stop (its answer, why it ended)
    error_type: str
    error_message: str
    line_number: int | None
    problem_id: str
    test_id: int
    input: str
    expected_output: Any
    matches_expected: bool


class VariableHistory(TypedDict, total=False):
    """What ``bp_variable_history`` returns: each variable's values over the trace."""

    format: str
    variables: list[str]
    changed_at: dict[str, list[int]]  # each variable's steps where it changed
    history: dict[str, list[dict[str, Any]]]  # format "json"
    series: list[dict[str, Any]]  # format "chart"
    table: str  # format "table", with its rows
    rows: list[Any]
    not_found: list[str]
    note: str
    total_steps: int
    trace_id: str | None
    stop_reason: str | None
    problem_id: str
    test_id: int
    input: str
    expected_output: Any
    matches_expected: bool


class StructureDrawing(TypedDict, total=False):
    """What ``bp_visualize_structure`` returns: the drawing in the format asked, and where its
    data came from when it was a trace's variable."""

    structure_type: str
    detected: str
    format: str
    content: str
    summary: str
    directed: bool
    nodes: list[dict[str, Any]]
    edges: list[dict[str, Any]]
    layout: dict[str, Any]  # the positions, for the window's views (not given to a model)
    truncated: bool
    source: dict[str, Any]


class Diagram(TypedDict, total=False):
    """What ``bp_execution_diagram`` returns."""

    diagram_type: str
    format: str
    content: str
    summary: str
    variable: str
    note: str
    trace_note: str
    trace_id: str | None


class PlanBrokenAt(TypedDict):
    """Where an expectation first stopped holding: the trace's step, the line and the variables
    the expression names, as text."""

    step: int
    line: int
    variables: dict[str, str]


class PlanDebugStep(TypedDict):
    """One step of a plan as ``bp_debug_plan`` found it."""

    number: int
    text: str
    lines: list[int]
    lines_guessed: bool
    ran: bool
    ran_lines: list[int]
    expect: str
    status: Literal["broken", "held", "never_reached", "unreadable", "unchecked"]
    evaluations: int
    broken_at: PlanBrokenAt | None
    error: str | None


class PlanTests(TypedDict):
    """The visible tests' run before the trace (``total`` 0 without a problem)."""

    passed: int
    total: int
    verdict: str
    failing_test: str | None


class PlanDebug(TypedDict):
    """What ``bp_debug_plan`` returns: every expectation of the plan checked where its lines ran,
    the structures at the first broken one, the flow and the report in the plan's words."""

    outcome: Literal["broken", "never_reached", "held", "unreadable", "no_expectations"]
    guessed: bool
    tests: PlanTests
    input: str
    trace_id: str | None
    steps: list[PlanDebugStep]
    first_broken: int | None
    structures: list[StructureDrawing]
    flow: Diagram | None
    report: str


# ---------------------------------------------------------------------------------- analysis


class CodeLocation(TypedDict):
    line_start: int
    line_end: int


class Pattern(TypedDict):
    """One ``detected_patterns`` item of an analysis (spec 000)."""

    pattern_type: str
    confidence: float
    severity: str
    description: str
    code_location: CodeLocation
    suggestion: str
    evidence: NotRequired[dict[str, Any]]
    uncertain: NotRequired[bool]


class Complexity(TypedDict, total=False):
    time_complexity: str
    space_complexity: str
    optimal_time: str | None
    optimal_space: str | None
    evidence: dict[str, Any]  # "time", "space" (sentences), "measured" (the counts), …


class Analysis(TypedDict, total=False):
    """What ``analyze_code_patterns`` returns: the spec's analysis, or why there is none
    (``analysis_complete`` false: code that does not parse, or a stopped analysis)."""

    analysis_complete: bool
    detected_patterns: list[Pattern]
    complexity_analysis: Complexity
    code_quality_metrics: dict[str, Any]
    weakness_profile_updated: bool
    attempt_id: str
    clues: dict[str, Any]
    # no analysis
    status: str
    error: str
    message: str
    line: int | None
    column: int | None


class AnalysisFlagged(TypedDict):
    """What ``flag_incorrect_analysis`` returns."""

    status: Literal["flagged"]
    flag_id: int
    attempt_id: str
    pattern_type: str | None
    patterns_flagged: int  # how many of the analysis's patterns the flag covers
    message: str


class EdgeCaseFound(TypedDict):
    """One input where the learner's code goes wrong (``edge_cases.search.EdgeCase``)."""

    input: Any  # the arguments by name
    category: str
    learner_output: Any
    expected_output: Any
    verdict: str
    error_message: str | None
    minimal: bool
    too_slow: dict[str, Any] | None  # a case only too slow: its operation counts


class EdgeCaseReport(TypedDict, total=False):
    """What ``bp_find_edge_cases`` returns."""

    language: str
    oracle: Literal["problem", "reference_code", "none"]
    status: str
    edge_cases: list[EdgeCaseFound]
    categories_tried: list[str]
    categories_clean: list[str]
    examples_run: int
    elapsed_ms: float
    stopped_by: str
    first_found_ms: float
    containment: list[str]
    verdict: str
    error_type: str
    error_message: str
    line_number: int | None
    column: int | None
    source_line: str


# ---------------------------------------------------------------------------------- hints, tutoring


class HintEvidence(TypedDict, total=False):
    """What the hint's run and analysis say about the code, in the learner's terms."""

    verdict: str | None
    tests_passed: int
    tests_total: int
    failing_test: dict[str, Any]
    does_not_parse: dict[str, Any]
    time_complexity: str | None
    optimal_time: str | None
    slow_line: dict[str, Any]
    patterns: list[str | None]


class Hint(TypedDict):
    """What ``generate_hint`` returns."""

    status: Literal["success"]
    problem_id: str
    hint_level: int
    hints_total: int
    hint: str
    about_your_code: str
    question: str
    evidence: HintEvidence
    more_hints: bool
    hint_id: int


class NewQuestion(TypedDict):
    new_question: str


class Escalated(TypedDict):
    """What ``escalate_for_insight`` returns (spec 001)."""

    status: Literal["success"]
    data: NewQuestion
    model: str


class SessionSummary(TypedDict):
    session_ended: bool
    summary_title: str
    key_insights: list[str]


class Concluded(TypedDict):
    """What ``conclude_session`` returns (spec 001)."""

    status: Literal["success"]
    data: SessionSummary


# ---------------------------------------------------------------------------------- the learner


class Recommendation(TypedDict):
    problem_id: str
    title: str
    difficulty: str
    topics: list[str]
    estimated_minutes: int
    estimated_time_minutes: int
    relevance_score: float
    reason: str
    targeted_weaknesses: list[str]
    success_rate: float | None


class Recommendations(TypedDict):
    """What ``get_personalized_recommendation`` returns."""

    recommendations: list[Recommendation]
    weakness_summary: dict[str, Any]
    starter_path: Any
    cached: bool


class Progress(TypedDict, total=False):
    """What ``get_user_progress`` returns: the learner's progress report."""

    status: Literal["ok"]
    user_id: str
    problems_solved: int
    solved_by_difficulty: dict[str, int]
    overall_readiness_score: int
    consistency_streak: int
    mastery: dict[str, Any]
    patterns: dict[str, Any]
    topics: dict[str, Any]
    trend: Any
    uncertainty: Any
    history: list[Any]
    plans: dict[str, Any]  # Plans.totals, and per problem the latest /debug outcome ("latest")
    interviews: InterviewsProgress


# ---------------------------------------------------------------------------------- the names


class ToolName(Generic[R]):
    """A tool's name, typed with what it returns."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"ToolName({self.name!r})"


EXECUTE_CODE: ToolName[RunResult] = ToolName("execute_code")
BP_EXECUTE: ToolName[ExecutionResult] = ToolName("bp_execute")
BP_RUN_TESTS: ToolName[TestsRunResult] = ToolName("bp_run_tests")
BP_TRACE: ToolName[Trace] = ToolName("bp_trace")
BP_BREAKPOINT: ToolName[Breakpoint] = ToolName("bp_breakpoint")
BP_VARIABLE_HISTORY: ToolName[VariableHistory] = ToolName("bp_variable_history")
BP_VISUALIZE_STRUCTURE: ToolName[StructureDrawing] = ToolName("bp_visualize_structure")
BP_EXECUTION_DIAGRAM: ToolName[Diagram] = ToolName("bp_execution_diagram")
BP_DEBUG_PLAN: ToolName[PlanDebug] = ToolName("bp_debug_plan")
ANALYZE_CODE_PATTERNS: ToolName[Analysis] = ToolName("analyze_code_patterns")
FLAG_INCORRECT_ANALYSIS: ToolName[AnalysisFlagged] = ToolName("flag_incorrect_analysis")
BP_FIND_EDGE_CASES: ToolName[EdgeCaseReport] = ToolName("bp_find_edge_cases")
GENERATE_HINT: ToolName[Hint] = ToolName("generate_hint")
ESCALATE_FOR_INSIGHT: ToolName[Escalated] = ToolName("escalate_for_insight")
CONCLUDE_SESSION: ToolName[Concluded] = ToolName("conclude_session")
GET_PERSONALIZED_RECOMMENDATION: ToolName[Recommendations] = ToolName("get_personalized_recommendation")
GET_USER_PROGRESS: ToolName[Progress] = ToolName("get_user_progress")
FLAG_RECOMMENDATION: ToolName[Acknowledged] = ToolName("flag_recommendation")
SAVE_CODE_SNAPSHOT: ToolName[SnapshotSaved] = ToolName("save_code_snapshot")
LIST_CODE_HISTORY: ToolName[CodeHistory] = ToolName("list_code_history")
EXPORT_LEARNER_DATA: ToolName[LearnerExport] = ToolName("export_learner_data")
IMPORT_LEARNER_DATA: ToolName[LearnerImported] = ToolName("import_learner_data")
DELETE_LEARNER_DATA: ToolName[LearnerDeleted] = ToolName("delete_learner_data")
SCHEDULE_MOCK_INTERVIEW: ToolName[InterviewScheduled] = ToolName("schedule_mock_interview")
COMPARE_WITH_PEERS: ToolName[PeerComparison] = ToolName("compare_with_peers")


def result_of(_name: ToolName[R], found: Mapping[str, Any]) -> R | ToolError:
    """``found``, what ``registry.call`` gave for tool ``_name``, as that tool's result or an error."""
    return cast("R | ToolError", found)


def failed(found: R | ToolError) -> TypeIs[ToolError]:
    """Whether a call gave the tool layer's error object instead of its result."""
    return isinstance(found, Mapping) and "error_code" in found
