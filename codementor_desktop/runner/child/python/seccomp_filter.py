"""The child's seccomp filter: which system calls learner code may not make, as classic BPF.

Built inside the child (it names the child's own process id) and installed by confinement.py
just before the learner's code runs. Default allow, then refuse with ``EPERM``:

- new processes (``fork``, ``vfork``, ``clone`` without ``CLONE_THREAD``): the interpreter's own
  threads still start; ``clone3`` gets ``ENOSYS``, which makes the C library fall back to
  ``clone``, whose flags a filter can read;
- ``execve``/``execveat`` (the Node launcher may exec exactly once: the one call whose path is
  its own buffer, an address nothing in the new program can name; a filter that bubblewrap
  installs just before it execs Node lets ``execve`` through, as bubblewrap needs it);
- reaching other processes: ``ptrace``, ``process_vm_readv``/``writev``, pidfds, and signals
  (``kill``, ``tgkill``, ``rt_sigqueueinfo``...) to any process but this one;
- sockets of any kind (``socketpair`` stays: it reaches nothing);
- what the kernel's file rules (Landlock) do not cover: permissions, owners, times and extended
  attributes of files, mounts, namespaces, kernel modules and keys, ``io_uring`` (its operations
  bypass seccomp), file handles;
- clearing the parent-death signal (``prctl(PR_SET_PDEATHSIG)``), and naming another process as
  the one a descriptor signals (``fcntl(F_SETOWN)``, ``F_SETOWN_EX``, ``F_SETSIG``, and the
  same through ``ioctl(FIOSETOWN)`` and ``ioctl(SIOCSPGRP)``: ``SIGIO`` kills by default);
- changing another process's limits or scheduling: ``prlimit64``, ``sched_setscheduler``,
  ``sched_setparam``, ``sched_setaffinity``, ``sched_setattr``, ``migrate_pages`` and
  ``move_pages`` pass only for process id 0 or this process; ``setpriority`` and ``ioprio_set``
  only for this process (not its process group, not every process of its user). Without a
  namespace, another process of the same user is the app: one ``prlimit`` ends it;
- what a learner who runs as root could do to the whole machine without a namespace: its clock
  (``settimeofday``, ``clock_settime``, ``adjtimex``), its name, I/O ports, the kernel's log,
  ``fanotify``;
- System V IPC (``shmget``, ``msgget``, ``semget`` and their calls) and POSIX message queues
  (``mq_open``): both outlive the process unless a namespace of their own holds them. The old
  ``ipc`` multiplexer exists only in 32-bit ABIs, refused as a whole below.

A system call of another ABI (32-bit ``int 0x80`` or x32 on x86-64) is refused as a whole.
Standard library only, and parses as Python 3.9: it runs inside the child.
"""

import struct

EPERM = 1
ENOSYS = 38
CLONE_THREAD = 0x00010000
PR_SET_PDEATHSIG = 1
F_SETOWN, F_SETSIG, F_SETOWN_EX = 8, 10, 15  # who gets SIGIO for a descriptor, and which signal
FIOSETOWN, SIOCSPGRP = 0x8901, 0x8902  # the same owner through ioctl, on a socket
PRIO_PROCESS = 0  # setpriority's "which": a process (not a group, not a user)
IOPRIO_WHO_PROCESS = 1

# struct seccomp_data: int nr; __u32 arch; __u64 instruction_pointer; __u64 args[6]
_NR, _ARCH = 0, 4


def _arg_low(index):
    return 16 + 8 * index


def _arg_high(index):
    return 16 + 8 * index + 4


RET_ALLOW = 0x7FFF0000
RET_ERRNO = 0x00050000
_LD_ABS = 0x20  # BPF_LD | BPF_W | BPF_ABS
_JEQ = 0x15  # BPF_JMP | BPF_JEQ | BPF_K
_JGE = 0x35  # BPF_JMP | BPF_JGE | BPF_K
_JSET = 0x45  # BPF_JMP | BPF_JSET | BPF_K
_RET = 0x06  # BPF_RET | BPF_K

