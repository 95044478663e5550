"""The Piston backend: every run on a Piston server (engineer-man/piston, API v2) over HTTP.

A job goes out as Piston's ``POST /api/v2/execute``: the child harness as the main file (for
Python the child's modules side by side, ``entry.py`` first; for JavaScript ``harness.js`` and
its modules), the learner's code beside it, the job itself on stdin. What comes back is mapped
onto a ``ChildReport``, so the verdicts are the same as locally (see ``piston_report.py``).
Called from a worker thread, never the GUI thread.
"""

from __future__ import annotations

import functools
import json
import math
import re
import secrets
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx

from .backend import BackendUnavailable
from .piston_report import report_from_response
from .protocol import ChildReport

if TYPE_CHECKING:
    from .child.wire import Job

CHILD_DIR = Path(__file__).resolve().parent / "child"
LANGUAGE_DIR = {"python": CHILD_DIR / "python", "javascript": CHILD_DIR / "javascript"}
NAMES = {"python": ("python", "python3", "py", "py3"), "javascript": ("javascript", "node-javascript", "node-js", "js")}
MINIMUM = {"python": (3, 9), "javascript": (18,)}  # the child parses as 3.9; the JS harness needs node:test
HEADROOM_MB = {"python": 64, "javascript": 128}  # the server limits the whole process, not our share
SOLUTION = {"python": "solution.py", "javascript": "solution.js"}
JS_TESTS_ONLY = ("test_frameworks.js", "expect.js", "coverage.js")  # bp_run_tests' part of the JS harness
# The tracer's part: a run, a judge or a test job does not carry it (a server limits a request's size).
JS_TRACE_ONLY = (
    "trace_run.js", "trace_breakpoint.js", "tracer.js", "trace_heap.js", "trace_watch.js", "declared_call.js",
    "plan_checks.js",
)  # fmt: skip
JS_TRACE_MODES = ("trace", "breakpoint")
RETRY_STATUS = {429, 500, 502, 503, 504}
PACK_ABOVE = 64 * 1024  # characters of harness above which it travels packed (see ``packed``), or when smaller so
OUTPUT_SHARE = 600  # characters of learner output and answers per run, of Piston's default 1,024
LIMIT_FIELDS = (
    "run_timeout",
    "run_cpu_time",
    "run_memory_limit",
    "compile_timeout",
    "compile_cpu_time",
    "compile_memory_limit",
)
WIRE_SHAPES = "\nif TYPE_CHECKING:  # the shapes"  # where wire.py's TypedDicts start
_LIMIT_MESSAGE = re.compile(r"(\w+) cannot exceed the configured limit of (\d+)")


class _Cancelled(Exception):
    pass


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", str(text))[:3]) or (0,)


@functools.lru_cache(maxsize=32)
def _closure(language: str, entry: str, mode_module: str | None) -> tuple[Path, ...]:
    """The child files a job needs: the entry and what it and its mode import, transitively.

    Only those travel: Piston servers take request bodies of about 100 KB (body-parser's default).
    They travel side by side, so the shared ``wire.py`` goes beside the language's own files.
    """
    javascript = language == "javascript"
    folders = [LANGUAGE_DIR[language], CHILD_DIR]
    found = {p.name: p for folder in reversed(folders) for p in folder.iterdir() if p.is_file()}
    names = {Path(name).stem for name in found if name.endswith(".py")}
    wanted = [entry] + ([mode_module] if mode_module else [])
    seen: list[str] = []
    while wanted:
        name = wanted.pop(0)
        if name in seen or name not in found:
            continue
        seen.append(name)
        text = found[name].read_text(encoding="utf-8")
        if javascript:
            wanted += re.findall(r"require\('\./([\w.]+\.js)'\)", text)
        else:
            imported = [n for group in re.findall(r"\bimport\s+([\w, ]+)", text) for n in _split(group)]
            imported += re.findall(r"\bfrom\s+\.?(\w+)\s+import\b", text)  # "from session import (...)"
            wanted += [f"{n}.py" for n in imported if n in names]
    return tuple(found[name] for name in seen)


