"""What is open in the editor: a bank problem, a file of the learner's own, or a scratch buffer.

A problem's code is its draft, kept in the database as the learner types: it is never asked
about. A file or a scratch buffer is the learner's to save: it carries a modified flag (a ``*`` in
the window's title) and leaving it with changes asks Save, Discard or Cancel. A file is a scratch
buffer with a path: Run executes it once, Trace traces it, there is nothing to Submit.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import QFileDialog, QMessageBox

from ..domain.vocabulary import Language
from .text import escaped, message_box
from .window_files import RecentFiles

if TYPE_CHECKING:
    from .main_window import MainWindow

log = logging.getLogger(__name__)
EXTENSIONS = {".py": Language.PYTHON.value, ".js": Language.JAVASCRIPT.value}
SUFFIX_OF = {language: suffix for suffix, language in EXTENSIONS.items()}


def tr(text: str) -> str:
    return QCoreApplication.translate("Documents", text)


class Kind(StrEnum):
    PROBLEM = "problem"
    FILE = "file"
    SCRATCH = "scratch"


@dataclass
class Document:
    kind: Kind
    language: str
    path: Path | None = None
    title: str = ""  # a problem's title
    modified: bool = False

    @property
    def free(self) -> bool:
        """Code of no problem (a file or a scratch buffer): no tests to judge it, the learner saves it."""
        return self.kind is not Kind.PROBLEM

    @property
    def name(self) -> str:
        if self.path is not None:
            return self.path.name
        return tr("Scratch") if self.kind is Kind.SCRATCH else self.title


def language_of(path: Path) -> str:
    """The language a file's extension names; ``ValueError`` with the reason for any other."""
    language = EXTENSIONS.get(path.suffix.lower())
    if language is None:
        raise ValueError(tr("%s is not a .py or .js file: CodeMentor edits Python and JavaScript.") % path.name)
    return language


