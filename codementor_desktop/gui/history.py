"""A problem's history (File ▸ History…): the snapshots the learner saved by name and every Run
and Submit kept, newest first, each with its code. "Save snapshot" keeps the editor's code by
name (``save_code_snapshot``); "Restore" puts a chosen version into the editor as one step that
Ctrl+Z undoes. The list comes from ``list_code_history`` through Jobs' SIDE lane. The dialog is about one
problem of one learner: when the session moves to another, it closes."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from .side_calls import ask

if TYPE_CHECKING:
    from ..tools.services import Services
    from .editor.code_editor import CodeEditor
    from .jobs import Jobs
    from .session import Session


def tr(text: str) -> str:
    return QCoreApplication.translate("History", text)


_VERDICT_WORDS = {"AC": tr("accepted"), "WA": tr("wrong answer"), "RE": tr("runtime error"), "TLE": tr("time limit"),
                  "MLE": tr("memory limit"), "CE": tr("compile error"), "OLE": tr("output limit")}  # fmt: skip


def _when(stamp: object) -> str:
    """``2026-11-24T10:03:12.5+00:00`` -> ``2026-11-24 10:03``."""
    text = str(stamp or "")
    return text[:16].replace("T", " ")


class HistoryDialog(QDialog):
    """The session's problem's snapshots and attempts; "Restore" puts one into ``editor``
    (``choose_language`` first shows the editor in its language)."""

    def __init__(
        self,
        session: Session,
        jobs: Jobs,
        services: Services,
        *,
        editor: CodeEditor,
        choose_language: Callable[[str], None],
        say: Callable[[str], None],
        parent: QWidget | None = None,
    ):
        super().__init__(parent)
        self.session = session
        self.jobs = jobs
        self.editor = editor
        self.choose_language = choose_language
        self.say = say
        self.learner = session.learner
        self.problem_id = session.problem_id or ""
        problem = services.bank.get(self.problem_id)
        self.setObjectName("historyDialog")
        self.setWindowTitle(tr("History of %s") % (problem.title if problem is not None else self.problem_id))
        self.entries: list[dict[str, Any]] = []
        self.loads = 0  # answers shown (a test waits on it)
        self.tree = QTreeWidget(objectName="historyList")
        self.tree.setHeaderLabels([tr("What"), tr("Language"), tr("When")])
        self.tree.setRootIsDecorated(False)
        self.tree.setAccessibleName(tr("Snapshots and attempts"))
        self.code = QPlainTextEdit(readOnly=True, objectName="historyCode")
        self.code.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.code.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.code.setAccessibleName(tr("The chosen version's code"))
        self.status = QLabel(tr("Reading the history…"))
        self.name = QLineEdit(placeholderText=tr("Snapshot name (optional)"), maxLength=80)
        self.name.setAccessibleName(tr("Snapshot name"))
        self.save = QPushButton(tr("Save snapshot"))
        self.save.setAccessibleName(tr("Save the editor's code as a snapshot"))
        self.restore = QPushButton(tr("Restore into the editor"), enabled=False)
        self.restore.setAccessibleName(tr("Restore the chosen version into the editor"))
        self.restore.setToolTip(tr("Ctrl+Z in the editor brings your code back"))
        self.close_button = QPushButton(tr("Close"))
        self.close_button.setAccessibleName(tr("Close"))
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.tree)
        split.addWidget(self.code)
        split.setSizes([440, 380])
        buttons = QHBoxLayout()
        buttons.addWidget(self.name, 1)
        buttons.addWidget(self.save)
        buttons.addStretch(1)
        buttons.addWidget(self.restore)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(split, 1)
        layout.addWidget(self.status)
        layout.addLayout(buttons)
        self.tree.currentItemChanged.connect(self._on_current)
        self.save.clicked.connect(self.save_snapshot)
        self.restore.clicked.connect(self.restore_chosen)
        self.close_button.clicked.connect(self.accept)
        self.resize(860, 480)
        session.problem_changed.connect(self._on_moved)
        session.learner_changed.connect(self._on_moved)
        self.reload()

    def _on_moved(self, *_args: object) -> None:
        """Another problem or learner: this history is not about what is on show any more."""
        if self.session.problem_id != self.problem_id or self.session.learner != self.learner:
            self.close()

    def done(self, result: int) -> None:  # noqa: D102 - closing, by any button or key
        self.session.problem_changed.disconnect(self._on_moved)
        self.session.learner_changed.disconnect(self._on_moved)
        super().done(result)

    def reload(self) -> None:
        ask(self.jobs, "list_code_history", {"problem_id": self.problem_id}, self.show_history)

    def show_history(self, result: dict[str, Any]) -> None:
        self.loads += 1
        self.tree.clear()
        self.entries = []
        if result.get("status") == "error":
            self.status.setText(tr("The history could not be read: %s") % result.get("error_message", ""))
            return
        for snapshot in result.get("snapshots") or []:
            name = str(snapshot.get("name") or "") or tr("unnamed")
            self._add(tr("Snapshot: %s") % name, snapshot, str(snapshot.get("saved_at") or ""))
        for attempt in result.get("attempts") or []:
            verdict = str(attempt.get("verdict") or "")
            kind = tr("Submit") if attempt.get("submitted") else tr("Run")
            words = _VERDICT_WORDS.get(verdict, verdict or tr("no verdict"))
            self._add(tr("%s: %s") % (kind, words), attempt, str(attempt.get("ran_at") or ""))
        self.entries.sort(key=lambda entry: entry["when"], reverse=True)
        for entry in self.entries:
            item = QTreeWidgetItem([entry["what"], entry["language"], _when(entry["when"])])
            item.setData(0, Qt.ItemDataRole.UserRole, entry)
            self.tree.addTopLevelItem(item)
        for column in range(3):
            self.tree.resizeColumnToContents(column)
        self.status.setText(
            tr("%d snapshot(s) and %d attempt(s).")
            % (len(result.get("snapshots") or []), len(result.get("attempts") or []))
            if self.entries
            else tr("Nothing kept yet: save a snapshot, or run your code.")  # fmt: skip
        )
        first = self.tree.topLevelItem(0)
        if first is not None:
            self.tree.setCurrentItem(first)

    def _add(self, what: str, entry: dict[str, Any], when: str) -> None:
        self.entries.append({"what": what, "language": str(entry.get("language") or ""),
                             "code": str(entry.get("code") or ""), "when": when})  # fmt: skip

    def _on_current(self, item: QTreeWidgetItem | None, _previous) -> None:
        entry = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        self.code.setPlainText(entry["code"] if entry else "")
        self.restore.setEnabled(entry is not None)

    def chosen(self) -> dict[str, Any] | None:
        item = self.tree.currentItem()
        return item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None

    def save_snapshot(self) -> None:
        arguments = {"problem_id": self.problem_id, "code": self.editor.text(), "language": self.session.language}
        if self.name.text().strip():
            arguments["name"] = self.name.text().strip()
        self.status.setText(tr("Saving…"))

        def saved(result: dict[str, Any]) -> None:
            if result.get("status") == "error":
                self.status.setText(tr("The snapshot could not be saved: %s") % result.get("error_message", ""))
                return
            self.name.clear()
            self.reload()

        ask(self.jobs, "save_code_snapshot", arguments, saved)

    def restore_chosen(self) -> bool:
        """Put the chosen version into the editor (switching to its language), undoably."""
        entry = self.chosen()
        if entry is None or self.session.problem_id != self.problem_id:
            return False
        language = entry["language"]
        if language and language != self.session.language:
            self.choose_language(language)  # opens the draft in it
        self.editor.replace_all(entry["code"])
        self.say(tr("Version of %s restored. Ctrl+Z brings your code back.") % _when(entry["when"]))
        return True
