"""POSIX shared memory a run leaves behind: files under ``/dev/shm`` outlive the process that made
them, and where neither a namespace (its own ``/dev``) nor Landlock (no write there) closes that
folder, the runner removes what the run made once the run has ended.

What the run made: a name that was not there when the run started, owned by this user, and open
or mapped by no process left (every process of the run has ended by then; the shared memory of
another program of this user made meanwhile, a database server's say, is in use by it). The
processes are looked through only when something new is there, which a run seldom leaves.
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


def _in_use(candidates: set[str]) -> set[str]:
    """Which of the ``/dev/shm`` paths in ``candidates`` a process it can look at holds open or mapped."""
    held: set[str] = set()
    try:
        pids = [entry for entry in os.listdir("/proc") if entry.isdigit()]
    except OSError:
        return set(candidates)  # nothing to tell by: keep them all
    for pid in pids:
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                try:
                    held.add(os.readlink(f"/proc/{pid}/fd/{fd}"))
                except OSError:
                    pass
            with open(f"/proc/{pid}/maps", encoding="utf-8", errors="replace") as maps:
                held |= {line.split(None, 5)[-1].strip() for line in maps if SHM + "/" in line}
        except OSError:
            continue  # ended meanwhile, or another user's
    return {path for path in candidates if path in held or path + " (deleted)" in held}


def remove_new(before: frozenset[str]) -> list[str]:
    """Remove what a run made under ``/dev/shm`` since ``before``; returns the names removed."""
    new = names() - before
    if not new:
        return []
    uid = os.getuid()
    ours = set()
    for name in new:
        path = os.path.join(SHM, name)
        try:
            if os.lstat(path).st_uid == uid:
                ours.add(path)
        except OSError:
            continue
    removed = []
    for path in sorted(ours - _in_use(ours)):
        try:
            info = os.lstat(path)
        except OSError:
            continue
        try:
            if stat.S_ISDIR(info.st_mode):
                shutil.rmtree(path)
            else:
                os.unlink(path)
            removed.append(os.path.basename(path))
        except OSError:
            pass
    return removed
