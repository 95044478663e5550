"""Ending a child with everything it started."""

from __future__ import annotations

import os
import signal
import subprocess


def kill_process_tree(process: subprocess.Popen) -> None:
    """Kill the child and everything in its process group (its session, on POSIX)."""
    try:
        if os.name == "nt":
            process.kill()
        else:
            os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError, OSError):
        try:
            process.kill()
        except OSError:
            pass
