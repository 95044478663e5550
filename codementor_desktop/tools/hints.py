"""generate_hint: the problem's next progressive hint, made specific to the learner's code.

The hint's words are the problem's own (they go from a nudge to nearly the way and never write the
solution); what is added comes from the learner's code alone: the visible test it fails (its input,
what it returns, what is expected) and the line the analysis finds slow. The visible tests are run
for that, but the run is not kept as an attempt: asking for a hint is not submitting. The level
given is recorded in the learner's profile, as the window's Hint button records it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, cast

from pydantic import Field

from ..analysis import analyze
from ..domain.vocabulary import ErrorCode
from ..problems.judging import function_spec, visible_tests
from ..runner.protocol import Limits
from ..storage.learner_history import LearnerHistory
from .context import ToolContext
from .errors import ToolFailure, unknown_problem
from .registry import AnyTool, Tool
from .schemas import MAX_CODE_CHARS, LanguageName, ToolArguments
from .workbench import Workbench

if TYPE_CHECKING:
    from ..problems.model import Problem
    from ..runner.child.wire import FunctionSpec, TestCase
    from .results import Hint, HintEvidence

MAX_LEVEL = 5  # a problem has 2 to 5 hints


class GenerateHint(ToolArguments):
    NAME: ClassVar[str] = "generate_hint"
    SPEC_REQUIRED: ClassVar[tuple[str, ...]] = ("problem_id", "current_code", "hint_level")
    DESCRIPTION: ClassVar[str] = (
        "Progressive hints without giving away the solution: the problem's hint at hint_level (1 is a nudge, the "
        "problem's last hint stops short of the way), made specific to the learner's code (the visible test it "
        "fails, the line that is slow). The level used is recorded in the learner's profile."
    )
    problem_id: str = Field(description="The bank problem, e.g. 'two-sum'", min_length=1, max_length=120)
    current_code: str = Field(description="The learner's code as it is now", max_length=MAX_CODE_CHARS)
    hint_level: int = Field(ge=1, le=MAX_LEVEL, description="1 to the problem's number of hints")
    language: LanguageName = Field(default="python", description="The language of current_code")


def generate_hint(args: GenerateHint, context: ToolContext, services: Workbench) -> Hint:
    problem = services.bank.get(args.problem_id)
    if problem is None:
        raise unknown_problem(args.problem_id, services.bank.problems, "; hints belong to bank problems")
    total = len(problem.hints)
    if args.hint_level > total:
        raise ToolFailure(
            ErrorCode.INVALID_ARGUMENTS,
            f"{problem.title} has {total} hints: hint_level is 1 to {total}, not {args.hint_level}.",
            field_errors=[{"field": "hint_level", "message": f"must be 1 to {total}"}],
            hints_total=total,
        )
    context.report(0.0, "running the visible tests")
    run = _visible_run(problem, args, context, services)
    context.report(0.6, "reading the code")
    plain = problem.model_dump(mode="json")
    analysis = analyze(args.current_code, args.language, plain, run)
    evidence = hint_evidence(args.current_code, run, analysis)
    recorded = LearnerHistory(services.database).record_hint(context.learner, problem.id, args.hint_level)
    context.report(1.0, "hint ready")
    return {
        "status": "success",
        "problem_id": problem.id,
        "hint_level": args.hint_level,
        "hints_total": total,
        "hint": problem.hints[args.hint_level - 1],
        "about_your_code": about_the_code(evidence),
        "question": question_for(evidence, args.hint_level, total),
        "evidence": evidence,
        "more_hints": args.hint_level < total,
        "hint_id": recorded.hint_id,
    }


def _visible_run(problem: Problem, args: GenerateHint, context: ToolContext, services: Workbench) -> dict[str, Any]:
    limits = Limits(
        timeout_seconds=5.0,
        run_seconds=services.settings.run_seconds,
        memory_mb=services.settings.memory_mb,
        output_bytes=services.settings.output_kb * 1024,
    )
    result = services.executor.judge(
        code=args.current_code,
        language=args.language,
        tests=cast("list[TestCase]", visible_tests(problem)),
        limits=limits,
        function=cast("FunctionSpec", function_spec(problem, args.language)),
        compare=problem.compare,
        checker=problem.checker,
        cancel=context.cancel,
    )
    return dict(result)


def hint_evidence(code: str, run: dict[str, Any], analysis: dict[str, Any]) -> HintEvidence:
    """What the run and the analysis say about this code, in the learner's terms (no solution in it)."""
    tests = run.get("test_results") or []
    evidence: HintEvidence = {
        "verdict": run.get("verdict"),
        "tests_passed": sum(1 for t in tests if t.get("passed")),
        "tests_total": len(tests),
    }
    failing = next((t for t in tests if not t.get("passed")), None)
    if failing is not None:
        evidence["failing_test"] = {
            key: failing.get(key) for key in ("test_id", "input", "expected_output", "actual_output", "verdict")
        }
        if failing.get("error_message") or run.get("error_message"):
            evidence["failing_test"]["error"] = failing.get("error_message") or run.get("error_message")
    if not analysis.get("analysis_complete"):
        evidence["does_not_parse"] = {"line": analysis.get("line_number") or analysis.get("line")}
        return evidence
    complexity = analysis.get("complexity_analysis") or {}
    evidence["time_complexity"] = complexity.get("time_complexity")
    evidence["optimal_time"] = complexity.get("optimal_time")
    slow = slow_line(code, analysis)
    if slow is not None:
        evidence["slow_line"] = slow
    evidence["patterns"] = [p.get("pattern_type") for p in analysis.get("detected_patterns") or []]
    return evidence


