"""What the layers probe found, remembered between processes of the app for a few minutes.

The probe (``containment.probe``) starts bubblewrap once and the confinement launcher once: two
process starts, a tenth of a command-line tool call's time. A command that calls one tool and
ends paid it every time. The finding is kept in the app's cache folder under a key of everything
the answer depends on that can be read in a few system calls: the boot, the kernel, the user,
bubblewrap's and the interpreter's files, the launcher's code, the namespace switches of the
kernel and AppArmor's profiles. A key that differs, an entry older than ``KEEP_SECONDS`` or a file
that cannot be read means probing again: a change the key cannot see (a profile loaded into the
kernel by hand) lasts at most that long.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
from pathlib import Path

KEEP_SECONDS = 600.0
FILE_NAME = "containment-probe.json"
# Switches of the kernel that decide whether an unprivileged user may make namespaces.
_SYSCTLS = (
    "/proc/sys/kernel/unprivileged_userns_clone",
    "/proc/sys/user/max_user_namespaces",
    "/proc/sys/kernel/apparmor_restrict_unprivileged_userns",
)
_folder: Path | None = None


def keep_in(folder: Path | None) -> None:
    """Remember probes in ``folder`` (the app's cache folder); None forgets nothing and keeps nothing."""
    global _folder
    _folder = folder


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.read().strip()
    except OSError:
        return ""


def _stamp(path: str | os.PathLike[str] | None) -> list:
    if not path:
        return []
    try:
        info = os.stat(path)
    except OSError:
        return [str(path)]
    return [str(path), info.st_ino, info.st_size, info.st_mtime_ns]


def key(launcher: list[str], code: list[Path]) -> dict:
    """Everything the probe's answer depends on that is cheap to read."""
    return {
        "boot": _read("/proc/sys/kernel/random/boot_id"),
        "kernel": os.uname().release if hasattr(os, "uname") else sys.platform,
        "user": os.getuid() if hasattr(os, "getuid") else None,
        "bwrap": _stamp(shutil.which("bwrap")),
        "launcher": [*launcher, *(_stamp(part) for part in launcher[:1])],
        "code": [_stamp(path) for path in code],
        "sysctl": [_read(path) for path in _SYSCTLS],
        "apparmor": _stamp("/etc/apparmor.d"),
    }


def recall(wanted: dict) -> dict | None:
    """The finding kept under ``wanted``, when there is one young enough."""
    if _folder is None:
        return None
    try:
        kept = json.loads((_folder / FILE_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(kept, dict) or kept.get("key") != json.loads(json.dumps(wanted)):
        return None
    age = time.time() - float(kept.get("at") or 0)
    if not 0 <= age <= KEEP_SECONDS or not isinstance(kept.get("found"), dict):
        return None
    return kept["found"]


def remember(wanted: dict, found: dict) -> None:
    """Keep ``found`` under ``wanted``; a folder that cannot be written keeps nothing."""
    if _folder is None:
        return
    target = _folder / FILE_NAME
    partial = target.with_name(f"{FILE_NAME}.{os.getpid()}")
    try:
        _folder.mkdir(parents=True, exist_ok=True)
        partial.write_text(json.dumps({"key": wanted, "at": time.time(), "found": found}), encoding="utf-8")
        os.replace(partial, target)  # another process reads the old entry or the new, never half
    except OSError:
        partial.unlink(missing_ok=True)
