"""The app's side of a trace: the steps expanded from the child's batches, the stored form that
keeps the batches as they came, and the quick ways to the end of a long trace."""

from __future__ import annotations

import json
import zlib

from codementor_desktop.runner.trace_assembly import TraceAssembler
from codementor_desktop.runner.trace_steps import restored_trace
from codementor_desktop.tools.debugging import SUMMARY_STEPS, summarize
from codementor_desktop.visual.replay import Replay, TrailingReplay
from tests.tracing_helpers import trace_in_process, traced_frames

PROGRAM = """def run(n):
    seen = {}
    order = []
    for i in range(n):
        key = i % 7
        seen[key] = seen.get(key, 0) + i
        order.append(key)
        if len(order) > 5:
            order.pop(0)
    return seen, order
"""


def test_the_stored_form_gives_back_the_same_steps_without_encoding_them_again():
    frames, _ = traced_frames(PROGRAM, "run", 300, max_steps=10**6)
    assembler = TraceAssembler()
    for frame in frames:
        assembler.feed(frame)
    assert len([f for f in frames if f["kind"] == "trace_batch"]) >= 2
    result = {"status": "success", "steps": assembler.steps, "line_counts": {"3": 1}}
    back = restored_trace(json.loads(zlib.decompress(assembler.stored(result))))
    assert back["status"] == "success" and back["line_counts"] == {"3": 1}
    assert back["steps"] == assembler.steps and len(back["steps"]) > 1000


def test_a_jump_reaches_the_state_a_replay_of_every_step_reaches():
    result, _ = trace_in_process(PROGRAM, "run", 300)
    last = len(result["steps"]) - 1
    for index in (0, 17, last // 2, last - 3, last):
        walked, jumped = Replay(result), Replay(result)
        walked.seek(index)
        jumped.jump(index)
        assert jumped.frames == walked.frames
        for frame in walked.frames:
            for value in walked.frames[frame].values():
                assert jumped.value(value) == walked.value(value) and jumped.text(value) == walked.text(value)


def test_a_summary_from_a_trailing_replay_is_the_summary_from_a_full_replay():
    result, _ = trace_in_process(PROGRAM, "run", 300)
    follower = TrailingReplay(SUMMARY_STEPS)
    for start in range(0, len(result["steps"]), 97):
        follower.feed(result["steps"][start : start + 97])
    assert len(follower.last) == SUMMARY_STEPS
    assert summarize(result, follower) == summarize(result)
    assert summarize(result)["last_steps"][-1]["variables"]["order"].startswith("[")


CHANGING = """def run(n):
    window = [0] * 6
    totals = {}
    for i in range(n):
        window[i % 6] = i * i
        totals[i % 4] = totals.get(i % 4, 0) + window[i % 6]
        if i % 50 == 49:
            window.append(i)
            del totals[i % 4]
    return window, totals
"""


def test_a_follower_of_a_long_trace_keeps_a_bounded_backlog_and_the_state_of_a_full_replay():
    # A list set in place and a dict put into on every iteration, grown and shrunk now and then:
    # the changes the follower keeps aside for each object are folded in as they pile up.
    result, _ = trace_in_process(CHANGING, "run", 700)
    steps = result["steps"]
    follower = TrailingReplay(SUMMARY_STEPS)
    walked = Replay(result)
    for start in range(0, len(steps), 89):
        follower.feed(steps[start : start + 89])
        assert max(map(len, follower.replay._pending.values()), default=0) <= 257
        walked.seek(max(0, min(start + 89, len(steps)) - SUMMARY_STEPS) - 1)
        assert follower.replay.frames == walked.frames
        for variables in walked.frames.values():
            for value in variables.values():
                assert follower.replay.text(value, 10**6) == walked.text(value, 10**6)
    assert summarize(result, follower) == summarize(result)
    assert summarize(result)["last_steps"][-1]["variables"]["window"].startswith("[")


def test_a_jump_takes_in_the_heap_changes_of_steps_that_lack_some_plain_keys():
    # A trace handed to a tool need not come from the assembler: steps without "depth" still count.
    steps = [
        {"step": 0, "event": "line", "line": 1, "function": "f", "frame": 0, "changed": {"a": {"ref": 0}},
         "heap": {"0": {"type": "list", "items": [1, 2]}}},
        {"step": 1, "event": "line", "line": 2, "function": "f", "frame": 0, "heap": {"0": {"set": [[0, 9]]}}},
    ]  # fmt: skip
    walked, jumped = Replay({"steps": steps}), Replay({"steps": steps})
    walked.seek(1)
    jumped.jump(1)
    assert jumped.text({"ref": 0}) == walked.text({"ref": 0}) == "[9, 2]"
