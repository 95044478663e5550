"""The main window: problem browser, statement, editor, panel tabs, toolbar and status bar.

It takes the services it shows; ``app.py`` builds them. Work goes to the ``ToolWorker``; the
window only renders what comes back, and ignores results of jobs that are no longer current.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QMainWindow,
    QPlainTextEdit,
    QProgressBar,
    QSplitter,
    QTabWidget,
    QToolBar,
    QWidget,
)

from ..tools.services import Services
from .editor.code_editor import CodeEditor
from .panels.tests_panel import TestsPanel
from .problems.browser import ProblemBrowser
from .problems.statement import StatementView
from .workers import ToolWorker


class MainWindow(QMainWindow):
    def __init__(self, services: Services, worker: ToolWorker | None = None):
        super().__init__()
        self.services = services
        self.setWindowTitle("CodeMentor")
        self.setObjectName("mainWindow")
        self.resize(1280, 800)
        self.worker = worker or ToolWorker(services.registry, services.settings.user, parent=self)
        self.worker.setParent(self)
        self._drafts: dict[tuple[str, str], str] = {}
        self._problem_id: str | None = None

        self.browser = ProblemBrowser(services.bank)
        self.statement = StatementView()
        self.editor = CodeEditor(font_size=services.settings.font_size, dark=services.settings.theme == "dark")
        self.tests = TestsPanel()
        self.output = QPlainTextEdit(readOnly=True)
        self.output.setObjectName("output")
        self.panels = QTabWidget()
        self.panels.addTab(self.tests, "Tests")
        self.panels.addTab(self.output, "Output")

        centre = QSplitter(Qt.Orientation.Vertical)
        centre.addWidget(self.statement)
        centre.addWidget(self.editor)
        centre.addWidget(self.panels)
        centre.setSizes([220, 380, 200])
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.browser)
        self.splitter.addWidget(centre)
        self.splitter.setSizes([300, 980])
        self.setCentralWidget(self.splitter)

        self._build_toolbar()
        self.progress = QProgressBar(maximumWidth=160, visible=False)
        self.progress.setRange(0, 100)
        self.backend_label = QLabel(f"{services.backend_name} runner")
        self.statusBar().addPermanentWidget(self.progress)
        self.statusBar().addPermanentWidget(self.backend_label)
        self.statusBar().showMessage(f"{len(services.bank)} problems")

        self.browser.problemSelected.connect(self.open_problem)
        self.worker.started.connect(self._on_started)
        self.worker.progress.connect(self._on_progress)
        self.worker.result.connect(self._on_result)
        self.worker.error.connect(self._on_error)
        self.worker.finished.connect(self._on_finished)
        self.worker.cancelled.connect(lambda _job: self.statusBar().showMessage("Stopped."))
        self._restore_layout()
        ids = self.browser.visible_ids()
        if ids:
            self.browser.select(ids[0])

    # --- building ---------------------------------------------------------------------------
    def _build_toolbar(self) -> None:
        bar = QToolBar("Main", objectName="mainToolbar", movable=False)
        self.addToolBar(bar)
        self.title_label = QLabel("", objectName="problemTitle")
        self.title_label.setMinimumWidth(200)
        bar.addWidget(self.title_label)
        self.language = QComboBox(objectName="language")
        self.language.addItem("Python", "python")
        self.language.addItem("JavaScript", "javascript")
        self.language.currentIndexChanged.connect(self._on_language)
        bar.addWidget(self.language)
        self.run_action = self._action(bar, "Run", "Ctrl+Return", self.run_code, "Run the visible tests")
        self.submit_action = self._action(
            bar, "Submit", "Ctrl+Shift+Return", self.submit_code, "Run every test, hidden ones too"
        )
        self.stop_action = self._action(bar, "Stop", "Escape", self.worker.cancel, "Stop the running job")
        self.stop_action.setEnabled(False)
        self.reset_action = self._action(bar, "Reset code", None, self.reset_code, "Go back to the starter code")

    def _action(self, bar: QToolBar, text: str, shortcut: str | None, slot, tip: str) -> QAction:
        action = QAction(text, self)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
            tip += f" ({QKeySequence(shortcut).toString()})"
        action.setToolTip(tip)
        action.triggered.connect(slot)
        bar.addAction(action)
        return action

    # --- problems and code ------------------------------------------------------------------
    @property
    def current_language(self) -> str:
        return self.language.currentData()

    def open_problem(self, problem_id: str) -> None:
        problem = self.services.bank.get(problem_id)
        if problem is None:
            return
        self._remember_draft()
        self._problem_id = problem_id
        self.title_label.setText(f"  {problem.title}  ")
        self.statement.show_problem(problem)
        key = (problem_id, self.current_language)
        self.editor.set_language(self.current_language)
        self.editor.set_text(self._drafts.get(key, problem.starter_code(self.current_language).strip() + "\n"))
        self.tests.show_running("Run your code to see the tests here.")
        self.tests.table.setRowCount(0)

    def _remember_draft(self) -> None:
        if self._problem_id is not None:
            self._drafts[(self._problem_id, self.editor.language)] = self.editor.text()

    def _on_language(self) -> None:
        if self._problem_id is not None:
            self._remember_draft()
            problem_id, self._problem_id = self._problem_id, None
            self.open_problem(problem_id)

    def reset_code(self) -> None:
        problem = self.services.bank.get(self._problem_id or "")
        if problem is not None:
            self.editor.set_text(problem.starter_code(self.current_language).strip() + "\n")

    # --- running ----------------------------------------------------------------------------
    def run_code(self, include_hidden: bool = False) -> int | None:
        if self._problem_id is None:
            self.statusBar().showMessage("Choose a problem first.")
            return None
        self.editor.clear_diagnostics()
        arguments = {
            "code": self.editor.text(),
            "language": self.current_language,
            "problem_id": self._problem_id,
            "test_cases": [],
            "timeout": int(self.services.settings.timeout_seconds),
            "include_hidden": bool(include_hidden),
        }
        return self.worker.submit("execute_code", arguments)

    def submit_code(self) -> int | None:
        return self.run_code(include_hidden=True)

    def _on_started(self, _job: int, name: str) -> None:
        self.stop_action.setEnabled(True)
        self.progress.setValue(0)
        self.progress.setVisible(True)
        self.tests.show_running("Running…")
        self.statusBar().showMessage(f"Running {name}…")

    def _on_progress(self, _job: int, fraction: float, text: str) -> None:
        self.progress.setValue(int(fraction * 100))
        self.statusBar().showMessage(text)

    def _on_result(self, _job: int, result: dict) -> None:
        self.tests.show_result(result)
        self.panels.setCurrentWidget(self.tests)
        printed = [
            f"--- test {t.get('test_id')} ---\n{t['stdout']}" for t in result.get("test_results", []) if t.get("stdout")
        ]
        self.output.setPlainText("\n".join(printed) if printed else "(nothing printed)")
        line = result.get("line_number")
        if line and result.get("error_message"):
            self.editor.annotate_error(int(line), result["error_message"])
        verdict = result.get("verdict") or result.get("error_code", "")
        self.statusBar().showMessage(
            f"{verdict}: {result.get('pass_rate', 0) * 100:.0f}% of tests passed"
            if "pass_rate" in result
            else str(verdict)
        )

    def _on_error(self, _job: int, message: str) -> None:
        self.tests.show_running(f"<b>Internal error</b>: {message}")

    def _on_finished(self, _job: int) -> None:
        self.stop_action.setEnabled(False)
        self.progress.setVisible(False)

    # --- lifetime ---------------------------------------------------------------------------
    def _restore_layout(self) -> None:
        stored = QSettings(str(self.services.paths.config_dir / "window.ini"), QSettings.Format.IniFormat)
        geometry = stored.value("geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        state = stored.value("splitter")
        if state is not None:
            self.splitter.restoreState(state)

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        stored = QSettings(str(self.services.paths.config_dir / "window.ini"), QSettings.Format.IniFormat)
        stored.setValue("geometry", self.saveGeometry())
        stored.setValue("splitter", self.splitter.saveState())
        self.worker.shutdown()
        super().closeEvent(event)


def build_demo_window(services: Services) -> QWidget:
    """The window as a standalone demo (smoke tests and screenshots use it)."""
    return MainWindow(services)
