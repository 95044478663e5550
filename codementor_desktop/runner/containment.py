"""The layers the operating system enforces around a local run, and the command that raises them.

Linux, outside in:

- **namespaces** (bubblewrap): new user, PID, network, mount, IPC, UTS and cgroup namespaces.
  The child is a child of bubblewrap's init, so the app's process is not in its ``/proc`` and no
  signal can name it; there is no network at all (not even the host's loopback); the file system
  is a read-only view of what the interpreter needs, a private ``/tmp``, and a run folder of its
  own in memory, of a bounded size (``bubblewrap.py``); and
  ``--die-with-parent`` plus the PID namespace mean that when the run ends (or the app dies)
  every process in it dies too.
- **landlock** and **seccomp**: the Python child raises them around itself before the
  learner's code runs (``child/python/confinement.py``). Node cannot; in a namespace, bubblewrap
  installs the seccomp filter (``--seccomp``) and ``prlimit`` in front of bubblewrap sets the
  limits, and the namespace's read-only view, missing network and PID namespace do for files,
  TCP and signals what Landlock would. Outside a namespace, Node starts through
  ``confinement.py`` as a launcher, which raises both, sets the limits and then execs Node.
- **rlimits**: memory, CPU time, file size, no core files (``sandbox.py``, ``node.py``).
- **guard**: the in-process audit hook (Python) or module guard (JavaScript), which gives the
  readable error; the layers above hold when it is switched off.

Why bubblewrap rather than util-linux's ``unshare``, measured on this project's machine (a
process start, fastest of 40, 2 shared cores): ``python -I -S -c pass`` alone 11.1 ms, under
``unshare -Urnpmi --fork --mount-proc`` 13.4 ms, under bubblewrap 16.8 ms; Landlock and seccomp
inside the child 1.3 ms. ``unshare`` is cheaper, but its child is PID 1 of the namespace, and
the kernel drops the signals PID 1 has no handler for (``SIGXCPU`` from the CPU limit among
them); it has no read-only view, no private ``/tmp``, no ``--new-session``. bubblewrap gives all
of that for about 3 ms more (``benchmarks/execution.py`` prints the ratio). Where bubblewrap is
missing or the kernel refuses unprivileged user namespaces, runs go on without the namespace
layer, and say so.

Why no launcher for Node in a namespace: it is an interpreter start in front of Node, about
20 ms of CPU on top of Node's 34 ms (measured as above), which would take a JavaScript run past
the 1.3x budget; in a namespace it would add little that the namespace does not hold already.

Each layer is probed once, and a setting turns each off (``containment_namespaces``,
``containment_landlock``, ``containment_seccomp``). Windows (a Job Object) and macOS (rlimits and
a memory watchdog) get no layer from here; the README says what holds there.
"""

from __future__ import annotations

import functools
import json
import os
import platform
import select
import shutil
import signal
import struct
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path

from . import bubblewrap, probe_memory, shared_memory
from .child.python import seccomp_filter
from .node import process_limits

CHILD_ROOT = Path(__file__).resolve().parent / "child"
CONFINEMENT_SCRIPT = CHILD_ROOT / "python" / "confinement.py"
# What any child reads besides its interpreter: shared libraries, the loader's cache, time zones.
SYSTEM_READ = ("/usr", "/lib", "/lib64", "/lib32", "/etc/ld.so.cache", "/etc/localtime")
NODE_READ = ("/etc/ssl/openssl.cnf",)  # Node reads OpenSSL's configuration at start
NODE_PID_IN_NAMESPACE = 2  # bubblewrap's init is 1, the program it starts 2
_probe_lock = threading.Lock()


@dataclass(frozen=True)
class Switches:
    """Which layers the settings allow (all, unless an administrator or a test says otherwise)."""

    namespaces: bool = True
    landlock: bool = True
    seccomp: bool = True

    @classmethod
    def from_settings(cls, settings: object) -> Switches:
        return cls(
            namespaces=bool(getattr(settings, "containment_namespaces", True)),
            landlock=bool(getattr(settings, "containment_landlock", True)),
            seccomp=bool(getattr(settings, "containment_seccomp", True)),
        )


