"""A learner's drafts, saved as they type, read back at start and after a crash.

Writes go through one small writer thread, started on the first save: ``save`` returns at once,
so the window's thread never waits on the database. SQLite writes are quick, but a write waits
(up to the connection's 30 s timeout) while another process, such as a command-line run, holds
the lock, and a shared PostgreSQL database is a network round trip away. The tool worker is no
place for them either: it runs one tool call at a time and a new call stops the current one, so
a draft would wait behind a Submit's hidden tests, or stop it.

Only the newest text of each draft is written: saves that arrive while the thread is busy replace
each other. Every draft is also kept in memory once read, so reading a draft just after saving it
gives the new text before it reaches the disk. A write that fails is kept and tried again with
the next save or ``flush``: nothing the learner typed is dropped because the disk was busy.
"""

from __future__ import annotations

import logging
import threading
from datetime import datetime

from sqlalchemy import select

from ..domain.vocabulary import ProblemStatus
from .database import Database
from .models import Draft, OpenProblem
from .progress import problem_statuses

log = logging.getLogger(__name__)
Key = tuple[str, str]  # (problem id, language)


class Drafts:
    """One learner's drafts per problem and language, and the problem they had open last."""

    def __init__(self, database: Database, learner: str):
        self._database = database
        self.learner = learner
        self._changed = threading.Condition()
        self._pending: dict[Key, str] = {}
        self._pending_open: Key | None = None
        self._writing: dict[Key, str] = {}  # taken by the writer, not yet committed
        self._writing_open: Key | None = None
        self._busy = False
        self._texts: dict[Key, str] | None = None  # every draft, read once on first use
        self._thread: threading.Thread | None = None
        self._closed = False
        self.last_error: str | None = None

    # --- reading ----------------------------------------------------------------------------
    def load(self, problem_id: str, language: str) -> str | None:
        """The draft's newest text (saved or still on its way to the disk), or None."""
        with self._changed:
            if self._texts is None:
                self._texts = self._read_all()
            return self._texts.get((problem_id, language))

    def last_open(self) -> Key | None:
        """The problem and language the learner had open last, or None."""
        with self._changed:
            if self._pending_open is not None or self._writing_open is not None:
                return self._pending_open or self._writing_open
        learner_id = self._database.learner_id(self.learner)
        with self._database.session() as session:
            row = session.get(OpenProblem, learner_id)
            return (row.problem_id, row.language) if row is not None else None

    def statuses(self) -> dict[str, ProblemStatus]:
        """Each problem's status for this learner, from the runs kept for them (absent: new)."""
        return problem_statuses(self._database, self.learner)

    # --- writing ----------------------------------------------------------------------------
    def save(self, problem_id: str, language: str, code: str) -> None:
        """Keep ``code`` as the draft; it is written by the writer thread. Returns at once."""
        with self._changed:
            if self._texts is not None:
                self._texts[(problem_id, language)] = code
            self._pending[(problem_id, language)] = code
            self._wake()

    def remember_open(self, problem_id: str, language: str) -> None:
        """Keep the problem and language open now, where the next start begins."""
        with self._changed:
            self._pending_open = (problem_id, language)
            self._wake()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until everything saved so far is written; False when it is not, after ``timeout``."""
        with self._changed:
            if self._pending or self._pending_open is not None:
                self._wake()
            settled = self._changed.wait_for(lambda: self._idle() and self.last_error is None or self._closed, timeout)
            return settled and self._idle()

    def close(self, timeout: float = 10.0) -> None:
        """Write what is left and stop the writer thread."""
        self.flush(timeout)
        with self._changed:
            self._closed = True
            self._changed.notify_all()
        if self._thread is not None:
            self._thread.join(timeout)

    # --- the writer thread ------------------------------------------------------------------
    def _idle(self) -> bool:
        return not self._pending and self._pending_open is None and not self._busy

    def _wake(self) -> None:
        """Called with the lock held: start the writer on first use, or tell it there is work."""
        if self._closed:
            self._write_now()
            return
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="draft-writer", daemon=True)
            self._thread.start()
        self.last_error = None
        self._changed.notify_all()

    def _run(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._closed or not self._idle() and self.last_error is None)
                if self._closed and self._idle():
                    return
                if self.last_error is not None:
                    if self._closed:
                        return  # close gave up on a failing disk; what is pending stays in memory
                    continue
                drafts, self._pending = self._pending, {}
                opened, self._pending_open = self._pending_open, None
                self._writing, self._writing_open, self._busy = drafts, opened, True
            error = self._write(drafts, opened)
            with self._changed:
                self._writing, self._writing_open, self._busy = {}, None, False
                if error is not None:
                    self.last_error = error
                    for key, code in drafts.items():
                        self._pending.setdefault(key, code)  # a newer save wins over the failed one
                    if self._pending_open is None:
                        self._pending_open = opened
                self._changed.notify_all()

    def _write_now(self) -> None:
        """After ``close``: write on the caller's thread (a late save must not be lost)."""
        drafts, self._pending = self._pending, {}
        opened, self._pending_open = self._pending_open, None
        self.last_error = self._write(drafts, opened)

    def _write(self, drafts: dict[Key, str], opened: Key | None) -> str | None:
        """Write in one transaction; returns why it failed, or None."""
        if not drafts and opened is None:
            return None
        now = datetime.now()
        try:
            learner_id = self._database.learner_id(self.learner)
            with self._database.session() as session:
                for (problem_id, language), code in drafts.items():
                    session.merge(
                        Draft(learner_id=learner_id, problem_id=problem_id, language=language, code=code, saved_at=now)
                    )
                if opened is not None:
                    session.merge(
                        OpenProblem(learner_id=learner_id, problem_id=opened[0], language=opened[1], opened_at=now)
                    )
        except Exception as exc:  # noqa: BLE001 - a full disk or a locked file must not lose the draft
            log.exception("saving drafts failed")
            return f"{type(exc).__name__}: {exc}"
        return None

    def _read_all(self) -> dict[Key, str]:
        learner_id = self._database.learner_id(self.learner)
        with self._database.session() as session:
            rows = session.execute(
                select(Draft.problem_id, Draft.language, Draft.code).where(Draft.learner_id == learner_id)
            )
            texts = {(problem_id, language): code for problem_id, language, code in rows}
        texts.update(self._writing)  # a read may start before the writer's commit ends
        texts.update(self._pending)
        return texts
