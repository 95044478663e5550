"""Help ▸ Use with an assistant: the configuration an MCP client (a desktop chat app, an editor's
assistant, a command-line agent) needs to start ``codementor mcp`` for this installation and this
learner, with a Copy button.

The command is the one that runs this window: the frozen app's own executable when frozen, else
this Python with ``-m codementor_desktop``. ``CODEMENTOR_HOME`` is given when this window runs with
one (a portable or lab install), so the server reads the same folders; without it, the server
finds the same default folders by itself. ``CODEMENTOR_USER`` names the current learner, whose runs
and hints the assistant then sees.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

SERVER_NAME = "codementor"


def tr(text: str) -> str:
    return QCoreApplication.translate("Assistant", text)


def server_command(executable: str | None = None, frozen: bool | None = None) -> tuple[str, list[str]]:
    """The command and arguments that start the MCP server of this installation."""
    executable = executable or sys.executable
    frozen = bool(getattr(sys, "frozen", False)) if frozen is None else frozen
    return (executable, ["mcp"]) if frozen else (executable, ["-m", "codementor_desktop", "mcp"])


def client_config(
    learner: str, environ: Mapping[str, str] | None = None, executable: str | None = None, frozen: bool | None = None
) -> dict[str, Any]:
    """The ``mcpServers`` entry most MCP clients read (Claude Desktop, Cursor, VS Code's and others)."""
    environ = os.environ if environ is None else environ
    command, args = server_command(executable, frozen)
    env = {}
    if environ.get("CODEMENTOR_HOME"):
        env["CODEMENTOR_HOME"] = str(Path(environ["CODEMENTOR_HOME"]).expanduser().resolve())
    env["CODEMENTOR_USER"] = learner
    return {"mcpServers": {SERVER_NAME: {"command": command, "args": args, "env": env}}}


class AssistantDialog(QDialog):
    """The snippet to paste into an assistant's MCP settings, and a button that copies it."""

    def __init__(self, learner: str, parent: QWidget | None = None, environ: Mapping[str, str] | None = None):
        super().__init__(parent, objectName="assistantDialog")
        self.setWindowTitle(tr("Use with an assistant"))
        self.snippet = json.dumps(client_config(learner, environ), indent=2, ensure_ascii=False)
        intro = QLabel(
            tr(
                "Assistants that speak the Model Context Protocol can use CodeMentor's tools: run your code "
                "against a problem's tests here, on this machine, trace it, draw it and read the problems. "
                "Add this to the assistant's MCP servers (its settings or its mcp.json), then restart it. "
                "It works as %s, with the same runs and hints as this window."
            )
            % learner,
            self,
            objectName="assistantIntro",
        )
        intro.setWordWrap(True)
        self.text = QPlainTextEdit(self.snippet, self, objectName="assistantSnippet")
        self.text.setReadOnly(True)
        self.text.setFont(QFont("monospace"))
        self.text.setAccessibleName(tr("The assistant's configuration"))
        note = QLabel(
            tr("For a client that speaks only HTTP: run “codementor mcp --http”; it prints the address and its token."),
            self,
        )
        note.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.copy_button = QPushButton(tr("&Copy"), self, objectName="assistantCopy")
        self.copy_button.setToolTip(tr("Copy the configuration to the clipboard"))
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.clicked.connect(self.copy)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        for widget in (intro, self.text, note, buttons):
            layout.addWidget(widget)
        self.resize(640, 420)

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.snippet)
        self.copy_button.setText(tr("Copied"))


def show_assistant_dialog(parent: QWidget, learner: str) -> AssistantDialog:
    dialog = AssistantDialog(learner, parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog
