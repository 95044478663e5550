"""Custom input, under the tests: the learner types an input in the problem's format, and "Run with
this input" shows their code's output beside the reference solution's ("Expected (reference)"),
with a mark that says whether they match. The reference's code is never shown, only its answer.

The box is filled with the first example when a problem opens; what the learner types is checked
as they type (a bracket left open, a missing argument) and the reason is said beside it. The
format line names the function as the language on show declares it (``findUnpaired(nums)`` in
JavaScript). The run goes off the window's thread in a lane of its own in ``Jobs``: it neither
stops a Run or a Trace under way nor is stopped by them (the box's own button stops it). A
scratch file with no problem shows only the learner's output.

The mark ("✓ Matches the reference") is about the code that ran: it goes as soon as the code
changes, and the outputs go with a new problem, language or learner.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, Signal
from PySide6.QtGui import QFontDatabase, QKeyEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ...tools.own_input import Output, OwnInputRun, input_problem, run_on_input
from ..session import ResultKind
from ..text import escaped

if TYPE_CHECKING:
    from ...problems.model import Problem
    from ...tools.services import Services
    from ..jobs import Call, Jobs
    from ..session import Session

LANE = "custom_input"  # its own lane: a custom input and a Run do not stop each other
RUN_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)

# Mid-tones that read on the light and the dark theme alike (the mark stays when the theme changes).
MATCH = ("✓ Matches the reference", "#3f9f4f")
MISMATCH = ("✗ Differs from the reference", "#e05252")


def _monospace(editor: QPlainTextEdit, lines: int) -> None:
    editor.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
    editor.setFixedHeight(editor.fontMetrics().lineSpacing() * lines + 12)


def tr(text: str) -> str:
    return QCoreApplication.translate("CustomInput", text)


def camel(name: str) -> str:
    """A Python parameter's name as the JavaScript starters write it: ``num_courses`` -> ``numCourses``."""
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def signature(problem: Problem, language: str) -> str:
    """The function the learner writes, as ``language`` declares it: ``findUnpaired(nums)``."""
    names = [p.name if language != "javascript" else camel(p.name) for p in problem.function.params]
    return f"{problem.function_name(language)}({', '.join(names)})"


class _CtrlEnter(QObject):
    """Ctrl+Enter in the box runs the box's input: the box takes the key before the window's Run
    shortcut sees it (a second shortcut on the same keys made both ambiguous, and neither ran)."""

    def __init__(self, run: Callable[[], None], parent: QObject):
        super().__init__(parent)
        self._run = run

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        kind = event.type()
        if kind in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress) and isinstance(event, QKeyEvent):
            ctrl = event.modifiers() & Qt.KeyboardModifier.ControlModifier
            shift = event.modifiers() & Qt.KeyboardModifier.ShiftModifier
            if ctrl and not shift and event.key() in RUN_KEYS:
                event.accept()
                if kind == QEvent.Type.KeyPress:
                    self._run()
                return True
        return super().eventFilter(watched, event)


class _Side(QWidget):
    """One output: a title over the answer, then what was printed, or why there is no answer."""

    def __init__(self, title: str, name: str):
        super().__init__()
        self.title = QLabel(f"<b>{title}</b>", textFormat=Qt.TextFormat.RichText)
        self.text = QPlainTextEdit(readOnly=True, objectName=name)
        self.text.setAccessibleName(title)
        _monospace(self.text, 3)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(2)
        box.addWidget(self.title)
        box.addWidget(self.text)

    def show_output(self, output: Output | None, absent: str = "") -> None:
        if output is None:
            self.text.setPlainText(absent)
            return
        parts = [output["output"]] if output["output"] is not None else [output["message"] or output["verdict"]]
        if output["stdout"].strip():
            parts.append("printed:\n" + output["stdout"].rstrip("\n"))
        self.text.setPlainText("\n".join(parts))


