"""The run as Mermaid text (flowchart of basic blocks, call sequence), one click from the Flow tab."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPlainTextEdit, QPushButton, QTabWidget, QVBoxLayout, QWidget

from ...visual.diagrams import flow_mermaid, sequence_mermaid
from ...visual.flow import call_sequence, flow_graph


def tr(text: str) -> str:
    return QCoreApplication.translate("MermaidDialog", text)


def mermaid_texts(steps: list[dict], source: str) -> dict[str, str]:
    """The Mermaid flowchart and call sequence of a trace (slow on long traces: run it off the GUI thread)."""
    trace = {"steps": steps, "source_lines": source.splitlines()}
    return {"Flowchart": flow_mermaid(flow_graph(trace)), "Calls": sequence_mermaid(call_sequence(trace))}


class MermaidDialog(QDialog):
    def __init__(self, texts: dict[str, str], parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("mermaidDialog")
        self.setWindowTitle(tr("The run as Mermaid"))
        self.resize(640, 480)
        self.tabs = QTabWidget()
        self.editors: dict[str, QPlainTextEdit] = {}
        for title, text in texts.items():
            editor = QPlainTextEdit(text, readOnly=True)
            self.editors[title] = editor
            self.tabs.addTab(editor, title)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        copy = QPushButton(tr("Copy"))
        buttons.addButton(copy, QDialogButtonBox.ButtonRole.ActionRole)
        copy.clicked.connect(self.copy)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(buttons)

    def text(self, title: str = "Flowchart") -> str:
        return self.editors[title].toPlainText()

    def copy(self) -> None:
        editor = self.tabs.currentWidget()
        if isinstance(editor, QPlainTextEdit):
            QGuiApplication.clipboard().setText(editor.toPlainText())
