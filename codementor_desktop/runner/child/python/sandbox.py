"""What the child does to itself before the learner's code runs: limits, a guard, captured output.

The guard is an audit hook (PEP 578). It turns sockets, new processes, signals to other
processes, native code and writes outside the working directory into ``SandboxViolation``, an
error a learner can read. It is a practice fence, not a security boundary: the README says so.
"""

import io
import os
import sys


class SandboxViolation(PermissionError):
    """The learner's code tried something the practice sandbox does not allow."""


class OutputLimitExceeded(BaseException):
    """More output than the run may capture (a BaseException so ``except Exception`` misses it)."""


class TimeLimitExceeded(BaseException):
    """The test ran past its time limit (raised by an interval timer; the message says which)."""


class OperationsExceeded(BaseException):
    """The test ran more line events than its budget (TLE for operations, see ``LineCounter``)."""


_PROCESS_EVENTS = {
    "os.system": "starting other programs",
    "os.fork": "starting processes",
    "os.forkpty": "starting processes",
    "os.exec": "starting other programs",
    "os.posix_spawn": "starting other programs",
    "os.spawn": "starting other programs",
    "os.startfile": "starting other programs",
    "subprocess.Popen": "starting other programs",
    "_winapi.CreateProcess": "starting other programs",
}
_NETWORK_EVENTS = (
    "socket.__new__",
    "socket.connect",
    "socket.bind",
    "socket.getaddrinfo",
    "socket.gethostbyname",
    "socket.gethostbyaddr",
    "socket.sendto",
)
# Modules that only do what the guard refuses: importing them fails as a missing module does, so
# that the standard library's optional imports (``subprocess`` of ``_winapi``, ``asyncio`` of
# ``ssl``) go on without them. ``socket`` and ``subprocess`` import (``asyncio`` needs both);
# their calls are refused when made: a socket other than a local pair, a new process.
_BLOCKED_IMPORTS = ("_ctypes", "ctypes", "_winapi", "_multiprocessing", "_ssl")
_AF_UNIX = 1  # socket.socketpair(), which asyncio's event loop wakes itself with
# fcntl commands that name the process a descriptor's SIGIO goes to, or its signal (Linux
# F_SETOWN, F_SETSIG, F_SETOWN_EX; macOS F_SETOWN); the same through ioctl (FIOSETOWN, SIOCSPGRP).
_SIGNAL_OWNER = (6,) if sys.platform == "darwin" else (8, 10, 15)
_IOCTL_SIGNAL_OWNER = (0x8004667C, 0x80047308) if sys.platform == "darwin" else (0x8901, 0x8902)
# What changes another process's scheduling (the app's, without a namespace): its first argument
# is a process id, 0 for the caller. No audit event covers them: they are wrapped.
_SCHEDULING = ("sched_setscheduler", "sched_setparam", "sched_setaffinity")
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC
_PATH_EVENTS = (
    "os.remove",
    "os.rename",
    "os.rmdir",
    "os.mkdir",
    "os.truncate",
    "os.chmod",
    "os.chown",
    "os.symlink",
    "os.link",
    "os.utime",
    "shutil.rmtree",
    "shutil.copyfile",
    "shutil.move",
    "os.chdir",
)


def apply_limits(limits):
    """Resource limits on this very process (POSIX), set at its start rather than by preexec_fn."""
    try:
        import resource
    except ImportError:  # Windows: the parent's Job Object holds the limits
        return
    cpu = int(limits.get("cpu_seconds") or 0)
    if cpu > 0:
        _set(resource, "RLIMIT_CPU", cpu, cpu + 1)
    memory_mb = int(limits.get("memory_mb") or 0)
    if memory_mb > 0 and sys.platform.startswith("linux"):
        # The interpreter is already mapped: the learner gets memory_mb on top of it.
        limit = memory_mb * 1024 * 1024 + _mapped_bytes()
        _set(resource, "RLIMIT_AS", limit, limit)
    file_mb = int(limits.get("file_mb") or 0)
    if file_mb > 0:
        _set(resource, "RLIMIT_FSIZE", file_mb * 1024 * 1024, file_mb * 1024 * 1024)
    _set(resource, "RLIMIT_CORE", 0, 0)
    _set(resource, "RLIMIT_NPROC", 0, 0)  # no effect for root; the guard covers that case


def _set(resource, name, soft, hard):
    which = getattr(resource, name, None)
    if which is None:
        return
    try:
        old_soft, old_hard = resource.getrlimit(which)
        if old_hard != resource.RLIM_INFINITY:
            hard = min(hard, old_hard)
            soft = min(soft, hard)
        resource.setrlimit(which, (soft, hard))
    except (ValueError, OSError):
        pass


def _mapped_bytes():
    try:
        with open("/proc/self/statm") as handle:
            pages = int(handle.read().split()[0])
        return pages * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 64 * 1024 * 1024


def peak_memory_kb():
    """The most memory this process has held, in KB (None where it cannot be read)."""
    # VmHWM belongs to this program image; ru_maxrss on Linux also counts the parent it forked from.
    try:
        with open("/proc/self/status") as handle:
            for line in handle:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    try:
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak // 1024 if sys.platform == "darwin" else peak
    except (ImportError, OSError):
        return None


