"""A child started before its job: the next run's namespace and interpreter, already waiting.

Most of a short run is the start of its child: bubblewrap making the namespaces, the interpreter
starting in them and importing the harness. A standby child is started when a run ends, for a
job like that run's, and waits for its job on stdin; the next run with the same launch hands it
its job instead of starting one, and another is started behind it.

What is kept, exactly as for a child started on demand:

- a fresh process for every run, in its own namespace (or process group), with its own run
  folder: a standby child is used once, then ended and its folder removed like any other;
- nothing shared between runs: it is started from the same command with the same scrubbed
  environment, before any learner code exists, and has run only the harness's own imports;
- every layer: the namespace, the JavaScript child's limits and seccomp filter are in place
  when it starts; the Python child's limits, Landlock, seccomp and guard are raised after its
  job arrives, as they always are, before the learner's code is compiled.

A standby child names the launch it was made for (language, guard, limits, environment, the
layers): a job with another launch starts its own child, as before. A run's first child is
always started on demand. At most ``KEEP`` wait at once; those left are ended when the runner
closes or the app exits (in a namespace ``--die-with-parent`` ends them with the app anyway;
outside one, the end of their stdin does).
"""

from __future__ import annotations

import atexit
import json
import os
import queue
import subprocess
import tempfile
import threading
import weakref
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from . import containment
from .process_tree import kill_process_tree

FLAG = "--standby"  # on the child's command line: say "ready" on stderr, then wait for the job
READY = b"codementor standby ready\n"
KEEP = 2
_READY_SECONDS = 30.0
_TAKE_WAIT_SECONDS = 2.0  # past this, a run starts its own child rather than wait for one


def launch_key(job: Mapping[str, Any], switches: containment.Switches) -> str:
    """What decides a child's launch: two jobs with the same key can use the same child."""
    language = job.get("language") or "python"
    # The Python child sets its limits itself once its job arrives; Node's are set at its start.
    limits = job.get("limits") if language == "javascript" else None
    shape = [language, job.get("guard", True), limits, job.get("env") or {}, switches.__dict__]
    return json.dumps(shape, sort_keys=True, default=str)


@dataclass
class Spare:
    """One started child, waiting for the job of a launch like ``key``."""

    key: str
    workdir: str
    process: subprocess.Popen
    launch: containment.Launch
    plan: dict | None  # the Python child's confinement plan, for its job
    ready: threading.Event = field(default_factory=threading.Event)

    def alive(self) -> bool:
        return self.ready.is_set() and self.process.poll() is None

    def end(self) -> None:
        """End it unused: its process, its namespace, its folder."""
        kill_process_tree(self.process)
        try:
            self.launch.end(self.process)
        except OSError:
            pass
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass
        containment.remove_run_folder(self.workdir)


StartChild = Callable[[dict, str], "tuple[subprocess.Popen, containment.Launch] | None"]


class Standby:
    """The spare children of one runner, by launch key. Safe to share between threads."""

    def __init__(self, start: StartChild, switches: containment.Switches):
        self._start = start
        self._switches = switches
        self._lock = threading.Lock()
        self._spares: list[Spare] = []
        self._starting: set[str] = set()  # the keys of the children being started
        self._settled = threading.Condition(self._lock)
        self._closed = False
        # One thread starts every spare and outlives them: a child's parent-death signal (which
        # bubblewrap's --die-with-parent and the Python child's confinement set) follows the
        # thread that started it, not the process, so a thread that ended would end its spares.
        self._requests: queue.SimpleQueue[tuple[str, dict] | None] = queue.SimpleQueue()
        self._starter = threading.Thread(target=self._serve, name="codementor-standby", daemon=True)
        self._starter.start()
        _open.add(self)

    def take(self, job: Mapping[str, Any]) -> Spare | None:
        """A waiting child for ``job``'s launch (removed from the standby), or None."""
        key = launch_key(job, self._switches)
        with self._settled:
            # A child for this launch that is still starting is further on than a new one would be.
            self._settled.wait_for(lambda: key not in self._starting, _TAKE_WAIT_SECONDS)
            for spare in self._spares:
                if spare.key == key:
                    self._spares.remove(spare)
                    break
            else:
                return None
        if spare.alive():
            return spare
        spare.end()  # died while it waited: the run starts its own
        return None

    def prepare(self, job: Mapping[str, Any]) -> None:
        """Start a child for ``job``'s launch behind this run, unless one waits already."""
        template = {k: job[k] for k in ("language", "guard", "limits", "env") if k in job}
        key = launch_key(template, self._switches)
        with self._lock:
            if self._closed or key in self._starting or any(spare.key == key for spare in self._spares):
                return
            self._starting.add(key)
        self._requests.put((key, template))

    def wait_ready(self, timeout: float) -> bool:
        """Wait until no child is starting (the next run finds its spare ready)."""
        with self._settled:
            return self._settled.wait_for(lambda: not self._starting, timeout)

    def close(self) -> None:
        """End every waiting child, and one being started once it is; none is started after this.
        When it returns, no child of this standby is left."""
        with self._lock:
            self._closed = True
            spares, self._spares = self._spares, []
        for spare in spares:
            spare.end()
        self._requests.put(None)
        with self._settled:
            self._settled.wait_for(lambda: not self._starting, _READY_SECONDS + 5)

    def _serve(self) -> None:
        while True:
            request = self._requests.get()
            if request is None:
                return
            self._start_spare(*request)

    def _start_spare(self, key: str, template: dict) -> None:
        spare = None
        with self._lock:
            closed = self._closed
        if not closed:
            try:
                spare = self._launch(key, template)
            except Exception:  # noqa: BLE001 - a spare that cannot start is no spare: the run starts its own
                spare = None
        evicted: list[Spare] = []
        with self._settled:
            if spare is not None and self._closed:
                spare.end()  # closed meanwhile: ended before close() is told no child is starting
                spare = None
            self._starting.discard(key)
            if spare is not None:
                self._spares.append(spare)
                while len(self._spares) > KEEP:
                    evicted.append(self._spares.pop(0))
            self._settled.notify_all()
        for old in evicted:
            old.end()

    def _launch(self, key: str, template: dict) -> Spare | None:
        workdir = tempfile.mkdtemp(prefix="codementor-run-")
        started = self._start(template, workdir)
        if started is None:
            containment.remove_run_folder(workdir)
            return None
        process, launch = started
        spare = Spare(key, workdir, process, launch, template.get("confinement"))
        if _read_ready(process):
            spare.ready.set()
            return spare
        spare.end()
        return None


def _read_ready(process: subprocess.Popen) -> bool:
    """Read the child's "ready" line off its stderr: anything else, or its end, and it is no spare."""
    assert process.stderr is not None
    import select

    fd = process.stderr.fileno()
    got = b""
    while len(got) < len(READY):
        if not select.select([fd], [], [], _READY_SECONDS)[0]:
            return False
        chunk = os.read(fd, len(READY) - len(got))
        if not chunk:
            return False
        got += chunk
    return got == READY


_open: weakref.WeakSet[Standby] = weakref.WeakSet()


@atexit.register
def _end_all() -> None:
    for standby in list(_open):
        standby.close()
