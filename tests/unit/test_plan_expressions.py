"""Expectations are read before they run: an expression or a clear error, never a change to the
learner's state, and the variables each one names."""

from __future__ import annotations

import pytest

from codementor_desktop.analysis.plan_expressions import read_expectation


@pytest.mark.parametrize(
    ("text", "language", "names"),
    [
        ("left <= right", "python", ("left", "right")),
        ("all(nums[k] in seen for k in range(i))", "python", ("nums", "seen", "i")),
        ("all(a > b for a, b in zip(stack, stack[1:]))", "python", ("stack",)),
        ("left <= right", "javascript", ("left", "right")),
        ("stack.every((x, i) => i === 0 || stack[i - 1] > x)", "javascript", ("stack",)),
        ("seen.has(nums[i]) && Math.max(a, b) > 0", "javascript", ("seen", "nums", "i", "a", "b")),
    ],
)
def test_an_expression_is_read_with_the_variables_it_names(text, language, names):
    reading = read_expectation(text, language)
    assert reading.error is None
    assert sorted(reading.names) == sorted(names)


@pytest.mark.parametrize(
    ("text", "language", "words"),
    [
        ("left <", "python", "`left <` is not a Python expression"),
        ("left <", "javascript", "`left <` is not a JavaScript expression"),
        ("x = 1", "python", "is not a Python expression"),
        ("a; b", "javascript", "is not a JavaScript expression"),
        ("(n := 3) > 0", "python", "assigns to n"),
        ("stack.pop() > 0", "python", "calls `stack.pop`"),
        ("next(it) > 0", "python", "calls `next`"),
        ("seen.add(3) is None", "python", "calls `seen.add`"),
        ("i++ < 3", "javascript", "changes a variable"),
        ("(a = 3)", "javascript", "changes a variable"),
        ("stack.push(1) > 0", "javascript", "calls `stack.push`"),
        ("delete seen[1]", "javascript", "deletes a property"),
        ("", "python", "empty"),
    ],
)
def test_what_cannot_be_checked_says_why(text, language, words):
    reading = read_expectation(text, language)
    assert reading.error is not None and words in reading.error
