"""The offline coach: the tutor with no model. It runs the same tools a model would (run, analyze,
find an edge case, trace, measure, hint, recommend, conclude) and holds a conversation about what
they found: it reads the learner's words against the question it asked and the problem's own
vocabulary (``understanding``), remembers what it asked and said (``dialogue``), and asks one step
further each turn, never the same question twice.

Evidence is gathered once per version of the code (``coach_evidence``) and kept with the
conversation, so a turn on unchanged code runs nothing. It never writes code; what it says passes
the solution filter like a model's answer. It is a TutorSeat too: ``escalate_for_insight`` asked
of it moves a hint level up instead of asking a stronger model.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..tools.results import (
    CONCLUDE_SESSION,
    ESCALATE_FOR_INSIGHT,
    GENERATE_HINT,
    GET_PERSONALIZED_RECOMMENDATION,
    failed,
)
from . import coach_templates as words
from .cancellation import Cancellation
from .coach_chain import Stopped, ToolRunner
from .coach_evidence import VersionEvidence
from .coach_memory import Memory, echo, own_words, recommended
from .coach_questions import Code, Ladder, run_sentence, values
from .coach_session import CoachSession
from .coach_speed import how_fast
from .dialogue import Claim, DialogueState, OpenQuestion, version_key
from .events import Escalated, Listener, SessionConcluded, TextDelta, ToolFinished, ToolStarted, TurnEnded, TutorEvent
from .guard import NOTICE, SolutionGuard, StreamGuard, guarded
from .plan_dialogue import PlanQuestions
from .turns import Intent, TurnContext
from .understanding import Expectation, Reading, Vocabulary, Want, read

if TYPE_CHECKING:
    from ..problems.model import Problem
    from ..tools.services import Services

LABEL = "Offline coach"
WHO = "offline coach"  # who answered an escalation
_BUTTONS = {Intent.STUCK: Want.STUCK, Intent.HINT: Want.HINT, Intent.WHAT_NEXT: Want.PRACTISE,
            Intent.GOT_IT: Want.UNDERSTANDS}  # fmt: skip
_SPEED = (Want.IS_OPTIMAL, Want.COMPLEXITY, Want.WHY_SLOW)
_SMALL_TALK = (Want.GREETING, Want.THANKS, Want.OFF_TOPIC)


class OfflineCoach:
    """A Tutor that needs no model server (and the TutorSeat of its own tool calls)."""

    def __init__(self, services: Services, learner: str, *, session_id: str | None = None) -> None:
        self.services = services
        self.learner = learner
        self._session = CoachSession(services.conversations, learner, session_id, LABEL)
        self.session_id = self._session.session_id
        self._tools = ToolRunner(services, learner, self)
        self._plans = PlanQuestions(self._tools)
        self._state: DialogueState = self._session.dialogue
        self._levels: dict[str, int] = {}
        self._vocabularies: dict[str, Vocabulary] = {}
        self._insights: list[str] = list(self._session.flagged)
        self._memory = Memory(self._state, self._insights)
        self._context = TurnContext(problem_id=self._session.problem_id)
        self._guard = SolutionGuard([])
        self._said = ""
        self._concluded = False  # this turn concluded the session: nothing is asked after it
        self._waits = False  # this turn asked the learner to try something: no question follows

    @property
    def label(self) -> str:
        return LABEL

    @property
    def problem_id(self) -> str | None:
        """The problem this session is about (the profile weighs escalations by it)."""
        return self._context.problem_id or self._session.problem_id

    # --- the Tutor protocol ----------------------------------------------------------------------
    def turn(
        self,
        said: str,
        emit: Listener,
        cancellation: Cancellation | None = None,
        *,
        context: TurnContext | None = None,
        intent: Intent = Intent.SAY,
    ) -> TurnEnded:
        """Answer ``said``; every event goes to ``emit`` behind the solution filter, the last a TurnEnded."""
        context = context or self._context
        if context.problem_id is None and self._session.problem_id:
            context = replace(context, problem_id=self._session.problem_id)  # the session's problem goes on
        self._context = context
        problem = self._problem()
        self._guard = SolutionGuard.for_problem(problem)
        shown: list[Any] = []  # what the learner saw (after the filter), to keep with the conversation

        def watch(event: TutorEvent) -> None:
            if not isinstance(event, (ToolStarted, ToolFinished, TurnEnded)):
                shown.append(event)
            emit(event)

        stream = StreamGuard(self._guard)
        out = guarded(watch, stream)
        self._tools.emit, self._tools.cancellation, self._tools.made = out, cancellation or Cancellation(), []
        flagged_before = len(self._insights)
        self._said, self._concluded, self._waits = said, False, False
        self._session.begin(self._context.problem_id, said, intent, out)
        self._state.turns += 1
        reason = "answered"
        try:
            # A /debug tells its report again on unchanged code: the learner asked for it.
            if intent is Intent.DEBUG:
                parts = self._debug_plan(problem)
            else:
                parts = self._state.fresh(self._answer(said, intent, problem, out))
            if not parts:
                parts = self._memory.last_resort(self._version(problem), self._said)
            sentences = [s for s in parts if s]
            for number, sentence in enumerate(sentences, 1):
                end = "" if sentence.endswith("\n") else "\n" if number == len(sentences) else " "
                out(TextDelta(sentence + end))
        except Stopped:
            reason = "cancelled"
        finally:
            self._tools.emit = None
        if rest := stream.flush():
            watch(TextDelta(rest))
        text = "".join(e.text for e in shown if isinstance(e, TextDelta))
        self._state.remember(text)
        new_insights = self._insights[flagged_before:]
        self._session.keep(self._tools.made, text, shown, new_insights, out, self._state)
        return self._end(out, reason)

    def _end(self, out: Listener, reason: str) -> TurnEnded:
        ended = TurnEnded(reason, 1)
        out(ended)
        return ended

    # --- reading the learner ---------------------------------------------------------------------
    def _read(self, said: str, intent: Intent, problem: Problem | None) -> Reading:
        vocabulary = self._vocabulary(problem)
        opened = self._memory.open_on(self._version(problem))
        expecting = None
        if opened is not None:
            # The open question's own evidence, and the idea of the hint the learner has not opened yet.
            level = self._level(problem) if problem is not None else 0
            upcoming = vocabulary.hint_concepts[level] if level < len(vocabulary.hint_concepts) else ()
            expecting = Expectation(
                names=frozenset(opened.names), lines=frozenset(opened.lines),
                values=frozenset(opened.values), concepts=frozenset([*opened.concepts, *upcoming]),
            )  # fmt: skip
        reading = read(said, vocabulary, expecting)
        if intent in _BUTTONS:
            reading = replace(reading, want=_BUTTONS[intent])
        return reading

    def _vocabulary(self, problem: Problem | None) -> Vocabulary:
        key = self._version(problem) or ""
        if key not in self._vocabularies:
            self._vocabularies = {key: Vocabulary.of(problem, self._context.code, self._context.language)}
        return self._vocabularies[key]

    def _version(self, problem: Problem | None) -> str | None:
        if problem is None or not self._context.code.strip():
            return None
        return version_key(problem.id, problem.version, self._context.language, self._context.code)

    # --- answering -------------------------------------------------------------------------------
    def _answer(self, said: str, intent: Intent, problem: Problem | None, out: Listener) -> list[str]:
        reading = self._read(said, intent, problem)
        parts = self._reply(reading, problem, out)
        if problem is None or not self._context.code.strip() or self._concluded:
            return parts
        if self._waits or any("?" in part for part in self._state.fresh(parts)):
            return parts
        version = self._version(problem) or ""
        evidence = VersionEvidence(dict(self._state.evidence.get(version) or {}))
        if not evidence.ran or reading.want in (Want.PRACTISE, *_SMALL_TALK):
            return parts
        question = self._unasked(problem, evidence)
        if question is None:
            return parts
        self._state.ask(question)
        return [*parts, question.text]

    def _reply(self, reading: Reading, problem: Problem | None, out: Listener) -> list[str]:
        want = reading.want
        if want is Want.PRACTISE:
            return self._what_next()
        if want is Want.OFF_TOPIC and problem is not None and self._unseen(problem):
            want = Want.WHY_FAILS  # about code the coach has not looked at yet: that is the topic
            reading = replace(reading, want=want)
        if want in _SMALL_TALK:
            return self._small_talk(reading, problem)
        polite = [self._polite(w, problem) for w in reading.also if w in (Want.GREETING, Want.THANKS)]
        return [*polite[:1], *self._substance(reading, problem, out)]

    def _substance(self, reading: Reading, problem: Problem | None, out: Listener) -> list[str]:
        said, want = self._said, reading.want
        opened = self._memory.open_on(self._version(problem))
        recap = opened is not None and opened.key.endswith(":recap")
        if want is Want.UNDERSTANDS or (recap and want not in (Want.SOLUTION, Want.PRACTISE, *_SPEED)):
            if recap and own_words(said):
                self._memory.claim(Claim(said, "idea", list(reading.concepts), self._version(problem) or ""))
                return self._conclude(said, problem, out)
            # Code the coach has not run yet is run and told first: "I get it" is about it.
            has_code = problem is not None and self._context.code.strip()
            news = self._news(problem, self._evidence(problem)) if problem is not None and has_code else []
            return [*news, *self._understood(said, reading, problem, out)]
        if problem is None:
            return [words.NO_PROBLEM]
        if not self._context.code.strip():
            return [words.NO_CODE]
        if want is Want.HINT:
            return self._hint(problem, None)
        if want is Want.STUCK:  # "I'm stuck" goes a level deeper; "I don't know" (below) a step smaller
            return self._stuck(problem, out)
        evidence = self._evidence(problem, measure=want in _SPEED)
        said_first = self._news(problem, evidence)
        if want is Want.SOLUTION:
            return [*said_first, self._memory.pick(words.REFUSALS, {}), *self._next_question(problem, evidence)]
        if want in _SPEED:
            return [*said_first, *self._speed(problem, evidence, reading)]
        if want is Want.DONT_KNOW:
            return [*said_first, *self._smaller_step(problem, evidence)]
        if want in (Want.ANSWER, Want.IDEA):
            return [*said_first, *self._judge(reading, problem, evidence)]
        return [*said_first, *self._next_question(problem, evidence)]

    def _polite(self, want: Want, problem: Problem | None) -> str:
        title = problem.title if problem is not None else "your problem"
        choices = {Want.GREETING: words.GREETINGS, Want.THANKS: words.THANKS, Want.OFF_TOPIC: words.OFF_TOPIC}
        return self._memory.pick(choices[want], {"title": title})

    def _small_talk(self, reading: Reading, problem: Problem | None) -> list[str]:
        said = [self._polite(reading.want, problem)]
        if reading.want is Want.GREETING and problem is not None and self._context.code.strip():
            evidence = self._evidence(problem)
            said += [*self._news(problem, evidence), *self._next_question(problem, evidence)]
        elif reading.want is Want.GREETING and problem is None:
            said.append(words.NO_PROBLEM)
        return said

    def _news(self, problem: Problem, evidence: VersionEvidence) -> list[str]:
        """What the run of this version says, the first time this version is talked about."""
        version = self._version(problem) or ""
        if self._state.saw(version, "run"):
            return []
        self._state.show(version, "run")
        said = []
        earlier = [v for v in self._state.evidence if v != version]
        before = VersionEvidence(self._state.evidence[earlier[-1]]).failing if earlier else None
        now = evidence.failing
        if earlier:
            said.append(words.NEW_VERSION)
            if before and before.get("test_id") is not None and before.get("test_id") != (now or {}).get("test_id"):
                said.append(words.fill(words.NOW_PASSES, {"test_id": before["test_id"]}))
        if before and now and _same_failure(before, now):
            return [*said, words.fill(words.SAME_FAILURE, {"test_id": now.get("test_id") or "?"})]
        return [*said, run_sentence(evidence)]

    def _ladder(self, problem: Problem, evidence: VersionEvidence) -> Ladder:
        params = frozenset(p.name for p in problem.function.params)
        return Ladder(self._version(problem) or "", evidence, Code(self._context.code, params), problem)

    def _next_question(self, problem: Problem, evidence: VersionEvidence) -> list[str]:
        """The next question of this version's ladder not asked yet, or a hint when they are all asked."""
        question = self._unasked(problem, evidence)
        if question is not None:
            self._state.ask(question)
            return [question.text]
        return self._hint(problem, evidence)

    def _unasked(self, problem: Problem, evidence: VersionEvidence) -> OpenQuestion | None:
        return self._memory.first_new(self._ladder(problem, evidence).questions())

    def _unseen(self, problem: Problem) -> bool:
        version = self._version(problem)
        return version is not None and not self._state.saw(version, "run")

    def _smaller_step(self, problem: Problem, evidence: VersionEvidence) -> list[str]:
        """ "I don't know" to the open question: the next, smaller question."""
        return self._next_question(problem, evidence)

    def _judge(self, reading: Reading, problem: Problem, evidence: VersionEvidence) -> list[str]:
        """An answer or an idea, read against the open question and the problem's vocabulary."""
        version = self._version(problem) or ""
        opened = self._memory.open_on(self._version(problem))
        quoted = echo(self._said)
        fits_problem = [c for c in reading.concepts if c in self._problem_concepts(problem)]
        if opened is not None and reading.fit == "names_cause" and not opened.key.endswith((":fix", ":gap")):
            self._memory.claim(Claim(self._said, "names_cause", list(reading.concepts), version))
            said = [self._memory.pick(words.NAMED_CAUSE, {"echo": quoted})]
            return said + self._fix_question(problem, evidence, reading)
        if opened is not None and opened.key.endswith(":fix"):
            self._memory.claim(Claim(self._said, "fix", list(reading.concepts), version))
            self._waits = True
            return [self._memory.pick(words.TRY_IT, {})]
        if fits_problem:
            label = self._vocabulary(problem).label(fits_problem[0])
            self._memory.reach(self._vocabulary(problem), fits_problem[0])
            self._memory.claim(Claim(self._said, "idea", fits_problem, version))
            if evidence.failing is None:
                return [words.fill(words.IDEA_FITS_PASSING, {"label": label})]
            return [self._memory.pick(words.IDEA_FITS, {"label": label})]
        if opened is not None and reading.fit == "partial":
            return [self._memory.pick(words.PARTIAL, {"echo": quoted})]
        failing = evidence.failing
        if failing is not None:
            self._memory.claim(Claim(self._said, "off", list(reading.concepts), version))
            template = words.TEST_THE_CLAIM if opened is not None else words.TEST_THE_IDEA
            return [words.fill(template, values(evidence))]
        example = problem.examples[0]
        return [words.fill(words.TEST_THE_IDEA, {"input": example.input, "expected": example.output})]

    def _fix_question(self, problem: Problem, evidence: VersionEvidence, reading: Reading) -> list[str]:
        version = self._version(problem) or ""
        ladder = self._ladder(problem, evidence)
        # Of the lines that give the named variables their values, the last: the innermost loop or the
        # latest assignment, where a value that depends on the others is made.
        assigned = [line for n in reading.names if (line := ladder.code.assigned_at(n))]
        line = max(assigned, default=None)
        if line is None:
            bug_lines = ladder.bug_lines()
            line = bug_lines[0] if bug_lines else None
        if line:
            text = words.fill(words.FIX_QUESTION, {"line": line, "line_text": ladder.code.line(line)})
        else:
            text = words.FIX_QUESTION_NO_LINE
        self._state.ask(OpenQuestion(key=f"{version}:fix", text=text, version=version, lines=[line] if line else []))
        return [text]

    def _speed(self, problem: Problem, evidence: VersionEvidence, reading: Reading) -> list[str]:
        version = self._version(problem) or ""
        ladder = self._ladder(problem, evidence)
        said = how_fast(
            evidence, ladder, self._memory.pick, asked_space=self._state.was_asked(f"{version}:space"),
            complexity_only=reading.want is Want.COMPLEXITY,
        )  # fmt: skip
        line = ladder.slow_line()
        self._state.ask(OpenQuestion(key=f"{version}:gap", text=said[-1] if said else "", version=version,
                                     lines=[line] if line else [], names=ladder.code.names_on(line)))  # fmt: skip
        return said

    def _understood(self, said: str, reading: Reading, problem: Problem | None, out: Listener) -> list[str]:
        """ "I get it": checked on the failing input while the code still fails, else concluded
        with the learner's own words and the concepts they reached."""
        version = self._version(problem)
        if problem is not None and version is not None:
            evidence = self._evidence(problem)
            self._memory.claim(Claim(said, "understands", list(reading.concepts), version))
            for concept in reading.concepts:
                if concept in self._problem_concepts(problem):
                    self._memory.reach(self._vocabulary(problem), concept)
            if evidence.failing is not None and version not in self._state.checked_understanding:
                self._state.checked_understanding.append(version)
                text = words.fill(words.UNDERSTOOD_CHECK, values(evidence))
                expected = str(evidence.failing.get("expected") or "")
                self._state.ask(OpenQuestion(key=f"{version}:check", text=text, version=version, values=[expected]))
                return [text]
        if not own_words(said) and not self._memory.claimed() and not self._state.was_asked(f"{version}:recap"):
            # Nothing of the learner's to keep yet: ask for it rather than keep a sentence of ours.
            self._state.ask(OpenQuestion(key=f"{version}:recap", text=words.RECAP, version=version or ""))
            return [words.RECAP]
        return self._conclude(said, problem, out)

    def _debug_plan(self, problem: Problem | None) -> list[str]:
        """ "/debug": the plan checked against the code, told in its words, then questioned."""
        context = self._context
        plan = self.services.plans.load(self.learner, problem.id, context.language) if problem is not None else None
        talk = self._plans.talk(plan, problem, context)
        version = self._version(problem) or ""
        for number, question in enumerate(talk.questions):
            self._state.ask(OpenQuestion(key=f"{version}:plan:{number}", text=question, version=version,
                                         lines=talk.lines))  # fmt: skip
        return [*talk.said, *talk.questions]

    # --- tools behind the answers ----------------------------------------------------------------
    def _evidence(self, problem: Problem, *, measure: bool = False) -> VersionEvidence:
        version = self._version(problem) or ""
        evidence = VersionEvidence(dict(self._state.evidence.get(version) or {}))
        needs = (
            not evidence.ran
            or evidence.unavailable
            or "patterns" not in evidence.data
            or (evidence.passes_examples and not evidence.data.get("edges_searched"))
            or (measure and "measured" not in evidence.data)
        )
        if needs:
            evidence.data.pop("unavailable", None)
            evidence.gather(self._tools, problem, self._context, measure=measure)
            self._state.keep_evidence(version, evidence.data)
        return evidence

    def _hint(self, problem: Problem, evidence: VersionEvidence | None) -> list[str]:
        """The next hint level; past the last, a question about the code instead."""
        level = self._level(problem) + 1
        total = len(problem.hints)
        if level > total:
            said = [words.fill(words.ALL_HINTS_SEEN, {"total": total})]
            question = self._unasked(problem, evidence or self._evidence(problem))
            if question is not None:
                self._state.ask(question)
                return [*said, question.text]
            return said
        return self._hint_at(problem, level)

    def _hint_at(self, problem: Problem, level: int) -> list[str]:
        result = self._tools.call(
            GENERATE_HINT,
            {"problem_id": problem.id, "current_code": self._context.code, "hint_level": level,
             "language": self._context.language},
        )  # fmt: skip
        if failed(result):
            return [words.fill(words.RATE_LIMITED, {"tool": "the hint", "error": result["error_message"]})]
        self._levels[problem.id] = level
        self._state.hint_level = max(self._state.hint_level, level)
        hint = words.fill(words.HINT, {"level": level, "total": result["hints_total"], "hint": result["hint"]})
        return [hint, result["about_your_code"], result["question"]]

    def _stuck(self, problem: Problem, out: Listener) -> list[str]:
        """As a model would: escalate_for_insight, which asks this session's tutor (the coach) to go deeper."""
        reason = f"The learner says they are stuck on {problem.title}."[:150]
        topic = problem.topics[0].value
        result = self._tools.call(ESCALATE_FOR_INSIGHT, {"reason": reason, "topic": topic})
        question = "" if failed(result) else result["data"]["new_question"]
        if not question:  # refused (the day's escalations are spent): the coach still moves a level up
            _who, question = self.ask_deeper(reason, topic)
        out(Escalated(WHO, reason, self._shown(question)))
        return [words.STUCK, question]

    def _what_next(self) -> list[str]:
        result = self._tools.call(GET_PERSONALIZED_RECOMMENDATION, {"num_recommendations": 3})
        if failed(result):
            return [words.fill(words.RATE_LIMITED, {"tool": "recommendations", "error": result["error_message"]})]
        return recommended(result["recommendations"])

    def _conclude(self, said: str, problem: Problem | None, out: Listener) -> list[str]:
        subject = problem.title if problem is not None else "Practice"
        title = f"{subject}: what clicked"[:100]
        final = self._memory.final_insight(said, subject)
        self._concluded = True
        result = self._tools.call(CONCLUDE_SESSION, {"summary_title": title, "final_insight": final})
        if failed(result):
            return [result["error_message"]]
        data = result["data"]
        insights = [str(i) for i in data["key_insights"] or [*self._insights, final]]
        title = data["summary_title"] or title
        out(SessionConcluded(self._shown(title), tuple(self._shown(i) for i in insights)))
        return [words.fill(words.CONCLUDED, {"title": title})]

    # --- the TutorSeat protocol ------------------------------------------------------------------
    def ask_deeper(self, reason: str, topic: str | None) -> tuple[str, str]:
        """The coach's escalation: the next hint level, and the next question about the code."""
        problem = self._problem()
        if problem is None or not self._context.code.strip():
            return WHO, words.NO_PROBLEM if problem is None else words.NO_CODE
        level = self._level(problem) + 1
        said = self._hint_at(problem, level)[:2] if level <= len(problem.hints) else []
        evidence = self._evidence(problem)
        question = self._unasked(problem, evidence)
        if question is not None:
            self._state.ask(question)
        return WHO, " ".join(part for part in [*said, question.text if question else ""] if part)

    def flagged_insights(self) -> list[str]:
        return list(self._insights)

    # --- the problem and its words ---------------------------------------------------------------
    def _problem_concepts(self, problem: Problem) -> set[str]:
        vocabulary = self._vocabulary(problem)
        return {c.id for c in vocabulary.concepts if vocabulary.owns(c.id)}

    def _problem(self) -> Problem | None:
        pid = self._context.problem_id
        return self.services.bank.get(pid) if pid else None

    def _level(self, problem: Problem) -> int:
        if problem.id not in self._levels:
            taken = self.services.history.hints(self.learner, problem.id)
            self._levels[problem.id] = min(len(problem.hints), max((h.level for h in taken), default=0))
        return self._levels[problem.id]

    def _shown(self, text: str) -> str:
        """Text outside the stream (an escalation's question, a summary) passes the filter too."""
        return NOTICE.strip() if self._guard.leaks(text) else text


def _same_failure(before: dict[str, Any], now: dict[str, Any]) -> bool:
    return all(before.get(k) == now.get(k) for k in ("input", "actual", "verdict"))
