"""The visualization panel: a trace's Trace, Structure, Variables and Flow tabs on one step cursor.

``VisualizationPanel`` is a ``QTabWidget``; the window may insert its own tabs (Tests, Output)
beside the four it holds (they are found by widget, never by index). Everything is called on the
GUI thread:

* ``begin_trace(code="")``: a new trace starts (the code, when given, names pointers from day one);
* ``add_steps(steps)``: a batch of ``TraceStep`` dicts as the trace streams (from
  ``ToolContext.on_trace_steps``, queued to the GUI thread); cheap: the batch is queued, and the
  work slices of a few milliseconds take it in and replay it (``step_count`` counts the queued
  steps too; ``take_queued_steps()`` takes them at once);
* ``finish_trace(result)``: the ``bp_trace`` result; steps it holds that no batch brought are
  taken, and the stop reason, the loop diagnosis and the output are shown;
* ``breakpoint_hit(result, code=None)``: a ``bp_breakpoint`` result. When it stopped, the Trace
  tab opens at that step with the watches (at the step of the trace on show when ``code`` is its
  code, else on the stop's own state); when it did not, why, in plain words;
* ``set_step(index)``, ``step``, ``step_count``;
* signals ``stepChanged(int)`` (the step on show), ``lineChanged(int)`` (its line, for the editor
  to mark), ``stateShown(StepState)`` (the step's state once it is drawn, valid only during the
  call: for the editor to write what the step changed) and ``loopLinesChanged(list)`` (the lines of the loop that kept a stopped run going,
  ``[]`` otherwise);
* actions for a Run menu: ``into_action`` (F11), ``over_action`` (F10), ``out_action``
  (Shift+F11), ``back_action`` (Shift+F10), ``home_action`` (Home), ``end_action`` (End),
  ``play_action``, ``predict_action``; ``stepping_actions()`` lists them;
* ``score``: the predictions of this session (pass one ``PredictionScore`` to keep it across panels);
* ``follow(session, jobs)``: the panel follows the session (a new problem, language or learner
  clears it: ``clear``) and its slow work (the Mermaid text, the preload) goes through ``jobs``, in
  lanes of its own that never cancel a Run;
* ``clear()``: forget the trace and every choice made about it (the Structure tab's shape, the
  predictions' score, the breakpoint's banner); a trace of the old problem still arriving is dropped
  until the next ``begin_trace``;
* ``shutdown()``: stop timers and background work (the window calls it when it closes).

pyqtgraph and networkx are imported when a tab that needs them is first opened. When the panel is
first shown they start loading on a background thread (a moment later: the window starts first), and then the tabs' widgets are built while
the panel is idle, in slices of one plot or a few plot items each (a slice holds the event loop).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QLabel, QTabWidget, QVBoxLayout, QWidget

from ..jobs import Jobs
from ..session import Session
from ..tab_fit import fit_tabs
from .cursor import StepCursor
from .line_flow import LineFlow
from .panel_work import PanelWork, StepInbox
from .player import Player
from .prediction import PredictionScore
from .snapshot import missed_message, snapshot_steps, stop_step
from .timeline import TraceTimeline
from .trace_outcome import describe_outcome, loop_lines
from .trace_tab import TraceTab
from .variable_log import VariableLog

if TYPE_CHECKING:  # the views import pyqtgraph: loaded when their tab is first opened
    from .declared_shapes import DeclaredShape
    from .flow_view import FlowView
    from .structure_view import StructureView
    from .variables_view import VariablesView

SLICE_SECONDS = 0.008
REFRESH_MS = 300
PRELOAD_AFTER_MS = 2_000  # the window's own start comes first...
PRELOAD_RETRY_MS = 250  # ...and its loading: while other threads compute, the import waits...
OTHERS_BUSY_SHARE = 0.2  # ...(busy: more than this share of a core since the last look)...
PRELOAD_WAIT_AT_MOST_MS = 20_000  # ...but not for ever
FLOW_ITEMS_AHEAD = 24  # the Flow tab's line items made while idle...
FLOW_ITEMS_PER_SLICE = 4  # ...a few per slice (a line, its count and its share of headers: ~2 ms)
PREBUILT_SCENES = ("cells", "nodes")  # the Structure tab's commonest drawings: arrays, trees
SETTLE_EVERY = 1_000  # steps received between two moves out of the garbage collector's reach
MERMAID_LANE, PRELOAD_LANE = "mermaid", "viz-preload"  # lanes of their own: a Run is never cancelled by them
TRACE_TOOLS = ("bp_trace", "bp_breakpoint")  # the window's calls whose answer this panel shows


def tr(text: str) -> str:
    return QCoreApplication.translate("Panel", text)


def _out_of_collectors_reach() -> None:
    """Move what is alive now out of reach of Python's full garbage collections.

    A full collection walks every object alive: over a 100,000-step trace it stalls the window
    for a second, and Python runs one each time the long-lived objects grow by a quarter. Trace
    steps are plain data without cycles, freed by reference counting when the trace is dropped,
    so freezing them loses nothing; the youngest objects are collected first.
    """
    gc.collect(0)
    gc.freeze()


def _others_cpu_seconds() -> float:
    """The CPU time of the process's threads other than the calling one (child processes not counted)."""
    return time.process_time() - time.thread_time()


