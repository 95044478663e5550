"""What is open in the editor: a bank problem, a file of the learner's own, or a scratch buffer.

A problem's code is its draft, kept in the database as the learner types: it is never asked
about. A file or a scratch buffer is the learner's to save: it carries a modified flag (a ``*`` in
the window's title) and leaving it with changes asks Save, Discard or Cancel. A file is a scratch
buffer with a path: Run executes it once, Trace traces it, there is nothing to Submit.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QComboBox, QFileDialog, QListWidget, QMessageBox, QWidget

from ..domain.vocabulary import Language
from .text import escaped, message_box
from .window_files import RecentFiles

if TYPE_CHECKING:
    from .editor.code_editor import CodeEditor
    from .problems.statement import StatementView
    from .session import Session

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
    """The open document and the commands on it (File ▸ New scratch, Open, Save, Save as, Recent
    files). ``changed`` follows any change of the document or its modified flag. ``leave_problem``
    lets the problem go (its draft kept) before the editor holds code of no problem; ``save_now``
    saves a problem's draft; ``set_title`` shows the document's name (the window's title)."""

    changed = Signal()

    def __init__(
        self,
        session: Session,
        *,
        editor: CodeEditor,
        language: QComboBox,
        statement: StatementView,
        reset_action: QAction,
        submit_action: QAction,
        say: Callable[[str], None],
        set_title: Callable[[str], None],
        save_now: Callable[[], None],
        leave_problem: Callable[[], None],
        dialog_parent: QWidget,
    ):
        super().__init__(dialog_parent)
        self.session = session
        self.editor, self.language, self.statement = editor, language, statement
        self.reset_action, self.submit_action = reset_action, submit_action
        self.say, self.set_title, self.save_now = say, set_title, save_now
        self.leave_problem, self.dialog_parent = leave_problem, dialog_parent
        self.current = Document(Kind.PROBLEM, Language.PYTHON.value)
        self.recent: RecentFiles | None = None  # the data folder is known once the services are
        editor.edited.connect(self._on_edited)
        self.changed.connect(self._show)

    @property
    def language_on_show(self) -> str:
        return str(self.language.currentData())

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
        self.editor.set_language(language)
        self.session.language = language  # results of the code read as the other language go
        self.changed.emit()

    def new_scratch(self) -> bool:
        """An empty buffer of no problem, in the language on show."""
        if not self.may_leave():
            return False
        self._show_free(Document(Kind.SCRATCH, self.language_on_show), "")
        self.say(self.tr("A scratch buffer: Run executes your code and Trace traces it."))
        return True

    def open_file(self, path: Path | None = None) -> bool:
        """Open a .py or .js file (asked for when ``path`` is None); the code on show is asked about first."""
        if path is None:
            name, _ = QFileDialog.getOpenFileName(
                self.dialog_parent, self.tr("Open a file"), str(self._folder()), self.tr("Code (*.py *.js)")
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
            message_box(self.dialog_parent, QMessageBox.Icon.Warning, self.tr("Open a file"),
                        self.tr("%s could not be opened: %s") % (path, exc))  # fmt: skip
            return False
        self._show_free(Document(Kind.FILE, language, path=path.resolve()), text)
        self._remember(path)
        self.say(self.tr("Opened %s.") % path.name)
        return True

    def open_recent(self, path: Path) -> bool:
        return self.open_file(path) if path.exists() else self._forget(path)

    # --- saving ------------------------------------------------------------------------------
    def save(self) -> bool:
        """Write the file (asking where for a scratch buffer); a bank problem's draft is saved as it is."""
        document = self.current
        if not document.free:
            self.save_now()
            self.say(self.tr("Your code is saved as you type: nothing to do."))
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
                self.dialog_parent, self.tr("Save as"), str(suggested), self.tr("Python (*.py);;JavaScript (*.js)")
            )
            if not name:
                return False
            path = Path(name)
        if not path.suffix:
            path = path.with_suffix(SUFFIX_OF.get(self.current.language, ".py"))
        try:
            language = language_of(path)
        except ValueError as exc:
            message_box(self.dialog_parent, QMessageBox.Icon.Warning, self.tr("Save as"), str(exc))
            return False
        if not self.current.free:
            self.save_now()  # the draft stays the problem's; the file is a copy
            self.leave_problem()
        self.current = Document(Kind.FILE, language, path=path.resolve(), modified=True)
        if language != self.language_on_show:
            self.show_language(language)
        self.session.open(None, language)  # the code is a file's now: no problem on show
        return self._write(self.current.path or path)

    def _write(self, path: Path) -> bool:
        try:
            path.write_text(self.editor.text(), encoding="utf-8")
        except OSError as exc:
            message_box(self.dialog_parent, QMessageBox.Icon.Warning, self.tr("Save"),
                        self.tr("%s could not be saved: %s\n\nYour code is still in the editor.") % (path, exc))  # fmt: skip
            return False
        self.current.modified = False
        self._remember(path)
        self.changed.emit()
        self.say(self.tr("Saved %s.") % path.name)
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
            self.dialog_parent,
        )
        box.setObjectName("unsavedQuestion")
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        return box

    # --- inside --------------------------------------------------------------------------------
    def show_language(self, language: str) -> None:
        """Show code in ``language`` (the box set without reopening the problem)."""
        self.language.blockSignals(True)
        self.language.setCurrentIndex(self.language.findData(language))
        self.language.blockSignals(False)
        self.editor.set_language(language)

    def _show_free(self, document: Document, text: str) -> None:
        self.leave_problem()
        self.current = document
        self.show_language(document.language)
        self.editor.set_text(text)
        self.session.open(None, document.language)  # a file or a scratch buffer: no problem on show
        where = escaped(document.path) if document.path is not None else self.tr("not saved yet")
        self.statement.setHtml(
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
        document = self.current
        name = document.name + ("*" if document.modified else "")
        self.set_title(name)
        self.reset_action.setEnabled(not document.free)
        self.submit_action.setEnabled(not document.free)
        if document.free:
            self.submit_action.setToolTip(self.tr("Submit judges a problem's tests: this code belongs to no problem."))

    def _remember(self, path: Path) -> None:
        if self.recent is not None:
            self.recent.add(path)

    def _forget(self, path: Path) -> bool:
        """A recent file that is gone: say so once and drop it from the list."""
        if self.recent is not None:
            self.recent.drop(path)
        self.say(self.tr("%s is no longer there: it was removed from the recent files.") % path)
        return False

    def _folder(self) -> Path:
        if self.current.path is not None:
            return self.current.path.parent
        recent = self.recent.paths() if self.recent is not None else []
        return recent[0].parent if recent else Path.home()

    def _stem(self) -> str:
        if self.current.kind is Kind.PROBLEM and self.session.problem_id:
            return self.session.problem_id.replace("-", "_")
        return "scratch"


def choose_no_problem(problems: QListWidget) -> None:
    """No problem selected in the list ``problems``, without opening anything."""
    problems.blockSignals(True)
    problems.setCurrentRow(-1)
    problems.blockSignals(False)
