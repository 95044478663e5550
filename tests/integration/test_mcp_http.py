"""``codementor mcp --http``: streamable HTTP on loopback, with the bearer token and without it."""

from __future__ import annotations

import os
import re
import signal
import stat
import subprocess
import sys

import anyio
import httpx2
import pytest
from mcp.client.session import ClientSession
from mcp.client.streamable_http import streamable_http_client

from codementor_desktop.mcp_server.serving import is_loopback
from codementor_desktop.storage.paths import AppPaths
from tests.conftest import REPO

INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}}}  # fmt: skip
HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


@pytest.fixture
def http_server():
    """A running ``codementor mcp --http --port 0``: (url, token); stopped afterwards."""
    process = subprocess.Popen(
        [sys.executable, "-m", "codementor_desktop", "mcp", "--http", "--port", "0"],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO,
    )  # fmt: skip
    try:
        lines = []
        assert process.stderr is not None
        for line in process.stderr:  # it prints the address, then the token, then serves
            lines.append(line)
            if line.startswith("Authorization: Bearer "):
                break
        text = "".join(lines)
        url = re.search(r"http://127\.0\.0\.1:\d+/mcp", text)
        assert url, text
        yield url.group(0), text.split("Authorization: Bearer ", 1)[1].split()[0], process
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def test_without_the_token_nothing_is_served(http_server):
    url, token, _process = http_server
    missing = httpx2.post(url, json=INITIALIZE, headers=HEADERS)
    wrong = httpx2.post(url, json=INITIALIZE, headers={**HEADERS, "Authorization": "Bearer " + "x" * len(token)})
    right = httpx2.post(url, json=INITIALIZE, headers={**HEADERS, "Authorization": f"Bearer {token}"})
    assert missing.status_code == 401 and wrong.status_code == 401
    assert missing.headers["www-authenticate"].startswith("Bearer")
    assert right.status_code == 200


def test_the_scheme_is_read_in_any_case_and_the_token_exactly(http_server):
    url, token, _process = http_server

    def status(authorization: str) -> int:
        return httpx2.post(url, json=INITIALIZE, headers={**HEADERS, "Authorization": authorization}).status_code

    assert [status(f"{scheme} {token}") for scheme in ("bearer", "BEARER", "BeArEr")] == [200, 200, 200]
    assert status(f"bearer  {token}") == 200  # more than one space before the token
    refused = [f"bearer {token.upper()}", f"bearer {token[:-1]}", f"Basic {token}", token, f"bearer{token}"]
    assert [status(value) for value in refused] == [401] * len(refused)


def test_with_the_token_a_client_session_calls_a_tool(http_server):
    url, token, process = http_server

    async def test():
        async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=120) as client:
            async with streamable_http_client(url, http_client=client) as (read, write):
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    names = {t.name for t in (await session.list_tools()).tools}
                    code = "def f(x):\n    return x * 2\n"
                    result = await session.call_tool(
                        "bp_execute", {"language": "python", "code": code, "input_data": 4}
                    )
                    return names, result

    names, result = anyio.run(test)
    assert {"execute_code", "bp_trace"} <= names
    assert not result.is_error and result.structured_content["return_value"] == "8"
    kept = AppPaths.discover().data_dir / "mcp-token"
    assert kept.read_text().strip() == token
    assert stat.S_IMODE(os.stat(kept).st_mode) == 0o600
    assert process.poll() is None


def test_host_and_port_belong_to_http():
    result = subprocess.run(
        [sys.executable, "-m", "codementor_desktop", "mcp", "--host", "127.0.0.1"],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, cwd=REPO, timeout=900,
    )  # fmt: skip
    assert result.returncode == 2 and "--host and --port are for --http" in result.stderr


@pytest.mark.parametrize(
    ("host", "loopback"),
    [("127.0.0.1", True), ("127.5.0.9", True), ("::1", True), ("[::1]", True), ("localhost", True),
     ("0.0.0.0", False), ("192.168.1.4", False), ("example.org", False), ("::", False)],
)  # fmt: skip
def test_only_loopback_addresses_count_as_loopback(host, loopback):
    assert is_loopback(host) is loopback
