"""Predict, then reveal: the player stops before each change, checks the learner's answer against
the trace (as Python literals), reveals the step, and keeps the score for the session."""

from __future__ import annotations

from codementor_desktop.gui.viz.prediction import PredictionScore
from codementor_desktop.tools import sample_traces as samples
from tests.gui.viz_support import feed


def first_line_of(trace: dict, function: str) -> int:
    return next(s["step"] for s in trace["steps"] if s["event"] == "line" and s["function"] == function)


def test_right_and_wrong_answers_are_scored_and_revealed(make_panel, qtbot):
    trace = samples.trace_here(samples.RUNNING_SUM, "running_sum", [3, 1, 4])
    panel = make_panel(trace, samples.RUNNING_SUM)
    box = panel.trace_tab.predict
    panel.predict_action.trigger()
    assert box.isVisible()
    start = first_line_of(trace, "running_sum")
    panel.set_step(start)

    with qtbot.waitSignal(panel.player.questionChanged) as asked:
        panel.into_action.trigger()
    question = asked.args[0]
    assert (question.variable, question.expected) == ("total", "0")
    assert panel.step == start  # stopped before the change
    assert "total = 0" in box.prompt.text()
    box.answer.setText(" 0 ")
    box.check.click()
    assert panel.step == question.reveal
    assert "right." in box.feedback.text()
    assert box.score.text() == "1 of 1 right (100%)"

    with qtbot.waitSignal(panel.player.questionChanged) as asked:
        panel.into_action.trigger()
    assert asked.args[0].variable == "seen"
    box.answer.setText("[0]")
    box.answer.returnPressed.emit()
    assert "not quite" in box.feedback.text() and "[]" in box.feedback.text()
    assert panel.score.text == "1 of 2 right (50%)"

    while panel.player.pending is None and panel.step < panel.step_count - 1:
        panel.into_action.trigger()
    question = panel.player.pending
    box.skip.click()  # "Show me": revealed, not scored
    assert panel.step == question.reveal
    assert panel.score.asked == 2


def test_an_answer_compares_lists_as_values_and_play_stops_for_the_question(make_panel, qtbot):
    trace = samples.trace_here(samples.RUNNING_SUM, "running_sum", [5])
    panel = make_panel(trace, samples.RUNNING_SUM)
    panel.predict_action.trigger()
    panel.set_step(first_line_of(trace, "running_sum"))
    panel.player.set_speed(100)
    with qtbot.waitSignal(panel.player.questionChanged, check_params_cb=lambda q: q is not None, timeout=5_000):
        panel.play_action.trigger()
    assert not panel.player.playing
    asked = []
    while panel.player.pending is not None and panel.player.pending.code != "seen.append(total)":
        asked.append(panel.player.pending.code)
        panel.player.skip()
        panel.into_action.trigger()
    appended = panel.player.pending  # a change in place is asked too
    assert asked == ["total = 0", "seen = []", "for value in values:", "total += value"]
    assert appended is not None and (appended.variable, appended.expected) == ("seen", "[5]")
    assert panel.player.answer("[5,]")


def test_the_score_lasts_for_the_session_across_traces(make_panel, qtbot):
    score = PredictionScore(asked=3, right=2)
    panel = make_panel(score=score)
    trace = samples.trace_here(samples.RUNNING_SUM, "running_sum", [2])
    feed(qtbot, panel, trace, samples.RUNNING_SUM)
    panel.predict_action.trigger()
    panel.set_step(first_line_of(trace, "running_sum"))
    panel.into_action.trigger()
    panel.player.answer("1")  # total starts at 0
    feed(qtbot, panel, trace, samples.RUNNING_SUM)  # a new trace: the score stays
    assert panel.score is score and score.text == "2 of 4 right (50%)"


def test_leaving_the_question_by_another_move_drops_it(make_panel, qtbot):
    trace = samples.trace_here(samples.RUNNING_SUM, "running_sum", [2])
    panel = make_panel(trace, samples.RUNNING_SUM)
    panel.predict_action.trigger()
    panel.set_step(first_line_of(trace, "running_sum"))
    panel.into_action.trigger()
    assert panel.player.pending is not None
    with qtbot.waitSignal(panel.player.questionChanged, check_params_cb=lambda q: q is None):
        panel.end_action.trigger()
    assert not panel.trace_tab.predict.answer.isEnabled()
    assert panel.score.asked == 0
