"""The kernel's layers hold on real children, with the guard on and switched off.

Each of issue 10's causes as learner code, in Python and JavaScript: with every layer
(``ALL``), without the namespace layer (``NO_NAMESPACES``: the fallback of a machine without
bubblewrap or unprivileged namespaces), and with one layer alone where that layer alone must
hold. The app must survive: where the learner's code aims at its parent, the parent is a
separate "app" process, and the test asserts it ended normally with a result.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
import uuid

import pytest

from codementor_desktop.runner.containment import Switches, probe
from codementor_desktop.runner.local import LocalRunner
from codementor_desktop.runner.node import find_node
from codementor_desktop.runner.protocol import Limits, execute_job
from codementor_desktop.runner.results import executed_once
from tests.attacks import ATTEMPT, processes_marked
from tests.conftest import REPO

KERNEL = probe()
pytestmark = pytest.mark.skipif(
    not (KERNEL.bwrap and KERNEL.landlock_abi >= 6 and KERNEL.seccomp),
    reason=f"needs bubblewrap, Landlock ABI 6 and seccomp here: {KERNEL.missing}",
)
needs_node = pytest.mark.skipif(find_node()[0] is None, reason="Node.js is not installed")

ALL = Switches()
NO_NAMESPACES = Switches(namespaces=False)
NAMESPACES_ONLY = Switches(landlock=False, seccomp=False)
LANDLOCK_ONLY = Switches(namespaces=False, seccomp=False)
SECCOMP_ONLY = Switches(namespaces=False, landlock=False)
BOTH = pytest.mark.parametrize("layers", [ALL, NO_NAMESPACES], ids=["all", "no_namespaces"])
SECRET = "sk-lab-" + uuid.uuid4().hex


def run(language: str, code: str, layers: Switches, *, guard: bool = True, input_data=1, env=None) -> dict:
    job = execute_job(language, code, Limits(timeout_seconds=5), arguments={"input_data": input_data})
    job["guard"] = guard
    if env:
        job["env"] = env
    result = executed_once(LocalRunner(layers=layers).run(job, 15))
    return result


def returned(result: dict):
    assert result["verdict"] == "AC", result
    return json.loads(json.loads(result["return_value"]))  # the learner's code returns JSON text


def expected_layers(layers: Switches, guard: bool, language: str = "python") -> list[str]:
    # Node in a namespace needs no Landlock: the namespace's view holds its files (containment.py).
    landlock = layers.landlock and not (language == "javascript" and layers.namespaces)
    names = [("namespaces", layers.namespaces), ("landlock", landlock), ("seccomp", layers.seccomp)]
    return [name for name, on in names if on] + ["rlimits"] + (["guard"] if guard else [])


# ------------------------------------------------------------------ the app survives (causes 1, 4)

APP = """
import json, sys
from codementor_desktop.runner.app_process import protect_app_process
from codementor_desktop.runner.containment import Switches
from codementor_desktop.runner.local import LocalRunner
from codementor_desktop.runner.protocol import Limits, execute_job
from codementor_desktop.runner.results import executed_once
from codementor_desktop.storage.secrets import Credentials

protect_app_process()
key = Credentials(use_keyring=False).get("llm")  # the app holds the lab's key, as it does at start
spec = json.loads(sys.argv[1])
job = execute_job(spec["language"], spec["code"], Limits(timeout_seconds=5), arguments={"input_data": 1})
job["guard"] = False
result = executed_once(LocalRunner(layers=Switches(**spec["layers"])).run(job, 15))
print(json.dumps({"result": result, "key_in_environ": "CODEMENTOR_LLM_API_KEY" in __import__("os").environ}))
"""

PY_AT_THE_APP = (
    ATTEMPT
    + """
