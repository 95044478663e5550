"""How a client reaches the server: standard input and output (the default, what assistants start),
or, for a lab whose client speaks only streamable HTTP, ``--http`` with a bearer token.

HTTP is bound to loopback unless another address is given explicitly with ``--host``; every request
must carry ``Authorization: Bearer <token>`` (the scheme in any case). The token is made once, kept in the data folder
(readable by its owner only) so a client's configuration keeps working, and printed to standard
error at start, never to standard output.

On stdio, standard output is the protocol: the SDK's transport points file descriptor 1 at standard
error while it serves, and the app's log goes to its file (``applog``), so nothing stray reaches the
client.
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
import os
import secrets
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anyio
from mcp.server.stdio import stdio_server

from ..storage.paths import PRIVATE_FILE, PRIVATE_FOLDER, keep_private
from .server import build_server

if TYPE_CHECKING:
    from ..storage.paths import AppPaths
    from ..tools.services import Services

log = logging.getLogger(__name__)
LOOPBACK = "127.0.0.1"
DEFAULT_PORT = 8765
PATH = "/mcp"


def serve(services: Services, *, http: bool = False, host: str | None = None, port: int | None = None) -> int:
    """``codementor mcp [--http [--host H] [--port N]]``; returns the exit code."""
    if not http:
        if host is not None or port is not None:
            print("error: --host and --port are for --http; stdio needs neither.", file=sys.stderr)
            return 2
        return serve_stdio(services)
    return serve_http(
        services, host or LOOPBACK, DEFAULT_PORT if port is None else port, explicit_host=host is not None
    )


def serve_stdio(services: Services) -> int:
    """Serve one client on standard input and output until it closes them."""
    server = build_server(services)

    async def main() -> None:
        async with stdio_server() as (read_stream, write_stream):
            await server.run(read_stream, write_stream, server.create_initialization_options())

    log.info("MCP server on stdio for learner %s", services.settings.user)
    anyio.run(main)
    log.info("the MCP client closed the connection")
    return 0


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False  # a name other than localhost may resolve anywhere


def token_file(paths: AppPaths) -> Path:
    return paths.data_dir / "mcp-token"


def bearer_token(paths: AppPaths) -> str:
    """The token HTTP clients must send: the kept one, or a new one kept for next time."""
    path = token_file(paths)
    keep_private(path)  # a token others can read is anyone's key to the server: the owner's only
    try:
        kept = path.read_text(encoding="utf-8").strip()
    except OSError:
        kept = ""
    if len(kept) >= 32:
        return kept
    token = secrets.token_urlsafe(32)
    path.parent.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE_FILE)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(token + "\n")
    return token


class RequireToken:
    """ASGI middleware: an HTTP request without the bearer token gets 401 and reaches nothing. The
    scheme is matched without regard to case (``bearer``, ``Bearer``: RFC 9110 says it is
    case-insensitive); the token itself exactly, in constant time."""

    def __init__(self, app: Any, token: str):
        self.app = app
        self._expected = token.encode()

    def _admits(self, given: bytes) -> bool:
        scheme, _, credentials = given.strip().partition(b" ")
        # Compared even when the scheme is wrong, so the time taken says nothing about the token.
        matches = hmac.compare_digest(credentials.strip(), self._expected)
        return scheme.lower() == b"bearer" and matches

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            given = dict(scope.get("headers") or []).get(b"authorization", b"")
            if not self._admits(given):
                await send({"type": "http.response.start", "status": 401, "headers": [
                    (b"content-type", b"application/json"), (b"www-authenticate", b'Bearer realm="codementor"'),
                ]})  # fmt: skip
                await send({"type": "http.response.body", "body": b'{"error": "a bearer token is required: '
                            b'the one codementor mcp --http printed"}'})  # fmt: skip
                return
        await self.app(scope, receive, send)


def serve_http(services: Services, host: str, port: int, *, explicit_host: bool) -> int:
    """Serve streamable HTTP on ``host:port`` until interrupted."""
    import uvicorn

    if not is_loopback(host) and not explicit_host:  # defensive: only --host names another address
        print(f"error: {host} is not a loopback address; give it with --host to mean it.", file=sys.stderr)
        return 2
    try:
        family = socket.getaddrinfo(host.strip("[]"), port, type=socket.SOCK_STREAM)[0][0]
        listener = socket.create_server((host.strip("[]"), port), family=family)
    except OSError as exc:
        print(f"error: cannot listen on {host}:{port}: {exc.strerror or exc}.", file=sys.stderr)
        return 1
    token = bearer_token(services.paths)
    server = build_server(services)
    app = RequireToken(server.streamable_http_app(streamable_http_path=PATH, host=host.strip("[]")), token)
    bound = listener.getsockname()[1]
    shown = f"[{host.strip('[]')}]" if ":" in host else host
    if not is_loopback(host):
        print(f"warning: listening on {host}, beyond this machine: anyone who can reach it and has the token "
              "can run code here.", file=sys.stderr)  # fmt: skip
    print(f"CodeMentor MCP server: http://{shown}:{bound}{PATH}\nAuthorization: Bearer {token}\n"
          f"(the token is kept in {token_file(services.paths)}; Ctrl+C stops the server)", file=sys.stderr, flush=True)  # fmt: skip
    log.info("MCP server on http://%s:%d%s for learner %s", shown, bound, PATH, services.settings.user)
    config = uvicorn.Config(app, log_config=None, access_log=False, lifespan="on", loop="asyncio", http="h11")
    uvicorn.Server(config).run(sockets=[listener])
    return 0
