"""The size of the tutor's instructions and tools, and the reduced tool set for small contexts."""

from __future__ import annotations

from codementor_desktop.tools.catalog import every_tool
from codementor_desktop.tutor.context_size import (
    BOUND,
    REDUCED,
    ContextSize,
    choose_tools,
    estimate,
    measured,
)

TOOLS = [tool.openai() for tool in every_tool()]


def names(tools) -> list[str]:
    return [tool["function"]["name"] for tool in tools]


def test_the_estimate_is_characters_over_four():
    size = estimate("x" * 400, [])
    assert size == ContextSize(100 + len("[]") // 4, "estimate")
    full = estimate("x" * 400, TOOLS)
    assert full.tokens > BOUND  # every tool of this version does not fit a small context's share
    assert estimate("x" * 400, choose_tools(TOOLS, "reduced", full, cloud=False)).tokens < BOUND
    assert "estimated at 4 characters a token" in full.describe()


def test_the_servers_count_less_the_conversation_is_the_prompts_size():
    messages = [{"role": "system", "content": "s" * 4000}, {"role": "user", "content": "u" * 3970}]
    size = measured(5000, messages)
    assert size.source == "server" and size.tokens == 5000 - 4000 // 4  # the user's 4,000 JSON characters
    assert "as the server counted" in size.describe()
    assert measured(10, messages).tokens == 0


def test_which_tools_a_model_sees():
    big, small = ContextSize(BOUND + 1, "server"), ContextSize(BOUND, "estimate")
    reduced_names = [n for n in names(TOOLS) if n in REDUCED]
    assert set(reduced_names) == set(REDUCED)  # generate_hint included, now that it has landed
    assert names(choose_tools(TOOLS, "reduced", small, cloud=True)) == reduced_names
    assert names(choose_tools(TOOLS, "full", big, cloud=False)) == names(TOOLS)
    assert names(choose_tools(TOOLS, "auto", big, cloud=False)) == reduced_names
    assert names(choose_tools(TOOLS, "auto", small, cloud=False)) == names(TOOLS)
    assert names(choose_tools(TOOLS, "auto", big, cloud=True)) == names(TOOLS)  # a cloud model's context is large
