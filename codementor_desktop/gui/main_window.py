"""The main window: problem browser, statement, editor, panel tabs, toolbar, menus and status bar.

It takes the services it shows; ``app.py`` builds them. It is the one module that knows every
part: it builds them, each with the session, the jobs, the services and the few widgets and
callables it uses, and wires them; no part holds the window. Work goes through ``Jobs``, each call
with its own callbacks; a part follows the session (a new problem, language or learner clears
what it shows).
The learner's code is kept as a draft in the services' ``drafts`` as they type, and the window
starts where it was left: the same problem, language and draft, the same layout.

The panel tabs are the visualization panel's (Tests, Output, then Trace, Structure, Variables and
Flow on one step cursor); Trace (F5), Run to breakpoint (Ctrl+F5) and the breakpoints in the
editor's margin are the ``Debugger``'s, and the stepping keys are in the Debug menu.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QLabel,
    QMainWindow,
    QProgressBar,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from .analysis.analyst import Analyst
from .chat.seat import ChatSeat
from .crash_notice import MessageBar, watch_for_crash
from .debugger.debugger import Debugger
from .documents import Documents, choose_no_problem
from .edge_cases.finder import EdgeFinder
from .editor.autosave import DraftAutosave
from .editor.code_editor import CodeEditor
from .editor.find_bar import FindBar
from .interview import build_interviews
from .jobs import Call, Jobs
from .layout import Layout, fit_statement, restore_layout, save_layout, set_focus_order, show_tab
from .learning import Learning
from .menu_bar import build_file_edit, build_view_help
from .menus import build_menus
from .panels.custom_input import CustomInput
from .panels.output_view import OutputView
from .panels.own_tests import OwnTests
from .panels.tests_panel import TestsPanel
from .plan.seat import PlanSeat
from .problems.browser import ProblemBrowser
from .problems.hints import Hints
from .problems.statement import StatementView
from .runs import Runs
from .scratch_run import ScratchRun
from .session import ResultKind, Session
from .settings import SettingsCommand
from .solutions.command import Solutions
from .status import JobsShown, close_unsaved, runner_label
from .theme import PlotFollower, apply_theme, recolour_plots
from .toolbar import build_toolbar, show_run_buttons
from .tour import TourGuide, tour_steps
from .viz.panel import VisualizationPanel

if TYPE_CHECKING:  # the services are built after the window first paints
    from ..tools.services import Services
    from .chat.seat import TutorFactory

log = logging.getLogger(__name__)
PANEL_SHARE = 0.45  # of the centre's height, for the panel when a trace is shown


class MainWindow(QMainWindow):
    """Built in two stages so that it paints early: the widgets first (cheap: no database, no
    bank), then ``attach(services)`` once they are loaded. Given ``services``, it attaches at once.
    ``synchronous`` (tests) runs every job at once in the GUI thread."""

    # Set by ``attach``; nothing reads them before (``ready`` says when they are there).
    services: Services

    def __init__(
        self,
        services: Services | None = None,
        tutor_factory: TutorFactory | None = None,
        *,
        synchronous: bool = False,
    ):
        """``tutor_factory`` makes the chat's tutors (``open_tutor``'s signature); the app's own by default."""
        super().__init__()
        self._ready = False
        self.setWindowTitle(self.tr("CodeMentor"))
        self.setObjectName("mainWindow")
        self.resize(1280, 800)
        self._first_layout = False  # no layout kept from a last session: fit the statement
        # What the window is about, and the one way off the GUI thread: parts take these (and the
        # few widgets they use), never the window. The learner is known once the services are.
        self.session = Session(learner="")
        self.jobs = Jobs(None, self.session, synchronous=synchronous, parent=self)

        self.browser = ProblemBrowser()
        self.statement = StatementView()
        self.statement.follow_techniques(self.browser.techniques_shown, self.browser.techniquesChanged)  # spoilers
        self.editor = CodeEditor()
        self.find_bar = FindBar(self.editor)
        self.editor_box = QWidget(objectName="editorBox")  # the code and its find bar
        box = self.editor_box_layout = QVBoxLayout(self.editor_box)
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

        self.centre = QSplitter(Qt.Orientation.Vertical)
        self.plan = PlanSeat(self, self.statement)  # the statement and the learner's plan, as two tabs
        self.centre.addWidget(self.plan.tabs)
        self.centre.addWidget(self.editor_box)
        self.centre.addWidget(self.panels)
        self.centre.setSizes([220, 380, 200])
        self.centre.setChildrenCollapsible(False)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.browser)
        self.splitter.addWidget(self.centre)
        self.splitter.setSizes([300, 980])
        self.setCentralWidget(self.splitter)
        self.window_layout = Layout(
            self, self.splitter, self.centre, self.panels, self.statement, self.browser.techniques_action
        )

        toolbar = build_toolbar(
            self,
            on_language=self._on_language,
            run=self.run_code,
            submit=self.submit_code,
            trace=self._when_ready(lambda: self.debugger.trace()),
            analyze=self._when_ready(lambda: self.analyst.analyze()),
            reset=self.reset_code,
            close=self.close,
        )
        self.toolbar, self.title_label, self.language = toolbar.bar, toolbar.title_label, toolbar.language
        self.run_action, self.submit_action, self.trace_action = toolbar.run, toolbar.submit, toolbar.trace
        self.analyze_action, self.stop_action = toolbar.analyze, toolbar.stop
        self.reset_action, self.quit_action = toolbar.reset, toolbar.quit
        self.documents = Documents(  # what the editor holds: a problem, a file or a scratch buffer
            self.session,
            editor=self.editor,
            language=self.language,
            statement=self.statement,
            reset_action=self.reset_action,
            submit_action=self.submit_action,
            say=self.say,
            set_title=self._show_title,
            save_now=lambda: self.autosave.save_now() if self.ready else None,
            leave_problem=self._leave_problem,
            dialog_parent=self,
        )
        self.chat = ChatSeat(self, self.session, self.jobs, tutor_factory)  # the tutor's dock, beside the editor
        edit = build_file_edit(
            self,
            documents=self.documents,
            ready=lambda: self.ready,
            editor=self.editor,
            find_bar=self.find_bar,
            reset_action=self.reset_action,
            quit_action=self.quit_action,
            open_settings=lambda: self.settings_command.open(),
        )
        self.find_action, self.replace_action, self.settings_action = edit.find, edit.replace, edit.settings
        self.breakpoint_action, self.toggle_breakpoint_action, self.edit_breakpoint_action, self.edges_action = (
            build_menus(
                self,
                toolbar,
                run_to_breakpoint=self._when_ready(lambda: self.debugger.run_to_breakpoint()),
                toggle_breakpoint=self._when_ready(lambda: self.debugger.toggle_breakpoint()),
                edit_breakpoint=self._when_ready(lambda: self.debugger.edit_breakpoint()),
                find_edge_cases=self._when_ready(lambda: self.edge_finder.find()),
                stepping=self.viz.stepping_actions(),
            )
        )
        view = build_view_help(
            self,
            problem_list=self.browser,
            chat_actions=[self.chat.toggle_action, self.chat.focus_action],
            panels=self.panels,
            show_tab=self.show_tab,
            editor=self.editor,
            set_theme=self.set_theme,
            show_tour=self._when_ready(lambda: self.tour_guide.show()),
            learner=lambda: self.session.learner,
            techniques=self.browser.techniques_action,
        )
        self.problems_action, self.theme_actions = view.problems, view.themes
        self.viz.currentChanged.connect(lambda _index: recolour_plots(self.viz))  # a tab added late
        self.plot_follower = PlotFollower(self)
        self.plot_follower.watch(list(self.viz.pages.values()))
        self.progress = QProgressBar(maximumWidth=160, visible=False)
        self.progress.setRange(0, 100)
        self.backend_label = QLabel("", textFormat=Qt.TextFormat.PlainText)
        self.statusBar().addPermanentWidget(self.progress)
        self.statusBar().addPermanentWidget(self.backend_label)
        self.jobs_shown = JobsShown(self.jobs, self.progress, self.stop_action, self.say)
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
            self.attach(services)

    def attach(self, services: Services) -> None:
        """The services are ready: the bank, the drafts, the tools; the window where it was left."""
        self.services = services
        self._ready = True
        self.drafts = services.drafts
        self.editor.apply_style(font_size=services.settings.font_size)
        self.set_theme(services.settings.theme, save=False)
        self.settings_command.attach(services)
        session, jobs = self.session, self.jobs
        session.learner = services.settings.user
        jobs.registry = services.registry
        self.viz.follow(session, jobs)
        self.editor.edited.connect(session.edited)
        self.autosave = DraftAutosave(self.editor, self.drafts, self)
        self._build_parts(services)
        self.documents.attach(services.paths.data_dir)
        self.hints = Hints(
            session, services, statement=self.statement, host=self, say=self.say,
            bar=self.toolbar, menu_bar=self.menuBar(),
        )  # fmt: skip
        self.chat.attach(
            services, code=self.editor.text, say=self.say, show_run=self._show_tutor_run,
            trace=lambda case: self.debugger.trace(case), hint_taken=self.hints.refresh,
        )  # fmt: skip
        self.solutions = Solutions(  # the statement's Solutions button and View ▸ Solutions…
            session, jobs, services, statement=self.statement, host=self, menu_bar=self.menuBar(),
            code=self.editor.text, say=self.say,
        )  # fmt: skip
        set_focus_order(self.statement, self.language, self.editor)
        self.learning = Learning(  # profile, recommendations, learners, history, the learner's data
            session, jobs, services, host=self, browser=self.browser, panels=self.viz,
            editor=self.editor, menu_bar=self.menuBar(), quit_action=self.quit_action,
            problems_action=self.problems_action, status_bar=self.statusBar(),
            choose_language=self._choose_language, keep_work=self._keep_work,
            may_leave=self.documents.may_leave, say=self.say,
        )  # fmt: skip
        session.learner_changed.connect(self._show_learners_work)
        self.interviews = build_interviews(  # Run ▸ Mock interview…: the helping tools off while it runs
            session, jobs, services, host=self, editor_box=self.editor_box_layout, code=self.editor.text,
            open_problem=self._open_in,
            hide_tags=self.statement.hide_tags, say=self.say,
            locked=[self.hints.action, self.trace_action, self.breakpoint_action, self.edges_action,
                    self.analyze_action, self.chat.toggle_action, self.chat.focus_action, self.problems_action,
                    self.tests.analyze_button, self.tests.edges_button, self.custom_input.box.trace_button,
                    self.plan.action, self.plan.pane.debug_button, self.solutions.action],
            hidden=[self.chat.dock, self.browser],
        )  # fmt: skip
        self.interviews.recorded.connect(lambda _id: self.learning.profile.mark_stale())
        self.backend_label.setText(
            runner_label(services.backend_name, services.containment(), services.containment_mode())
        )
        self.backend_label.setToolTip(
            "\n".join(f"{layer}: {'yes' if on else 'no'} ({detail})" for layer, on, detail in services.containment())
        )
        self.say(self.tr("%d problems to practise on.") % len(services.bank))
        self._first_layout = not restore_layout(
            self.window_layout, services.paths.config_dir, self.learning.recommendations
        )
        self.browser.set_bank(services.bank, self.drafts.statuses())
        self._open_where_left()
        QWidget.setFocus(self.editor)  # the keys go to the code (ScintillaEdit.setFocus is a Scintilla message)
        problem = services.bank.get(self.problem_id) if self.problem_id else None
        self.running_marker = watch_for_crash(services.paths.data_dir, self.notice, problem.title if problem else None)
        self.tour_guide = TourGuide(
            self, services.paths.data_dir, keep_clear=lambda: [self.statement],
            steps=lambda: tour_steps(self.toolbar, self.run_action, self.submit_action,
                                     self.trace_action, self.panels, self.browser),
        )  # fmt: skip
        self.tour = self.tour_guide.offer()

    def _build_parts(self, services: Services) -> None:
        """The parts that run the learner's code, each given what it uses."""
        session, jobs, save_now = self.session, self.jobs, self.autosave.save_now
        self.own_tests = OwnTests(session, services, self.tests, self.say)
        self.debugger = Debugger(
            session, jobs, services,
            editor=self.editor, panel=self.viz, selected_test=self.tests.selected_test,
            is_free=lambda: self.documents.current.free, save_now=save_now, say=self.say,
            show_tab=self.show_tab, dialog_parent=self, parent=self,
        )  # fmt: skip
        self.analyst = Analyst(
            session, jobs, services, editor=self.editor, say=self.say, show_tab=self.show_tab, dialog_parent=self,
            parent=self,
        )  # fmt: skip
        self.viz.insertTab(2, self.analyst.tab, self.tr("Analysis"))
        self.edge_finder = EdgeFinder(  # the Edge cases tab, and the learner's own tests
            session, jobs, services,
            code=self.editor.text, own_tests=self.own_tests, trace=self.debugger.trace, save_now=save_now,
            say=self.say, show_tab=self.show_tab, parent=self,
        )  # fmt: skip
        self.viz.insertTab(self.viz.indexOf(self.analyst.tab) + 1, self.edge_finder.tab, self.tr("Edge cases"))
        self.scratch = ScratchRun(
            session, jobs, services, editor=self.editor, output=self.output, say=self.say,
            show_output=lambda: self.panels.setCurrentWidget(self.output), parent=self,
        )  # fmt: skip
        self.runs = Runs(
            session, jobs, services,
            editor=self.editor, tests=self.tests, output=self.output, own_tests=self.own_tests, say=self.say,
            show_tests=lambda: self.panels.setCurrentWidget(self.tests), mark_problem=self.browser.set_status,
            save_now=save_now, after_submit=self.analyst.after_submit,
            on_running=lambda run: show_run_buttons(self.run_action, self.submit_action, run), parent=self,
        )  # fmt: skip
        self.plan.attach(
            session, jobs, services, editor=self.editor, panel=self.viz, show_tab=self.show_tab, say=self.say,
            mark_steps=self.debugger.marks.follow,
        )  # fmt: skip
        self.custom_input = CustomInput(
            session, jobs, services, code=self.editor.text, say=self.say, trace=self.debugger.trace, parent=self
        )
        layout = self.tests.layout()
        if layout is not None:
            layout.addWidget(self.custom_input.box)  # under the tests' table
        self.tests.analyzeRequested.connect(self._analyze_from_tests)
        self.tests.edgeCasesRequested.connect(self.edge_finder.find)
        self.tests.removeOwnRequested.connect(self.own_tests.remove)
        # A new problem, language or learner: what was shown of the last one goes (an error's mark
        # in the code too: a JavaScript error's line means nothing in the Python code).
        session.results_cleared.connect(self.editor.clear_diagnostics)
        session.results_cleared.connect(lambda: self.statusBar().clearMessage())  # its sentence was about the last one

    @property
    def ready(self) -> bool:
        return self._ready

    def _when_ready(self, command: Callable[[], object]) -> Callable[[], object]:
        """A command for an action; before the services are loaded it does nothing."""
        return lambda: command() if self.ready else None

    def _analyze_from_tests(self) -> None:
        """The Tests tab's button: the run on show is evidence only while the code is the one it ran."""
        ran = self.session.result_is_current(ResultKind.RUN)
        self.analyst.analyze(run_id=self.tests.run_id if ran else None)

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
        return self.session.problem_id

    def say(self, text: str) -> None:
        """A sentence in the status bar."""
        self.statusBar().showMessage(text)

    def show_tab(self, widget: QWidget) -> None:
        """Bring a panel tab to the front, with room enough for a trace."""
        show_tab(self.window_layout, widget, PANEL_SHARE)

    def _show_title(self, name: str) -> None:
        self.setWindowTitle(f"{name} — CodeMentor" if name else "CodeMentor")
        self.title_label.setText(f"  {name}  ")

    def _leave_problem(self) -> None:
        """The editor is about to hold code of no problem: the draft is kept, the problem let go."""
        if not self.ready:
            return
        self.autosave.follow(None, self.current_language)
        choose_no_problem(self.browser.list)

    def _open_where_left(self) -> None:
        """The problem, language and draft of the last session (or of the one that crashed)."""
        place = self.drafts.last_open()
        if place is not None and place[0] in self.services.bank and self.language.findData(place[1]) >= 0:
            self.documents.show_language(place[1])
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

    def _open_in(self, problem_id: str, language: str) -> None:
        """``problem_id`` open in ``language`` (a mock interview's)."""
        self._choose_language(language)
        self.learning.open_recommended(problem_id)

    def _keep_work(self) -> None:
        """What the learner on show leaves: the run is stopped, the draft and the open problem kept."""
        self.jobs.cancel()
        self.autosave.save_now()
        if self.problem_id is not None:
            self.drafts.remember_open(self.problem_id, self.current_language)

    def _show_learners_work(self, _name: str) -> None:
        """Another learner (or theirs read afresh): their drafts, statuses and the problem they had open."""
        self.drafts = self.services.drafts
        self.autosave.use_book(self.drafts)
        self.browser.set_statuses(self.drafts.statuses())
        place = self.drafts.last_open()
        first = self.browser.visible_ids()
        bank = self.services.bank
        problem_id = place[0] if place is not None and place[0] in bank else (first[0] if first else None)
        if place is not None and problem_id == place[0] and self.language.findData(place[1]) >= 0:
            self.documents.show_language(place[1])
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
            choose_no_problem(self.browser.list)  # Cancel: the file on show stays
            return
        self.autosave.save_now()
        self.documents.show_problem(problem.title, self.current_language)
        language = self.current_language
        self.editor.set_language(language)
        draft = self.drafts.load(problem_id, language)
        self.editor.set_text(draft if draft is not None else self._starter(problem_id, language))
        self.session.open(problem_id, language)  # panels forget the last problem's results
        self.plan.follow()  # its anchors, which the new text took away
        self.debugger.marks.stop_following()
        self.autosave.follow(problem_id, language)
        self.drafts.remember_open(problem_id, language)
        self.own_tests.show()
        if self._first_layout:  # once laid out at the window's size
            QTimer.singleShot(0, self, lambda: fit_statement(self.window_layout))

    def _starter(self, problem_id: str, language: str) -> str:
        problem = self.services.bank.get(problem_id)
        return problem.starter_code(language).strip() + "\n" if problem is not None else ""

    def _on_language(self) -> None:
        if self.documents.current.free:
            self.documents.set_language(self.current_language)
        elif self.problem_id is not None:
            self.open_problem(self.problem_id)

    def reset_code(self) -> None:
        """Back to the starter code, as one step Ctrl+Z undoes."""
        if self.problem_id is None:
            return
        self.editor.replace_all(self._starter(self.problem_id, self.current_language))
        self.say(self.tr("Starter code restored. Ctrl+Z brings your code back."))

    # --- running ----------------------------------------------------------------------------
    def run_code(self, include_hidden: bool = False) -> Call | None:
        """Run (or, with ``include_hidden``, Submit) the code: a problem's tests, or a file's code once."""
        if not self.ready:
            return None
        if self.documents.current.free and not include_hidden:
            return self.scratch.run()
        return self.runs.start(include_hidden)

    def submit_code(self) -> Call | None:
        return self.run_code(include_hidden=True)

    # --- lifetime ---------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        """Keep the draft, the open problem and language, and the layout; stop the running job."""
        if self.ready and not self.documents.may_leave():
            event.ignore()  # Cancel: the file or scratch buffer stays open
            return
        self.viz.shutdown()
        self.output.stop()
        if not self.ready:
            self.jobs.shutdown()
            super().closeEvent(event)  # closed while loading: nothing was opened, nothing to keep
            return
        self.autosave.save_now()
        self.plan.save_now()
        if self.problem_id is not None:
            self.drafts.remember_open(self.problem_id, self.current_language)
        if not self.drafts.flush(10.0) and not close_unsaved(self, self.drafts.last_error):
            event.ignore()
            return
        save_layout(self.window_layout, self.services.paths.config_dir, self.learning.recommendations)
        self.chat.shutdown()
        self.interviews.shutdown()
        self.custom_input.shutdown()
        self.solutions.shutdown()
        self.jobs.shutdown()
        self.learning.shutdown()
        self.running_marker.release()  # a clean exit: the next start is no crash's
        super().closeEvent(event)
