"""What the tools about the learner's own records return: their snapshots and history, their data
exported, imported or deleted, a mock interview booked and the interviews in ``get_user_progress``,
a comparison with peers, and a recorded flag. Type-checker shapes, as in ``results.py``, which
names them too."""

from __future__ import annotations

from typing import Any, Literal, TypedDict


class InterviewsProgress(TypedDict):
    """The learner's mock interviews in ``get_user_progress``: how many, how they went, the last few
    (each ``{interview_id, problem_id, title, verdict, solved, minutes, limit_minutes, ended_at}``)."""

    count: int
    finished: int
    solved: int
    median_time_ratio: float | None  # time used over the limit, of the finished ones
    last: list[dict[str, Any]]
    trend: list[dict[str, Any]]  # oldest first, the last 30: ``{problem_id, solved, time_ratio}``


class PeerComparison(TypedDict):
    """What ``compare_with_peers`` returns. ``against``: ``class`` (a class database: ``time`` and
    ``attempts`` each ``{yours, learners, p10, p25, p50, p75, p90, ahead_of_percent, standing}``,
    ``operations`` the same at one ``size`` in one ``language``, or None) or ``bank_solutions``
    (``operations``: ``{language, size, yours, reference, slow, position, standing, sizes,
    learner_counts, reference_counts, slow_counts}``). ``compared`` is false when nothing is shown,
    and ``message`` says why (not solved yet; fewer than 5 learners)."""

    status: Literal["ok", "cancelled"]
    user_id: str
    problem_id: str
    title: str
    against: Literal["class", "bank_solutions"]
    compared: bool
    message: str
    time: dict[str, Any] | None
    attempts: dict[str, Any] | None
    operations: dict[str, Any] | None
    note: str


class InterviewScheduled(TypedDict):
    """What ``schedule_mock_interview`` returns: the interview booked and its problem."""

    status: Literal["ok"]
    interview_id: str
    problem_id: str
    title: str
    difficulty: str
    topics: list[str]
    language: str
    time_limit_minutes: int
    scheduled_for: str | None  # the reminder's time (ISO), or None: start it when you like
    reason: str


class Acknowledged(TypedDict):
    """What a call that only records something returns (``flag_recommendation``)."""

    status: Literal["ok"]


class SnapshotSaved(TypedDict):
    status: Literal["ok"]
    snapshot_id: int
    name: str
    saved_at: str


class KeptSnapshot(TypedDict):
    snapshot_id: int
    name: str
    language: str
    code: str
    saved_at: str


class PastAttempt(TypedDict):
    run_id: str
    language: str | None
    verdict: str | None
    submitted: bool
    code: str | None
    ran_at: str


class CodeHistory(TypedDict):
    """What ``list_code_history`` returns."""

    status: Literal["ok"]
    problem_id: str
    snapshots: list[KeptSnapshot]
    attempts: list[PastAttempt]


class LearnerExport(TypedDict):
    status: Literal["ok"]
    export: dict[str, Any]


class LearnerImported(TypedDict):
    status: Literal["ok"]
    learner: str
    imported: dict[str, int]


class LearnerDeleted(TypedDict):
    status: Literal["ok"]
    learner: str
    deleted: dict[str, int]
