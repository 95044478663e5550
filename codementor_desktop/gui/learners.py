"""Who is practicing: a lab computer is shared, and each learner keeps their own drafts, runs and
profile in the one database. At start, on a database with several learners (or when the setting
``ask_learner_at_start`` asks for it), a small dialog picks one or makes a new one; File ▸ Switch
learner… changes at any time. The default is the learner the settings name (``CODEMENTOR_USER`` or
the login). Profiles have no password: this separates learners, it does not protect them.
"""

from __future__ import annotations

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

from .documents import show_language

if TYPE_CHECKING:
    from ..tools.services import Services
    from .main_window import MainWindow

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
    """At start: when the database has several learners, or the settings ask for it."""
    return bool(services.settings.ask_learner_at_start) or len(learner_names(services)) > 1


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


def switch_learner(window: MainWindow, name: str) -> bool:
    """Re-attach the window to ``name``: their drafts, problem statuses, open problem, runs and
    profile. False (nothing changed) when the learner stays, or the learner keeps an unsaved file."""
    if not name or name == window.services.settings.user or not window.documents.may_leave():
        return False
    reattach(window, name)
    window.say(tr("Now practising as %s.") % name)
    return True


def reattach(window: MainWindow, name: str) -> None:
    """The window shows ``name``'s work afresh (another learner, or the same one after their data
    was imported or deleted): drafts, statuses, the problem they had open, the profile."""
    services = window.services
    window.worker.cancel()
    window.autosave.save_now()
    if window.problem_id is not None:
        window.drafts.remember_open(window.problem_id, window.current_language)
    use_learner(services, name)
    window.drafts = services.drafts
    window.autosave.use_book(services.drafts)
    window.worker.learner = name
    window.session.learner = name
    window.learning.learner_changed(name)
    window.browser.set_statuses(services.drafts.statuses())
    place = services.drafts.last_open()
    first = window.browser.visible_ids()
    problem_id = place[0] if place is not None and place[0] in services.bank else (first[0] if first else None)
    if place is not None and problem_id == place[0] and window.language.findData(place[1]) >= 0:
        show_language(window, place[1])
    if problem_id is not None:
        window.browser.list.blockSignals(True)
        window.browser.select(problem_id)
        window.browser.list.blockSignals(False)
        window.open_problem(problem_id)  # even when it was on show already: the editor shows their draft


def ask_and_switch(window: MainWindow) -> None:
    """File ▸ Switch learner…"""
    dialog = LearnerDialog(learner_names(window.services), window.services.settings.user, window)
    if dialog.exec() == QDialog.DialogCode.Accepted:
        switch_learner(window, dialog.chosen())