class CustomInputBox(QWidget):
    """The box itself: the input, its check, the button and the two outputs. ``runRequested``
    when the learner asks for a run; ``CustomInput`` runs it."""

    runRequested = Signal()  # noqa: N815 - Qt's signal style
    traceRequested = Signal()  # noqa: N815

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("customInput")
        self.toggle = QToolButton(text=tr("Custom input"), checkable=True, objectName="customInputToggle")
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.toggle.setAutoRaise(True)
        self.toggle.setToolTip(tr("Run your code on an input of your own, beside the reference solution's answer"))
        self.toggle.toggled.connect(self.set_open)
        self.mark = QLabel("", objectName="customInputMark", textFormat=Qt.TextFormat.PlainText)
        self.format = QLabel("", objectName="customInputFormat", textFormat=Qt.TextFormat.RichText)
        self.input = QPlainTextEdit(objectName="customInputText")
        self.input.setAccessibleName(tr("Custom input"))
        self.input.setTabChangesFocus(True)
        _monospace(self.input, 3)
        self.error = QLabel("", objectName="customInputError", textFormat=Qt.TextFormat.PlainText, wordWrap=True)
        self.error.setVisible(False)
        self.run_button = QPushButton(tr("Run with this input"), objectName="customInputRun")
        self.run_button.setToolTip(tr("Run your code on this input (Ctrl+Enter in the box)"))
        self.run_button.clicked.connect(self.runRequested)
        self.trace_button = QPushButton(tr("Trace this input"), objectName="customInputTrace")
        self.trace_button.setAccessibleName(tr("Trace this input"))
        self.trace_button.setToolTip(tr("Trace your code step by step on this input, in the Trace tab"))
        self.trace_button.clicked.connect(self.traceRequested)
        self.example_button = QPushButton(tr("Example 1"), objectName="customInputExample")
        self.example_button.setToolTip(tr("Put the first example's input back in the box"))
        self.input.installEventFilter(_CtrlEnter(self.runRequested.emit, self))
        self.yours = _Side(tr("Your output"), "customInputYours")
        self.expected = _Side(tr("Expected (reference)"), "customInputExpected")
        longest = max(
            self.run_button.fontMetrics().horizontalAdvance(t) for t in (tr("Run with this input"), tr("Stop"))
        )
        self.run_button.setMinimumWidth(longest + 28)  # its text changes to Stop and back: no clipping
        # One row: the input beside the two outputs, so the tests' table above keeps its height.
        header = QHBoxLayout()
        header.addWidget(self.toggle)
        header.addWidget(self.mark, 1)
        header.addWidget(self.example_button)
        header.addWidget(self.trace_button)
        header.addWidget(self.run_button)
        self.body = QWidget()
        given = QVBoxLayout()
        given.setSpacing(2)
        given.addWidget(self.format)
        given.addWidget(self.input)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addLayout(given, 1)
        row.addWidget(self.yours, 1)
        row.addWidget(self.expected, 1)
        body = QVBoxLayout(self.body)
        body.setContentsMargins(0, 0, 0, 0)
        body.setSpacing(2)
        body.addLayout(row)
        body.addWidget(self.error)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 2, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(header)
        layout.addWidget(self.body)
        self.set_open(False)

    def set_open(self, shown: bool) -> None:
        if self.toggle.isChecked() != shown:
            self.toggle.setChecked(shown)  # comes back here through toggled
            return
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow)
        self.body.setVisible(shown)

    def refuse(self, message: str) -> None:
        self.error.setText(message)
        self.error.setStyleSheet(f"color: {MISMATCH[1]};")
        self.error.setVisible(bool(message))

    def show_mark(self, matched: bool | None) -> None:
        if matched is None:
            self.mark.setText("")
            return
        text, colour = MATCH if matched else MISMATCH
        self.mark.setText(text)
        self.mark.setStyleSheet(f"color: {colour}; font-weight: bold;")


