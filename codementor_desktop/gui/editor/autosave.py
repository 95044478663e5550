"""The editor's text saved as the learner's draft: 800 ms after the last keystroke, and at once
when the learner leaves the problem or the language, runs the code, or closes the window."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QObject, QTimer, Signal

from .code_editor import CodeEditor

DELAY_MS = 800  # long enough to stay quiet while typing, short enough that a crash costs a few words


class DraftBook(Protocol):
    """Where drafts are kept (the services' ``drafts``); ``save`` must return at once."""

    def save(self, problem_id: str, language: str, code: str) -> None: ...


class DraftAutosave(QObject):
    """Watches one editor; ``saved(problem_id, language)`` follows each draft handed to the book."""

    saved = Signal(str, str)

    def __init__(self, editor: CodeEditor, book: DraftBook, parent: QObject | None = None):
        super().__init__(parent)
        self._editor = editor
        self._book = book
        self._key: tuple[str, str] | None = None
        self._dirty = False
        self._timer = QTimer(self, singleShot=True, interval=DELAY_MS)
        self._timer.timeout.connect(self.save_now)
        editor.edited.connect(self._on_edited)

    def follow(self, problem_id: str | None, language: str) -> None:
        """The editor now holds this problem's draft in this language (after saving the last one)."""
        self.save_now()
        self._key = (problem_id, language) if problem_id is not None else None

    def use_book(self, book: DraftBook) -> None:
        """Keep drafts in ``book`` from now on (another learner's); what is typed so far goes to the old one."""
        self.save_now()
        self._book = book
        self._key = None

    @property
    def pending(self) -> bool:
        """Whether the editor holds text not yet handed to the book."""
        return self._dirty

    def save_now(self) -> None:
        self._timer.stop()
        if not self._dirty or self._key is None:
            return
        self._dirty = False
        problem_id, language = self._key
        self._book.save(problem_id, language, self._editor.text())
        self.saved.emit(problem_id, language)

    def _on_edited(self) -> None:
        self._dirty = True
        self._timer.start()  # restarted by every keystroke: the save waits for a pause
