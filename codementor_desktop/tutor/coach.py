"""The offline coach: the tutor with no model. It runs the same tool chain as a model would (run,
analyze, find an edge case, trace, recommend) and turns what it finds into Socratic questions and
the problem's progressive hints, from templates keyed by verdict, pattern and edge case.

Deterministic: the same code and the same words get the same answer. It never writes code; what it
says still passes the solution filter, like a model's answer. "I'm stuck" moves a hint level up
with a question from the trace, "Hint" gives the next hint, "What next?" recommends, "I get it"
concludes the session. It is a TutorSeat too: ``escalate_for_insight`` asked of it moves a hint
level up instead of asking a stronger model.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from . import coach_templates as words
from .cancellation import Cancellation
from .coach_chain import Evidence, Stopped, ToolRunner, gather
from .coach_session import CoachSession
from .events import Escalated, Listener, SessionConcluded, TextDelta, ToolFinished, ToolStarted, TurnEnded, TutorEvent
from .guard import NOTICE, SolutionGuard, StreamGuard, guarded
from .turns import Intent, TurnContext

if TYPE_CHECKING:
    from ..problems.model import Problem
    from ..tools.services import Services

LABEL = "Offline coach"
WHO = "offline coach"  # who answered an escalation
_WANTS_ANSWER = re.compile(
    r"\b(answers?|solutions?|solve (it|this)|write (it|the code|this|my code)|the code for me|give me (the )?code|"
    r"just tell me|do it for me|full code|complete code|show me (the )?code)\b",
    re.IGNORECASE,
)
_READS = [
    (Intent.WHAT_NEXT, re.compile(r"\b(what('s| is)? next|next problem|recommend|practi[cs]e next)\b", re.I)),
    (Intent.GOT_IT, re.compile(r"\b(i get it|got it|i understand|makes sense now|i see now|i'm done|i am done)\b", re.I)),
    (Intent.HINT, re.compile(r"\bhint\b", re.I)),
    (Intent.STUCK, re.compile(r"\b(stuck|no idea|lost|confused|don'?t (know|understand)|help)\b", re.I)),
]  # fmt: skip


def read_intent(said: str) -> tuple[Intent, bool]:
    """What typed words ask for, and whether they ask for the answer itself (which gets a question)."""
    wants_answer = bool(_WANTS_ANSWER.search(said))
    for intent, pattern in _READS:
        if pattern.search(said):
            return intent, wants_answer
    return Intent.SAY, wants_answer


class OfflineCoach:
    """A Tutor that needs no model server (and the TutorSeat of its own tool calls)."""

    def __init__(self, services: Services, learner: str, *, session_id: str | None = None) -> None:
        self.services = services
        self.learner = learner
        self._session = CoachSession(services.conversations, learner, session_id, LABEL)
        self.session_id = self._session.session_id
        self._tools = ToolRunner(services, learner, self)
        self._evidence: dict[tuple[str, str, str], Evidence] = {}
        self._levels: dict[str, int] = {}
        self._insights: list[str] = list(self._session.flagged)
        self._context = TurnContext(problem_id=self._session.problem_id)
        self._guard = SolutionGuard([])

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
        wants_answer = False
        if intent is Intent.SAY:
            intent, wants_answer = read_intent(said)
        self._session.begin(self._context.problem_id, said, intent, out)
        reason = "answered"
        try:
            sentences = [s for s in self._answer(said, intent, wants_answer, problem, out) if s]
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
        new_insights = self._insights[flagged_before:]
        self._session.keep(self._tools.made, text, shown, new_insights, out)
        return self._end(out, reason)

    def _answer(
        self, said: str, intent: Intent, wants_answer: bool, problem: Problem | None, out: Listener
    ) -> list[str]:
        if intent is Intent.WHAT_NEXT:
            return self._what_next()
        if intent is Intent.GOT_IT:
            return self._conclude(said, problem, out)
        if problem is None:
            return [words.NO_PROBLEM]
        if not self._context.code.strip():
            return [words.NO_CODE]
        refusal = [words.REFUSAL] if wants_answer else []
        if intent is Intent.HINT:
            return refusal + self._hint(problem)
        if intent is Intent.STUCK:
            return refusal + self._stuck(said, problem, out)
        return refusal + self._coach(problem)

    def _end(self, out: Listener, reason: str) -> TurnEnded:
        ended = TurnEnded(reason, 1)
        out(ended)
        return ended

    # --- what each intent says -------------------------------------------------------------------
    def _coach(self, problem: Problem) -> list[str]:
        evidence = self._gather(problem)
        said = [self._run_sentence(evidence)]
        if evidence.failing is not None:
            said.append(self._trace_question(evidence) or self._verdict_question(evidence))
        elif evidence.patterns():
            said.append(self._pattern_question(evidence.patterns()[0], evidence))
        else:
            said.append(words.fill(words.VERDICT_QUESTION["AC"], {}))
        return said

    def _hint(self, problem: Problem) -> list[str]:
        level = self._level(problem) + 1
        total = len(problem.hints)
        if level > total:
            evidence = self._gather(problem)
            question = self._trace_question(evidence) or self._verdict_question(evidence)
            return [words.fill(words.ALL_HINTS_SEEN, {"total": total}), question]
        return self._hint_at(problem, level)

    def _hint_at(self, problem: Problem, level: int) -> list[str]:
        result = self._tools.call(
            "generate_hint",
            {"problem_id": problem.id, "current_code": self._context.code, "hint_level": level,
             "language": self._context.language},
        )  # fmt: skip
        if "error_code" in result:
            return [words.fill(words.RATE_LIMITED, {"tool": "generate_hint", "error": result["error_message"]})]
        self._levels[problem.id] = level
        hint = words.fill(words.HINT, {"level": level, "total": result["hints_total"], "hint": result["hint"]})
        return [hint, str(result.get("about_your_code") or ""), str(result.get("question") or "")]

    def _stuck(self, said: str, problem: Problem, out: Listener) -> list[str]:
        """As a model would: escalate_for_insight, which asks this session's tutor (the coach) to go deeper."""
        reason = f"The learner says they are stuck on {problem.title}."[:150]
        topic = problem.topics[0].value
        result = self._tools.call("escalate_for_insight", {"reason": reason, "topic": topic})
        question = str((result.get("data") or {}).get("new_question") or "")
        if not question:  # refused (the day's escalations are spent): the coach still moves a level up
            _who, question = self.ask_deeper(reason, topic)
        out(Escalated(WHO, reason, self._shown(question)))
        return [words.STUCK, question]

    def _what_next(self) -> list[str]:
        result = self._tools.call("get_personalized_recommendation", {"num_recommendations": 3})
        if "error_code" in result:
            return [words.fill(words.RATE_LIMITED, {"tool": "recommendations", "error": result["error_message"]})]
        items = [
            words.fill(words.NEXT_ITEM, {"title": r.get("title"), "difficulty": r.get("difficulty"),
                                         "minutes": r.get("estimated_minutes"), "reason": r.get("reason")})
            for r in result.get("recommendations") or []
        ]  # fmt: skip
        if not items:
            return [words.NEXT_NONE]
        return [words.NEXT_INTRO + "\n", *(item + "\n" for item in items), words.NEXT_QUESTION]

    def _conclude(self, said: str, problem: Problem | None, out: Listener) -> list[str]:
        subject = problem.title if problem is not None else "Practice"
        title = f"{subject}: what clicked"[:100]
        final = " ".join(said.split())
        if len(final) < 20:
            final = f"The learner said they understand {subject}: {final}"
        final = final[:200]
        result = self._tools.call("conclude_session", {"summary_title": title, "final_insight": final})
        if "error_code" in result:
            return [str(result.get("error_message") or "")]
        found = result.get("data")
        data: dict[str, Any] = found if isinstance(found, dict) else result
        insights = [str(i) for i in data.get("key_insights") or [*self._insights, final]]
        title = str(data.get("summary_title") or title)
        out(SessionConcluded(self._shown(title), tuple(self._shown(i) for i in insights)))
        return [words.fill(words.CONCLUDED, {"title": title})]

    # --- the TutorSeat protocol ------------------------------------------------------------------
    def ask_deeper(self, reason: str, topic: str | None) -> tuple[str, str]:
        """The coach's escalation: the next hint level, and a question from the trace."""
        problem = self._problem()
        if problem is None or not self._context.code.strip():
            return WHO, words.NO_PROBLEM if problem is None else words.NO_CODE
        level = self._level(problem) + 1
        said = self._hint_at(problem, level) if level <= len(problem.hints) else []
        evidence = self._gather(problem)
        question = self._trace_question(evidence) or self._verdict_question(evidence)
        return WHO, " ".join(part for part in [*said[:2], question] if part)

    def flagged_insights(self) -> list[str]:
        return list(self._insights)

    # --- evidence and its words ------------------------------------------------------------------
    def _problem(self) -> Problem | None:
        pid = self._context.problem_id
        return self.services.bank.get(pid) if pid else None

    def _level(self, problem: Problem) -> int:
        if problem.id not in self._levels:
            taken = self.services.history.hints(self.learner, problem.id)
            self._levels[problem.id] = min(len(problem.hints), max((h.level for h in taken), default=0))
        return self._levels[problem.id]

    def _gather(self, problem: Problem) -> Evidence:
        key = (problem.id, self._context.language, self._context.code)
        if key not in self._evidence:
            evidence = gather(self._tools, problem, self._context)
            self._evidence[key] = evidence
            for pattern in evidence.patterns()[:2]:
                insight = f"{problem.title}: {pattern.get('description', pattern.get('pattern_type'))}"
                if insight not in self._insights:
                    self._insights.append(insight[:200])
        return self._evidence[key]

    def _values(self, evidence: Evidence) -> dict[str, Any]:
        failing = evidence.failing or {}
        tests = evidence.run.get("test_results") or []
        values: dict[str, Any] = {
            "total": len(tests), "passed": sum(1 for t in tests if t.get("passed")),
            "input": failing.get("input"), "expected": failing.get("expected"), "actual": failing.get("actual"),
            "test_id": failing.get("test_id"), "error": failing.get("error") or evidence.run.get("error_message"),
        }  # fmt: skip
        line = evidence.run.get("line_number")
        values["line_note"] = f" (line {line})" if line else ""
        return values

    def _run_sentence(self, evidence: Evidence) -> str:
        if evidence.unavailable and evidence.unavailable[0][0] == "execute_code":
            return words.fill(words.RATE_LIMITED, {"tool": "the tests", "error": evidence.unavailable[0][1]})
        failing = evidence.failing
        if failing is not None and failing.get("category"):
            category = str(failing["category"])
            what = words.EDGE.get(category, words.EDGE["generated"])
            note = failing.get("operations")
            sentence = words.EDGE_SENTENCE_BY_VERDICT.get(str(failing.get("verdict")), words.EDGE_SENTENCE)
            values = {**self._values(evidence), "what": what, "operations": f" ({note})" if note else ""}
            return words.fill(sentence, values)
        verdict = (failing or {}).get("verdict") or evidence.verdict or "IE"
        return words.fill(words.VERDICT.get(verdict, words.VERDICT["IE"]), self._values(evidence))

    def _verdict_question(self, evidence: Evidence) -> str:
        verdict = (evidence.failing or {}).get("verdict") or evidence.verdict or "AC"
        return words.fill(words.VERDICT_QUESTION.get(verdict, words.GENERAL_CLOSE), self._values(evidence))

    def _pattern_question(self, pattern: dict[str, Any], evidence: Evidence) -> str:
        location = pattern.get("code_location") or {}
        line = location.get("line_start")
        lines = self._context.code.splitlines()
        complexity = (evidence.analysis or {}).get("complexity_analysis") or {}
        if pattern.get("pattern_type") == "suboptimal_time_complexity":
            blamed = complexity.get("evidence", {}).get("time") or []
            numbers = [
                int(t.split(":")[0][5:]) for t in blamed if t.startswith("line ") and t.split(":")[0][5:].isdigit()
            ]
            line = max(numbers, default=line)
        text = lines[line - 1].strip() if isinstance(line, int) and 1 <= line <= len(lines) else ""
        template = words.PATTERN.get(str(pattern.get("pattern_type")), words.GENERAL_CLOSE)
        return words.fill(template, {"line": line, "line_text": text, "complexity": complexity.get("time_complexity"),
                                     "optimal": complexity.get("optimal_time")})  # fmt: skip

    def _trace_question(self, evidence: Evidence) -> str | None:
        trace, failing = evidence.trace, evidence.failing
        if not trace or failing is None:
            return None
        entry = self._problem()
        name = entry.function_name(self._context.language) if entry is not None else None
        steps = [s for s in trace.get("last_steps") or [] if s.get("function") == name]
        returned = next((s for s in reversed(steps) if s.get("event") == "return"), None)
        if returned is None:
            last = steps[-1] if steps else {}
            return words.fill(words.TRACE_QUESTION_NO_RETURN, {"input": failing.get("input"), "line": last.get("line")})
        variables = ", ".join(f"{k} = {v}" for k, v in list((returned.get("variables") or {}).items())[:4])
        return words.fill(
            words.TRACE_QUESTION,
            {"input": failing.get("input"), "returned": returned.get("return_value"), "line": returned.get("line"),
             "variables": variables or "no variables"},
        )  # fmt: skip

    def _shown(self, text: str) -> str:
        """Text outside the stream (an escalation's question, a summary) passes the filter too."""
        return NOTICE.strip() if self._guard.leaks(text) else text
