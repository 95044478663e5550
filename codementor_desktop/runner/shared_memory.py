"""POSIX shared memory a run leaves behind: files under ``/dev/shm`` outlive the process that made
them, and where neither a namespace (its own ``/dev``) nor Landlock (no write there) closes that
folder, the runner removes what the run made once the run has ended.

What the run made: a name that was not there when the run started, owned by this user, and not
open or mapped by this process (the app's own shared memory, made meanwhile, is in use by it).
"""

from __future__ import annotations

import os
import shutil
import stat

SHM = "/dev/shm"


def names() -> frozenset[str]:
    """The names under ``/dev/shm`` now (none where there is no such folder)."""
    try:
        return frozenset(os.listdir(SHM))
    except OSError:
        return frozenset()


def _in_use_here() -> set[str]:
    """The ``/dev/shm`` paths this process holds open or mapped."""
    held: set[str] = set()
    try:
        for fd in os.listdir("/proc/self/fd"):
            try:
                held.add(os.readlink(f"/proc/self/fd/{fd}"))
            except OSError:
                pass
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
            held |= {line.split(None, 5)[-1].strip() for line in maps if SHM + "/" in line}
    except OSError:
        pass
    return {path.removesuffix(" (deleted)") for path in held if path.startswith(SHM + "/")}


def remove_new(before: frozenset[str]) -> list[str]:
    """Remove what a run made under ``/dev/shm`` since ``before``; returns the names removed."""
    new = names() - before
    if not new:
        return []
    in_use = _in_use_here()
    uid = os.getuid()
    removed = []
    for name in sorted(new):
        path = os.path.join(SHM, name)
        try:
            info = os.lstat(path)
        except OSError:
            continue
        if info.st_uid != uid or path in in_use:
            continue
        try:
            if stat.S_ISDIR(info.st_mode):
                shutil.rmtree(path)
            else:
                os.unlink(path)
            removed.append(name)
        except OSError:
            pass
    return removed
