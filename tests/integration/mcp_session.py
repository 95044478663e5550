"""Drive ``codementor mcp`` as an assistant does: a real subprocess on stdio, the SDK's own client
session, and the process tree read from /proc (which children the server has started)."""

from __future__ import annotations

import os
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from tests.conftest import REPO


def server_parameters() -> StdioServerParameters:
    """The server as a client configuration names it, in this test's CODEMENTOR_HOME."""
    env = {name: value for name, value in os.environ.items() if name.startswith("CODEMENTOR_")}
    return StdioServerParameters(command=sys.executable, args=["-m", "codementor_desktop", "mcp"], env=env, cwd=REPO)


@asynccontextmanager
async def mcp_session(errors: Path) -> AsyncIterator[ClientSession]:
    """An initialized client session with a fresh server; its standard error goes to ``errors``."""
    with errors.open("w", encoding="utf-8") as stream:
        async with stdio_client(server_parameters(), errlog=stream) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                yield session


def parents() -> dict[int, int]:
    """Every process's parent, from /proc."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # gone meanwhile
            continue
        # ``pid (comm) state ppid ...``: the command may hold spaces and parentheses.
        found[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    return found


def descendants(pid: int) -> set[int]:
    tree = parents()
    out: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in tree.items() if parent in frontier} - out
        out |= frontier
    return out


def alive(pid: int) -> bool:
    """Running (a zombie, killed but not yet reaped, is not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def command_line(pid: int) -> list[bytes]:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return []


def learner_children(server: int) -> set[int]:
    """The server's descendants that run a learner's code (the child entry of the runner)."""
    return {pid for pid in descendants(server) if any(b"runner/child/" in part for part in command_line(pid))}


def server_pid() -> int:
    """The ``codementor mcp`` process this test started (a child of this process)."""
    for child in descendants(os.getpid()):
        command = command_line(child)
        if b"codementor_desktop" in command and b"mcp" in command:
            return child
    raise LookupError("no codementor mcp process under this test")
