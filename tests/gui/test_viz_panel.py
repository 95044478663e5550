"""The visualization panel on real traces: the slider and the stepping keys move one step cursor
that the editor (lineChanged) and the Structure tab follow; streamed batches; breakpoints and
stopped runs (through real child processes)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from codementor_desktop.tools import sample_traces as samples
from tests.gui.viz_support import feed, search_trace

SUM = "def f(a):\n    s = 0\n    for x in a:\n        s += x\n    return s\n"


def test_the_slider_moves_the_step_marks_the_line_and_redraws_the_pointers(make_panel, qtbot):
    trace, code = search_trace()
    panel = make_panel(trace, code, tab="structure")
    structure = panel.view("structure")
    steps = trace["steps"]
    target = max(s["step"] for s in steps if "mid" in (s.get("changed") or {}))  # the last mid computed
    panel.set_step(next(s["step"] for s in steps if s["function"] == "search") + 1)
    qtbot.waitUntil(lambda: structure.drawing is not None and structure.drawing.model is not None)
    boxes, labels = structure.scenes["cells"].boxes, list(structure.scenes["cells"].labels.items)
    with qtbot.waitSignal(panel.stepChanged, timeout=5_000) as moved, qtbot.waitSignal(panel.lineChanged) as line:
        panel.trace_tab.slider.setValue(target)
    assert moved.args == [target]
    assert line.args == [steps[target]["line"]]
    qtbot.waitUntil(lambda: structure.drawing is not None and structure.drawing.model.pointers.get("mid") is not None)
    state = panel.timeline.state_at(target)
    expected = {name: state.variables()[name] for name in ("lo", "hi", "mid")}
    assert structure.drawing.variable == "nums"
    assert structure.drawing.model.pointers == expected
    assert "mid" in " ".join(structure.scenes["cells"].pointers.texts())
    assert structure.scenes["cells"].boxes is boxes  # created once, fed new data
    assert structure.scenes["cells"].labels.items[: len(labels)] == labels


def test_stepping_actions_follow_a_recursive_function(make_panel):
    trace = samples.trace_here(samples.FACTORIAL, "fact", 3)
    panel = make_panel(trace, samples.FACTORIAL)
    steps = trace["steps"]
    assert panel.over_action.shortcut() == QKeySequence("F10")
    assert panel.into_action.shortcut() == QKeySequence("F11")
    assert panel.out_action.shortcut() == QKeySequence("Shift+F11")
    assert panel.back_action.shortcut() == QKeySequence("Shift+F10")
    assert panel.home_action.shortcutContext() == Qt.ShortcutContext.WidgetWithChildrenShortcut

    call_line = next(s["step"] for s in steps if s["function"] == "fact" and s["line"] == 4)
    panel.set_step(call_line)
    panel.over_action.trigger()  # rest = fact(n - 1) runs through the whole recursion
    assert (steps[panel.step]["line"], steps[panel.step]["depth"], steps[panel.step].get("changed")) == (
        5, 1, {"rest": 2},
    )  # fmt: skip
    panel.set_step(call_line)
    panel.into_action.trigger()
    assert (steps[panel.step]["event"], steps[panel.step]["changed"]) == ("call", {"n": 2})
    panel.into_action.trigger()
    panel.out_action.trigger()  # back in the caller, after the call returned
    assert (steps[panel.step]["depth"], steps[panel.step]["line"]) == (1, 5)
    here = panel.step
    panel.back_action.trigger()
    assert panel.step == here - 1
    panel.end_action.trigger()
    assert panel.step == len(steps) - 1
    panel.home_action.trigger()
    assert panel.step == 0


def test_the_call_stack_and_changed_variables_are_shown(make_panel, qtbot):
    trace = samples.trace_here(samples.FACTORIAL, "fact", 3)
    panel = make_panel(trace, samples.FACTORIAL)
    deepest = max(range(len(trace["steps"])), key=lambda i: trace["steps"][i]["depth"])
    panel.set_step(deepest)
    tab = panel.trace_tab
    qtbot.waitUntil(lambda: tab.stack.topLevelItemCount() == 3)
    frames = [tab.stack.topLevelItem(i) for i in range(3)]
    assert [f.text(0) for f in frames][0].startswith("fact")
    assert [f.child(0).text(1) for f in frames] == ["1", "2", "3"]  # innermost first
    rows = {tab.variables.item(r, 0).text(): tab.variables.item(r, 1) for r in range(tab.variables.rowCount())}
    assert rows["n"].text() == "1" and rows["n"].font().bold()  # n arrived with this call


def test_steps_arriving_in_batches_are_shown_while_the_rest_is_computed(make_panel, qtbot):
    trace = samples.trace_here(samples.COUNTING, "running_stats", 300)
    panel = make_panel()
    panel.begin_trace(samples.COUNTING)
    steps = trace["steps"]
    panel.add_steps(steps[:50])
    assert panel.step_count == 50
    panel.add_steps(steps[50:])
    panel.set_step(len(steps) - 1)  # far ahead of the replay: shown when it gets there
    qtbot.waitUntil(lambda: f"Step <b>{len(steps):,}</b>" in panel.trace_tab.position.text(), timeout=10_000)
    rows = {panel.trace_tab.variables.item(r, 0).text() for r in range(panel.trace_tab.variables.rowCount())}
    assert {"recent", "counts", "total"} <= rows


def test_a_breakpoint_opens_the_trace_at_its_step_with_the_watches(make_panel, services, qtbot):
    arguments = {"language": "python", "code": SUM, "input_data": [3, 1, 2]}
    trace = services.registry.call("bp_trace", dict(arguments))
    stop = services.registry.call("bp_breakpoint", {**arguments, "condition": "s > 2", "watch_vars": ["s", "x * 2"]})
    assert stop["hit"]
    panel = make_panel(trace, SUM)
    panel.setCurrentWidget(panel.pages["flow"])
    panel.breakpoint_hit(stop, code=SUM)
    assert panel.currentWidget() is panel.trace_tab
    step = trace["steps"][panel.step]
    assert (step["line"], step.get("changed")) == (3, {"s": 3})  # the first step where s > 2
    watches = panel.trace_tab.watches
    assert watches.isVisible()
    assert [(watches.item(r, 0).text(), watches.item(r, 1).text()) for r in range(watches.rowCount())] == [
        ("s", "3"), ("x * 2", "6"),
    ]  # fmt: skip


def test_a_breakpoint_without_its_trace_shows_the_stop_itself(make_panel, services, qtbot):
    arguments = {"language": "python", "code": SUM, "input_data": [3, 1, 2]}
    stop = services.registry.call("bp_breakpoint", {**arguments, "condition": "s > 2", "watch_vars": ["a"]})
    panel = make_panel()
    panel.breakpoint_hit(stop)
    tab = panel.trace_tab
    qtbot.waitUntil(lambda: tab.variables.rowCount() == 3)
    rows = {tab.variables.item(r, 0).text(): tab.variables.item(r, 1).text() for r in range(3)}
    assert rows == {"a": "[3, 1, 2]", "s": "3", "x": "3"}
    assert "held on line 3" in tab.banner.text()
    assert tab.watches.item(0, 1).text() == "[3, 1, 2]"


def test_a_breakpoint_that_never_stopped_says_why(make_panel, services):
    stop = services.registry.call(
        "bp_breakpoint", {"language": "python", "code": SUM, "input_data": [3, 1, 2], "condition": "s > 100"}
    )
    panel = make_panel()
    panel.breakpoint_hit(stop)
    assert not stop["hit"]
    assert "never held" in panel.trace_tab.banner.text()
    assert not panel.trace_tab.watches.isVisible()


def test_a_run_that_never_ends_stops_with_its_loop_named_and_marked(make_panel, services, qtbot):
    code = samples.ENDLESS_LOOP
    trace = services.registry.call("bp_trace", {"language": "python", "code": code, "input_data": 3, "max_steps": 200})
    panel = make_panel()
    with qtbot.waitSignal(panel.loopLinesChanged, check_params_cb=lambda lines: lines != []) as blocker:
        feed(qtbot, panel, trace, code)
    assert blocker.args == [[3, 4]]
    assert "while loop" in panel.trace_tab.banner.text()
    assert "n never changed" in panel.trace_tab.banner.text()
