"""The File, Edit, View and Help menus (Run and Debug are ``menus.py``'s).

Edit's commands act on the code: their keys are the editor's (Ctrl+Z in the problem search box
undoes the search text, not the code), except Find, Replace and Go to line, which reach the code
from anywhere in the window.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QInputDialog, QMainWindow, QMenu, QTabWidget, QWidget

from .assistant_dialog import show_assistant_dialog
from .file_menu import build_file_commands
from .help_dialogs import show_about, show_shortcuts
from .theme import THEMES

if TYPE_CHECKING:
    from .documents import Documents
    from .editor.code_editor import CodeEditor
    from .editor.find_bar import FindBar


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


@dataclass(frozen=True)
class EditCommands:
    find: QAction
    replace: QAction
    settings: QAction


def build_file_edit(
    owner: QMainWindow,
    *,
    documents: Documents,
    ready: Callable[[], bool],
    editor: CodeEditor,
    find_bar: FindBar,
    reset_action: QAction,
    quit_action: QAction,
    open_settings: Callable[[], object],
) -> EditCommands:
    """File (the learner's own files, Reset code, Quit) and Edit, the first two menus of the bar."""
    file = owner.menuBar().addMenu(tr("&File"))
    build_file_commands(owner, file, documents, ready)  # New scratch, Open, Open recent, Save, Save as
    file.addActions([reset_action])
    file.addSeparator()
    file.addAction(quit_action)
    box = editor  # not the editor's box: the find bar's fields keep their own keys
    local = Qt.ShortcutContext.WidgetWithChildrenShortcut  # the code's keys, not the search box's
    edit = owner.menuBar().addMenu(tr("&Edit"))
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
    bar = find_bar
    find = _command(owner, tr("&Find…"), "Ctrl+F", bar.open_bar, tr("Find in the code"))
    replace = _command(
        owner, tr("&Replace…"), "Ctrl+H", lambda: bar.open_bar(replacing=True), tr("Find and replace in the code")
    )
    edit.addActions([
        find,
        replace,
        _command(owner, tr("Find next"), "F3", bar.find_next, tr("Go to the next match")),
        _command(owner, tr("Find previous"), "Shift+F3", bar.find_previous, tr("Go to the previous match")),
        _command(owner, tr("&Go to line…"), "Ctrl+G", lambda: ask_line(owner, editor), tr("Move the caret to a line")),
    ])  # fmt: skip
    edit.addSeparator()
    edit.addAction(_command(box, tr("Toggle &comment"), "Ctrl+/", editor.toggle_comment,
                            tr("Comment out the selected lines, or bring them back"), local))  # fmt: skip
    edit.addSeparator()
    settings = _command(owner, tr("&Settings…"), "Ctrl+,", open_settings,
                        tr("Where code runs, limits, the tutor, the theme and the data folder"))  # fmt: skip
    edit.addAction(settings)
    return EditCommands(find, replace, settings)


@dataclass(frozen=True)
class ViewCommands:
    problems: QAction
    themes: dict[str, QAction]


def build_view_help(
    owner: QMainWindow,
    *,
    problem_list: QWidget,
    chat_actions: list[QAction],
    panels: QTabWidget,
    show_tab: Callable[[QWidget], None],
    editor: CodeEditor,
    set_theme: Callable[[str], None],
    show_tour: Callable[[], object],
    learner: Callable[[], str],
    techniques: QAction,
) -> ViewCommands:
    """View (panels, zoom, theme) and Help, the last menus of the bar; then every menu is described."""
    view = owner.menuBar().addMenu(tr("&View"))
    panel_menu = view.addMenu(tr("&Panels"))
    problems = _command(owner, tr("Problem list"), "Ctrl+Shift+L", lambda: problem_list.setVisible(
        not problem_list.isVisible()), tr("Show or hide the list of problems"))  # fmt: skip
    problems.setCheckable(True)
    problems.setChecked(True)
    panel_menu.addAction(problems)
    panel_menu.addActions(chat_actions)
    for number in range(panels.count()):
        name = panels.tabText(number).replace("&", "")
        page = panels.widget(number)
        if page is None:
            continue
        panel_menu.addAction(_command(owner, tr("Show %s") % name, f"Alt+{number + 1}",
                                      lambda p=page: show_tab(p),
                                      tr("Bring the %s tab to the front") % name))  # fmt: skip
    view.addSeparator()
    view.addActions([
        _command(owner, tr("Zoom &in"), ["Ctrl++", "Ctrl+="], lambda: editor.zoom_by(1), tr("Larger code")),
        _command(owner, tr("Zoom &out"), "Ctrl+-", lambda: editor.zoom_by(-1), tr("Smaller code")),
        _command(owner, tr("&Reset zoom"), "Ctrl+0", lambda: editor.zoom_by(0), tr("Code at the size of the settings")),
    ])  # fmt: skip
    view.addSeparator()
    theme_menu = view.addMenu(tr("&Theme"))
    group = QActionGroup(owner)
    themes: dict[str, QAction] = {}
    for name, label in zip(THEMES, (tr("&Light"), tr("&Dark")), strict=True):
        action = _command(owner, label, None, lambda n=name: set_theme(n), tr("The %s theme") % name)
        action.setCheckable(True)
        group.addAction(action)
        theme_menu.addAction(action)
        themes[name] = action
    view.addAction(techniques)
    help_menu = owner.menuBar().addMenu(tr("&Help"))
    help_menu.addActions([
        _command(owner, tr("&Keyboard shortcuts"), "F1", lambda: show_shortcuts(owner), tr("Every command and its keys")),
        _command(owner, tr("&Tour"), None, show_tour,
                 tr("Show the guided tour of Run, Submit, Trace and the panels again")),
        _command(owner, tr("Use with an &assistant…"), None,
                 lambda: show_assistant_dialog(owner, learner()),
                 tr("The configuration that lets an assistant (MCP) use CodeMentor's tools")),
        _command(owner, tr("&About CodeMentor"), None, lambda: show_about(owner), tr("Version and licences")),
    ])  # fmt: skip
    for top in owner.menuBar().actions():  # the bar is complete: Help is its last menu
        menu = top.menu()
        if isinstance(menu, QMenu):
            describe(menu)
    return ViewCommands(problems, themes)


def ask_line(parent: QWidget, editor: CodeEditor) -> None:
    current = editor.lineFromPosition(editor.currentPos()) + 1
    number, ok = QInputDialog.getInt(parent, tr("Go to line"), tr("Line (1 to %d):") % editor.lineCount(),
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
