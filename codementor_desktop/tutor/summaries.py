"""A tool call in the words of a person: what a card says while a tool runs (``doing``) and the one
line it says when the tool has answered (``summarize``): "Running your code on the examples…",
"Ran your code: test 2 fails on input [3,2,4], 6; 1 of 3 tests pass", "Hint 2 of 3".

The window's cards, the terminal (``codementor ask``) and the stored conversation all read these
lines. A tool's own name and an error's code never appear in them: they stay in the raw result
(the card's raw JSON, ``--json``)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from ..domain.vocabulary import ErrorCode
from ..tools.results import (
    ANALYZE_CODE_PATTERNS,
    BP_BREAKPOINT,
    BP_DEBUG_PLAN,
    BP_EXECUTE,
    BP_EXECUTION_DIAGRAM,
    BP_FIND_EDGE_CASES,
    BP_RUN_TESTS,
    BP_TRACE,
    BP_VARIABLE_HISTORY,
    BP_VISUALIZE_STRUCTURE,
    COMPARE_WITH_PEERS,
    CONCLUDE_SESSION,
    DELETE_LEARNER_DATA,
    ESCALATE_FOR_INSIGHT,
    EXECUTE_CODE,
    EXPORT_LEARNER_DATA,
    FLAG_INCORRECT_ANALYSIS,
    FLAG_RECOMMENDATION,
    GENERATE_HINT,
    GET_PERSONALIZED_RECOMMENDATION,
    GET_USER_PROGRESS,
    IMPORT_LEARNER_DATA,
    LIST_CODE_HISTORY,
    SAVE_CODE_SNAPSHOT,
    SCHEDULE_MOCK_INTERVIEW,
    ToolName,
)
from . import plan_translation as translation

if TYPE_CHECKING:
    from ..tools.results import (
        Acknowledged,
        Analysis,
        AnalysisFlagged,
        Breakpoint,
        CodeHistory,
        Concluded,
        Diagram,
        EdgeCaseReport,
        Escalated,
        ExecutionResult,
        Hint,
        InterviewScheduled,
        LearnerDeleted,
        LearnerExport,
        LearnerImported,
        PeerComparison,
        PlanDebug,
        Progress,
        Recommendations,
        RunResult,
        SnapshotSaved,
        StructureDrawing,
        TestsRunResult,
        Trace,
        VariableHistory,
    )

R = TypeVar("R")

Arguments = Mapping[str, Any] | str | None

# Each tool: what it is doing, and what could not be done when it answers with an error.
DOING: dict[str, tuple[str, str]] = {
    "execute_code": ("Running your code on the examples", "run the tests"),
    "bp_execute": ("Running your code", "run your code"),
    "bp_run_tests": ("Running your tests", "run your tests"),
    "bp_trace": ("Tracing your code", "trace your code"),
    "bp_breakpoint": ("Running your code to a breakpoint", "stop at the breakpoint"),
    "bp_debug_plan": ("Checking your plan against your code", "check your plan"),
    "bp_visualize_structure": ("Drawing the structure", "draw the structure"),
    "bp_execution_diagram": ("Drawing the path your code took", "draw the path your code took"),
    "bp_variable_history": ("Following your variables through the trace", "follow your variables"),
    "bp_find_edge_cases": ("Searching for edge cases", "search for edge cases"),
    "analyze_code_patterns": ("Looking at your code", "look at your code"),
    "flag_incorrect_analysis": ("Marking the analysis as wrong", "mark the analysis as wrong"),
    "get_personalized_recommendation": ("Choosing problems for you to practise", "recommend problems"),
    "get_user_progress": ("Reading your progress", "read your progress"),
    "flag_recommendation": ("Setting a recommendation aside", "set the recommendation aside"),
    "escalate_for_insight": ("Asking for a deeper question", "ask for a deeper question"),
    "conclude_session": ("Ending the session", "end the session"),
    "generate_hint": ("Opening a hint", "give a hint"),
    "save_code_snapshot": ("Saving a snapshot of the code", "save a snapshot"),
    "list_code_history": ("Listing your saved code and runs", "list your saved code"),
    "export_learner_data": ("Exporting your data", "export your data"),
    "import_learner_data": ("Importing data into your profile", "import the data"),
    "delete_learner_data": ("Deleting your data", "delete your data"),
    "schedule_mock_interview": ("Booking a mock interview", "book the mock interview"),
    "compare_with_peers": ("Comparing your solution", "compare your solution"),
}
# A tool named inside another tool's sentence ("run bp_trace first"), in words.
NOUNS = {
    "execute_code": "the test run", "bp_execute": "the run", "bp_run_tests": "the test run",
    "bp_trace": "the trace", "bp_breakpoint": "the breakpoint", "bp_debug_plan": "the plan check", "bp_visualize_structure": "the drawing",
    "bp_execution_diagram": "the diagram", "bp_variable_history": "the variable history",
    "bp_find_edge_cases": "the edge-case search", "analyze_code_patterns": "the analysis",
    "flag_incorrect_analysis": "the flag", "get_personalized_recommendation": "the recommendations",
    "get_user_progress": "the progress", "flag_recommendation": "the flag",
    "escalate_for_insight": "the deeper question", "conclude_session": "the conclusion",
    "generate_hint": "the hint", "save_code_snapshot": "the snapshot", "list_code_history": "the code history",
    "export_learner_data": "the export", "import_learner_data": "the import", "delete_learner_data": "the deletion",
    "schedule_mock_interview": "the mock interview", "compare_with_peers": "the comparison",
}  # fmt: skip
_NAMED = re.compile(r"\b(" + "|".join(sorted(NOUNS, key=len, reverse=True)) + r")\b")
_CODES = re.compile(r"\b(" + "|".join(code.value for code in ErrorCode) + r")\b:?\s*")
# What a failing test did, after "test 2 ...".
FAILED = {
    "WA": "fails", "RE": "crashes", "TLE": "runs out of time", "MLE": "runs out of memory",
    "OLE": "prints too much", "IE": "could not be judged",
}  # fmt: skip
# How one run stopped (bp_execute).
STOPPED = {
    "TLE": "it ran out of time", "MLE": "it ran out of memory", "OLE": "it printed too much",
    "IE": "CodeMentor could not finish the run",
}  # fmt: skip
# The edge-case search's categories, as a learner names the input.
CATEGORIES = {
    "empty": "empty input", "single": "a single item", "duplicates": "duplicates",
    "boundaries": "values at the limits", "negative": "negative numbers", "negatives": "negative numbers",
    "large": "a large input", "sorted": "a sorted input", "reverse_sorted": "a reverse-sorted input",
    "all_equal": "all items equal", "unicode": "unicode text", "disconnected": "a disconnected graph",
    "cycle": "a cycle", "skewed": "a skewed tree",
}  # fmt: skip
VALUE_CHARS = 50


def doing(name: str, arguments: Arguments = None) -> str:
    """What a card says while ``name`` runs: "Tracing your code on [3,2,4], 6…"."""
    args = arguments if isinstance(arguments, Mapping) else {}
    if args.get(translation.MARK) is True:
        return translation.RUNNING
    if name not in DOING:
        return "Using a tool CodeMentor does not have…"
    text = DOING[name][0]
    if name == "execute_code":
        tests = args.get("test_cases")
        if args.get("include_hidden"):
            text = "Running your code on the examples and the hidden tests"
        elif isinstance(tests, list) and tests:
            text = f"Running your code on {_count(len(tests), 'test')}"
    elif name in ("bp_execute", "bp_trace") and (on := _input_of(args)):
        text += f" on {on}"
    elif name == "bp_breakpoint" and args.get("condition"):
        text = f"Running your code until {_short(args['condition'], 40)}"
    elif name == "bp_variable_history" and isinstance(args.get("variable_names"), list):
        text = f"Following {_names(args['variable_names'])} through the trace"
    elif name == "bp_visualize_structure" and args.get("structure_type") not in (None, "auto"):
        text = f"Drawing the {str(args['structure_type']).replace('_', ' ')}"
    elif name == "generate_hint" and isinstance(args.get("hint_level"), int):
        text = f"Opening hint {args['hint_level']}"
    elif name == "flag_recommendation" and args.get("problem_id"):
        text = f"Setting {_short(args['problem_id'], 40)} aside"
    return text + "…"


def could_not(name: str) -> str:
    """ "Could not run the tests": the start of an error's line."""
    return f"Could not {DOING[name][1]}" if name in DOING else "Could not use a tool CodeMentor does not have"


