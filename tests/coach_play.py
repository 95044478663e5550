"""Playing a scripted learner's conversation with the offline coach (``tests/coach_scenarios.py``),
timed in process, and judging the learner's code apart from the coach: all visible and hidden
tests, and whether its complexity class is worse than the reference's."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tests.coach_measures import complexity_key
from tests.coach_scenarios import FIXED, OPTIMAL, SLOW, WRONG, Scenario, finish_this, first_code, fixed_code, turns_of

if TYPE_CHECKING:
    from codementor_desktop.tools.services import Services


@dataclass
class Played:
    """One learner turn as it was played: what was said on which code, what the coach emitted,
    and what it cost."""

    said: str
    kind: str
    code: str
    new_code: bool  # the first turn of the conversation on this version of the code
    restarted: bool  # played by a new coach object continuing the session
    events: list[Any]
    seconds: float
    runs_before: int
    runs_after: int

    @property
    def text(self) -> str:
        from codementor_desktop.tutor.events import TextDelta

        return "".join(e.text for e in self.events if isinstance(e, TextDelta))

    def shown(self) -> list[str]:
        """Everything the learner sees of this turn but their own code: the answer, the cards'
        summaries and arguments, an escalation's question, the conclusion's title and insights."""
        from codementor_desktop.tutor.events import Escalated, SessionConcluded, ToolFinished, ToolStarted

        seen = [self.text]
        for event in self.events:
            if isinstance(event, ToolFinished):
                seen.append(event.summary)
            elif isinstance(event, ToolStarted):
                seen += [v for v in _strings(event.arguments) if v.strip() != self.code.strip()]
            elif isinstance(event, Escalated):
                seen.append(event.question)
            elif isinstance(event, SessionConcluded):
                seen += [event.title, *event.insights]
        return [s for s in seen if s]

    def raised(self) -> str | None:
        """What the coach raised in this turn (a tolerant play keeps it as an event)."""
        from codementor_desktop.tutor.events import TutorError

        return next((e.message for e in self.events if isinstance(e, TutorError) and e.kind == "raised"), None)

    def concluded(self) -> tuple[str, ...] | None:
        from codementor_desktop.tutor.events import SessionConcluded

        found = [e for e in self.events if isinstance(e, SessionConcluded)]
        return found[-1].insights if found else None


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list | tuple):
        return [s for v in value for s in _strings(v)]
    return []


@dataclass
class Conversation:
    scenario: Scenario
    learner: str
    session_id: str
    turns: list[Played] = field(default_factory=list)
    kept_session: bool = True  # every restarted coach continued the same session

    @property
    def versions(self) -> list[str]:
        """The distinct versions of the code the learner talked about, in order."""
        return list(dict.fromkeys(t.code for t in self.turns))


def stored_runs(services: Services, learner: str) -> int:
    """The runs kept in ``learner``'s history (the runs table)."""
    from sqlalchemy import func, select

    from codementor_desktop.storage.runs import RUNS

    learner_id = services.database.learner_id(learner)
    with services.database.transaction() as connection:
        query = select(func.count()).select_from(RUNS).where(RUNS.c.learner_id == learner_id, RUNS.c.kind == "run")
        return int(connection.execute(query).scalar() or 0)


