"""What ``bp_debug_plan`` found, in the plan's words: each step's status and the report.

A step's status: ``unchecked`` (no expectation), ``unreadable`` (not an expression of the code's
language, one that would change the program's state, or one that raised at every evaluation: a
misspelt name), ``never_reached`` (its lines never ran on the traced input, or it has no lines),
``broken`` (false at least once: the first time is kept) or ``held`` (true at every evaluation
that did not raise). The outcome of the whole plan is the most telling of its steps': a broken
expectation first, then an unreadable one, then one never reached; ``held`` when every checked
expectation held; ``no_expectations`` when no step carries one.
"""

from __future__ import annotations

import re
from typing import Any

from ..analysis.plan_expressions import Reading

OUTCOME_ORDER = ("broken", "unreadable", "never_reached", "held")


def step_status(
    expect: str,
    reading: Reading | None,
    check: dict[str, Any] | None,
    lines: list[int],
    source: list[str] | None = None,
) -> tuple[str, str | None]:
    """The step's status and, when it is unreadable, why (a sentence the learner can act on);
    ``source`` is the code's lines, to tell a name the step's own line sets from a misspelt one."""
    if not expect:
        return "unchecked", None
    if reading is not None and reading.error is not None:
        return "unreadable", reading.error
    if not lines or check is None:
        return "never_reached", None
    if check.get("compile_error"):
        return "unreadable", f"`{expect}` is not an expression: {check['compile_error']}"
    evaluations = int(check.get("evaluations", 0))
    if evaluations == 0:
        return "never_reached", None
    if check.get("broken"):
        return "broken", None
    errors = int(check.get("errors", 0))
    if errors >= evaluations:
        first = check.get("first_error") or {}
        missing = _undefined_name(str(first.get("error", "")))
        setter = next((n for n in lines if missing and missing in set_on(_source_line(source, n), [missing])), None)
        if missing and setter is not None:
            return "unreadable", (
                f"`{expect}` uses {missing}, which line {setter} itself sets, and an expectation is checked "
                f"before its line runs, when {missing} did not exist yet; mark the line after it to check "
                f"what line {setter} leaves"
            )
        return "unreadable", (
            f"`{expect}` raised {first.get('error', 'an error')} every time it was checked "
            f"({evaluations} time{'s' if evaluations != 1 else ''}, first on line {first.get('line', '?')})"
        )
    return "held", None


def set_on(line: str, names: list[str]) -> list[str]:
    """Which of ``names`` the line of code assigns (``mid = ...``, ``n ^= ...``, ``for i, x in``,
    ``const row = ...``): an expectation checked before that line sees their old values."""
    found = []
    for name in names:
        target = rf"^\s*(?:(?:let|const|var)\s+)?(?:for\s*\(?\s*(?:(?:let|const|var)\s+)?)?[\w\s,()\[\]*]*?(?<![\w.\[]){re.escape(name)}\b[\w\s,()\]*]*?"
        if re.search(target + r"(?:(?<![=!<>])=(?!=)|[-+*/%&|^]=|//=|\*\*=|<<=|>>=|\s\bin\b|\s\bof\b)", line):
            found.append(name)
        elif re.search(rf"\b(?:let|const|var)\s*[\[{{][^\]}}=]*(?<![\w.]){re.escape(name)}\b", line):
            found.append(name)  # destructured: const [i, count] of ...
    return found


def _source_line(source: list[str] | None, number: int) -> str:
    return source[number - 1] if source and 0 < number <= len(source) else ""


def _undefined_name(error: str) -> str | None:
    """The name of "NameError: name 'x' is not defined" or "ReferenceError: x is not defined"."""
    found = re.search(r"NameError: (?:free variable |local variable |name )?'(\w+)'", error) or re.search(
        r"ReferenceError: (?:Cannot access '(\w+)' before initialization|(\w+) is not defined)", error
    )
    if found is None:
        return None
    return next(group for group in found.groups() if group)


def overall_outcome(steps: list[dict[str, Any]]) -> str:
    statuses = {s["status"] for s in steps}
    for outcome in OUTCOME_ORDER:
        if outcome in statuses:
            return outcome
    return "no_expectations"


def _lines(lines: list[int]) -> str:
    if not lines:
        return "no line"
    if len(lines) == 1:
        return f"line {lines[0]}"
    return "lines " + ", ".join(str(n) for n in lines[:-1]) + f" and {lines[-1]}"


def _step_name(step: dict[str, Any]) -> str:
    return f"Step {step['number']} ({step['text']})"


def step_sentence(step: dict[str, Any], input_text: str, source: list[str] | None = None) -> str:
    """One step's finding, in its words (``source``: the code's lines, to say which names the line
    it broke on sets, whose values are still the ones from before it)."""
    name = _step_name(step)
    on = f"on input {input_text}" if input_text else "on this run"
    status = step["status"]
    guessed = " (a guess)" if step.get("lines_guessed") else ""
    if step["ran"]:
        where = f"{name} ran on {_lines(step['ran_lines'])}{guessed}"
    elif step["lines"]:
        where = f"{name} did not run: {_lines(step['lines'])} never ran {on}"
    else:
        where = f"{name} matches no line of the code"
    expect = step["expect"]
    if status == "broken":
        at = step["broken_at"]
        values = ", ".join(f"{k} = {v}" for k, v in at["variables"].items())
        text = (f"{where}; {on} after {at['step']} steps of the run your expectation `{expect}` stopped holding on line "
                f"{at['line']}")  # fmt: skip
        text += f": {values}." if values else "."
        stale = set_on(_source_line(source, int(at["line"])), list(at["variables"]))
        if stale:
            # Checked before the line runs: a name the line sets still holds its value from before.
            names = " and ".join(stale)
            text += (f" It was checked before line {at['line']} ran, so {names} {'is' if len(stale) == 1 else 'are'} "
                     f"still as line {at['line']} found {'it' if len(stale) == 1 else 'them'}, not as it leaves "
                     f"{'it' if len(stale) == 1 else 'them'}.")  # fmt: skip
        return text
    if status == "held":
        times = step["evaluations"]
        if times == 1:
            return f"{where}; your expectation `{expect}` held the one time it was checked."
        return f"{where}; your expectation `{expect}` held each of the {times} times it was checked."
    if status == "never_reached":
        if step["ran"] or not step["lines"]:
            return f"{where}; your expectation `{expect}` was never checked."
        return f"{where}, so your expectation `{expect}` was never checked."
    if status == "unreadable":
        return f"{where}; your expectation could not be checked: {step['error']}."
    return where + "."


