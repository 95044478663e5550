"""The app killed mid-edit (SIGKILL, no chance to save) keeps the last saved draft, and the next
start opens that problem with that draft."""

from __future__ import annotations

import json
import os
import queue
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")

DRIVER = Path(__file__).with_name("window_driver.py")


class Driver:
    """The app in a child process, driven through window_driver.py; its stdout read line by line."""

    def __init__(self, *arguments: str):
        self.process = subprocess.Popen(
            [sys.executable, str(DRIVER), *arguments],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        )
        self._lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._lines.put(line)

    def report(self, timeout: float = 60) -> dict:
        """The next JSON line the driver prints (it prints nothing else on stdout)."""
        return json.loads(self._lines.get(timeout=timeout))

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()


def saved_draft(database: Path, problem_id: str, language: str) -> str | None:
    if not database.exists():
        return None
    with sqlite3.connect(database) as connection:
        try:
            row = connection.execute(
                "SELECT code FROM drafts WHERE problem_id = ? AND language = ?", (problem_id, language)
            ).fetchone()
        except sqlite3.OperationalError:
            return None  # the app has not created its tables yet
    return row[0] if row else None


def test_a_killed_app_keeps_the_last_saved_draft_and_reopens_it(isolated_home):
    database = isolated_home / "data" / "codementor.sqlite3"
    crashing = Driver("type", "# first thought", "# second thought")
    try:
        first = crashing.report()
        assert first["text"].endswith("# first thought")
        assert crashing.report() == {"saved": True}  # the pause after typing: the autosave wrote it
        assert saved_draft(database, first["problem"], first["language"]) == first["text"]
        crashing.send("more")
        second = crashing.report()
        assert second["text"].endswith("# second thought")
        crashing.process.send_signal(signal.SIGKILL)  # mid-edit: the second thought may not be saved yet
        assert crashing.process.wait(30) == -signal.SIGKILL
    finally:
        if crashing.process.poll() is None:
            crashing.process.kill()

    kept = saved_draft(database, first["problem"], first["language"])
    assert kept in (first["text"], second["text"])

    restarted = Driver("show")
    try:
        opened = restarted.report()
        assert restarted.process.wait(60) == 0
    finally:
        if restarted.process.poll() is None:
            restarted.process.kill()
    assert opened == {"problem": first["problem"], "language": first["language"], "text": kept}


def test_a_terminated_app_closes_as_quit_does_and_keeps_every_keystroke(isolated_home):
    database = isolated_home / "data" / "codementor.sqlite3"
    ending = Driver("type", "# first thought", "# typed just before the logout")
    try:
        first = ending.report()
        assert ending.report() == {"saved": True}
        ending.send("more")
        last = ending.report()
        ending.process.send_signal(signal.SIGTERM)  # within the autosave's pause
        assert ending.process.wait(60) == 0
    finally:
        if ending.process.poll() is None:
            ending.process.kill()
    assert saved_draft(database, first["problem"], first["language"]) == last["text"]
    assert (isolated_home / "config" / "window.ini").exists()
