"""An OpenAI-compatible Chat Completions server for the tests: on loopback, started by the tests,
answering each ``POST /chat/completions`` with the next scripted ``Reply``.

The shapes follow the OpenAI API as servers speak it in practice:

- streamed answers are Server-Sent Events, one ``data: {chat.completion.chunk}`` per event and
  ``data: [DONE]`` at the end; text arrives in ``choices[0].delta.content``;
- tool calls arrive in ``choices[0].delta.tool_calls``, either in fragments keyed by ``index``
  (OpenAI, llama.cpp: the first fragment carries ``id`` and ``function.name``, the next ones pieces
  of ``function.arguments``) or whole, one call per chunk, every call at ``index`` 0 (``Reply(whole=
  True)``, as Ollama's OpenAI layer has sent them);
- errors are ``{"error": {"message", "type", "code"}}`` with the HTTP status (400 "does not support
  tools" as Ollama words it, 401, 404 model, 429 and 503 with ``Retry-After``, 500);
- a server that ignores ``stream: true`` (``Reply(plain=True)``) answers one ``chat.completion``
  as ``application/json``; a broken one (``Reply(raw={n: "data: {oops"})``) sends a line of its own
  before event ``n``;
- ``GET /models`` lists ``{"object": "list", "data": [{"id", "object": "model", ...}]}``.

Every request is recorded in ``requests`` (method, path, headers with lower-case names, parsed body) for assertions.
A script that runs out answers 500 "no scripted reply": a test that asks more than it planned sees it.
"""

from __future__ import annotations

import json
import select
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Call:
    """A tool call the model makes: ``arguments`` is the raw JSON text (it may be malformed)."""

    name: str
    arguments: str | dict
    id: str = ""

    @property
    def raw(self) -> str:
        return self.arguments if isinstance(self.arguments, str) else json.dumps(self.arguments)


@dataclass
class Reply:
    """One scripted answer. ``status`` other than 200 answers that error with ``error`` as its message;
    ``cut_after`` closes the connection after that many events (no ``[DONE]``); ``stall_after``
    sends that many events, then nothing more until the client goes away; ``hang`` never answers.
    A ``chunked`` stream that is cut ends inside the chunked body, which a client can tell apart."""

    text: list[str] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)
    whole: bool = False
    status: int = 200
    error: str = ""
    retry_after: str = "0"
    cut_after: int | None = None
    stall_after: int | None = None
    hang: bool = False
    usage: dict | None = None
    chunked: bool = False  # Transfer-Encoding: chunked, as uvicorn and llama.cpp send a stream
    plain: bool = False  # one JSON chat.completion, as a server that ignores ``stream: true`` does
    raw: dict[int, str | bytes] = field(default_factory=dict)  # a raw event sent before event n (not JSON)
    piece: int = 7  # characters of arguments per fragment


def text(*pieces: str, **options: Any) -> Reply:
    return Reply(text=list(pieces), **options)


def calls(*made: Call, **options: Any) -> Reply:
    return Reply(calls=list(made), **options)


def failure(status: int, message: str = "", **options: Any) -> Reply:
    return Reply(status=status, error=message or f"scripted {status}", **options)


# A scripted step is a Reply, or a function of the request's body that returns one: a model that
# reads the tool results it was sent (a run_id) before it answers.
Step = Reply | Callable[[dict], Reply]


