"""Chat Completions with tools and streaming, through the ``openai`` SDK, against any
OpenAI-compatible base URL (OpenAI, Ollama, LM Studio, llama.cpp server).

``Provider.complete`` streams one answer: text pieces go to ``on_text`` as they arrive, tool calls
are assembled in both styles servers use (fragments keyed by ``index``; whole calls in one chunk,
Ollama's way, where every call may say ``index`` 0), and the finished ``Completion`` is returned.
The SDK's own retries are off: ours back off on 429 and 5xx and stop at once on cancel.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import httpx
import openai

from .cancellation import Cancellation, shut_down
from .errors import (
    Cancelled,
    KeyRejected,
    ModelNotFound,
    Overloaded,
    ProviderError,
    ProviderTimeout,
    ServerDown,
    StreamInterrupted,
    ToolsUnsupported,
    scrubbed,
)

# How servers word "this model cannot call tools": Ollama, llama.cpp without --jinja, others.
_NO_TOOLS = ("does not support tools", "tools are not supported", "tool use is not supported", "requires --jinja")


@dataclass(frozen=True)
class ProviderConfig:
    """Where the model is and how long to wait for it. Times are seconds."""

    base_url: str
    model: str
    api_key: str = ""
    connect_timeout: float = 5.0
    first_token_timeout: float = 60.0  # also the longest silence between two pieces
    total_timeout: float = 300.0
    retries: int = 3
    backoff: float = 0.5  # doubled each retry, unless the server's Retry-After says otherwise
    max_backoff: float = 8.0
    parallel_tool_calls: bool | None = None  # sent only where the server is known to honour it
    ask_usage: bool = True  # stream_options.include_usage: the server's token count, where it has one


@dataclass(frozen=True)
class ToolCall:
    """A call the model made; ``arguments`` is its raw JSON text, possibly malformed."""

    id: str
    name: str
    arguments: str


@dataclass
class Completion:
    text: str = ""
    tool_calls: list[ToolCall] = field(default_factory=list)
    finish_reason: str | None = None
    usage: dict[str, int] | None = None


def _starts_another(current: dict[str, str], fragment: Any) -> bool:
    """Whether ``fragment``, at the index of ``current``, is a new call: another id, or (a server that
    sends no ids) a name arriving after ``current`` already holds complete JSON arguments."""
    if fragment.id and current["id"]:
        return bool(fragment.id != current["id"])
    named = fragment.function is not None and bool(fragment.function.name)
    if not (named and current["name"] and current["arguments"]):
        return False
    try:
        json.loads(current["arguments"])
    except ValueError:
        return False
    return True


class _Assembler:
    """Tool calls from stream fragments. A fragment at an index whose call is already another one
    starts a new call: Ollama sends whole calls, each at index 0."""

    def __init__(self) -> None:
        self._calls: list[dict[str, str]] = []
        self._by_index: dict[int, dict[str, str]] = {}

    def add(self, fragment: Any) -> None:
        index = fragment.index if fragment.index is not None else len(self._calls)
        function = fragment.function
        current = self._by_index.get(index)
        if current is None or _starts_another(current, fragment):
            current = {"id": "", "name": "", "arguments": ""}
            self._calls.append(current)
            self._by_index[index] = current
        if fragment.id:
            current["id"] = fragment.id
        if function is not None:
            if function.name:
                current["name"] += function.name if current["name"] != function.name else ""
            if function.arguments:
                current["arguments"] += function.arguments

    def calls(self) -> list[ToolCall]:
        made = []
        for number, call in enumerate(self._calls):
            # a server that gives no id still needs one: the tool message must name its call
            made.append(ToolCall(call["id"] or f"call_{number}", call["name"], call["arguments"]))
        return made


class _Tracking(httpx.HTTPTransport):
    """Hands each new connection's socket to the requesting thread's ``on_socket``, so a cancel can
    shut it down. The hook runs in the thread that sends the request."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._local = threading.local()

    def watch(self, on_socket: Callable[[Any], None] | None) -> None:
        self._local.on_socket = on_socket

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        request.extensions = {**request.extensions, "trace": self._trace}
        return super().handle_request(request)

    def _trace(self, name: str, info: dict[str, Any]) -> None:
        on_socket = getattr(self._local, "on_socket", None)
        if name == "connection.connect_tcp.complete" and on_socket is not None:
            on_socket(info["return_value"].get_extra_info("socket"))


