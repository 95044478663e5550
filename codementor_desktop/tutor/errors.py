"""What can go wrong talking to a model's server, as errors a learner can act on.

Each error has a ``kind`` the loop and the window react to (``tools_unsupported`` makes the app run
the tool chain itself). Messages never contain the API key: ``scrubbed`` removes it from whatever
a server or the HTTP stack put in them.
"""

from __future__ import annotations


class ProviderError(Exception):
    """A model's server could not give an answer; ``str(error)`` is the sentence to show."""

    kind = "provider"


class ServerDown(ProviderError):
    kind = "server_down"


class KeyRejected(ProviderError):
    kind = "key_rejected"


class ModelNotFound(ProviderError):
    kind = "model_not_found"


class ToolsUnsupported(ProviderError):
    """The model cannot call tools: the app then runs the chain itself and puts results in the prompt."""

    kind = "tools_unsupported"


class ProviderTimeout(ProviderError):
    kind = "timeout"


class StreamInterrupted(ProviderError):
    """The answer stopped mid-way: the connection closed before the server said it was done."""

    kind = "interrupted"


class BadAnswer(ProviderError):
    """The server sent something that is not the protocol's: a line that is not JSON, a chunk of
    the wrong shape. The message quotes what it sent."""

    kind = "bad_answer"


class Overloaded(ProviderError):
    """429 or 5xx after every retry, or a server that asks to wait longer than a turn should."""

    kind = "overloaded"


class Cancelled(Exception):
    """The learner pressed Stop: not an error to show."""


def scrubbed(text: str, secret: str | None) -> str:
    """``text`` without ``secret`` (nor any long piece of it a server may have echoed)."""
    if not secret:
        return text
    text = text.replace(secret, "[key hidden]")
    if len(secret) >= 12:  # servers echo keys shortened, "sk-abc...wxyz": hide the visible ends too
        text = text.replace(secret[:8], "[key hidden]").replace(secret[-6:], "[key hidden]")
    return text
