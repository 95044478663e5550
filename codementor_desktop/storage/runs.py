"""Run and trace results kept under their ids, so that a model can refer to one instead of
sending it back (VOCABULARY: "Ids that travel")."""

from __future__ import annotations

import json
import secrets
import threading
import zlib
from collections import OrderedDict
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, insert, select

from ..domain.vocabulary import Verdict
from .database import Database
from .models import OpenProblem, StoredRun

PREFIX = {"run": "run_", "trace": "trace_"}
JUDGED = "execute_code"  # the tool whose runs are attempts at a problem (progress.JUDGE_TOOL)
RUNS = cast(Table, StoredRun.__table__)
OPEN_PROBLEMS = cast(Table, OpenProblem.__table__)


def encode_result(result: dict[str, Any]) -> bytes:
    """A result as it is stored: compact JSON, zlib-compressed."""
    return zlib.compress(json.dumps(result, separators=(",", ":")).encode("utf-8"), 3)


def decode_result(blob: bytes) -> dict[str, Any]:
    """A stored result; an unreadable one (damaged, or not an object) reads as ``{}``."""
    try:
        value = json.loads(zlib.decompress(blob))
    except (zlib.error, ValueError):
        return {}
    return value if isinstance(value, dict) else {}


def stored_verdict(result: dict, verdict: Any) -> Any:
    """The verdict kept for ``result``: an AC is kept only when every test ran and was accepted, so
    that a run with tests missing never counts as solved, whatever produced its verdict (a run
    cut short is judged RE or IE upstream; here it reads as IE, which the profile does not count)."""
    if verdict != Verdict.AC.value or not isinstance(result.get("tests_total"), int):
        return verdict
    tests = [t for t in result.get("test_results") or [] if isinstance(t, dict)]
    ran = result.get("tests_run", len(tests))
    if ran != result["tests_total"]:
        return Verdict.IE.value
    if any(t.get("verdict") != Verdict.AC.value for t in tests):
        return Verdict.IE.value
    return verdict


def was_submitted(result: dict) -> bool:
    """Whether a run result is a Submit's: it ran hidden tests."""
    return any(isinstance(test, dict) and test.get("hidden") for test in result.get("test_results") or [])


class RunStore:
    """Keeps recent results in memory and every result in the database."""

    def __init__(self, database: Database, memory_items: int = 64):
        self._database = database
        self._memory: OrderedDict[str, dict] = OrderedDict()
        self._limit = memory_items
        self._lock = threading.Lock()

    def save(
        self, kind: str, tool: str, learner: str, result: dict[str, Any], blob: bytes | None = None, **columns: Any
    ) -> str:
        """Store ``result``; returns its new id (``run_…`` or ``trace_…``). ``blob``, when given, is
        what to keep in the database instead of the result as JSON (zlib-compressed JSON too, but
        cheaper to make: a trace keeps its steps as the child sent them). A run of a problem also
        keeps the attempt's facts: its ``code`` (a column given), the problem's version, whether it was a Submit, and the seconds
        since the learner opened the problem (when it is the one they have open)."""
        identifier = PREFIX[kind] + secrets.token_hex(6)
        if blob is None:
            blob = encode_result(result)
        learner_id = self._database.learner_id(learner)
        problem_id = columns.get("problem_id")
        version = result.get("problem_version")
        now = datetime.now()
        with self._database.transaction() as connection:
            opened = None
            if problem_id is not None and kind == "run":
                opened = connection.execute(
                    select(OPEN_PROBLEMS.c.opened_at).where(
                        OPEN_PROBLEMS.c.learner_id == learner_id, OPEN_PROBLEMS.c.problem_id == problem_id
                    )
                ).scalar()
            connection.execute(
                insert(RUNS).values(
                    id=identifier,
                    learner_id=learner_id,
                    kind=kind,
                    tool=tool,
                    created_at=now,
                    result=blob,
                    problem_id=problem_id,
                    language=columns.get("language"),
                    verdict=stored_verdict(result, columns.get("verdict"))
                    if tool == JUDGED
                    else columns.get("verdict"),
                    problem_version=version if isinstance(version, int) else None,
                    submitted=kind == "run" and was_submitted(result),
                    seconds_open=max(0.0, (now - opened).total_seconds()) if opened is not None else None,
                    code=columns.get("code"),
                )
            )
        self._remember(identifier, result)
        return identifier

    @property
    def database(self) -> Database:
        """The database the runs are kept in, which the other stores of a tool open on too."""
        return self._database

    def get(self, identifier: str, learner: str | None = None) -> dict[str, Any] | None:
        """The stored result, or None when the id is unknown (or another learner's)."""
        with self._lock:
            if identifier in self._memory and learner is None:
                return self._memory[identifier]
        with self._database.transaction() as connection:
            row = connection.execute(select(RUNS.c.learner_id, RUNS.c.result).where(RUNS.c.id == identifier)).first()
        if row is None:
            return None
        if learner is not None and row.learner_id != self._database.learner_id(learner):
            return None
        result = decode_result(row.result)
        self._remember(identifier, result)
        return result

    def _remember(self, identifier: str, result: dict) -> None:
        with self._lock:
            self._memory[identifier] = result
            self._memory.move_to_end(identifier)
            while len(self._memory) > self._limit:
                self._memory.popitem(last=False)