def play(
    services: Services, scenario: Scenario, learner: str, seed: int = 0, *, tolerant: bool = False
) -> Conversation:
    """Play ``scenario`` against the offline coach as ``learner``, timing each turn in process.
    ``tolerant``: a turn that raises is kept as a TutorError event (``kind="raised"``) and the
    conversation goes on, so that one fault does not hide the figures of every other turn."""
    from codementor_desktop.tutor.coach import OfflineCoach
    from codementor_desktop.tutor.events import TutorError
    from codementor_desktop.tutor.turns import TurnContext

    problem = services.bank.get(scenario.problem_id)
    code = first_code(scenario, problem, seed)
    coach = OfflineCoach(services, learner)
    conversation = Conversation(scenario, learner, coach.session_id)
    seen: set[str] = set()
    for turn in turns_of(scenario):
        if turn.code == FIXED:
            code = fixed_code(scenario, problem, seed)
        said = turn.said or finish_this(problem, scenario.language, seed)
        if turn.restart:
            coach = OfflineCoach(services, learner, session_id=conversation.session_id)
            conversation.kept_session &= coach.session_id == conversation.session_id
        events: list[Any] = []
        before = stored_runs(services, learner)
        started = time.perf_counter()
        try:
            coach.turn(said, events.append, context=TurnContext(problem.id, code, scenario.language))
        except Exception as exc:  # noqa: BLE001 - reported with the figures when tolerant
            if not tolerant:
                raise
            events.append(TutorError(f"{type(exc).__name__}: {exc}", "raised"))
        seconds = time.perf_counter() - started
        played = Played(said, turn.kind, code, code not in seen, turn.restart, events, seconds, before, 0)
        played.runs_after = stored_runs(services, learner)
        seen.add(code)
        conversation.turns.append(played)
    return conversation


JUDGE = "judge"  # the learner judging runs are kept under, apart from the scripted learners


@dataclass(frozen=True)
class Judgment:
    verdict: str
    accepted: bool  # every visible and hidden test passed
    answers_right: bool  # no wrong answer and no crash: at most too slow
    complexity: str  # the analysis' time complexity
    slow: bool  # right answers, but a worse complexity class than the best known

    @property
    def kind(self) -> str:
        if not self.answers_right:
            return WRONG
        return SLOW if self.slow else OPTIMAL


def judge(services: Services, code: str, language: str, problem_id: str) -> Judgment:
    """All visible and hidden tests (as Submit does), and whether the code is of a worse class than
    the reference: by counted operations where they are counted (Python), else by the analysis' class
    of the code read beside its class of the reference in the same language."""
    run, complexity, flagged = _judged_run(services, code, language, problem_id, hidden=True)
    failures = [t for t in run.get("test_results") or [] if not t.get("passed")]
    answers_right = (
        "error_code" not in run
        and bool(run.get("test_results"))
        and all(t.get("verdict") in ("TLE", None) for t in failures)
    )
    operations = run.get("operations") or {}
    if operations.get("measured"):
        worse = bool(operations.get("worse_class"))
    else:
        key = (problem_id, language)
        if key not in _REFERENCE_CLASS:
            problem = services.bank.get(problem_id)
            reference = problem.solutions.python if language == "python" else problem.solutions.javascript
            _REFERENCE_CLASS[key] = _judged_run(services, reference, language, problem_id, hidden=False)[1]
        worse = flagged or complexity_key(complexity) != complexity_key(_REFERENCE_CLASS[key])
    accepted = run.get("verdict") == "AC" and not failures
    return Judgment(str(run.get("verdict")), accepted, answers_right, complexity, answers_right and worse)


_REFERENCE_CLASS: dict[tuple[str, str], str] = {}  # (problem, language): the analysis' class of the reference


def _judged_run(
    services: Services, code: str, language: str, problem_id: str, *, hidden: bool
) -> tuple[dict[str, Any], str, bool]:
    """The run, the analysis' time complexity and whether it flagged a suboptimal time."""
    from codementor_desktop.domain.vocabulary import Caller
    from codementor_desktop.tools.context import ToolContext

    context = ToolContext(caller=Caller.CLI, learner=JUDGE)
    run = services.registry.call(
        "execute_code",
        {"code": code, "language": language, "problem_id": problem_id, "test_cases": [], "include_hidden": hidden},
        context,
    )
    if not run.get("run_id"):
        return run, "", False
    analysis = services.registry.call(
        "analyze_code_patterns",
        {"code": code, "language": language, "problem_id": problem_id, "test_results": {"run_id": run["run_id"]}},
        context,
    )
    complexity = str((analysis.get("complexity_analysis") or {}).get("time_complexity") or "")
    patterns = analysis.get("detected_patterns") or []
    return run, complexity, any(p.get("pattern_type") == "suboptimal_time_complexity" for p in patterns)