import json, os, signal
def f(x):
    out, leaked = {}, []
    parent = os.getppid()
    attempt(out, "pidfd_kill", lambda: signal.pidfd_send_signal(os.pidfd_open(parent), signal.SIGKILL))
    attempt(out, "kill", lambda: os.kill(parent, signal.SIGKILL))
    attempt(out, "stop", lambda: os.kill(parent, signal.SIGSTOP))
    attempt(out, "signal_all", lambda: os.kill(-1, 0))
    def sigio():  # the app reads this pipe: SIGIO, which kills by default, would go to its owner
        import fcntl
        fcntl.fcntl(2, fcntl.F_SETOWN, parent)
        fcntl.fcntl(2, fcntl.F_SETFL, fcntl.fcntl(2, fcntl.F_GETFL) | os.O_ASYNC)
        os.write(2, b"x" * 100)
    attempt(out, "sigio", sigio)
    def read_environ():
        with open("/proc/%d/environ" % parent, "rb") as handle:
            leaked.append(handle.read())
    def scan_memory():
        with open("/proc/%d/maps" % parent) as maps, open("/proc/%d/mem" % parent, "rb") as mem:
            for line in maps:
                start, end = (int(v, 16) for v in line.split()[0].split("-"))
                if "r" in line.split()[1] and end - start < 64 << 20:
                    try:
                        mem.seek(start)
                        leaked.append(mem.read(end - start))
                    except OSError:
                        pass
    attempt(out, "environ", read_environ)
    attempt(out, "mem", scan_memory)
    out["leaked"] = any(b"sk-lab-" in chunk for chunk in leaked)
    return json.dumps(out)
"""
)

JS_AT_THE_APP = """
function f(x) {
  const out = {};
  const attempt = (name, action) => {
    try { const value = action(); out[name] = value === undefined || value === true || value === 0 ? 'done' : String(value); }
    catch (error) { out[name] = error.code || error.name; }
  };
  attempt('kill', () => process._kill(process.ppid, 9));
  attempt('stop', () => process._kill(process.ppid, 19));
  let text = '';
  attempt('environ', () => { text += require('fs').readFileSync('/proc/' + process.ppid + '/environ', 'latin1'); });
  out.leaked = text.includes('sk-lab-');
  return JSON.stringify(out);
}
"""


def run_in_app(language: str, code: str, layers: Switches) -> dict:
    spec = {"language": language, "code": code, "layers": layers.__dict__}
    env = dict(os.environ, CODEMENTOR_LLM_API_KEY=SECRET)
    done = subprocess.run(
        [sys.executable, "-c", APP, json.dumps(spec)], capture_output=True, text=True, timeout=60, cwd=REPO, env=env
    )
    assert done.returncode == 0, f"the app did not survive (status {done.returncode}): {done.stderr[-2000:]}"
    assert SECRET not in done.stdout
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["key_in_environ"] is False  # read once, then out of the app's environment
    return report["result"]


APP_CASES = [
    pytest.param(ALL, id="all"),
    pytest.param(NO_NAMESPACES, id="no_namespaces"),
    pytest.param(NAMESPACES_ONLY, id="namespaces_only"),
    pytest.param(LANDLOCK_ONLY, id="landlock_only"),
]


@pytest.mark.parametrize("layers", [*APP_CASES, pytest.param(SECCOMP_ONLY, id="seccomp_only")])
def test_python_cannot_signal_or_read_the_app_with_the_guard_off(layers):
    result = run_in_app("python", PY_AT_THE_APP, layers)
    outcome = returned(result)
    assert result["containment"] == expected_layers(layers, guard=False)
    if layers.seccomp or layers.landlock:
        assert {outcome[k] for k in ("pidfd_kill", "kill", "stop")} <= {"PermissionError"}, outcome
    if layers.seccomp:  # kill(-1) reports success when every target refused: only seccomp makes it fail
        assert outcome["signal_all"] == outcome["sigio"] == "PermissionError", outcome
    if layers != SECCOMP_ONLY:  # as root only Landlock or the namespace keep /proc/<app> closed
        assert outcome["leaked"] is False, outcome
        assert outcome["environ"] != "done" or layers.namespaces, outcome


@needs_node
@pytest.mark.parametrize("layers", APP_CASES)
def test_javascript_cannot_signal_or_read_the_app_with_the_guard_off(layers):
    result = run_in_app("javascript", JS_AT_THE_APP, layers)
    outcome = returned(result)
    assert outcome["leaked"] is False, outcome
    if not layers.namespaces:
        assert outcome["kill"] != "done" and outcome["stop"] != "done", outcome


def test_the_python_guard_refuses_to_hand_sigio_to_another_process():
    code = "import fcntl, os\ndef f(x):\n    fcntl.fcntl(2, fcntl.F_SETOWN, os.getppid())\n"
    result = run("python", code, ALL)
    assert result["verdict"] == "RE" and "F_SETOWN" in result["error_message"], result


# ------------------------------------------------------------------ cause 2: the guard switched off


@pytest.fixture
def loopback():
    """A real TCP server on 127.0.0.1 that records every connection it accepts."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    server.settimeout(0.2)
    accepted: list[tuple] = []
    stop = threading.Event()

    def serve():
        while not stop.is_set():
            try:
                connection, peer = server.accept()
            except (TimeoutError, OSError):
                continue
            accepted.append(peer)
            connection.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield server.getsockname()[1], accepted
    stop.set()
    thread.join(2)
    server.close()


