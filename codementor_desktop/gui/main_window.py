"""The main window: problem browser, statement, editor, panel tabs, toolbar, menus and status bar.

It takes the services it shows; ``app.py`` builds them. Work goes to the ``ToolWorker``; the
window only renders what comes back, and ignores results of jobs that are no longer current.
The learner's code is kept as a draft in the services' ``drafts`` as they type, and the window
starts where it was left: the same problem, language and draft, the same layout.

The panel tabs are the visualization panel's (Tests, Output, then Trace, Structure, Variables and
Flow on one step cursor); Trace (F5), Run to breakpoint (Ctrl+F5) and the breakpoints in the
editor's margin are the ``Debugger``'s, and the stepping keys are in the Debug menu.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QMainWindow,
    QProgressBar,
    QSplitter,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from ..domain.vocabulary import ProblemStatus
from .analysis.analyst import Analyst
from .chat.seat import ChatSeat
from .crash_notice import MessageBar, watch_for_crash
from .debugger.debugger import Debugger
from .documents import Documents, choose_no_problem, show_language
from .edge_cases.finder import EdgeFinder
from .editor.autosave import DraftAutosave
from .editor.code_editor import CodeEditor
from .editor.find_bar import FindBar
from .jobs import Jobs
from .layout import fit_statement, restore_layout, save_layout, set_focus_order, show_tab
from .learning import Learning
from .menu_bar import build_file_edit, build_view_help
from .menus import build_menus
from .panels.custom_input import CustomInput
from .panels.output_view import OutputView, printed_by_tests
from .panels.own_tests import remove_own, show_own
from .panels.tests_panel import TestsPanel
from .problems.browser import ProblemBrowser
from .problems.hints import Hints
from .problems.statement import StatementView
from .runs import Run, start_run
from .scratch_run import ScratchRun
from .session import ResultKind, Session
from .settings import SettingsCommand
from .status import close_unsaved, job_sentence, progress_sentence, result_sentence, runner_label, started_sentence
from .text import escaped
from .theme import PlotFollower, apply_theme, recolour_plots
from .toolbar import build_toolbar, show_run_buttons
from .tour import TourGuide, tour_steps
from .viz.panel import VisualizationPanel
from .workers import ToolWorker

if TYPE_CHECKING:  # the services are built after the window first paints
    from ..tools.services import Services
    from .chat.seat import TutorFactory

log = logging.getLogger(__name__)
PANEL_SHARE = 0.45  # of the centre's height, for the panel when a trace is shown


class MainWindow(QMainWindow):
    """Built in two stages so that it paints early: the widgets first (cheap: no database, no
    bank), then ``attach(services)`` once they are loaded. Given ``services``, it attaches at once."""

    # Set by ``attach``; nothing reads them before (``ready`` says when they are there).
    services: Services
    worker: ToolWorker
    # Set in ``__init__`` by the builders of the toolbar (toolbar.py) and the menus (menu_bar.py).
    title_label: QLabel
    language: QComboBox
    run_action: QAction
    submit_action: QAction
    trace_action: QAction
    analyze_action: QAction
    edges_action: QAction
    stop_action: QAction
    reset_action: QAction
    quit_action: QAction
    find_action: QAction
    replace_action: QAction
    problems_action: QAction
    settings_action: QAction
    theme_actions: dict[str, QAction]

    def __init__(
        self,
        services: Services | None = None,
        worker: ToolWorker | None = None,
        tutor_factory: TutorFactory | None = None,
    ):
        """``tutor_factory`` makes the chat's tutors (``open_tutor``'s signature); the app's own by default."""
        super().__init__()
        self._ready = False
        self.setWindowTitle(self.tr("CodeMentor"))
        self.setObjectName("mainWindow")
        self.resize(1280, 800)
        self._problem_id: str | None = None
        self._run: Run | None = None
        self._first_layout = False  # no layout kept from a last session: fit the statement
        self._ran_code = ""  # the code of the last Run or Submit
        # What the window is about, and the one way off the GUI thread: parts take these (and the
        # few widgets they use), never the window. The learner is known once the services are.
        self.session = Session(learner="")
        self.jobs = Jobs(None, self.session, parent=self)

        self.browser = ProblemBrowser()
        self.statement = StatementView()
        self.statement.follow_techniques(self.browser.techniques_shown, self.browser.techniquesChanged)  # spoilers
        self.editor = CodeEditor()
        self.find_bar = FindBar(self.editor)
        self.editor_box = QWidget(objectName="editorBox")  # the code and its find bar
        box = QVBoxLayout(self.editor_box)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(0)
        self.notice = MessageBar()  # news above the code: what a crash left behind
        box.addWidget(self.notice)
        box.addWidget(self.editor)
        box.addWidget(self.find_bar)
        self.tests = TestsPanel()
        self.output = OutputView()
        self.viz = VisualizationPanel()
        self.viz.insertTab(0, self.tests, self.tr("Tests"))
        self.viz.insertTab(1, self.output, self.tr("Output"))
        self.viz.setCurrentIndex(0)
        self.panels = self.viz  # the panel tabs: Tests, Output, Trace, Structure, Variables, Flow
        self.documents = Documents(self)  # what the editor holds: a problem, a file or a scratch buffer

        self.centre = QSplitter(Qt.Orientation.Vertical)
        self.centre.addWidget(self.statement)
        self.centre.addWidget(self.editor_box)
        self.centre.addWidget(self.panels)
        self.centre.setSizes([220, 380, 200])
        self.centre.setChildrenCollapsible(False)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.browser)
        self.splitter.addWidget(self.centre)
        self.splitter.setSizes([300, 980])
        self.setCentralWidget(self.splitter)

        build_toolbar(self)
        self.chat = ChatSeat(self, self.session, self.jobs, tutor_factory)  # the tutor's dock, beside the editor
        build_file_edit(self)
        self.breakpoint_action, self.toggle_breakpoint_action, self.edit_breakpoint_action = build_menus(self)
        build_view_help(self)
        self.viz.currentChanged.connect(lambda _index: recolour_plots(self.viz))  # a tab added late
        self.plot_follower = PlotFollower(self)
        self.plot_follower.watch(list(self.viz.pages.values()))
        self.progress = QProgressBar(maximumWidth=160, visible=False)
        self.progress.setRange(0, 100)
        self.backend_label = QLabel("", textFormat=Qt.TextFormat.PlainText)
        self.statusBar().addPermanentWidget(self.progress)
        self.statusBar().addPermanentWidget(self.backend_label)
        self.settings_command = SettingsCommand(  # Edit ▸ Settings…
            self,
            self.jobs,
            editor=self.editor,
            backend_label=self.backend_label,
            set_theme=self.set_theme,
            say=self.say,
        )
        self.say(self.tr("Loading the problems…"))
        self.browser.problemSelected.connect(self.open_problem)
        if services is not None:
            self.attach(services, worker)

    def attach(self, services: Services, worker: ToolWorker | None = None) -> None:
        """The services are ready: the bank, the drafts, the worker; the window where it was left."""
        self.services = services
        self._ready = True
        self.drafts = services.drafts
        self.editor.apply_style(font_size=services.settings.font_size)
        self.set_theme(services.settings.theme, save=False)
        self.settings_command.attach(services)
        self.worker = worker or ToolWorker(services.registry, services.settings.user, parent=self)
        self.worker.setParent(self)
        self.session.learner = services.settings.user
        self.jobs.registry = services.registry
        self.jobs.synchronous = self.worker.synchronous
        self.viz.follow(self.session, self.jobs)
        self.editor.edited.connect(self.session.edited)
        self.autosave = DraftAutosave(self.editor, self.drafts, self)
        self.debugger = Debugger(self)
        self.analyst = Analyst(self)
        self.scratch = ScratchRun(self)
        self.documents.attach(services.paths.data_dir)
        self.custom_input = CustomInput(self)  # under the tests' table
        self.hints = Hints(
            self.session, services, statement=self.statement, host=self, say=self.say,
            bar=self.findChild(QToolBar, "mainToolbar"), menu_bar=self.menuBar(),
        )  # fmt: skip
        self.chat.attach(
            services, code=self.editor.text, say=self.say, show_run=self._show_tutor_run,
            trace=lambda case: self.debugger.trace(case), hint_taken=self.hints.refresh,
        )  # fmt: skip
        set_focus_order(self)
        self.tests.analyzeRequested.connect(self._analyze_from_tests)
        self.edge_finder = EdgeFinder(self)  # the Edge cases tab, and the learner's own tests
        self.tests.edgeCasesRequested.connect(self.edge_finder.find)
        self.tests.removeOwnRequested.connect(lambda number: remove_own(self, number))
        self.learning = Learning(  # profile, recommendations, learners, history, the learner's data
            self.session, self.jobs, services, host=self, browser=self.browser, panels=self.viz,
            editor=self.editor, menu_bar=self.menuBar(), quit_action=self.quit_action,
            problems_action=self.problems_action, status_bar=self.statusBar(),
            choose_language=self._choose_language, keep_work=self._keep_work,
            may_leave=self.documents.may_leave, say=self.say,
        )  # fmt: skip
        self.session.learner_changed.connect(self._show_learners_work)
        self.stop_action.triggered.connect(self.worker.cancel)
        self.backend_label.setText(
            runner_label(services.backend_name, services.containment(), services.containment_mode())
        )
        self.backend_label.setToolTip(
            "\n".join(f"{layer}: {'yes' if on else 'no'} ({detail})" for layer, on, detail in services.containment())
        )
        self.say(self.tr("%d problems to practise on.") % len(services.bank))
        self.worker.started.connect(self._on_started)
        self.worker.progress.connect(self._on_progress)
        self.worker.result.connect(self._on_result)
        self.worker.error.connect(self._on_error)
        self.worker.finished.connect(self._on_finished)
        self.worker.cancelled.connect(self._on_cancelled)
        self._first_layout = not restore_layout(self)
        self.browser.set_bank(services.bank, self.drafts.statuses())
        self._open_where_left()
        QWidget.setFocus(self.editor)  # the keys go to the code (ScintillaEdit.setFocus is a Scintilla message)
        self.running_marker = watch_for_crash(self)
        self.tour_guide = TourGuide(
            self, services.paths.data_dir, keep_clear=lambda: [self.statement],
            steps=lambda: tour_steps(self.findChild(QToolBar, "mainToolbar"), self.run_action, self.submit_action,
                                     self.trace_action, self.panels, self.browser),
        )  # fmt: skip
        self.tour = self.tour_guide.offer()

    @property
    def ready(self) -> bool:
        return self._ready

    def _analyze_from_tests(self) -> None:
        """The Tests tab's button: the run on show is evidence only while the code is the one it ran."""
        ran = self._ran_code == self.editor.text()
        self.analyst.analyze(run_id=self.tests.run_id if ran else None)

    def _side_job(self, job: int) -> bool:
        """A trace, a breakpoint run or an analysis: they show in their own tabs, not in Tests."""
        return self.debugger.owns(job) or self.analyst.owns(job) or self.edge_finder.owns(job) or self.scratch.owns(job)

    def _debugging(self, command: str):
        """A debugger command for an action; before the services are loaded it does nothing."""
        return lambda: getattr(self.debugger, command)() if self.ready else None

    # --- building ---------------------------------------------------------------------------
    def set_theme(self, name: str, save: bool = True) -> None:
        """Light or dark for the whole window, kept in the settings file unless ``save`` is False."""
        theme = apply_theme(name, root=self, editor=self.editor, statement=self.statement)
        self.theme_actions[theme.name].setChecked(True)
        settings = self.services.settings
        if save and settings.theme != theme.name:
            settings.theme = theme.name
            try:
                self.services.loaded.save()
            except OSError as exc:
                log.error("the theme could not be saved: %s", exc)
                self.say(self.tr("The theme could not be saved: %s") % exc)

    # --- problems and code ------------------------------------------------------------------
    @property
    def current_language(self) -> str:
        return self.language.currentData()

    @property
    def problem_id(self) -> str | None:
        return self._problem_id

    @problem_id.setter
    def problem_id(self, problem_id: str | None) -> None:
        self._problem_id = problem_id

    def say(self, text: str) -> None:
        """A sentence in the status bar."""
        self.statusBar().showMessage(text)

    def show_tab(self, widget: QWidget) -> None:
        """Bring a panel tab to the front, with room enough for a trace."""
        show_tab(self, widget, PANEL_SHARE)

    def _open_where_left(self) -> None:
        """The problem, language and draft of the last session (or of the one that crashed)."""
        place = self.drafts.last_open()
        if place is not None and place[0] in self.services.bank and self.language.findData(place[1]) >= 0:
            show_language(self, place[1])
            if self.browser.select(place[0]):
                return
        ids = self.browser.visible_ids()  # a first run: the first problem is an easy one (the bank's order)
        if ids:
            self.browser.select(ids[0])

    def _show_tutor_run(self, result: dict) -> None:
        """A run the tutor made, in the Tests tab."""
        self.tests.show_result(result)
        self.show_tab(self.tests)

    def _choose_language(self, language: str) -> None:
        """The language box set to ``language`` (the draft in it opens), if the window has it."""
        if self.language.findData(language) >= 0:
            self.language.setCurrentIndex(self.language.findData(language))

    def _keep_work(self) -> None:
        """What the learner on show leaves: the run is stopped, the draft and the open problem kept."""
        self.worker.cancel()
        self.autosave.save_now()
        if self._problem_id is not None:
            self.drafts.remember_open(self._problem_id, self.current_language)

    def _show_learners_work(self, name: str) -> None:
        """Another learner (or theirs read afresh): their drafts, statuses and the problem they had open."""
        self.drafts = self.services.drafts
        self.autosave.use_book(self.drafts)
        self.worker.learner = name
        self.browser.set_statuses(self.drafts.statuses())
        place = self.drafts.last_open()
        first = self.browser.visible_ids()
        bank = self.services.bank
        problem_id = place[0] if place is not None and place[0] in bank else (first[0] if first else None)
        if place is not None and problem_id == place[0] and self.language.findData(place[1]) >= 0:
            show_language(self, place[1])
        if problem_id is not None:
            self.browser.list.blockSignals(True)
            self.browser.select(problem_id)
            self.browser.list.blockSignals(False)
            self.open_problem(problem_id)  # even when it was on show already: the editor shows their draft

    def open_problem(self, problem_id: str) -> None:
        problem = self.services.bank.get(problem_id)
        if problem is None:
            return
        if not self.documents.may_leave():
            choose_no_problem(self)  # Cancel: the file on show stays
            return
        self.autosave.save_now()
        self._problem_id = problem_id
        self.documents.show_problem(problem.title, self.current_language)
        language = self.current_language
        self.editor.set_language(language)
        draft = self.drafts.load(problem_id, language)
        self.editor.set_text(draft if draft is not None else self._starter(problem_id))
        self.session.open(problem_id, language)  # panels forget the last problem's results
        self.debugger.marks.stop_following()
        self.autosave.follow(problem_id, language)
        self.drafts.remember_open(problem_id, language)
        self.tests.clear(self.tr("Run your code to see the tests here."))
        show_own(self)
        if self._first_layout:  # once laid out at the window's size
            QTimer.singleShot(0, self, lambda: fit_statement(self))

    def _starter(self, problem_id: str) -> str:
        problem = self.services.bank.get(problem_id)
        return problem.starter_code(self.current_language).strip() + "\n" if problem is not None else ""

    def _on_language(self) -> None:
        if self.documents.current.free:
            self.documents.set_language(self.current_language)
        elif self._problem_id is not None:
            self.open_problem(self._problem_id)

    def reset_code(self) -> None:
        """Back to the starter code, as one step Ctrl+Z undoes."""
        if self._problem_id is None:
            return
        self.editor.replace_all(self._starter(self._problem_id))
        self.say(self.tr("Starter code restored. Ctrl+Z brings your code back."))

    # --- running ----------------------------------------------------------------------------
    def run_code(self, include_hidden: bool = False) -> int | None:
        if self.ready and self.documents.current.free and not include_hidden:
            return self.scratch.run()
        if self._problem_id is None:
            self.say(self.tr("Choose a problem first."))
            return None
        self.autosave.save_now()  # the code that ran is worth keeping whatever happens next
        self.editor.clear_diagnostics()
        self._ran_code = self.editor.text()
        # ``started`` (inside ``submit``) gives the run its job id; a synchronous worker has the
        # result before ``submit`` returns.
        self._run, arguments = start_run(self, self._problem_id, self._ran_code, include_hidden)
        return self.worker.submit("execute_code", arguments)

    def submit_code(self) -> int | None:
        return self.run_code(include_hidden=True)

    def _on_started(self, job: int, name: str) -> None:
        self.stop_action.setEnabled(True)
        self.progress.setValue(0)
        self.progress.setVisible(True)
        if self._side_job(job):
            self._run = None  # a trace or an analysis replaces the run that was going
            show_run_buttons(self, None)
            self.say(job_sentence(name))
            return
        if self._run is not None and self._run.job == 0:
            self._run = replace(self._run, job=job)
        show_run_buttons(self, self._run)
        # The last run's rows would read as this run's verdicts until it ends: take them away.
        self.tests.clear(self.tr("Running…"))
        self.output.show_text("")
        self.say(started_sentence(name, self.services.bank.get(self._problem_id or ""), self._run))

    def _on_progress(self, _job: int, fraction: float, text: str) -> None:
        self.progress.setValue(int(fraction * 100))
        self.say(progress_sentence(text))

    def _on_result(self, job: int, result: dict) -> None:
        if self._side_job(job):
            return  # a trace, a breakpoint or an analysis: its own tab shows it
        run = self._run if self._run is not None and self._run.job == job else None
        if run is not None and (run.problem_id, run.language) == (self._problem_id, self.current_language):
            self.session.show(ResultKind.RUN, result)  # the profile and the recommendations follow attempts
        if run is not None and "run_id" in result:
            self.browser.set_status(run.problem_id, ProblemStatus.of_run(result.get("verdict"), run.submitted))
        if run is not None and (run.problem_id, run.language) != (self._problem_id, self.current_language):
            problem = self.services.bank.get(run.problem_id)
            title = problem.title if problem is not None else run.problem_id
            self.say(f"{title}: {result_sentence(result)}")
            return  # the learner has moved on: these results are not about the code on screen
        self.tests.show_result(result, run.own if run is not None else None)
        self.panels.setCurrentWidget(self.tests)
        self.output.show_text(printed_by_tests(result))
        line = result.get("line_number")
        if line and result.get("error_message"):
            self.editor.annotate_error(int(line), result["error_message"])
        self.say(result_sentence(result))
        if run is not None and run.submitted:
            self.analyst.after_submit(result)

    def _on_error(self, job: int, message: str) -> None:
        if not self._side_job(job):
            self.tests.clear(self.tr("<b>Internal error</b>: %s") % escaped(message))
        self.say(self.tr("An internal error stopped the job; the log has the details."))

    def _on_cancelled(self, job: int) -> None:
        self._end_run()
        if not self._side_job(job):
            self.tests.clear(self.tr("<b>Stopped</b> · the run was stopped before it finished: no verdict."))
        self.say(self.tr("Stopped."))

    def _on_finished(self, _job: int) -> None:
        self._end_run()

    def _end_run(self) -> None:
        self.stop_action.setEnabled(False)
        self.progress.setVisible(False)
        show_run_buttons(self, None)

    # --- lifetime ---------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        """Keep the draft, the open problem and language, and the layout; stop the running job."""
        if self.ready and not self.documents.may_leave():
            event.ignore()  # Cancel: the file or scratch buffer stays open
            return
        self.viz.shutdown()
        self.output.stop()
        if not self.ready:
            super().closeEvent(event)  # closed while loading: nothing was opened, nothing to keep
            return
        self.autosave.save_now()
        if self._problem_id is not None:
            self.drafts.remember_open(self._problem_id, self.current_language)
        if not self.drafts.flush(10.0) and not close_unsaved(self):
            event.ignore()
            return
        save_layout(self)
        self.chat.shutdown()
        self.custom_input.shutdown()
        self.worker.shutdown()
        self.jobs.shutdown()
        self.learning.shutdown()
        self.running_marker.clear()  # a clean exit: the next start is no crash's
        super().closeEvent(event)
