"""Debug my plan: ``bp_debug_plan`` on the editor's code and the plan on show, through the
window's jobs (Stop cancels it). Its report goes under the plan's steps, each step says what was
found of it, the anchors turn red (broken) or green (held) until the code changes, and the trace
it made goes to the visualization panel, at the step where the first expectation broke, so the
Structure and Flow tabs draw it there as they draw any trace."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QWidget

from ...tools.context import ToolContext
from ...tools.debugging import resolve_trace
from ...tools.errors import ToolFailure
from ..theme import theme_named
from ..viz.declared_shapes import declared_shapes
from .report import report_html, step_sentence
from .step_row import dark, tr

if TYPE_CHECKING:
    from ...tools.services import Services
    from ..jobs import Call, Jobs
    from ..session import Session
    from ..viz.panel import VisualizationPanel
    from .keeper import PlanKeeper

TOOL = "bp_debug_plan"
TRACE_LANE = "plan-trace"


class PlanDebugger(QObject):
    """``reported(result)`` follows each report shown (tests wait on it)."""

    reported = Signal(object)

    def __init__(
        self,
        session: Session,
        jobs: Jobs,
        services: Services,
        *,
        keeper: PlanKeeper,
        panel: VisualizationPanel,
        show_tab: Callable[[QWidget], None],
        show_plan: Callable[[], None],
        mark_steps: Callable[[], None],
        say: Callable[[str], None],
        parent: QObject | None = None,
    ):
        super().__init__(parent)
        self.session, self.jobs, self.services = session, jobs, services
        self.keeper, self.pane = keeper, keeper.pane
        self.panel, self.show_tab, self.show_plan, self.say = panel, show_tab, show_plan, say
        self.mark_steps = mark_steps
        self.call: Call | None = None
        self._serial = -1  # the edit of the code checked last
        self.result: dict[str, Any] | None = None
        self._code = ""
        self.pane.debugRequested.connect(self.debug)
        session.results_cleared.connect(self.forget)
        session.code_changed.connect(self._code_changed)
        keeper.loaded.connect(self.forget)

    def debug(self) -> Call | None:
        """Check the plan on show against the editor's code."""
        session, keeper = self.session, self.keeper
        if session.problem_id is None or keeper.key is None:
            self.say(tr("Choose a problem first: a plan is kept for a problem of the bank."))
            return None
        self.show_plan()
        keeper.save_now()
        plan = keeper.plan()  # says on its row a step that lacks words
        if plan is None or not plan.steps:
            self.say(tr("Write your plan first: Add step, then say what it does."))
            return None
        if len(plan.steps) != len(self.pane.rows):
            self.say(tr("Every step needs words before the plan can be checked: see the step marked in red."))
            return None
        self.pane.show_statuses([("", "")] * len(self.pane.rows))
        self.pane.show_report(None)
        self.keeper.anchors.colour([])
        self._code = self.keeper.editor.text()
        serial = self._serial = session.code_serial  # the edit of the code the report is about
        arguments = {
            "language": str(session.language),
            "code": self._code,
            "problem_id": session.problem_id,
            "plan": [step.as_dict() for step in plan.steps],
            "timeout_seconds": int(self.services.settings.timeout_seconds),
        }
        self.say(tr("Checking your plan: running the tests, tracing, checking every expectation…"))
        self.call = self.jobs.call(TOOL, arguments, lambda result: self._done(result, serial), on_failed=self._failed)
        return self.call

    @property
    def busy(self) -> bool:
        return self.call is not None and self.call.live

    def forget(self) -> None:
        """Another problem, language, learner or plan: the report of the last one goes."""
        if self.busy and self.call is not None:
            self.call.cancel()
        self.jobs.cancel(TRACE_LANE)
        self.result = None
        self.pane.show_report(None)
        self.pane.show_statuses([("", "")] * len(self.pane.rows))
        self.keeper.anchors.colour([])

    def _done(self, result: dict[str, Any], serial: int) -> None:
        if result.get("error_code"):  # the tool refused (a rate limit, a plan it cannot take): said as such
            self._failed(str(result.get("error_message") or result["error_code"]))
            return
        self.result = result
        steps = list(result.get("steps") or [])
        by_number = {int(step.get("number", 0)): step for step in steps}
        self.pane.show_statuses(
            [step_sentence(by_number[n]) if n in by_number else ("", "") for n in range(1, len(self.pane.rows) + 1)]
        )
        if self.session.code_serial == serial:  # the anchors are on the lines that were checked
            self.keeper.anchors.colour([str(by_number.get(n, {}).get("status", "")) for n in range(1, 41)])
        theme = theme_named("dark" if dark(self.pane) else "light")
        self.pane.show_report(report_html(result, theme.code_background))
        self.show_plan()  # with room for the report
        first = result.get("first_broken")
        if isinstance(first, int) and 1 <= first <= len(self.pane.rows):
            row = self.pane.rows[first - 1]  # in sight once its status line is laid out: on the next turn
            QTimer.singleShot(0, row, lambda: self.pane.steps_scroll.ensureWidgetVisible(row))
        self.say(_summary(result))
        if result.get("trace_id"):
            self._show_trace(str(result["trace_id"]), result)
        self.reported.emit(result)

    def _show_trace(self, trace_id: str, result: dict[str, Any]) -> None:
        """The trace the check made, read from the run store off the GUI thread, into the panel."""
        services, context = self.services, ToolContext(learner=self.session.learner)

        def load() -> dict[str, Any] | None:
            try:
                return resolve_trace({"trace_id": trace_id}, context, services)
            except ToolFailure:  # kept no more (the run store forgets): the report stands alone
                return None

        self.jobs.run(load, lambda trace: self._trace_loaded(trace, result), name="plan-trace", lane=TRACE_LANE)

    def _trace_loaded(self, trace: dict[str, Any] | None, result: dict[str, Any]) -> None:
        if trace is None or self.result is not result:
            return
        problem = self.services.bank.get(self.session.problem_id or "")
        self.panel.begin_trace(self._code, declared_shapes(problem) if problem is not None else None)
        if self.session.code_serial == self._serial:  # the steps' lines are the editor's
            self.mark_steps()
        self.panel.finish_trace(trace)
        broken = next((s for s in result.get("steps") or [] if s.get("number") == result.get("first_broken")), None)
        at = ((broken or {}).get("broken_at") or {}).get("step")
        steps = trace.get("steps") or []
        index = (
            next((i for i, step in enumerate(steps) if int(step.get("step", i)) >= at), None)
            if at is not None
            else None
        )
        if index is not None:
            self.panel.set_step(index)  # where the expectation stopped holding
            self.show_tab(self.panel.pages["structure"])
        else:
            self.show_tab(self.panel.trace_tab)

    def _failed(self, message: str) -> None:
        text = html.escape(tr("The plan could not be checked: %s") % message)
        self.pane.show_report(f"<p style='color:#c62828'>{text}</p>")
        self.say(tr("The plan could not be checked: %s") % message)

    def _code_changed(self) -> None:
        """The anchors' colours were of the code that was checked."""
        if self.result is not None:
            self.keeper.anchors.colour([])


def _summary(result: dict[str, Any]) -> str:
    outcome = result.get("outcome")
    first = result.get("first_broken")
    if outcome == "broken" and first:
        return tr("Step %d's expectation stopped holding: see the Plan tab.") % int(first)
    return {
        "held": tr("Every expectation of your plan held where its lines ran."),
        "never_reached": tr("Some steps' lines never ran on this input: see the Plan tab."),
        "unreadable": tr("An expectation cannot be read as an expression: see the Plan tab."),
        "no_expectations": tr("Your plan has no expectation to check: add one to a step."),
    }.get(str(outcome), tr("Your plan was checked: see the Plan tab."))