def summarize(name: str, result: Mapping[str, Any], arguments: Arguments = None) -> str:
    """What a learner reads first about ``result`` (``arguments``, when known, say what it ran on)."""
    args = arguments if isinstance(arguments, Mapping) else {}
    if result.get("status") == "error" and "error_code" in result:
        return _error(name, result)
    said = SUMMARIES.get(name, _by_shape)(result, args)
    return said or _by_shape(result, args)


def names_a_tool(text: str) -> bool:
    """Whether ``text`` says a tool's own name or an error code (a line from before these words)."""
    return bool(_NAMED.search(text) or _CODES.search(text))


def plain_sentence(text: Any) -> str:
    """A tool's sentence with the tools it names in words and no error code."""
    text = _CODES.sub("", " ".join(str(text).split()))
    return _NAMED.sub(lambda match: NOUNS[match.group(1)], text).strip()


def _error(name: str, result: Mapping[str, Any]) -> str:
    if result.get("error_code") == ErrorCode.UNKNOWN_TOOL:
        return "Could not use a tool CodeMentor does not have"
    # The tutoring tools answer with the spec's fixed words to the learner; their reason says what happened.
    reason = result.get("reason") if name in ("escalate_for_insight", "conclude_session") else None
    sentence = plain_sentence(reason or result.get("error_message") or "")
    sentence = re.sub(r"^The arguments of the [\w -]+? are not valid", "The arguments are not valid", sentence)
    return f"{could_not(name)}: {_lower_first(_short(sentence, 160).rstrip('.'))}" if sentence else could_not(name)


