"""What the app does to itself at start, before anything else: a module of its own, so that the
window's start does not wait for the runner's imports."""

from __future__ import annotations

import sys


def protect_app_process() -> None:
    """Make the app's memory and environment unreadable to same-user processes (Linux).

    ``PR_SET_DUMPABLE 0``: ``/proc/<app>/mem``, ``environ`` and ``ptrace`` need root from now on.
    A child's ``execve`` makes it dumpable again, as it should be.
    """
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    try:
        ctypes.CDLL(None, use_errno=True).prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE
    except (OSError, AttributeError):
        pass
