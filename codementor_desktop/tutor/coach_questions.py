"""The offline coach's questions about one version of the code, in the order it asks them, each
with what an answer that finds the cause would name (variables, lines, values, concepts).

Failing code: the trace of the failing input (which value is wrong), the line the bug locator
points at, working the input by hand, a smaller step. Passing code: the line that makes it slower
than the best known, the space it uses, the largest input. A question once asked is not asked
again in the conversation; the coach goes down the ladder instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import coach_templates as words
from .dialogue import OpenQuestion

if TYPE_CHECKING:
    from ..problems.model import Problem
    from .coach_evidence import VersionEvidence

_NAME = re.compile(r"[A-Za-z_$][\w$]*")
_KEYWORDS = frozenset(
    "and as assert break class continue def del elif else except False finally for from global if import in is "
    "lambda None nonlocal not or pass raise return True try while with yield const let var function of new "
    "this null undefined true false typeof length range len".split()
)


@dataclass(frozen=True)
class Code:
    """The learner's code as the questions quote it."""

    text: str
    params: frozenset[str]

    def line(self, number: Any) -> str:
        lines = self.text.splitlines()
        return lines[number - 1].strip() if isinstance(number, int) and 1 <= number <= len(lines) else ""

    def names_on(self, number: Any) -> list[str]:
        return [n for n in dict.fromkeys(_NAME.findall(self.line(number))) if n not in _KEYWORDS]

    def assigned_at(self, name: str) -> int | None:
        """The first line that gives ``name`` a value (``for name in``, ``name =``, ``let name``)."""
        pattern = re.compile(
            rf"(?:\bfor\s*\(?\s*(?:let|const|var)?\s*{re.escape(name)}\b|\b(?:let|const|var)\s+{re.escape(name)}\b|"
            rf"^\s*{re.escape(name)}\s*(?:[-+*/]?=)(?!=))"
        )
        for number, line in enumerate(self.text.splitlines(), 1):
            if pattern.search(line):
                return number
        return None


def values(evidence: VersionEvidence) -> dict[str, Any]:
    """The failing test's values, ready for the templates."""
    failing = evidence.failing or {}
    tests = evidence.run.get("test_results") or []
    found: dict[str, Any] = {
        "total": len([t for t in tests if not t.get("hidden")]) or len(tests),
        "passed": sum(1 for t in tests if t.get("passed")),
        "input": failing.get("input"), "expected": failing.get("expected"), "actual": failing.get("actual"),
        "test_id": failing.get("test_id"), "error": failing.get("error") or evidence.run.get("error_message"),
    }  # fmt: skip
    line = evidence.run.get("line_number")
    found["line_note"] = f" (line {line})" if line else ""
    return found


def run_sentence(evidence: VersionEvidence) -> str:
    """What the run of this version says, in one sentence."""
    if evidence.unavailable:
        return words.fill(words.RATE_LIMITED, {"tool": "the tests", "error": evidence.unavailable})
    failing = evidence.failing
    if failing is not None and failing.get("category"):
        what = words.EDGE.get(str(failing["category"]), words.EDGE["generated"])
        note = failing.get("operations")
        sentence = words.EDGE_SENTENCE_BY_VERDICT.get(str(failing.get("verdict")), words.EDGE_SENTENCE)
        filled = {**values(evidence), "what": what, "operations": f" ({note})" if note else ""}
        return words.fill(sentence, filled)
    verdict = (failing or {}).get("verdict") or evidence.verdict or "IE"
    return words.fill(words.VERDICT.get(verdict, words.VERDICT["IE"]), values(evidence))


