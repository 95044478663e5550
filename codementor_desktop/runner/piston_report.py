"""What a Piston server said about a run, as the ``ChildReport`` a local child would have given.

Piston's ``run`` object: ``stdout``, ``stderr``, ``output``, ``code``, ``signal`` and, since
September 2024, ``status`` (``RE`` non-zero exit, ``SG`` killed by a signal, ``TO`` timed out,
``OL``/``EL`` stdout/stderr over ``PISTON_OUTPUT_MAX_SIZE``, ``XX`` internal error),
``message``, ``cpu_time`` and ``wall_time`` (ms) and ``memory`` (bytes). Older servers send only
the first five: then a SIGKILL is read from the time it took and the output it left.
"""

from __future__ import annotations

import signal as _signal
import time
from typing import Any

from ..domain.vocabulary import Verdict
from .child.python.compact import SHORT
from .child.wire import Frame
from .node import ran_out_of_memory
from .protocol import ChildReport, decoder_for

OUTPUT_LIMIT = 1024  # Piston's default PISTON_OUTPUT_MAX_SIZE, characters a stream
_SIGKILL = getattr(_signal, "SIGKILL", 9)
LONG = {short: full for full, short in SHORT.items()}


def _signal_number(name: Any) -> int | None:
    if name in (None, ""):
        return None
    if isinstance(name, int):
        return name
    try:
        return int(_signal.Signals[str(name)])
    except KeyError:
        return None


def _expand(frame: dict) -> dict:
    """A compact frame with its full keys, and the error type its verdict implies."""
    full = {LONG.get(key, key): value for key, value in frame.items()}
    verdict = str(full.get("verdict"))
    if verdict in Verdict.__members__ and "error_type" not in full and Verdict(verdict).error_type:
        full["error_type"] = Verdict(verdict).error_type
    return full


def _restore(frames: list[dict]) -> list[dict]:
    """Put back what compact frames left out (see the child's ``compact.py``); a test frame is
    judged from its value like a local one (``judging.py``): the server never had the answers."""
    restored = []
    for frame in map(_expand, frames):
        if frame.get("kind") in (Frame.EXECUTION, Frame.CASE):
            frame.setdefault("stdout", "")
            frame.setdefault("stderr", "")
        restored.append(frame)
    return restored


def output_cut_message(url: str, stream: str = "output") -> str:
    return (
        f"The Piston server at {url} cut the run's {stream} at its limit (PISTON_OUTPUT_MAX_SIZE, "
        f"{OUTPUT_LIMIT:,} characters by default), so the result is incomplete. Ask its administrator to "
        "raise PISTON_OUTPUT_MAX_SIZE (a self-hosted server: set it in its environment), or run fewer tests at once."
    )


def report_from_response(
    data: Any, job: dict, url: str, run_timeout_ms: int, memory_limit: int, started: float
) -> ChildReport:
    """Map Piston's answer onto the report the verdicts are made from."""
    report = ChildReport(backend="piston", containment=["piston"])  # the server's own sandbox
    elapsed_ms = (time.perf_counter() - started) * 1000
    run = data.get("run") if isinstance(data, dict) else None
    if not isinstance(run, dict):
        report.internal_error = f"The Piston server at {url} answered without a run: {str(data)[:200]}"
        report.wall_ms = elapsed_ms
        return report
    stdout = str(run.get("stdout") or "")
    decoder = decoder_for(job, kind_key="k")
    report.frames = _restore(decoder.feed(stdout.encode("utf-8")) + decoder.close())
    report.stderr = str(run.get("stderr") or "")[-16_000:]
    report.exit_code = run.get("code") if isinstance(run.get("code"), int) else None
    report.signal = _signal_number(run.get("signal"))
    report.wall_ms = float(run["wall_time"]) if isinstance(run.get("wall_time"), (int, float)) else elapsed_ms
    memory = run.get("memory") if isinstance(run.get("memory"), (int, float)) else None
    done = report.of_kind("done")
    if done and memory is not None and not done[0].get("memory_used_kb"):
        done[0]["memory_used_kb"] = int(memory // 1024)
    status = run.get("status")
    # An old server says nothing when it cuts the output of a run that had already ended: a frame
    # cut short at its limit is the server's doing, not the learner's code writing to the channel.
    cut_by_old_server = status is None and len(stdout) >= OUTPUT_LIMIT
    if decoder.fault is not None and status not in ("OL", "EL", "TO", "XX") and report.signal is None:
        if not cut_by_old_server:
            report.channel_fault = decoder.fault  # not the server cutting the output or killing the run
    if report.finished:
        return report  # the child said everything; what happened after (stderr noise) does not matter
    if ran_out_of_memory(report.stderr):
        report.memory_exceeded = True
    elif status == "TO":
        report.timed_out = True
    elif status in ("OL", "EL"):
        report.internal_error = output_cut_message(url, "output" if status == "OL" else "error output")
    elif status == "XX":
        report.internal_error = (
            f"The Piston server at {url} failed to run the job: {run.get('message') or 'internal error'}."
        )
    elif report.signal == _SIGKILL:
        _explain_kill(report, status, memory, memory_limit, run_timeout_ms, elapsed_ms, stdout, url, run.get("message"))
    elif status is None and len(stdout) >= OUTPUT_LIMIT:
        # An old server cuts what it keeps at the limit; when the run had ended already, it says
        # nothing else: the frames stop short, the exit status is 0.
        report.internal_error = output_cut_message(url)
    if report.internal_error or report.timed_out or report.memory_exceeded:
        report.signal = None  # explained: the verdict comes from the cause, not from the SIGKILL
    return report


def _explain_kill(report, status, memory, memory_limit, run_timeout_ms, elapsed_ms, stdout, url, message) -> None:
    """A SIGKILL without TO: the memory limit when near it; an old server's output or time limit."""
    if memory is not None:
        if memory >= 0.9 * memory_limit:
            report.memory_exceeded = True
        else:
            report.internal_error = f"The Piston server at {url} stopped the run ({message or 'SIGKILL'})."
        return
    if status is None and len(stdout) >= 0.8 * OUTPUT_LIMIT:
        report.internal_error = output_cut_message(url)  # servers before September 2024 kill on output
    elif status is None and elapsed_ms >= run_timeout_ms:
        report.timed_out = True
    else:
        report.memory_exceeded = True  # killed early, with little output: the memory limit
