"""The window's menus, keys and themes: every command in a menu with its key and an accessible
name, the find bar and go to line by the keys, the theme switched at run time reaching every
panel and kept in the settings file, the statement tall enough for its examples. Pictures (light,
dark, the find bar, the menus) are saved as PNG files to look at."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QKeySequence
from PySide6.QtWidgets import QApplication, QInputDialog, QWidget

from codementor_desktop.gui.help_dialogs import about_text, shortcut_rows, shortcuts_dialog
from codementor_desktop.storage.settings import load_settings

SHOTS = os.environ.get("CODEMENTOR_SHOTS")
CTRL = Qt.KeyboardModifier.ControlModifier


def shot(widget, path) -> None:
    image = widget.grab().toImage()
    assert image.save(str(path))
    if SHOTS:
        image.save(os.path.join(SHOTS, path.name))


def menu_actions(window):
    for top in window.menuBar().actions():
        stack = [top.menu()]
        while stack:
            menu = stack.pop()
            for action in menu.actions():
                if action.menu() is not None:
                    stack.append(action.menu())
                elif not action.isSeparator():
                    yield menu, action


@pytest.mark.qt_log_ignore("This plugin does not support")  # menus shown offscreen
def test_the_menu_bar_has_every_menu_and_each_command_a_name_and_a_key(window):
    titles = [a.text().replace("&", "") for a in window.menuBar().actions()]
    assert titles == ["File", "Edit", "Run", "Debug", "View", "Help"]
    names = {a.text().replace("&", "") for _, a in menu_actions(window)}
    assert {"Undo", "Redo", "Cut", "Copy", "Paste", "Find…", "Replace…", "Go to line…", "Toggle comment",
            "Zoom in", "Zoom out", "Reset zoom", "Light", "Dark", "Keyboard shortcuts", "About CodeMentor",
            "Run", "Submit", "Trace", "Stop", "Reset code", "Quit"} <= names  # fmt: skip
    listed = [a for _, a in menu_actions(window)]
    assert len(listed) == len(set(listed)), "a command is in two menus"
    for menu, action in menu_actions(window):
        assert menu.accessibleName(), menu.title()
        name = action.text().replace("&", "")
        keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        assert action.statusTip(), name
        assert action.whatsThis().startswith(name)
        if keys:
            assert keys in action.whatsThis()
    # what a screen reader is told of each entry of the menus
    for top in window.menuBar().actions():
        menu = top.menu()
        menu.popup(window.mapToGlobal(window.rect().center()))
        interface = QAccessible.queryAccessibleInterface(menu)
        told = {interface.child(i).text(QAccessible.Text.Name) for i in range(interface.childCount())}
        menu.hide()
        wanted = {a.text().replace("&", "") for a in menu.actions() if not a.isSeparator()}
        assert {t.replace("&", "") for t in told} >= wanted
    keyed = {a.text().replace("&", "") for _, a in menu_actions(window) if not a.shortcut().isEmpty()}
    for name in ("Undo", "Find…", "Replace…", "Go to line…", "Toggle comment", "Zoom in", "Quit", "Run", "Trace"):
        assert name in keyed


def test_the_shortcuts_dialog_lists_every_command_and_about_names_the_licences(window, qtbot):
    rows = shortcut_rows(window)
    assert ("Edit", "Find…", "Ctrl+F") in rows
    assert ("View", "Zoom in", "Ctrl++, Ctrl+=") in rows
    assert len(rows) == len(list(menu_actions(window)))
    dialog = shortcuts_dialog(window)
    qtbot.addWidget(dialog)
    assert dialog.findChild(QWidget, "shortcutsTable").rowCount() == len(rows)
    text = about_text()
    assert "PySide6" in text and "LGPL" in text and "pyqtgraph" in text and "MIT" in text


def test_find_bar_by_the_keys_replace_and_escape(window, qtbot):
    window.browser.select("two-sum")
    window.editor.set_text("seen = {}\nfor v in seen:\n    seen[v] = 1\n")
    QWidget.setFocus(window.editor)
    qtbot.waitUntil(window.editor.hasFocus)
    qtbot.keyClick(window.editor, Qt.Key.Key_H, CTRL)
    bar = window.find_bar
    qtbot.waitUntil(lambda: bar.isVisible() and bar.find_edit.hasFocus())
    assert bar.replace_edit.isVisible()
    qtbot.keyClicks(bar.find_edit, "seen")
    assert window.editor.selected_text() == "seen" and window.editor.selectionStart() == 0
    qtbot.keyClick(bar.find_edit, Qt.Key.Key_F3)
    assert window.editor.selectionStart() == 19
    bar.replace_edit.setText("visited")
    assert bar.replace_all() == 3
    assert window.editor.text() == "visited = {}\nfor v in visited:\n    visited[v] = 1\n"
    assert bar.message.text() == "3 replaced"
    QApplication.clipboard().setText("pasted")
    qtbot.keyClick(bar.replace_edit, Qt.Key.Key_V, CTRL)  # into the field, not into the code
    assert bar.replace_edit.text() == "visitedpasted" and "pasted" not in window.editor.text()
    qtbot.keyClick(bar.find_edit, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not bar.isVisible() and window.editor.hasFocus())
    qtbot.keyClick(window.editor, Qt.Key.Key_F, CTRL)
    qtbot.waitUntil(bar.isVisible)
    assert not bar.replace_edit.isVisible()  # Ctrl+F finds; only Ctrl+H replaces
    bar.close_bar()


def test_comment_zoom_and_go_to_line_by_the_keys(window, qtbot, monkeypatch):
    window.browser.select("two-sum")
    window.editor.set_text("a = 1\nb = 2\nc = 3\n")
    QWidget.setFocus(window.editor)
    qtbot.waitUntil(window.editor.hasFocus)
    qtbot.keyClick(window.editor, Qt.Key.Key_Slash, CTRL)
    assert window.editor.text() == "# a = 1\nb = 2\nc = 3\n"
    qtbot.keyClick(window.editor, Qt.Key.Key_Plus, CTRL)
    qtbot.keyClick(window.editor, Qt.Key.Key_Plus, CTRL)
    assert window.editor.zoom() == 2
    qtbot.keyClick(window.editor, Qt.Key.Key_Minus, CTRL)
    assert window.editor.zoom() == 1
    qtbot.keyClick(window.editor, Qt.Key.Key_0, CTRL)
    assert window.editor.zoom() == 0
    monkeypatch.setattr(QInputDialog, "getInt", lambda *args, **kwargs: (3, True))  # the learner types 3
    qtbot.keyClick(window.editor, Qt.Key.Key_G, CTRL)
    assert window.editor.lineFromPosition(window.editor.currentPos()) == 2


def test_the_theme_reaches_every_panel_and_is_kept_in_the_settings(window, qtbot, tmp_path):
    window.browser.select("two-sum")
    window.resize(1280, 800)
    plots = window.viz.findChildren(QWidget)  # noqa: F841 - built tabs only; the rest is recoloured when shown
    shot(window, tmp_path / "t1-light.png")
    light_window = QApplication.palette().window().color().lightness()
    window.theme_actions["dark"].trigger()
    assert window.theme_actions["dark"].isChecked()
    palette = QApplication.palette()
    assert palette.window().color().lightness() < 60 < light_window
    assert palette.base().color().lightness() < 60
    assert window.editor.dark
    # the application's palette reaches the widgets through posted events
    qtbot.waitUntil(lambda: window.output.palette().base().color().lightness() < 60)
    qtbot.waitUntil(lambda: window.browser.palette().base().color().lightness() < 60)
    assert window.tests.palette().window().color().lightness() < 60
    assert "#3a3d41" in window.statement.toHtml().lower() or window.statement.property("dark")
    for name in ("structure", "variables", "flow"):
        window.viz.setCurrentWidget(window.viz.pages[name])
        qtbot.waitUntil(lambda n=name: window.viz.view(n) is not None)
    from pyqtgraph import GraphicsView

    views = window.viz.findChildren(GraphicsView)
    assert views
    assert all(v.backgroundBrush().color().lightness() < 60 for v in views)
    window.show_tab(window.tests)
    shot(window, tmp_path / "t2-dark.png")
    assert load_settings().settings.theme == "dark"  # written to the settings file
    window.theme_actions["light"].trigger()
    assert QApplication.palette().window().color().lightness() == light_window
    assert all(v.backgroundBrush().color().lightness() > 200 for v in views)
    assert load_settings().settings.theme == "light"


def test_the_statement_shows_its_examples_and_output_is_monospace(window, qtbot, tmp_path):
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.height() == 800)
    window.browser.select(next(i for i in window.browser.visible_ids() if i != "two-sum"))
    window.browser.select("two-sum")
    statement = window.statement

    def last_example_shown() -> bool:  # its whole line inside the statement's view, unscrolled
        found = statement.document().find("nums = [3,3], target = 6")
        shown = statement.cursorRect(found)
        return (
            not found.isNull()
            and statement.verticalScrollBar().value() == 0
            and (shown.bottom() <= statement.viewport().height())
        )

    qtbot.waitUntil(last_example_shown)  # beside the tutor's dock at 1280 pixels too
    assert "Example" in statement.toPlainText()
    assert window.editor_box.height() >= 200
    assert window.output.font().fixedPitch() or window.output.fontInfo().fixedPitch()


@pytest.mark.qt_log_ignore("This plugin does not support")
def test_pictures_of_the_find_bar_and_the_menus(window, qtbot, tmp_path):
    window.resize(1280, 800)
    window.browser.select("two-sum")
    window.find_action.trigger()
    qtbot.keyClicks(window.find_bar.find_edit, "nums")
    shot(window, tmp_path / "t3-find-bar.png")
    window.replace_action.trigger()
    shot(window, tmp_path / "t4-replace-bar.png")
    window.find_bar.close_bar()
    for top in window.menuBar().actions():
        menu = top.menu()
        menu.popup(window.mapToGlobal(window.menuBar().actionGeometry(top).bottomLeft()))
        qtbot.waitUntil(menu.isVisible)
        shot(menu, tmp_path / f"t5-menu-{menu.accessibleName().lower()}.png")
        menu.hide()


def test_pictures_of_a_trace_in_the_dark(window, qtbot, tmp_path):
    from tests.gui.test_window_debugger import traced

    window.resize(1280, 800)
    window.theme_actions["dark"].trigger()
    traced(window, qtbot)
    shot(window, tmp_path / "t6-dark-trace.png")
    panel = window.viz
    panel.set_step(len(panel.timeline.steps) // 2)
    panel.setCurrentWidget(panel.pages["structure"])
    structure = panel.view("structure")
    qtbot.waitUntil(lambda: structure.isVisible() and structure.drawing is not None, timeout=20_000)
    shot(window, tmp_path / "t7-dark-structure.png")
    window.run_code()
    shot(window, tmp_path / "t8-dark-tests.png")
    window.theme_actions["light"].trigger()
