"""The window's layout kept between sessions (geometry, toolbars, splitters, the panel tab), in
``window.ini`` beside the settings, and whether the recommendations are folded away; and the first layout, which gives the statement the height
its examples need."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QSplitter, QTabWidget, QWidget

from .problems.statement import StatementView

EDITOR_MINIMUM = 200  # px the code keeps when the statement grows to fit (ten lines or so)
PANEL_MINIMUM = 150  # px the panel tabs keep (the summary line and a few tests)
STATEMENT_SHARE = 0.5  # at most, of the centre's height


class Foldable(Protocol):
    """A box the learner folds away (the recommendations)."""

    @property
    def shown(self) -> bool: ...

    def set_shown(self, shown: bool) -> None: ...


@dataclass(frozen=True)
class Layout:
    """The widgets whose sizes and places are the window's layout: the window, the splitter of
    the problem list and the centre, the centre's splitter (statement, code, panel tabs)."""

    window: QMainWindow
    splitter: QSplitter
    centre: QSplitter
    panels: QTabWidget
    statement: StatementView
    techniques: QAction  # technique tags of unsolved problems shown (a spoiler the learner chooses)


def _stored(config_dir: Path) -> QSettings:
    return QSettings(str(config_dir / "window.ini"), QSettings.Format.IniFormat)


def restore_layout(layout: Layout, config_dir: Path, recommendations: Foldable | None = None) -> bool:
    """The layout of the last session; False if there was none (the first run)."""
    stored = _stored(config_dir)
    found = False
    for key, restore in (
        ("geometry", layout.window.restoreGeometry),
        ("state", layout.window.restoreState),
        ("splitter", layout.splitter.restoreState),
        ("centre", layout.centre.restoreState),
    ):
        value = stored.value(key)
        if value is not None:
            restore(value)
            found = True
    techniques = stored.value("techniques")  # shown for unsolved problems too: off unless chosen
    layout.techniques.setChecked(str(techniques).lower() == "true")
    panel = stored.value("panel")
    if panel is not None and str(panel).isdigit() and int(panel) < layout.panels.count():
        layout.panels.setCurrentIndex(int(panel))
    shown = stored.value("recommendations")
    if recommendations is not None and shown is not None:
        recommendations.set_shown(str(shown).lower() != "false")  # an ini file keeps it as text
    return found


def save_layout(layout: Layout, config_dir: Path, recommendations: Foldable | None = None) -> None:
    stored = _stored(config_dir)
    stored.setValue("geometry", layout.window.saveGeometry())
    stored.setValue("state", layout.window.saveState())
    stored.setValue("splitter", layout.splitter.saveState())
    stored.setValue("centre", layout.centre.saveState())
    stored.setValue("panel", layout.panels.currentIndex())
    stored.setValue("techniques", layout.techniques.isChecked())
    if recommendations is not None:
        stored.setValue("recommendations", recommendations.shown)
    stored.sync()


def fit_statement(layout: Layout) -> None:
    """Grow the statement to show the whole problem (its examples too) while the code and the panel
    tabs keep enough room: taken from the panel tabs first, then from the code. Never shrinks it."""
    centre = layout.centre
    statement, code, panel = centre.sizes()
    if statement + code + panel <= 0:
        return
    holder = centre.widget(0)  # the statement's tabs (Statement, Plan): their bar takes room too
    bar = holder.height() - layout.statement.height() if holder is not None else 0
    needed = layout.statement.content_height() + 4 + max(bar, 0)
    wanted = min(needed, int((statement + code + panel) * STATEMENT_SHARE)) - statement
    if wanted <= 0:
        return
    shortest = max(PANEL_MINIMUM, layout.panels.minimumSizeHint().height())  # the splitter's floor
    from_panel = min(wanted, max(panel - shortest, 0))
    from_code = min(wanted - from_panel, max(code - EDITOR_MINIMUM, 0))
    centre.setSizes([statement + from_panel + from_code, code - from_code, panel - from_panel])


def show_tab(layout: Layout, widget: QWidget, share: float) -> None:
    """Bring a panel tab to the front with ``share`` of the centre's height (taken from the statement first)."""
    layout.panels.setCurrentWidget(widget)
    centre = layout.centre
    sizes = centre.sizes()
    wanted = int(sum(sizes) * share) - sizes[2]
    if wanted > 0:
        taken = min(wanted, max(sizes[0] - 80, 0))
        sizes = [sizes[0] - taken, sizes[1] - min(wanted - taken, max(sizes[1] - 160, 0)), 0]
        centre.setSizes([sizes[0], sizes[1], sum(centre.sizes()) - sizes[0] - sizes[1]])


def set_focus_order(statement: QWidget, language: QWidget, editor: QWidget) -> None:
    """Tab walks the window as a learner reads it: the problem list and its filters, the
    statement, the language, the code, then the panels and the custom input under the tests.
    (Left alone, the language box, built with the toolbar, came after the tests' table.)"""
    QWidget.setTabOrder(statement, language)
    QWidget.setTabOrder(language, editor)
