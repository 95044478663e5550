"""The folders the app uses. ``CODEMENTOR_HOME`` puts them all in one place (tests, portable use)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "codementor"
# The learner's data is theirs alone: the data folder, the database and the MCP token are the
# owner's only, and found wider (made by an older version, or by hand) they are corrected.
PRIVATE_FOLDER = 0o700
PRIVATE_FILE = 0o600


def keep_private(path: Path, mode: int = PRIVATE_FILE) -> None:
    """Take from ``path`` what the group and others may do (no-op where it is missing, on
    Windows, or on a file system that keeps no modes)."""
    if os.name == "nt":
        return
    try:
        current = path.stat().st_mode & 0o777
        if current & ~mode:
            os.chmod(path, current & mode)
    except OSError:
        pass


def private_file(path: Path) -> None:
    """``path`` exists, readable and writable by its owner only (created empty if missing)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE))
    except FileExistsError:
        keep_private(path)


@dataclass(frozen=True)
class AppPaths:
    config_dir: Path
    data_dir: Path
    log_dir: Path
    cache_dir: Path
    system_config_dir: Path

    @classmethod
    def discover(cls, environ: Mapping[str, str] | None = None) -> AppPaths:
        environ = os.environ if environ is None else environ
        home = environ.get("CODEMENTOR_HOME")
        system = Path(environ.get("CODEMENTOR_SYSTEM_CONFIG") or platformdirs.site_config_dir(APP_NAME))
        if home:
            root = Path(home).expanduser()
            return cls(root / "config", root / "data", root / "logs", root / "cache", system)
        return cls(
            Path(platformdirs.user_config_dir(APP_NAME)),
            Path(platformdirs.user_data_dir(APP_NAME)),
            Path(platformdirs.user_log_dir(APP_NAME)),
            Path(platformdirs.user_cache_dir(APP_NAME)),
            system,
        )

    def ensure(self) -> AppPaths:
        for folder in (self.config_dir, self.log_dir, self.cache_dir):
            folder.mkdir(parents=True, exist_ok=True)
        self.data_dir.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
        keep_private(self.data_dir, PRIVATE_FOLDER)
        return self

    @property
    def settings_file(self) -> Path:
        return self.config_dir / "settings.toml"

    @property
    def system_settings_file(self) -> Path:
        return self.system_config_dir / "settings.toml"

    @property
    def database_file(self) -> Path:
        return self.data_dir / "codementor.sqlite3"

    @property
    def user_problems_dir(self) -> Path:
        return self.data_dir / "problems"

    @property
    def audit_log(self) -> Path:
        return self.log_dir / "tool-calls.jsonl"

    @property
    def app_log(self) -> Path:
        return self.log_dir / "codementor.log"
