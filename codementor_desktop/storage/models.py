"""The learner database's tables. Changed only through migrations (``migrations/versions``)."""

# No ``from __future__ import annotations`` here: SQLAlchemy would read every ``Mapped[...]`` back
# from its text at import, a sixth of this module's import time, on every command's start.
from datetime import datetime

from sqlalchemy import Boolean, DateTime, Float, ForeignKey, Index, Integer, LargeBinary, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class Learner(Base):
    """A person practising; ``name`` is what ``CODEMENTOR_USER`` says."""

    __tablename__ = "learners"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime)


class StoredRun(Base):
    """A run or trace result kept for its id (``run_id`` / ``trace_id``)."""

    __tablename__ = "runs"
    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id"))
    kind: Mapped[str] = mapped_column(String(16))
    tool: Mapped[str] = mapped_column(String(64))
    problem_id: Mapped[str | None] = mapped_column(String(80), nullable=True)
    language: Mapped[str | None] = mapped_column(String(16), nullable=True)
    verdict: Mapped[str | None] = mapped_column(String(8), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime)
    result: Mapped[bytes] = mapped_column(LargeBinary)
    # migration 0005: the attempt's own facts, read without opening ``result``
    problem_version: Mapped[int | None] = mapped_column(Integer, nullable=True)
    submitted: Mapped[bool] = mapped_column(Boolean, default=False)
    seconds_open: Mapped[float | None] = mapped_column(Float, nullable=True)  # since the problem was opened
    code: Mapped[str | None] = mapped_column(Text, nullable=True)  # the attempt's code (null before 0005)

    __table_args__ = (
        Index("ix_runs_learner_problem", "learner_id", "problem_id"),  # migration 0002
        # migration 0007: a learner's attempts and everyone's outcomes, each read from its index alone
        Index(
            "ix_runs_learner_attempts", "learner_id", "created_at", "id", "tool", "problem_id", "verdict", "submitted"
        ),
        Index("ix_runs_outcomes", "tool", "problem_id", "learner_id", "verdict"),
    )


class RateEvent(Base):
    """One rate-limited call, counted within its limit's window (shared across processes)."""

    __tablename__ = "rate_events"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner: Mapped[str] = mapped_column(String(64))
    bucket: Mapped[str] = mapped_column(String(64))
    at: Mapped[float] = mapped_column(Float)

    __table_args__ = (Index("ix_rate_events_lookup", "learner", "bucket", "at"),)


class Note(Base):
    """Free-form key/value facts about the database itself (its creation, its last repair)."""

    __tablename__ = "notes"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class Draft(Base):
    """The code a learner has in the editor for one problem in one language, as last saved."""

    __tablename__ = "drafts"
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id"), primary_key=True)
    problem_id: Mapped[str] = mapped_column(String(80), primary_key=True)
    language: Mapped[str] = mapped_column(String(16), primary_key=True)
    code: Mapped[str] = mapped_column(Text)
    saved_at: Mapped[datetime] = mapped_column(DateTime)


class OpenProblem(Base):
    """The problem a learner had open last, and in which language: where the window starts."""

    __tablename__ = "open_problems"
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id"), primary_key=True)
    problem_id: Mapped[str] = mapped_column(String(80))
    language: Mapped[str] = mapped_column(String(16))
    opened_at: Mapped[datetime] = mapped_column(DateTime)


class Analysis(Base):
    """One analysis of an attempt (``analyze_code_patterns``): its complexity and quality metrics
    as JSON; the patterns it detected are rows of ``DetectedPattern``. ``attempt_id`` is the
    analysed run's ``run_id``, or an ``attempt_…`` id of its own when no run was named."""

    __tablename__ = "analyses"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id"))
    attempt_id: Mapped[str] = mapped_column(String(40))
    run_id: Mapped[str | None] = mapped_column(String(40), nullable=True)
    problem_id: Mapped[str] = mapped_column(String(80))
    language: Mapped[str] = mapped_column(String(16))
    complexity: Mapped[str] = mapped_column(Text)
    metrics: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime)

    __table_args__ = (Index("ix_analyses_learner_attempt", "learner_id", "attempt_id"),)  # migration 0003


