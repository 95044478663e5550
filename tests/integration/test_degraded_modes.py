"""Learner code aims at the app from a real child, in each mode the app runs in (``MODES``: all
layers; no namespaces, as on Ubuntu 24.04; seccomp only, as below Landlock ABI 6; guard only, as
on macOS and Windows), and the app must come out unharmed: its limits, its scheduling, its
priority and CPUs, no SIGIO, nothing of the run left in System V IPC, POSIX message queues or
``/dev/shm``.

The run happens inside a separate "app" process started in a session of its own (so a reniced or
limited app is that process, not the test session); the app looks at itself after the run and
reports, and removes whatever the run left so that this machine stays clean.
"""

from __future__ import annotations

import json
import subprocess
import sys
import uuid

import pytest

from codementor_desktop.runner.containment import GUARD_ONLY, MODES, NO_NAMESPACES, SECCOMP_ONLY, probe
from tests.attacks import ATTEMPT
from tests.conftest import REPO

KERNEL = probe()
pytestmark = pytest.mark.skipif(
    not (KERNEL.bwrap and KERNEL.landlock_abi >= 6 and KERNEL.seccomp),
    reason=f"needs bubblewrap, Landlock ABI 6 and seccomp here to compare the modes: {KERNEL.missing}",
)
SECCOMP_MODES = [mode for mode in MODES if MODES[mode].seccomp]

APP = r"""
import ctypes, json, os, resource, sys
from codementor_desktop.runner.app_process import protect_app_process
from codementor_desktop.runner.containment import MODES
from codementor_desktop.runner.local import LocalRunner
from codementor_desktop.runner.protocol import Limits, execute_job
from codementor_desktop.runner.results import executed_once

protect_app_process()
spec = json.loads(sys.argv[1])


def sysv():
    found = set()
    for kind in ("shm", "msg", "sem"):
        try:
            with open("/proc/sysvipc/" + kind) as table:
                found |= {(kind, int(line.split()[1])) for line in list(table)[1:]}
        except OSError:
            pass
    return found


def state():
    libc = ctypes.CDLL(None, use_errno=True)
    ioprio_get = {"x86_64": 252, "aarch64": 31}[os.uname().machine]
    return {
        "cpu": list(resource.getrlimit(resource.RLIMIT_CPU)),
        "nofile": list(resource.getrlimit(resource.RLIMIT_NOFILE)),
        "policy": os.sched_getscheduler(0),
        "nice": os.getpriority(os.PRIO_PROCESS, 0),
        "cpus": sorted(os.sched_getaffinity(0)),
        "ioprio": libc.syscall(ioprio_get, 1, 0),
    }


before, ipc_before = state(), sysv()
shm_before = set(os.listdir("/dev/shm"))
job = execute_job(spec["language"], spec["code"], Limits(timeout_seconds=5), arguments={"input_data": spec["mark"]})
job["guard"] = spec["guard"]
result = executed_once(LocalRunner(layers=MODES[spec["mode"]]).run(job, 30))
after = state()
left = sorted(sysv() - ipc_before)
libc = ctypes.CDLL(None, use_errno=True)
for kind, ident in left:  # the machine stays clean whatever the run did
    {"shm": lambda: libc.shmctl(ident, 0, None), "msg": lambda: libc.msgctl(ident, 0, None),
     "sem": lambda: libc.semctl(ident, 0, 0)}[kind]()
queue = libc.syscall({"x86_64": 241, "aarch64": 181}[os.uname().machine], spec["mark"].encode()) == 0  # mq_unlink
shm_left = sorted(set(os.listdir("/dev/shm")) - shm_before)
for name in shm_left:
    if spec["mark"] in name:
        os.unlink("/dev/shm/" + name)
print(json.dumps({"result": result, "before": before, "after": after, "ipc_left": left, "queue_left": queue,
                  "shm_left": [name for name in shm_left if spec["mark"] in name]}))
"""