def install_guard(workdir, allowed_read_only=()):
    """Install the audit hook. ``workdir`` is the only place the learner's code may write."""
    root = os.path.realpath(workdir)
    own_pid = os.getpid()
    state = {"active": True}

    def inside(path):
        if isinstance(path, int) or path is None:
            return True
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        if path in (os.devnull, "/dev/stdout", "/dev/stderr"):
            return True
        full = os.path.realpath(os.path.join(root, path))
        return full == root or full.startswith(root + os.sep)

    def hook(event, args):
        if not state["active"]:
            return
        if event == "open":
            path, mode, flags = args
            writing = (mode is not None and any(c in str(mode) for c in "wax+")) or (
                mode is None and isinstance(flags, int) and flags & _WRITE_FLAGS
            )
            if writing and not inside(path):
                raise SandboxViolation("Writing files outside the run's own folder is not allowed here (%s)." % (path,))
            return
        if event in _PROCESS_EVENTS:
            raise SandboxViolation(
                "%s is not allowed in the practice sandbox (%s)." % (_PROCESS_EVENTS[event].capitalize(), event)
            )
        if event == "socket.__new__" and len(args) > 1 and args[1] == _AF_UNIX:
            return  # a local socket; connecting or binding it is refused below
        if event in _NETWORK_EVENTS:
            raise SandboxViolation("Network access is not allowed in the practice sandbox (%s)." % event)
        if event in ("os.kill", "os.killpg", "signal.pthread_kill"):
            if event == "os.kill" and args and args[0] == own_pid:
                return
            raise SandboxViolation("Sending signals to other processes is not allowed here (%s)." % event)
        if event == "fcntl.fcntl" and len(args) > 1 and args[1] in _SIGNAL_OWNER:
            raise SandboxViolation("Sending signals to other processes is not allowed here (fcntl F_SETOWN).")
        if event == "fcntl.ioctl" and len(args) > 1 and args[1] in _IOCTL_SIGNAL_OWNER:
            raise SandboxViolation("Sending signals to other processes is not allowed here (ioctl FIOSETOWN).")
        if event == "resource.prlimit" and args and args[0] not in (0, own_pid):
            raise SandboxViolation("Changing another process's limits is not allowed here (resource.prlimit).")
        if event.startswith("ctypes."):
            raise SandboxViolation("Native code (ctypes) is not allowed in the practice sandbox.")
        if event == "import" and args and (args[0] in _BLOCKED_IMPORTS or args[0] in _BLOCKED_ONCE_LOADED):
            raise ModuleNotFoundError("The module %r is not available in the practice sandbox." % args[0], name=args[0])
        if event in _PATH_EVENTS:
            for path in args[:2]:
                if isinstance(path, (str, bytes)) and not inside(path):
                    raise SandboxViolation(
                        "Changing files outside the run's own folder is not allowed here (%s)." % event
                    )

    # A module imported before the guard (the frozen app imports some at start) would not raise
    # the "import" event again: forget them so that the learner's import is seen.
    for name in _BLOCKED_IMPORTS:
        sys.modules.pop(name, None)
    _refuse_fork_exec()
    _refuse_other_processes(own_pid)
    sys.addaudithook(hook)
    return state


def _refuse_other_processes(own_pid):
    """Priority and scheduling of this process only: without a namespace the app is a process of
    the same user, one ``os.setpriority`` away from nice 19."""

    def guarded(name, original, which_first):
        def call(*args):
            if len(args) < (2 if which_first else 1):
                return original(*args)  # its own TypeError
            which, pid = (args[0], args[1]) if which_first else (os.PRIO_PROCESS, args[0] if args else 0)
            if which != os.PRIO_PROCESS or pid not in (0, own_pid):
                raise SandboxViolation("Changing another process's priority is not allowed here (os.%s)." % name)
            return original(*args)

        call.__name__ = name
        return call

    if hasattr(os, "setpriority"):
        os.setpriority = guarded("setpriority", os.setpriority, True)
    for name in _SCHEDULING:
        if hasattr(os, name):
            setattr(os, name, guarded(name, getattr(os, name), False))


def _refuse_fork_exec():
    """``_posixsubprocess.fork_exec`` starts a process without an audit event: it imports (for
    ``subprocess`` and ``asyncio``) but refuses to run. Imported again after the learner removed
    it from ``sys.modules``, it is a new module: that import is refused (the hook's "import")."""
    try:
        import _posixsubprocess
    except ImportError:
        return

    def fork_exec(*args, **kwargs):
        raise SandboxViolation("Starting other programs is not allowed in the practice sandbox (fork_exec).")

    _posixsubprocess.fork_exec = fork_exec
    _BLOCKED_ONCE_LOADED.add("_posixsubprocess")


_BLOCKED_ONCE_LOADED = set()  # modules whose fresh import is refused (their first copy is tamed)


class CapturedOutput(io.TextIOBase):
    """A text stream that keeps what the learner prints, up to a budget shared by the run."""

    def __init__(self, budget):
        self._parts = []
        self._budget = budget

    def writable(self):
        return True

    def write(self, text):
        if not isinstance(text, str):
            raise TypeError("write() argument must be str, not %s" % type(text).__name__)
        if self._budget.take(len(text)):
            self._parts.append(text)
            return len(text)
        raise OutputLimitExceeded()

    def getvalue(self):
        return "".join(self._parts)

    def reset(self):
        self._parts = []

    @property
    def encoding(self):
        return "utf-8"


class OutputBudget:
    """How many characters of output the whole run may still produce."""

    def __init__(self, limit):
        self.limit = limit
        self.used = 0

    def take(self, count):
        self.used += count
        return self.used <= self.limit