SWITCH_OFF_THE_GUARD = """
import gc, sys
def switch_off():
    sys.modules["sandbox"]._PROCESS_EVENTS.clear()
    for found in gc.get_objects():
        if getattr(found, "__name__", None) == "hook" and getattr(found, "__closure__", None):
            for cell in found.__closure__:
                if isinstance(cell.cell_contents, dict) and "active" in cell.cell_contents:
                    cell.cell_contents["active"] = False
"""

PY_ONCE_THE_GUARD_IS_OFF = (
    SWITCH_OFF_THE_GUARD
    + """
import json, os
def attempt(out, name, action):
    try:
        out[name] = "done" if action() else "refused"
    except OSError as exc:
        out[name] = type(exc).__name__
def forked(pid):
    if pid == 0:
        os._exit(0)
    return pid > 0
def f(args):
    port, outside = args
    switch_off()
    out = {}
    attempt(out, "os.system", lambda: os.system("touch " + outside + "/by-system") == 0)
    attempt(out, "subprocess", lambda: __import__("subprocess").run(["touch", outside + "/by-subprocess"]) or True)
    attempt(out, "fork", lambda: forked(os.fork()))
    attempt(out, "tcp", lambda: __import__("socket").create_connection(("127.0.0.1", port), timeout=1) or True)
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    attempt(out, "ctypes.fork", lambda: forked(libc.fork()))
    attempt(out, "ctypes.kill", lambda: libc.kill(os.getppid(), 0) == 0)
    attempt(out, "ctypes.execv", lambda: libc.execv(b"/bin/true", None) == 0)
    attempt(out, "write", lambda: open(outside + "/by-open", "w") or True)
    return json.dumps(out)
"""
)


@BOTH
def test_python_with_the_guard_switched_off_from_inside_gets_nothing_more(layers, loopback, tmp_path):
    port, accepted = loopback
    outside = tmp_path / "outside"
    outside.mkdir()
    result = run("python", PY_ONCE_THE_GUARD_IS_OFF, layers, input_data=[port, str(outside)])
    outcome = returned(result)
    assert all(value != "done" for value in outcome.values()), outcome
    assert accepted == [] and list(outside.iterdir()) == []


JS_WITHOUT_GUARD = """
function f(args) {
  const [port, outside] = args;
  const out = {};
  const attempt = (name, action) => { try { action(); out[name] = 'done'; } catch (error) { out[name] = error.code || error.name; } };
  attempt('child_process', () => require('child_process').execFileSync('/bin/touch', [outside + '/by-child']));
  attempt('write', () => require('fs').writeFileSync(outside + '/by-write', 'x'));
  attempt('symlink', () => { require('fs').symlinkSync(outside + '/by-link', 'link'); require('fs').writeFileSync('link', 'x'); });
  return new Promise((resolve) => {
    const socket = require('net').connect(port, '127.0.0.1');
    socket.on('connect', () => { out.tcp = 'done'; socket.destroy(); resolve(JSON.stringify(out)); });
    socket.on('error', (error) => { out.tcp = error.code; resolve(JSON.stringify(out)); });
  });
}
"""


