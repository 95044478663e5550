"""The kernel's fences, raised by the child around itself before any learner code runs (Linux).

The parent decides which layers a run gets (``runner/containment.py`` probes the kernel once)
and hands this module a plan: ``{"landlock": ABI, "seccomp": bool, "read": [...], "write":
[...]}``. In order:

1. ``PR_SET_PDEATHSIG``: the child dies with its parent.
2. Landlock: read-only access to the paths in ``read`` (the interpreter, its libraries, the
   harness), read-write to ``write`` (the run folder) and nothing else; ``/dev/null`` and this
   process's own ``/proc`` entry are always allowed. From ABI 4 no TCP bind or connect; from ABI
   6 no signals to, and no abstract sockets of, processes outside the sandbox. The kernel checks
   the object actually opened, so relative paths, ``dir_fd``, ``fchdir`` and a symlink swapped
   after a check are all held.
3. seccomp (``seccomp_filter.py``): no new processes, no exec, no reaching other processes.

A layer the plan asks for and the kernel refuses raises ``ConfinementError``: the run stops
rather than go on with less than the parent reports.

Run as a script (``python -I -S confinement.py PLAN -- node ...``, or ``CodeMentor --confine``
in the frozen app) it is the launcher of a program that cannot fence itself (Node): it sets
the plan's resource limits, raises the same fences, and replaces itself with the program by
the one ``execve`` its seccomp filter lets through.

System calls go through ``_ctypes`` directly: ``import ctypes`` costs a fresh interpreter about
6 ms, ``_ctypes`` under 1 ms. Nothing of it stays reachable once the fences are up. Standard
library only, Python 3.9.
"""

import os
import struct
import sys

try:
    from . import fastjson, seccomp_filter
except ImportError:  # a script under -I: its folder is not on the path by itself
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import fastjson
    import seccomp_filter

PR_SET_PDEATHSIG = 1
PR_SET_NO_NEW_PRIVS = 38
SIGKILL = 9
SECCOMP_SET_MODE_FILTER = 1
SECCOMP_FILTER_FLAG_TSYNC = 1
LANDLOCK_CREATE_RULESET, LANDLOCK_ADD_RULE, LANDLOCK_RESTRICT_SELF = 444, 445, 446
LANDLOCK_CREATE_RULESET_VERSION = 1
LANDLOCK_RULE_PATH_BENEATH = 1

# Landlock's file system rights, by ABI (include/uapi/linux/landlock.h).
EXECUTE, WRITE_FILE, READ_FILE, READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
REMOVE_DIR, REMOVE_FILE, MAKE_CHAR, MAKE_DIR = 1 << 4, 1 << 5, 1 << 6, 1 << 7
MAKE_REG, MAKE_SOCK, MAKE_FIFO, MAKE_BLOCK, MAKE_SYM = 1 << 8, 1 << 9, 1 << 10, 1 << 11, 1 << 12
REFER, TRUNCATE, IOCTL_DEV = 1 << 13, 1 << 14, 1 << 15
NET_BIND_TCP, NET_CONNECT_TCP = 1 << 0, 1 << 1
SCOPE_ABSTRACT_UNIX_SOCKET, SCOPE_SIGNAL = 1 << 0, 1 << 1
FILE_RIGHTS = EXECUTE | WRITE_FILE | READ_FILE | TRUNCATE | IOCTL_DEV
READ_RIGHTS = READ_FILE | READ_DIR
WRITE_RIGHTS = (
    READ_FILE | READ_DIR | WRITE_FILE | REMOVE_DIR | REMOVE_FILE | MAKE_DIR | MAKE_REG | MAKE_FIFO | MAKE_SYM
    | REFER | TRUNCATE
)  # fmt: skip


class ConfinementError(RuntimeError):
    """The kernel refused a fence the parent asked for."""


def handled_rights(abi):
    """What a ruleset of this ABI handles: (file system, network, scopes)."""
    fs = (1 << 13) - 1
    if abi >= 2:
        fs |= REFER
    if abi >= 3:
        fs |= TRUNCATE
    if abi >= 5:
        fs |= IOCTL_DEV
    net = NET_BIND_TCP | NET_CONNECT_TCP if abi >= 4 else 0
    scoped = SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL if abi >= 6 else 0
    return fs, net, scoped


