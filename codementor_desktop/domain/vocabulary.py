"""The shared vocabulary (see the design's VOCABULARY): one definition, used everywhere."""

from __future__ import annotations

from enum import StrEnum

from ..runner.child import wire


class Verdict(StrEnum):
    """How one test (or one run) ended. The words and their meanings are the wire's (``wire.py``),
    shared with the child; this enum gives the app a type for them."""

    AC = wire.Verdict.AC
    WA = wire.Verdict.WA
    CE = wire.Verdict.CE
    RE = wire.Verdict.RE
    TLE = wire.Verdict.TLE
    MLE = wire.Verdict.MLE
    OLE = wire.Verdict.OLE
    IE = wire.Verdict.IE

    @property
    def error_type(self) -> str | None:
        """The spec's ``error_type`` for a verdict that is an error, else ``None``."""
        return wire.ERROR_TYPES.get(self.value)

    @property
    def is_error(self) -> bool:
        return self.value in wire.ERROR_TYPES

    @property
    def meaning(self) -> str:
        return wire.MEANINGS[self.value]


# Worst first: a run's overall verdict is the worst of its tests.
VERDICT_SEVERITY = [Verdict(code) for code in wire.SEVERITY]
RunStatus = wire.RunStatus
Reason = wire.Reason  # why a TLE: "time" or "operations"
TestStatus = wire.TestStatus  # a test the run never reached: "not_run"


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


class ProblemStatus(StrEnum):
    """Where a learner stands with a problem: never run, run at least once, or submitted and
    accepted. A status only moves forward: a problem once solved stays solved."""

    NEW = "new"
    ATTEMPTED = "attempted"
    SOLVED = "solved"

    @classmethod
    def of_run(cls, verdict: str | None, submitted: bool) -> ProblemStatus:
        """The status one run gives: a Submit (hidden tests included) that is AC solves; any run attempts."""
        return cls.SOLVED if submitted and verdict == Verdict.AC else cls.ATTEMPTED

    def at_least(self, other: ProblemStatus) -> ProblemStatus:
        """The further of the two statuses."""
        order = list(ProblemStatus)
        return max(self, other, key=order.index)


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
    "wrong_algorithm", "runtime_error_habit", "likely_bug_location",
)  # fmt: skip
# What the learner's profile counts as weaknesses: a likely bug location points at a line of one
# attempt, it is no habit (and an analysis names up to three of them).
WEAKNESS_PATTERNS = tuple(p for p in PATTERNS if p != "likely_bug_location")


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
    NOT_PERMITTED = "NOT_PERMITTED"  # a call its caller may not make (a model writing the learner's data)
    NOT_FOUND = "NOT_FOUND"
    BACKEND_UNAVAILABLE = "BACKEND_UNAVAILABLE"
    INTERNAL_ERROR = "INTERNAL_ERROR"
    ESCALATION_FAILED = "ESCALATION_FAILED"
    SUMMARY_FAILED = "SUMMARY_FAILED"
    INVALID_SESSION_STATE = "INVALID_SESSION_STATE"
