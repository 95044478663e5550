"""A closure that writes a variable of an enclosing function (Python's ``nonlocal``, a JavaScript
arrow assigning an outer ``let``): the enclosing frame shows the new value from the step the write
happens, so at the step after the inner function returns it is already there. Real child
processes, both languages."""

from __future__ import annotations

import pytest

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.tools.context import ToolContext
from codementor_desktop.visual.replay import Replay

CLOSURE = {
    "python": """def outer(n):
    count = 0
    def bump():
        nonlocal count
        count += n
    bump()
    bump()
    return count
""",
    "javascript": """function outer(n) {
  let count = 0;
  const bump = () => {
    count += n;
  };
  bump();
  bump();
  return count;
}
""",
}
# The closure of the first call is passed down a recursion and called in the next one: the frame
# whose variable it writes is not the nearest frame with a variable of that name.
HANDED_DOWN = {
    "python": """def outer(k, cb=None):
    count = 0
    def bump():
        nonlocal count
        count += 1
    if cb is not None:
        cb()
    if k > 0:
        outer(k - 1, bump)
    return count
""",
    "javascript": """function outer(k, cb) {
  let count = 0;
  const bump = () => {
    count += 1;
  };
  if (cb) cb();
  if (k > 0) outer(k - 1, bump);
  return count;
}
""",
}


def traced(services, language, code, data):
    result = services.registry.call(
        "bp_trace", {"language": language, "code": code, "input_data": data},
        ToolContext(caller=Caller.PERSON, learner="ada"),
    )  # fmt: skip
    assert result["stop_reason"] == "finished", result.get("message")
    return result


def count_after_each_bump(result, frame_of):
    """The enclosing frame's ``count`` at each step right after ``bump`` returned."""
    replay = Replay(result)
    seen, returned = [], False
    for step in replay.walk():
        if returned:
            seen.append(replay.value(replay.frames[frame_of(replay)]["count"]))
        returned = step["event"] == "return" and step["function"] == "bump"
    return seen


@pytest.mark.parametrize("language", ["python", "javascript"])
def test_the_enclosing_frame_shows_what_the_closure_wrote(services, language):
    result = traced(services, language, CLOSURE[language], 5)
    outer = next(s["frame"] for s in result["steps"] if s["event"] == "call" and s["function"] == "outer")
    assert count_after_each_bump(result, lambda _r: outer) == [5, 10]
    # ... from the very step of the write: the inner function's return step shows it in outer too.
    replay = Replay(result)
    at_returns = []
    for step in replay.walk():
        if step["event"] == "return" and step["function"] == "bump":
            at_returns.append(replay.value(replay.frames[outer]["count"]))
    assert at_returns == [5, 10]


@pytest.mark.parametrize("language", ["python", "javascript"])
def test_a_closure_handed_down_a_recursion_updates_its_own_frame(services, language):
    result = traced(services, language, HANDED_DOWN[language], 2)
    calls = [s["frame"] for s in result["steps"] if s["event"] == "call" and s["function"] == "outer"]
    assert len(calls) == 3
    # The first call's bump runs inside the second call: right after it, the first call's count is
    # 1 and the second call's (the nearest frame with a count) is still 0.
    replay = Replay(result)
    after = None
    returned = False
    for step in replay.walk():
        if returned and after is None:
            after = {
                uid: replay.value(replay.frames[uid]["count"]) for uid in calls if "count" in replay.frames.get(uid, {})
            }
        returned = step["event"] == "return" and step["function"] == "bump"
    assert after is not None and after[calls[0]] == 1 and after[calls[1]] == 0


PROGRAM_VARIABLE = {
    "python": "count = 0\ndef bump(k):\n    global count\n    count += k\nbump(2)\nbump(3)\nprint(count)\n",
    "javascript": "let count = 0;\nfunction bump(k) {\n  count += k;\n}\nbump(2);\nbump(3);\nconsole.log(count);\n",
}


@pytest.mark.parametrize("language", ["python", "javascript"])
def test_a_program_variable_a_function_writes_shows_in_the_program_frame_at_its_return(services, language):
    result = services.registry.call(
        "bp_trace", {"language": language, "code": PROGRAM_VARIABLE[language]},
        ToolContext(caller=Caller.PERSON, learner="ada"),
    )  # fmt: skip
    assert result["stop_reason"] == "finished", result.get("message")
    program = result["steps"][0]["frame"]
    replay = Replay(result)
    at_returns = []
    for step in replay.walk():
        if step["event"] == "return" and step["function"] == "bump":
            at_returns.append(replay.value(replay.frames[program]["count"]))
    assert at_returns == [2, 5]