class DetectedPattern(Base):
    """One pattern an analysis reported; a ``flagged`` one no longer counts as evidence."""

    __tablename__ = "detected_patterns"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    analysis_id: Mapped[int] = mapped_column(ForeignKey("analyses.id", ondelete="CASCADE"))
    pattern_type: Mapped[str] = mapped_column(String(40))
    confidence: Mapped[float] = mapped_column(Float)
    severity: Mapped[str] = mapped_column(String(8))
    line_start: Mapped[int] = mapped_column(Integer)
    line_end: Mapped[int] = mapped_column(Integer)
    flagged: Mapped[bool] = mapped_column(Boolean, default=False)

    __table_args__ = (Index("ix_detected_patterns_analysis", "analysis_id"),)  # migration 0003


class AnalysisFlag(Base):
    """Someone said an analysis is wrong (``flag_incorrect_analysis``): one pattern of the
    attempt's analysis, or all of them when ``pattern_type`` is null."""

    __tablename__ = "analysis_flags"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id"))
    attempt_id: Mapped[str] = mapped_column(String(40))
    pattern_type: Mapped[str | None] = mapped_column(String(40), nullable=True)
    feedback: Mapped[str] = mapped_column(Text)
    caller: Mapped[str] = mapped_column(String(16))  # person, model, coach or cli
    created_at: Mapped[datetime] = mapped_column(DateTime)


class StoredOwnTest(Base):
    """A test the learner keeps for a problem (``origin``: ``edge_case`` or ``manual``): its input
    in the problem's format, and the expected output when it is known (from the reference). A
    null ``language`` means the test holds in every language."""

    __tablename__ = "own_tests"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id"))
    problem_id: Mapped[str] = mapped_column(String(80))
    language: Mapped[str | None] = mapped_column(String(16), nullable=True)
    input: Mapped[str] = mapped_column(Text)
    expected_output: Mapped[str | None] = mapped_column(Text, nullable=True)
    origin: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(DateTime)

    __table_args__ = (Index("ix_own_tests_learner_problem", "learner_id", "problem_id"),)  # migration 0004


# --- migration 0005: what a learner did besides runs ---------------------------------------------


class HintUsed(Base):
    """A hint the learner was given on a problem, at its level (1, a nudge, up to 5, nearly the way)."""

    __tablename__ = "hints_used"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id"))
    problem_id: Mapped[str] = mapped_column(String(80))
    level: Mapped[int] = mapped_column(Integer)
    used_at: Mapped[datetime] = mapped_column(DateTime)

    __table_args__ = (Index("ix_hints_used_learner_problem", "learner_id", "problem_id"),)


class TutorEscalation(Base):
    """The tutor handed the learner on to a person (``escalate_to_human``): why, and on what."""

    __tablename__ = "tutor_escalations"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id"))
    problem_id: Mapped[str | None] = mapped_column(String(80), nullable=True)
    reason: Mapped[str] = mapped_column(Text)
    topic: Mapped[str | None] = mapped_column(String(40), nullable=True)
    escalated_at: Mapped[datetime] = mapped_column(DateTime)

    __table_args__ = (Index("ix_tutor_escalations_learner", "learner_id"),)


class SessionInsight(Base):
    """What ``conclude_session`` concluded about a tutoring session, as JSON."""

    __tablename__ = "session_insights"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id"))
    concluded_at: Mapped[datetime] = mapped_column(DateTime)
    summary: Mapped[str] = mapped_column(Text)

    __table_args__ = (Index("ix_session_insights_learner", "learner_id"),)


class CodeSnapshot(Base):
    """A named version of the learner's code, kept beside the draft (``save_code_snapshot``)."""

    __tablename__ = "code_snapshots"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id"))
    problem_id: Mapped[str] = mapped_column(String(80))
    language: Mapped[str] = mapped_column(String(16))
    name: Mapped[str] = mapped_column(String(120))
    code: Mapped[str] = mapped_column(Text)
    saved_at: Mapped[datetime] = mapped_column(DateTime)

    __table_args__ = (Index("ix_code_snapshots_learner_problem", "learner_id", "problem_id"),)


