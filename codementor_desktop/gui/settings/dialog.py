"""The settings dialog (Edit ▸ Settings…): execution, limits, the tutor, appearance and data.

OK and Apply check every value first; one that is refused is explained beside its field and
nothing is changed until all are right. What passes is saved to the user's settings file (keys go
to the keyring) and applied at once where it can be: the theme and the font now, the runner and
the limits for the next run; what cannot is marked "applies after restart". A setting a lab
administrator locked in the system file is shown, disabled, with the reason as its tooltip.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from pydantic import ValidationError
from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ...tools.services import describe_piston
from ..status import runner_label
from .fields import FieldRow, Refused, error_colour, good_colour, quiet_colour, tr
from .pages import AFTER_RESTART, PAGE_NOTES, PAGES, RUNNER_SETTINGS
from .tutor_page import TutorPage

if TYPE_CHECKING:
    from ...tools.services import Services
    from ..editor.code_editor import CodeEditor
    from ..jobs import Call, Jobs

log = logging.getLogger(__name__)


def bounds(metadata: list[Any]) -> tuple[float | None, float | None]:
    """A setting's range, from its ``Field(ge=..., le=...)``."""
    low = next((m.ge for m in metadata if hasattr(m, "ge")), None)
    high = next((m.le for m in metadata if hasattr(m, "le")), None)
    return low, high


def _hint(unit: str, info: Any) -> str:
    """A number's unit and range, to read beside its box: "seconds, from 1 to 10"."""
    low, high = bounds(info.metadata) if info is not None else (None, None)
    span = tr("from %g to %g") % (low, high) if low is not None and high is not None else ""
    return ", ".join(part for part in (unit, span) if part)


class Effects(Protocol):
    """What a change of the settings takes effect on (``SettingsCommand`` is one)."""

    host: QWidget
    jobs: Jobs
    editor: CodeEditor
    backend_label: QLabel
    set_theme: Callable[..., None]


