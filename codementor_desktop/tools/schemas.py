"""One argument model per tool. Their JSON schemas, inlined, are exactly what a model is given.

Names, types, enums, defaults and bounds follow the specs; what we add is optional with a
default. Validation is strict (no "5" for 5) so a model learns the right types from the errors.
"""

# No ``from __future__ import annotations`` here: pydantic would read every field's type back from
# its text when the models are made, a third of this module's import time, on every command's start.
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

LanguageName = Literal["python", "javascript"]
TopicName = Literal["arrays", "strings", "hash_maps", "trees", "graphs", "dynamic_programming"]
# The weakness patterns of the vocabulary (``domain.vocabulary.PATTERNS``; a test keeps them equal).
PatternName = Literal[
    "suboptimal_time_complexity", "suboptimal_space_complexity", "data_structure_choice",
    "missing_edge_case", "off_by_one", "recursion_base_case", "mutating_input",
    "inefficient_string_building", "shadowed_builtin", "unreachable_code", "infinite_loop_risk",
    "wrong_algorithm", "runtime_error_habit", "likely_bug_location",
]  # fmt: skip
# "negatives" is the first spelling, still accepted: it means "negative".
EdgeCategory = Literal[
    "empty", "single", "duplicates", "boundaries", "negative", "negatives", "large", "sorted", "reverse_sorted",
    "all_equal", "unicode", "disconnected", "cycle", "skewed",
]  # fmt: skip
EdgeProperty = Literal[
    "sorted", "same_length", "permutation", "non_negative", "not_null", "in_input", "index_or_minus_one"
]
MAX_CODE_CHARS = 100_000  # the default bound; settings may lower or raise it


class ToolArguments(BaseModel):
    """Base of every argument model. ``SPEC_REQUIRED`` is the spec's ``required`` list."""

    # defer_build: a model's validator is built on its first use, so a call builds only its own.
    model_config = ConfigDict(strict=True, extra="forbid", defer_build=True)
    NAME: ClassVar[str] = ""  # the tool's name: the one place it is spelt
    SPEC_REQUIRED: ClassVar[tuple[str, ...]] = ()
    DESCRIPTION: ClassVar[str] = ""


