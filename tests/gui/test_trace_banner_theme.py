"""The Trace tab's banner (why a run stopped) takes the theme's colours, also when the theme
changes while it is shown; a picture of it on dark for a person to look at."""

from __future__ import annotations

import os

from PySide6.QtGui import QColor

from codementor_desktop.gui.viz.trace_tab import BANNER_STYLES, CHANGED_ON_DARK, DARK_BANNER_STYLES
from tests.gui.test_window_debugger import ENDLESS, traced

SHOTS = os.environ.get("CODEMENTOR_SHOTS")


def background(style: str) -> int:
    colour = style.split("background:")[1].split(";")[0]
    return QColor(colour).lightness()


def test_the_banner_follows_the_theme(window, qtbot, tmp_path):
    window.resize(1280, 800)
    traced(window, qtbot, ENDLESS)
    banner = window.viz.trace_tab.banner
    assert banner.isVisible() and banner.text()
    kind = next(k for k, style in BANNER_STYLES.items() if style in banner.styleSheet())
    window.set_theme("dark", save=False)
    qtbot.waitUntil(lambda: DARK_BANNER_STYLES[kind] in banner.styleSheet())
    assert background(DARK_BANNER_STYLES[kind]) < 60 < background(BANNER_STYLES[kind])
    variables = window.viz.trace_tab.variables
    marked = [variables.item(r, 0) for r in range(variables.rowCount()) if variables.item(r, 0).font().bold()]
    assert marked and all(item.background().color() == CHANGED_ON_DARK for item in marked)
    window.show_tab(window.viz.trace_tab)
    image = window.grab().toImage()
    assert image.save(str(tmp_path / "trace-banner-dark.png"))
    if SHOTS:
        image.save(os.path.join(SHOTS, "trace-banner-dark.png"))
    window.set_theme("light", save=False)
    qtbot.waitUntil(lambda: BANNER_STYLES[kind] in banner.styleSheet())