PY_AT_THE_APP = (
    ATTEMPT
    + r"""
import ctypes, fcntl, json, os, resource, socket, struct
def f(mark):
    out = {}
    app = os.getppid()
    libc = ctypes.CDLL(None, use_errno=True)
    calls = {"x86_64": {"sched_setattr": 314, "ioprio_set": 251, "mq_open": 240},
             "aarch64": {"sched_setattr": 274, "ioprio_set": 30, "mq_open": 180}}[os.uname().machine]
    def raw(number, *args):
        if libc.syscall(number, *args) == -1:
            raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()))
    attempt(out, "prlimit_cpu", lambda: resource.prlimit(app, resource.RLIMIT_CPU, (1, 1)))
    attempt(out, "prlimit_nofile", lambda: resource.prlimit(app, resource.RLIMIT_NOFILE, (3, 3)))
    attempt(out, "sched_idle", lambda: os.sched_setscheduler(app, os.SCHED_IDLE, os.sched_param(0)))
    attempt(out, "sched_param", lambda: os.sched_setparam(app, os.sched_param(0)))
    attempt(out, "nice", lambda: os.setpriority(os.PRIO_PROCESS, app, 19))
    attempt(out, "nice_group", lambda: os.setpriority(os.PRIO_PGRP, os.getpgid(app), 18))
    attempt(out, "affinity", lambda: os.sched_setaffinity(app, {0}))
    attr = struct.pack("=IIQiIQQQ", 48, os.SCHED_IDLE, 0, 0, 0, 0, 0, 0)
    attempt(out, "sched_setattr", lambda: raw(calls["sched_setattr"], app, attr, 0))
    attempt(out, "ioprio", lambda: raw(calls["ioprio_set"], 1, app, 3 << 13))
    def sigio(request):
        def send():
            a, b = socket.socketpair()
            fcntl.ioctl(a, request, struct.pack("i", app))
            fcntl.fcntl(a, fcntl.F_SETFL, fcntl.fcntl(a, fcntl.F_GETFL) | os.O_ASYNC)
            b.send(b"x")
        return send
    attempt(out, "fiosetown", sigio(0x8901))
    attempt(out, "siocspgrp", sigio(0x8902))
    attempt(out, "f_setsig", lambda: fcntl.fcntl(2, 10, 9))
    def checked(value):
        if value < 0:
            raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()))
    attempt(out, "shmget", lambda: checked(libc.shmget(0, 21 << 20, 0o1600)))  # IPC_CREAT | 0600
    attempt(out, "msgget", lambda: checked(libc.msgget(0, 0o1600)))
    attempt(out, "semget", lambda: checked(libc.semget(0, 1, 0o1600)))
    attempt(out, "mq_open", lambda: raw(calls["mq_open"], mark.encode(), os.O_CREAT | os.O_RDWR, 0o600, 0))
    def posix_shm():
        with open("/dev/shm/" + mark, "wb") as handle:
            handle.write(b"x" * 4096)
    attempt(out, "posix_shm", posix_shm)
    # As root without a namespace: the machine's clock and name (set to what they are: no harm if it passes).
    attempt(out, "adjtimex", lambda: checked(libc.adjtimex(ctypes.create_string_buffer(512))))  # modes 0: reads
    name = os.uname().nodename.encode()
    attempt(out, "sethostname", lambda: checked(libc.sethostname(name, len(name))))
    # What stays the learner's own: lowering its own priority, its own limits.
    attempt(out, "own_nice", lambda: os.setpriority(os.PRIO_PROCESS, 0, 5))
    attempt(out, "own_limit", lambda: resource.prlimit(0, resource.RLIMIT_NOFILE, resource.getrlimit(resource.RLIMIT_NOFILE)))
    return json.dumps(out)
"""
)


