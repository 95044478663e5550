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
NEXT_INTRO = "Here is what I would practise next: {items}."
NEXT_ITEM = "{title} ({difficulty}, about {minutes} min)"
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


# --- the conversation: answers read against the open question --------------------------------------
# Each list holds ways of saying one thing; the coach takes the first one not said already.
NAMED_CAUSE = [
    "Yes, that is what the trace shows: {echo}.",
    "Right: {echo}. That is the cause.",
    "Exactly: {echo}.",
]
FIX_QUESTION = (
    "How would you change line {line} (`{line_text}`) so that it cannot happen, and which test will tell you it worked?"
)
FIX_QUESTION_NO_LINE = "What would you change so that it cannot happen, and which test will tell you it worked?"
TRY_IT = [
    "Try it: change the code and ask me again; I will run the new version.",
    "That is worth trying. Edit the code and ask again, and I will run it on the tests.",
]
PARTIAL = [
    "You are looking at the right place: {echo}. What does it hold at the moment it goes wrong, and why?",
    "Closer: {echo}. Say what that value should be there, and why it is not.",
]
TEST_THE_CLAIM = (
    "Let's test that idea on the smallest input that fails, {input}: your code returns {actual} where "
    "{expected} is right. If your idea were the cause, which value would be different on that input?"
)
TEST_THE_IDEA = (
    "Try that idea by hand on {input}, where {expected} is right: what would it give, and does it meet the "
    "problem's promise?"
)
IDEA_FITS = [
    "That idea fits this problem: {label}. Where in your code would it go, and what would it replace?",
    "Yes, {label} is the way in here. What would your code keep, and when would it look it up?",
]
IDEA_FITS_PASSING = "That idea fits this problem: {label}. What would it change in how the work grows with n?"
SMALLER_STEP = [
    "Let's take a smaller step. On {input} the answer should be {expected}. Which line decides what is returned there?",
    "A smaller step: follow your code on {input} one line at a time. What is the first value it computes that "
    "you did not expect?",
]
SMALLER_STEP_PASSING = [
    "A smaller step: take an input of size 4 and count how many times your innermost line runs.",
    "Count the work on a tiny input: with n = 4, how many times does line {line} run?",
]
UNDERSTOOD_CHECK = (
    "Then check it on the failing input: what does your code return for {input}, and what should it return?"
)
NEW_VERSION = "I ran your new version."
NOW_PASSES = "Test {test_id} passes now."
EVERYTHING_SHOWN = (
    "That is everything the runs show about this version. Change the one thing you suspect most, run it, "
    "and tell me what changed."
)
YOU_SAID = 'You said: "{claim}". What does that mean for line {line} of your code?'

# --- how fast: answered from the measured counts and the best known complexity ---------------------
# Lists are ways of saying one thing: the coach takes the first one not said already.
COUNTS = [
    "Counted on the problem's worst-case inputs: at n = {n} your code took {mine} and the reference solution {theirs}.",
    "On the worst-case input of size {n}, that is {mine} for your code against {theirs} for the reference.",
    "The counts for this version at n = {n}: {mine} against the reference's {theirs}.",
]
COUNTS_MINE_ONLY = [
    "Counted on the problem's worst-case inputs: at n = {n} your code took {mine} ({measured}).",
    "On the worst-case input of size {n}, your code took {mine} ({measured}).",
]
OPTIMAL_YES = [
    "Yes: {best} time is the best known for this problem, and your code is {time}. What does it cost in space, "
    "and is that the least it can be?",
    "It is: {time}, the best known time for this problem. What is the largest input the constraints allow, and "
    "how long would your code take on it?",
    "That is {time}, as fast as this problem is known to go.",
]
OPTIMAL_NO = [
    "Not yet: your code is {time} in time, where {best} is the best known for this problem.",
    "This version is still {time}; {best} is possible.",
    "Not yet ({time} against {best}).",
]
GAP_QUESTION = [
    "Line {line} (`{line_text}`) is where the extra work is: what does it look for each time it runs, and "
    "could you know that without going over the input again?",
    "On line {line}, how many times is the same thing looked for, and what could remember it instead?",
]
GAP_QUESTION_NO_LINE = [
    "Which part of your code repeats work it has already done, and what could remember it instead?",
    "What does your code compute more than once?",
]
COMPLEXITY_IS = [
    "Your code is {time} in time and {space} in extra space; the best known for this problem is {best} time.",
    "In short: {time} time, {space} extra space (best known: {best}).",
]
COMPLEXITY_OPTIMAL_QUESTION = [
    "Which line sets that {time}, and could any line do less?",
    "Could the extra space go down while the time stays {time}?",
]
NOT_CORRECT_YET = [
    "It does not pass test {test_id} yet, so speed comes second; still:",
    "Correctness first (test {test_id} still fails), but as for speed:",
]
NOT_CORRECT_YET_EDGE = [
    "It still goes wrong on {input}, so speed comes second; still:",
    "Correctness first (it fails on {input}), but as for speed:",
]
BELOW_BEST = [
    "It is {time} where no solution of this problem is known to do better than {best}: it cannot yet be looking at "
    "everything the answer depends on. Which part of the input must it read before it can be right?",
    "Still {time}, under the {best} this problem needs: what does it skip that the answer depends on?",
]
TOO_SLOW_ON = [
    "Its answers are right where it finishes, but on {input} it runs out of time.",
    "On {input} it still does not finish in time.",
]
RECAP = "Before I close the session: in one sentence of your own, what was the idea that made it click?"
NOT_RUN_YET = "I could not run it ({why}), so I cannot say how fast it is."
SAME_FAILURE = "No change on test {test_id}."

GREETINGS = ["Hello! We are on {title}.", "Hi again, still on {title}.", "Hello."]
THANKS = ["You're welcome.", "Glad it helps.", "Any time."]
OFF_TOPIC = [
    "I can only help with {title} and your code here.",
    "That is outside what I know: I am here for {title}.",
    "Let's keep to {title}.",
]
REFUSALS = [
    REFUSAL,
    "Still no code from me: you will remember what you find yourself.",
    "I will not write it, but I will keep asking until you can.",
]
CONCLUDED_OWN_WORDS = "Well done. I kept it in your words: {insight}"

# --- the last questions of a ladder: each written differently, so none is a near-copy of another -----
SMALLEST_INPUT = "What is the smallest input the problem allows, and what should your code return on it?"
EXAMPLE_QUESTIONS = [
    "Take example {k}, {input}: which value does your code compute first, and is it one you need?",
    "In example {k} ({input} gives {output}), what is the last step before the answer is known?",
    "Example {k}, {input}: done by hand, what would you write down first?",
]
LINE_QUESTIONS = [
    "What is line {line} (`{line_text}`) for, and which test would fail without it?",
    "If line {line} (`{line_text}`) ran one time fewer, what would change in the answer?",
    "Which value does line {line} (`{line_text}`) read that an earlier line wrote?",
]