class FakeOpenAI:
    """``with FakeOpenAI([Reply, ...]) as server:`` serves on 127.0.0.1; ``server.base_url`` ends in /v1."""

    def __init__(self, script: list[Step] | None = None, *, models: list[str] | None = None, key: str | None = None):
        self.script = list(script or [])
        self.models = models if models is not None else ["fast-model", "deep-model"]
        self.key = key
        self.requests: list[dict] = []
        self.disconnected = threading.Event()  # a stalled stream saw its client close the connection
        self._stopping = threading.Event()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,), daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def bodies(self) -> list[dict]:
        """The bodies of the chat requests received, in order."""
        return [r["body"] for r in self.requests if r["path"].endswith("/chat/completions")]

    def __enter__(self) -> FakeOpenAI:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stopping.set()  # releases handlers that hang or stall
        self._server.shutdown()
        self._server.server_close()

    def _next(self, body: dict) -> Reply:
        if not self.script:
            return failure(500, "no scripted reply")
        step = self.script.pop(0)
        return step if isinstance(step, Reply) else step(body)

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def _json(self, status: int, body: object, headers: dict[str, str] | None = None) -> None:
                data = json.dumps(body).encode("utf-8")
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)

            def _error(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
                kind = {400: "invalid_request_error", 401: "invalid_request_error", 404: "not_found_error"}
                error = {"message": message, "type": kind.get(status, "api_error"), "code": None}
                self._json(status, {"error": error}, headers)

            def _authorized(self) -> bool:
                if server.key is None or self.headers.get("Authorization") == f"Bearer {server.key}":
                    return True
                # Some servers echo what they were sent: the client must still not show the key.
                self._error(401, f"Incorrect API key provided: {self.headers.get('Authorization', '')}")
                return False

            def do_GET(self) -> None:
                server.requests.append(
                    {"method": "GET", "path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}}
                )
                if not self._authorized():
                    return
                if self.path.rstrip("/").endswith("/models"):
                    data = [{"id": m, "object": "model", "created": 0, "owned_by": "test"} for m in server.models]
                    return self._json(200, {"object": "list", "data": data})
                return self._error(404, "Not Found")

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                body = json.loads(raw or b"{}")
                server.requests.append(
                    {
                        "method": "POST",
                        "path": self.path,
                        "headers": {k.lower(): v for k, v in self.headers.items()},
                        "body": body,
                    }
                )
                if not self._authorized():
                    return
                if not self.path.endswith("/chat/completions"):
                    return self._error(404, "Not Found")
                if body.get("model") not in server.models:
                    return self._error(404, f"model '{body.get('model')}' not found")
                reply = server._next(body)
                if reply.hang:
                    server._stopping.wait()
                    return
                if reply.status != 200:
                    headers = {"Retry-After": reply.retry_after} if reply.status in (429, 503) else None
                    return self._error(reply.status, reply.error, headers)
                if reply.plain:
                    return self._json(200, server.whole(body["model"], reply))
                self._stream(body, reply)

            def _stream(self, body: dict, reply: Reply) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                if reply.chunked:
                    self.send_header("Transfer-Encoding", "chunked")
                self.send_header("Connection", "close")  # otherwise the body ends when the connection does
                self.end_headers()
                self.close_connection = True
                for sent, chunk in enumerate(server.chunks(body["model"], reply)):
                    if reply.cut_after is not None and sent >= reply.cut_after:
                        return
                    if reply.stall_after is not None and sent >= reply.stall_after:
                        return self._stall()
                    if sent in reply.raw:
                        line = reply.raw[sent]
                        self._event(reply, (line if isinstance(line, bytes) else line.encode()) + b"\n\n")
                    try:
                        self._event(reply, b"data: " + json.dumps(chunk).encode() + b"\n\n")
                    except (BrokenPipeError, ConnectionResetError):
                        server.disconnected.set()
                        return
                self._event(reply, b"data: [DONE]\n\n")
                if reply.chunked:
                    self.wfile.write(b"0\r\n\r\n")

            def _event(self, reply: Reply, data: bytes) -> None:
                if reply.chunked:
                    data = f"{len(data):x}\r\n".encode() + data + b"\r\n"
                self.wfile.write(data)
                self.wfile.flush()

            def _stall(self) -> None:
                """Send nothing more; notice the client closing the connection (a real cancel)."""
                while not server._stopping.is_set():
                    readable, _, _ = select.select([self.connection], [], [], 0.05)
                    if readable and not self.connection.recv(1):
                        server.disconnected.set()
                        return

        return Handler

    def chunks(self, model: str, reply: Reply) -> list[dict]:
        """The ``chat.completion.chunk`` events of ``reply``, in order."""
        made = int(time.time())

        def chunk(delta: dict, finish: str | None = None) -> dict:
            choice = {"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}
            return {"id": "chatcmpl-test", "object": "chat.completion.chunk", "created": made, "model": model,
                    "choices": [choice]}  # fmt: skip

        events = [chunk({"role": "assistant", "content": ""})]
        events += [chunk({"content": piece}) for piece in reply.text]
        for index, call in enumerate(reply.calls):
            call_id = call.id or f"call_{index}_{call.name}"
            if reply.whole:
                function = {"name": call.name, "arguments": call.raw}
                events.append(
                    chunk({"tool_calls": [{"index": 0, "id": call_id, "type": "function", "function": function}]})
                )
                continue
            head = {"index": index, "id": call_id, "type": "function", "function": {"name": call.name, "arguments": ""}}
            events.append(chunk({"tool_calls": [head]}))
            raw = call.raw
            for start in range(0, len(raw), reply.piece):  # arguments in small pieces, as OpenAI streams them
                piece = {"index": index, "function": {"arguments": raw[start : start + reply.piece]}}
                events.append(chunk({"tool_calls": [piece]}))
        events.append(chunk({}, "tool_calls" if reply.calls else "stop"))
        if reply.usage is not None:
            events.append({"id": "chatcmpl-test", "object": "chat.completion.chunk", "created": made,
                           "model": model, "choices": [], "usage": reply.usage})  # fmt: skip
        return events

    def whole(self, model: str, reply: Reply) -> dict:
        """``reply`` as one non-streamed ``chat.completion``."""
        message: dict = {"role": "assistant", "content": "".join(reply.text) or None}
        if reply.calls:
            message["tool_calls"] = [
                {"id": call.id or f"call_{index}_{call.name}", "type": "function",
                 "function": {"name": call.name, "arguments": call.raw}}
                for index, call in enumerate(reply.calls)
            ]  # fmt: skip
        choice = {"index": 0, "message": message, "finish_reason": "tool_calls" if reply.calls else "stop"}
        made = {"id": "chatcmpl-test", "object": "chat.completion", "created": int(time.time()), "model": model,
                "choices": [choice]}  # fmt: skip
        if reply.usage is not None:
            made["usage"] = reply.usage
        return made
