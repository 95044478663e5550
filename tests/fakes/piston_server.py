"""A Piston-protocol server for the tests: on loopback, started by the tests, running each job in a
real local child process, as a Piston server does in its sandbox.

The shapes follow Piston's API v2 (engineer-man/piston: api/src/api/v2.js and api/src/job.js):

``GET /api/v2/runtimes`` -> ``[{"language": "python", "version": "3.11.9", "aliases": [...],
"runtime"?: "node"}]``

``POST /api/v2/execute`` with ``{"language", "version", "files": [{"name", "content"}], "stdin",
"args", "run_timeout", "run_cpu_time", "run_memory_limit", "compile_timeout",
"compile_cpu_time", "compile_memory_limit"}`` (times in ms, memory in bytes; a missing or 0
limit means the server's own) ->

- 200 ``{"language", "version", "run": {"stdout", "stderr", "output", "code", "signal",
  "message", "status", "cpu_time", "wall_time", "memory"}}``; ``status`` is ``RE`` (non-zero exit),
  ``SG`` (a signal), ``TO`` (over the wall time), ``OL``/``EL`` (stdout/stderr over the output
  limit, then the child is killed), ``XX`` (internal error). ``old_style=True`` answers as servers
  before September 2024 did: only ``stdout``, ``stderr``, ``output``, ``code``, ``signal``.
- 400 ``{"message"}``: an unknown runtime, a limit that is not a number, negative, or over the
  configured one ("run_timeout cannot exceed the configured limit of 3000").
- 401 without the right key (when ``key`` is set), 404 for other paths, 413 for a body over
  100 KB (body-parser's default), 415 for a body that is not ``application/json``; ``script`` lists statuses to answer ``execute`` with first (429 then
  success, 500, ...); ``delay_seconds`` makes ``execute`` slow.

Memory is watched as a cgroup would: a process whose resident size passes ``run_memory_limit`` is
killed with SIGKILL (status ``SG``, ``memory`` at the limit).
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

RUNTIMES = [
    {"language": "python", "version": "3.8.10", "aliases": ["py", "py3", "python3"]},
    {"language": "python", "version": "3.11.9", "aliases": ["py", "py3", "python3"]},
    {"language": "python", "version": "2.7.18", "aliases": ["py2", "python2"]},
    {"language": "javascript", "version": "1.32.3", "aliases": ["deno-js"], "runtime": "deno"},
    {
        "language": "javascript",
        "version": "20.11.1",
        "aliases": ["node-javascript", "node-js", "js"],
        "runtime": "node",
    },
]
CONFIGURED = {
    "timeout": {"run": 15000, "compile": 10000},
    "cpu_time": {"run": 15000, "compile": 10000},
    "memory_limit": {"run": -1, "compile": -1},
}


class FakePiston:
    """``with FakePiston(...) as server:`` runs a server on 127.0.0.1; ``server.url`` is its address."""

    def __init__(
        self,
        *,
        output_max_size: int = 1024,
        old_style: bool = False,
        key: str | None = None,
        key_header: str = "Authorization",
        script: list[int] | None = None,
        delay_seconds: float = 0.0,
        runtimes: list[dict] | None = None,
        configured: dict | None = None,
        node: str | None = None,
        max_body: int = 100 * 1024,
        hold: threading.Event | None = None,
    ):
        self.output_max_size = output_max_size
        self.old_style = old_style
        self.key = key
        self.key_header = key_header
        self.script = list(script or [])
        self.delay_seconds = delay_seconds
        self.runtimes = runtimes if runtimes is not None else RUNTIMES
        self.configured = configured or CONFIGURED
        self.node = node or shutil.which("node")
        self.max_body = max_body
        self.hold = hold  # set: every execute waits for it (a saturated server, released by the test)
        self.holding = threading.Semaphore(0)  # released once per execute that is held
        self.requests: list[dict] = []
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self) -> FakePiston:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._server.shutdown()
        self._server.server_close()

    # ---------------------------------------------------------------- HTTP

    def _handler(self):
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # quiet
                pass

            def _send(self, status: int, body) -> None:
                data = json.dumps(body).encode("utf-8")
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                if status == 429:
                    self.send_header("Retry-After", "0")
                self.end_headers()
                try:
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a cancel, a timeout): as a real server, carry on

            def _gate(self) -> bool:
                server.requests.append({"method": self.command, "path": self.path, "headers": dict(self.headers)})
                if server.key is not None and self.headers.get(server.key_header) != server.key:
                    self._send(401, {"message": "Unauthorized"})
                    return False
                if self.command != "POST":
                    return True
                if server.delay_seconds:
                    time.sleep(server.delay_seconds)
                if server.hold is not None and self.path == "/api/v2/execute":
                    server.holding.release()
                    server.hold.wait(120)
                if server.script:
                    status = server.script.pop(0)
                    self._send(status, {"message": "scripted failure"} if status != 500 else None)
                    return False
                return True

            def do_GET(self):
                if not self._gate():
                    return
                if self.path == "/api/v2/runtimes":
                    return self._send(200, server.runtimes)
                return self._send(404, {"message": "Not Found"})

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                if not self._gate():
                    return
                if length > server.max_body:  # body-parser's default limit, as Piston uses it
                    return self._send(413, {"message": "request entity too large"})
                if self.path != "/api/v2/execute":
                    return self._send(404, {"message": "Not Found"})
                if not (self.headers.get("Content-Type") or "").startswith("application/json"):
                    return self._send(415, {"message": "requests must be of type application/json"})
                try:
                    body = json.loads(raw)
                except ValueError:
                    return self._send(400, {"message": "the body is not JSON"})
                status, answer = server.execute(body)
                server.requests[-1]["body"] = body
                return self._send(status, answer)

        return Handler

    # ---------------------------------------------------------------- jobs

    def _runtime(self, language: str, version: str) -> dict | None:
        for runtime in self.runtimes:
            if (language == runtime["language"] or language in runtime.get("aliases", [])) and version in (
                runtime["version"],
                "*",
            ):
                return runtime
        return None

    def execute(self, body: dict) -> tuple[int, dict]:
        language, version, files = body.get("language"), body.get("version"), body.get("files")
        if not isinstance(language, str) or not language:
            return 400, {"message": "language is required as a string"}
        if not isinstance(version, str) or not version:
            return 400, {"message": "version is required as a string"}
        if not isinstance(files, list):
            return 400, {"message": "files is required as an array"}
        for index, file in enumerate(files):
            if not isinstance(file.get("content"), str):
                return 400, {"message": f"files[{index}].content is required as a string"}
        runtime = self._runtime(language, version)
        if runtime is None:
            return 400, {"message": f"{language}-{version} runtime is unknown"}
        limits = {}
        for constraint in ("memory_limit", "timeout", "cpu_time"):
            for stage in ("compile", "run"):
                name = f"{stage}_{constraint}"
                value = body.get(name)
                configured = self.configured[constraint][stage]
                limits[name] = value or configured
                if not value:
                    continue
                if not isinstance(value, (int, float)):
                    return 400, {"message": f"If specified, {name} must be a number"}
                if configured > 0 and value > configured:
                    return 400, {"message": f"{name} cannot exceed the configured limit of {configured}"}
                if value < 0:
                    return 400, {"message": f"{name} must be non-negative"}
        run = self._run(runtime, files, str(body.get("stdin") or ""), body.get("args") or [], limits)
        return 200, {"language": runtime["language"], "version": runtime["version"], "run": run}

    def _run(self, runtime: dict, files: list[dict], stdin: str, args: list, limits: dict) -> dict:
        box = tempfile.mkdtemp(prefix="fake-piston-")
        try:
            for index, file in enumerate(files):
                name = os.path.basename(file.get("name") or f"file{index}.code")
                with open(os.path.join(box, name), "w", encoding="utf-8") as handle:
                    handle.write(file["content"])
            main = os.path.basename(files[0].get("name") or "file0.code")
            program = [sys.executable] if runtime["language"] == "python" else [self.node]
            return self._spawn(
                [*program, main, *map(str, args)], box, stdin if stdin.endswith("\n") else stdin + "\n", limits
            )
        finally:
            shutil.rmtree(box, ignore_errors=True)

    def _spawn(self, command: list[str], box: str, stdin: str, limits: dict) -> dict:
        started = time.monotonic()
        process = subprocess.Popen(
            command, cwd=box, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env={"PATH": os.defpath, "HOME": box}, start_new_session=True,
        )  # fmt: skip
        cpu = max(1, int(limits["run_cpu_time"] // 1000)) if limits["run_cpu_time"] > 0 else None
        if cpu:
            resource.prlimit(process.pid, resource.RLIMIT_CPU, (cpu, cpu + 1))
        # "ended" is set, under the lock, when the child is reaped: a kill after that could reach an
        # unrelated process group that was given the same id.
        state = {"status": None, "message": None, "memory": 0, "stdout": "", "stderr": "", "ended": False}
        state["lock"] = threading.Lock()
        readers = [
            threading.Thread(target=self._read, args=(process, process.stdout, "stdout", state), daemon=True),
            threading.Thread(target=self._read, args=(process, process.stderr, "stderr", state), daemon=True),
        ]
        for reader in readers:
            reader.start()
        try:
            process.stdin.write(stdin.encode("utf-8"))
            process.stdin.close()
        except OSError:
            pass
        wall = limits["run_timeout"] / 1000 if limits["run_timeout"] > 0 else None
        memory_limit = limits["run_memory_limit"]
        ended = None
        while ended is None:
            with state["lock"]:
                pid, status, usage = os.wait4(process.pid, os.WNOHANG)
                state["ended"] = bool(pid)
            if pid:
                ended = (status, usage)
                break
            state["memory"] = max(state["memory"], _rss(process.pid))
            if memory_limit > 0 and state["memory"] > memory_limit:
                _kill(process, state)  # the cgroup's OOM killer
                state["memory"] = max(state["memory"], memory_limit)
            elif wall is not None and time.monotonic() - started > wall and state["status"] is None:
                state["status"], state["message"] = "TO", "Time limit exceeded (wall clock)"
                _kill(process, state)
            time.sleep(0.005)
        process.returncode = os.waitstatus_to_exitcode(ended[0])
        usage = ended[1]
        for reader in readers:
            reader.join(5)
        process.stdout.close()
        process.stderr.close()
        wall_ms = (time.monotonic() - started) * 1000
        code, sig = (process.returncode, None) if process.returncode >= 0 else (None, -process.returncode)
        run = {"stdout": state["stdout"], "stderr": state["stderr"], "output": state["stdout"] + state["stderr"]}
        if self.old_style:
            run.update(code=code, signal=signal.Signals(sig).name if sig else None)
            return run
        status, message = state["status"], state["message"]
        if status is None and sig is not None:
            status, message = "SG", f"Caught fatal signal {sig}"
        elif status is None and code:
            status, message = "RE", f"Exited with error status {code}"
        run.update(
            code=code, signal="SIGKILL" if status in ("TO", "OL", "EL") else (signal.Signals(sig).name if sig else None),
            message=message, status=status, cpu_time=round((usage.ru_utime + usage.ru_stime) * 1000, 1),
            wall_time=round(wall_ms, 1), memory=state["memory"],
        )  # fmt: skip
        return run

    def _read(self, process, stream, name: str, state: dict) -> None:
        for chunk in iter(lambda: stream.read1(4096), b""):
            text = chunk.decode("utf-8", "replace")
            if self.old_style:
                # Servers before September 2024 kept chunks while under the limit, so one chunk
                # could take them past it; then they killed the run and dropped the rest.
                if len(state[name]) > self.output_max_size:
                    _kill(process, state)
                else:
                    state[name] += text
                continue
            if len(state[name]) + len(text) > self.output_max_size:
                state["status"] = "OL" if name == "stdout" else "EL"
                state["message"] = f"{name} length exceeded"
                _kill(process, state)
                continue
            state[name] += text


def _rss(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as handle:
            for line in handle:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def _kill(process, state: dict) -> None:
    with state["lock"]:
        if state["ended"]:
            return  # reaped: its id may belong to another process group by now
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def refused_address() -> str:
    """An address on loopback where nothing listens: a connection there is refused."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}"
