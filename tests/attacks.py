"""What the containment tests share: the attacks' recording helper, and finding the processes a
run left behind."""

import os
import socket
import threading
from pathlib import Path

# Prepended to an attack's source: ``attempt(out, name, action)`` records "done" when the action
# went through, or the name of the OSError the kernel or the guard answered with.
ATTEMPT = """
def attempt(out, name, action):
    try:
        action()
        out[name] = "done"
    except OSError as exc:
        out[name] = type(exc).__name__
"""


def processes_marked(mark: str) -> list[int]:
    """The processes whose environment carries ``mark`` (a run's own variable): those still alive."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if mark.encode() in (entry / "environ").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


class Listeners:
    """A loopback TCP listener (as the MCP port is) and a unix-socket one, counting who reached them."""

    def __init__(self, folder: Path) -> None:
        self.path = str(folder / "app.sock")
        self.servers = [socket.create_server(("127.0.0.1", 0)), socket.socket(socket.AF_UNIX)]
        self.servers[1].bind(self.path)
        self.servers[1].listen()
        os.chmod(self.path, 0o777)
        self.port = self.servers[0].getsockname()[1]
        self.reached = 0
        self._stop = threading.Event()
        self._threads = [threading.Thread(target=self._serve, args=(s,), daemon=True) for s in self.servers]
        for thread in self._threads:
            thread.start()

    def _serve(self, server: socket.socket) -> None:
        server.settimeout(0.2)
        while not self._stop.is_set():
            try:
                connection, _ = server.accept()
            except OSError:
                continue
            self.reached += 1
            connection.close()

    def close(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=2)
        for server in self.servers:
            server.close()