class _Kernel(object):
    """``syscall``, ``prctl`` and ``execve`` of the C library, through ``_ctypes``."""

    def __init__(self):
        import _ctypes

        class Long(_ctypes._SimpleCData):
            _type_ = "l"

        class Char(_ctypes._SimpleCData):
            _type_ = "c"

        class Pointer(_ctypes._SimpleCData):
            _type_ = "P"

        class Function(_ctypes.CFuncPtr):
            _flags_ = _ctypes.FUNCFLAG_CDECL | _ctypes.FUNCFLAG_USE_ERRNO
            _restype_ = Long

        class Library(object):
            _handle = _ctypes.dlopen(None, os.RTLD_NOW)

        self._ctypes = _ctypes
        self._long = Long
        self._char = Char
        self._pointer = Pointer
        self._syscall = Function(("syscall", Library))
        self._prctl = Function(("prctl", Library))
        self._execve = Function(("execve", Library))

    def _check(self, result, what):
        if result == -1:
            errno = self._ctypes.get_errno()
            raise ConfinementError("%s: %s" % (what, os.strerror(errno)))
        return result

    def syscall(self, what, number, *args):
        return self._check(self._syscall(*[self._arg(a) for a in (number,) + args]), what)

    def prctl(self, what, *args):
        return self._check(self._prctl(*[self._arg(a) for a in args + (0,) * (5 - len(args))]), what)

    def _arg(self, value):
        return value if isinstance(value, bytes) else self._long(value)

    def buffer(self, data):
        """A buffer that stays where it is, and its address (for structures holding pointers)."""
        kind = type("Buffer", (self._ctypes.Array,), {"_type_": self._char, "_length_": len(data)})
        held = kind.from_buffer_copy(data)
        return held, self._ctypes.addressof(held)

    def pointers(self, addresses):
        kind = type("Pointers", (self._ctypes.Array,), {"_type_": self._pointer, "_length_": len(addresses) + 1})
        held = kind(*addresses)
        return held, self._ctypes.addressof(held)

    def execve(self, path_address, argv_address, envp_address, what):
        self._execve(self._long(path_address), self._long(argv_address), self._long(envp_address))
        self._check(-1, what)


def landlock_abi(kernel=None):
    """The Landlock ABI this kernel offers (0: none, or disabled)."""
    try:
        kernel = kernel or _Kernel()
        return kernel.syscall("landlock", LANDLOCK_CREATE_RULESET, 0, 0, LANDLOCK_CREATE_RULESET_VERSION)
    except (ConfinementError, OSError, ImportError, AttributeError):
        return 0


def die_with_parent(kernel):
    kernel.prctl("prctl(PR_SET_PDEATHSIG)", PR_SET_PDEATHSIG, SIGKILL)


def landlock(kernel, abi, read, write, execute=()):
    """Restrict this process (and what it execs) to the plan's paths."""
    fs, net, scoped = handled_rights(abi)
    attr = struct.pack("=Q", fs)
    if abi >= 4:
        attr += struct.pack("=Q", net)
    if abi >= 6:
        attr += struct.pack("=Q", scoped)
    ruleset = kernel.syscall("landlock_create_ruleset", LANDLOCK_CREATE_RULESET, attr, len(attr), 0)
    try:
        rules = [(path, READ_RIGHTS) for path in read]
        rules += [(path, WRITE_RIGHTS) for path in write]
        rules += [(path, EXECUTE | READ_FILE) for path in execute]
        rules += [
            (os.devnull, READ_FILE | WRITE_FILE | TRUNCATE | IOCTL_DEV),
            ("/dev/urandom", READ_FILE),
            ("/dev/zero", READ_FILE),
            ("/proc/self/", READ_RIGHTS),  # this process only: the path resolves to /proc/<pid>
        ]
        for path, rights in rules:
            _add_rule(kernel, ruleset, path, rights & fs)
        kernel.prctl("prctl(PR_SET_NO_NEW_PRIVS)", PR_SET_NO_NEW_PRIVS, 1)
        kernel.syscall("landlock_restrict_self", LANDLOCK_RESTRICT_SELF, ruleset, 0)
    finally:
        os.close(ruleset)


def _add_rule(kernel, ruleset, path, rights):
    try:
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError:
        return  # not on this system (/lib32, a missing zoneinfo): nothing to allow
    try:
        if not os.path.isdir(path):
            rights &= FILE_RIGHTS
        attr = struct.pack("=Qi", rights, fd)
        kernel.syscall("landlock_add_rule %s" % path, LANDLOCK_ADD_RULE, ruleset, LANDLOCK_RULE_PATH_BENEATH, attr, 0)
    finally:
        os.close(fd)


