"""How much of a model's context the system prompt and the tool list take, and the smaller tool
set for small contexts.

The size is the server's own count where it reports one (``usage.prompt_tokens`` of a request,
less an estimate of the conversation it carried), otherwise characters / 4: no tokenizer is
downloaded, there may be no network. A small local model's server often keeps 2,048 or 4,096
tokens of context and silently drops the start of a longer prompt, the system prompt first; so
on ``llm_tool_set = "auto"`` a local endpoint whose prompt and tools exceed ``BOUND`` gets the
reduced set. Cloud models have large contexts and keep the full set. For Ollama the context is
raised with ``OLLAMA_CONTEXT_LENGTH`` (see the README).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .provider import Completion, Provider, ProviderConfig

# The tools a small context keeps: run, read the analysis, trace, hint, and the tutor's own two.
REDUCED = (
    "execute_code", "analyze_code_patterns", "bp_trace", "generate_hint", "escalate_for_insight", "conclude_session",
)  # fmt: skip
BOUND = 3_000  # tokens of system prompt and tools above which a 4,096-token context has too little left
CHARS_PER_TOKEN = 4


@dataclass(frozen=True)
class ContextSize:
    """Tokens the system prompt and the tool list take; ``source`` is ``server`` or ``estimate``."""

    tokens: int
    source: str

    def describe(self) -> str:
        how = "as the server counted" if self.source == "server" else "estimated at 4 characters a token"
        return f"The tutor's instructions and tools take about {self.tokens:,} tokens ({how})."


def estimate(system_prompt: str, tools: Sequence[dict[str, Any]]) -> ContextSize:
    characters = len(system_prompt) + len(json.dumps(list(tools), ensure_ascii=False))
    return ContextSize(characters // CHARS_PER_TOKEN, "estimate")


def measured(prompt_tokens: int, messages: Sequence[dict[str, Any]]) -> ContextSize:
    """The server's count of one request, less the conversation it carried (estimated): what the
    system prompt and the tools took."""
    conversation = sum(len(json.dumps(m, ensure_ascii=False)) for m in messages if m.get("role") != "system")
    return ContextSize(max(0, prompt_tokens - conversation // CHARS_PER_TOKEN), "server")


def reduced(tools: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    return [tool for tool in tools if tool["function"]["name"] in REDUCED]


def choose_tools(
    tools: Sequence[dict[str, Any]], setting: str, size: ContextSize, *, cloud: bool
) -> list[dict[str, Any]]:
    """The tool list the model is given: ``full``, ``reduced``, or on ``auto`` by measured size."""
    if setting == "reduced" or (setting == "auto" and not cloud and size.tokens > BOUND):
        return reduced(tools)
    return list(tools)


class MeasuringProvider(Provider):
    """A provider that reports each answer with the request it answered, so the first answer's
    ``usage.prompt_tokens`` can measure the prompt."""

    def __init__(
        self,
        config: ProviderConfig,
        seen: Callable[[Sequence[dict[str, Any]], Sequence[dict[str, Any]], Completion], None],
    ) -> None:
        super().__init__(config)
        self._seen = seen

    def complete(
        self, messages: Sequence[dict[str, Any]], tools: Sequence[dict[str, Any]] = (), **options: Any
    ) -> Completion:
        answer = super().complete(messages, tools, **options)
        self._seen(messages, tools, answer)
        return answer
