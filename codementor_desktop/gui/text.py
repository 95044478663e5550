"""Learner text in rich-text places: labels with markup, tooltips, HTML views.

Qt renders a string as rich text when it looks like markup, so ``TypeError: '<' not supported``
would lose everything after its ``<``. Every string that comes from the learner, their code or a
problem file goes through ``escaped`` before it meets markup, through ``tooltip`` before it
becomes a tooltip (which Qt also guesses about), and into ``message_box`` for a dialog.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget


def escaped(text: object) -> str:
    """``text`` as HTML that shows exactly ``text``."""
    return html.escape(str(text), quote=False)


def tooltip(text: object) -> str:
    """A tooltip that shows ``text`` as it is, line breaks and all."""
    return f"<p style='white-space:pre-wrap'>{escaped(text)}</p>"


def message_box(
    parent: QWidget | None,
    icon: QMessageBox.Icon,
    title: str,
    text: str,
    buttons: QMessageBox.StandardButton = QMessageBox.StandardButton.Ok,
    default: QMessageBox.StandardButton = QMessageBox.StandardButton.NoButton,
) -> QMessageBox.StandardButton:
    """A modal message whose ``text`` (an error, a settings value, a path) is shown as written."""
    box = QMessageBox(icon, title, text, buttons, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    if default != QMessageBox.StandardButton.NoButton:
        box.setDefaultButton(default)
    return QMessageBox.StandardButton(box.exec())
