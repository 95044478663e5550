"""The solution filter: code (not prose) too close to a reference is a leak; a stream shows prose as
it comes and holds a code block until it can judge it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codementor_desktop.tutor.events import TextDelta, ToolFinished, ToolStarted, TurnEnded
from codementor_desktop.tutor.guard import HELD, NOTICE, SolutionGuard, StreamGuard, code_blocks, guarded

REFERENCE = """def two_sum(nums, target):
    seen = {}
    for j, value in enumerate(nums):
        if target - value in seen:
            return [seen[target - value], j]
        seen[value] = j
    return []
"""
JS_REFERENCE = """function twoSum(nums, target) {
  const seen = new Map();
  for (let j = 0; j < nums.length; j++) {
    const need = target - nums[j];
    if (seen.has(need)) return [seen.get(need), j];
    seen.set(nums[j], j);
  }
  return [];
}
"""
GUARD = SolutionGuard([REFERENCE, JS_REFERENCE])


def fenced(code: str, language: str = "python") -> str:
    return f"Look at this:\n```{language}\n{code}```\nWhat do you think?\n"


def test_code_is_found_in_fences_indented_blocks_and_bare_statements_but_not_in_prose():
    text = (
        "Think about what you have seen so far.\n\n```\nx = 1\n```\n\n    y = 2\n    z = 3\n\n"
        "Then:\nfor i in items:\n    total += i\nThat is all, for now.\n"
    )
    assert code_blocks(text) == ["x = 1\n", "    y = 2\n    z = 3\n\n", "for i in items:\n    total += i\n"]
    assert code_blocks("For each value, which other value completes the pair? Return it (or not).") == []


@pytest.mark.parametrize(
    "text",
    [
        fenced(REFERENCE),
        fenced(JS_REFERENCE, "javascript"),
        "Here it is:\n\n" + "".join(f"    {line}\n" for line in REFERENCE.splitlines()),
        "Here it is:\n" + REFERENCE,  # no fence at all
        fenced(REFERENCE.replace("    ", "  ").replace("return []", "return []  # nothing")),  # spacing, comments
        fenced(REFERENCE.replace("value", "v").replace("seen", "memo")),  # renamed: the tokens still match in runs
        "```python\n" + REFERENCE,  # a fence never closed
    ],
)
def test_a_reference_in_any_code_form_leaks(text):
    assert GUARD.leaks(text)


def test_five_consecutive_normalized_lines_of_a_long_reference_leak_and_a_snippet_does_not():
    long_reference = "def walk(grid):\n" + "".join(f"    step_{i} = grid[{i}] + {i} * {i + 1}\n" for i in range(30))
    guard = SolutionGuard([long_reference])
    lines = long_reference.splitlines()
    assert guard.leaks(fenced("\n".join(lines[10:15]) + "\n"))
    assert guard.leaks(fenced("\n".join(" ".join(line.split()) + "  # mine" for line in lines[10:15]) + "\n"))
    assert not guard.leaks(fenced("\n".join(lines[10:12]) + "\n"))
    assert not guard.leaks(fenced("\n".join([lines[3], lines[10], lines[20]]) + "\n"))


def test_one_or_two_lines_of_a_reference_are_a_quote_not_a_leak():
    # The standard: a snippet of a line or two in an answer is how a tutor points at code.
    lines = REFERENCE.splitlines()
    assert not GUARD.leaks(fenced("\n".join(lines[2:4]) + "\n"))
    assert not GUARD.leaks(fenced(lines[1] + "\n"))
    js = JS_REFERENCE.splitlines()
    assert not GUARD.leaks(fenced("\n".join(js[3:5]) + "\n", "javascript"))


def test_prose_and_inline_quotes_never_leak():
    prose = (
        "Your line `for j, value in enumerate(nums):` walks the list once. Before you store `seen[value] = j`, "
        "what could you check? " * 5
    )
    assert not GUARD.leaks(prose)


def test_a_different_solution_of_another_shape_does_not_leak():
    other = (
        "def two_sum(nums, target):\n    order = sorted(range(len(nums)), key=nums.__getitem__)\n    return order[:2]\n"
    )
    assert not GUARD.leaks(fenced(other))


def stream(text: str, size: int) -> tuple[list[str], StreamGuard]:
    guard = StreamGuard(GUARD)
    pieces = [guard.feed(text[i : i + size]) for i in range(0, len(text), size)] + [guard.flush()]
    return pieces, guard


@pytest.mark.parametrize("size", [1, 3, 17, 1000])
def test_a_stream_replaces_a_leaking_block_and_keeps_the_prose_around_it(size):
    text = "Let me show you.\n```python\n" + REFERENCE + "```\nNow try it.\n"
    pieces, guard = stream(text, size)
    shown = "".join(pieces)
    assert shown == "Let me show you.\n" + NOTICE + "Now try it.\n"
    assert guard.held_back == 1


def test_prose_streams_as_it_comes_and_a_block_waits_for_its_fence():
    pieces, _ = stream("Think about the pair. ```\n```python\nx = 1\n", 4)
    assert "".join(pieces[:3]) == "Think about "  # shown before the line ends
    assert "x = 1" not in "".join(pieces[:-1])  # the open block is held to the end
    assert pieces[-1].endswith("x = 1\n")


def test_a_solution_cut_into_blocks_is_caught_when_the_pieces_add_up():
    lines = REFERENCE.splitlines(keepends=True)
    text = fenced("".join(lines[:2])) + fenced("".join(lines[2:4])) + fenced("".join(lines[4:]))
    pieces, guard = stream(text, 7)
    assert guard.held_back >= 1 and not GUARD.leaks("".join(pieces))


def test_guarded_passes_text_through_the_filter_and_flushes_before_other_events():
    events: list = []
    listener = guarded(events.append, StreamGuard(GUARD))
    for piece in ["Here:\n```py", "thon\n", REFERENCE, "```\nBye"]:
        listener(TextDelta(piece))
    listener(TurnEnded("answered", 1))
    shown = "".join(e.text for e in events if isinstance(e, TextDelta))
    assert shown == "Here:\n" + NOTICE + "Bye" and isinstance(events[-1], TurnEnded)


TEXTS = [
    "Let me show you.\n```python\n" + REFERENCE + "```\nNow try it.\n",
    "Prose only, with `inline` code and a list:\n- one\n- two\n",
    "Start:\n\n" + "".join("    " + line + "\n" for line in JS_REFERENCE.splitlines()) + "\nEnd.",
    "x = 1\nfor i in y:\n    pass\nThat was short.\n```js\nconst a = 1;\n```\n",
]


@given(st.sampled_from(TEXTS), st.lists(st.integers(min_value=1, max_value=40), min_size=1, max_size=60))
@settings(max_examples=200, deadline=None)
def test_what_a_stream_shows_does_not_depend_on_how_it_was_cut(text, cuts):
    whole = StreamGuard(GUARD)
    expected = whole.feed(text) + whole.flush()
    guard, shown, at = StreamGuard(GUARD), [], 0
    for size in cuts:
        shown.append(guard.feed(text[at : at + size]))
        at += size
    shown.append(guard.feed(text[at:]) + guard.flush())
    assert "".join(shown) == expected


# Every identifier renamed, and laid out again: the shapes are the reference's all the same.
RENAMED = """def find_pair(values, goal):
    index_of = {}
    for k, x in enumerate(values):
        if goal - x in index_of: return [index_of[goal - x], k]
        index_of[x] = k
    return []