# --- each tool ------------------------------------------------------------------------------
def _tests_run(result: RunResult, args: Mapping[str, Any]) -> str:
    """execute_code: all pass, or the first failing test, its input and how many pass."""
    tests = list(result.get("test_results") or [])
    hidden = any(test.get("hidden") for test in tests) or bool(args.get("include_hidden"))
    own = isinstance(args.get("test_cases"), list) and bool(args.get("test_cases"))
    kind = "tests" if hidden or own or not args else "examples"
    head = "Ran your code with the hidden tests" if hidden else "Ran your code"
    verdict = result.get("verdict")
    if result.get("status") == "cancelled":
        return "Stopped the run before it ended"
    if verdict == "CE":
        return f"{head}: it does not compile{_at_line(result)}: {_short(result.get('error_message', ''), 80)}"
    total = result.get("tests_total", len(tests))
    passed = sum(1 for test in tests if test.get("passed"))
    if verdict == "AC" or (tests and passed == len(tests) and passed == total):
        return f"{head}: all {total} {kind} pass" if total != 1 else f"{head}: the one test passes"
    failed: Any = result.get("failed_test_case") or next((t for t in tests if t.get("verdict") not in (None, "AC")), {})
    if not isinstance(failed, Mapping) or not failed:
        return f"{head}: {passed} of {total} {kind} pass" + (f" ({verdict})" if verdict else "")
    test = next((t for t in tests if t.get("test_id") == failed.get("test_id")), failed)
    what = FAILED.get(str(test.get("verdict") or verdict), "fails")
    which = "hidden test" if test.get("hidden") else "test"  # as the Tests tab names it
    line = f"{head}: {which} {failed.get('test_id', '?')} {what}"
    if failed.get("input") not in (None, ""):
        line += f" on input {_short(failed['input'], VALUE_CHARS)}"
    if test.get("verdict") == "RE" and test.get("error_message"):
        line += f" ({_short(test['error_message'], 60)})"
    return line + (f"; {passed} of {total} pass" if total > 1 else "")