class TestCaseArg(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", defer_build=True)
    test_id: int | None = Field(default=None, description="Number of the test")
    input: str = Field(default="", description="The arguments as JSON literals, e.g. '[2,7,11,15], 9'")
    expected_output: str | None = Field(default=None, description="The expected result as a JSON literal")


class ExecuteCode(ToolArguments):
    NAME = "execute_code"
    SPEC_REQUIRED = ("code", "language", "problem_id", "test_cases")
    DESCRIPTION = (
        "Execute user code in a sandboxed environment (local restricted process or Piston) and return test "
        "results. Returns execution time, memory usage, and pass/fail status for each test case."
    )
    code: str = Field(description="The complete source code to execute", max_length=MAX_CODE_CHARS)
    language: LanguageName = Field(description="Programming language of the submitted code")
    problem_id: str = Field(
        description="Unique identifier for the problem (e.g., 'two-sum', 'valid-parentheses')", max_length=120
    )
    test_cases: list[TestCaseArg] = Field(
        description="Array of test cases to run against the code; empty runs the problem's visible tests",
        max_length=200,
    )
    timeout: int = Field(default=5, ge=1, le=10, description="Maximum execution time in seconds")
    include_hidden: bool = Field(default=False, description="Also run the problem's hidden tests (Submit)")
    entry_point: str | None = Field(default=None, description="Function to call when the code defines several")
    compare: Literal["exact", "float_tolerance", "unordered"] = Field(
        default="exact",
        description=(
            "How test_cases of code with no bank problem are compared: 'exact', 'float_tolerance' (numbers may "
            "differ by up to tolerance, absolute or relative) or 'unordered' (a list in any order). A bank problem "
            "compares by its own mode: giving another one (or a tolerance) for it is an INVALID_ARGUMENTS error"
        ),
    )
    tolerance: float = Field(
        default=1e-6, gt=0, le=1, description="The difference float_tolerance allows (default 1e-6)"
    )


class AnalyzeCodePatterns(ToolArguments):
    NAME = "analyze_code_patterns"
    SPEC_REQUIRED = ("user_id", "problem_id", "code", "language", "test_results")
    DESCRIPTION = (
        "Analyze code structure using AST parsing and classification to detect error patterns, complexity "
        "issues, and coding weaknesses. Updates user's weakness profile for personalized recommendations."
    )
    user_id: str | None = Field(default=None, description="Unique user identifier for profile tracking")
    problem_id: str = Field(description="Problem identifier for context", max_length=120)
    code: str = Field(description="Source code to analyze", max_length=MAX_CODE_CHARS)
    language: LanguageName = Field(description="Programming language")
    test_results: dict[str, Any] = Field(
        description='Test execution results from execute_code function (or {"run_id": ...})'
    )
    optimal_solution: str | None = Field(
        default=None, description="Reference optimal solution for comparison (optional)"
    )
    measure: bool = Field(
        default=True,
        description="Also run the code on the problem's worst-case inputs at growing sizes and fit its "
        "complexity class from the counted operations (a few seconds)",
    )


class FlagIncorrectAnalysis(ToolArguments):
    NAME = "flag_incorrect_analysis"
    SPEC_REQUIRED = ("attempt_id", "feedback")
    DESCRIPTION = (
        "User reports wrong pattern detection: mark a pattern that analyze_code_patterns reported for an attempt "
        "as wrong (all of that analysis's patterns when pattern_type is omitted), so it no longer counts as "
        "evidence of a weakness."
    )
    attempt_id: str = Field(
        min_length=1, max_length=40, description="The attempt_id (the run_id) that analyze_code_patterns returned"
    )
    feedback: str = Field(min_length=1, max_length=2000, description="Why the detection is wrong, in a few words")
    pattern_type: PatternName | None = Field(
        default=None, description="The pattern that is wrong; omit it to flag every pattern of that analysis"
    )


class GetPersonalizedRecommendation(ToolArguments):
    NAME = "get_personalized_recommendation"
    SPEC_REQUIRED = ("user_id",)
    DESCRIPTION = (
        "Generate personalized problem recommendations based on user's weakness profile, learning progression, "
        "and mastery scores, with adaptive difficulty adjustment."
    )
    user_id: str | None = Field(default=None, description="Unique user identifier")
    num_recommendations: int = Field(default=3, ge=1, le=10, description="Number of problems to recommend")
    difficulty_preference: Literal["easy", "medium", "hard", "adaptive"] = Field(
        default="adaptive", description="Preferred difficulty level. 'adaptive' adjusts based on recent performance."
    )
    topic_filter: list[TopicName] | None = Field(default=None, description="Filter recommendations to specific topics")
    exclude_recent: bool = Field(default=True, description="Exclude problems attempted in last 7 days")


# Issue 15, the profile: the spec's "future" get_user_progress, and the learner's say on a recommendation.
class GetUserProgress(ToolArguments):
    NAME = "get_user_progress"
    SPEC_REQUIRED = ()
    DESCRIPTION = (
        "Retrieve the learner's progress for the dashboard: readiness, problems solved by difficulty, practice "
        "streak, mastery and its uncertainty per weakness pattern and per topic, history and trend over time."
    )
    user_id: str | None = Field(default=None, description="Unique user identifier; omit it for the current learner")


class FlagRecommendation(ToolArguments):
    NAME = "flag_recommendation"
    SPEC_REQUIRED = ("problem_id", "kind")
    DESCRIPTION = (
        "The learner's say on a recommended problem: 'skip' hides it for a week, 'not_relevant' for good. "
        "Later recommendations respect it."
    )
    user_id: str | None = Field(default=None, description="Unique user identifier; omit it for the current learner")
    problem_id: str = Field(min_length=1, max_length=80, description="The recommended problem's id")
    kind: Literal["skip", "not_relevant"] = Field(description="'skip' (not now) or 'not_relevant' (not again)")


class EscalateForInsight(ToolArguments):
    NAME = "escalate_for_insight"
    SPEC_REQUIRED = ("reason",)
    DESCRIPTION = (
        "Call this function when the user is stuck or confused and needs a more insightful or creative question "
        "to get them unstuck. This will use a more powerful AI to help."
    )
    reason: str = Field(
        min_length=10,
        max_length=150,
        description="A short summary of why the user needs help. For example: 'The user is confused about the "
        "base case in recursion.' or 'User expressed frustration.'",
    )
    topic: str | None = Field(
        default=None, max_length=100, description="The main subject of the conversation, for example: 'recursion'."
    )


class ConcludeSession(ToolArguments):
    NAME = "conclude_session"
    SPEC_REQUIRED = ("summary_title", "final_insight")
    DESCRIPTION = (
        "Ends the current learning session. Use this when the user has reached a clear understanding or says "
        "they are finished."
    )
    summary_title: str = Field(
        min_length=5, max_length=100, description="A short, descriptive title for the completed session."
    )
    final_insight: str = Field(
        min_length=20,
        max_length=200,
        description="The user's final statement of understanding that triggered the end of the session.",
    )


class BpExecute(ToolArguments):
    NAME = "bp_execute"
    SPEC_REQUIRED = ("language", "code")
    DESCRIPTION = "Executes code with specific inputs and returns stdout, stderr, the return value, time and memory."
    language: LanguageName = Field(description="Programming language")
    code: str = Field(description="Source code to execute", max_length=MAX_CODE_CHARS)
    input_data: Any = Field(default=None, description="Input to the program: the function's argument(s), or stdin")
    target_value: Any = Field(default=None, description="Optional second argument (e.g. the search target)")
    timeout_seconds: int = Field(default=5, ge=1, le=10, description="Execution time limit in seconds")
    memory_limit_mb: int = Field(default=256, ge=16, le=512, description="Memory limit in MB")
    entry_point: str | None = Field(default=None, description="Function to call when the code defines several")


class BpRunTests(ToolArguments):
    NAME = "bp_run_tests"
    SPEC_REQUIRED = ("language", "code", "test_code", "test_framework")
    DESCRIPTION = "Executes test code against the implementation; returns per-test results, failures and coverage."
    language: LanguageName = Field(description="Programming language")
    code: str = Field(description="The implementation under test", max_length=MAX_CODE_CHARS)
    test_code: str = Field(description="The tests", max_length=MAX_CODE_CHARS)
    test_framework: Literal["unittest", "pytest", "jest", "mocha"] = Field(description="Test framework style")
    timeout_seconds: int = Field(default=10, ge=1, le=10, description="Time limit for the whole test run")


TracePoint = str | int
# The fields by which the tracing tools follow a bank problem (bp_trace, bp_breakpoint, bp_variable_history).
TracedProblem = Annotated[
    str | None,
    Field(
        min_length=1, max_length=80,
        description="A bank problem: its input is built as the judge builds it (trees, lists, graphs, design calls)",
    ),
]  # fmt: skip
TracedExample = Annotated[
    int | None, Field(ge=1, le=1000, description="With problem_id: the example to trace, numbered from 1 (default 1)")
]
TracedInputData = Annotated[
    Any, Field(description="Input to the function (with problem_id: its arguments, e.g. '[2,7,11,15], 9')")
]


class BpTrace(ToolArguments):
    NAME = "bp_trace"
    SPEC_REQUIRED = ("language", "code")
    DESCRIPTION = "Generates a detailed execution trace with variable states at each step."
    language: LanguageName = Field(description="Programming language")
    code: str = Field(description="Source code to trace", max_length=MAX_CODE_CHARS)
    problem_id: TracedProblem = None
    test_id: TracedExample = None
    input_data: TracedInputData = None
    target_value: Any = Field(default=None, description="Optional second argument")
    trace_points: list[TracePoint] = Field(
        default_factory=lambda: list[TracePoint](["all_lines", "all_variables"]),
        description="'all_lines', 'all_variables', line numbers and variable names",
        max_length=200,
    )
    max_steps: int = Field(default=1000, ge=1, le=100_000, description="Prevent infinite loops")
    entry_point: str | None = Field(default=None, description="Function to call when the code defines several")
    timeout_seconds: int = Field(default=5, ge=1, le=10, description="Time limit of the traced run in seconds")


class BpBreakpoint(ToolArguments):
    NAME = "bp_breakpoint"
    SPEC_REQUIRED = ("language", "code", "condition")
    DESCRIPTION = "Runs code until a condition is met, then captures the program state."
    language: LanguageName = Field(description="Programming language")
    code: str = Field(description="Source code", max_length=MAX_CODE_CHARS)
    problem_id: TracedProblem = None
    test_id: TracedExample = None
    input_data: TracedInputData = None
    target_value: Any = Field(default=None, description="Optional second argument")
    condition: str = Field(min_length=1, max_length=500, description="Stop when this expression is true")
    watch_vars: list[str] = Field(
        default_factory=list, description="Variables or expressions to capture", max_length=50
    )
    line: int | None = Field(default=None, ge=1, description="Only stop on this line")
    hit: int = Field(default=1, ge=1, description="Stop on the nth time the condition holds")
    entry_point: str | None = Field(default=None, description="Function to call when the code defines several")
    timeout_seconds: int = Field(default=5, ge=1, le=10, description="Time limit of the run in seconds")


class BpVisualizeStructure(ToolArguments):
    NAME = "bp_visualize_structure"
    SPEC_REQUIRED = ("structure_type", "data")
    DESCRIPTION = "Generates a visual representation of a data structure."
    structure_type: Literal["array", "tree", "graph", "stack", "queue", "linked_list", "matrix", "hash_map", "auto"] = (
        Field(description="The kind of structure; 'auto' recognizes it from the data")
    )
    data: Any = Field(description="The structure's data")
    format: Literal["ascii", "svg", "mermaid"] = Field(default="ascii", description="Output format")
    highlight_indices: list[int] = Field(default_factory=list, description="Highlight specific elements")
    pointers: dict[str, int] = Field(default_factory=dict, description="Named pointers, e.g. {'i': 0, 'j': 3}")
    highlight_nodes: list[str | int] = Field(
        default_factory=list, description="Trees and graphs: nodes to highlight, by value or name", max_length=200
    )
    highlight_edges: list[list[str | int]] = Field(
        default_factory=list, description="Graphs: edges to highlight, as [from, to] pairs", max_length=200
    )


class BpExecutionDiagram(ToolArguments):
    NAME = "bp_execution_diagram"
    SPEC_REQUIRED = ("trace_data",)
    DESCRIPTION = "Creates a diagram of the execution path from a trace."
    trace_data: dict[str, Any] = Field(description='Output of bp_trace, or {"trace_id": ...}')
    diagram_type: Literal["flowchart", "sequence", "state"] = Field(default="flowchart", description="Diagram kind")
    format: Literal["mermaid", "svg", "ascii"] = Field(default="mermaid", description="Output format")
    variable: str | None = Field(default=None, description="For 'state': the variable whose states are drawn")


class BpVariableHistory(ToolArguments):
    NAME = "bp_variable_history"
    SPEC_REQUIRED = ("trace_data", "variable_names")
    DESCRIPTION = "Shows how variable values changed during execution."
    trace_data: dict[str, Any] = Field(description='Output of bp_trace, or {"trace_id": ...}')
    variable_names: list[str] = Field(min_length=1, max_length=20, description="Variables to follow")
    format: Literal["table", "chart", "json"] = Field(default="table", description="Output format")
    code: str | None = Field(
        default=None,
        description="Instead of trace_data: code to trace first (trace_data {})",
        max_length=MAX_CODE_CHARS,
    )
    language: LanguageName = Field(default="python", description="Language of code")
    problem_id: str | None = Field(
        default=None, min_length=1, max_length=80,
        description="With code, a bank problem: its input is built as the judge builds it (trees, lists, graphs, design calls)",
    )  # fmt: skip
    test_id: int | None = Field(
        default=None, ge=1, le=1000, description="With problem_id: the example to trace, numbered from 1 (default 1)"
    )
    input_data: Any = Field(default=None, description="With code: input to the function")
    target_value: Any = Field(default=None, description="With code: optional second argument")
    entry_point: str | None = Field(default=None, description="With code: function to call when there are several")
    max_steps: int = Field(default=10_000, ge=1, le=100_000, description="With code: steps to trace at most")


class PlanStepArg(BaseModel):
    """One step of a plan as a tool receives it (``domain.plan.PlanStep``)."""

    model_config = ConfigDict(strict=True, extra="forbid", defer_build=True)
    text: str = Field(min_length=1, max_length=500, description="The step in plain words")
    lines: list[int] = Field(
        default_factory=list, max_length=200, description="Code lines the step stands for (none: guessed)"
    )
    expect: str = Field(
        default="", max_length=500, description="An expression in the code's language expected to hold on those lines"
    )


class BpDebugPlan(ToolArguments):
    NAME = "bp_debug_plan"
    SPEC_REQUIRED = ("language", "code")
    DESCRIPTION = (
        "Checks a learner's plan (numbered steps, each optionally anchored to lines with an expression "
        "expected to hold there) against what the code does: runs the tests, traces a failing input, "
        "checks every expectation where its lines run, and reports in the plan's words."
    )
    language: LanguageName = Field(description="Programming language")
    code: str = Field(description="The code to check", max_length=MAX_CODE_CHARS)
    problem_id: TracedProblem = None
    plan: list[PlanStepArg] | None = Field(
        default=None, max_length=40, description="The plan's steps; omitted: the learner's stored plan"
    )
    input_data: TracedInputData = None
    timeout_seconds: int = Field(default=5, ge=1, le=10, description="Time limit of each run in seconds")


class BpFindEdgeCases(ToolArguments):
    NAME = "bp_find_edge_cases"
    SPEC_REQUIRED = ("language", "code")
    DESCRIPTION = "Automatically discovers edge cases that might cause issues."
    language: LanguageName = Field(description="Programming language")
    code: str = Field(description="Source code", max_length=MAX_CODE_CHARS)
    input_types: dict[str, str] = Field(default_factory=dict, description="e.g. {'arr': 'array', 'target': 'number'}")
    test_categories: list[EdgeCategory] = Field(
        default_factory=lambda: list[EdgeCategory](["empty", "single", "duplicates", "boundaries"]),
        description="Kinds of edge case",
    )
    problem_id: str | None = Field(default=None, description="A bank problem whose reference decides right answers")
    reference_code: str | None = Field(
        default=None,
        max_length=MAX_CODE_CHARS,
        description="Code in the same language whose answers are right (the oracle when there is no problem_id)",
    )
    properties: list[EdgeProperty] = Field(
        default_factory=list, description="Without an oracle: what every output must satisfy"
    )
    budget_s: float = Field(
        default=8.0, ge=0.5, le=60.0, description="Seconds of searching, the children's start aside"
    )
    entry_point: str | None = Field(default=None, description="The function to call, when the code defines several")
    precondition: str | None = Field(
        default=None,
        max_length=2000,
        description=(
            "What valid inputs promise together, as one Python expression over the parameter names "
            "(e.g. 'len(set(nums)) == len(nums)'); inputs where it is not true are never tried. With a "
            "problem_id it adds to the problem's own. Evaluated in the restricted child, never here"
        ),
    )
    alphabet: dict[str, str] = Field(
        default_factory=dict,
        description=(
            "The characters a string parameter (and the strings inside a list or grid) is made of, by "
            "parameter name, e.g. {'s': 'ab'}; the name '*' gives every string parameter its alphabet"
        ),
    )

    @field_validator("alphabet")
    @classmethod
    def _alphabet_not_empty(cls, value: dict[str, str]) -> dict[str, str]:
        if any(not text for text in value.values()):
            raise ValueError("an alphabet holds at least one character")
        return value


# --- issue 15: the learner's data (the spec's "future" save_code_snapshot, and what a learner
# keeps, moves between machines and deletes) ---------------------------------------------------


class SaveCodeSnapshot(ToolArguments):
    NAME = "save_code_snapshot"
    SPEC_REQUIRED = ("problem_id", "code")
    DESCRIPTION = (
        "Save a named version of the learner's work-in-progress code for a problem, beside the draft the "
        "editor keeps; list_code_history lists them and the window restores any of them."
    )
    user_id: str | None = Field(default=None, description="The current learner; omit it")
    problem_id: str = Field(description="The problem the code is for, e.g. 'two-sum'", min_length=1, max_length=80)
    code: str = Field(description="The code to keep", max_length=MAX_CODE_CHARS)
    language: LanguageName = Field(default="python", description="The code's language")
    name: str | None = Field(default=None, max_length=120, description="A name for it; the time when omitted")


class ListCodeHistory(ToolArguments):
    NAME = "list_code_history"
    SPEC_REQUIRED = ("problem_id",)
    DESCRIPTION = "A problem's saved snapshots and the learner's attempts at it (Run and Submit), newest first."
    user_id: str | None = Field(default=None, description="The current learner; omit it")
    problem_id: str = Field(description="The problem, e.g. 'two-sum'", min_length=1, max_length=80)


class ExportLearnerData(ToolArguments):
    NAME = "export_learner_data"
    SPEC_REQUIRED = ()
    DESCRIPTION = (
        "Everything stored about the learner (attempts, drafts, analyses, hints, insights, snapshots) as one "
        "JSON document, to import on another machine."
    )
    user_id: str | None = Field(default=None, description="The current learner; omit it")


class ImportLearnerData(ToolArguments):
    NAME = "import_learner_data"
    SPEC_REQUIRED = ("export",)
    DESCRIPTION = (
        "Add a document made by export_learner_data to the current learner's data; rows already kept are not "
        "added again."
    )
    export: dict[str, Any] = Field(description="The document export_learner_data returned as 'export'")
    as_user: str | None = Field(default=None, description="The learner to import as: the current one; omit it")


class DeleteLearnerData(ToolArguments):
    NAME = "delete_learner_data"
    SPEC_REQUIRED = ("confirm",)
    DESCRIPTION = "Delete everything stored about the current learner. Only the learner can ask for it."
    user_id: str | None = Field(default=None, description="The current learner; omit it")
    confirm: Literal[True] = Field(description="Must be true: the deletion cannot be undone")


# --- issue 27: mock interviews (the spec's "future" schedule_mock_interview) ----------------------


class ScheduleMockInterview(ToolArguments):
    NAME = "schedule_mock_interview"
    SPEC_REQUIRED = ("difficulty",)
    DESCRIPTION = (
        "Book a timed mock interview: a problem of the difficulty (and topics) the learner has not solved, "
        "picked by the recommender, timed by its estimated minutes. With 'at' (an ISO time in the future) the "
        "window reminds the learner then; without it the interview waits to be started."
    )
    user_id: str | None = Field(default=None, description="The current learner; omit it")
    difficulty: Literal["easy", "medium", "hard", "adaptive"] = Field(
        description="The problem's difficulty; 'adaptive' lets the learner's profile choose"
    )
    at: str | None = Field(
        default=None,
        max_length=40,
        description="When to remind the learner, an ISO 8601 time in the future, e.g. '2026-12-01T18:30'",
    )
    topics: list[TopicName] | None = Field(default=None, max_length=6, description="Topics to pick the problem from")
    language: LanguageName = Field(default="python", description="The language of the interview")


# --- issue 29: the class (the spec's "future" compare_with_peers) ------------------------------


class CompareWithPeers(ToolArguments):
    NAME = "compare_with_peers"
    SPEC_REQUIRED = ("problem_id",)
    DESCRIPTION = (
        "Anonymous benchmarking on a problem the learner solved: in a class database, where their time to "
        "solve, attempts until solved and operation counts fall among the class's quantiles (shown only when "
        "at least 5 learners solved it; never one learner's value); offline, their accepted code's operation "
        "counts beside the bank's reference and slow solutions on the same worst-case inputs."
    )
    user_id: str | None = Field(default=None, description="The current learner; omit it")
    problem_id: str = Field(description="The problem, e.g. 'two-sum'", min_length=1, max_length=80)
    language: LanguageName | None = Field(
        default=None, description="The language of the accepted code to compare; omit it for the newest accepted"
    )


# Every tool of the specs, by name, whether or not this version has a handler for it yet.
ARGUMENT_MODELS: dict[str, type[ToolArguments]] = {
    model.NAME: model
    for model in (
        ExecuteCode, AnalyzeCodePatterns, GetPersonalizedRecommendation, EscalateForInsight, ConcludeSession,
        FlagIncorrectAnalysis, GetUserProgress, FlagRecommendation,
        BpExecute, BpRunTests, BpTrace, BpBreakpoint, BpVisualizeStructure, BpExecutionDiagram,
        BpVariableHistory, BpFindEdgeCases, BpDebugPlan,
        SaveCodeSnapshot, ListCodeHistory, ExportLearnerData, ImportLearnerData, DeleteLearnerData,
        ScheduleMockInterview, CompareWithPeers,
    )
}  # fmt: skip


def inline_schema(model: type[ToolArguments]) -> dict[str, Any]:
    """The model's JSON schema with ``$ref`` inlined, ``anyOf [X, null]`` folded to X, no titles,
    and the spec's ``required`` list."""
    schema = model.model_json_schema()
    definitions = schema.pop("$defs", {})

    def fold(node: Any) -> Any:
        if isinstance(node, dict):
            if "$ref" in node:
                target = definitions[node["$ref"].split("/")[-1]]
                merged = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
                return fold(merged)
            if "anyOf" in node:
                options = [o for o in node["anyOf"] if o.get("type") != "null"]
                rest = {k: v for k, v in node.items() if k != "anyOf"}
                if len(options) == 1:
                    return fold({**options[0], **rest})
                types = [o.get("type") for o in options]
                if all(isinstance(t, str) for t in types) and all(len(o) == 1 for o in options):
                    return fold({**rest, "type": types})
                return {**{k: fold(v) for k, v in rest.items()}, "anyOf": [fold(o) for o in options]}
            out = {}
            for key, value in node.items():
                if key == "title":
                    continue
                if key == "default" and value is None:
                    continue
                out[key] = fold(value) if key != "properties" else {k: fold(v) for k, v in value.items()}
            return out
        if isinstance(node, list):
            return [fold(v) for v in node]
        return node

    schema = fold(schema)
    schema["required"] = list(model.SPEC_REQUIRED)
    schema.pop("additionalProperties", None)
    schema.pop("description", None)
    return schema


def openai_tool(model: type[ToolArguments] | str) -> dict[str, Any]:
    """One entry of the OpenAI ``tools=[...]`` list, for an argument model (or a tool's name)."""
    if isinstance(model, str):
        model = ARGUMENT_MODELS[model]
    return {
        "type": "function",
        "function": {"name": model.NAME, "description": model.DESCRIPTION, "parameters": inline_schema(model)},
    }
