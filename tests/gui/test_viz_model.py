"""The Qt-free parts of the visualization panel, on real traces: states at any step (checkpoints
shared copy-on-write), stepping targets, predictions, pointers, the variable log and line flow."""

from __future__ import annotations

import random

import pytest

from codementor_desktop.gui.viz import stepping
from codementor_desktop.gui.viz.line_flow import LineFlow
from codementor_desktop.gui.viz.pointers import array_pointers, index_names
from codementor_desktop.gui.viz.prediction import PredictionScore, answers_match, question_before
from codementor_desktop.gui.viz.snapshot import snapshot_steps, stop_step
from codementor_desktop.gui.viz.timeline import TraceTimeline
from codementor_desktop.gui.viz.trace_outcome import describe_outcome, loop_lines
from codementor_desktop.gui.viz.variable_log import VariableLog
from codementor_desktop.tools import sample_traces as samples
from codementor_desktop.visual.replay import Replay


def replayed(trace: dict) -> TraceTimeline:
    timeline = TraceTimeline(source="\n".join(trace["source_lines"]), checkpoint_every=16)
    timeline.extend(trace["steps"])
    while timeline.work(1.0):
        pass
    return timeline


@pytest.fixture(scope="module")
def tree_trace():
    return samples.trace_here(samples.INSERT_TREE, "build", [5, 2, 8, 1, 9, 3, 7, 4, 6, 0])


@pytest.fixture(scope="module")
def fact_trace():
    return samples.trace_here(samples.FACTORIAL, "fact", 3)


def test_every_state_equals_a_replay_from_the_start_in_any_order(tree_trace):
    timeline = replayed(tree_trace)
    steps = tree_trace["steps"]
    expected = []
    replay = Replay(tree_trace)
    for _ in replay.walk():
        expected.append(
            {uid: {n: replay.text(v, 2000) for n, v in names.items()} for uid, names in replay.frames.items()}
        )
    order = list(range(len(steps)))
    random.Random(4).shuffle(order)
    for index in order + list(reversed(range(len(steps)))):
        state = timeline.state_at(index)
        texts = {
            uid: {n: state.replay.text(v, 2000) for n, v in names.items()} for uid, names in state.replay.frames.items()
        }
        assert texts == expected[index], index
    assert len(timeline._checkpoints) > 5  # the walk really went through restored checkpoints


def test_a_step_the_pass_has_not_reached_is_not_ready(fact_trace):
    timeline = TraceTimeline()
    timeline.extend(fact_trace["steps"])
    assert timeline.state_at(3) is None
    timeline.work(1.0)
    assert timeline.state_at(3) is not None


def test_the_stack_lists_each_recursive_call_with_its_line(fact_trace):
    timeline = replayed(fact_trace)
    deepest = max(range(len(timeline)), key=lambda i: timeline.depths[i])
    state = timeline.state_at(deepest)
    assert [f.function for f in state.stack] == ["fact", "fact", "fact"]
    assert [state.replay.frames[f.uid]["n"] for f in state.stack] == [3, 2, 1]


def test_stepping_over_out_and_back_in_a_recursive_function(fact_trace):
    timeline = replayed(fact_trace)
    steps, depths = fact_trace["steps"], timeline.depths
    call_line = next(s["step"] for s in steps if s["function"] == "fact" and s["line"] == 4)  # rest = fact(n - 1)
    over = stepping.step_over(depths, call_line)
    assert (steps[over]["line"], steps[over]["depth"], steps[over]["changed"]) == (5, 1, {"rest": 2})
    into = stepping.step_into(depths, call_line)
    assert (steps[into]["event"], steps[into]["depth"], steps[into]["changed"]) == ("call", 2, {"n": 2})
    inner = into + 1
    out = stepping.step_out(depths, inner)
    assert (steps[out]["depth"], steps[out]["line"]) == (1, 5)
    assert stepping.step_back(depths, out) == out - 1
    assert stepping.step_out(depths, len(steps) - 2) == len(steps) - 1  # out of the outermost call: the end