def _own_tests(result: TestsRunResult, _args: Mapping[str, Any]) -> str:
    """bp_run_tests: the learner's own tests, by name."""
    if result.get("verdict") == "CE":
        return f"Ran your tests: the code does not compile: {_short(result.get('error_message', ''), 80)}"
    totals = result.get("totals") or {}
    tests = result.get("test_results") or []
    total = totals.get("total", len(tests))
    passed = totals.get("passed", sum(1 for t in tests if t.get("passed")))
    if total and passed == total:
        return f"Ran your tests: all {total} pass" if total != 1 else "Ran your tests: the one test passes"
    failing = next((t for t in tests if not t.get("passed")), None)
    named = (
        f"{_short(failing.get('name', '?'), 40)} {FAILED.get(str(failing.get('verdict')), 'fails')}; "
        if failing
        else ""
    )
    return f"Ran your tests: {named}{passed} of {total} pass"


def _one_run(result: ExecutionResult, args: Mapping[str, Any]) -> str:
    """bp_execute: what one run returned, printed, or how it stopped."""
    on = _input_of(args)
    head = f"Ran your code on {on}" if on else "Ran your code"
    verdict = result.get("verdict")
    error = _short(result.get("error_message") or "", 80)
    if verdict == "CE":
        return f"{head}: it does not compile{_at_line(result)}: {error}"
    if verdict == "RE":
        return f"{head}: it raised {error}{_at_line(result)}"
    if verdict in STOPPED:
        return f"{head}: {STOPPED[verdict]}" + (f" ({error})" if error else "")
    parts = []
    if result.get("return_value") not in (None, ""):
        parts.append(f"returned {_short(result['return_value'], VALUE_CHARS)}")
    if result.get("stdout"):
        parts.append(f"printed {_short(result['stdout'], VALUE_CHARS)}")
    return f"{head}: " + (", ".join(parts) if parts else "it returned nothing and printed nothing")


def _trace(result: Trace, args: Mapping[str, Any]) -> str:
    """bp_trace: on what, how many steps, and how it ended."""
    on = _input_of(result) or _input_of(args)
    head = f"Traced your code on {on}" if on else "Traced your code"
    steps = result.get("total_steps")
    counted = f"{steps:,} steps, " if isinstance(steps, int) else ""
    stop = result.get("stop_reason")
    if stop == "finished":
        returned = result.get("return_text", result.get("answer"))
        return f"{head}: {counted}returned {_short(returned, VALUE_CHARS)}"
    if stop == "exception" and result.get("error_message"):
        return f"{head}: {counted}raised {_short(result['error_message'], 80)}"
    message = _short(result.get("message") or stop or "stopped", 100).rstrip(".")
    return f"{head}: {counted}{_lower_first(message)}"


def _breakpoint(result: Breakpoint, _args: Mapping[str, Any]) -> str:
    message = _lower_first(_short(result.get("message") or "", 120).rstrip("."))
    return f"Ran your code to the breakpoint: {message}" if message else ""


def _plan_check(result: PlanDebug, _args: Mapping[str, Any]) -> str:
    """bp_debug_plan: the first broken step, or how the plan's expectations fared."""
    on = f" on {_short(result['input'], 40)}" if result.get("input") else ""
    guessed = " (lines guessed)" if result.get("guessed") else ""
    steps = result.get("steps") or []
    outcome = result.get("outcome")
    if outcome == "broken":
        first = next((s for s in steps if s["number"] == result.get("first_broken")), None)
        at = first.get("broken_at") if first is not None else None
        if first is not None and at is not None:
            return (f"Checked your plan{on}{guessed}: step {first['number']}'s expectation "
                    f"{_short(first['expect'], 40)} stopped holding on line {at['line']}")  # fmt: skip
    counts = {
        status: sum(1 for s in steps if s["status"] == status) for status in ("held", "never_reached", "unreadable")
    }
    if outcome == "no_expectations":
        return f"Checked your plan{on}{guessed}: no step says what it expects"
    parts = [_count(counts["held"], "expectation") + " held"]
    if counts["never_reached"]:
        parts.append(f"{counts['never_reached']} never reached")
    if counts["unreadable"]:
        parts.append(f"{counts['unreadable']} could not be checked")
    return f"Checked your plan{on}{guessed}: " + ", ".join(parts)


def _drawing(result: StructureDrawing, _args: Mapping[str, Any]) -> str:
    said = _short(result.get("summary") or "", 100).rstrip(".")
    return "Drew the structure" + (f": {said}" if said else "")


