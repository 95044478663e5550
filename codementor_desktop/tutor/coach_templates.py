"""The offline coach's words: what it says about a run (by verdict), a pattern the analysis found (by
pattern id), an edge case it found (by category), and the questions it asks. Questions, never code:
every template is prose with the learner's own values put in, so nothing here can carry a solution.

Placeholders: ``{input}``, ``{expected}``, ``{actual}``, ``{error}``, ``{test_id}``, ``{passed}``,
``{total}``, ``{line}``, ``{line_text}``, ``{complexity}``, ``{optimal}``, ``{category}``.
"""

from __future__ import annotations

from typing import Any

# What a run says, by its verdict (VOCABULARY's verdicts).
VERDICT = {
    "AC": "Your code passes all {total} visible tests.",
    "WA": "Test {test_id} fails: on input {input} your code returns {actual}, where {expected} is expected.",
    "CE": "Your code does not parse yet{line_note}, so no test could call it: {error}",
    "RE": "On input {input} your code stops with an error: {error}",
    "TLE": "On input {input} your code runs out of time.",
    "MLE": "On input {input} your code runs out of memory.",
    "OLE": "On input {input} your code prints more than the run allows.",
    "IE": "The run failed on our side, not yours ({error}); running it again usually helps.",
}

# The question that follows a verdict.
VERDICT_QUESTION = {
    "AC": "What is the largest input the constraints allow, and how long would your code take on it?",
    "WA": "Work input {input} by hand: at which step does your code first do something you would not?",
    "CE": "What does the line the error points at need so that it can be read?",
    "RE": "Which value on input {input} does that line not expect, and where did it come from?",
    "TLE": "How many times does your innermost loop run on that input, and does every one of those runs matter?",
    "MLE": "What does your code keep that it no longer needs?",
    "OLE": "Which print is still in your code, and does the answer need it?",
    "IE": "Shall we run it again?",
}

# A question per weakness pattern (VOCABULARY), with the line the analysis points at.
PATTERN = {
    "suboptimal_time_complexity": "Line {line} (`{line_text}`) makes your code {complexity}, where {optimal} is "
    "possible. What does that line look for each time it runs, and could you know it without looping again?",
    "suboptimal_space_complexity": "Your code keeps more than it needs around line {line}. Which of what you "
    "store do you ever read again?",
    "data_structure_choice": "Around line {line} you search a structure that is slow to search. Which structure "
    "answers 'have I seen this?' in one step?",
    "missing_edge_case": "What should your code do with the smallest inputs the problem allows, and what does "
    "it do now?",
    "off_by_one": "Look at the bounds on line {line} (`{line_text}`): which is the first and which the last "
    "value it takes, and which should it be?",
    "recursion_base_case": "When does the recursion near line {line} stop, and what does it return there?",
    "mutating_input": "Line {line} changes the input itself. Does anything later, or the caller, still need it "
    "as it was?",
    "inefficient_string_building": "Line {line} builds a string piece by piece. How much is copied each time?",
    "shadowed_builtin": "Line {line} gives a name that Python already uses to something else. What happens "
    "when you need the original later?",
    "unreachable_code": "Can line {line} ever run? What would have to be true for it to?",
    "infinite_loop_risk": "What makes the loop on line {line} end, and does every pass move towards that?",
    "wrong_algorithm": "The approach itself does not fit this problem yet: on a failing input, what would "
    "you do by hand that your code does not?",
    "runtime_error_habit": "Your runs often stop on an index or a key that is not there. Where could line "
    "{line} be handed one?",
    "likely_bug_location": "Line {line} (`{line_text}`) runs in the failing tests. Take the smallest failing "
    "input: what should that line produce there, and what does it produce?",
}

# An edge case found, by its category (bp_find_edge_cases' categories; "generated" for the searched ones).
EDGE = {
    "empty": "an empty input",
    "single": "a single element",
    "duplicates": "repeated values",
    "boundaries": "values at the limits of the constraints",
    "negative": "negative numbers",
    "negatives": "negative numbers",
    "large": "a large input",
    "sorted": "an input that is already sorted",
    "reverse_sorted": "an input sorted the other way",
    "all_equal": "values that are all equal",
    "unicode": "characters beyond ASCII",
    "disconnected": "a graph in several pieces",
    "cycle": "a graph with a cycle",
    "skewed": "a tree that leans to one side",
    "generated": "a small input found by searching",
}
EDGE_SENTENCE = (
    "The examples pass, but on {what} your code goes wrong: for {input} it gives {actual}, where {expected} "
    "is right. What is special about that input?"
)
# The same, where the code gives no wrong value: it is too slow, or stops with an error.
EDGE_SENTENCE_BY_VERDICT = {
    "TLE": (
        "The examples pass, but on {what} your code is too slow: on {input} it did not finish in time{operations}. "
        "How does the work your code does grow with that input?"
    ),
    "RE": "The examples pass, but on {what} your code stops with an error: on {input}, {error}. What does it not expect there?",
    "MLE": "The examples pass, but on {what} your code runs out of memory on {input}. What does it keep that it does not need?",
}

TRACE_QUESTION = (
    "I traced input {input}: your function returned {returned} from line {line}, with {variables} at that "
    "moment. Which of those values is not what you expected there?"
)
TRACE_QUESTION_NO_RETURN = "I traced input {input}: the trace ends on line {line}. What did you expect it to reach?"

REFUSAL = (
    "I won't write the solution for you: the part you work out yourself is the part you keep. "
    "Let's get you there one step at a time."
)
NO_PROBLEM = (
    "Open a problem first (in the command line, --problem ID), so that I can run your code on its tests. "
    "What are you trying to solve?"
)
NO_CODE = (
    "There is no code yet. What is the simplest way you can think of, even a slow one? Write that first "
    "and I will run it with you."
)
ALL_HINTS_SEEN = "You have seen all {total} hints of this problem."
HINT = "Hint {level} of {total}: {hint}"
STUCK = "Let's go one level deeper."
NEXT_INTRO = "Here is what I would practise next:"
NEXT_ITEM = "- {title} ({difficulty}, about {minutes} min): {reason}"
NEXT_NONE = "I have nothing to recommend right now; a problem you have not tried yet is a good next step."
NEXT_QUESTION = "Which of these looks like the weakness you want to work on?"
CONCLUDED = "Well done. I have kept what you found in this session: {title}."
RATE_LIMITED = "I could not run {tool} just now ({error}); let's reason about the code instead."
GENERAL_CLOSE = "What do you think is happening?"


# Values that come from the learner's code and its runs: a long one is cut, the rest of the sentence stays.
_EVIDENCE = frozenset({"input", "expected", "actual", "error", "variables", "returned", "line_text"})


def fill(template: str, values: dict[str, Any]) -> str:
    """``template`` with ``values``; a placeholder without a value reads as "?" rather than failing."""

    class Missing(dict[str, Any]):
        def __missing__(self, key: str) -> str:
            return "?"

    return template.format_map(
        Missing({k: _short(v) if k in _EVIDENCE else ("?" if v is None else v) for k, v in values.items()})
    )


def _short(value: Any, limit: int = 80) -> str:
    text = str(value) if value is not None else "?"
    return text if len(text) <= limit else text[: limit - 1] + "…"
