"""The command line's and MCP's output of a few tools, byte for byte as they were before the
tools' results were typed (``tests/data/tool_outputs``, written by that version): a result type
is read by the type checker and changes nothing a script or an MCP client reads."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

KEPT = Path(__file__).resolve().parents[1] / "data" / "tool_outputs"
CALLS = {
    "array": ("bp_visualize_structure", {"structure_type": "array", "data": [3, 1, 2], "format": "ascii",
                                         "highlight_indices": [1]}),
    "tree": ("bp_visualize_structure", {"structure_type": "binary_tree", "data": [1, 2, 3, None, 4],
                                        "format": "mermaid"}),
    "progress": ("get_user_progress", {}),
    "invalid": ("execute_code", {"code": 1}),
}  # fmt: skip
MCP_CALLS = {"array": CALLS["array"], "progress": CALLS["progress"]}


def cli_output(name: str, arguments: dict) -> str:
    """What ``codementor tool NAME ARGUMENTS`` prints."""
    result = subprocess.run(
        [sys.executable, "-m", "codementor_desktop", "tool", name, json.dumps(arguments)],
        capture_output=True, text=True, cwd=REPO, env=dict(os.environ), timeout=900,
    )  # fmt: skip
    return result.stdout


def mcp_output(name: str, arguments: dict) -> str:
    """The MCP server's answer to the call, as its client receives it (JSON)."""
    from codementor_desktop.mcp_server.tool_calls import as_call_result
    from codementor_desktop.tools.services import Services

    services = Services.build(standby=False)
    try:
        return as_call_result(name, services.registry.call(name, arguments)).model_dump_json()
    finally:
        services.close()


@pytest.mark.parametrize("stem", sorted(CALLS))
def test_the_command_lines_output_is_unchanged(stem: str) -> None:
    assert cli_output(*CALLS[stem]) == (KEPT / f"{stem}.cli.json").read_text(encoding="utf-8")


@pytest.mark.parametrize("stem", sorted(MCP_CALLS))
def test_mcps_output_is_unchanged(stem: str) -> None:
    assert mcp_output(*MCP_CALLS[stem]) == (KEPT / f"{stem}.mcp.json").read_text(encoding="utf-8")
