"""Node.js for JavaScript runs: finding it, the command of a JavaScript child, and its limits.

Node will not start under an address-space limit below about 640 MB, so a JavaScript child gets
``RLIMIT_DATA`` (set by the parent, right after the start and before the job is written: the job
is the child's "go" signal) plus V8's own heap limit, ``--max-old-space-size``. V8's fatal
out-of-memory abort is recognised on stderr and counts as MLE. Files: Node's permission model
(``--experimental-permission`` from 20, ``--permission`` from 22.13) lets the child read only
its harness and its working directory and write only the latter; the harness guards the
network itself, which Node 20's permission model does not cover.
"""

from __future__ import annotations

import functools
import math
import os
import re
import shutil
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CHILD_DIR = Path(__file__).resolve().parent / "child" / "javascript"
HARNESS = CHILD_DIR / "harness.js"
MIN_MAJOR = 18
# Room above the heap limit for Node itself, V8's young generation and the learner's buffers.
DATA_HEADROOM_MB = 128
_OOM_MARKERS = ("JavaScript heap out of memory", "Fatal process out of memory", "Reached heap limit")


def harness_files() -> list[Path]:
    """The JavaScript child's files, the entry first (a Piston job ships them side by side)."""
    return [HARNESS, *sorted(p for p in CHILD_DIR.glob("*.js") if p != HARNESS)]


@dataclass(frozen=True)
class NodeRuntime:
    """One Node.js executable that is recent enough."""

    path: str
    version: tuple[int, int, int]

    @property
    def version_text(self) -> str:
        return ".".join(str(part) for part in self.version)

    def permission_flags(self, workdir: str) -> list[str]:
        """Node's permission model for one run: read the harness and workdir, write the workdir."""
        major, minor, _ = self.version
        if major < 20:
            return []  # Node 18 has no permission model: the harness guard is the only fence
        stable = major > 22 or (major == 22 and minor >= 13)
        flags = ["--permission" if stable else "--experimental-permission"]
        readable = [str(CHILD_DIR), workdir]
        if self.version < (20, 7, 0):
            flags.append("--allow-fs-read=" + ",".join(readable))  # before 20.7: one comma-separated list
        else:
            flags += [f"--allow-fs-read={path}" for path in readable]
        flags.append(f"--allow-fs-write={workdir}")
        return flags

    def command(self, job: Mapping[str, Any], workdir: str) -> list[str]:
        """The command line of a JavaScript child for ``job``, run in ``workdir``."""
        memory_mb = int((job.get("limits") or {}).get("memory_mb") or 256)
        workdir = os.path.realpath(workdir)
        return [
            self.path,
            f"--max-old-space-size={memory_mb}",
            "--no-warnings",  # the permission model's "experimental" notice is not the learner's
            *self.permission_flags(workdir),
            str(HARNESS),
        ]


def limit_process(pid: int, job: Mapping[str, Any]) -> None:
    """Limits a JavaScript child cannot set on itself, applied from the parent (Linux)."""
    try:
        import resource
    except ImportError:  # Windows: the Job Object holds the limits
        return
    if not hasattr(resource, "prlimit"):
        return  # macOS: the memory watchdog and the wall clock
    limits = job.get("limits") or {}
    memory_mb = int(limits.get("memory_mb") or 256)
    data = (memory_mb + DATA_HEADROOM_MB) * 1024 * 1024
    wanted = [(resource.RLIMIT_DATA, data, data), (resource.RLIMIT_CORE, 0, 0)]
    if limits.get("cpu_seconds"):
        # Node cannot stop a looping test on CPU time; its harness interrupts one at the wall
        # backstop (wall_factor x the test's limit) and goes on: the kernel's limit must not
        # end the whole run before that.
        harness_stop = float(limits.get("timeout_seconds") or 0) * float(limits.get("wall_factor") or 1)
        cpu = max(int(limits["cpu_seconds"]), math.ceil(harness_stop) + 1)
        wanted.append((resource.RLIMIT_CPU, cpu, cpu + 1))  # SIGXCPU first, SIGKILL a second later
    if limits.get("file_mb"):
        size = int(limits["file_mb"]) * 1024 * 1024
        wanted.append((resource.RLIMIT_FSIZE, size, size))
    for which, soft, hard in wanted:
        try:
            resource.prlimit(pid, which, (soft, hard))
        except (ProcessLookupError, PermissionError, ValueError, OSError):
            pass  # the child already ended, or the system refuses: its exit status tells


def ran_out_of_memory(stderr: str) -> bool:
    """True when V8 aborted for lack of memory (it prints one of these before it aborts)."""
    return any(marker in stderr for marker in _OOM_MARKERS)


def _parse_version(text: str) -> tuple[int, int, int] | None:
    match = re.search(r"v?(\d+)\.(\d+)\.(\d+)", text)
    return (int(match[1]), int(match[2]), int(match[3])) if match else None


@functools.lru_cache(maxsize=8)
def _probe(path: str) -> tuple[tuple[int, int, int] | None, str]:
    try:
        done = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=15)
    except (OSError, subprocess.SubprocessError) as exc:
        return None, f"{path} could not be started ({exc})"
    version = _parse_version(done.stdout)
    if version is None:
        return None, f"{path} --version said {done.stdout.strip()!r}, not a Node.js version"
    return version, ""


def find_node(configured: str = "") -> tuple[NodeRuntime | None, str]:
    """Node from the ``node_path`` setting or the PATH: the runtime, or None and why not."""
    if configured:
        path = shutil.which(configured) or (configured if Path(configured).is_file() else None)
        if path is None:
            return None, f"the node_path setting points at {configured}, which is not there"
    else:
        path = shutil.which("node") or shutil.which("nodejs")
        if path is None:
            return None, "Node.js was not found on the PATH"
    version, problem = _probe(path)
    if version is None:
        return None, problem
    if version[0] < MIN_MAJOR:
        return None, f"{path} is Node {'.'.join(map(str, version))}; JavaScript needs Node {MIN_MAJOR} or later"
    return NodeRuntime(path=path, version=version), ""


def missing_node_advice(reason: str) -> str:
    """A sentence for a learner when JavaScript cannot run locally."""
    return (
        f"JavaScript runs need Node.js {MIN_MAJOR} or later, and {reason}. Install Node.js "
        "(https://nodejs.org, or your system's package manager), set CODEMENTOR_NODE to its path, "
        "or run code on a Piston server instead (CODEMENTOR_BACKEND=piston, CODEMENTOR_PISTON_URL)."
    )