# Per architecture: the audit arch, and system call numbers (the asm-generic table for aarch64,
# which has no fork, vfork, chmod, chown or utime calls of its own).
_COMMON = {
    "clone3": 435, "pidfd_open": 434, "pidfd_send_signal": 424, "pidfd_getfd": 438,
    "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427,
    "open_tree": 428, "move_mount": 429, "fsopen": 430, "fsconfig": 431, "fsmount": 432,
    "fspick": 433, "mount_setattr": 442, "fchmodat2": 452, "setxattrat": 463,
    "removexattrat": 466, "open_tree_attr": 467,
}  # fmt: skip
ARCHES = {
    "x86_64": {
        "audit_arch": 0xC000003E,
        "foreign_from": 0x40000000,  # x32 system calls carry this bit
        "seccomp": 317,
        "calls": dict(_COMMON, **{
            "fork": 57, "vfork": 58, "clone": 56, "execve": 59, "execveat": 322, "ptrace": 101,
            "process_vm_readv": 310, "process_vm_writev": 311, "kill": 62, "tkill": 200,
            "tgkill": 234, "rt_sigqueueinfo": 129, "rt_tgsigqueueinfo": 297, "socket": 41,
            "mount": 165, "umount2": 166, "pivot_root": 155, "chroot": 161, "unshare": 272,
            "setns": 308, "bpf": 321, "perf_event_open": 298, "userfaultfd": 323, "keyctl": 250,
            "add_key": 248, "request_key": 249, "init_module": 175, "finit_module": 313,
            "delete_module": 176, "kexec_load": 246, "kexec_file_load": 320, "reboot": 169,
            "swapon": 167, "swapoff": 168, "acct": 163, "name_to_handle_at": 303,
            "open_by_handle_at": 304, "chmod": 90, "fchmod": 91, "fchmodat": 268, "chown": 92,
            "fchown": 93, "lchown": 94, "fchownat": 260, "setxattr": 188, "lsetxattr": 189,
            "fsetxattr": 190, "removexattr": 197, "lremovexattr": 198, "fremovexattr": 199,
            "utime": 132, "utimes": 235, "futimesat": 261, "utimensat": 280, "prctl": 157,
            "quotactl": 179, "kcmp": 312, "fcntl": 72, "ioctl": 16, "prlimit64": 302,
            "setpriority": 141, "sched_setparam": 142, "sched_setscheduler": 144,
            "sched_setaffinity": 203, "sched_setattr": 314, "ioprio_set": 251,
            "migrate_pages": 256, "move_pages": 279, "shmget": 29, "shmat": 30, "shmctl": 31,
            "semget": 64, "semop": 65, "semctl": 66, "semtimedop": 220, "msgget": 68,
            "msgsnd": 69, "msgrcv": 70, "msgctl": 71, "mq_open": 240, "settimeofday": 164,
            "clock_settime": 227, "adjtimex": 159, "clock_adjtime": 305, "sethostname": 170,
            "setdomainname": 171, "iopl": 172, "ioperm": 173, "syslog": 103, "vhangup": 153,
            "fanotify_init": 300,
        }),
    },
    "aarch64": {
        "audit_arch": 0xC00000B7,
        "foreign_from": None,
        "seccomp": 277,
        "calls": dict(_COMMON, **{
            "clone": 220, "execve": 221, "execveat": 281, "ptrace": 117, "process_vm_readv": 270,
            "process_vm_writev": 271, "kill": 129, "tkill": 130, "tgkill": 131,
            "rt_sigqueueinfo": 138, "rt_tgsigqueueinfo": 240, "socket": 198, "mount": 40,
            "umount2": 39, "pivot_root": 41, "chroot": 51, "unshare": 97, "setns": 268, "bpf": 280,
            "perf_event_open": 241, "userfaultfd": 282, "keyctl": 219, "add_key": 217,
            "request_key": 218, "init_module": 105, "finit_module": 273, "delete_module": 106,
            "kexec_load": 104, "kexec_file_load": 294, "reboot": 142, "swapon": 224, "swapoff": 225,
            "acct": 89, "name_to_handle_at": 264, "open_by_handle_at": 265, "fchmod": 52,
            "fchmodat": 53, "fchown": 55, "fchownat": 54, "setxattr": 5, "lsetxattr": 6,
            "fsetxattr": 7, "removexattr": 14, "lremovexattr": 15, "fremovexattr": 16,
            "utimensat": 88, "prctl": 167, "quotactl": 60, "kcmp": 272, "fcntl": 25,
            "ioctl": 29, "prlimit64": 261, "setpriority": 140, "sched_setparam": 118,
            "sched_setscheduler": 119, "sched_setaffinity": 122, "sched_setattr": 274,
            "ioprio_set": 30, "migrate_pages": 238, "move_pages": 239, "shmget": 194,
            "shmctl": 195, "shmat": 196, "semget": 190, "semctl": 191, "semtimedop": 192,
            "semop": 193, "msgget": 186, "msgctl": 187, "msgrcv": 188, "msgsnd": 189,
            "mq_open": 180, "settimeofday": 170, "clock_settime": 112, "adjtimex": 171,
            "clock_adjtime": 266, "sethostname": 161, "setdomainname": 162, "syslog": 116,
            "vhangup": 58, "fanotify_init": 262,
        }),
    },
}  # fmt: skip

REFUSED = (
    "fork", "vfork", "ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "tkill",
    "pidfd_open", "pidfd_send_signal", "pidfd_getfd", "socket", "mount", "umount2", "pivot_root",
    "chroot", "unshare", "setns", "bpf", "perf_event_open", "userfaultfd", "keyctl", "add_key",
    "request_key", "init_module", "finit_module", "delete_module", "kexec_load", "kexec_file_load",
    "reboot", "swapon", "swapoff", "acct", "name_to_handle_at", "open_by_handle_at", "open_tree",
    "move_mount", "fsopen", "fsconfig", "fsmount", "fspick", "mount_setattr", "open_tree_attr",
    "quotactl", "io_uring_setup", "io_uring_enter", "io_uring_register", "execveat",
    "chmod", "fchmod", "fchmodat", "fchmodat2", "chown", "fchown", "lchown", "fchownat",
    "setxattr", "lsetxattr", "fsetxattr", "removexattr", "lremovexattr", "fremovexattr",
    "setxattrat", "removexattrat", "utime", "utimes", "futimesat", "utimensat",
    "shmget", "shmat", "shmctl", "semget", "semop", "semctl", "semtimedop", "msgget", "msgsnd",
    "msgrcv", "msgctl", "mq_open", "ipc", "settimeofday", "clock_settime", "adjtimex",
    "clock_adjtime", "sethostname", "setdomainname", "iopl", "ioperm", "syslog", "vhangup",
    "fanotify_init",
)  # fmt: skip
SIGNALS = ("kill", "tgkill", "rt_sigqueueinfo", "rt_tgsigqueueinfo")  # first argument: a process id
# First argument a process id, where 0 means the caller: only 0 or this process passes.
OWN_PROCESS_ONLY = (
    "prlimit64", "sched_setscheduler", "sched_setparam", "sched_setaffinity", "sched_setattr",
    "migrate_pages", "move_pages",
)  # fmt: skip
# First argument what the second names (a process, a group, a user): only this process passes.
WHO_IS_OWN_PROCESS = {"setpriority": PRIO_PROCESS, "ioprio_set": IOPRIO_WHO_PROCESS}


def supported(machine):
    """True when a filter can be built for this machine (``platform.machine()`` / ``os.uname``)."""
    return machine in ARCHES


class _Program:
    """Classic BPF with named labels; jumps are resolved when the program is packed."""

    def __init__(self):
        self.code = []
        self.labels = {}

    def load(self, offset):
        self.code.append((_LD_ABS, None, None, offset))

    def jump(self, op, value, if_true, if_false=None):
        self.code.append((op, if_true, if_false, value))

    def ret(self, value):
        self.code.append((_RET, None, None, value))

    def label(self, name):
        self.labels[name] = len(self.code)

    def pack(self):
        out = []
        for index, (op, if_true, if_false, value) in enumerate(self.code):
            jt = self._offset(index, if_true)
            jf = self._offset(index, if_false)
            out.append(struct.pack("=HBBI", op, jt, jf, value & 0xFFFFFFFF))
        return b"".join(out)

    def _offset(self, index, target):
        if target is None:
            return 0
        distance = self.labels[target] - index - 1
        if not 0 <= distance < 256:
            raise ValueError("seccomp filter jump out of range")
        return distance


def build(machine, own_pid, exec_path_address=None, allow_exec=False):
    """The filter for this process as packed ``struct sock_filter`` entries.

    ``exec_path_address``: the address of the one path buffer an ``execve`` may name (the Node
    launcher's); None refuses every ``execve``, unless ``allow_exec`` (a filter bubblewrap
    installs before it execs the program itself).
    """
    arch = ARCHES[machine]
    calls = arch["calls"]
    program = _Program()
    program.load(_ARCH)
    program.jump(_JEQ, arch["audit_arch"], None, "deny")
    program.load(_NR)
    if arch["foreign_from"] is not None:
        program.jump(_JGE, arch["foreign_from"], "deny")
    for name in REFUSED:
        if name in calls:
            program.jump(_JEQ, calls[name], "deny")
    program.jump(_JEQ, calls["clone3"], "nosys")
    program.jump(_JEQ, calls["clone"], "clone")
    program.jump(_JEQ, calls["execve"], "execve")
    program.jump(_JEQ, calls["prctl"], "prctl")
    program.jump(_JEQ, calls["fcntl"], "fcntl")
    program.jump(_JEQ, calls["ioctl"], "ioctl")
    for name in SIGNALS:
        program.jump(_JEQ, calls[name], "signal")
    for name in OWN_PROCESS_ONLY:
        program.jump(_JEQ, calls[name], "own_or_zero")
    for name in WHO_IS_OWN_PROCESS:
        program.jump(_JEQ, calls[name], name)
    program.ret(RET_ALLOW)

    program.label("clone")
    program.load(_arg_low(0))
    program.jump(_JSET, CLONE_THREAD, "allow", "deny")

    program.label("signal")
    program.load(_arg_low(0))
    program.jump(_JEQ, own_pid, "allow", "deny")

    program.label("prctl")
    program.load(_arg_low(0))
    program.jump(_JEQ, PR_SET_PDEATHSIG, "deny", "allow")

    program.label("fcntl")
    program.load(_arg_low(1))
    program.jump(_JEQ, F_SETOWN, "deny")
    program.jump(_JEQ, F_SETSIG, "deny")
    program.jump(_JEQ, F_SETOWN_EX, "deny", "allow")

    program.label("ioctl")
    program.load(_arg_low(1))
    program.jump(_JEQ, FIOSETOWN, "deny")
    program.jump(_JEQ, SIOCSPGRP, "deny", "allow")

    for name, which in WHO_IS_OWN_PROCESS.items():
        program.label(name)
        program.load(_arg_low(0))
        program.jump(_JEQ, which, None, "deny")
        program.load(_arg_low(1))
        program.jump(_JEQ, 0, "allow")
        program.jump(_JEQ, own_pid, "allow", "deny")

    program.label("own_or_zero")
    program.load(_arg_low(0))
    program.jump(_JEQ, 0, "allow")
    program.jump(_JEQ, own_pid, "allow", "deny")

    program.label("execve")
    if allow_exec:
        program.ret(RET_ALLOW)
    elif exec_path_address is not None:
        program.load(_arg_low(0))
        program.jump(_JEQ, exec_path_address & 0xFFFFFFFF, None, "deny")
        program.load(_arg_high(0))
        program.jump(_JEQ, exec_path_address >> 32, "allow", "deny")

    program.label("deny")
    program.ret(RET_ERRNO | EPERM)
    program.label("nosys")
    program.ret(RET_ERRNO | ENOSYS)
    program.label("allow")
    program.ret(RET_ALLOW)
    return program.pack()
