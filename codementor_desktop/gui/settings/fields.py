"""One setting in the dialog: its editor, the sentence beside it when its value is refused, and its
lock when a lab administrator fixed it.

A value is read from the editor as text and checked here (a number in its range, an address with
its scheme) so that the refusal can say what is wrong in the learner's words; the settings model
checks it once more when it is assigned.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

ERROR_COLOUR = "#d32f2f"
ERROR_ON_DARK = "#ff8a80"  # the light theme's red is too dark to read on a dark window


def quiet_colour(dark: bool) -> str:
    """Notes beside the fields: quieter than the text, still easy to read."""
    return "#a8a8a8" if dark else "#666666"


def error_colour(dark: bool) -> str:
    return ERROR_ON_DARK if dark else ERROR_COLOUR


def good_colour(dark: bool) -> str:
    """A check that succeeded (a server reached), green on the dialog's theme."""
    return "#81c784" if dark else "#2e7d32"


def tr(text: str) -> str:
    return QCoreApplication.translate("Settings", text)


class Refused(ValueError):
    """A value the setting cannot take; the message says why, for the learner."""


@dataclass(frozen=True)
class Spec:
    """A row of the dialog. ``name`` is the setting's, or ``key:<name>`` for a key kept in the keyring."""

    name: str
    label: str
    kind: str  # text, url, number, choice, check, secret
    choices: tuple[tuple[str, str], ...] = ()  # (value, label) of a choice
    unit: str = ""
    note: str = ""  # when it takes effect, when that is not at once
    placeholder: str = ""

    @property
    def key_name(self) -> str | None:
        return self.name.removeprefix("key:") if self.name.startswith("key:") else None


def number(text: str, spec: Spec, integer: bool, bounds: tuple[float | None, float | None]) -> int | float:
    """``text`` as the setting's number, refused with its range when it is not one or out of it."""
    low, high = bounds
    unit = f" {spec.unit}" if spec.unit else ""
    span = f"from {low:g} to {high:g}{unit}" if low is not None and high is not None else ""
    try:
        value: int | float = int(text) if integer else float(text)
    except ValueError:
        kind = tr("a whole number") if integer else tr("a number")
        raise Refused(tr("%s must be %s %s; “%s” is not one.") % (spec.label, kind, span, text)) from None
    if (low is not None and value < low) or (high is not None and value > high):
        raise Refused(tr("%s must be %s; %s is out of range.") % (spec.label, span, text))
    return value


def address(text: str, spec: Spec) -> str:
    """An http(s) address with its scheme and host, or nothing."""
    if not text:
        return text
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise Refused(
            tr("%s: write the address with http:// or https://, for example http://localhost:2000 (“%s” has neither).")
            % (spec.label, text)
            if "://" not in text
            else tr("%s must be an http:// or https:// address with a host; “%s” is not.") % (spec.label, text)
        )
    return text


class FieldRow(QWidget):
    """The editor of one setting with its refusal (hidden until there is one) and its note."""

    def __init__(self, spec: Spec, description: str = "", hint: str = "", parent: QWidget | None = None):
        """``hint`` follows a number's box: its unit and range ("seconds, 1 to 10")."""
        super().__init__(parent)
        self.spec = spec
        self.locked_reason = ""
        self.editor: QWidget
        if spec.kind == "check":
            self.editor = QCheckBox(spec.label)
        elif spec.kind == "choice":
            combo = QComboBox()
            for value, label in spec.choices:
                combo.addItem(label, value)
            self.editor = combo
        else:
            line = QLineEdit()
            line.setPlaceholderText(spec.placeholder)
            line.setClearButtonEnabled(spec.kind != "number")
            if spec.kind == "secret":
                line.setEchoMode(QLineEdit.EchoMode.PasswordEchoOnEdit)
            self.editor = line
        self.editor.setObjectName(f"setting_{spec.name.replace(':', '_')}")
        self.editor.setAccessibleName(spec.label)
        self.editor.setToolTip(description)
        self.error = QLabel("", objectName="settingError", visible=False, wordWrap=True)
        self.error.setTextFormat(Qt.TextFormat.PlainText)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        if spec.kind == "number":
            self.editor.setMaximumWidth(90)
            row.addWidget(self.editor)
            row.addWidget(QLabel(hint, objectName="settingUnit"), 1)
        else:
            row.addWidget(self.editor, 1)
        self.note = QLabel(spec.note, objectName="settingNote", visible=bool(spec.note))
        self._dark = False
        row.addWidget(self.note)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(2)
        box.addLayout(row)
        box.addWidget(self.error)

    # --- the value --------------------------------------------------------------------------
    def set_value(self, value: Any) -> None:
        editor = self.editor
        if isinstance(editor, QCheckBox):
            editor.setChecked(bool(value))
        elif isinstance(editor, QComboBox):
            editor.setCurrentIndex(max(editor.findData(value), 0))
        elif isinstance(editor, QLineEdit):
            editor.setText("" if value is None else f"{value:g}" if isinstance(value, float) else str(value))
            editor.setCursorPosition(0)

    def text(self) -> str:
        return self.editor.text().strip() if isinstance(self.editor, QLineEdit) else ""

    def value(self, integer: bool = False, bounds: tuple[float | None, float | None] = (None, None)) -> Any:
        """What the editor holds, as the setting's value; ``Refused`` with the reason when it cannot be."""
        editor = self.editor
        if isinstance(editor, QCheckBox):
            return editor.isChecked()
        if isinstance(editor, QComboBox):
            return editor.currentData()
        if self.spec.kind == "number":
            return number(self.text(), self.spec, integer, bounds)
        if self.spec.kind == "url":
            return address(self.text(), self.spec)
        return self.text() if self.spec.kind != "secret" else editor.text() if isinstance(editor, QLineEdit) else ""

    # --- what is said beside it -------------------------------------------------------------
    def recolour(self, dark: bool) -> None:
        """The note's and the refusal's colours for the theme on show."""
        self._dark = dark
        self.note.setStyleSheet(f"color: {quiet_colour(dark)};")
        self.error.setStyleSheet(f"color: {error_colour(dark)};")
        self.refuse(self.error.text())

    def required(self, missing: str) -> Any:
        """The value typed, or None with the reason on the row: refused, or empty (``missing``)."""
        self.refuse("")
        try:
            value = self.value()
        except Refused as exc:
            self.refuse(str(exc))
            return None
        if not value:
            self.refuse(missing)
            return None
        return value

    def refuse(self, message: str) -> None:
        self.error.setText(message)
        self.error.setVisible(bool(message))
        framed = message and self.spec.kind != "check"
        self.editor.setStyleSheet(f"border: 1px solid {error_colour(self._dark)};" if framed else "")

    def note_environment(self, variable: str) -> None:
        """The value on show came from an environment variable, which wins over the file at each start."""
        why = tr("Set by the environment variable %s, which wins over the settings file at each start.") % variable
        self.note.setText(tr("from %s") % variable)
        self.note.setToolTip(why)
        self.note.setVisible(True)

    def lock(self, reason: str) -> None:
        """Shown, not changeable: a lab administrator fixed it (``reason`` says where)."""
        self.locked_reason = reason
        self.editor.setEnabled(False)
        self.editor.setToolTip(reason)
        self.note.setText(tr("locked by the administrator"))  # words: an emoji lock may have no glyph
        self.note.setToolTip(reason)
        self.note.setVisible(True)