def write_report(result: dict[str, Any], trace: dict[str, Any]) -> str:
    """The report in Markdown: the tests, the input traced, then each step in the plan's words."""
    parts: list[str] = []
    tests = result["tests"]
    if tests["total"]:
        line = f"The code passed {tests['passed']} of the {tests['total']} visible tests"
        if tests["failing_test"]:
            line += f"; {tests['failing_test']} fails, so its input {result['input']} was traced."
        else:
            line += f"; the first example, {result['input']}, was traced."
        parts.append(line)
    elif result["input"]:
        parts.append(f"The code was traced on input {result['input']}.")
    if result["guessed"]:
        parts.append(
            "Your plan has no lines marked, so each step's lines were guessed from its words and the code's "
            "names; mark the lines yourself where a guess is wrong."
        )
    stop = trace.get("stop_reason")
    if stop == "max_steps" and trace.get("max_steps"):
        # The tracer's own message names its setting (max_steps), a word the learner never chose.
        parts.append(_unfinished(f"It was still running after the {int(trace['max_steps']):,} steps traced: a loop or "
                                 "a recursion that does not end, or an input too big to trace."))  # fmt: skip
    elif stop and stop != "finished":
        parts.append(_unfinished(str(trace.get("message") or stop)))
    parts.append("")
    for step in result["steps"]:
        parts.append(f"- {step_sentence(step, result['input'], trace.get('source_lines'))}")
    outcome = result["outcome"]
    parts.append("")
    if outcome == "broken":
        first = next(s for s in result["steps"] if s["number"] == result["first_broken"])
        parts.append(_first_broken(first, trace))
    elif outcome == "held":
        parts.append("Every expectation you wrote held wherever its lines ran.")
    elif outcome == "no_expectations":
        parts.append("No step says what you expect to hold; add an expression to a step to have it checked.")
    elif outcome == "never_reached":
        parts.append("Some expectations were never checked: their lines did not run on this input.")
    elif outcome == "unreadable":
        parts.append("Some expectations could not be checked; fix them and run /debug again.")
    return "\n".join(parts).strip()


def _unfinished(message: str) -> str:
    """Why the run stopped, as sentences of their own (a message is a sentence: "The program raised ...")."""
    message = message.strip()
    if not message.endswith((".", "!", "?")):
        message += "."
    return f"The run did not finish. {message} The expectations were checked up to where it stopped."


def _first_broken(step: dict[str, Any], trace: dict[str, Any]) -> str:
    """Where to look for the first broken expectation: the line that ran just before it, in the
    same call, or the call that began there (a check on a function's first line sees what the
    caller passed, not anything the step did)."""
    at = step["broken_at"]
    names = ", ".join(at["variables"]) or "its variables"
    head = f"The first expectation to break was step {step['number']}'s, on line {at['line']}"
    kind, line = _just_before(trace, int(at["step"]))
    source = _source(trace, line) if line is not None else ""
    if kind == "entry":
        verb = "are" if len(at["variables"]) > 1 else "is"
        sentence = f"{head}, as the function began: {names} {verb} what it was given."
    elif kind == "line":
        sentence = f"{head}, just after line {line} ran{source}: look at how {names} got there."
    elif kind == "call":
        sentence = f"{head}, as the call from line {line} began{source}: look at what that call passed ({names})."
    else:
        sentence = f"{head}: look at how {names} got there."
    if step.get("lines_guessed"):
        # A guessed line the step does not describe breaks an expectation on code that is right.
        sentence += (f" Line {at['line']} was guessed for this step; if the step is not there, mark its lines "
                     "and run /debug again before changing the code.")  # fmt: skip
    return sentence


def _just_before(trace: dict[str, Any], at: int) -> tuple[str, int | None]:
    """What ran just before step ``at`` in its frame: ("line", n), ("call", the caller's line),
    ("entry", None) for the first call, or ("", None) when the trace does not say."""
    steps = trace.get("steps") or []
    here = next((s for s in steps if s.get("step") == at), None)
    if here is None:
        return "", None
    frame = here.get("frame")
    caller = None
    for earlier in reversed(steps):
        if earlier.get("step", at) >= at:
            continue
        if caller is not None:
            if earlier.get("frame") == caller and earlier.get("event") == "line":
                return "call", int(earlier["line"])
            continue
        if earlier.get("frame") != frame:
            continue
        if earlier.get("event") == "line":
            return "line", int(earlier["line"])
        if earlier.get("event") == "call":
            caller = earlier.get("parent")
            if caller is None:
                return "entry", None
    return ("entry", None) if caller is not None else ("", None)


def _source(trace: dict[str, Any], line: int) -> str:
    lines = trace.get("source_lines") or []
    text = str(lines[line - 1]).strip() if 0 < line <= len(lines) else ""
    return f" (`{text}`)" if text else ""