# The modes a run is held in, named the same everywhere (selftest, the status bar, the README):
# which of the kernel's three layers are up; the rlimits and the guard are in every mode.
ALL_LAYERS = "all layers"
NO_NAMESPACES = "no namespaces"  # Ubuntu 24.04, where AppArmor stops bubblewrap
SECCOMP_ONLY = "seccomp only"  # below Landlock ABI 6 (its scoped signals), or Landlock off
GUARD_ONLY = "guard only"  # macOS and Windows, or every layer switched off
MODES = {
    ALL_LAYERS: Switches(),
    NO_NAMESPACES: Switches(namespaces=False),
    SECCOMP_ONLY: Switches(namespaces=False, landlock=False),
    GUARD_ONLY: Switches(namespaces=False, landlock=False, seccomp=False),
}
LAYER_NAMES = ("namespaces", "landlock", "seccomp")


def mode_name(held: set[str] | list[str] | tuple[str, ...]) -> str:
    """The mode that the kernel's layers in ``held`` make: one of ``MODES``, or for the rarer
    mixes "no landlock", "landlock only" and the like."""
    up = [layer for layer in LAYER_NAMES if layer in held]
    if len(up) == len(LAYER_NAMES):
        return ALL_LAYERS
    if not up:
        return GUARD_ONLY
    if len(up) == 1:
        return f"{up[0]} only"
    return "no " + next(layer for layer in LAYER_NAMES if layer not in up)


@dataclass(frozen=True)
class KernelLayers:
    """What this machine offers, probed once: bubblewrap's path, Landlock's ABI, seccomp."""

    bwrap: str | None = None
    landlock_abi: int = 0
    seccomp: bool = False
    missing: dict[str, str] = field(default_factory=dict)  # layer -> why it is not there

    def describe(self, switches: Switches | None = None) -> list[tuple[str, bool, str]]:
        """Per layer: whether runs get it, and a sentence (for ``codementor selftest``)."""
        switches = switches or Switches()
        wanted = {"namespaces": switches.namespaces, "landlock": switches.landlock, "seccomp": switches.seccomp}
        present = {"namespaces": self.bwrap is not None, "landlock": self.landlock_abi > 0, "seccomp": self.seccomp}
        detail = {
            "namespaces": f"bubblewrap at {self.bwrap}: user, PID, network, mount and IPC namespaces",
            "landlock": f"Landlock ABI {self.landlock_abi}: files, TCP and signals",
            "seccomp": "seccomp filter: no processes, exec, ptrace, sockets, SysV IPC or other processes' limits",
        }
        out = []
        for layer in ("namespaces", "landlock", "seccomp"):
            if not wanted[layer]:
                out.append((layer, False, f"switched off by the setting containment_{layer}"))
            elif present[layer]:
                out.append((layer, True, detail[layer]))
            else:
                out.append((layer, False, self.missing.get(layer, "not available")))
        return out

    def mode(self, switches: Switches | None = None) -> str:
        """The mode runs are held in on this machine with these settings (``MODES``)."""
        return mode_name([layer for layer, on, _ in self.describe(switches) if on])


def machine_mode(switches: Switches | None = None) -> str:
    """The mode a local run is held in here: the kernel's layers on Linux, the guard elsewhere."""
    if not sys.platform.startswith("linux"):
        return GUARD_ONLY
    return probe().mode(switches)


def _launcher_prefix() -> list[str]:
    """How to start ``confinement.py`` as a launcher: the frozen app itself, or this Python."""
    if getattr(sys, "frozen", False):
        return [sys.executable, "--confine"]
    return [sys.executable, "-I", "-S", str(CONFINEMENT_SCRIPT)]