class SettingsDialog(QDialog):
    """``applied`` after settings were saved and applied; ``tested`` with the Piston test's outcome."""

    applied = Signal()
    tested = Signal(bool, str)

    def __init__(self, command: Effects, services: Services):
        """``command`` says what a change takes effect on (the theme, the editor, the runner's label)
        and holds the jobs the checks run in, off the window's thread."""
        super().__init__(command.host)
        self.setObjectName("settingsDialog")
        self.setWindowTitle(tr("Settings"))
        self.command = command
        self.jobs = command.jobs
        self.services = services
        self.rows: dict[str, FieldRow] = {}
        self._page_of: dict[str, int] = {}
        self._keys: dict[str, str] = {}  # each key as it was when the dialog opened
        self._test: Call | None = None
        self.tabs = QTabWidget()
        fields = type(self.services.settings).model_fields
        for index, (title, specs) in enumerate(PAGES):
            page = QWidget()
            form = QFormLayout(page)
            form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.DontWrapRows)
            note = QLabel(PAGE_NOTES.get(title, ""), wordWrap=True, objectName="pageNote")
            form.addRow(note)
            for spec in specs:
                info = fields.get(spec.name)
                row = FieldRow(spec, (info.description or "") if info else "", _hint(spec.unit, info))
                self.rows[spec.name] = row
                self._page_of[spec.name] = index
                if spec.kind == "check":
                    form.addRow("", row)
                else:
                    label = QLabel(spec.label + ":")
                    label.setBuddy(row.editor)
                    form.addRow(label, row)
            if title == tr("Execution"):
                self._add_piston_test(form)
            if title == tr("Data"):
                self._add_data_folder(form)
            if title == tr("Tutor"):
                # presets, model lists, the connection test
                self.tutor = TutorPage(self, form, self.rows, services, self.jobs, lambda: self.dark)
            self.tabs.addTab(page, title)
        self.message = QLabel("", objectName="settingsMessage", wordWrap=True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok
            | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.Apply
        )
        self.buttons.clicked.connect(self._on_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        self.resize(620, 460)
        self._show_current()
        self.tutor.show_current()
        self.recolour()

    # --- building ---------------------------------------------------------------------------
    def _add_piston_test(self, form: QFormLayout) -> None:
        self.test_button = QPushButton(tr("Test"), objectName="pistonTest")
        self.test_button.setToolTip(tr("Ask the Piston server which languages it runs"))
        self.test_button.clicked.connect(self.test_piston)
        self.test_result = QLabel("", objectName="pistonTestResult", wordWrap=True)
        self.test_result.setTextFormat(Qt.TextFormat.PlainText)
        row = QHBoxLayout()
        row.addWidget(self.test_button, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.test_result, 1)
        form.insertRow(5, "", row)  # under the server's address, key and header

    def _add_data_folder(self, form: QFormLayout) -> None:
        paths = self.services.paths
        self.data_folder = QLineEdit(str(paths.data_dir), readOnly=True, objectName="dataFolder")
        self.data_folder.setAccessibleName(tr("Data folder"))
        open_button = QPushButton(tr("Open folder"), objectName="openDataFolder")
        open_button.clicked.connect(lambda: QDesktopServices.openUrl(QUrl.fromLocalFile(str(paths.data_dir))))
        row = QHBoxLayout()
        row.addWidget(self.data_folder, 1)
        row.addWidget(open_button)
        form.insertRow(1, tr("Data folder:"), row)
        settings_file = QLineEdit(str(paths.settings_file), readOnly=True, objectName="settingsFile")
        settings_file.setAccessibleName(tr("Settings file"))
        form.insertRow(2, tr("Settings file:"), settings_file)

    @property
    def dark(self) -> bool:
        """The theme on show (the application's palette), saved or not."""
        app = QApplication.instance()
        palette = app.palette() if isinstance(app, QApplication) else self.palette()
        return palette.window().color().lightness() < 128

    def done(self, result: int) -> None:  # noqa: D102 - closed, by any button or key
        for check in (self._test, self.tutor.call):
            if check is not None:
                check.cancel()  # a check still waiting on the network answers no closed dialog
        super().done(result)

    def recolour(self) -> None:
        """Notes and refusals in colours that read on the theme on show."""
        for row in self.rows.values():
            row.recolour(self.dark)
        for note in self.findChildren(QLabel, "pageNote"):
            note.setStyleSheet(f"color: {quiet_colour(self.dark)};")

    def _show_current(self) -> None:
        """Every row with its current value; a locked one disabled, saying why."""
        loaded = self.services.loaded
        reason = tr("Locked by your lab's administrator in %s: it cannot be changed here.") % (
            loaded.paths.system_settings_file
        )
        for name, row in self.rows.items():
            key = row.spec.key_name
            if key is not None:
                self._keys[name] = self.services.credentials.get(key)
                row.set_value(self._keys[name])
                if self.services.credentials.from_system_file(key):
                    row.lock(reason)  # a key typed here would never be used over the lab's
                continue
            row.set_value(getattr(loaded.settings, name))
            if name in loaded.locked:
                row.lock(reason)
            elif name in loaded.environment:
                row.note_environment(loaded.environment[name])

    # --- checking and applying --------------------------------------------------------------
    def _read(self) -> tuple[dict[str, Any], list[FieldRow]]:
        """Every changeable row's value, and the rows whose value was refused (each says why)."""
        settings = self.services.settings
        fields = type(settings).model_fields
        values: dict[str, Any] = {}
        refused: list[FieldRow] = []
        for name, row in self.rows.items():
            row.refuse("")
            if row.locked_reason:
                continue
            try:
                if row.spec.key_name is not None:
                    values[name] = row.value()
                    continue
                value = row.value(fields[name].annotation is int, bounds(fields[name].metadata))
                setattr(settings.model_copy(), name, value)  # the model's own check, on a copy
            except Refused as exc:
                row.refuse(str(exc))
                refused.append(row)
            except ValidationError as exc:
                row.refuse(f"{row.spec.label}: {exc.errors()[0]['msg']}.")
                refused.append(row)
            else:
                values[name] = value
        url_row = self.rows["piston_url"]
        if values.get("backend", settings.backend) == "piston" and values.get("piston_url") == "":
            url_row.refuse(tr("Running on a Piston server needs its address, for example http://localhost:2000."))
            refused.append(url_row)
        return values, refused

    def apply(self) -> bool:
        """Check, save and apply; False (and nothing changed) when a value was refused or the file
        could not be written."""
        values, refused = self._read()
        if refused:
            self.tabs.setCurrentIndex(self._page_of[refused[0].spec.name])
            refused[0].editor.setFocus()
            self.say(tr("Nothing was changed: correct the value marked in red first."), error=True)
            return False
        settings = self.services.settings
        keys = {n: v for n, v in values.items() if n.startswith("key:") and v != self._keys[n]}
        changes = {n: v for n, v in values.items() if not n.startswith("key:") and getattr(settings, n) != v}
        before = {n: getattr(settings, n) for n in changes}
        for name, value in changes.items():
            setattr(settings, name, value)
        try:
            self.services.loaded.save()
        except OSError as exc:
            for name, value in before.items():
                setattr(settings, name, value)
            log.error("the settings could not be saved: %s", exc)
            self.say(tr("The settings could not be saved (%s); nothing was changed.") % exc, error=True)
            return False
        places = {self.services.credentials.set(n.removeprefix("key:"), v) for n, v in keys.items()}
        self._keys.update(keys)
        self._take_effect(set(changes) | set(keys))
        said = [tr("Saved.")] if changes or keys else [tr("Nothing to change.")]
        if "session only" in places:
            said.append(tr("This computer has no keyring: the key is kept until CodeMentor closes."))
        later = [self.rows[n].spec.label for n in changes if self.rows[n].spec.note == AFTER_RESTART]
        if later:
            said.append(tr("%s applies after restart.") % ", ".join(later))
        self.say(" ".join(said))
        self.applied.emit()
        return True

    def _take_effect(self, changed: set[str]) -> None:
        """What can change without a restart, changed now."""
        settings, command = self.services.settings, self.command
        if "theme" in changed:
            command.set_theme(settings.theme, save=False)
            self.recolour()
        if "font_size" in changed:
            command.editor.apply_style(font_size=settings.font_size)
        if changed & RUNNER_SETTINGS:
            self.services.apply_settings()
            services = self.services
            command.backend_label.setText(
                runner_label(services.backend_name, services.containment(), services.containment_mode())
            )
        # The limits are read from the settings at each run: nothing to rebuild for them.

    def say(self, text: str, error: bool = False) -> None:
        self.message.setText(text)
        self.message.setStyleSheet(f"color: {error_colour(self.dark)};" if error else "")

    def _on_button(self, button: QAbstractButton) -> None:
        role = self.buttons.buttonRole(button)
        if role == QDialogButtonBox.ButtonRole.RejectRole:
            self.reject()
        elif role == QDialogButtonBox.ButtonRole.ApplyRole:
            self.apply()
        elif role == QDialogButtonBox.ButtonRole.AcceptRole and self.apply():
            self.accept()

    # --- the Piston test --------------------------------------------------------------------
    def test_piston(self) -> None:
        """Ask the server typed in (not yet saved) for its runtimes, off the window's thread."""
        url = self.rows["piston_url"].required(
            tr("Write the Piston server's address first, for example http://localhost:2000.")
        )
        if url is None:
            return
        key = self.rows["key:piston"].value()
        header = self.rows["piston_key_header"].text() or "Authorization"
        self.test_button.setEnabled(False)
        self.test_result.setStyleSheet("")
        self.test_result.setText(tr("Asking %s for its runtimes…") % url)
        self._test = self.jobs.run(
            lambda: describe_piston(url, key, header), self._on_tested, name="piston-test",
            on_failed=self._on_test_failed,
        )  # fmt: skip

    def _on_tested(self, outcome: tuple[bool, str]) -> None:
        reached, text = outcome
        self.test_button.setEnabled(True)
        self.test_result.setText(text)
        self.test_result.setStyleSheet(f"color: {good_colour(self.dark) if reached else error_colour(self.dark)};")
        self.tested.emit(reached, text)

    def _on_test_failed(self, message: str) -> None:
        self._on_tested((False, tr("The test could not be made: %s") % message))
