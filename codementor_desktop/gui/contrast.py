"""Colours that stay readable on the theme's background.

A colour chosen on white (a severity's red, a footnote's grey) can vanish on the dark theme's
near-black. ``readable`` keeps the colour's hue and moves its lightness until its contrast with
the background reaches WCAG's 4.5:1 for normal text; ``muted`` is the quieter text colour of
footnotes, a blend of the palette's text into its background that still reads.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent
from PySide6.QtGui import QColor, QGuiApplication, QPalette

AA = 4.5  # WCAG 2's least contrast for normal text
# The theme changed: a widget with a style sheet of its own hears only of the application's
# palette, the others of their own palette as well.
THEME_EVENTS = (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange)


def luminance(colour: QColor) -> float:
    """WCAG's relative luminance of ``colour`` (0 for black, 1 for white)."""

    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) + 0.0722 * channel(colour.blueF())


def contrast_ratio(one: QColor | str, other: QColor | str) -> float:
    """WCAG's contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    lighter, darker = sorted((luminance(QColor(one)), luminance(QColor(other))), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def readable(colour: QColor | str, background: QColor | str, at_least: float = AA) -> QColor:
    """``colour`` with its hue kept and its lightness moved (away from the background's) just
    far enough to reach ``at_least`` contrast against ``background``."""
    wanted, behind = QColor(colour), QColor(background)
    if contrast_ratio(wanted, behind) >= at_least:
        return wanted
    hue, saturation, lightness, alpha = wanted.hslHueF(), wanted.hslSaturationF(), wanted.lightnessF(), wanted.alphaF()
    towards_white = luminance(behind) < 0.5
    step = 0.02 if towards_white else -0.02
    while 0.0 < lightness < 1.0:
        lightness = min(1.0, max(0.0, lightness + step))
        moved = QColor.fromHslF(max(hue, 0.0), saturation, lightness, alpha)
        if contrast_ratio(moved, behind) >= at_least:
            return moved
    return QColor("white" if towards_white else "black")


def mixed(one: QColor | str, other: QColor | str, share: float) -> QColor:
    """``share`` of ``other`` blended into ``one``."""
    a, b = QColor(one), QColor(other)
    return QColor.fromRgbF(
        a.redF() + (b.redF() - a.redF()) * share,
        a.greenF() + (b.greenF() - a.greenF()) * share,
        a.blueF() + (b.blueF() - a.blueF()) * share,
    )


def muted(palette: QPalette, role: QPalette.ColorRole = QPalette.ColorRole.Window) -> QColor:
    """Footnote text: the palette's text halfway to the background, kept at 4.5:1 against it."""
    behind = palette.color(role)
    return readable(mixed(palette.color(QPalette.ColorRole.WindowText), behind, 0.35), behind)


def on_palette(colour: QColor | str, palette: QPalette, role: QPalette.ColorRole = QPalette.ColorRole.Window) -> str:
    """``colour`` made readable on the palette's ``role``, as ``#rrggbb`` for a style sheet or markup."""
    return readable(colour, palette.color(role)).name()


def theme_words() -> QColor:
    """The colour of words drawn on a plot: the theme's text on its base, at 4.5:1 at least."""
    palette = QGuiApplication.palette()
    return readable(palette.color(QPalette.ColorRole.Text), palette.color(QPalette.ColorRole.Base))


def colour_legend(legend: Any) -> None:
    """A pyqtgraph legend's words in ``theme_words``: its entries so far and those to come."""
    words = theme_words()
    legend.setLabelTextColor(words)
    for _sample, label in legend.items:
        label.setText(label.text)  # pyqtgraph keeps the new colour for the next text only