@needs_node
@BOTH
def test_javascript_without_its_guard_gets_no_process_network_or_write_outside(layers, loopback, tmp_path):
    port, accepted = loopback
    outside = tmp_path / "outside"
    outside.mkdir()
    result = run("javascript", JS_WITHOUT_GUARD, layers, guard=False, input_data=[port, str(outside)])
    outcome = returned(result)
    assert all(value != "done" for value in outcome.values()), outcome
    assert accepted == [] and list(outside.iterdir()) == []
    assert result["containment"] == expected_layers(layers, guard=False, language="javascript")


# ------------------------------------------------------------------ cause 3: writes without a checked path

PY_WRITES_OUTSIDE = (
    ATTEMPT
    + """
import json, os, threading
def f(outside):
    out = {}
    home = os.getcwd()
    try:
        fd = os.open(outside, os.O_PATH | os.O_DIRECTORY)  # O_PATH: no read right needed
    except FileNotFoundError:
        return json.dumps({"outside": "not in this file system"})  # a namespace's own view
    def relative():
        os.fchdir(fd)
        open("by-fchdir", "w").close()
    attempt(out, "fchdir", relative)
    os.chdir(home)
    attempt(out, "dir_fd open", lambda: os.close(os.open("by-dirfd", os.O_CREAT | os.O_WRONLY, dir_fd=fd)))
    attempt(out, "dir_fd unlink", lambda: os.unlink("victim", dir_fd=fd))
    attempt(out, "dir_fd mkdir", lambda: os.mkdir("by-mkdir", dir_fd=fd))
    attempt(out, "dir_fd chmod", lambda: os.chmod("victim", 0o777, dir_fd=fd))
    attempt(out, "mkfifo", lambda: os.mkfifo(outside + "/by-fifo"))
    attempt(out, "setxattr", lambda: os.setxattr(outside + "/victim", "user.cm", b"1"))
    attempt(out, "rename out", lambda: (open("mine", "w").close(), os.rename("mine", outside + "/by-rename")))
    attempt(out, "hard link", lambda: os.link(outside + "/victim", "linked"))
    # A symlink swapped between a check and the open, many times over.
    open("inside.txt", "w").close()
    stop = []
    def swap():
        while not stop:
            for target in ("inside.txt", outside + "/by-race"):
                try:
                    os.remove("link")
                except OSError:
                    pass
                try:
                    os.symlink(target, "link")
                except OSError:
                    pass
    swapper = threading.Thread(target=swap)
    swapper.start()
    for _ in range(2000):
        try:
            with open("link", "w"):
                pass
        except OSError:
            pass
    stop.append(True)
    swapper.join()
    out["race"] = "done" if os.path.exists(outside + "/by-race") else "held"
    return json.dumps(out)
"""
)