class Documents(QObject):
    """The window's open document and the commands on it (File ▸ New scratch, Open, Save, Save as,
    Recent files). ``changed`` follows any change of the document or its modified flag."""

    changed = Signal()

    def __init__(self, window: MainWindow):
        super().__init__(window)
        self.window = window
        self.current = Document(Kind.PROBLEM, Language.PYTHON.value)
        self.recent: RecentFiles | None = None  # the data folder is known once the services are
        window.editor.edited.connect(self._on_edited)
        self.changed.connect(self._show)

    def attach(self, data_dir: Path) -> None:
        self.recent = RecentFiles(data_dir)
        self.changed.emit()

    # --- what is open ------------------------------------------------------------------------
    def show_problem(self, title: str, language: str) -> None:
        """The window opened a bank problem (its draft is the database's to keep)."""
        self.current = Document(Kind.PROBLEM, language, title=title)
        self.changed.emit()

    def set_language(self, language: str) -> None:
        """The language box changed while a file or scratch buffer is open: the code is read as that."""
        self.current.language = language
        self.window.editor.set_language(language)
        self.changed.emit()

    def new_scratch(self) -> bool:
        """An empty buffer of no problem, in the language on show."""
        if not self.may_leave():
            return False
        self._show_free(Document(Kind.SCRATCH, self.window.current_language), "")
        self.window.say(self.tr("A scratch buffer: Run executes your code and Trace traces it."))
        return True

    def open_file(self, path: Path | None = None) -> bool:
        """Open a .py or .js file (asked for when ``path`` is None); the code on show is asked about first."""
        if path is None:
            name, _ = QFileDialog.getOpenFileName(
                self.window, self.tr("Open a file"), str(self._folder()), self.tr("Code (*.py *.js)")
            )
            if not name:
                return False
            path = Path(name)
        if not self.may_leave():
            return False
        try:
            language = language_of(path)
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            self._forget(path)
            return False
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            message_box(self.window, QMessageBox.Icon.Warning, self.tr("Open a file"),
                        self.tr("%s could not be opened: %s") % (path, exc))  # fmt: skip
            return False
        self._show_free(Document(Kind.FILE, language, path=path.resolve()), text)
        self._remember(path)
        self.window.say(self.tr("Opened %s.") % path.name)
        return True

    def open_recent(self, path: Path) -> bool:
        return self.open_file(path) if path.exists() else self._forget(path)

    # --- saving ------------------------------------------------------------------------------
    def save(self) -> bool:
        """Write the file (asking where for a scratch buffer); a bank problem's draft is saved as it is."""
        document = self.current
        if not document.free:
            self.window.autosave.save_now()
            self.window.say(self.tr("Your code is saved as you type: nothing to do."))
            return True
        if document.path is None:
            return self.save_as()
        return self._write(document.path)

    def save_as(self, path: Path | None = None) -> bool:
        """Write the code to a new file (asked for when ``path`` is None), which is then the one open."""
        if path is None:
            suffix = SUFFIX_OF.get(self.current.language, ".py")
            suggested = self.current.path or self._folder() / f"{self._stem()}{suffix}"
            name, _ = QFileDialog.getSaveFileName(
                self.window, self.tr("Save as"), str(suggested), self.tr("Python (*.py);;JavaScript (*.js)")
            )
            if not name:
                return False
            path = Path(name)
        if not path.suffix:
            path = path.with_suffix(SUFFIX_OF.get(self.current.language, ".py"))
        try:
            language = language_of(path)
        except ValueError as exc:
            message_box(self.window, QMessageBox.Icon.Warning, self.tr("Save as"), str(exc))
            return False
        if not self.current.free:
            self.window.autosave.save_now()  # the draft stays the problem's; the file is a copy
            leave_problem(self.window)
        self.current = Document(Kind.FILE, language, path=path.resolve(), modified=True)
        if language != self.window.current_language:
            show_language(self.window, language)
        return self._write(self.current.path or path)

    def _write(self, path: Path) -> bool:
        try:
            path.write_text(self.window.editor.text(), encoding="utf-8")
        except OSError as exc:
            message_box(self.window, QMessageBox.Icon.Warning, self.tr("Save"),
                        self.tr("%s could not be saved: %s\n\nYour code is still in the editor.") % (path, exc))  # fmt: skip
            return False
        self.current.modified = False
        self._remember(path)
        self.changed.emit()
        self.window.say(self.tr("Saved %s.") % path.name)
        return True

    def may_leave(self) -> bool:
        """Whether the code on show may be replaced: a problem's draft always (it is saved); a
        file or scratch buffer with changes asks Save, Discard or Cancel."""
        document = self.current
        if not (document.free and document.modified):
            return True
        box = self.question_box()
        answer = box.exec()
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def question_box(self) -> QMessageBox:
        box = QMessageBox(
            QMessageBox.Icon.Question,
            self.tr("Unsaved changes"),
            self.tr("%s has changes that are not saved. Save them?") % self.current.name,
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            self.window,
        )
        box.setObjectName("unsavedQuestion")
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        return box

    # --- inside --------------------------------------------------------------------------------
    def _show_free(self, document: Document, text: str) -> None:
        window = self.window
        leave_problem(window)
        self.current = document
        show_language(window, document.language)
        window.editor.set_text(text)
        window.session.open(None, document.language)  # a file or a scratch buffer: no problem on show
        where = escaped(document.path) if document.path is not None else self.tr("not saved yet")
        window.statement.setHtml(
            f"<h2>{escaped(document.name)}</h2><p><i>{where}</i></p><p>"
            + self.tr("Your own code, outside the problem bank: <b>Run</b> executes it once and shows what it "
                      "prints in Output; <b>Trace</b> (F5) follows it step by step. Choose a problem on the left "
                      "to practise with tests.") + "</p>"
        )  # fmt: skip
        self.changed.emit()

    def _on_edited(self) -> None:
        if self.current.free and not self.current.modified:
            self.current.modified = True
            self.changed.emit()

    def _show(self) -> None:
        """The title (name, ``*`` when modified), and the commands that mean nothing without a problem."""
        window, document = self.window, self.current
        name = document.name + ("*" if document.modified else "")
        window.setWindowTitle(f"{name} — CodeMentor" if name else "CodeMentor")
        window.title_label.setText(f"  {name}  ")
        window.reset_action.setEnabled(not document.free)
        window.submit_action.setEnabled(not document.free)
        if document.free:
            window.submit_action.setToolTip(
                self.tr("Submit judges a problem's tests: this code belongs to no problem.")
            )

    def _remember(self, path: Path) -> None:
        if self.recent is not None:
            self.recent.add(path)

    def _forget(self, path: Path) -> bool:
        """A recent file that is gone: say so once and drop it from the list."""
        if self.recent is not None:
            self.recent.drop(path)
        self.window.say(self.tr("%s is no longer there: it was removed from the recent files.") % path)
        return False

    def _folder(self) -> Path:
        if self.current.path is not None:
            return self.current.path.parent
        recent = self.recent.paths() if self.recent is not None else []
        return recent[0].parent if recent else Path.home()

    def _stem(self) -> str:
        if self.current.kind is Kind.PROBLEM and self.window.problem_id:
            return self.window.problem_id.replace("-", "_")
        return "scratch"


def show_language(window: MainWindow, language: str) -> None:
    """Show code in ``language`` (the box set without reopening the problem)."""
    window.language.blockSignals(True)
    window.language.setCurrentIndex(window.language.findData(language))
    window.language.blockSignals(False)
    window.editor.set_language(language)


def leave_problem(window: MainWindow) -> None:
    """The editor is about to hold code of no problem: the draft is kept, the problem let go."""
    window.autosave.follow(None, window.current_language)
    window.problem_id = None
    choose_no_problem(window)
    window.hints.show_problem(None)
    window.custom_input.show_problem()  # the box asks for the function's arguments, with no reference
    window.debugger.marks.stop_following()
    window.tests.clear(tr("This code belongs to no problem, so it has no tests: Run shows its output."))


def choose_no_problem(window: MainWindow) -> None:
    """No problem selected in the list, without opening anything."""
    window.browser.list.blockSignals(True)
    window.browser.list.setCurrentRow(-1)
    window.browser.list.blockSignals(False)
