"""The find and replace bar under the editor: Ctrl+F opens it on finding, Ctrl+H on replacing,
Enter and F3 go to the next match, Shift+Enter and Shift+F3 to the previous, Esc closes it and
gives the keys back to the code."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget

from ..keys import took_escape
from .code_editor import CodeEditor


class FindBar(QWidget):
    def __init__(self, editor: CodeEditor, parent: QWidget | None = None):
        super().__init__(parent)
        self.editor = editor
        self.setObjectName("findBar")
        self.find_edit = QLineEdit(objectName="findText", placeholderText=self.tr("Find"), clearButtonEnabled=True)
        self.find_edit.setAccessibleName(self.tr("Find"))
        self.replace_edit = QLineEdit(objectName="replaceText", placeholderText=self.tr("Replace with"))
        self.replace_edit.setAccessibleName(self.tr("Replace with"))
        self.match_case = QCheckBox(self.tr("Match case"), objectName="matchCase")
        self.replace_button = QPushButton(self.tr("Replace"), objectName="replaceOne")
        self.replace_all_button = QPushButton(self.tr("Replace all"), objectName="replaceAll")
        self.previous_button = QPushButton(self.tr("Previous"), objectName="findPrevious")
        self.next_button = QPushButton(self.tr("Next"), objectName="findNext")
        self.close_button = QPushButton("×", objectName="closeFind", flat=True, maximumWidth=28)
        self.close_button.setAccessibleName(self.tr("Close the find bar"))
        self.close_button.setToolTip(self.tr("Close (Esc)"))
        self.message = QLabel("", objectName="findMessage", textFormat=Qt.TextFormat.PlainText)
        row = QHBoxLayout(self)
        row.setContentsMargins(4, 2, 4, 2)
        for widget in (self.find_edit, self.previous_button, self.next_button, self.match_case, self.replace_edit,
                       self.replace_button, self.replace_all_button, self.message, self.close_button):  # fmt: skip
            row.addWidget(widget)
        row.setStretch(0, 2)
        row.setStretch(4, 2)
        self.find_edit.returnPressed.connect(self.find_next)
        self.find_edit.textEdited.connect(self._find_as_typed)
        self.replace_edit.returnPressed.connect(self.replace_one)
        self.next_button.clicked.connect(self.find_next)
        self.previous_button.clicked.connect(self.find_previous)
        self.replace_button.clicked.connect(self.replace_one)
        self.replace_all_button.clicked.connect(self.replace_all)
        self.close_button.clicked.connect(self.close_bar)
        for edit in (self.find_edit, self.replace_edit):
            edit.installEventFilter(self)
        self.hide()

    def open_bar(self, replacing: bool = False) -> None:
        """Show the bar with the selected text (if any) to find, the replace field only when replacing."""
        selected = self.editor.selected_text()
        if selected and "\n" not in selected:
            self.find_edit.setText(selected)
        for widget in (self.replace_edit, self.replace_button, self.replace_all_button):
            widget.setVisible(replacing)
        self.message.clear()
        self.show()
        self.find_edit.setFocus()
        self.find_edit.selectAll()

    def close_bar(self) -> None:
        self.hide()
        QWidget.setFocus(self.editor)  # ScintillaEdit.setFocus is a Scintilla message

    def find_next(self) -> bool:
        return self._found(self.editor.find_match(self.find_edit.text(), True, self.match_case.isChecked()))

    def find_previous(self) -> bool:
        return self._found(self.editor.find_match(self.find_edit.text(), False, self.match_case.isChecked()))

    def replace_one(self) -> bool:
        found = self.editor.replace_selection(
            self.find_edit.text(), self.replace_edit.text(), self.match_case.isChecked()
        )
        return self._found(found)

    def replace_all(self) -> int:
        count = self.editor.replace_every(self.find_edit.text(), self.replace_edit.text(), self.match_case.isChecked())
        self.message.setText(self.tr("%n replaced", "", count))
        return count

    def _find_as_typed(self) -> None:
        self.editor.setSel(self.editor.selectionStart(), self.editor.selectionStart())
        self.find_next()

    def _found(self, found: bool) -> bool:
        self.message.setText("" if found or not self.find_edit.text() else self.tr("Not found"))
        return found

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        """Esc in the bar closes it (before the window's Esc, which stops a run, can take it)."""
        if took_escape(event, self.close_bar):
            return True
        if isinstance(event, QKeyEvent) and event.type() == QEvent.Type.KeyPress and watched is self.find_edit:
            if (
                event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
                and event.modifiers() & Qt.KeyboardModifier.ShiftModifier
            ):
                self.find_previous()
                return True
        return super().eventFilter(watched, event)
