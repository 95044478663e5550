"""Light and dark: one theme for the whole window, not the editor alone.

The application palette (with the Fusion style, which follows the palette everywhere) colours
every Qt widget; the editor gets its own Scintilla colours; the statement is re-rendered with its
CSS for the theme; the pyqtgraph views (drawn on their own backgrounds) are recoloured when the
theme changes and again when a panel tab that was not built yet is first shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from PySide6.QtCore import QChildEvent, QEvent, QObject
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QGraphicsView, QWidget

if TYPE_CHECKING:
    from .editor.code_editor import CodeEditor
    from .problems.statement import StatementView

ThemeName = Literal["light", "dark"]
THEMES: tuple[ThemeName, ...] = ("light", "dark")


@dataclass(frozen=True)
class Theme:
    name: ThemeName
    window: str
    base: str
    alternate: str
    text: str
    button: str
    highlight: str
    highlighted_text: str
    disabled: str
    link: str
    plot_background: str
    plot_foreground: str
    code_background: str  # inline code in the statement

    @property
    def dark(self) -> bool:
        return self.name == "dark"


LIGHT = Theme("light", "#f3f3f3", "#ffffff", "#f7f7f9", "#24292e", "#eaeaea", "#0366d6", "#ffffff",
              "#9a9a9a", "#0366d6", "#ffffff", "#24292e", "#f0f2f5")  # fmt: skip
DARK = Theme("dark", "#252526", "#1e1e1e", "#2a2a2c", "#d4d4d4", "#333337", "#264f78", "#ffffff",
             "#6e6e6e", "#4fa3ff", "#1e1e1e", "#d4d4d4", "#3a3d41")  # fmt: skip


def theme_named(name: str) -> Theme:
    return DARK if name == "dark" else LIGHT


def palette_for(theme: Theme) -> QPalette:
    palette = QPalette()
    role = QPalette.ColorRole
    for roles, colour in (
        ((role.Window,), theme.window),
        ((role.Base,), theme.base),
        ((role.AlternateBase, role.ToolTipBase), theme.alternate),
        ((role.WindowText, role.Text, role.ButtonText, role.ToolTipText, role.PlaceholderText), theme.text),
        ((role.Button,), theme.button),
        ((role.Highlight,), theme.highlight),
        ((role.HighlightedText,), theme.highlighted_text),
        ((role.Link,), theme.link),
        ((role.Mid, role.Dark), theme.disabled),
    ):
        for each in roles:
            palette.setColor(each, QColor(colour))
    palette.setColor(role.PlaceholderText, QColor(theme.disabled))
    for each in (role.WindowText, role.Text, role.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, each, QColor(theme.disabled))
    return palette


def apply_theme(name: str, *, root: QWidget, editor: CodeEditor, statement: StatementView) -> Theme:
    """Colour the application, the editor, the statement and the plots under ``root`` (the
    window, whose ``theme`` property names the theme for what is drawn later) for ``name``."""
    theme = theme_named(name)
    app = QApplication.instance()
    if isinstance(app, QApplication):
        app.setStyle("Fusion")
        app.setPalette(palette_for(theme))
    root.setProperty("theme", theme.name)
    editor.apply_style(dark=theme.dark)
    statement.set_theme(theme.dark, theme.code_background)
    recolour_plots(root, theme)
    return theme


def recolour_plots(root: QWidget, theme: Theme | None = None) -> int:
    """Give every pyqtgraph view under ``root`` the theme's background and axis colours; returns
    how many. pyqtgraph is not imported here: a view is known by its ``setBackground``."""
    theme = theme or theme_named(str(root.window().property("theme") or "light"))
    count = 0
    for view in [root, *root.findChildren(QGraphicsView)]:
        if not hasattr(view, "setBackground"):
            continue
        view.setBackground(theme.plot_background)
        plot = view.getPlotItem() if hasattr(view, "getPlotItem") else None
        if plot is not None:
            for side in ("left", "bottom", "right", "top"):
                axis = plot.getAxis(side)
                axis.setPen(theme.plot_foreground)
                axis.setTextPen(theme.plot_foreground)
        count += 1
    return count


class PlotFollower(QObject):
    """Watches the panel's pages: a drawing view built after the theme was set (when its tab is
    first opened, or ahead of time while nothing else runs) is recoloured as it arrives."""

    def watch(self, pages: list[QWidget]) -> None:
        for page in pages:
            page.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if isinstance(event, QChildEvent) and event.type() == QEvent.Type.ChildAdded and isinstance(watched, QWidget):
            child = event.child()
            if isinstance(child, QWidget):
                recolour_plots(child)
                if isinstance(child, QGraphicsView):
                    recolour_plots(watched)
        return False
