"""The window's layout kept between sessions (geometry, toolbars, splitters, the panel tab), in
``window.ini`` beside the settings, and whether the recommendations are folded away; and the first layout, which gives the statement the height
its examples need."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from .main_window import MainWindow

EDITOR_MINIMUM = 200  # px the code keeps when the statement grows to fit (ten lines or so)
PANEL_MINIMUM = 150  # px the panel tabs keep (the summary line and a few tests)
STATEMENT_SHARE = 0.5  # at most, of the centre's height


def _stored(window: MainWindow) -> QSettings:
    return QSettings(str(window.services.paths.config_dir / "window.ini"), QSettings.Format.IniFormat)


def restore_layout(window: MainWindow) -> bool:
    """The layout of the last session; False if there was none (the first run)."""
    stored = _stored(window)
    found = False
    for key, restore in (
        ("geometry", window.restoreGeometry),
        ("state", window.restoreState),
        ("splitter", window.splitter.restoreState),
        ("centre", window.centre.restoreState),
    ):
        value = stored.value(key)
        if value is not None:
            restore(value)
            found = True
    techniques = stored.value("techniques")  # shown for unsolved problems too: off unless chosen
    window.browser.techniques_action.setChecked(str(techniques).lower() == "true")
    panel = stored.value("panel")
    if panel is not None and str(panel).isdigit() and int(panel) < window.panels.count():
        window.panels.setCurrentIndex(int(panel))
    learning = getattr(window, "learning", None)
    shown = stored.value("recommendations")
    if learning is not None and shown is not None:
        learning.recommendations.set_shown(str(shown).lower() != "false")  # an ini file keeps it as text
    return found


def save_layout(window: MainWindow) -> None:
    stored = _stored(window)
    stored.setValue("geometry", window.saveGeometry())
    stored.setValue("state", window.saveState())
    stored.setValue("splitter", window.splitter.saveState())
    stored.setValue("centre", window.centre.saveState())
    stored.setValue("panel", window.panels.currentIndex())
    stored.setValue("techniques", window.browser.techniques_action.isChecked())
    learning = getattr(window, "learning", None)
    if learning is not None:
        stored.setValue("recommendations", learning.recommendations.shown)
    stored.sync()


def fit_statement(window: MainWindow) -> None:
    """Grow the statement to show the whole problem (its examples too) while the code and the panel
    tabs keep enough room: taken from the panel tabs first, then from the code. Never shrinks it."""
    statement, code, panel = window.centre.sizes()
    if statement + code + panel <= 0:
        return
    needed = window.statement.content_height() + 4
    wanted = min(needed, int((statement + code + panel) * STATEMENT_SHARE)) - statement
    if wanted <= 0:
        return
    shortest = max(PANEL_MINIMUM, window.panels.minimumSizeHint().height())  # the splitter's floor
    from_panel = min(wanted, max(panel - shortest, 0))
    from_code = min(wanted - from_panel, max(code - EDITOR_MINIMUM, 0))
    window.centre.setSizes([statement + from_panel + from_code, code - from_code, panel - from_panel])


def show_tab(window: MainWindow, widget: QWidget, share: float) -> None:
    """Bring a panel tab to the front with ``share`` of the centre's height (taken from the statement first)."""
    window.panels.setCurrentWidget(widget)
    sizes = window.centre.sizes()
    wanted = int(sum(sizes) * share) - sizes[2]
    if wanted > 0:
        taken = min(wanted, max(sizes[0] - 80, 0))
        sizes = [sizes[0] - taken, sizes[1] - min(wanted - taken, max(sizes[1] - 160, 0)), 0]
        window.centre.setSizes([sizes[0], sizes[1], sum(window.centre.sizes()) - sizes[0] - sizes[1]])


def set_focus_order(window: MainWindow) -> None:
    """Tab walks the window as a learner reads it: the problem list and its filters, the
    statement, the language, the code, then the panels and the custom input under the tests.
    (Left alone, the language box, built with the toolbar, came after the tests' table.)"""
    QWidget.setTabOrder(window.statement, window.language)
    QWidget.setTabOrder(window.language, window.editor)
