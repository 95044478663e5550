"""The window's own small files in the data folder: the recent files, whether the tour was seen,
and the marker that tells a crash from a clean exit. Each is tiny and rewritten whole; a file
that cannot be read or written costs that one feature, never the window."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

log = logging.getLogger(__name__)
RECENT_FILES = "recent-files.json"
TOUR_SEEN = "tour-seen"
RUNNING = "running"
MAX_RECENT = 10


class RecentFiles:
    """The learner's own files, newest first, kept between sessions."""

    def __init__(self, data_dir: Path):
        self._file = data_dir / RECENT_FILES
        self._paths = self._read()

    def paths(self) -> list[Path]:
        return list(self._paths)

    def add(self, path: Path) -> None:
        path = path.resolve()
        self._paths = [path] + [p for p in self._paths if p != path][: MAX_RECENT - 1]
        self._write()

    def drop(self, path: Path) -> None:
        self._paths = [p for p in self._paths if p != path]
        self._write()

    def _read(self) -> list[Path]:
        try:
            names = json.loads(self._file.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return []
        except (OSError, ValueError) as exc:
            log.warning("the recent files list %s is unreadable, starting a new one: %s", self._file, exc)
            return []
        return [Path(n) for n in names if isinstance(n, str)][:MAX_RECENT] if isinstance(names, list) else []

    def _write(self) -> None:
        try:
            self._file.parent.mkdir(parents=True, exist_ok=True)
            self._file.write_text(json.dumps([str(p) for p in self._paths], indent=1), encoding="utf-8")
        except OSError as exc:
            log.warning("the recent files list could not be saved: %s", exc)


class Flag:
    """A yes/no kept as a file that exists or not (the tour seen, the app running)."""

    def __init__(self, data_dir: Path, name: str):
        self.path = data_dir / name

    def is_set(self) -> bool:
        return self.path.exists()

    def set(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(str(os.getpid()), encoding="utf-8")
        except OSError as exc:
            log.warning("could not write %s: %s", self.path, exc)

    def clear(self) -> None:
        try:
            self.path.unlink(missing_ok=True)
        except OSError as exc:
            log.warning("could not remove %s: %s", self.path, exc)

    def holder(self) -> int | None:
        """The process that set the flag, when it says (``set`` writes its id)."""
        try:
            return int(self.path.read_text(encoding="utf-8").strip())
        except (OSError, ValueError):
            return None

    def release(self) -> None:
        """Clear the flag if this process set it: another window's flag is its own to clear."""
        if self.holder() in (None, os.getpid()):
            self.clear()


def app_is_running(pid: int) -> bool:
    """Whether process ``pid`` is alive and, where the system says (Linux), a CodeMentor: a
    crashed window's id may since have gone to another program."""
    if pid <= 0:
        return False
    if os.name == "nt":
        return _windows_process_alive(pid)
    try:
        os.kill(pid, 0)  # signal 0: only asks whether the process exists
    except PermissionError:
        return True
    except OSError:
        return False
    cmdline = Path(f"/proc/{pid}/cmdline")
    try:
        return b"codementor" in cmdline.read_bytes().lower()
    except FileNotFoundError:
        return not Path("/proc/self").exists()  # no /proc (macOS): alive is all that is known
    except OSError:
        return True


def _windows_process_alive(pid: int) -> bool:
    import ctypes  # Windows only: os.kill(pid, 0) would end the process there

    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
    handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return False
    code = ctypes.c_ulong()
    try:
        return bool(kernel32.GetExitCodeProcess(handle, ctypes.byref(code))) and code.value == 259  # STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)