def seccomp(kernel, exec_path_address=None):
    """Install the filter of ``seccomp_filter`` on every thread of this process."""
    machine = os.uname().machine
    if not seccomp_filter.supported(machine):
        raise ConfinementError("seccomp: no filter for %s" % machine)
    program = seccomp_filter.build(machine, os.getpid(), exec_path_address)
    held, address = kernel.buffer(program)
    fprog = struct.pack("@HP", len(program) // 8, address)
    kernel.prctl("prctl(PR_SET_NO_NEW_PRIVS)", PR_SET_NO_NEW_PRIVS, 1)
    number = seccomp_filter.ARCHES[machine]["seccomp"]
    kernel.syscall("seccomp", number, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, fprog)
    del held


_made_before = []  # a kernel made while a standby child waits for its job (make_ready)


def make_ready():
    """Make the C library's calls now, while nothing waits (a standby child, before its job):
    ``apply`` takes them and keeps no reference, so they are not reachable once it returns."""
    if sys.platform.startswith("linux") and not _made_before:
        try:
            _made_before.append(_Kernel())
        except (ImportError, AttributeError, OSError):
            pass  # apply says so, as it always did


def apply(plan, kernel=None, execute=(), exec_path_address=None):
    """Raise the plan's fences around this process; returns the layers now up, in order."""
    made = _made_before.pop() if _made_before else None
    if not plan or not sys.platform.startswith("linux"):
        return []
    kernel = kernel or made or _Kernel()
    layers = []
    die_with_parent(kernel)
    abi = int(plan.get("landlock") or 0)
    if abi > 0:
        landlock(kernel, abi, plan.get("read") or [], plan.get("write") or [], execute)
        layers.append("landlock")
    if plan.get("seccomp"):
        seccomp(kernel, exec_path_address)
        layers.append("seccomp")
    return layers


def set_limits(limits):
    """The plan's resource limits, ``[[name, soft, hard], ...]``, on this process."""
    import resource

    for name, soft, hard in limits:
        resource.setrlimit(getattr(resource, name), (soft, hard))


def probe():
    """Raise every fence on this (short-lived) process and print what held, as JSON."""
    found = {"landlock": 0, "seccomp": False}
    try:
        kernel = _Kernel()
    except (ImportError, AttributeError, OSError) as exc:
        found["landlock_error"] = found["seccomp_error"] = "no _ctypes here (%s)" % exc
        sys.stdout.write(fastjson.dumps(found) + "\n")
        return 0
    abi = landlock_abi(kernel)
    try:
        if abi > 0:
            landlock(kernel, abi, [], [])
            found["landlock"] = abi
    except ConfinementError as exc:
        found["landlock_error"] = str(exc)
    try:
        seccomp(kernel)
        found["seccomp"] = True
    except ConfinementError as exc:
        found["seccomp_error"] = str(exc)
    sys.stdout.write(fastjson.dumps(found) + "\n")
    return 0


def launch(argv):
    """``PLAN -- PROGRAM ARGS...``: fence this process, then become PROGRAM (the Node launcher)."""
    if argv[:1] == ["--probe"]:
        return probe()
    if len(argv) < 3 or argv[1] != "--":
        sys.stderr.write("usage: confinement.py PLAN -- PROGRAM [ARGS...]\n")
        return 2
    plan = fastjson.loads(argv[0])
    program = argv[2:]
    try:
        set_limits(plan.get("limits") or [])
        if not (plan.get("landlock") or plan.get("seccomp")):
            os.execv(program[0], program)  # in a namespace alone: the limits were all it had to set
        kernel = _Kernel()
        # The seccomp filter lets through one execve: the one naming this very buffer.
        encode = os.fsencode
        path_buffer, path_address = kernel.buffer(encode(program[0]) + b"\0")
        held = [kernel.buffer(encode(arg) + b"\0") for arg in program]
        env = [kernel.buffer(encode(k) + b"=" + encode(v) + b"\0") for k, v in os.environ.items()]
        argv_array, argv_address = kernel.pointers([address for _, address in held])
        envp_array, envp_address = kernel.pointers([address for _, address in env])
        apply(plan, kernel, plan.get("execute") or [], path_address)
        kernel.execve(path_address, argv_address, envp_address, "execve %s" % program[0])
    except (ConfinementError, OSError, ValueError, ImportError) as exc:
        sys.stderr.write("codementor: the run's fences could not be raised: %s\n" % exc)
    return 70  # execve returns only on failure


if __name__ == "__main__":
    sys.exit(launch(sys.argv[1:]))
