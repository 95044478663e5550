"""The prompts an assistant can take up: the Socratic tutor's system prompt (the very text the
window's tutor is given, the version ``model_tutor.PROMPT`` names, so a client's model can take
the tutor's role) and the BluePrint debug
workflow (the spec's sequence of tool calls, a versioned file beside this module).

MCP prompts carry user and assistant messages only: the system prompt comes as the first user
message, the way clients insert a prompt into a conversation.
"""

from __future__ import annotations

from importlib import resources
from typing import TYPE_CHECKING

import mcp_types as types
from mcp.shared.exceptions import MCPError

from ..tutor import prompts as tutor_prompts
from ..tutor.model_tutor import PROMPT as WINDOW_PROMPT

if TYPE_CHECKING:
    from mcp.server.context import ServerRequestContext

TUTOR, DEBUG = "socratic_tutor", "blueprint_debug"
BLUEPRINT_DEBUG = "blueprint-debug-v1"

PROMPTS = [
    types.Prompt(
        name=TUTOR,
        title="Socratic tutor",
        description=f"CodeMentor's tutor ({WINDOW_PROMPT}): guide the learner with questions grounded in "
        "the tools' evidence, never write the solution.",
        arguments=[types.PromptArgument(name="problem_id", description="The bank problem the learner is working on")],
    ),
    types.Prompt(
        name=DEBUG,
        title="BluePrint debug workflow",
        description=f"Debug a program with the BluePrint tools, step by step ({BLUEPRINT_DEBUG}).",
        arguments=[
            types.PromptArgument(name="code", description="The program to debug", required=True),
            types.PromptArgument(name="language", description="python or javascript (default python)"),
            types.PromptArgument(name="question", description="What goes wrong, in the learner's words"),
        ],
    ),
]


def workflow(name: str = BLUEPRINT_DEBUG) -> str:
    """The text of workflow ``name`` (a file ``workflows/<name>.md`` in this package)."""
    return resources.files(__package__).joinpath("workflows", f"{name}.md").read_text(encoding="utf-8").strip()


def tutor_text(problem_id: str | None) -> str:
    """The window's tutor prompt, the version its model tutor is given now, and the problem."""
    text = tutor_prompts.load(WINDOW_PROMPT)
    if problem_id:
        text += (
            f"\n\nThe learner is working on the problem `{problem_id}`: read the resource problem://{problem_id} "
            "for its statement, its tests and the hints they have unlocked."
        )
    return text


def debug_text(code: str, language: str, question: str | None) -> str:
    parts = [workflow(), f"The program ({language}):\n\n```{language}\n{code.rstrip()}\n```"]
    if question:
        parts.append(f"What goes wrong, in the learner's words: {question}")
    return "\n\n".join(parts)


async def list_prompts(
    ctx: ServerRequestContext, params: types.PaginatedRequestParams | None
) -> types.ListPromptsResult:
    return types.ListPromptsResult(prompts=PROMPTS)


async def get_prompt(ctx: ServerRequestContext, params: types.GetPromptRequestParams) -> types.GetPromptResult:
    arguments = params.arguments or {}
    if params.name == TUTOR:
        text, description = tutor_text(arguments.get("problem_id")), PROMPTS[0].description
    elif params.name == DEBUG:
        if not arguments.get("code"):
            raise MCPError(types.INVALID_PARAMS, "blueprint_debug needs the argument code: the program to debug.")
        language = arguments.get("language") or "python"
        text, description = debug_text(arguments["code"], language, arguments.get("question")), PROMPTS[1].description
    else:
        raise MCPError(types.INVALID_PARAMS, f"There is no prompt {params.name!r}; there are {TUTOR} and {DEBUG}.")
    message = types.PromptMessage(role="user", content=types.TextContent(text=text))
    return types.GetPromptResult(description=description, messages=[message])