"""
JS_RENAMED = """function findPair(a, t) {
  const m = new Map();
  for (let q = 0; q < a.length; q++) { const w = t - a[q];
    if (m.has(w)) return [m.get(w), q];
    m.set(a[q], q); }
  return [];
}
"""


@pytest.mark.parametrize(
    "text",
    [
        fenced(RENAMED),
        "Here it is:\n" + RENAMED + "\nTry it.",
        fenced(JS_RENAMED, "javascript"),
        "Just do this: `" + " ".join(RENAMED.split()) + "` and you are done.",  # one inline span
        "Try " + ", then ".join(f"`{line.strip()}`" for line in RENAMED.splitlines()) + ".",  # a span a line
    ],
)
def test_a_reference_with_every_name_renamed_leaks_in_any_code_form(text):
    assert GUARD.leaks(text)


def test_the_learners_own_code_quoted_back_is_theirs_to_see():
    own = SolutionGuard([REFERENCE, JS_REFERENCE], own=[RENAMED])
    assert not own.leaks(fenced(RENAMED)) and not own.leaks_code(RENAMED)
    assert own.leaks(fenced(JS_RENAMED, "javascript"))  # not what they wrote: still the solution
    assert GUARD.leaks(fenced(RENAMED))


def test_a_stream_holds_back_inline_spans_that_add_up_to_the_solution_and_keeps_the_prose():
    text = "Write " + ", then ".join(f"`{line.strip()}`" for line in RENAMED.splitlines()) + ". Easy!\n"
    pieces, guard = stream(text, 5)
    shown = "".join(pieces)
    assert guard.held_back == 1 and "index_of" not in shown
    assert shown.startswith("Write `") and shown.endswith(". Easy!\n")
    quoted, guard = stream("Your line `for k, x in enumerate(values):` walks the list once.\n", 5)
    assert (
        "".join(quoted) == "Your line `for k, x in enumerate(values):` walks the list once.\n" and not guard.held_back
    )


def test_a_tool_calls_arguments_and_result_are_judged_as_code():
    assert GUARD.leaks_value({"code": RENAMED, "language": "python"})
    assert GUARD.leaks_value({"tests": [{"code": JS_RENAMED}]})
    assert not GUARD.leaks_value({"code": "def find_pair(values, goal):\n    return []\n"})
    assert GUARD.held_back({"code": RENAMED, "name": "v2"}) == {"code": HELD, "name": "v2"}


def test_cards_are_filtered_when_asked_and_the_learners_own_code_in_a_card_stays():
    events: list = []
    listener = guarded(events.append, StreamGuard(SolutionGuard([REFERENCE], own=[REFERENCE])), cards=True)
    listener(ToolStarted("execute_code", {"code": REFERENCE, "problem_id": "two-sum"}, "c1"))
    listener(ToolStarted("save_code_snapshot", {"code": JS_RENAMED, "problem_id": "two-sum"}, "c2"))
    listener(ToolFinished("list_code_history", {"status": "ok", "snapshots": [{"code": RENAMED}]}, "1 snapshot", "c3"))
    assert events[0].arguments["code"] == REFERENCE  # what the learner wrote, echoed back
    assert events[1].arguments["code"] == JS_RENAMED  # JavaScript is judged against JavaScript references
    assert events[2].result["snapshots"][0]["code"] == RENAMED  # the same shapes as their own code
    strict: list = []
    listener = guarded(strict.append, StreamGuard(GUARD), cards=True)
    listener(ToolStarted("save_code_snapshot", {"code": JS_RENAMED, "problem_id": "two-sum"}, "c2"))
    listener(ToolFinished("list_code_history", {"status": "ok", "snapshots": [{"code": RENAMED}]}, "1 snapshot", "c3"))
    assert strict[0].arguments["code"] == HELD and strict[1].result["snapshots"][0]["code"] == HELD


def test_a_solution_cut_over_several_fields_of_a_call_is_held_back_whole():
    lines = RENAMED.splitlines(keepends=True)
    pieces = {"first": "".join(lines[:2]), "second": "".join(lines[2:4]), "third": "".join(lines[4:])}
    assert not any(GUARD.leaks_code(piece) for piece in pieces.values())  # no piece is the solution
    assert GUARD.leaks_value(pieces)
    assert GUARD.held_back(pieces) == dict.fromkeys(pieces, HELD)
    assert GUARD.held_back({"verdict": "WA", "code": pieces["first"]}) == {"verdict": "WA", "code": pieces["first"]}