class Provider:
    """One model at one server. Its client is built once (a TLS context and the SDK's client cost
    tens of milliseconds) and used by one turn at a time."""

    def __init__(self, config: ProviderConfig) -> None:
        self.config = config
        self._transport: _Tracking | None = None
        self._sdk: openai.OpenAI | None = None

    def _client(self) -> tuple[openai.OpenAI, _Tracking]:
        if self._sdk is None or self._transport is None:
            c = self.config
            timeout = httpx.Timeout(c.total_timeout, connect=c.connect_timeout, read=c.first_token_timeout)
            # A connection per request (no keep-alive): the one open socket is the one a cancel shuts.
            self._transport = _Tracking(limits=httpx.Limits(max_keepalive_connections=0))
            http = httpx.Client(transport=self._transport, timeout=timeout)
            # Local servers take any key but the SDK insists on one. The SDK types its client as its own
            # httpx fork's and accepts httpx's (the one this project depends on) as well.
            self._sdk = openai.OpenAI(
                base_url=c.base_url, api_key=c.api_key or "no-key", max_retries=0, http_client=cast(Any, http)
            )
        return self._sdk, self._transport

    def close(self) -> None:
        if self._sdk is not None:
            self._sdk.close()
            self._sdk = self._transport = None

    def models(self) -> list[str]:
        """The server's model names (``GET /models``): the connection check."""
        client, _ = self._client()
        try:
            return sorted(model.id for model in client.models.list())
        except openai.APIError as exc:
            raise self._error(exc) from None

    def complete(
        self,
        messages: Sequence[dict[str, Any]],
        tools: Sequence[dict[str, Any]] = (),
        *,
        on_text: Callable[[str], None] = lambda _t: None,
        cancellation: Cancellation | None = None,
    ) -> Completion:
        """Stream one answer. Raises a ``ProviderError`` or ``Cancelled``."""
        cancellation = cancellation or Cancellation()
        attempt = 0
        while True:
            if cancellation.cancelled:
                raise Cancelled
            try:
                return self._stream_once(messages, tools, on_text, cancellation)
            except (openai.RateLimitError, openai.InternalServerError) as exc:
                if attempt >= self.config.retries:
                    raise Overloaded(self._scrub(self._busy_message(exc))) from None
                delay = self._delay(exc, attempt)
                attempt += 1
                if cancellation.event.wait(delay):
                    raise Cancelled from None
            except openai.APIStatusError as exc:
                if exc.status_code >= 500 and attempt < self.config.retries:  # 502, 503 as 5xx too
                    delay = self._delay(exc, attempt)
                    attempt += 1
                    if cancellation.event.wait(delay):
                        raise Cancelled from None
                    continue
                raise self._error(exc) from None
            except openai.APIError as exc:
                if cancellation.cancelled:
                    raise Cancelled from None
                raise self._error(exc) from None

    def _stream_once(
        self,
        messages: Sequence[dict[str, Any]],
        tools: Sequence[dict[str, Any]],
        on_text: Callable[[str], None],
        cancellation: Cancellation,
    ) -> Completion:
        c = self.config
        opened: list[Any] = []

        def close() -> None:
            for sock in opened:
                shut_down(sock)

        forget = cancellation.on_cancel(close)
        # The total time bounds the whole answer: past it, the stream is shut as a cancel would.
        expired = threading.Event()

        def expire() -> None:
            expired.set()
            close()

        timer = threading.Timer(c.total_timeout, expire)
        timer.daemon = True
        timer.start()

        def opening(sock: Any) -> None:
            opened.append(sock)
            if cancellation.cancelled or expired.is_set():  # stopped while it was connecting
                shut_down(sock)

        client, transport = self._client()
        transport.watch(opening)
        request: dict[str, Any] = {"model": c.model, "messages": list(messages), "stream": True}
        if tools:
            request["tools"] = list(tools)
            if c.parallel_tool_calls is not None:
                request["parallel_tool_calls"] = c.parallel_tool_calls
        if c.ask_usage:
            request["stream_options"] = {"include_usage": True}
        completion, assembler, pieces = Completion(), _Assembler(), []
        streaming = False
        try:
            stream = client.chat.completions.create(**request)
            streaming = True
            with stream:
                for chunk in stream:
                    if chunk.usage is not None:
                        completion.usage = chunk.usage.model_dump(include={"prompt_tokens", "completion_tokens"})
                    for choice in chunk.choices[:1]:
                        delta = choice.delta
                        if delta.content:
                            pieces.append(delta.content)
                            on_text(delta.content)
                        for fragment in delta.tool_calls or ():
                            assembler.add(fragment)
                        if choice.finish_reason:
                            completion.finish_reason = choice.finish_reason
        except (httpx.HTTPError, openai.APIConnectionError) as exc:
            if not (cancellation.cancelled or expired.is_set()):
                # Once the answer has begun, a broken connection (which the SDK reports as one that
                # could not be made) is an answer cut off; a silence past the timeout stays a timeout.
                if isinstance(exc, httpx.TimeoutException):
                    raise ProviderTimeout(self._silent()) from None
                if streaming and not isinstance(exc, openai.APITimeoutError):
                    raise StreamInterrupted(self._interrupted(pieces)) from None
                if isinstance(exc, httpx.HTTPError):
                    raise ServerDown(self._scrub(f"The model server at {c.base_url} failed: {exc}")) from None
                raise
        finally:
            timer.cancel()
            forget()
            transport.watch(None)
        if cancellation.cancelled:
            raise Cancelled
        if expired.is_set():
            raise ProviderTimeout(f"{c.model} at {c.base_url} took longer than {c.total_timeout:g} s to answer.")
        completion.text = "".join(pieces)
        completion.tool_calls = assembler.calls()
        if completion.finish_reason is None:
            raise StreamInterrupted(self._interrupted(pieces))
        return completion

    def _silent(self) -> str:
        c = self.config
        return self._scrub(f"{c.base_url} did not answer within {c.first_token_timeout:g} s.")

    def _interrupted(self, pieces: list[str]) -> str:
        got = f" after {len(''.join(pieces))} characters" if pieces else ""
        return f"The answer from {self.config.model} stopped mid-way{got}: the server closed the connection."

    def _delay(self, exc: openai.APIStatusError, attempt: int) -> float:
        c = self.config
        wait = c.backoff * (2**attempt)
        header = exc.response.headers.get("retry-after")
        if header:
            try:
                wait = float(header)
            except ValueError:
                pass  # an HTTP date: keep our own backoff
        return max(0.0, min(wait, c.max_backoff))

    def _busy_message(self, exc: openai.APIStatusError) -> str:
        tries = self.config.retries + 1
        what = "is rate-limiting requests (429)" if exc.status_code == 429 else f"failed ({exc.status_code})"
        return f"The server at {self.config.base_url} {what} {tries} times in a row: {_server_words(exc)}"

    def _scrub(self, text: str) -> str:
        return scrubbed(text, self.config.api_key)

    def _error(self, exc: openai.APIError) -> ProviderError:
        """The SDK's error as one a learner can act on, without the key."""
        c = self.config
        if isinstance(exc, openai.APITimeoutError):
            return ProviderTimeout(self._silent())
        if isinstance(exc, openai.APIConnectionError):
            cause = exc.__cause__ or exc
            reason = "connection refused" if isinstance(cause, httpx.ConnectError) else str(cause) or "no answer"
            return ServerDown(
                self._scrub(f"Could not reach the model server at {c.base_url}: {reason}. Is it running?")
            )
        if not isinstance(exc, openai.APIStatusError):
            return ProviderError(self._scrub(f"The model server at {c.base_url} failed: {exc}"))
        words = _server_words(exc)
        if exc.status_code == 401:
            return KeyRejected(self._scrub(f"The server at {c.base_url} refused the API key (401): {words}"))
        if exc.status_code == 404:
            return ModelNotFound(
                self._scrub(
                    f"The server at {c.base_url} has no model {c.model!r} (404: {words}). "
                    "Pick one from its model list, and check that the address ends in /v1."
                )
            )
        if exc.status_code == 400 and any(marker in words.lower() for marker in _NO_TOOLS):
            return ToolsUnsupported(self._scrub(f"{c.model} cannot call tools ({words})."))
        return ProviderError(self._scrub(f"The server at {c.base_url} answered {exc.status_code}: {words}"))


def _server_words(exc: openai.APIStatusError) -> str:
    """The message the server put in its error body, or the status line."""
    body = exc.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            return str(inner["message"])
        if isinstance(inner, str):
            return inner
    try:
        return str(json.loads(exc.response.text)) or exc.message
    except ValueError:
        return exc.message
    except Exception:  # noqa: BLE001 - a streamed body not read: the SDK's own words will do
        return exc.message
