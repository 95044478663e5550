"""Who is practicing: a lab computer is shared, and each learner keeps their own drafts, runs and
profile in the one database. At start, on a database with several learners (or when the setting
``ask_learner_at_start`` asks for it), a small dialog picks one or makes a new one; File ▸ Switch
learner… changes at any time, with one call (``LearnerSwitch``): the rest of the window follows
the session's learner. The default is the learner the settings name (``CODEMENTOR_USER`` or
the login). Profiles have no password: this separates learners, it does not protect them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from ..tools.services import Services
    from .session import Session

NAME_LIMIT = 64  # the settings' ``user`` and the learners table allow this many characters


def tr(text: str) -> str:
    return QCoreApplication.translate("Learners", text)


class LearnerDialog(QDialog):
    """The learners kept here, the default one chosen; a new name typed below makes a new one."""

    def __init__(self, names: list[str], default: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(tr("Who is practicing?"))
        self.setObjectName("learnerDialog")
        self.intro = QLabel(tr("Choose your profile, or type a new name to start one. "
                               "Your drafts, runs and progress follow the profile you choose."))  # fmt: skip
        self.intro.setWordWrap(True)
        self.list = QListWidget(objectName="learnerList")
        self.list.setAccessibleName(tr("Learners on this computer"))
        for name in sorted(set(names) | {default}, key=str.casefold):
            item = QListWidgetItem(name)
            item.setData(Qt.ItemDataRole.UserRole, name)
            self.list.addItem(item)
            if name == default:
                self.list.setCurrentItem(item)
        self.new_name = QLineEdit(placeholderText=tr("New learner's name"), maxLength=NAME_LIMIT)
        self.new_name.setAccessibleName(tr("New learner's name"))
        self.note = QLabel(tr("Profiles have no password: anyone at this computer can open any of them."))
        self.note.setWordWrap(True)
        self.note.setEnabled(False)  # read as a footnote
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("Start practising"))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setAccessibleName(tr("Start practising"))
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setAccessibleName(tr("Cancel"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.list.itemDoubleClicked.connect(lambda _item: self.accept())
        self.new_name.textChanged.connect(self._on_typed)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addWidget(self.list)
        layout.addWidget(self.new_name)
        layout.addWidget(self.note)
        layout.addWidget(self.buttons)
        self.resize(380, 360)

    def _on_typed(self, text: str) -> None:
        self.list.setEnabled(not text.strip())
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(len(text.strip()) <= NAME_LIMIT)

    def chosen(self) -> str:
        """The name typed, else the one chosen in the list."""
        typed = self.new_name.text().strip()
        if typed:
            return typed
        item = self.list.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item is not None else ""


def learner_names(services: Services) -> list[str]:
    return services.database.learner_names()


def should_ask(services: Services) -> bool:
    """At start: when the database has several learners, or the settings ask for it (never when
    the learner is fixed: a class database's login is the learner)."""
    if learner_is_fixed(services):
        return False
    return bool(services.settings.ask_learner_at_start) or len(learner_names(services)) > 1


def learner_is_fixed(services: Services) -> bool:
    """The settings lock who is practicing: on a class database it is the login's learner."""
    return "user" in services.loaded.locked


def use_learner(services: Services, name: str) -> None:
    """Make ``name`` the services' learner: the settings' ``user`` (for this session, not saved
    to the file) and drafts read afresh for them."""
    loaded = services.loaded
    loaded.settings.user = name
    loaded.saved["user"] = name  # a choice of this session: not a setting to write on the next save
    old = services.drafts
    old.flush(10.0)
    # The window reaches the storage only through the services: a new book of the same kind.
    services.drafts = type(old)(services.database, name)
    old.close()


def ask_at_start(services: Services, parent: QWidget | None = None) -> None:
    """Before the window attaches: ask who is practicing if the database or the settings say so."""
    if not should_ask(services):
        return
    dialog = LearnerDialog(learner_names(services), services.settings.user, parent)
    if dialog.exec() == QDialog.DialogCode.Accepted and dialog.chosen():
        use_learner(services, dialog.chosen())


class LearnerSwitch:
    """Who is practicing, as one call: ``reattach(name)`` makes ``name`` the services' learner and
    the session's, and everything shown follows ``session.learner_changed`` (their drafts and
    problem statuses, the problem they had open, the profile, the recommendations, the chat)."""

    def __init__(
        self,
        services: Services,
        session: Session,
        *,
        keep_work: Callable[[], None],
        may_leave: Callable[[], bool],
        say: Callable[[str], None],
    ):
        """``keep_work`` keeps what the learner leaving has on screen (their draft, the problem they
        had open) before their book closes; ``may_leave`` asks about an unsaved file."""
        self.services = services
        self.session = session
        self.keep_work = keep_work
        self.may_leave = may_leave
        self.say = say

    def switch(self, name: str) -> bool:
        """Practise as ``name`` from now on. False (nothing changed) when the learner stays, or the
        learner keeps an unsaved file."""
        if not name or name == self.session.learner or not self.may_leave():
            return False
        if learner_is_fixed(self.services):
            self.say(tr("You practise as %s here: the class database knows you by your login.") % self.session.learner)
            return False
        self.reattach(name)
        self.say(tr("Now practising as %s.") % name)
        return True

    def reattach(self, name: str) -> None:
        """Show ``name``'s work afresh: another learner, or the same one after their data was
        imported or deleted (then ``learner_changed`` is told again all the same)."""
        self.keep_work()
        use_learner(self.services, name)
        if self.session.learner == name:
            self.session.renew_learner()
        else:
            self.session.learner = name

    def ask(self, parent: QWidget | None = None) -> None:
        """File ▸ Switch learner…"""
        if learner_is_fixed(self.services):
            self.say(tr("You practise as %s here: the class database knows you by your login.") % self.session.learner)
            return
        dialog = LearnerDialog(learner_names(self.services), self.session.learner, parent)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.switch(dialog.chosen())
