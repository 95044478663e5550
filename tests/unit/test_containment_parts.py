"""The pure parts of containment: the seccomp program, Landlock's rights, the run's command."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from codementor_desktop.runner import bubblewrap, containment
from codementor_desktop.runner.child.python import confinement, seccomp_filter
from codementor_desktop.runner.containment import KernelLayers, Switches
from codementor_desktop.storage.secrets import take_keys_from_environment
from codementor_desktop.storage.settings import load_settings

ALLOW, EPERM, ENOSYS = seccomp_filter.RET_ALLOW, seccomp_filter.RET_ERRNO | 1, seccomp_filter.RET_ERRNO | 38


def evaluate(program: bytes, nr: int, arch: int, args=(0, 0, 0, 0, 0, 0)) -> int:
    """A classic-BPF interpreter, as far as the filter uses it, over one ``seccomp_data``."""
    data = struct.pack("=iIQ6Q", nr, arch, 0, *args)
    code = [struct.unpack_from("=HBBI", program, i) for i in range(0, len(program), 8)]
    accumulator, pc = 0, 0
    while True:
        op, jt, jf, k = code[pc]
        if op == 0x20:
            (accumulator,) = struct.unpack_from("=I", data, k)
            pc += 1
        elif op == 0x06:
            return k
        else:
            taken = {0x15: accumulator == k, 0x35: accumulator >= k, 0x45: bool(accumulator & k)}[op]
            pc += 1 + (jt if taken else jf)


@pytest.mark.parametrize("machine", sorted(seccomp_filter.ARCHES))
def test_the_filter_refuses_processes_exec_signals_and_sockets_but_lets_threads_start(machine):
    arch = seccomp_filter.ARCHES[machine]
    calls, audit = arch["calls"], arch["audit_arch"]
    program = seccomp_filter.build(machine, own_pid=42)

    def decide(name, *args):
        return evaluate(program, calls[name], audit, (*args, *[0] * (6 - len(args))))

    assert decide("clone", 0x00010000 | 0x100 | 0x800) == ALLOW  # CLONE_THREAD | CLONE_VM | CLONE_SIGHAND
    assert decide("clone", 17) == EPERM  # what fork() becomes: SIGCHLD, no CLONE_THREAD
    assert decide("clone3") == ENOSYS  # the C library falls back to clone
    for name in ("execve", "execveat", "ptrace", "process_vm_readv", "socket", "pidfd_open", "unshare", "mount"):
        assert decide(name) == EPERM, name
    for name in ("fchmodat", "fchownat", "setxattr", "utimensat", "io_uring_setup"):
        assert decide(name) == EPERM, name
    assert decide("kill", 42, 9) == ALLOW and decide("kill", 1, 9) == EPERM and decide("kill", 2**32 - 1, 0) == EPERM
    assert decide("tgkill", 42, 43, 10) == ALLOW and decide("tgkill", 7, 7, 9) == EPERM
    assert decide("prctl", 1, 0) == EPERM and decide("prctl", 15, 0) == ALLOW  # PR_SET_PDEATHSIG / PR_SET_NAME
    assert decide("fcntl", 2, 8, 1) == EPERM and decide("fcntl", 2, 15, 0) == EPERM  # F_SETOWN(_EX)
    assert decide("fcntl", 2, 3) == ALLOW and decide("fcntl", 2, 4, 0) == ALLOW  # F_GETFL, F_SETFL
    assert evaluate(program, 0, audit) == ALLOW and evaluate(program, 63, audit) == ALLOW  # read, uname...
    assert evaluate(program, 0, 0x40000003) == EPERM  # another ABI (i386 through int 0x80)
    if machine == "x86_64":
        assert decide("fork") == EPERM and decide("vfork") == EPERM
        assert evaluate(program, 0x40000000 + 1, audit) == EPERM  # x32


def test_the_launchers_filter_lets_through_only_the_exec_of_its_own_buffer():
    arch = seccomp_filter.ARCHES["x86_64"]
    address = 0x7F12_3456_7890
    program = seccomp_filter.build("x86_64", 1, exec_path_address=address)
    execve = arch["calls"]["execve"]
    assert evaluate(program, execve, arch["audit_arch"], (address, 0, 0, 0, 0, 0)) == ALLOW
    assert evaluate(program, execve, arch["audit_arch"], (address + 8, 0, 0, 0, 0, 0)) == EPERM
    assert evaluate(program, execve, arch["audit_arch"], (address & 0xFFFFFFFF, 0, 0, 0, 0, 0)) == EPERM


def test_landlock_handles_what_each_abi_knows():
    assert confinement.handled_rights(1) == ((1 << 13) - 1, 0, 0)
    fs, net, scoped = confinement.handled_rights(4)
    assert fs & confinement.TRUNCATE and net == confinement.NET_BIND_TCP | confinement.NET_CONNECT_TCP and scoped == 0
    fs, net, scoped = confinement.handled_rights(7)
    assert fs & confinement.IOCTL_DEV and scoped == confinement.SCOPE_SIGNAL | confinement.SCOPE_ABSTRACT_UNIX_SOCKET
    assert not confinement.WRITE_RIGHTS & confinement.EXECUTE  # the run folder holds nothing to run


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ELF programs")
def test_the_loader_of_an_executable_is_found_for_landlocks_execute_rule():
    interpreter = containment.elf_interpreter(os.path.realpath(sys.executable))
    assert interpreter is None or os.path.exists(interpreter)
    assert containment.elf_interpreter(__file__) is None


def test_each_layer_has_a_setting(tmp_path):
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.toml").write_text("containment_namespaces = false\ncontainment_landlock = false\n")
    loaded = load_settings(environ={"CODEMENTOR_HOME": str(tmp_path), "CODEMENTOR_SYSTEM_CONFIG": str(tmp_path)})
    assert loaded.problems == []
    assert Switches.from_settings(loaded.settings) == Switches(namespaces=False, landlock=False, seccomp=True)


def test_selftest_says_why_a_layer_is_missing_or_off():
    kernel = KernelLayers(bwrap=None, landlock_abi=6, seccomp=True, missing={"namespaces": "no bubblewrap"})
    described = {name: (ok, detail) for name, ok, detail in kernel.describe(Switches(seccomp=False))}
    assert described["namespaces"] == (False, "no bubblewrap")
    assert described["landlock"][0] is True and "ABI 6" in described["landlock"][1]
    assert described["seccomp"] == (False, "switched off by the setting containment_seccomp")


def test_without_bubblewrap_the_probe_says_what_to_install(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    path, why = bubblewrap.find()
    if sys.platform.startswith("linux"):
        assert path is None and "apt-get install bubblewrap" in why


def test_the_apps_keys_leave_its_environment_once_read(monkeypatch):
    monkeypatch.setenv("CODEMENTOR_LLM_API_KEY", "sk-1")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-2")
    monkeypatch.setenv("GITHUB_TOKEN", "t-3")
    monkeypatch.setenv("CODEMENTOR_PISTON_KEY_HEADER", "X-Key")
    taken = take_keys_from_environment()
    assert taken == {"CODEMENTOR_LLM_API_KEY": "sk-1", "OPENAI_API_KEY": "sk-2", "GITHUB_TOKEN": "t-3"}
    assert not {"CODEMENTOR_LLM_API_KEY", "OPENAI_API_KEY", "GITHUB_TOKEN"} & set(os.environ)
    assert os.environ["CODEMENTOR_PISTON_KEY_HEADER"] == "X-Key"  # a setting, not a key


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl")
def test_the_app_makes_itself_undumpable():
    script = (
        "import ctypes\nfrom codementor_desktop.runner.app_process import protect_app_process\n"
        "libc = ctypes.CDLL(None)\nbefore = libc.prctl(3, 0, 0, 0, 0)\nprotect_app_process()\n"
        "print(before, libc.prctl(3, 0, 0, 0, 0))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=30)
    assert done.stdout.split() == ["1", "0"], done.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux layers")
def test_a_python_run_is_wrapped_in_the_namespace_and_its_job_carries_the_plan(monkeypatch, tmp_path):
    kernel = KernelLayers(bwrap="/usr/bin/bwrap", landlock_abi=6, seccomp=True)
    monkeypatch.setattr(containment, "probe", lambda: kernel)
    job = {"language": "python"}
    launch = containment.prepare([sys.executable, "-I", "-S", "entry.py"], str(tmp_path), job)
    assert launch.layers == ["namespaces", "landlock", "seccomp", "rlimits", "guard"]
    command = launch.command
    assert command[0] == "/usr/bin/bwrap" and command[command.index("--") + 1 :] == [
        sys.executable,
        "-I",
        "-S",
        "entry.py",
    ]
    assert {"--unshare-all", "--die-with-parent", "--new-session"} <= set(command)
    workdir = os.path.realpath(tmp_path)
    run_folder = command.index(workdir)  # a memory file system of its own, of a bounded size
    assert command[run_folder - 3 : run_folder + 1] == ["--size", str(64 << 20), "--tmpfs", workdir]
    plan = job["confinement"]
    assert plan["landlock"] == 6 and plan["seccomp"] is True and plan["write"] == [workdir]
    assert not any(workdir.startswith(path + os.sep) for path in plan["read"])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux layers")
def test_a_javascript_run_starts_through_the_launcher_and_with_no_layer_runs_as_before(monkeypatch, tmp_path):
    monkeypatch.setattr(containment, "probe", lambda: KernelLayers(bwrap=None, landlock_abi=4, seccomp=True))
    node = [sys.executable, "--max-old-space-size=256", "harness.js"]  # any program that exists
    job = {"language": "javascript", "limits": {"memory_mb": 64, "cpu_seconds": 3}, "guard": False}
    launch = containment.prepare(node, str(tmp_path), job)
    assert launch.layers == ["landlock", "seccomp", "rlimits"] and "confinement" not in job
    separator = launch.command.index("--")
    assert launch.command[separator + 1 :] == node
    assert '"RLIMIT_DATA"' in launch.command[separator - 1]
    bare = containment.prepare(node, str(tmp_path), {"language": "javascript"}, Switches(False, False, False))
    assert bare.command == node and bare.layers == ["rlimits", "guard"]


@pytest.mark.skipif(os.name == "nt", reason="POSIX exit statuses")
def test_the_end_of_a_namespaced_run_reads_the_childs_own_signal():
    process = subprocess.Popen([sys.executable, "-c", "raise SystemExit(128 + 24)"], start_new_session=True)
    process.wait()  # as the runner does before the end
    containment.Launch(process.args, [], namespaced=True).end(process)
    assert process.returncode == -24  # SIGXCPU, as bubblewrap reported it


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux layers")
def test_node_in_a_namespace_starts_without_the_launcher(monkeypatch, tmp_path):
    """bubblewrap installs the filter and prlimit the limits: no interpreter start in front of Node."""
    monkeypatch.setattr(
        containment, "probe", lambda: KernelLayers(bwrap="/usr/bin/bwrap", landlock_abi=6, seccomp=True)
    )
    monkeypatch.setattr(containment.shutil, "which", lambda name: f"/usr/bin/{os.path.basename(name)}")
    node = ["/usr/bin/node", "harness.js"]
    launch = containment.prepare(node, str(tmp_path), {"language": "javascript", "limits": {"memory_mb": 64}})
    try:
        command = launch.command
        assert launch.layers == ["namespaces", "seccomp", "rlimits", "guard"]
        assert command[0] == "/usr/bin/prlimit" and f"--data={(64 + 128) << 20}:{(64 + 128) << 20}" in command
        assert command[command.index("--") + 1] == "/usr/bin/bwrap" and command[-2:] == node
        seccomp_fd = int(command[command.index("--seccomp") + 1])
        assert seccomp_fd in launch.pass_fds
        program = os.read(seccomp_fd, 1 << 16)
        x86 = seccomp_filter.ARCHES.get(os.uname().machine)
        if x86 is not None:  # the filter lets bubblewrap exec Node, and nothing fork
            assert evaluate(program, x86["calls"]["execve"], x86["audit_arch"]) == ALLOW
            assert evaluate(program, x86["calls"]["clone"], x86["audit_arch"], (17, 0, 0, 0, 0, 0)) == EPERM
            assert evaluate(program, x86["calls"]["kill"], x86["audit_arch"], (2, 0, 0, 0, 0, 0)) == ALLOW
    finally:
        launch.close()


@pytest.mark.skipif(os.name == "nt", reason="POSIX modes")
def test_a_folder_its_owner_cannot_list_does_not_keep_the_run_folder(monkeypatch, tmp_path):
    run, outside = tmp_path / "run", tmp_path / "outside"
    (run / "a").mkdir(parents=True)
    (run / "a" / "locked").mkdir(mode=0)
    outside.mkdir(mode=0o750)
    (run / "a" / "out").symlink_to(outside)
    real_rmtree = containment.shutil.rmtree
    calls = []

    def rmtree_that_fails_first(path, ignore_errors=False):  # as it does for a learner who is not root
        calls.append(path)
        if len(calls) > 1:
            real_rmtree(path, ignore_errors=ignore_errors)

    monkeypatch.setattr(containment.shutil, "rmtree", rmtree_that_fails_first)
    containment.remove_run_folder(str(run))
    assert not run.exists() and len(calls) == 2
    assert outside.is_dir() and outside.stat().st_mode & 0o777 == 0o750  # a symlink is never followed


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pidfds")
def test_an_init_that_missed_its_parent_death_signal_is_killed_at_the_end():
    """bubblewrap can die before its init sets the signal up: the end kills that init itself."""
    pid = os.posix_spawnp("sleep", ["sleep", "30"], dict(os.environ))
    info, writer = os.pipe()
    os.write(writer, b'{"child-pid": %d}' % pid)
    os.close(writer)
    launch = containment.Launch(["bwrap"], ["namespaces"], namespaced=True)
    launch._info = info
    launch._reap_namespace()
    assert launch.cpu_seconds is not None  # reaped: its usage was read
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_the_harness_is_compiled_where_a_namespaced_child_cannot_write_its_bytecode(tmp_path, monkeypatch):
    import importlib.util
    import shutil

    from codementor_desktop.runner import local

    copy = tmp_path / "child"
    shutil.copytree(local.CHILD_DIR.parent, copy, ignore=shutil.ignore_patterns("__pycache__", "node_modules"))
    monkeypatch.setattr(local, "CHILD_DIR", copy / "python")
    monkeypatch.setattr(local, "_harness_compiled", __import__("threading").Event())
    entry = copy / "python" / "entry.py"
    assert not Path(importlib.util.cache_from_source(str(entry))).exists()
    assert local.python_child_command()[-1] == str(entry)
    for source in (entry, copy / "wire.py", copy / "python" / "judge.py"):
        assert Path(importlib.util.cache_from_source(str(source))).exists(), source
