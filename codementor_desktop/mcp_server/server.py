"""The server: the registry's tools, the bank's resources and the prompts on one MCP ``Server``
(``serving.py`` says how a client reaches it).

The caller is always ``model`` (its rate limits apply) and the learner is the current
local one (``CODEMENTOR_USER`` or the settings), bound to ``user_id`` by the registry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mcp.server.lowlevel import Server

from .. import __version__
from . import prompts
from .resources import Library
from .tool_calls import ToolBridge

if TYPE_CHECKING:
    from ..tools.services import Services

NAME = "codementor"
INSTRUCTIONS = (
    "CodeMentor runs a learner's code against practice problems on their own machine, in a restricted "
    "child process, and traces, draws and analyzes it. Read problem://<id> for a problem; run, trace and "
    "analyze with the tools; refer to an earlier result by its run_id or trace_id instead of sending it "
    "back. When tutoring, take the socratic_tutor prompt: ask, do not hand out solutions."
)


def build_server(services: Services) -> Server:
    """An MCP server over ``services`` for the current learner."""
    learner = services.settings.user
    bridge = ToolBridge(services.registry, learner)
    library = Library(services, learner)
    return Server(
        NAME,
        version=__version__,
        title="CodeMentor",
        instructions=INSTRUCTIONS,
        get_tool_input_schema=bridge.input_schema,
        on_list_tools=bridge.list_tools,
        on_call_tool=bridge.call_tool,
        on_list_resources=library.list_resources,
        on_list_resource_templates=library.list_templates,
        on_read_resource=library.read_resource,
        on_list_prompts=prompts.list_prompts,
        on_get_prompt=prompts.get_prompt,
    )
