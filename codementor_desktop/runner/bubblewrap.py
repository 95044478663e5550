"""bubblewrap: whether it can make namespaces here, and its options for one run.

Its namespaces: user, PID, network, mount, IPC, UTS and cgroup (``--unshare-all``); its init is
PID 1 and the child 2; ``--die-with-parent`` kills that init (and with it the whole namespace)
when bubblewrap goes; ``--new-session`` keeps the child off any terminal; ``--cap-drop ALL``
leaves it no capability even inside its user namespace (root keeps them there otherwise).
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys

FLAGS = ("--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL")
# Inside the namespace the run folder is a memory file system of its own, this large: what the
# learner's code writes cannot fill the machine's disk, and it is gone with the namespace.
RUN_FOLDER_BYTES = 64 * 1024 * 1024
TMP_BYTES = 1024 * 1024  # /tmp: nothing needs it (TMPDIR is the run folder)


def find() -> tuple[str | None, str]:
    """bubblewrap's path when it can make namespaces here, else None and why not."""
    if not sys.platform.startswith("linux"):
        return None, "not Linux"
    path = shutil.which("bwrap")
    true = shutil.which("true")
    if path is None or true is None:
        return None, "bubblewrap is not installed (Debian and Ubuntu: apt-get install bubblewrap)"
    probe = [path, *FLAGS, "--ro-bind", "/", "/", "--proc", "/proc", "--dev", "/dev", "--", true]
    try:
        done = subprocess.run(probe, capture_output=True, text=True, timeout=10, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError) as exc:
        return None, f"bubblewrap could not start ({exc})"
    if done.returncode != 0:
        why = (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
        return None, f"the kernel refuses unprivileged namespaces ({why})"
    return path, ""


def view(command: list[str], read: list[str], workdir: str) -> list[str]:
    """bubblewrap's options: namespaces, a read-only view of ``read``, a private /tmp, the run folder."""
    options = [*FLAGS, "--size", str(TMP_BYTES), "--tmpfs", "/tmp", "--proc", "/proc", "--dev", "/dev"]
    # The command's own path as it is named (a virtual environment's python is a symlink).
    shown = [os.path.dirname(os.path.abspath(shutil.which(command[0]) or command[0])), *read]
    seen: set[str] = set()
    for path in shown:
        if path in seen or not os.path.exists(path):
            continue
        seen.add(path)
        if os.path.islink(path) and os.path.dirname(path) == "/":
            options += ["--symlink", os.readlink(path), path]  # /lib -> usr/lib on a merged /usr
        else:
            options += ["--ro-bind", path, path]
    options += ["--size", str(RUN_FOLDER_BYTES), "--tmpfs", workdir, "--chdir", workdir]
    return options


@functools.cache
def become_subreaper() -> bool:
    """Orphans of this process's children come back to it (PR_SET_CHILD_SUBREAPER)."""
    import ctypes

    try:
        return ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False
