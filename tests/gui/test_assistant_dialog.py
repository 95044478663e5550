"""Help ▸ Use with an assistant: the MCP client configuration for this installation, which starts a
server that answers, and the Copy button."""

from __future__ import annotations

import json
import sys

import anyio
import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QPushButton

from codementor_desktop.gui.assistant_dialog import AssistantDialog, client_config

pytestmark = pytest.mark.gui


def help_action(window, name):
    menu = next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "Help")
    return next(a for a in menu.actions() if a.text().replace("&", "") == name)


def test_the_command_is_this_python_from_source_and_the_app_itself_when_frozen(tmp_path):
    source = client_config("ada", {"CODEMENTOR_HOME": str(tmp_path)}, executable="/opt/py/bin/python", frozen=False)
    entry = source["mcpServers"]["codementor"]
    assert entry == {"command": "/opt/py/bin/python", "args": ["-m", "codementor_desktop", "mcp"],
                     "env": {"CODEMENTOR_HOME": str(tmp_path.resolve()), "CODEMENTOR_USER": "ada"}}  # fmt: skip
    frozen = client_config("bea", {}, executable="/Applications/CodeMentor", frozen=True)["mcpServers"]["codementor"]
    # Without a CODEMENTOR_HOME the server finds the same default folders as the window.
    assert frozen == {"command": "/Applications/CodeMentor", "args": ["mcp"], "env": {"CODEMENTOR_USER": "bea"}}


def test_help_shows_the_snippet_for_this_installation_and_copies_it(window, qtbot, isolated_home):
    help_action(window, "Use with an assistant…").trigger()
    dialog = next(w for w in QApplication.topLevelWidgets() if isinstance(w, AssistantDialog) and w.isVisible())
    entry = json.loads(dialog.text.toPlainText())["mcpServers"]["codementor"]
    assert entry["command"] == sys.executable and entry["args"] == ["-m", "codementor_desktop", "mcp"]
    assert entry["env"] == {"CODEMENTOR_HOME": str(isolated_home.resolve()), "CODEMENTOR_USER": "ada"}
    QGuiApplication.clipboard().clear()
    qtbot.mouseClick(dialog.findChild(QPushButton, "assistantCopy"), Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == dialog.text.toPlainText()
    dialog.close()


def test_the_snippet_starts_a_server_that_answers(isolated_home, tmp_path):
    entry = client_config("ada")["mcpServers"]["codementor"]
    parameters = StdioServerParameters(command=entry["command"], args=entry["args"], env=entry["env"])

    async def tools() -> set[str]:
        with (tmp_path / "stderr.txt").open("w") as errors:
            async with stdio_client(parameters, errlog=errors) as (read, write):
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    return {t.name for t in (await session.list_tools()).tools}

    assert {"execute_code", "bp_execute", "bp_trace"} <= anyio.run(tools)
