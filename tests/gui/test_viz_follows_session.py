"""The visualization panel follows the session: a new problem clears the trace, the Structure,
Variables and Flow tabs, the shape chosen, the predictions' score and a breakpoint's banner; a
trace of the old problem that arrives late is not shown. Real traces and real child processes."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from codementor_desktop.gui.jobs import Jobs
from codementor_desktop.gui.session import Session
from codementor_desktop.tools import sample_traces as samples
from tests.gui.viz_support import search_trace

SUM = "def f(a):\n    s = 0\n    for x in a:\n        s += x\n    return s\n"
SLOW_SUM = "def f(a):\n    s = 0\n    for x in range(200000):\n        s += x\n    return s\n"


@pytest.fixture
def following(make_panel, services):
    """Make a panel follow a session of its own, with jobs shut (as the window shuts its own) at
    the end, before the panel's check that nothing it started is left running."""
    made: list[Jobs] = []

    def follow(panel, synchronous: bool = False) -> tuple[Session, Jobs]:
        session = Session(services.settings.user, problem_id="two-sum")
        jobs = Jobs(services.registry, session, synchronous=synchronous, parent=panel)
        made.append(jobs)
        panel.follow(session, jobs)
        return session, jobs

    yield follow
    for jobs in made:
        jobs.shutdown()


def test_a_new_problem_clears_the_trace_the_structure_the_variables_and_the_flow(
    make_panel, following, qtbot, tmp_path
):
    trace, code = search_trace()
    panel = make_panel(trace, code, tab="structure")
    session, _jobs = following(panel)
    structure, variables, flow = panel.view("structure"), panel.view("variables"), panel.view("flow")
    panel.setCurrentWidget(panel.pages["variables"])
    qtbot.waitUntil(lambda: not variables.empty_shown and variables.curves != {})
    panel.setCurrentWidget(panel.pages["flow"])
    qtbot.waitUntil(lambda: flow.flow.nodes() != [])
    panel.setCurrentWidget(panel.pages["structure"])
    panel.set_step(len(trace["steps"]) // 2)
    qtbot.waitUntil(lambda: structure.drawing is not None and structure.drawing.model is not None)
    assert panel.trace_tab.variables.rowCount() > 0

    session.problem_id = "valid-parentheses"

    assert panel.step_count == 0 and panel.step == 0
    assert len(panel.timeline) == 0 and panel.timeline.source == ""
    assert panel.trace_tab.variables.rowCount() == 0 and panel.trace_tab.stack.topLevelItemCount() == 0
    assert not panel.trace_tab.banner.isVisible()
    assert panel.trace_tab.position.text().startswith("No trace yet")
    assert structure.drawing is None and structure.variable.count() == 0
    assert not any(scene.visible for scene in structure.scenes.values())
    assert variables.empty_shown and variables.curves == {}
    assert flow.flow is panel.flow and panel.flow.fed == 0 and panel.flow.nodes() == []
    panel.grab().save(str(tmp_path / "cleared-structure.png"))

    # What of the old trace still comes is dropped: a batch of its steps, then its end.
    panel.add_steps(trace["steps"][:50])
    panel.finish_trace(trace)
    assert panel.step_count == 0 and not panel.trace_tab.banner.isVisible()
    # The next trace is shown as ever.
    panel.begin_trace(SUM)
    steps = samples.trace_here(SUM, "f", [3, 1, 2])
    panel.add_steps(steps["steps"])
    panel.finish_trace(steps)
    assert panel.step_count == len(steps["steps"])


def test_a_trace_of_the_old_problem_is_cancelled_and_nothing_of_it_arrives(make_panel, following, qtbot):
    """The trace goes through the jobs as the debugger sends it; the problem changes while it runs."""
    panel = make_panel()
    session, jobs = following(panel)
    arrived: list[str] = []
    panel.begin_trace(SLOW_SUM)
    first = qtbot.waitSignal(panel.stepChanged, timeout=30_000)
    with first:
        jobs.call(
            "bp_trace",
            {"language": "python", "code": SLOW_SUM, "input_data": [1], "max_steps": 100_000},
            lambda result: (arrived.append("done"), panel.finish_trace(result)),
            on_steps=lambda batch: (arrived.append("steps"), panel.add_steps(batch)),
        )
    assert panel.step_count > 0  # it streams
    seen = len(arrived)

    session.problem_id = "valid-parentheses"

    assert jobs.current() is None  # the trace was stopped: its child is killed
    jobs.shutdown()  # the lane's thread ends once the tool call returned
    QCoreApplication.processEvents()  # whatever it had reported is delivered now, or never
    assert arrived[seen:] == [] and "done" not in arrived
    assert panel.step_count == 0 and len(panel.timeline) == 0


def test_a_late_trace_from_the_window_is_not_shown_after_the_problem_changed(threaded_window, qtbot, tmp_path):
    window = threaded_window
    window.browser.select("search-rotated-sorted-array")
    window.editor.replace_all(SLOW_SUM.replace("def f(a)", "def search_rotated(nums, target)"))
    QWidget.setFocus(window.editor)
    with qtbot.waitSignal(window.jobs.ended, timeout=60_000):
        window.trace_action.trigger()
        window.browser.select("two-sum")  # before any step of the trace came back
    QCoreApplication.processEvents()
    panel = window.viz
    assert panel.step_count == 0
    assert not panel.trace_tab.banner.isVisible()
    window.grab().save(str(tmp_path / "late-trace-window.png"))


def test_the_shape_chosen_is_forgotten_on_a_new_problem(make_panel, following, qtbot):
    trace, code = search_trace()
    panel = make_panel(trace, code, tab="structure")
    session, _jobs = following(panel)
    structure = panel.view("structure")
    structure.choose("nums", "tree")
    assert structure.shape.currentData() == "tree"
    session.problem_id = "count-connected-components"
    assert structure.shape.currentData() == "auto"
    assert structure._chosen is None


def test_the_predictions_score_and_the_mermaid_diagram_go_with_the_problem(make_panel, following, qtbot):
    trace = samples.trace_here(SUM, "f", [3, 1, 2])
    panel = make_panel(trace, SUM)
    session, _jobs = following(panel, synchronous=True)
    panel.score.record(True)
    panel.trace_tab.predict.refresh_score()
    panel.show_mermaid()
    assert panel.mermaid_dialog is not None and panel.mermaid_dialog.isVisible()
    dialog = panel.mermaid_dialog

    session.open("valid-parentheses", "python")

    assert panel.score.asked == 0 and panel.trace_tab.predict.score.text() == "No predictions yet"
    assert not dialog.isVisible() and panel.mermaid_dialog is None


def test_a_restart_shows_a_sentence_not_empty_axes_in_the_variables_tab(window, qtbot, tmp_path):
    panel = window.viz
    panel.setCurrentWidget(panel.pages["variables"])
    view = panel.view("variables")
    qtbot.waitUntil(lambda: view.isVisible())
    assert view.empty_shown
    assert view.empty.isVisible() and not view.plot.isVisible()
    assert "Trace your code" in view.empty.text()
    panel.grab().save(str(tmp_path / "variables-empty.png"))


def test_the_breakpoint_banner_goes_when_predict_starts(window, qtbot, tmp_path):
    from codementor_desktop.gui.editor.breakpoints import Breakpoint

    window.browser.select("tree-diameter")
    window.editor.replace_all(window.services.bank.get("tree-diameter").reference_solution("python"))
    lines = window.editor.text().splitlines()
    line = next(i for i, text in enumerate(lines, start=1) if "height(node.left)" in text)
    window.debugger.breakpoints.put(Breakpoint(line, "node.val == 3", 1, ("node.left.val",)))
    with qtbot.waitSignal(window.jobs.ended, timeout=30_000):
        window.breakpoint_action.trigger()
    tab = window.viz.trace_tab
    assert tab.banner.isVisible() and tab.watches.isVisible()

    window.viz.predict_action.trigger()
    assert not tab.banner.isVisible() and not tab.watches.isVisible()
    window.viz.back_action.trigger()  # the debugger says where the stop was, on every move
    assert not tab.banner.isVisible() and not tab.watches.isVisible()
    qtbot.waitUntil(lambda: tab.variables.rowCount() > 0)
    window.grab().save(str(tmp_path / "predict-no-banner.png"))

    window.viz.predict_action.trigger()  # Predict mode off: the stop is said again
    assert tab.banner.isVisible()
    window.viz.predict_action.trigger()
    window.browser.select("two-sum")
    window.viz.predict_action.trigger()
    assert not tab.banner.isVisible() and not tab.watches.isVisible()