@pytest.mark.parametrize("guard", [True, False], ids=["guard", "no_guard"])
@pytest.mark.parametrize(
    "layers", [ALL, NO_NAMESPACES, NAMESPACES_ONLY], ids=["all", "no_namespaces", "namespaces_only"]
)
def test_python_writes_outside_the_run_folder_are_held_by_the_kernel(layers, guard, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    victim = outside / "victim"
    victim.write_text("mine")
    victim.chmod(0o600)
    result = run("python", PY_WRITES_OUTSIDE, layers, guard=guard, input_data=str(outside))
    outcome = returned(result)
    assert all(value != "done" for value in outcome.values()), outcome
    assert sorted(p.name for p in outside.iterdir()) == ["victim"]
    assert victim.read_text() == "mine" and victim.stat().st_mode & 0o777 == 0o600
    assert os.listxattr(victim) == []


# ------------------------------------------------------------------ cause 6: nothing outlives a run

PY_DAEMON = """
import json, os, time
def f(x):
    try:
        pid = os.fork()
    except OSError as exc:
        return json.dumps({"fork": type(exc).__name__, "folder": os.getcwd()})
    if pid == 0:
        os.setsid()
        if os.fork() == 0:
            for fd in range(3, 64):
                try:
                    os.close(fd)
                except OSError:
                    pass
            time.sleep(30)
        os._exit(0)
    os.waitpid(pid, 0)
    return json.dumps({"fork": "done", "folder": os.getcwd()})
"""


@pytest.mark.parametrize("layers", [ALL, NO_NAMESPACES, NAMESPACES_ONLY], ids=["all", "no_namespaces", "ns_only"])
def test_a_double_forked_daemon_does_not_outlive_the_run(layers):
    mark = "CM_MARK_" + uuid.uuid4().hex
    result = run("python", PY_DAEMON, layers, guard=False, env={"CM_RUN_MARK": mark})
    outcome = returned(result)
    if layers.seccomp:
        assert outcome["fork"] == "PermissionError"
    else:
        assert outcome["fork"] == "done"  # the namespace alone: the daemon started, and died with it
    deadline = time.monotonic() + 5
    while processes_marked(mark) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert processes_marked(mark) == []
    assert not os.path.exists(outcome["folder"])  # nor the run folder


def test_a_cancelled_run_in_a_namespace_leaves_no_process_behind():
    mark = "CM_MARK_" + uuid.uuid4().hex
    cancel = threading.Event()
    code = "import time\ndef f(x):\n    time.sleep(60)\n"
    job = execute_job("python", code, Limits(timeout_seconds=10), arguments={"input_data": 1})
    job["env"] = {"CM_RUN_MARK": mark}
    report = LocalRunner().run(job, 30, cancel, lambda frame: frame.get("kind") == "started" and cancel.set())
    assert report.cancelled and report.containment[0] == "namespaces"
    assert processes_marked(mark) == []


# ------------------------------------------------------------------ cause 7: network from JavaScript


@needs_node
@pytest.mark.parametrize("name", ["net", "http", "dgram", "child_process", "repl"])
def test_get_builtin_module_does_not_pass_around_the_guard(name):
    code = f"function f(x) {{ return typeof process.getBuiltinModule('node:{name}'); }}"
    result = run("javascript", code, ALL)
    assert result["verdict"] == "RE" and "SandboxViolation" in result["error_message"], result


@needs_node
@pytest.mark.parametrize(
    "expression",
    [
        "process.getBuiltinModule('v8').setFlagsFromString('--allow-natives-syntax')",
        "process.binding('spawn_sync')",
        "process._linkedBinding('x')",
        "process._kill(process.ppid, 0)",
        "process._debugProcess(process.ppid)",
        "process.kill(process.pid, 'SIGUSR1')",  # opens the inspector, a debugger port
        "require('vm').runInThisContext('0', { importModuleDynamically: require('vm').constants.USE_MAIN_CONTEXT_DEFAULT_LOADER })",
        "new (require('vm').Script)('0', { importModuleDynamically: () => null })",
    ],
)
def test_the_guard_closes_the_raw_ways_round_it(expression):
    result = run("javascript", f"function f(x) {{ {expression}; return 1; }}", ALL)
    assert result["verdict"] == "RE" and "SandboxViolation" in result["error_message"], result


JS_NETWORK_WITHOUT_GUARD = """
function f(args) {
  const [tcp, udp] = args;
  const out = {};
  const udpSocket = require('dgram').createSocket('udp4');
  return new Promise((resolve) => {
    let pending = 3;
    const settle = (name, value) => {
      if (name in out) return;
      out[name] = value;
      if (--pending === 0) resolve(JSON.stringify(out));
    };
    udpSocket.on('error', (error) => settle('udp', error.code));
    const socket = require('net').connect(tcp, '127.0.0.1');
    socket.on('connect', () => { socket.destroy(); settle('tcp', 'done'); });
    socket.on('error', (error) => settle('tcp', error.code));
    const request = require('http').get({ host: '127.0.0.1', port: tcp, path: '/' });
    request.on('response', () => settle('http', 'done'));
    request.on('error', (error) => settle('http', error.code));
    udpSocket.send('hello', udp, '127.0.0.1', (error) => settle('udp', error ? error.code : 'sent'));
  });
}
"""


@needs_node
@BOTH
def test_javascript_network_without_the_guard_reaches_nothing(layers, loopback):
    tcp, accepted = loopback
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    udp.bind(("127.0.0.1", 0))
    udp.settimeout(0.3)
    try:
        result = run(
            "javascript", JS_NETWORK_WITHOUT_GUARD, layers, guard=False, input_data=[tcp, udp.getsockname()[1]]
        )
        outcome = returned(result)
        with pytest.raises(TimeoutError):
            udp.recvfrom(100)
    finally:
        udp.close()
    assert outcome["tcp"] != "done" and outcome["http"] != "done", outcome
    assert accepted == []


# ------------------------------------------------------------------ what each run says about itself


@BOTH
def test_every_result_names_the_layers_that_held_it(layers):
    result = run("python", "def f(x):\n    return x\n", layers)
    assert result["containment"] == expected_layers(layers, guard=True)


def test_the_settings_switch_each_layer_off(isolated_home):
    (isolated_home / "config").mkdir(exist_ok=True)
    (isolated_home / "config" / "settings.toml").write_text(
        "containment_namespaces = false\ncontainment_seccomp = false\n"
    )
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.storage.settings import load_settings
    from codementor_desktop.tools.services import make_backend

    backend = make_backend(load_settings().settings, Credentials(environ={}, use_keyring=False))
    job = execute_job("python", "def f(x):\n    return x\n", Limits(), arguments={"input_data": 3})
    assert executed_once(backend.run(job, 15))["containment"] == ["landlock", "rlimits", "guard"]


# ------------------------------------------------------------------ the real app, end to end


def test_the_app_survives_a_learner_who_switches_off_the_guard_and_aims_at_it():
    """``codementor tool``: the app as it starts (its key read, then out of its environment)."""
    code = SWITCH_OFF_THE_GUARD + PY_AT_THE_APP.replace(
        "    out, leaked = {}, []\n", "    switch_off()\n    out, leaked = {}, []\n"
    )
    arguments = json.dumps({"language": "python", "code": code, "input_data": 1})
    env = dict(os.environ, CODEMENTOR_LLM_API_KEY=SECRET)
    command = [sys.executable, "-m", "codementor_desktop", "tool", "bp_execute", arguments]
    done = subprocess.run(command, capture_output=True, text=True, cwd=REPO, env=env, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert SECRET not in done.stdout
    result = json.loads(done.stdout)
    outcome = json.loads(json.loads(result["return_value"]))
    assert outcome["leaked"] is False and {outcome["kill"], outcome["stop"]} == {"PermissionError"}, outcome
    assert result["containment"] == ["namespaces", "landlock", "seccomp", "rlimits", "guard"]


def test_the_namespaces_cpu_time_is_read_at_its_end_and_no_descriptor_is_left_open(tmp_path):
    """bubblewrap's own status leaves out its init, which reaped the child: the app reaps it."""
    from codementor_desktop.runner import containment

    burn = "import time\nstart = time.process_time()\nwhile time.process_time() - start < 0.3:\n    pass\n"
    open_before = len(os.listdir("/proc/self/fd"))
    launch = containment.prepare([sys.executable, "-I", "-S", "-c", burn], str(tmp_path), {"language": "python"})
    process = subprocess.Popen(launch.command, pass_fds=launch.pass_fds, start_new_session=True)
    process.wait()
    launch.end(process)
    assert launch.namespaced and process.returncode == 0
    assert launch.cpu_seconds is not None and launch.cpu_seconds >= 0.3
    assert len(os.listdir("/proc/self/fd")) == open_before


def test_a_child_that_cannot_start_leaves_no_descriptor_open(tmp_path):
    from codementor_desktop.runner import containment

    open_before = len(os.listdir("/proc/self/fd"))
    launch = containment.prepare([sys.executable, "-c", "pass"], str(tmp_path), {"language": "python"})
    assert launch.namespaced and launch.pass_fds
    launch.close()  # as the runner does when Popen fails
    assert len(os.listdir("/proc/self/fd")) == open_before


def test_in_a_namespace_the_run_folder_is_bounded_and_nothing_of_it_reaches_the_disk():
    code = (
        "import json, os\ndef f(x):\n    written = 0\n    try:\n        for i in range(100):\n"
        "            with open('block%d' % i, 'wb') as out:\n                out.write(b'x' * (8 << 20))\n"
        "            written += 8\n    except OSError as exc:\n        return json.dumps([written, exc.errno, os.getcwd()])\n"
        "    return json.dumps([written, 0, os.getcwd()])\n"
    )
    written, errno, folder = returned(run("python", code, ALL))
    assert written < 64 and errno == 28  # ENOSPC at the run folder's size, not the machine's disk
    assert not os.path.exists(folder)
