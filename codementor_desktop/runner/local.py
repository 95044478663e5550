"""The local backend: a fresh, restricted child process per run.

The runner owns the process: it creates a temporary working directory, starts the child in a new
session with a scrubbed environment, writes the job, reads frames as they arrive, and kills the
whole process group when a test passes its CPU limit, a wall-clock backstop passes or the run is
cancelled (``clocks.py`` says who measures what). Called from a worker thread, never the GUI
thread.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, cast

from . import containment
from .clocks import ChildClocks, Stop
from .node import NodeRuntime, find_node, limit_process, missing_node_advice, ran_out_of_memory
from .platform_limits import MemoryWatchdog, WindowsJob, needs_memory_watchdog
from .process_tree import kill_process_tree
from .protocol import ChildReport, FrameDecoder, decoder_for
from .standby import FLAG, Standby

if TYPE_CHECKING:
    from .child.wire import Job

CHILD_DIR = Path(__file__).resolve().parent / "child" / "python"
_KEEP_ENV = ("LANG", "LC_ALL", "LC_CTYPE", "SYSTEMROOT", "WINDIR", "COMSPEC", "TZ")
_STDERR_KEEP = 16_000

FrameCallback = Callable[[dict], None]


def python_child_command() -> list[str]:
    """How to start a Python child: the frozen app itself, or this interpreter, isolated."""
    if getattr(sys, "frozen", False):
        return [sys.executable, "--child"]  # its harness is compiled into the app
    _compile_harness_once()
    return [sys.executable, "-I", "-S", str(CHILD_DIR / "entry.py")]


_harness_compiled = threading.Event()


def _compile_harness_once() -> None:
    """In a namespace the child sees its harness read-only, so it could never cache the bytecode
    and would compile the harness at every start (about 30 ms). Compile it here, once per app,
    where the files can be written; where they cannot, the child compiles as before."""
    if _harness_compiled.is_set():
        return
    _harness_compiled.set()
    import compileall

    try:
        compileall.compile_dir(CHILD_DIR.parent, quiet=2, workers=1)
    except OSError:
        pass


def scrubbed_environment(workdir: str, extra: dict[str, str] | None = None) -> dict[str, str]:
    """The child's environment: no keys, tokens, proxies or home; only locale and basics."""
    env = {k: v for k, v in os.environ.items() if k in _KEEP_ENV}
    env.update(
        {
            "PATH": os.defpath if os.name != "nt" else os.environ.get("PATH", ""),
            "HOME": workdir,
            "TMPDIR": workdir,
            "TEMP": workdir,
            "TMP": workdir,
            "PYTHONIOENCODING": "utf-8",
            "PYTHONDONTWRITEBYTECODE": "1",
        }
    )
    if extra:
        env.update(extra)
    return env


@dataclass
class NotStarted:
    """Why a child could not start, and the layers it would have had."""

    why: str
    layers: list[str] = field(default_factory=list)