def _diagram(result: Diagram, _args: Mapping[str, Any]) -> str:
    said = _short(result.get("summary") or "", 100).rstrip(".")
    return "Drew the path your code took" + (f": {said}" if said else "")


def _history(result: VariableHistory, _args: Mapping[str, Any]) -> str:
    changes = result.get("changed_at") or {}
    names = list(result.get("variables") or changes)
    counted = ", ".join(f"{_short(n, 20)} changed {_count(len(changes.get(n) or []), 'time')}" for n in names[:3])
    steps = result.get("total_steps")
    over = f" over {steps:,} steps" if isinstance(steps, int) else ""
    return f"Followed {_names(names)}{over}" + (f": {counted}" if counted else "")


def _edge_cases(result: EdgeCaseReport, _args: Mapping[str, Any]) -> str:
    """bp_find_edge_cases: the smallest input that fails, or how many inputs passed."""
    cases = list(result.get("edge_cases") or [])
    failing = [case for case in cases if case.get("verdict") not in (None, "AC")]
    if not failing:
        tried = result.get("examples_run")
        if isinstance(tried, int):
            return f"Searched for edge cases: none of {tried:,} inputs fails"
        return "Searched for edge cases: no input found that fails"
    case = next((c for c in failing if c.get("minimal")), failing[0])
    what = {"TLE": "too slow", "RE": "crashes", "MLE": "runs out of memory"}.get(str(case.get("verdict")), "fails")
    line = f"Searched for edge cases: {what} on {input_text(case.get('input'))}"
    category = CATEGORIES.get(str(case.get("category")))
    line += f" ({category})" if category else ""
    return line + (f"; {len(failing) - 1} more found" if len(failing) > 1 else "")


def _analysis(result: Analysis, _args: Mapping[str, Any]) -> str:
    """analyze_code_patterns: the time it takes against the best known, and what else it found."""
    complexity = result.get("complexity_analysis") or {}
    time, best = complexity.get("time_complexity"), complexity.get("optimal_time")
    parts = []
    if time and best and time != best:
        parts.append(f"time {time}, {best} is possible")
    elif time and best:
        parts.append(f"time {time}, the best known")
    elif time:
        parts.append(f"time {time}")
    found: list[str] = []
    for pattern in result.get("detected_patterns") or []:
        kind = str(pattern.get("pattern_type") or "suboptimal_time_complexity")  # the time is said above
        words = kind.replace("_", " ")
        if kind == "likely_bug_location":  # up to three lines of this attempt: the first is named
            line = (pattern.get("code_location") or {}).get("line_start")
            words = f"a likely bug on line {line}" if isinstance(line, int) else "a likely bug"
            if any(w.startswith("a likely bug") for w in found):
                continue
        if kind != "suboptimal_time_complexity" and words not in found:
            found.append(words)
    if found:
        parts.append("found " + ", ".join(found[:3]))
    return "Looked at your code: " + ("; ".join(parts) if parts else "nothing to point out")


def _recommendations(result: Recommendations, _args: Mapping[str, Any]) -> str:
    chosen = result.get("recommendations") or []
    if not chosen:
        return "No problem to recommend yet"
    titles = ", ".join(str(r.get("title") or r.get("problem_id")) for r in chosen[:3])
    return f"Recommended {_count(len(chosen), 'problem')}: {_short(titles, 100)}"


def _progress(result: Progress, _args: Mapping[str, Any]) -> str:
    solved = result.get("problems_solved")
    readiness = result.get("overall_readiness_score")
    parts = [f"{_count(solved, 'problem')} solved"] if isinstance(solved, int) else []
    parts += [f"readiness {readiness} of 100"] if isinstance(readiness, int | float) else []
    return "Read your progress" + (": " + ", ".join(parts) if parts else "")


def _interview(result: InterviewScheduled, _args: Mapping[str, Any]) -> str:
    title = _short(result.get("title") or result.get("problem_id") or "a problem", 60)
    minutes = result.get("time_limit_minutes")
    timed = f", {minutes} minutes" if isinstance(minutes, int) else ""
    when = result.get("scheduled_for")
    return f"Booked a mock interview: {title}{timed}" + (f"; reminder at {when.replace('T', ' ')}" if when else "")


