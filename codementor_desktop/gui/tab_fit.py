"""A tab bar whose every tab is in sight: the panel's nine tabs (Tests to Profile) fit beside the
problem list and the tutor at 1280 pixels wide, with no scroll arrows hiding Flow and Profile.

The tabs keep their words and their font; what goes is half of the style's padding around each
word. The bar never scrolls and never cuts a word: its least width is all of its tabs, so a
splitter gives it that room rather than hide one.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QProxyStyle, QStyle, QStyleOption, QTabWidget, QWidget

PADDING_KEPT = 0.5  # of the style's space around a tab's word


class CompactTabs(QProxyStyle):
    """Fusion, whose tabs have less space around their words (the window is always Fusion: see
    ``theme.apply_theme``)."""

    def __init__(self) -> None:
        super().__init__("Fusion")

    def pixelMetric(  # noqa: N802 - Qt's name
        self, metric: QStyle.PixelMetric, option: QStyleOption | None = None, widget: QWidget | None = None
    ) -> int:
        value = super().pixelMetric(metric, option, widget)
        if metric == QStyle.PixelMetric.PM_TabBarTabHSpace:
            return round(value * PADDING_KEPT)
        return value


def fit_tabs(tabs: QTabWidget) -> None:
    """Every tab of ``tabs`` whole and in sight: compact, never scrolled, never elided."""
    bar = tabs.tabBar()
    style = CompactTabs()
    style.setParent(bar)  # a style set on a widget is not owned by it
    bar.setStyle(style)
    tabs.setElideMode(Qt.TextElideMode.ElideNone)
    tabs.setUsesScrollButtons(False)