class LocalRunner:
    """Runs jobs in local child processes. Safe to share between threads: each run is separate."""

    name = "local"

    def __init__(
        self,
        command_for: Callable[[Job], list[str]] | None = None,
        poll_seconds: float = 0.02,
        node_path: str = "",
        layers: containment.Switches | None = None,
        standby: bool = False,
    ):
        self._command_for = command_for
        self._poll = poll_seconds
        self._node_path = node_path
        self._layers = layers or containment.Switches()
        # The app's runner keeps the next run's child started (standby.py); a custom command, a
        # test's or Windows' (whose Job Object is per run) starts each child on demand.
        self._standby: Standby | None = None
        if standby and command_for is None and sys.platform.startswith("linux"):
            self._standby = Standby(self._spawn_spare, self._layers)

    @property
    def keeps_standby(self) -> bool:
        """Whether this runner starts the next run's child before its job (``standby.py``)."""
        return self._standby is not None

    @property
    def node(self) -> NodeRuntime | None:
        """Node.js for JavaScript jobs (looked up once per path), or None when there is none."""
        return find_node(self._node_path)[0]

    @property
    def languages(self) -> tuple[str, ...]:
        return ("python", "javascript") if self.node is not None else ("python",)

    def supports(self, language: str) -> bool:
        """Whether ``language`` runs here: Python always (the app's own interpreter), JavaScript
        where Node.js is found."""
        return language == "python" or (language == "javascript" and self.node is not None)

    def unsupported_reason(self, language: str) -> str:
        """Why ``language`` cannot run here, for a learner (empty when it can, or nobody knows)."""
        if language == "javascript" and self.node is None:
            return missing_node_advice(find_node(self._node_path)[1])
        return ""

    def _command(self, job: Job, workdir: str) -> list[str] | None:
        if self._command_for is not None:
            return self._command_for(job)
        if job.get("language") == "javascript":
            node = self.node
            return node.command(job, workdir) if node is not None else None
        return python_child_command()

    def run(
        self,
        job: Job,
        deadline_seconds: float,
        cancel: threading.Event | None = None,
        on_frame: FrameCallback | None = None,
        feed: Callable[[IO[bytes]], None] | None = None,
    ) -> ChildReport:
        """Run one job to its end, its deadline or a cancel; never raises for the learner's faults.

        ``feed`` keeps the channel open after the job (a batch child, ``batches.py``): it is called
        on a thread of its own with the child's stdin, writes what follows the job, and closes it."""
        import json

        report = ChildReport(backend=self.name)
        started = time.perf_counter()
        spare = self._standby.take(job) if self._standby is not None else None
        workdir = spare.workdir if spare is not None else tempfile.mkdtemp(prefix="codementor-run-")
        try:
            if spare is not None:  # started before this job, for a launch like its (standby.py)
                process, launch = spare.process, spare.launch
                if spare.plan is not None:
                    cast("dict", job)["confinement"] = spare.plan
            else:
                spawned = self._spawn(job, workdir)
                if isinstance(spawned, NotStarted):
                    report.internal_error, report.containment = spawned.why, spawned.layers
                    return report
                process, launch = spawned
            report.containment = launch.layers
            windows_job = WindowsJob.attach(process, job) if os.name == "nt" else None
            watchdog = None
            if needs_memory_watchdog():
                watchdog = MemoryWatchdog(process.pid, (job.get("limits") or {}).get("memory_mb", 256))
                watchdog.start()
            clocks = ChildClocks(process, job, deadline_seconds)

            def on_any_frame(frame: dict) -> None:
                clocks.boundary(frame)
                if on_frame is not None:
                    on_frame(frame)

            decoder = decoder_for(job)
            reader = threading.Thread(
                target=self._read_frames, args=(process, decoder, report, on_any_frame), daemon=True
            )
            err_chunks: list[bytes] = []
            err_reader = threading.Thread(target=_drain, args=(process.stderr, err_chunks), daemon=True)
            reader.start()
            err_reader.start()
            try:
                assert process.stdin is not None  # opened with stdin=PIPE
                process.stdin.write(json.dumps(job).encode("utf-8"))
                if feed is None:
                    process.stdin.close()
                else:
                    process.stdin.write(b"\n")
                    process.stdin.flush()
                    threading.Thread(target=_feed_quietly, args=(feed, process.stdin), daemon=True).start()
            except OSError:
                pass  # the child died before reading its job: its exit status tells why
            stop = self._watch(reader, clocks, report, cancel, watchdog, decoder)
            report.channel_fault = decoder.fault
            if stop is None and not (report.cancelled or report.memory_exceeded or report.channel_fault):
                # The child closed its output: it is ending, unless it closed it on purpose.
                if not clocks.wait(min(1.0, max(0.0, clocks.seconds_left()))):
                    stop = Stop(wall=True)
            if stop is not None:
                report.timed_out = stop.wall
                report.cpu_exceeded = stop.cpu
                report.pending_cpu_ms = stop.test_cpu_ms
            if not clocks.ended():
                kill_process_tree(process)  # not reaped yet, so its process group is still its own
            if not clocks.wait(10.0):
                process.wait()
            launch.end(process)  # every run: the whole namespace (or group) goes, not only at a deadline
            # In a namespace the child is bubblewrap's grandchild: its CPU time is in the usage of
            # bubblewrap's init, which this process reaps.
            report.cpu_ms = round(launch.cpu_seconds * 1000, 1) if launch.cpu_seconds is not None else clocks.cpu_ms
            reader.join(timeout=5)
            err_reader.join(timeout=5)
            if watchdog is not None:
                watchdog.stop()
                report.memory_exceeded = report.memory_exceeded or watchdog.exceeded
            if windows_job is not None:
                windows_job.close()
            code = process.returncode
            if code is not None and code < 0:
                report.signal = -code
            else:
                report.exit_code = code
            if report.channel_fault is None and stop is None and report.signal is None:
                # A frame cut short by the child's own exit (not by a kill of ours) is a fault too.
                report.channel_fault = None if report.cancelled or report.memory_exceeded else decoder.fault
            report.stderr = b"".join(err_chunks).decode("utf-8", "replace")[-_STDERR_KEEP:]
            if job.get("language") == "javascript" and ran_out_of_memory(report.stderr):
                report.memory_exceeded = True  # V8's fatal out-of-memory abort
        finally:
            report.wall_ms = (time.perf_counter() - started) * 1000
            containment.remove_run_folder(workdir)
            if self._standby is not None and report.internal_error is None:
                self._standby.prepare(job)  # the next run's child starts now, behind this one
        return report

    def _spawn(
        self, job: Job, workdir: str, standby: bool = False
    ) -> tuple[subprocess.Popen, containment.Launch] | NotStarted:
        """Start the child of ``job`` in ``workdir`` inside its layers, or say why it could not.

        A ``standby`` child says "ready" on stderr once started, then waits for its job."""
        command = self._command(job, workdir)
        if command is None:
            return NotStarted(self.unsupported_reason(str(job.get("language"))))
        if standby:
            command = [*command, FLAG]
        # Containment: the kernel's layers around the child (namespaces, Landlock, seccomp).
        launch = containment.prepare(command, workdir, cast("dict", job), self._layers)
        popen_args: dict = {"pass_fds": launch.pass_fds}
        if os.name == "nt":
            popen_args["creationflags"] = getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
        else:
            popen_args["start_new_session"] = True
        try:
            process = subprocess.Popen(
                launch.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=workdir,
                env=scrubbed_environment(workdir, job.get("env")),
                **popen_args,
            )
        except OSError as exc:
            launch.close()
            return NotStarted(f"could not start {launch.command[0]}: {exc}", launch.layers)
        if job.get("language") == "javascript":
            limit_process(process.pid, job)  # before the job is written: the job is its "go"
        return process, launch

    def _spawn_spare(self, job: dict, workdir: str) -> tuple[subprocess.Popen, containment.Launch] | None:
        spawned = self._spawn(cast("Job", job), workdir, standby=True)
        return None if isinstance(spawned, NotStarted) else spawned

    def wait_for_standby(self, timeout: float = 30.0) -> bool:
        """Wait until the next run's child (if one is being started) is ready."""
        return self._standby.wait_ready(timeout) if self._standby is not None else True

    def close(self) -> None:
        """End the children waiting for a job (a runner that keeps none has nothing to end)."""
        if self._standby is not None:
            self._standby.close()

    def _watch(
        self,
        reader: threading.Thread,
        clocks: ChildClocks,
        report: ChildReport,
        cancel: threading.Event | None,
        watchdog: MemoryWatchdog | None,
        decoder: FrameDecoder,
    ) -> Stop | None:
        """Wait while the child talks: wake at once when it ends (its output closes), and every
        poll interval to look at the clocks, a cancel, the memory watchdog and the result channel
        (a fault there ends the run at once: the child is killed, not read further)."""
        while reader.is_alive():
            reader.join(self._poll)
            if not reader.is_alive() or decoder.fault is not None:
                break
            if cancel is not None and cancel.is_set():
                report.cancelled = True
                return None
            stop = clocks.check()
            if stop is not None:
                return stop
            if watchdog is not None and watchdog.exceeded:
                report.memory_exceeded = True
                return None
        return None

    @staticmethod
    def _read_frames(process, decoder: FrameDecoder, report: ChildReport, on_frame: FrameCallback | None):
        """Decode the result channel until it closes; past a fault, drain it unread (the decoder
        keeps nothing) until the run's end kills the child."""
        stream = process.stdout
        while True:
            chunk = stream.read1(65536) if hasattr(stream, "read1") else stream.read(65536)
            if not chunk:
                break
            for frame in decoder.feed(chunk):
                report.frames.append(frame)
                if on_frame is not None:
                    on_frame(frame)
        for frame in decoder.close():
            report.frames.append(frame)
            if on_frame is not None:
                on_frame(frame)


def _feed_quietly(feed: Callable[[IO[bytes]], None], stream: IO[bytes]) -> None:
    """Run ``feed``; a child that has ended (a broken pipe) ends the feeding, not the app."""
    try:
        feed(stream)
    except OSError:
        pass
    finally:
        try:
            stream.close()
        except OSError:
            pass


def _drain(stream, chunks: list[bytes]) -> None:
    total = 0
    for chunk in iter(lambda: stream.read(8192), b""):
        total += len(chunk)
        chunks.append(chunk)
        while total > 4 * _STDERR_KEEP and len(chunks) > 1:
            total -= len(chunks.pop(0))