def slow_line(code: str, analysis: dict[str, Any]) -> dict[str, Any] | None:
    """The innermost line the analysis blames for a slower class than the problem's, with its text."""
    slow = next(
        (p for p in analysis.get("detected_patterns") or [] if p.get("pattern_type") == "suboptimal_time_complexity"),
        None,
    )
    if slow is None:
        return None
    lines = code.splitlines()
    location = slow.get("code_location") or {}
    blamed = [
        _line_number(text) for text in (analysis.get("complexity_analysis") or {}).get("evidence", {}).get("time", [])
    ]
    numbers = [n for n in blamed if n is not None and 1 <= n <= len(lines)]
    number = max(numbers) if numbers else location.get("line_start")
    if not isinstance(number, int) or not 1 <= number <= len(lines):
        return None
    return {"line": number, "text": lines[number - 1].strip(), "why": slow.get("description", "")}


def _line_number(text: str) -> int | None:
    """``"line 3: a loop over nums (n)"`` -> 3."""
    head = text.split(":", 1)[0].strip()
    if head.startswith("line ") and head[5:].isdigit():
        return int(head[5:])
    return None


def about_the_code(evidence: HintEvidence) -> str:
    """One or two sentences about this code that the hint is made specific with."""
    parts: list[str] = []
    if "does_not_parse" in evidence:
        line = evidence["does_not_parse"].get("line")
        return f"Your code does not parse yet{f' (line {line})' if line else ''}: the tests could not call it."
    failing = evidence.get("failing_test")
    if failing is not None:
        if failing.get("verdict") == "WA":
            parts.append(
                f"On input {failing.get('input')} your code returns {failing.get('actual_output')}, "
                f"where {failing.get('expected_output')} is expected."
            )
        else:
            error = f" ({failing['error']})" if failing.get("error") else ""
            parts.append(f"On input {failing.get('input')} your code ends in {failing.get('verdict')}{error}.")
    slow = evidence.get("slow_line")
    if slow is not None:
        parts.append(
            f"Line {slow['line']} (`{slow['text']}`) makes it {evidence.get('time_complexity')}, "
            f"where {evidence.get('optimal_time')} is possible."
        )
    if not parts:
        parts.append(f"Your code passes the {evidence.get('tests_total', 0)} visible tests.")
    return " ".join(parts)


def question_for(evidence: HintEvidence, level: int, total: int) -> str:
    """A question that sends the learner back to their own code with the hint in mind."""
    failing = evidence.get("failing_test")
    if "does_not_parse" in evidence:
        return "What does the line the error points at need so that Python can read it?"
    if failing is not None and failing.get("verdict") == "WA":
        return f"Work input {failing.get('input')} by hand, step by step: where does your code first do something you would not?"
    if failing is not None:
        return f"Which value on input {failing.get('input')} does your code not expect?"
    if evidence.get("slow_line") is not None:
        line = evidence["slow_line"]["line"]
        return f"What does line {line} look for each time it runs, and could you know that without the loop?"
    if level < total:
        return "How would your code behave on the smallest and the largest inputs the constraints allow?"
    return "Can you say in one sentence why your approach is right, and what it costs?"


TOOLS: list[AnyTool] = [Tool(GenerateHint, generate_hint)]
