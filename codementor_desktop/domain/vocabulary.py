"""The shared vocabulary (see the design's VOCABULARY): one definition, used everywhere."""

from __future__ import annotations

from enum import StrEnum


class Verdict(StrEnum):
    """How one test (or one run) ended."""

    AC = "AC"
    WA = "WA"
    CE = "CE"
    RE = "RE"
    TLE = "TLE"
    MLE = "MLE"
    OLE = "OLE"
    IE = "IE"

    @property
    def error_type(self) -> str | None:
        """The spec's ``error_type`` for a verdict that is an error, else ``None``."""
        return _ERROR_TYPES.get(self)

    @property
    def is_error(self) -> bool:
        return self not in (Verdict.AC, Verdict.WA)

    @property
    def meaning(self) -> str:
        return _MEANINGS[self]


_ERROR_TYPES = {
    Verdict.CE: "syntax_error",
    Verdict.RE: "runtime_error",
    Verdict.TLE: "timeout",
    Verdict.MLE: "memory_limit",
    Verdict.OLE: "output_limit",
    Verdict.IE: "internal_error",
}
_MEANINGS = {
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
VERDICT_SEVERITY = [Verdict.IE, Verdict.CE, Verdict.MLE, Verdict.TLE, Verdict.OLE, Verdict.RE, Verdict.WA, Verdict.AC]


class Language(StrEnum):
    PYTHON = "python"
    JAVASCRIPT = "javascript"


class Topic(StrEnum):
    ARRAYS = "arrays"
    STRINGS = "strings"
    HASH_MAPS = "hash_maps"
    TREES = "trees"
    GRAPHS = "graphs"
    DYNAMIC_PROGRAMMING = "dynamic_programming"


class Difficulty(StrEnum):
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


TECHNIQUES = (
    "two_pointers", "sliding_window", "prefix_sum", "binary_search", "stack", "monotonic_stack",
    "heap", "intervals", "linked_list", "sorting", "greedy", "bfs", "dfs", "topological_sort",
    "union_find", "shortest_path", "backtracking", "bit_manipulation", "trie", "matrix",
    "memoization", "knapsack", "design",
)  # fmt: skip

PATTERNS = (
    "suboptimal_time_complexity", "suboptimal_space_complexity", "data_structure_choice",
    "missing_edge_case", "off_by_one", "recursion_base_case", "mutating_input",
    "inefficient_string_building", "shadowed_builtin", "unreachable_code", "infinite_loop_risk",
    "wrong_algorithm", "runtime_error_habit",
)  # fmt: skip


class Caller(StrEnum):
    """Who called a tool: the audit log and the rate limits use these names."""

    PERSON = "person"
    MODEL = "model"
    COACH = "coach"
    CLI = "cli"


class ErrorCode(StrEnum):
    """The tool layer's error codes."""

    INVALID_ARGUMENTS = "INVALID_ARGUMENTS"
    UNKNOWN_TOOL = "UNKNOWN_TOOL"
    RATE_LIMITED = "RATE_LIMITED"
    UNSUPPORTED_LANGUAGE = "UNSUPPORTED_LANGUAGE"
    FORBIDDEN = "FORBIDDEN"
    NOT_FOUND = "NOT_FOUND"
    BACKEND_UNAVAILABLE = "BACKEND_UNAVAILABLE"
    INTERNAL_ERROR = "INTERNAL_ERROR"
    ESCALATION_FAILED = "ESCALATION_FAILED"
    SUMMARY_FAILED = "SUMMARY_FAILED"
    INVALID_SESSION_STATE = "INVALID_SESSION_STATE"