def _split(names: str) -> list[str]:
    """``"a, b as c"`` -> ``["a", "b"]``"""
    return [n.split()[0] for n in names.split(",") if n.strip()]


def child_files(language: str, mode: str = "judge") -> list[dict[str, str]]:
    """The harness files a Piston job carries for ``mode``, the main file first."""
    return [dict(file) for file in _child_files(language, mode)]


@functools.lru_cache(maxsize=32)
def _child_files(language: str, mode: str) -> tuple[dict[str, str], ...]:
    return tuple(_harness_files(language, mode))  # made once a process: lean and packed take a few ms


def _harness_files(language: str, mode: str) -> list[dict[str, str]]:
    if language == "javascript":
        paths = [
            p for p in _closure(language, "harness.js", None)
            if (mode == "tests" or p.name not in JS_TESTS_ONLY) and (mode in JS_TRACE_MODES or p.name not in JS_TRACE_ONLY)
        ]  # fmt: skip
    else:
        from .child.python.entry import MODES

        paths = list(_closure(language, "entry.py", f"{MODES.get(mode, ('judge',))[0]}.py"))
    files = [{"name": path.name, "content": _shipped(path)} for path in paths]
    if sum(len(f["content"]) for f in files) > PACK_ABOVE:
        return packed(files, language)
    small = packed(files, language)
    return small if _size(small) < _size(files) else files


def _size(files: list[dict[str, str]]) -> int:
    return sum(len(f["content"]) for f in files)


def _shipped(path: Path) -> str:
    """A child file as it travels: ``wire.py`` without the shapes only the type checker reads, and a
    Python file without its comments and docstrings (``lean``)."""
    text = path.read_text(encoding="utf-8")
    if path.name == "wire.py":
        text = text.split(WIRE_SHAPES, 1)[0]
    return lean(text) if path.suffix == ".py" else text


def lean(source: str) -> str:
    """Python source without what is written for a reader: comments and docstrings become blank
    lines (a docstring an empty one), so that every line keeps its number in a traceback. A trace's
    harness is mostly explanation, and a stock server takes 100 KB of request body in all."""
    import ast
    import io
    import tokenize

    lines = source.splitlines(keepends=True)
    blank: set[int] = set()  # 0-based lines that become empty
    for node in ast.walk(ast.parse(source)):
        body = getattr(node, "body", None)
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) or not body:
            continue
        first = body[0]
        if not (
            isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str)
        ):
            continue
        start, end = first.lineno - 1, (first.end_lineno or first.lineno) - 1
        line = lines[start]
        if line[: first.col_offset].strip() or lines[end][first.end_col_offset or 0 :].strip():
            continue  # shares its lines with code: left as it is
        lines[start] = line[: first.col_offset] + '""\n'
        blank.update(range(start + 1, end + 1))
    comments: dict[int, int] = {}  # 0-based line -> column where its comment starts
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            comments[token.start[0] - 1] = token.start[1]
    for number, column in comments.items():
        if number not in blank and not lines[number].startswith('""', column):
            kept = lines[number][:column].rstrip()
            lines[number] = (kept + "\n") if kept or number else "\n"
    return "".join("\n" if number in blank else line for number, line in enumerate(lines))


def packed(files: list[dict[str, str]], language: str = "python") -> list[dict[str, str]]:
    """The files compressed into one text file, and ``unpack.py`` (``unpack.js``) as the main file
    to unpack them.

    A trace's harness is over the 100 KB of request body a stock Piston server takes; packed, it is
    under half of it. Plain text both, so that any Piston version writes them as they are."""
    import base64
    import zlib

    data = "\0".join(part for f in files for part in (f["name"], f["content"])).encode("utf-8")
    unpack = LANGUAGE_DIR[language] / ("unpack.py" if language == "python" else "unpack.js")
    return [
        {"name": unpack.name, "content": unpack.read_text(encoding="utf-8")},
        {"name": "harness.b64", "content": base64.b64encode(zlib.compress(data, 9)).decode("ascii")},
    ]