def _compared(result: PeerComparison, _args: Mapping[str, Any]) -> str:
    title = _short(result.get("title") or result.get("problem_id") or "the problem", 60)
    if result.get("status") == "cancelled":
        return f"Stopped comparing {title}"
    if not result.get("compared"):
        message = str(result.get("message") or "")
        if "fewer than" in message:  # a class too small to show: say so, it is not the learner's doing
            return f"Nothing to compare on {title}: " + _short(message.split(": ", 1)[-1], 90)
        return f"Nothing to compare on {title} yet"
    if result.get("against") == "class":
        time = result.get("time") or {}
        return f"Compared {title} with the class: " + _short(str(time.get("standing", "")).split(" (")[0], 80)
    operations = result.get("operations") or {}
    return f"Compared {title} with the bank's solutions: " + _short(
        str(operations.get("standing", "")).split(" (")[0], 80
    )


def _flag_recommendation(_result: Acknowledged, args: Mapping[str, Any]) -> str:
    problem = _short(args.get("problem_id") or "the problem", 40)
    if args.get("kind") == "not_relevant":
        return f"Will not recommend {problem} again"
    return f"Set {problem} aside for a week" if args else "Set the recommendation aside"


def _flag_analysis(result: AnalysisFlagged, _args: Mapping[str, Any]) -> str:
    flagged = result.get("patterns_flagged")
    what = _count(flagged, "finding") if isinstance(flagged, int) else "the finding"
    return f"Marked {what} of the analysis as wrong: no longer counted"


def _deeper(result: Escalated, _args: Mapping[str, Any]) -> str:
    data = result.get("data") or {}
    question = data.get("new_question") if isinstance(data, Mapping) else None
    return f"Asked for a deeper question: {_short(question, 120)}" if question else "Asked for a deeper question"


def _concluded(result: Concluded, _args: Mapping[str, Any]) -> str:
    data = result.get("data") or {}
    if not isinstance(data, Mapping):
        return "Ended the session"
    kept = len(data.get("key_insights") or [])
    return f"Ended the session: {_short(data.get('summary_title', ''), 80)}; {_count(kept, 'insight')} kept"


def _hint(result: Hint, _args: Mapping[str, Any]) -> str:
    level, total = result.get("hint_level"), result.get("hints_total")
    return f"Hint {level} of {total}" if level is not None and total is not None else "Gave a hint"


def _snapshot(result: SnapshotSaved, _args: Mapping[str, Any]) -> str:
    return "Saved a snapshot" + (f": {_short(result['name'], 60)}" if result.get("name") else "")


def _code_history(result: CodeHistory, _args: Mapping[str, Any]) -> str:
    snapshots, attempts = len(result.get("snapshots") or []), len(result.get("attempts") or [])
    return f"Listed your saved code: {_count(snapshots, 'snapshot')}, {_count(attempts, 'run')}"


def _records(counts: Any) -> int:
    return sum(v for v in counts.values() if isinstance(v, int)) if isinstance(counts, Mapping) else 0


def _exported(result: LearnerExport, _args: Mapping[str, Any]) -> str:
    tables = (result.get("export") or {}).get("tables") if isinstance(result.get("export"), Mapping) else None
    rows = sum(len(v) for v in tables.values() if isinstance(v, list)) if isinstance(tables, Mapping) else 0
    return f"Exported your data: {_count(rows, 'record')}"


def _imported(result: LearnerImported, _args: Mapping[str, Any]) -> str:
    return f"Imported data: {_count(_records(result.get('imported')), 'record')} added"


def _deleted(result: LearnerDeleted, _args: Mapping[str, Any]) -> str:
    return f"Deleted your data: {_count(_records(result.get('deleted')), 'record')}"