def run_in_app(language: str, code: str, mode: str, guard: bool = False) -> dict:
    mark = "cm-" + uuid.uuid4().hex[:12]
    spec = {"language": language, "code": code, "mode": mode, "guard": guard, "mark": mark}
    done = subprocess.run(
        [sys.executable, "-c", APP, json.dumps(spec)],
        capture_output=True,
        text=True,
        timeout=90,
        cwd=REPO,
        start_new_session=True,  # a reniced or limited group is the app's, not this session's
    )
    assert done.returncode == 0, f"the app did not survive (status {done.returncode}): {done.stderr[-2000:]}"
    return json.loads(done.stdout.strip().splitlines()[-1])


def outcome_of(report: dict) -> dict:
    result = report["result"]
    assert result["verdict"] == "AC", result
    return json.loads(json.loads(result["return_value"]))


@pytest.mark.parametrize("mode", SECCOMP_MODES)
def test_learner_code_cannot_limit_renice_or_signal_the_app_nor_leave_ipc_behind(mode):
    report = run_in_app("python", PY_AT_THE_APP, mode)
    outcome = outcome_of(report)
    assert report["after"] == report["before"], outcome
    assert report["ipc_left"] == [] and report["queue_left"] is False, outcome
    assert report["shm_left"] == [], outcome
    aimed = [name for name in outcome if not name.startswith(("own_", "posix_shm"))]
    assert {name: outcome[name] for name in aimed if outcome[name] == "done"} == {}, outcome
    assert outcome["own_nice"] == outcome["own_limit"] == "done", outcome


PY_SHARED_MEMORY = """
import os
def f(mark):
    with open("/dev/shm/" + mark, "wb") as handle:  # what shm_open does
        handle.write(b"x" * 4096)
    os.mkdir("/dev/shm/" + mark + ".d")
    return "written"
"""


@pytest.mark.parametrize("mode", [SECCOMP_ONLY, GUARD_ONLY])
def test_posix_shared_memory_a_run_leaves_is_removed_where_landlock_does_not_close_it(mode):
    report = run_in_app("python", PY_SHARED_MEMORY, mode)
    assert report["result"]["verdict"] == "AC", report["result"]  # nothing refused it: the runner removes it after
    assert report["shm_left"] == []


def test_landlock_closes_posix_shared_memory_to_a_run():
    report = run_in_app("python", PY_SHARED_MEMORY, NO_NAMESPACES)
    assert report["result"]["verdict"] == "RE" and "PermissionError" in str(report["result"]), report["result"]
    assert report["shm_left"] == []


PY_PAST_THE_GUARD = (
    ATTEMPT
    + """
import fcntl, json, os, resource, socket, struct
def f(mark):
    out = {}
    app = os.getppid()
    attempt(out, "prlimit_cpu", lambda: resource.prlimit(app, resource.RLIMIT_CPU, (1, 1)))
    attempt(out, "sched_idle", lambda: os.sched_setscheduler(app, os.SCHED_IDLE, os.sched_param(0)))
    attempt(out, "nice", lambda: os.setpriority(os.PRIO_PROCESS, app, 19))
    attempt(out, "nice_group", lambda: os.setpriority(os.PRIO_PGRP, os.getpgid(app), 19))
    attempt(out, "affinity", lambda: os.sched_setaffinity(app, {0}))
    def sigio():
        a, b = socket.socketpair()
        fcntl.ioctl(a, 0x8901, struct.pack("i", app))
        fcntl.fcntl(a, fcntl.F_SETFL, fcntl.fcntl(a, fcntl.F_GETFL) | os.O_ASYNC)
        b.send(b"x")
    attempt(out, "fiosetown", sigio)
    attempt(out, "own_nice", lambda: os.setpriority(os.PRIO_PROCESS, 0, 3))
    attempt(out, "own_affinity", lambda: os.sched_setaffinity(0, os.sched_getaffinity(0)))
    return json.dumps(out)
"""
)


def test_in_guard_only_mode_the_python_guard_keeps_the_app_s_limits_priority_and_signals():
    report = run_in_app("python", PY_PAST_THE_GUARD, GUARD_ONLY, guard=True)
    outcome = outcome_of(report)
    assert report["after"] == report["before"], outcome
    assert {name for name, value in outcome.items() if value == "done"} == {"own_nice", "own_affinity"}, outcome