class CustomInput(QObject):
    """Custom input of the session's problem: fills the box for it and runs it. ``finished`` once a
    run's outputs are on show (or it failed, or was stopped). ``code`` gives the editor's text;
    ``trace(label_and_input)`` traces an input (the debugger's)."""

    finished = Signal()

    def __init__(
        self,
        session: Session,
        jobs: Jobs,
        services: Services,
        *,
        code: Callable[[], str],
        say: Callable[[str], None],
        trace: Callable[[tuple[str, str]], object],
        parent: QObject | None = None,
    ):
        super().__init__(parent)
        self.session, self.jobs, self.services = session, jobs, services
        self.code, self.say, self.trace_input = code, say, trace
        self.box = CustomInputBox()
        self._call: Call | None = None
        self._cancel: threading.Event | None = None
        self._problem: Problem | None = None
        self.box.runRequested.connect(self.run)
        self.box.traceRequested.connect(self.trace)
        self.box.example_button.clicked.connect(self._fill_example)
        self.box.input.textChanged.connect(self._check)
        session.results_cleared.connect(self.show_problem)  # a new problem, language or learner
        session.code_changed.connect(lambda: self.box.show_mark(None))  # the mark was about the code that ran
        self.show_problem()

    @property
    def running(self) -> bool:
        # Until its answer is shown: a press then must start a new run, not stop a finished one.
        return self._call is not None and self._call.live

    def show_problem(self) -> None:
        """The open problem's format and first example (none for a scratch file); a run going is stopped."""
        self.stop()
        problem_id = self.session.problem_id
        self._problem = self.services.bank.get(problem_id) if problem_id else None
        problem = self._problem
        if problem is not None:
            self.box.format.setText(f"<b>Input</b>: {escaped(signature(problem, self.session.language))}")
            self.box.format.setToolTip(tr("The arguments as the examples write them, by position or by name"))
        else:
            self.box.format.setText(tr("<b>Input</b>: your function's arguments"))
            self.box.format.setToolTip(tr('A list of values, as 1, [2, 3], "text"'))
        self.box.example_button.setVisible(problem is not None)
        self.box.trace_button.setVisible(problem is not None)
        self.box.expected.setVisible(problem is not None)
        self._fill_example()

    def _fill_example(self) -> None:
        problem = self._problem
        self.box.input.setPlainText(problem.examples[0].input if problem is not None else "")
        for side in (self.box.yours, self.box.expected):
            side.show_output(None)
        self.box.show_mark(None)

    def _check(self) -> str | None:
        message = input_problem(self._problem, self.box.input.toPlainText())
        self.box.refuse(message or "")
        return message

    def run(self) -> Call | None:
        """Run the learner's code (and the reference) on the box's input; a second press stops it."""
        if self.running:
            self.stop()
            return None
        if self._check():
            return None
        self.box.set_open(True)
        code, language, text = self.code(), self.session.language, self.box.input.toPlainText()
        problem_id = self._problem.id if self._problem is not None else None
        self._cancel = cancel = threading.Event()
        services = self.services
        self.box.run_button.setText(tr("Stop"))
        self.box.show_mark(None)
        self.box.yours.show_output(None, "Running…")
        self.box.expected.show_output(None, tr("Running the reference…") if problem_id else "")
        self.say(tr("Running your code on your input…"))
        serial = self.session.code_serial
        self._call = self.jobs.run(
            lambda: run_on_input(
                services, code=code, language=language, text=text, problem_id=problem_id, cancel=cancel
            ),  # fmt: skip
            lambda result: self._on_done(result, serial),
            name=LANE,
            on_failed=self._on_failed,
            lane=LANE,
        )
        return self._call

    def trace(self) -> object:
        """Open the Trace tab on the editor's code with the box's input, built as the judge builds it."""
        if self._problem is None or self._check():
            if self._problem is None:
                self.say(tr("Trace (F5) traces a scratch file as a script; choose a problem to trace an input."))
            return None
        return self.trace_input((tr("your input"), self.box.input.toPlainText()))

    def stop(self) -> None:
        """Stop the run going: its child is killed, and its answer, if one still comes, is dropped."""
        call, self._call = self._call, None
        if self._cancel is not None:
            self._cancel.set()
        if call is None or not call.live:
            return
        call.cancel()
        self._ended()
        self.box.yours.show_output(None, tr("Stopped before it finished."))
        self.box.expected.show_output(None)
        self.say(tr("Stopped."))
        self.finished.emit()

    def _on_done(self, result: OwnInputRun, serial: int) -> None:
        self._ended()
        self.session.show(ResultKind.CUSTOM_INPUT, dict(result), serial)
        self.box.yours.show_output(result["yours"])
        self.box.expected.show_output(result["expected"])
        current = serial == self.session.code_serial  # edited while it ran: no claim about the code on show
        self.box.show_mark(result["matched"] if current else None)
        said = {True: tr("Your output matches the reference's."), False: tr("Your output differs from the reference's."),
                None: tr("Your code ran on your input.")}  # fmt: skip
        self.say(said[result["matched"] if current else None])
        self.finished.emit()

    def _on_failed(self, message: str) -> None:
        self._ended()
        self.box.yours.show_output(None, tr("The run could not be made: %s") % message)
        self.finished.emit()

    def _ended(self) -> None:
        self.box.run_button.setText(tr("Run with this input"))

    def shutdown(self) -> None:
        """Stop a run going (the window is closing; ``Jobs.shutdown`` waits for its thread)."""
        self.stop()
