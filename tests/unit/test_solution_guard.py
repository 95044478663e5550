"""The solution filter: code (not prose) too close to a reference is a leak; a stream shows prose as
it comes and holds a code block until it can judge it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codementor_desktop.tutor.events import TextDelta, TurnEnded
from codementor_desktop.tutor.guard import NOTICE, SolutionGuard, StreamGuard, code_blocks, guarded

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


def test_three_consecutive_normalized_lines_leak_and_two_do_not():
    long_reference = "def walk(grid):\n" + "".join(f"    step_{i} = grid[{i}] + {i}\n" for i in range(30))
    guard = SolutionGuard([long_reference])
    lines = long_reference.splitlines()
    assert guard.leaks(fenced("\n".join(lines[10:13]) + "\n"))
    assert guard.leaks(fenced("\n".join(" ".join(line.split()) + "  # mine" for line in lines[10:13]) + "\n"))
    assert not guard.leaks(fenced("\n".join(lines[10:12]) + "\n"))
    assert not guard.leaks(fenced("\n".join([lines[3], lines[10], lines[20]]) + "\n"))


def test_more_than_30_percent_of_a_short_reference_leaks():
    lines = REFERENCE.splitlines()
    assert GUARD.leaks(fenced("\n".join(lines[2:4]) + "\n"))  # two long lines of a seven-line reference
    assert not GUARD.leaks(fenced(lines[1] + "\n"))


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