def _probe_child_layers() -> tuple[int, bool, dict[str, str]]:
    """Landlock and seccomp as the child will meet them: a launcher raises both and reports."""
    missing: dict[str, str] = {}
    if not sys.platform.startswith("linux"):
        return 0, False, {"landlock": "not Linux", "seccomp": "not Linux"}
    try:
        done = subprocess.run(
            [*_launcher_prefix(), "--probe"], capture_output=True, text=True, timeout=20, stdin=subprocess.DEVNULL
        )
        found = json.loads(done.stdout.strip().splitlines()[-1])
    except (OSError, subprocess.SubprocessError, ValueError, IndexError) as exc:
        return 0, False, {"landlock": f"the probe failed ({exc})", "seccomp": f"the probe failed ({exc})"}
    abi = int(found.get("landlock") or 0)
    if abi <= 0:
        missing["landlock"] = found.get("landlock_error") or "the kernel has no Landlock (Linux 5.13 or later)"
    if not found.get("seccomp"):
        missing["seccomp"] = found.get("seccomp_error") or "the kernel refused the filter"
    return abi, bool(found.get("seccomp")), missing


def probe() -> KernelLayers:
    """The layers this machine offers, found once per process."""
    with _probe_lock:
        return _probe_once()


@functools.cache
def _probe_once() -> KernelLayers:
    wanted = probe_memory.key(_launcher_prefix(), [CONFINEMENT_SCRIPT, Path(seccomp_filter.__file__)])
    kept = probe_memory.recall(wanted)
    if kept is not None:
        try:
            return KernelLayers(
                bwrap=kept["bwrap"],
                landlock_abi=int(kept["landlock_abi"]),
                seccomp=bool(kept["seccomp"]),
                missing=dict(kept["missing"]),
            )
        except (KeyError, TypeError, ValueError):
            pass  # an entry of another shape: probe again
    bwrap, why = bubblewrap.find()
    abi, seccomp, missing = _probe_child_layers()
    if bwrap is None:
        missing["namespaces"] = why
    probe_memory.remember(wanted, {"bwrap": bwrap, "landlock_abi": abi, "seccomp": seccomp, "missing": missing})
    return KernelLayers(bwrap=bwrap, landlock_abi=abi, seccomp=seccomp, missing=missing)


@dataclass
class Launch:
    """One run's command, the layers it gets, and its end."""

    command: list[str]
    layers: list[str]
    namespaced: bool = False
    pass_fds: tuple[int, ...] = ()  # for Popen: bubblewrap's --info-fd and --seccomp
    # The namespace's CPU time (user + system), read at its end. bubblewrap's own status does not
    # hold it: its init reaps the child, and bubblewrap leaves that init to whoever reaps orphans.
    cpu_seconds: float | None = None
    _info: int | None = None
    # /dev/shm's names at the start, where nothing closes it to the run: what is new goes at its end.
    shm_before: frozenset[str] | None = None

    def end(self, process: subprocess.Popen) -> None:
        """At the end of every run: nothing of it stays, and the child's own exit status is read.

        In a namespace, bubblewrap's init is PID 1: when it goes, the kernel kills every process
        left inside. Outside one, the process group goes (seccomp has kept the child from making
        new processes where it is up).
        """
        if os.name == "nt":
            if process.poll() is None:
                process.kill()
            process.wait()
            return
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except OSError:
            pass  # the group has ended already
        if process.poll() is None:
            process.kill()
        process.wait()
        code = process.returncode
        if self.namespaced and code is not None and 128 < code < 128 + 65:
            process.returncode = -(code - 128)  # bubblewrap reports a child's signal as 128 + n
        self._reap_namespace()
        if self.shm_before is not None:
            shared_memory.remove_new(self.shm_before)

    def _reap_namespace(self) -> None:
        """Reap bubblewrap's init (this process is its subreaper): its usage holds the child's."""
        self._close_passed()  # this copy of --info-fd's write end, so that its reader meets the end
        if self._info is None:
            return
        with os.fdopen(self._info, "rb") as info:
            self._info = None
            try:
                pid = int(json.loads(info.read() or b"{}").get("child-pid") or 0)
            except ValueError:
                return
        if pid <= 0:
            return
        try:  # killed with bubblewrap, it is gone within a moment: wait for exactly that moment
            exited = os.pidfd_open(pid)
        except OSError:
            exited = -1  # reaped already, or not ours
        if exited >= 0:
            try:
                if not select.select([exited], [], [], 1)[0]:
                    # It missed the parent-death signal (bubblewrap died before setting it up).
                    signal.pidfd_send_signal(exited, signal.SIGKILL)
                    select.select([exited], [], [], 5)
            except OSError:
                pass
            finally:
                os.close(exited)
        try:
            reaped, _status, usage = os.wait4(pid, os.WNOHANG)
        except ChildProcessError:
            return  # not ours to reap: no subreaper here
        if reaped == pid:
            self.cpu_seconds = usage.ru_utime + usage.ru_stime

    def close(self) -> None:
        """Close every descriptor of this launch (a child that could not start)."""
        self._close_passed()
        if self._info is not None:
            os.close(self._info)
            self._info = None

    def _close_passed(self) -> None:
        for fd in self.pass_fds:
            try:
                os.close(fd)
            except OSError:
                pass
        self.pass_fds = ()