def test_answers_compare_as_python_literals():
    assert answers_match("[1,2]", "[1, 2]")
    assert answers_match(" 'a' ", '"a"')
    assert answers_match("abc", "'abc'")  # a string typed without its quotes
    assert answers_match("3.0", "3")
    assert not answers_match("(1, 2)", "[1, 2]")
    assert not answers_match("True", "1")
    assert not answers_match("4", "3")
    assert answers_match("TreeNode(val=1,  left=None)", "TreeNode(val=1, left=None)")


def test_a_question_names_the_variable_the_next_step_changes(fact_trace):
    source = samples.RUNNING_SUM
    trace = samples.trace_here(source, "running_sum", [3, 1])
    timeline = replayed(trace)
    before = next(s["step"] for s in trace["steps"] if (s.get("changed") or {}).get("total") == 3) - 1
    question = question_before(timeline, before)
    assert question is not None
    assert (question.variable, question.expected, question.line) == ("total", "3", 5)
    assert "total += value" in question.prompt
    score = PredictionScore()
    score.record(True)
    score.record(False)
    assert score.text == "1 of 2 right (50%)"


def test_pointers_are_integers_used_to_index_the_array_or_named_as_positions():
    assert index_names(samples.BINARY_SEARCH)["nums"] == frozenset({"mid"})
    scope = {"nums": {"ref": 0}, "lo": 0, "hi": 9, "mid": 4, "target": 42, "flag": True}
    assert array_pointers("nums", 10, scope, samples.BINARY_SEARCH) == {"lo": 0, "hi": 9, "mid": 4}
    assert array_pointers("nums", 10, {"hi": 99}, samples.BINARY_SEARCH) == {}


def test_the_variable_log_and_the_line_flow_follow_the_run():
    trace = samples.trace_here(samples.RUNNING_SUM, "running_sum", [3, 1, 2])
    timeline = TraceTimeline(source=samples.RUNNING_SUM)
    log, flow = VariableLog(), LineFlow()
    timeline.observers = [log, flow]
    timeline.extend(trace["steps"])
    while timeline.work(1.0):
        pass
    assert list(log.series["total"].values) == [0, 3, 4, 6]
    assert [c.text for c in log.changes if c.name == "seen"] == ["[]", "[3]", "[3, 4]", "[3, 4, 6]"]
    loops = [e for e in flow.edges if e.kind == "loop"]
    assert [(e.source[1], e.target[1], e.count) for e in loops] == [(7, 4, 3)]
    assert flow.counts[("running_sum", 5)] == 3


def test_a_breakpoint_becomes_the_steps_of_its_stack():
    result = {
        "hit": True, "line": 3, "function": "f",
        "stack": [{"function": "f", "line": 3, "values": {"a": {"ref": 0}, "s": 3}, "depth": 1}],
        "heap": {"0": {"type": "list", "items": [3, 1, 2]}},
        "recent_steps": [{"step": 5}, {"step": 6}],
    }  # fmt: skip
    assert stop_step(result) == 7
    timeline = TraceTimeline()
    timeline.extend(snapshot_steps(result))
    timeline.work(1.0)
    state = timeline.state_at(0)
    assert state.replay.text(state.variables()["a"]) == "[3, 1, 2]"


def test_a_stopped_trace_names_its_loop():
    trace = samples.trace_here(samples.ENDLESS_LOOP, "count_down", 3, max_steps=300)
    text, kind = describe_outcome(trace)
    assert kind == "warning" and "while loop" in text
    assert loop_lines(trace) == [3, 4]


def test_a_tool_error_is_told_as_it_is():
    text, kind = describe_outcome({"status": "error", "error_code": "UNSUPPORTED", "error_message": "Python only."})
    assert (text, kind) == ("Python only.", "error")
