"""The File, Edit, View and Help menus (Run and Debug are ``menus.py``'s).

Edit's commands act on the code: their keys are the editor's (Ctrl+Z in the problem search box
undoes the search text, not the code), except Find, Replace and Go to line, which reach the code
from anywhere in the window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QInputDialog, QMenu, QWidget

from .assistant_dialog import show_assistant_dialog
from .file_menu import build_file_commands
from .help_dialogs import show_about, show_shortcuts
from .theme import THEMES

if TYPE_CHECKING:
    from .main_window import MainWindow


def tr(text: str) -> str:
    return QCoreApplication.translate("Menus", text)


def _command(owner: QWidget, text: str, keys: str | list[str] | None, slot, tip: str = "",
             context: Qt.ShortcutContext = Qt.ShortcutContext.WindowShortcut) -> QAction:  # fmt: skip
    action = QAction(text, owner)
    if keys:
        action.setShortcuts([QKeySequence(k) for k in ([keys] if isinstance(keys, str) else keys)])
    action.setShortcutContext(context)
    action.setToolTip(tip or text.replace("&", ""))
    action.triggered.connect(lambda _checked=False: slot())
    owner.addAction(action)
    return action


def build_file_edit(window: MainWindow) -> None:
    """File (the learner's own files, Reset code, Quit) and Edit, the first two menus of the bar."""
    file = window.menuBar().addMenu(tr("&File"))
    build_file_commands(window, file)  # New scratch, Open, Open recent, Save, Save as
    file.addActions([window.reset_action])
    file.addSeparator()
    file.addAction(window.quit_action)
    editor = box = window.editor  # not the editor's box: the find bar's fields keep their own keys
    local = Qt.ShortcutContext.WidgetWithChildrenShortcut  # the code's keys, not the search box's
    edit = window.menuBar().addMenu(tr("&Edit"))
    edit.addActions([
        _command(box, tr("Undo"), "Ctrl+Z", editor.undo, tr("Undo the last change to the code"), local),
        _command(box, tr("Redo"), ["Ctrl+Shift+Z", "Ctrl+Y"], editor.redo, tr("Redo what was undone"), local),
    ])  # fmt: skip
    edit.addSeparator()
    edit.addActions([
        _command(box, tr("Cut"), "Ctrl+X", editor.cut, tr("Cut the selected code"), local),
        _command(box, tr("Copy"), "Ctrl+C", editor.copy, tr("Copy the selected code"), local),
        _command(box, tr("Paste"), "Ctrl+V", editor.paste, tr("Paste into the code"), local),
        _command(box, tr("Select all"), "Ctrl+A", editor.selectAll, tr("Select all the code"), local),
    ])  # fmt: skip
    edit.addSeparator()
    bar = window.find_bar
    window.find_action = _command(window, tr("&Find…"), "Ctrl+F", bar.open_bar, tr("Find in the code"))
    window.replace_action = _command(
        window, tr("&Replace…"), "Ctrl+H", lambda: bar.open_bar(replacing=True), tr("Find and replace in the code")
    )
    edit.addActions([
        window.find_action,
        window.replace_action,
        _command(window, tr("Find next"), "F3", bar.find_next, tr("Go to the next match")),
        _command(window, tr("Find previous"), "Shift+F3", bar.find_previous, tr("Go to the previous match")),
        _command(window, tr("&Go to line…"), "Ctrl+G", lambda: ask_line(window), tr("Move the caret to a line")),
    ])  # fmt: skip
    edit.addSeparator()
    edit.addAction(_command(box, tr("Toggle &comment"), "Ctrl+/", editor.toggle_comment,
                            tr("Comment out the selected lines, or bring them back"), local))  # fmt: skip
    edit.addSeparator()
    window.settings_action = _command(window, tr("&Settings…"), "Ctrl+,", lambda: window.settings_command.open(),
                                      tr("Where code runs, limits, the tutor, the theme and the data folder"))  # fmt: skip
    edit.addAction(window.settings_action)


def build_view_help(window: MainWindow) -> None:
    """View (panels, zoom, theme) and Help, the last menus of the bar; then every menu is described."""
    view = window.menuBar().addMenu(tr("&View"))
    panels = view.addMenu(tr("&Panels"))
    window.problems_action = _command(window, tr("Problem list"), "Ctrl+Shift+L", lambda: window.browser.setVisible(
        not window.browser.isVisible()), tr("Show or hide the list of problems"))  # fmt: skip
    window.problems_action.setCheckable(True)
    window.problems_action.setChecked(True)
    panels.addAction(window.problems_action)
    panels.addActions([window.chat.toggle_action, window.chat.focus_action])
    for number in range(window.panels.count()):
        name = window.panels.tabText(number).replace("&", "")
        page = window.panels.widget(number)
        if page is None:
            continue
        panels.addAction(_command(window, tr("Show %s") % name, f"Alt+{number + 1}",
                                  lambda p=page: window.show_tab(p),
                                  tr("Bring the %s tab to the front") % name))  # fmt: skip
    view.addSeparator()
    view.addActions([
        _command(window, tr("Zoom &in"), ["Ctrl++", "Ctrl+="], lambda: window.editor.zoom_by(1), tr("Larger code")),
        _command(window, tr("Zoom &out"), "Ctrl+-", lambda: window.editor.zoom_by(-1), tr("Smaller code")),
        _command(window, tr("&Reset zoom"), "Ctrl+0", lambda: window.editor.zoom_by(0), tr("Code at the size of the settings")),
    ])  # fmt: skip
    view.addSeparator()
    themes = view.addMenu(tr("&Theme"))
    group = QActionGroup(window)
    window.theme_actions = {}
    for name, label in zip(THEMES, (tr("&Light"), tr("&Dark")), strict=True):
        action = _command(window, label, None, lambda n=name: window.set_theme(n), tr("The %s theme") % name)
        action.setCheckable(True)
        group.addAction(action)
        themes.addAction(action)
        window.theme_actions[name] = action
    view.addAction(window.browser.techniques_action)
    help_menu = window.menuBar().addMenu(tr("&Help"))
    help_menu.addActions([
        _command(window, tr("&Keyboard shortcuts"), "F1", lambda: show_shortcuts(window), tr("Every command and its keys")),
        _command(window, tr("&Tour"), None, lambda: window.tour_guide.show() if window.ready else None,
                 tr("Show the guided tour of Run, Submit, Trace and the panels again")),
        _command(window, tr("Use with an &assistant…"), None,
                 lambda: show_assistant_dialog(window, window.services.settings.user),
                 tr("The configuration that lets an assistant (MCP) use CodeMentor's tools")),
        _command(window, tr("&About CodeMentor"), None, lambda: show_about(window), tr("Version and licences")),
    ])  # fmt: skip
    for top in window.menuBar().actions():  # the bar is complete: Help is its last menu
        menu = top.menu()
        if isinstance(menu, QMenu):
            describe(menu)


def ask_line(window: MainWindow) -> None:
    editor = window.editor
    current = editor.lineFromPosition(editor.currentPos()) + 1
    number, ok = QInputDialog.getInt(window, tr("Go to line"), tr("Line (1 to %d):") % editor.lineCount(),
                                     current, 1, max(editor.lineCount(), 1))  # fmt: skip
    if ok:
        editor.go_to_line(number)
        QWidget.setFocus(editor)


def describe(menu: QMenu) -> None:
    """The menu's and each command's accessible name, status tip and what's-this, with its keys."""
    menu.setAccessibleName(menu.title().replace("&", ""))
    for action in menu.actions():
        sub = action.menu()
        if isinstance(sub, QMenu):
            describe(sub)
        elif not action.isSeparator():
            keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            name = action.text().replace("&", "")
            action.setStatusTip(action.toolTip() or name)
            action.setWhatsThis(f"{name} ({keys})" if keys else name)