def prepare(command: list[str], workdir: str, job: dict, switches: Switches | None = None) -> Launch:
    """Wrap ``command`` in the layers this machine and the settings allow; may add to ``job``."""
    guard = ["guard"] if job.get("guard", True) else []
    if os.name == "nt":
        return Launch(command, ["job_object", *guard])
    if not sys.platform.startswith("linux") or shutil.which(command[0]) is None:
        return Launch(command, ["rlimits", *guard])  # a command that cannot start says so itself
    switches = switches or Switches()
    kernel = probe()
    workdir = os.path.realpath(workdir)
    landlock = kernel.landlock_abi if switches.landlock else 0
    use_seccomp = kernel.seccomp and switches.seccomp
    javascript = job.get("language") == "javascript"
    read = _readable(command, javascript)
    plan: dict = {"landlock": landlock, "seccomp": use_seccomp, "read": read, "write": [workdir]}
    layers = [name for name, on in (("landlock", landlock > 0), ("seccomp", use_seccomp)) if on]
    namespaced = kernel.bwrap is not None and switches.namespaces
    options: list[str] = []
    fds: list[int] = []
    outside: list[str] = []  # what starts bubblewrap (prlimit, for Node)
    if not javascript:
        job["confinement"] = plan  # the child raises Landlock and seccomp around itself
    elif namespaced:
        # In its namespace Node needs no launcher (an interpreter start, about 13 ms): bubblewrap
        # installs the seccomp filter, prlimit sets the limits, and the namespace's read-only
        # view, its missing network and PID namespace do for files, TCP and signals what
        # Landlock would. Landlock is for Node outside a namespace.
        layers = []
        if use_seccomp and seccomp_filter.supported(platform.machine()):
            program = seccomp_filter.build(platform.machine(), NODE_PID_IN_NAMESPACE, allow_exec=True)
            filter_fd, writer = os.pipe()
            os.write(writer, program)
            os.close(writer)
            options += ["--seccomp", str(filter_fd)]
            fds.append(filter_fd)
            layers.append("seccomp")
        outside, inside = _node_limits(job)
        command = [*inside, *command]
    elif layers:
        # The launcher also sets Node's limits: from outside they would come after Node started.
        plan["limits"] = [list(limit) for limit in process_limits(job)]
        plan["execute"] = _executables(command[0])
        command = [*_launcher_prefix(), json.dumps(plan), "--", *command]
    if not namespaced:
        launch = Launch(command, [*layers, "rlimits", *guard])
        if not landlock:  # nothing keeps the run from /dev/shm: see what it leaves there
            launch.shm_before = shared_memory.names()
        return launch
    assert kernel.bwrap is not None
    bubblewrap.become_subreaper()
    info, info_to_child = os.pipe()
    fds.append(info_to_child)
    options = ["--info-fd", str(info_to_child), *options, *bubblewrap.view(command, read, workdir)]
    command = [*outside, kernel.bwrap, *options, "--", *command]
    launch = Launch(command, ["namespaces", *layers, "rlimits", *guard], namespaced=True, pass_fds=tuple(fds))
    launch._info = info
    return launch