class RecommendationFlag(Base):
    """A learner said a recommended problem is to be skipped (``kind`` ``skip``: not now) or is
    not relevant to them (``not_relevant``: not again)."""

    __tablename__ = "recommendation_flags"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id"))
    problem_id: Mapped[str] = mapped_column(String(80))
    kind: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(DateTime)

    __table_args__ = (Index("ix_recommendation_flags_learner", "learner_id", "problem_id"),)  # migration 0006


# --- migration 0009: plans, mock interviews, solutions seen -----------------------------------


class StoredPlan(Base):
    """A learner's plan (BluePrint) for one problem in one language: its steps as JSON, each with
    its words, the lines it is anchored to and the expression expected to hold there."""

    __tablename__ = "plans"
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id"), primary_key=True)
    problem_id: Mapped[str] = mapped_column(String(80), primary_key=True)
    language: Mapped[str] = mapped_column(String(16), primary_key=True)
    steps: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime)
    updated_at: Mapped[datetime] = mapped_column(DateTime)


class PlanCheck(Base):
    """One ``/debug`` of a plan: how many of its expectations held, broke, were never reached or
    could not be read, whether its anchors were guessed, and the report as JSON."""

    __tablename__ = "plan_checks"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id"))
    problem_id: Mapped[str] = mapped_column(String(80))
    language: Mapped[str] = mapped_column(String(16))
    checked_at: Mapped[datetime] = mapped_column(DateTime)
    expectations: Mapped[int] = mapped_column(Integer)
    held: Mapped[int] = mapped_column(Integer)
    broken: Mapped[int] = mapped_column(Integer)
    never_reached: Mapped[int] = mapped_column(Integer)
    unreadable: Mapped[int] = mapped_column(Integer)
    guessed: Mapped[bool] = mapped_column(Boolean, default=False)
    tests_passed: Mapped[bool] = mapped_column(Boolean, default=False)
    report: Mapped[str] = mapped_column(Text)

    __table_args__ = (Index("ix_plan_checks_learner_problem", "learner_id", "problem_id"),)


class MockInterview(Base):
    """A timed mock interview: scheduled (``scheduled_for``), under way, or over with its debrief.
    ``submits`` is a JSON list of every Submit's verdict; ``debrief`` the debrief as JSON."""

    __tablename__ = "interviews"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id"))
    interview_id: Mapped[str] = mapped_column(String(40))
    problem_id: Mapped[str | None] = mapped_column(String(80), nullable=True)
    language: Mapped[str] = mapped_column(String(16))
    difficulty: Mapped[str | None] = mapped_column(String(16), nullable=True)
    topics: Mapped[str] = mapped_column(Text, default="[]")
    status: Mapped[str] = mapped_column(String(16))  # scheduled | running | finished | abandoned
    created_at: Mapped[datetime] = mapped_column(DateTime)
    scheduled_for: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    started_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    ended_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    time_limit_s: Mapped[int] = mapped_column(Integer)
    submits: Mapped[str] = mapped_column(Text, default="[]")
    think_aloud: Mapped[str] = mapped_column(Text, default="")
    improvement: Mapped[str] = mapped_column(Text, default="")
    debrief: Mapped[str] = mapped_column(Text, default="{}")

    __table_args__ = (
        UniqueConstraint("interview_id", name="uq_interviews_interview_id"),
        Index("ix_interviews_learner", "learner_id", "created_at"),
    )


class SolutionsUnlocked(Base):
    """The learner opened a problem's reference solutions: after their own AC (``solved``), or
    after taking every hint and confirming (``hints``)."""

    __tablename__ = "solutions_unlocked"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id"))
    problem_id: Mapped[str] = mapped_column(String(80))
    reason: Mapped[str] = mapped_column(String(16))
    unlocked_at: Mapped[datetime] = mapped_column(DateTime)

    __table_args__ = (Index("ix_solutions_unlocked_learner_problem", "learner_id", "problem_id"),)
