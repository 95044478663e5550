"""What a look test measures: words cut by their widget, colours against the theme's background."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from codementor_desktop.gui.contrast import contrast_ratio
from codementor_desktop.gui.theme import DARK, LIGHT, palette_for


def settle() -> None:
    """Let the layouts asked for run (a result's widgets are laid out on the next turn of the loop)."""
    for _ in range(3):
        QApplication.sendPostedEvents()
        QApplication.processEvents()


def cut_labels(root: QWidget, within: QWidget | None = None) -> list[str]:
    """The shown labels under ``root`` whose words do not all show: a one-line label narrower
    than its text, a wrapping one shorter than its text at its width, or a label that reaches
    past the right edge of ``within`` (a scroll area's viewport)."""
    cut = []
    for label in root.findChildren(QLabel):
        if not label.isVisibleTo(root) or not label.text():
            continue
        name = f"{label.text()[:40]!r}"
        if label.wordWrap():
            if label.height() < label.heightForWidth(label.width()):
                cut.append(f"{name}: {label.height()} px high of {label.heightForWidth(label.width())}")
        elif label.width() < label.minimumSizeHint().width():
            cut.append(f"{name}: {label.width()} px wide of {label.minimumSizeHint().width()}")
        if within is not None:
            right = label.mapTo(within, QPoint(label.width(), 0)).x()
            if right > within.width():
                cut.append(f"{name}: ends at {right} px, past the {within.width()} px shown")
    return cut


@contextmanager
def dark_theme() -> Iterator[QPalette]:
    """The application in the dark theme's palette, the light one's again after."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.setStyle("Fusion")
    app.setPalette(palette_for(DARK))
    try:
        yield app.palette()
    finally:
        app.setPalette(palette_for(LIGHT))


def markup_colours(text: str) -> list[QColor]:
    """The colours a rich text's ``color:`` styles name."""
    return [QColor(found) for found in re.findall(r"color:\s*(#[0-9a-fA-F]{6})", text)]


def worst_contrast(colours: list[QColor], background: QColor) -> float:
    return min(contrast_ratio(colour, background) for colour in colours)