def _node_limits(job: dict) -> tuple[list[str], list[str]]:
    """How a JavaScript child in a namespace gets its limits before it starts: what goes in front
    of bubblewrap (prlimit: everything inside inherits them), or else in front of Node (the
    launcher)."""
    limits = process_limits(job)
    prlimit = shutil.which("prlimit")
    if prlimit is None:
        return [], [*_launcher_prefix(), json.dumps({"limits": [list(limit) for limit in limits]}), "--"]
    flags = {"RLIMIT_DATA": "data", "RLIMIT_CORE": "core", "RLIMIT_CPU": "cpu", "RLIMIT_FSIZE": "fsize"}
    return [prlimit, *(f"--{flags[name]}={soft}:{hard}" for name, soft, hard in limits), "--"], []


def _interpreter_paths() -> list[str]:
    if getattr(sys, "frozen", False):
        return [os.path.dirname(os.path.realpath(sys.executable))]
    return sorted({os.path.realpath(p) for p in (sys.base_prefix, sys.base_exec_prefix)})


def _readable(command: list[str], javascript: bool) -> list[str]:
    """What the child may read: the system's libraries, its interpreter, the harness."""
    paths = [*SYSTEM_READ, *_interpreter_paths(), str(CHILD_ROOT)]
    if javascript:
        node = os.path.realpath(shutil.which(command[0]) or command[0])
        prefix = os.path.dirname(os.path.dirname(node))
        paths += [prefix if prefix != "/" else os.path.dirname(node), *NODE_READ]
    unique: list[str] = []
    for path in paths:
        if path not in unique and os.path.exists(path):
            unique.append(path)
    return unique


def _executables(program: str) -> list[str]:
    """The files an exec of ``program`` opens for execution: itself and its ELF interpreter."""
    path = os.path.realpath(shutil.which(program) or program)
    found = [path]
    interpreter = elf_interpreter(path)
    if interpreter:
        found.append(os.path.realpath(interpreter))
    return found


def elf_interpreter(path: str) -> str | None:
    """The ``PT_INTERP`` of a 64-bit little-endian ELF file (the dynamic loader), if it has one."""
    try:
        with open(path, "rb") as handle:
            header = handle.read(64)
            if header[:4] != b"\x7fELF" or header[4] != 2 or header[5] != 1:
                return None
            (phoff,) = struct.unpack_from("<Q", header, 32)
            phentsize, phnum = struct.unpack_from("<HH", header, 54)
            handle.seek(phoff)
            table = handle.read(phentsize * phnum)
            for index in range(phnum):
                kind, _flags, offset, _vaddr, _paddr, size = struct.unpack_from("<IIQQQQ", table, index * phentsize)
                if kind == 3:  # PT_INTERP
                    handle.seek(offset)
                    return handle.read(size).rstrip(b"\0").decode()
    except (OSError, struct.error, UnicodeDecodeError):
        return None
    return None


def remove_run_folder(path: str) -> None:
    """The run folder goes, whatever modes the learner's code gave the folders it made there.

    ``os.mkdir("d", 0)`` makes a folder its owner cannot list, and ``shutil.rmtree`` leaves it
    (and so the run folder) behind. Called once every process of the run has ended, so nothing
    swaps a folder for a symlink in between; symlinks are never followed.
    """
    try:
        os.rmdir(path)  # in a namespace the run's files were in its own memory: the folder is empty
        return
    except OSError:
        pass  # not empty (a run outside a namespace), or gone already
    shutil.rmtree(path, ignore_errors=True)
    if not os.path.lexists(path) or os.name == "nt":
        return
    for root, folders, _files in os.walk(path):
        for name in folders:
            folder = os.path.join(root, name)
            if not os.path.islink(folder):
                try:
                    os.chmod(folder, 0o700)
                except OSError:
                    pass
    shutil.rmtree(path, ignore_errors=True)