class PistonBackend:
    """Runs jobs on a Piston server. Safe to share between threads."""

    name = "piston"

    def __init__(
        self,
        url: str,
        key: str = "",
        key_header: str = "Authorization",
        *,
        attempts: int = 3,
        backoff_seconds: float = 0.5,
        request_timeout: float | None = None,
        runtimes_ttl: float = 600.0,
        transport: httpx.BaseTransport | None = None,
    ):
        self.url = url.rstrip("/")
        self._key = key
        self._key_header = key_header or "Authorization"
        self._attempts = max(1, attempts)
        self._backoff = backoff_seconds
        self._request_timeout = request_timeout
        self._ttl = runtimes_ttl
        self._client = httpx.Client(transport=transport, follow_redirects=True)
        self._lock = threading.Lock()
        self._runtimes: tuple[float, list[dict]] | None = None
        self._server_limits: dict[tuple[str, str], int] = {}

    @classmethod
    def from_settings(cls, settings, credentials) -> PistonBackend:
        return cls(settings.piston_url, credentials.get("piston"), settings.piston_key_header)

    # ---------------------------------------------------------------- languages

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages the server has a recent enough runtime for (asks it once, then caches)."""
        runtimes = self.runtimes()
        return tuple(language for language in NAMES if _choose(runtimes, language) is not None)

    def unsupported_reason(self, language: str) -> str:
        minimum = ".".join(map(str, MINIMUM.get(language, ())))
        package = "node" if language == "javascript" else language
        return (
            f"The Piston server at {self.url} has no {language} runtime of version {minimum} or later; "
            f"its administrator can add one (`cli/index.js ppman install {package}`)."
        )

    def runtimes(self) -> list[dict]:
        """``GET /api/v2/runtimes``, cached for a while (a server gains runtimes rarely)."""
        with self._lock:
            if self._runtimes is not None and time.monotonic() - self._runtimes[0] < self._ttl:
                return self._runtimes[1]
        response = self._request("GET", "/api/v2/runtimes", None, 15.0, None)
        data = self._json(response)
        if not isinstance(data, list):
            raise BackendUnavailable(
                f"{self.url} answered /api/v2/runtimes with something that is not Piston's list.", self.url
            )
        with self._lock:
            self._runtimes = (time.monotonic(), data)
        return data

    # ---------------------------------------------------------------- running

    def run(
        self,
        job: Job,
        deadline_seconds: float,
        cancel: threading.Event | None = None,
        on_frame: Callable[[dict], None] | None = None,
    ) -> ChildReport:
        """Run one job on the server; raises BackendUnavailable when the server cannot be used."""
        if job.get("mode") == "generate":
            # The bank's own reference code making the large hidden tests: trusted, and its inputs
            # are far over what a Piston server answers with. It runs as the local backend would.
            from .local import LocalRunner

            return LocalRunner().run(job, deadline_seconds, cancel, on_frame)
        language = str(job.get("language", "python"))
        runtime = _choose(self.runtimes(), language)
        if runtime is None:
            raise BackendUnavailable(self.unsupported_reason(language), self.url)
        sent: dict[str, Any] = dict(job)
        sent["nonce"] = secrets.token_hex(4)  # short: every frame carries it, and output is scarce
        sent["compact"] = True
        # What a test printed is clipped harder: the whole result must fit the server's output limit.
        limits: dict[str, Any] = dict(job["limits"])
        share = max(100, OUTPUT_SHARE // max(1, len(sent.get("tests") or [])))
        limits["output_chars_per_test"] = min(int(limits.get("output_chars_per_test") or 2000), share)
        sent["limits"] = limits
        code = sent.pop("code", "")
        sent["code_file"] = SOLUTION.get(language, "solution.txt")
        payload = self._payload(sent, language, runtime, code, deadline_seconds)
        started = time.perf_counter()
        timeout = self._request_timeout or (deadline_seconds + 20.0)
        report = ChildReport(backend=self.name)
        try:
            response = self._execute(payload, timeout, cancel)
        except _Cancelled:
            report.cancelled = True
            report.wall_ms = (time.perf_counter() - started) * 1000
            return report
        if isinstance(response, str):  # refused by the server: our fault or its settings, not the learner's
            report.internal_error = response
            report.wall_ms = (time.perf_counter() - started) * 1000
            return report
        report = report_from_response(
            self._json(response), sent, self.url, payload["run_timeout"], payload["run_memory_limit"], started
        )
        if on_frame is not None:
            for frame in report.frames:
                on_frame(frame)
        return report

    def _payload(self, job: dict, language: str, runtime: dict, code: str, deadline: float) -> dict[str, Any]:
        limits = job.get("limits") or {}
        memory = (int(limits.get("memory_mb") or 256) + HEADROOM_MB.get(language, 64)) * 1024 * 1024
        run_ms = max(1000, math.ceil(deadline * 1000))  # never 0: Piston reads 0 as "no limit"
        payload = {
            "language": runtime["language"],
            "version": runtime["version"],
            "files": [
                *child_files(language, str(job.get("mode", "judge"))),
                {"name": job["code_file"], "content": code},
            ],
            "stdin": json.dumps(job, separators=(",", ":")),
            "args": [],
            "run_timeout": run_ms,
            "run_cpu_time": run_ms,
            "run_memory_limit": memory,
            "compile_timeout": 10_000,
            "compile_cpu_time": 10_000,
            "compile_memory_limit": memory,
        }
        with self._lock:
            for field in LIMIT_FIELDS:
                known = self._server_limits.get((runtime["language"], field))
                if known is not None:
                    payload[field] = min(payload[field], known)
        return payload

    def _execute(self, payload: dict, timeout: float, cancel: threading.Event | None) -> httpx.Response | str:
        """POST the job. A limit over the server's own is lowered to it, and remembered for the next
        jobs (Piston's defaults are 3 s of run time and CPU time). A str is a refusal."""
        message = ""
        for _ in range(len(LIMIT_FIELDS) + 1):
            response = self._request("POST", "/api/v2/execute", payload, timeout, cancel)
            if response.status_code == 200:
                return response
            message = _message(response)
            if response.status_code == 400:
                lowered = _LIMIT_MESSAGE.search(message)
                if lowered and lowered[1] in LIMIT_FIELDS and int(lowered[2]) > 0:
                    with self._lock:  # the server's administrator decides
                        self._server_limits[(payload["language"], lowered[1])] = int(lowered[2])
                    payload[lowered[1]] = int(lowered[2])
                    continue
                return f"The Piston server at {self.url} refused the job: {message}."
            if response.status_code == 413:
                return (
                    f"The Piston server at {self.url} refused the job as too large (HTTP 413): the code and its "
                    "tests are over its request size limit. Shorten them, or run code locally."
                )
            if response.status_code == 415:
                return f"The Piston server at {self.url} did not take the job as JSON (HTTP 415): is a proxy in between changing it?"
            return f"The Piston server at {self.url} answered HTTP {response.status_code}: {message}."
        return f"The Piston server at {self.url} refused the job again and again: {message}."

    # ---------------------------------------------------------------- HTTP

    def _headers(self) -> dict[str, str]:
        headers = {"Accept": "application/json"}
        if self._key:
            headers[self._key_header] = self._key
        return headers

    def _request(self, method: str, path: str, body: dict | None, timeout: float, cancel) -> httpx.Response:
        """One request, retried with backoff on 429 and 5xx; connection problems raise BackendUnavailable."""
        if not self.url:
            raise BackendUnavailable(
                "No Piston server is set: set CODEMENTOR_PISTON_URL to its address (for example "
                "http://localhost:2000), or run code locally with CODEMENTOR_BACKEND=local.",
                "",
            )
        response = None
        for attempt in range(self._attempts):
            response = self._send(method, path, body, timeout, cancel)
            if response.status_code not in RETRY_STATUS or attempt == self._attempts - 1:
                break
            delay = self._backoff * (2**attempt)
            retry_after = response.headers.get("Retry-After", "")
            if retry_after.replace(".", "", 1).isdigit():
                delay = min(float(retry_after), 10.0)
            if cancel is not None and cancel.wait(delay):
                raise _Cancelled()
            if cancel is None:
                time.sleep(delay)
        assert response is not None
        self._raise_for_access(response, path)
        return response

    def _send(self, method: str, path: str, body: dict | None, timeout: float, cancel) -> httpx.Response:
        box: dict[str, Any] = {}

        def work() -> None:
            try:
                box["response"] = self._client.request(
                    method, self.url + path, json=body, headers=self._headers(), timeout=timeout
                )
            except Exception as exc:  # noqa: BLE001 - handed to the caller's thread
                box["error"] = exc

        if cancel is None:
            work()
        else:
            # The request runs beside us so that a cancel returns at once (the server finishes alone).
            worker = threading.Thread(target=work, daemon=True)
            worker.start()
            while worker.is_alive():
                worker.join(0.05)
                if cancel.is_set() and worker.is_alive():
                    raise _Cancelled()
        error = box.get("error")
        if isinstance(error, httpx.TimeoutException):
            raise BackendUnavailable(
                f"The Piston server at {self.url} did not answer within {timeout:.0f} s. It may be overloaded "
                "or far away: try again, or run code locally with CODEMENTOR_BACKEND=local.",
                self.url,
            )
        if isinstance(error, httpx.HTTPError):
            raise BackendUnavailable(
                f"The Piston server at {self.url} cannot be reached ({type(error).__name__}: {error}). Check "
                "that it runs and that CODEMENTOR_PISTON_URL is its address, or run code locally with "
                "CODEMENTOR_BACKEND=local.",
                self.url,
            )
        if error is not None:
            raise error
        return box["response"]

    def _raise_for_access(self, response: httpx.Response, path: str) -> None:
        status = response.status_code
        message = _message(response)
        if status in (401, 403):
            raise BackendUnavailable(
                f"The Piston server at {self.url} refused the request (HTTP {status}: {message}). It needs an "
                f"API key: set CODEMENTOR_PISTON_KEY (sent in the {self._key_header} header; "
                "CODEMENTOR_PISTON_KEY_HEADER names another). The public server at emkc.org gives keys on request.",
                self.url,
            )
        if status == 404:
            raise BackendUnavailable(
                f"{self.url} has no Piston API (HTTP 404 for {path}). CODEMENTOR_PISTON_URL should be the "
                "server's base address, for example http://localhost:2000.",
                self.url,
            )
        if status == 429:
            raise BackendUnavailable(
                f"The Piston server at {self.url} is busy (HTTP 429, too many requests) after "
                f"{self._attempts} tries. Wait a minute and try again; a class can run its own server "
                "(see the README).",
                self.url,
            )
        if status >= 500:
            raise BackendUnavailable(
                f"The Piston server at {self.url} failed (HTTP {status}{': ' + message if message else ''}) "
                f"{self._attempts} times. Try again later, or run code locally with CODEMENTOR_BACKEND=local.",
                self.url,
            )

    def _json(self, response: httpx.Response) -> Any:
        try:
            return response.json()
        except ValueError:
            raise BackendUnavailable(
                f"{self.url} answered with something that is not Piston's JSON (HTTP {response.status_code}).",
                self.url,
            ) from None


def _message(response: httpx.Response) -> str:
    try:
        data = response.json()
    except ValueError:
        return response.text[:200].strip()
    if isinstance(data, dict) and data.get("message"):
        return str(data["message"])
    return ""


def _choose(runtimes: list[dict], language: str) -> dict | None:
    """The newest runtime of ``language`` that is recent enough (Node, not Deno or Bun, for JS)."""
    names = set(NAMES.get(language, (language,)))
    candidates = []
    for runtime in runtimes:
        if not isinstance(runtime, dict) or not runtime.get("version"):
            continue
        if not ({runtime.get("language"), *(runtime.get("aliases") or [])} & names):
            continue
        if language == "javascript" and runtime.get("runtime") not in (None, "node"):
            continue
        if _version(runtime["version"]) < MINIMUM.get(language, (0,)):
            continue
        candidates.append(runtime)
    return max(candidates, key=lambda r: _version(r["version"]), default=None)
