"""The audit log: one JSON line per tool call (tool, caller, duration, outcome, sizes), rotated.
Never the code itself, never a key."""

from __future__ import annotations

import json
import logging
import logging.handlers
import threading
import time
from pathlib import Path
from typing import Any

from .arguments import CODE_FIELDS

_SAMPLE = 1000  # steps of a trace measured for result_bytes


class AuditLog:
    def __init__(self, path: Path | None, max_bytes: int = 2_000_000, backups: int = 5):
        self._logger = logging.getLogger(f"codementor.audit.{id(self)}")
        self._logger.propagate = False
        self._logger.setLevel(logging.INFO)
        self._lock = threading.Lock()
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            handler = logging.handlers.RotatingFileHandler(
                path, maxBytes=max_bytes, backupCount=backups, encoding="utf-8"
            )
            handler.setFormatter(logging.Formatter("%(message)s"))
            self._logger.addHandler(handler)

    def record(self, tool: str, caller: str, learner: str, arguments: Any, result: dict, started: float) -> None:
        entry = {
            "at": round(time.time(), 3),
            "tool": tool,
            "caller": caller,
            "learner": learner,
            "duration_ms": round((time.perf_counter() - started) * 1000, 1),
            "outcome": result.get("error_code") or result.get("verdict") or result.get("status") or "ok",
            "sizes": _sizes(arguments),
            "result_bytes": _result_bytes(result),
        }
        for key in ("run_id", "trace_id"):
            if key in result:
                entry[key] = result[key]
        self._logger.info(json.dumps(entry, separators=(",", ":")))

    def close(self) -> None:
        for handler in list(self._logger.handlers):
            handler.close()
            self._logger.removeHandler(handler)


def _result_bytes(result: dict) -> int:
    """The size of the result as JSON. A long trace's steps are measured on a sample: encoding
    100,000 steps again only to count them would double the time of the call."""
    steps = result.get("steps")
    if not isinstance(steps, list) or len(steps) <= _SAMPLE:
        return len(json.dumps(result, default=str))
    rest = {key: value for key, value in result.items() if key != "steps"}
    sample = steps[:: len(steps) // _SAMPLE][:_SAMPLE]
    return len(json.dumps(rest, default=str)) + len(json.dumps(sample, default=str)) * len(steps) // len(sample)


def _sizes(arguments: Any) -> dict[str, int]:
    if isinstance(arguments, str):
        return {"raw_chars": len(arguments)}
    if not isinstance(arguments, dict):
        return {}
    sizes = {f"{k}_chars": len(v) for k, v in arguments.items() if k in CODE_FIELDS and isinstance(v, str)}
    if isinstance(arguments.get("test_cases"), list):
        sizes["test_cases"] = len(arguments["test_cases"])
    return sizes