class _LazyPage(QWidget):
    """A tab that builds its view (and imports what it needs) the first time it is opened."""

    def __init__(self, build, parent: QWidget | None = None):
        super().__init__(parent)
        self._build = build
        self.view: Any = None
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self.placeholder = QLabel(tr("Loading…"))
        self._layout.addWidget(self.placeholder)

    def ensure(self) -> Any:
        if self.view is None:
            self.view = self._build()
            self._layout.removeWidget(self.placeholder)
            self.placeholder.hide()
            self.placeholder.deleteLater()
            self._layout.addWidget(self.view)
        return self.view


def _preload() -> None:
    """Import what the drawing tabs need (a quarter of a second), off the GUI thread."""
    import networkx  # noqa: F401
    import pyqtgraph  # noqa: F401

    from ...visual import layout, structures  # noqa: F401
    from . import flow_view, structure_view, variables_view  # noqa: F401


class VisualizationPanel(QTabWidget):
    stepChanged = Signal(int)
    lineChanged = Signal(int)
    stateShown = Signal(object)
    loopLinesChanged = Signal(list)

    def __init__(self, score: PredictionScore | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("visualizationPanel")
        self.score = score or PredictionScore()
        self.step_cursor = StepCursor(self)
        self.player = Player(self.step_cursor, self.score, self)
        self.timeline = TraceTimeline()
        self.log = VariableLog()
        self.flow = LineFlow()
        self._line = -1
        self._session: Session | None = None
        self._work_off = PanelWork(self)  # the Mermaid text and the preload, off the GUI thread
        self._receiving = True  # a trace's steps are taken (not after ``clear``, until ``begin_trace``)
        self._inbox = StepInbox()  # batches received, not yet in the timeline
        self._preloaded = False
        self._preload_waited = 0
        self._others_seen: float | None = None
        self._settled = 0
        self.mermaid_dialog: QDialog | None = None

        self.trace_tab = TraceTab(self.step_cursor, self.player)
        self.addTab(self.trace_tab, tr("Trace"))
        self.pages = {
            "structure": _LazyPage(self._make_structure),
            "variables": _LazyPage(self._make_variables),
            "flow": _LazyPage(self._make_flow),
        }
        self.addTab(self.pages["structure"], tr("Structure"))
        self.addTab(self.pages["variables"], tr("Variables"))
        self.addTab(self.pages["flow"], tr("Flow"))
        fit_tabs(self)  # every tab in sight at 1280 wide, Profile too
        self.addActions(self.stepping_actions())
        for name in ("into", "over", "out", "back", "home", "end", "play", "predict"):
            setattr(self, f"{name}_action", getattr(self.player, f"{name}_action"))

        self._work = QTimer(self)
        self._work.setInterval(0)
        self._work.timeout.connect(self._work_slice)
        self._render = QTimer(self)
        self._render.setSingleShot(True)
        self._render.setInterval(0)
        self._render.timeout.connect(self._render_now)
        self._refresh = QTimer(self)
        self._refresh.setSingleShot(True)
        self._refresh.setInterval(REFRESH_MS)
        self._refresh.timeout.connect(self._refresh_visible)
        self._prebuild = QTimer(self)
        self._prebuild.setInterval(120)
        self._prebuild.timeout.connect(self._build_a_slice)
        self._prebuild_slices: list[Callable[[], object]] = []
        self._preload_timer = QTimer(self)
        self._preload_timer.setSingleShot(True)
        self._preload_timer.setInterval(PRELOAD_AFTER_MS)
        self._preload_timer.timeout.connect(self._preload)
        self.step_cursor.moved.connect(self._on_moved)
        # On the next turn: the tab shows (and paints) first, its drawing follows in a turn of its own.
        self.currentChanged.connect(lambda _index: self._schedule_render())

    # -- the API the window calls -----------------------------------------------------------------

    into_action: QAction
    over_action: QAction
    out_action: QAction
    back_action: QAction
    home_action: QAction
    end_action: QAction
    play_action: QAction
    predict_action: QAction

    def stepping_actions(self) -> list[QAction]:
        return [*self.player.actions(), self.player.predict_action]

    @property
    def step(self) -> int:
        return self.step_cursor.index

    @property
    def step_count(self) -> int:
        """The steps received, those still queued included."""
        return self.step_cursor.count + self._inbox.count

    def follow(self, session: Session, jobs: Jobs) -> None:
        """Follow ``session``: a new problem, language or learner clears the panel, and cancels a
        trace of the window's ``jobs`` still under way."""
        if self._session is not None:
            self._session.results_cleared.disconnect(self.clear)
        self._work_off.follow(jobs)
        self._session = session
        session.results_cleared.connect(self.clear)

    def clear(self) -> None:
        """Forget the trace on show and what was chosen about it: the problem, language or learner
        changed. A trace of the old problem still under way is cancelled, and whatever of it still
        arrives is dropped until the next ``begin_trace``."""
        self._work_off.cancel_window_call(TRACE_TOOLS)
        self.begin_trace()
        self._receiving = False
        self.trace_tab.show_no_trace()
        self.trace_tab.clear_stop()
        self.score.reset()
        self.trace_tab.predict.reset()
        structure = self.pages["structure"].view
        if structure is not None:
            structure.forget_choices()  # the shape belongs to the last problem's data
        if self.mermaid_dialog is not None:
            self.mermaid_dialog.close()
            self.mermaid_dialog = None
        self._work_off.cancel(MERMAID_LANE)  # a diagram of the old trace opens nowhere

    def begin_trace(self, code: str = "", shapes: dict[str, DeclaredShape] | None = None) -> None:
        """Forget the trace on show; steps of a new one follow. ``shapes``: how the problem
        declares its arguments (``declared_shapes``), so the Structure tab draws them so."""
        self._receiving = True
        self._inbox.clear()
        self.trace_tab.clear_stop()
        self.timeline = TraceTimeline(source=code)
        self.timeline.shapes = dict(shapes or {})
        self.log = VariableLog()
        self.flow = LineFlow()
        self.timeline.observers = [self.log, self.flow]
        self.player.set_timeline(self.timeline)
        self._line = -1
        self._settled = 0
        self.step_cursor.reset()
        self.trace_tab.reset()
        self.trace_tab.set_message(tr("Tracing…"))
        for name, page in self.pages.items():
            if page.view is not None:
                self._reset_view(name, page.view)
        self.loopLinesChanged.emit([])

    def add_steps(self, steps: list) -> None:
        """Take a batch of steps of the trace being received: queued here, taken in by the work
        slices a few hundred at a time (a backlog of batches, on a busy machine, holds no turn of
        the event loop long)."""
        if not steps or not self._receiving:
            return
        self._inbox.put(steps)
        if not self._work.isActive():
            self._work.start()

    def take_queued_steps(self) -> None:
        """Take every step still queued now (a stop's few steps, a demo that may block)."""
        self._take_incoming()

    def _take_incoming(self, seconds: float | None = None) -> None:
        """Move queued steps into the timeline for about ``seconds`` (all of them when None)."""
        first = len(self.timeline) == 0
        if not self._inbox.take(self.timeline, seconds):
            return
        if len(self.timeline) - self._settled >= SETTLE_EVERY:
            self._settled = len(self.timeline)
            _out_of_collectors_reach()
        self.step_cursor.set_count(len(self.timeline))
        wanted = self._inbox.wanted
        if wanted is not None and (wanted < len(self.timeline) or not self._inbox):
            self._inbox.wanted = None
            self.step_cursor.move(wanted)
        if first:
            self._on_moved(self.step_cursor.index)

    def finish_trace(self, result: dict) -> None:
        """The trace is over: ``result`` is what ``bp_trace`` returned."""
        if not self._receiving:
            return  # a trace of the problem before the last change
        steps = result.get("steps") or []
        received = len(self.timeline) + self._inbox.count
        if len(steps) > received:
            self.add_steps(steps[received:])
        if not self.timeline.source and result.get("source_lines"):
            self.timeline.source = "\n".join(result["source_lines"])
            for name in ("structure", "flow"):
                if self.pages[name].view is not None:
                    self._reset_view(name, self.pages[name].view)
        text, kind = describe_outcome(result)
        text = escape(text)
        lines = loop_lines(result)
        if lines:
            shown = [f"{n}: {escape(self.timeline.source_line(n))}" for n in lines[:6]]
            text += "<br><code>" + "<br>".join(shown).replace(" ", "&nbsp;") + "</code>"
        self.trace_tab.set_message(text, kind, rich=True)
        self.loopLinesChanged.emit(lines)
        self._schedule_render()

    def set_step(self, index: int) -> None:
        """Show step ``index``; one still queued is shown once it is taken in."""
        if index >= self.step_cursor.count and self._inbox:
            self._inbox.wanted = index
            return
        self._inbox.wanted = None
        self.step_cursor.move(index)

    @property
    def busy(self) -> bool:
        """True while work is queued: steps to replay, a step to draw, series to redraw."""
        variables = self.pages["variables"].view
        return (
            bool(self._inbox)
            or not self.timeline.done
            or self._render.isActive()
            or (variables is not None and variables.busy)
            or self._work_off.busy
        )

    def breakpoint_hit(
        self, result: dict, code: str | None = None, shapes: dict[str, DeclaredShape] | None = None
    ) -> None:
        """Show a ``bp_breakpoint`` result: the stop with its watches, or why it never stopped."""
        self.setCurrentWidget(self.trace_tab)
        if not result.get("hit"):
            self.trace_tab.show_watches([])
            self.trace_tab.set_message(missed_message(result), "warning")
            return
        stop = stop_step(result)
        here = self.timeline
        same = code is not None and code == here.source and stop is not None and stop < len(here)
        if same and stop is not None and here.lines[stop] == int(result.get("line") or 0):
            self.set_step(stop)
        else:
            self.begin_trace(code or "", shapes)
            self.add_steps(snapshot_steps(result))
            self.take_queued_steps()  # a few steps: shown at once
            self.set_step(len(self.timeline) - 1)
        self.trace_tab.show_watches(list(result.get("watch") or []))
        self.trace_tab.set_message(str(result.get("message") or "The breakpoint stopped here."), "info")
        self.trace_tab.mark_stop()  # its banner and watches give way to Predict mode

    def shutdown(self) -> None:
        """Stop playing, the timers and the background work."""
        self.player.pause()
        for timer in self.findChildren(QTimer):  # the panel's, the player's and the views'
            timer.stop()
        self._work_off.shutdown()
        if self._session is not None:
            self._session.results_cleared.disconnect(self.clear)
            self._session = None
        if self.mermaid_dialog is not None:
            self.mermaid_dialog.close()

    # -- views ------------------------------------------------------------------------------------

    def _make_structure(self):
        from .structure_view import StructureView

        view = StructureView()
        self._reset_view("structure", view)
        return view

    def _make_variables(self):
        from .variables_view import VariablesView

        view = VariablesView(self.step_cursor)
        self._reset_view("variables", view)
        return view

    def _make_flow(self):
        from .flow_view import FlowView

        view = FlowView()  # its line items are made ahead while idle (or as a flow needs them)
        view.mermaid_button.clicked.connect(self.show_mermaid)
        self._reset_view("flow", view)
        return view

    def _reset_view(self, name: str, view) -> None:
        if name == "structure":
            view.reset(self.timeline)
        elif name == "variables":
            view.reset(self.log)
        else:
            view.reset(self.flow, self.timeline.source)

    def view(self, name: str) -> Any:
        """The view of a tab ('structure', 'variables', 'flow'), built if it was not yet."""
        return self.pages[name].ensure()

    def show_mermaid(self):
        """Open the run's Mermaid text; computed off the GUI thread, the dialog opens when it is ready."""
        from .mermaid_dialog import MermaidDialog, mermaid_texts

        steps, source = list(self.timeline.steps), self.timeline.source

        def opened(texts: dict) -> None:
            self.mermaid_dialog = MermaidDialog(texts, self)
            self.mermaid_dialog.show()

        return self._work_off.run(lambda: mermaid_texts(steps, source), MERMAID_LANE, opened)

    # -- following the cursor ---------------------------------------------------------------------

    def _on_moved(self, index: int) -> None:
        self.stepChanged.emit(index)
        if 0 <= index < len(self.timeline):
            line = self.timeline.lines[index]
            if line != self._line:
                self._line = line
                self.lineChanged.emit(line)
        self._schedule_render()

    def _schedule_render(self) -> None:
        if not self._render.isActive():
            self._render.start()

    def _current_page(self) -> str | None:
        for name, page in self.pages.items():
            if self.currentWidget() is page:
                return name
        return None

    def _render_now(self) -> None:
        index = self.step_cursor.index
        if not len(self.timeline):
            return
        name = self._current_page()
        if name == "variables":
            variables: VariablesView = self.view("variables")
            variables.refresh(len(self.timeline))
            variables.set_step(index)
        elif name == "flow":
            flow: FlowView = self.view("flow")
            flow.refresh()
            step = self.timeline.steps[index]
            flow.set_step(index, (str(step.get("function", "?")), int(step.get("line", 0))))
        if index >= self.timeline.computed:
            self.trace_tab.show_pending(index, len(self.timeline))
            return  # the work slices render it once the pass gets there
        state = self.timeline.state_at(index)
        if state is None:
            return
        self.trace_tab.show_state(state, self.timeline)
        self.stateShown.emit(state)
        if name == "structure":
            structure: StructureView = self.view("structure")
            structure.show_state(state)

    def _work_slice(self) -> None:
        seconds = SLICE_SECONDS
        if self._inbox:
            self._take_incoming(SLICE_SECONDS / 2)
            seconds = SLICE_SECONDS / 2
        waiting = self.step_cursor.index >= self.timeline.computed
        more = self.timeline.work(seconds) or bool(self._inbox)
        if waiting and self.step_cursor.index < self.timeline.computed:
            self._schedule_render()
        if not more:
            self._work.stop()
            if len(self.timeline) >= SETTLE_EVERY:
                _out_of_collectors_reach()  # the checkpoints and the logs the pass made
            self._refresh_visible()
        elif not self._refresh.isActive():
            self._refresh.start()

    def _refresh_visible(self) -> None:
        name = self._current_page()
        if name in ("variables", "flow"):
            self._schedule_render()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if not self._preloaded:
            self._preloaded = True
            self._preload_timer.start()

    def _preload(self) -> None:
        if self._work_off.shut:
            return
        # The window loads its problems on a thread at start: importing pyqtgraph beside it would
        # share the interpreter lock with it and the learner would wait seconds longer for them.
        interval = self._preload_timer.interval()
        self._preload_waited += interval
        others, self._others_seen = self._others_seen, _others_cpu_seconds()
        busy = others is None or self._others_seen - others > OTHERS_BUSY_SHARE * interval / 1000
        if busy and self._preload_waited < PRELOAD_WAIT_AT_MOST_MS:
            self._preload_timer.start(PRELOAD_RETRY_MS)
            return
        self._work_off.run(_preload, PRELOAD_LANE, lambda _result: self._start_prebuild())

    def _start_prebuild(self) -> None:
        flow_items = range(FLOW_ITEMS_PER_SLICE, FLOW_ITEMS_AHEAD + 1, FLOW_ITEMS_PER_SLICE)
        self._prebuild_slices = [
            *(page.ensure for page in self.pages.values()),
            *(lambda scene=scene: self.view("structure").scenes[scene].ensure_built() for scene in PREBUILT_SCENES),
            *(lambda lines=lines: self.view("flow").prepare(lines) for lines in flow_items),
        ]
        self._prebuild.start()

    def _build_a_slice(self) -> None:
        """Build a tab's widgets while nothing else is going on, a slice a turn: a view with its
        plot (about 20 ms, pyqtgraph's own construction), or a few of the Flow tab's items, so that
        opening a tab later is instant and no slice holds the event loop long."""
        if self.busy:
            return
        if self._prebuild_slices:
            self._prebuild_slices.pop(0)()
        if not self._prebuild_slices:
            self._prebuild.stop()
