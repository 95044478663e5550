"""Chat Completions with tools and streaming, through the ``openai`` SDK, against any
OpenAI-compatible base URL (OpenAI, Ollama, LM Studio, llama.cpp server).

``Provider.complete`` streams one answer: text pieces go to ``on_text`` as they arrive, tool calls
are assembled (``answer.py``), and the finished ``Completion`` is returned. A server that ignores
``stream: true`` and sends one JSON chat completion is read as well. The SDK's own retries are
off: ours back off on 429 and 5xx and stop at once on cancel, and a server that asks to wait
longer than ``LONGEST_WAIT`` ends the turn at once, saying how long it asked for. Whatever the
server sends wrong (a line that is not JSON, a chunk of the wrong shape) is said in words.
"""

from __future__ import annotations

import json
import logging
import ssl
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC
from email.utils import parsedate_to_datetime
from typing import Any, cast

import httpx
import openai

from .answer import Assembler, Completion, MalformedAnswer, ToolCall, chunk_parts, whole_answer
from .cancellation import Cancellation, shut_down
from .errors import (
    BadAnswer,
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

__all__ = ["LONGEST_WAIT", "Completion", "Provider", "ProviderConfig", "ToolCall"]
log = logging.getLogger(__name__)

# The longest wait a server may ask for (Retry-After) that a turn sits out; a longer one ends it.
LONGEST_WAIT = 30.0
_QUOTED = 60  # characters of a wrong line quoted back to the learner

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


_certificates_lock = threading.Lock()
_certificates: ssl.SSLContext | None = None
_prepared = threading.Event()  # ``prepare`` has run to its end in this process


def certificates() -> ssl.SSLContext:
    """The TLS context every client shares, as httpx builds it by default (certifi's bundle, or
    ``SSL_CERT_FILE``/``SSL_CERT_DIR``): loading the certificates takes about 100 ms, once per
    process, not once per session."""
    global _certificates
    with _certificates_lock:
        if _certificates is None:
            _certificates = httpx.create_ssl_context()
        return _certificates


def prepare() -> None:
    """What a process's first request would otherwise wait for: the certificates, the modules the
    SDK and httpx import only then (the chat resources, the connection pool: about 200 ms), and what
    the SDK reads once per process at its first request (the platform, its request types' hints),
    found by building one request that a stand-in transport answers without any network. Once a
    process has done it, it returns at once."""
    if _prepared.is_set():
        return
    certificates()
    import httpcore  # noqa: F401 - imported by the first transport

    # No proxy from the environment: the stand-in answers everything, nothing leaves the process.
    offline = httpx.Client(transport=httpx.MockTransport(lambda _request: httpx.Response(503)), trust_env=False)
    sdk = openai.OpenAI(base_url="http://127.0.0.1/v1", api_key="no-key", max_retries=0, http_client=cast(Any, offline))
    try:
        sdk.chat.completions.create(model="-", messages=[{"role": "user", "content": "-"}], stream=True)
    except openai.APIError:
        pass  # the stand-in's answer
    finally:
        sdk.close()
    _prepared.set()


def prepare_in_background() -> threading.Thread:
    """``prepare`` on a thread of its own, ahead of the first turn (a turn that comes sooner waits
    only for what is left of the certificates; an import under way is waited for by Python)."""
    thread = threading.Thread(target=prepare, name="tutor-prepare", daemon=True)
    thread.start()
    return thread


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
            self._transport = _Tracking(limits=httpx.Limits(max_keepalive_connections=0), verify=certificates())
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
            except openai.APIStatusError as exc:
                if not (exc.status_code == 429 or exc.status_code >= 500):
                    raise self._error(exc) from None
                asked = _asked_wait(exc.response.headers)
                if asked is not None and asked > LONGEST_WAIT:
                    raise Overloaded(self._scrub(self._wait_message(asked))) from None
                if attempt >= self.config.retries:
                    raise Overloaded(self._scrub(self._busy_message(exc))) from None
                delay = self._delay(asked, attempt)
                attempt += 1
                if cancellation.event.wait(delay):
                    raise Cancelled from None
            except openai.APIError as exc:
                if cancellation.cancelled:
                    raise Cancelled from None
                raise self._error(exc) from None
            except (ProviderError, Cancelled):
                raise
            except Exception:  # noqa: BLE001 - a server's answer the SDK or this module could not read
                if cancellation.cancelled:
                    raise Cancelled from None
                # Said in words, the details for the log: the learner gets no exception's name.
                log.exception("the answer from %s could not be read", self.config.base_url)
                raise BadAnswer(
                    self._scrub(
                        f"The model server at {self.config.base_url} sent an answer CodeMentor could not "
                        "read; the details are in the log."
                    )
                ) from None

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
        request: dict[str, Any] = {"model": c.model, "messages": [], "stream": True}
        # The messages and tools go as they are (plain JSON already): as typed arguments the SDK
        # would walk every one of them, the tools' schemas included, on every request (10 to 15 ms).
        body: dict[str, Any] = {"messages": list(messages)}
        if tools:
            body["tools"] = list(tools)
            if c.parallel_tool_calls is not None:
                body["parallel_tool_calls"] = c.parallel_tool_calls
        if c.ask_usage:
            request["stream_options"] = {"include_usage": True}
        pieces: list[str] = []
        streaming = False
        try:
            # The raw response first: its content type says whether the server streams at all.
            raw = client.chat.completions.with_raw_response.create(**request, extra_body=body)
            streaming = True
            if "json" in raw.headers.get("content-type", "").lower():
                completion = self._whole(raw.http_response.read(), on_text)
            else:
                # Chunks as plain JSON (``Stream[object]``): ``answer.py`` checks their shape.
                completion = self._read_stream(raw.parse(to=openai.Stream[object]), on_text, pieces)
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
            completion = Completion()
        except json.JSONDecodeError as exc:  # the SDK parses each ``data:`` line as it comes
            if not (cancellation.cancelled or expired.is_set()):
                raise BadAnswer(self._not_json(exc.doc)) from None
            completion = Completion()
        except UnicodeDecodeError as exc:  # the SDK decodes each line as UTF-8
            where = f"at byte {exc.start} of a line" if exc.object else "in a line"
            raise BadAnswer(
                self._scrub(
                    f"The model server at {c.base_url} sent bytes that are not UTF-8 text {where} of its "
                    "answer. Its answer was not used."
                )
            ) from None
        except MalformedAnswer as exc:
            raise BadAnswer(
                self._scrub(f"The model server at {c.base_url} sent an answer of the wrong shape: {exc}.")
            ) from None
        finally:
            timer.cancel()
            forget()
            transport.watch(None)
        if cancellation.cancelled:
            raise Cancelled
        if expired.is_set():
            raise ProviderTimeout(f"{c.model} at {c.base_url} took longer than {c.total_timeout:g} s to answer.")
        if completion.finish_reason is None:
            raise StreamInterrupted(self._interrupted(pieces))
        return completion

    def _read_stream(self, stream: Any, on_text: Callable[[str], None], pieces: list[str]) -> Completion:
        """The streamed answer, chunk by chunk; ``pieces`` gathers its text as it comes."""
        completion, assembler = Completion(), Assembler()
        with stream:
            for chunk in stream:
                parts = chunk_parts(chunk)
                if parts.usage is not None:
                    completion.usage = parts.usage
                if parts.text:
                    pieces.append(parts.text)
                    on_text(parts.text)
                for fragment in parts.fragments:
                    assembler.add(fragment)
                if parts.finish_reason:
                    completion.finish_reason = parts.finish_reason
                if assembler.overflowed:
                    # A call too large to run: refused at once, the rest unread (leaving the ``with``
                    # closes the connection), instead of parsing megabytes that would be thrown away.
                    completion.finish_reason = "tool_calls"
                    break
        completion.text = "".join(pieces)
        completion.tool_calls = assembler.calls()
        return completion

    def _whole(self, body: bytes, on_text: Callable[[str], None]) -> Completion:
        """A server that answered ``stream: true`` with one JSON chat completion: read it whole."""
        try:
            data = json.loads(body)
        except ValueError:
            raise BadAnswer(self._not_json(body.decode("utf-8", "replace"), streamed=False)) from None
        if isinstance(data, dict) and data.get("error"):
            error = data["error"]
            words = error.get("message", error) if isinstance(error, dict) else error
            raise ProviderError(self._scrub(f"The server at {self.config.base_url} answered with an error: {words}"))
        completion = whole_answer(data)
        if completion.text:
            on_text(completion.text)
        return completion

    def _not_json(self, sent: str, *, streamed: bool = True) -> str:
        line = sent.strip()
        quoted = line if len(line) <= _QUOTED else line[:_QUOTED] + "…"
        what = (
            f"a line of its answer that is not JSON: 'data: {quoted}'"
            if streamed
            else (f"a reply that is not JSON: '{quoted}'")
        )
        return self._scrub(f"The model server at {self.config.base_url} sent {what}. Its answer was not used.")

    def _silent(self) -> str:
        c = self.config
        return self._scrub(f"{c.base_url} did not answer within {c.first_token_timeout:g} s.")

    def _interrupted(self, pieces: list[str]) -> str:
        got = f" after {len(''.join(pieces))} characters" if pieces else ""
        return f"The answer from {self.config.model} stopped mid-way{got}: the server closed the connection."

    def _delay(self, asked: float | None, attempt: int) -> float:
        """How long to wait before the next try: the server's Retry-After, or our backoff."""
        c = self.config
        wait = c.backoff * (2**attempt) if asked is None else asked
        return max(0.0, min(wait, c.max_backoff))

    def _wait_message(self, seconds: float) -> str:
        return (
            f"The server at {self.config.base_url} asks to wait {seconds:.0f} s (Retry-After) before the next "
            "request; try again later or pick another server."
        )

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


def _asked_wait(headers: httpx.Headers | Any) -> float | None:
    """The wait in seconds a server asked for: ``retry-after-ms``, or ``Retry-After`` as seconds or
    as an HTTP date. None when it asked for nothing readable."""
    milliseconds = headers.get("retry-after-ms")
    if milliseconds:
        try:
            return max(0.0, float(milliseconds) / 1000)
        except ValueError:
            pass
    header = headers.get("retry-after")
    if not header:
        return None
    try:
        return max(0.0, float(header))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(header)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:  # "-0000": a date in UTC without its zone said
        when = when.replace(tzinfo=UTC)
    return max(0.0, when.timestamp() - time.time())