class Ladder:
    """The questions about one version, in order, as ``OpenQuestion``s keyed by version and step."""

    def __init__(self, version: str, evidence: VersionEvidence, code: Code, problem: Problem) -> None:
        self.version = version
        self.evidence = evidence
        self.code = code
        self.problem = problem

    def questions(self) -> list[OpenQuestion]:
        if self.evidence.unavailable or not self.evidence.ran:
            return []
        if self.evidence.failing is not None:
            first = [self._trace(), self._located(), self._by_hand(), *self._smaller()]
        else:
            first = [self._slow_line(), self._space(), self._largest()]
        return [q for q in (*first, *self._reflections()) if q is not None]

    def _reflections(self) -> list[OpenQuestion]:
        """Questions any version can be asked, for a conversation that has used up the rest."""
        asked = [self._question("smallest", words.SMALLEST_INPUT)]
        for k, (example, template) in enumerate(zip(self.problem.examples, words.EXAMPLE_QUESTIONS, strict=False), 1):
            text = words.fill(template, {"k": k, "input": example.input, "output": example.output})
            asked.append(self._question(f"example{k}", text))
        busy = sorted(
            (n for n in range(1, len(self.code.text.splitlines()) + 1) if len(self.code.names_on(n)) >= 2),
            key=lambda n: -len(self.code.names_on(n)),
        )
        for line, template in zip(busy, words.LINE_QUESTIONS, strict=False):
            text = words.fill(template, {"line": line, "line_text": self.code.line(line)})
            asked.append(self._question(f"line{line}", text, names=self.code.names_on(line), lines=[line]))
        return asked

    def _question(self, step: str, text: str, **expects: Any) -> OpenQuestion:
        return OpenQuestion(key=f"{self.version}:{step}", text=text, version=self.version, **expects)

    def bug_lines(self) -> list[int]:
        lines = []
        for pattern in self.evidence.patterns:
            if pattern.get("pattern_type") == "likely_bug_location":
                start = (pattern.get("code_location") or {}).get("line_start")
                if isinstance(start, int):
                    lines.append(start)
        return lines

    def _trace(self) -> OpenQuestion | None:
        trace, failing = self.evidence.trace, self.evidence.failing or {}
        if not trace:
            return None
        returned = trace.get("returned")
        if returned is None:
            text = words.fill(
                words.TRACE_QUESTION_NO_RETURN, {"input": failing.get("input"), "line": trace.get("last_line")}
            )
            line = trace.get("last_line")
            return self._question("trace", text, lines=[line] if isinstance(line, int) else [],
                                  names=self.code.names_on(line))  # fmt: skip
        variables = returned.get("variables") or {}
        # The variables the code made first (the parameters are the input, already shown), then the rest.
        ordered = [k for k in variables if k not in self.code.params] + [k for k in variables if k in self.code.params]
        shown = ", ".join(f"{k} = {variables[k]}" for k in ordered[:4])
        text = words.fill(
            words.TRACE_QUESTION,
            {"input": failing.get("input"), "returned": returned.get("value"), "line": returned.get("line"),
             "variables": shown or "no variables"},
        )  # fmt: skip
        made = [k for k in ordered if k not in self.code.params][:4]
        lines = [n for n in [returned.get("line"), *self.bug_lines()[:2]] if isinstance(n, int)]
        values_shown = [str(variables[k]) for k in made] + [str(returned.get("value"))]
        return self._question("trace", text, names=made or ordered[:2], lines=lines, values=values_shown)

    def _located(self) -> OpenQuestion | None:
        lines = self.bug_lines()
        if not lines:
            return None
        line = lines[0]
        text = words.fill(words.PATTERN["likely_bug_location"], {"line": line, "line_text": self.code.line(line)})
        return self._question("located", text, names=self.code.names_on(line), lines=[line])

    def _by_hand(self) -> OpenQuestion:
        verdict = (self.evidence.failing or {}).get("verdict") or self.evidence.verdict or "WA"
        text = words.fill(words.VERDICT_QUESTION.get(verdict, words.GENERAL_CLOSE), values(self.evidence))
        return self._question("by_hand", text, lines=self.bug_lines()[:2])

    def _smaller(self) -> list[OpenQuestion]:
        return [
            self._question(f"smaller{n}", words.fill(text, values(self.evidence)), lines=self.bug_lines()[:2])
            for n, text in enumerate(words.SMALLER_STEP)
        ]

    def slow_line(self) -> int | None:
        """The line the analysis blames for the time the code takes (the innermost of its loops)."""
        blamed = self.evidence.complexity.get("time_evidence") or []
        numbers = [int(m.group(1)) for t in blamed if (m := re.match(r"line (\d+)", str(t)))]
        if numbers:
            return max(numbers)
        pattern = self.evidence.pattern("suboptimal_time_complexity")
        start = ((pattern or {}).get("code_location") or {}).get("line_start")
        return start if isinstance(start, int) else None

    def slower_than_best(self) -> bool:
        complexity = self.evidence.complexity
        return self.evidence.pattern("suboptimal_time_complexity") is not None or bool(
            complexity.get("time")
            and complexity.get("optimal_time")
            and complexity["time"] != complexity["optimal_time"]
        )

    def _slow_line(self) -> OpenQuestion | None:
        if not self.slower_than_best():
            return None
        line = self.slow_line()
        complexity = self.evidence.complexity
        text = words.fill(
            words.PATTERN["suboptimal_time_complexity"],
            {"line": line, "line_text": self.code.line(line), "complexity": complexity.get("time"),
             "optimal": complexity.get("optimal_time")},
        )  # fmt: skip
        return self._question("slow_line", text, names=self.code.names_on(line), lines=[line] if line else [])

    def _space(self) -> OpenQuestion | None:
        complexity = self.evidence.complexity
        if not complexity.get("space"):
            return None
        text = (
            f"Your code uses {complexity['space']} extra space. Which of what it keeps does it read again, and "
            "could it keep less?"
        )
        return self._question("space", text)

    def _largest(self) -> OpenQuestion:
        return self._question("largest", words.VERDICT_QUESTION["AC"])