def _by_shape(result: Mapping[str, Any], args: Mapping[str, Any]) -> str:
    """A tool not named above (or a result of another shape): read by what it holds."""
    if "test_results" in result and "verdict" in result:
        return SUMMARIES[EXECUTE_CODE.name](result, args)
    if "edge_cases" in result:
        return SUMMARIES[BP_FIND_EDGE_CASES.name](result, args)
    if "recommendations" in result:
        return SUMMARIES[GET_PERSONALIZED_RECOMMENDATION.name](result, args)
    if "hint_level" in result and "hints_total" in result:
        return SUMMARIES[GENERATE_HINT.name](result, args)
    if isinstance(result.get("summary"), str):
        return _short(result["summary"], 120).rstrip(".")
    if isinstance(result.get("message"), str):
        return plain_sentence(_short(result["message"], 120)).rstrip(".")
    return "The tool answered"


Summary = Callable[[Mapping[str, Any], Mapping[str, Any]], str]


def _reads(tool: ToolName[R], said: Callable[[R, Mapping[str, Any]], str]) -> tuple[str, Summary]:
    """``said`` for the results of ``tool``: the type checker holds it to that tool's result type."""

    def read(result: Mapping[str, Any], args: Mapping[str, Any]) -> str:
        return said(cast("R", result), args)

    return tool.name, read


SUMMARIES: dict[str, Summary] = dict([
    _reads(EXECUTE_CODE, _tests_run), _reads(BP_EXECUTE, _one_run), _reads(BP_RUN_TESTS, _own_tests),
    _reads(BP_TRACE, _trace), _reads(BP_BREAKPOINT, _breakpoint), _reads(BP_DEBUG_PLAN, _plan_check), _reads(BP_VISUALIZE_STRUCTURE, _drawing),
    _reads(BP_EXECUTION_DIAGRAM, _diagram), _reads(BP_VARIABLE_HISTORY, _history),
    _reads(BP_FIND_EDGE_CASES, _edge_cases), _reads(ANALYZE_CODE_PATTERNS, _analysis),
    _reads(FLAG_INCORRECT_ANALYSIS, _flag_analysis), _reads(GET_PERSONALIZED_RECOMMENDATION, _recommendations),
    _reads(GET_USER_PROGRESS, _progress), _reads(FLAG_RECOMMENDATION, _flag_recommendation),
    _reads(ESCALATE_FOR_INSIGHT, _deeper), _reads(CONCLUDE_SESSION, _concluded), _reads(GENERATE_HINT, _hint),
    _reads(SAVE_CODE_SNAPSHOT, _snapshot), _reads(LIST_CODE_HISTORY, _code_history),
    _reads(EXPORT_LEARNER_DATA, _exported), _reads(IMPORT_LEARNER_DATA, _imported),
    _reads(DELETE_LEARNER_DATA, _deleted), _reads(SCHEDULE_MOCK_INTERVIEW, _interview),
    _reads(COMPARE_WITH_PEERS, _compared),
])  # fmt: skip


# --- words ----------------------------------------------------------------------------------
def _short(text: Any, limit: int = 120) -> str:
    text = text if isinstance(text, str) else json.dumps(text, ensure_ascii=False, default=str)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _count(number: Any, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def _names(names: list[Any]) -> str:
    shown = [_short(n, 20) for n in names[:4]]
    return ", ".join(shown) + (" and more" if len(names) > 4 else "")


def _lower_first(text: str) -> str:
    """ "The condition held" -> "the condition held"; a name ("IndexError", "O(n)") is kept."""
    word = text.split(" ", 1)[0]
    return text[:1].lower() + text[1:] if len(word) > 1 and word[1:].islower() else text


def _at_line(result: Mapping[str, Any]) -> str:
    line = result.get("line_number")
    return f" on line {line}" if isinstance(line, int) else ""


def input_text(value: Any) -> str:
    """An input as the problem writes it: ``{"nums": [0, 0], "target": 0}`` reads ``[0,0], 0``."""
    if isinstance(value, Mapping):
        value = ", ".join(_compact(v) for v in value.values())
    return _short(value if isinstance(value, str) else _compact(value), VALUE_CHARS)


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)


def _input_of(args: Mapping[str, Any]) -> str:
    """What a run or a trace was given: its input, or the problem's example by number."""
    data = args.get("input_data", args.get("input"))
    if data not in (None, ""):
        text = input_text(data)
        if args.get("target_value") is not None:
            text += ", " + _short(_compact(args["target_value"]), 20)
        return text
    if isinstance(args.get("test_id"), int):
        return f"example {args['test_id']}"
    return ""
