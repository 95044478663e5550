"""Typed settings: defaults, a system file a lab administrator can lock, the user's TOML file,
then ``CODEMENTOR_*`` environment variables. Secrets never live here (see ``secrets.py``): the
system file alone may carry a lab's keys (``piston_key``, ``llm_api_key``), which are handed to
``Credentials`` and kept out of ``Settings``; in the user's file a key is refused.

Nothing here raises on a person's mistake: a file that does not parse, a misspelt key, a value of
the wrong type or out of bounds is each reported with the file and line (or the variable), and
that key alone falls back to its default.
"""

from __future__ import annotations

import getpass
import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .paths import AppPaths
from .secrets import ENVIRONMENT as KEY_VARIABLES
from .secrets import SYSTEM_FILE_KEYS
from .settings_file import SettingsFile, key_lines, patched_toml, read_settings_file, toml_value, without_lines

log = logging.getLogger(__name__)
SCHEMA_VERSION = 1


class RateLimit(BaseModel):
    model_config = ConfigDict(extra="forbid")
    calls: int = Field(ge=1)
    per_seconds: int = Field(ge=1)


# What each rate limit counts. A person's own runs on this machine are never counted.
RATE_LIMIT_MEANINGS = {
    "execution_shared": "runs on a shared (Piston) server, by anyone",
    "execution_local": "a model's runs on this machine",
    "analysis": "a model's code analyses",
    "recommendation": "a model's problem recommendations",
    "escalation": "a model's escalations to the deeper model",
}


def _default_rate_limits() -> dict[str, RateLimit]:
    # The spec's numbers for calls that reach a shared server; a higher one for a model's local runs.
    return {
        "execution_shared": RateLimit(calls=20, per_seconds=3600),
        "execution_local": RateLimit(calls=200, per_seconds=3600),
        "analysis": RateLimit(calls=30, per_seconds=3600),
        "recommendation": RateLimit(calls=50, per_seconds=86400),
        "escalation": RateLimit(calls=20, per_seconds=3600),
    }


def _default_user() -> str:
    try:
        return getpass.getuser() or "learner"
    except (OSError, KeyError, ImportError):
        return "learner"


class Settings(BaseModel):
    """Everything a person or an administrator can set (the README's table is made from this)."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    schema_version: int = Field(default=SCHEMA_VERSION, description="the format of this file (the app writes it)")
    user: str = Field(
        default_factory=_default_user,
        min_length=1,
        max_length=64,
        description="the current learner: runs and rate limits are kept per learner",
    )
    ask_learner_at_start: bool = Field(
        default=False,
        description='ask "Who is practicing?" at every start (it is asked anyway when the database has several learners)',
    )
    backend: Literal["local", "piston"] = Field(
        default="local", description="where code runs: `local` (a restricted child process) or `piston` (a server)"
    )
    piston_url: str = Field(default="", description="the Piston server's address")
    piston_key_header: str = Field(default="Authorization", description="the header the Piston key travels in")
    piston_max_runs: int = Field(default=4, ge=1, le=64, description="this app's runs on the Piston server at once")
    piston_queue: int = Field(
        default=16,
        ge=0,
        le=1000,
        description="runs that may wait for a turn before the app says the server is saturated",
    )
    node_path: str = Field(default="", description="the Node.js that runs JavaScript (empty: `node` on the PATH)")
    problem_pack: str = Field(
        default="",
        description="a folder or zip of problems an instructor publishes (a shared path), loaded beside the bank",
    )
    llm_base_url: str = Field(default="", description="an OpenAI-compatible endpoint for the tutor")
    llm_model: str = Field(default="", description="the tutor's model")
    llm_deep_model: str = Field(default="", description="the model the tutor escalates to")
    llm_deep_daily_calls: int = Field(
        default=20, ge=0, le=1000, description="how many times a day the tutor may call the deep model (cost control)"
    )
    llm_tool_set: Literal["auto", "full", "reduced"] = Field(
        default="auto",
        description="the tools the tutor's model sees: `reduced` for small contexts, `auto` picks by measured size",
    )
    llm_cloud_consent: list[str] = Field(
        default_factory=list,
        description="the cloud endpoints the learner agreed may receive their code (asked once per endpoint)",
    )
    tutor_keep_insights: bool = Field(
        default=True, description="keep the insights of a concluded tutor session in the learner's profile"
    )
    database_url: str = Field(default="", description="a database URL (empty: the SQLite file in the data folder)")
    timeout_seconds: float = Field(default=5.0, ge=1, le=10, description="time limit per test, in seconds")
    run_seconds: float = Field(default=30.0, ge=1, le=60, description="time limit of a whole run, in seconds")
    memory_mb: int = Field(default=256, ge=16, le=512, description="memory limit of a run, in MB")
    output_kb: int = Field(
        default=1024,
        ge=16,
        le=8192,
        description="what a run may print, in KB (more is OLE; a Piston server keeps its own limit)",
    )
    max_code_chars: int = Field(
        default=100_000, ge=1000, le=1_000_000, description="the longest code a tool accepts, in characters"
    )
    max_input_bytes: int = Field(
        default=1_000_000,
        ge=1000,
        le=100_000_000,
        description="the largest `input_data` (or `target_value`) a tool accepts, in bytes of JSON",
    )
    rate_limits: dict[str, RateLimit] = Field(
        default_factory=_default_rate_limits,
        description="calls per window for a model's tool loop and a shared server (see below)",
    )
    theme: Literal["light", "dark"] = Field(default="light", description="`light` or `dark`")
    font_size: int = Field(default=11, ge=6, le=32, description="the editor's font size")
    # The kernel's layers around local runs (README, "The local sandbox"); each can be switched off.
    containment_namespaces: bool = Field(
        default=True, description="run each local child in its own user, PID, network, mount and IPC namespaces"
    )
    containment_landlock: bool = Field(
        default=True, description="fence each local child's files and sockets with Landlock"
    )
    containment_seccomp: bool = Field(
        default=True, description="refuse new processes, execve, ptrace and process_vm_readv to each local child"
    )


# Environment variable -> field. Secrets (keys) are read by secrets.py, never stored here.
ENVIRONMENT = {
    "CODEMENTOR_USER": "user",
    "CODEMENTOR_BACKEND": "backend",
    "CODEMENTOR_PISTON_URL": "piston_url",
    "CODEMENTOR_PROBLEM_PACK": "problem_pack",
    "CODEMENTOR_PISTON_KEY_HEADER": "piston_key_header",
    "CODEMENTOR_PISTON_MAX_RUNS": "piston_max_runs",
    "CODEMENTOR_PISTON_QUEUE": "piston_queue",
    "CODEMENTOR_NODE": "node_path",
    "CODEMENTOR_LLM_BASE_URL": "llm_base_url",
    "CODEMENTOR_LLM_MODEL": "llm_model",
    "CODEMENTOR_LLM_DEEP_MODEL": "llm_deep_model",
    "CODEMENTOR_DATABASE_URL": "database_url",
    "CODEMENTOR_TIMEOUT": "timeout_seconds",
    "CODEMENTOR_MEMORY_MB": "memory_mb",
}


@dataclass
class LoadedSettings:
    """Settings with where they came from and what went wrong on the way."""

    settings: Settings
    paths: AppPaths
    problems: list[str] = field(default_factory=list)
    locked: set[str] = field(default_factory=set)
    environment: dict[str, str] = field(default_factory=dict)  # setting -> the variable that set it
    # The keys the system file carries (key name -> key), for ``Credentials``: never in ``Settings``,
    # so never saved, shown or logged.
    system_keys: dict[str, str] = field(default_factory=dict, repr=False)
    # The values as loaded or last saved: what differs from them is what the person changed.
    saved: dict[str, Any] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.saved = self.settings.model_dump(mode="json")

    def changed(self) -> dict[str, Any]:
        """The settings changed since they were loaded or saved (locked ones never count)."""
        current = self.settings.model_dump(mode="json")
        return {k: v for k, v in current.items() if v != self.saved.get(k) and k not in self.locked}

    def log_problems(self) -> None:
        """Put every problem met into the log (it is set up after the settings are read)."""
        for problem in self.problems:
            log.warning("settings: %s", problem)

    def save(self) -> Path:
        """Write the user's settings file: ``save_settings``, for callers handed these settings
        (the window changing its theme, the settings dialog) rather than allowed to import the
        storage layer."""
        return save_settings(self)


def load_settings(paths: AppPaths | None = None, environ: Mapping[str, str] | None = None) -> LoadedSettings:
    """Merge the sources in order; every problem met is listed, nothing raises."""
    environ = dict(os.environ if environ is None else environ)
    paths = paths or AppPaths.discover(environ)
    problems: list[str] = []
    system = read_settings_file(paths.system_settings_file)
    user = read_settings_file(paths.settings_file)
    problems += [*system.problems, *user.problems]
    locked_value = system.values.pop("locked", [])
    locked = {str(name) for name in locked_value} if isinstance(locked_value, list) else set()
    values: dict[str, Any] = {}
    origin: dict[str, str] = {}
    rate_limits = _default_rate_limits()
    system_keys: dict[str, str] = {}
    key_names = {setting: name for name, setting in SYSTEM_FILE_KEYS.items()}
    for source in (system, user):
        for key, value in source.values.items():
            if key in key_names:
                _take_key(key_names[key], value, source, source is system, system_keys, problems)
            elif key not in Settings.model_fields:
                problems.append(f"{source.where(key)}: unknown setting {key!r}{_suggestion(key)}; ignored")
            elif source is user and key in locked:
                problems.append(f"{source.where(key)}: {key!r} is locked by the administrator; ignored")
            elif key == "rate_limits":
                _merge_rate_limits(rate_limits, value, source, problems)
            else:
                values[key] = value
                origin[key] = source.where(key)
    from_environment: dict[str, str] = {}
    for variable, name in ENVIRONMENT.items():
        if variable in environ and name not in locked:
            values[name] = environ[variable]
            origin[name] = f"environment variable {variable}"
            from_environment[name] = variable
    values["rate_limits"] = rate_limits
    settings = _validate(values, origin, problems)
    return LoadedSettings(
        settings=settings,
        paths=paths,
        problems=problems,
        locked=locked,
        environment=from_environment,
        system_keys=system_keys,
    )


def _take_key(
    name: str, value: Any, source: SettingsFile, system: bool, keys: dict[str, str], problems: list[str]
) -> None:
    """A key in a settings file: the system file's is kept for ``Credentials``; the user's file is
    no place for one (it is copied, synced, shown to others) and is refused. The key itself is
    never put in a problem's sentence."""
    setting = SYSTEM_FILE_KEYS[name]
    if not system:
        problems.append(
            f"{source.where(setting)}: {setting!r} is a key, and a key is never read from your own settings "
            f"file; put it in the settings dialog (it goes to the keyring) or in {KEY_VARIABLES[name]}, and "
            "delete that line; ignored"
        )
    elif not isinstance(value, str):
        problems.append(f"{source.where(setting)}: {setting!r} must be a string in quotes; ignored")
    elif value:
        keys[name] = value


def _suggestion(key: str) -> str:
    import difflib  # only for a misspelt key: not worth its import on every start

    close = difflib.get_close_matches(key, list(Settings.model_fields), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _merge_rate_limits(limits: dict[str, RateLimit], given: Any, source: SettingsFile, problems: list[str]) -> None:
    """Each limit given replaces its default; the others stay."""
    if not isinstance(given, dict):
        problems.append(f"{source.where('rate_limits')}: 'rate_limits' must be a table of limits; ignored")
        return
    for bucket, value in given.items():
        where = source.where("rate_limits", bucket)
        if bucket not in limits:
            known = ", ".join(sorted(limits))
            problems.append(f"{where}: unknown rate limit {bucket!r} (known: {known}); ignored")
            continue
        try:
            limits[bucket] = RateLimit.model_validate(value)
        except ValidationError as exc:
            error = exc.errors()[0]
            name = ".".join(["rate_limits", bucket, *(str(p) for p in error["loc"])])
            problems.append(f"{source.where('rate_limits', bucket, *map(str, error['loc']))}: setting {name!r}: "
                            f"{error['msg']}; using its default")  # fmt: skip


def _validate(values: dict[str, Any], origin: dict[str, str], problems: list[str]) -> Settings:
    """Settings from ``values``; each key that fails is reported and left at its default."""
    try:
        return Settings(**values)
    except ValidationError as exc:
        good = dict(values)
        for error in exc.errors():
            name = str(error["loc"][0]) if error["loc"] else "?"
            problems.append(
                f"{origin.get(name, 'settings')}: setting {name!r}: {error['msg']} (got {_short(values.get(name))});"
                f" using its default{_default_text(name)}"
            )
            good.pop(name, None)
        try:
            return Settings(**good)
        except ValidationError:
            return Settings()


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _default_text(name: str) -> str:
    if name == "user" or name not in Settings.model_fields:
        return ""  # the user's default is the login name: nothing to show
    return f" ({Settings.model_fields[name].get_default(call_default_factory=True)!r})"


def save_settings(loaded: LoadedSettings) -> Path:
    """Write the user's settings file: what the person changed since loading, into the file as it
    is, so that its other lines (their own settings, their comments) stay as they wrote them. A
    value that came from the system file or the environment is not copied into it; a locked
    setting is never written."""
    path = loaded.paths.settings_file
    changed = loaded.changed()
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    found = read_settings_file(path)
    if found.problem is not None:
        text = ""  # a file that cannot be read was not used: it is replaced, not patched
    elif found.bad_lines:
        text = without_lines(text, found.bad_lines)  # kept as comments, so the rest can be patched
    if "schema_version" not in key_lines(text):
        changed.setdefault("schema_version", SCHEMA_VERSION)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".toml.tmp")
    tmp.write_text(patched_toml(text, changed), encoding="utf-8")
    os.replace(tmp, path)
    loaded.saved = loaded.settings.model_dump(mode="json")
    return path


def settings_table() -> str:
    """The README's table: every key of ``settings.toml``, its default, its variable, its meaning."""
    variables = {name: f"`{variable}`" for variable, name in ENVIRONMENT.items()}
    rows = [("key", "default", "environment variable", "meaning"), ("---", "---", "---", "---")]
    for name, info in Settings.model_fields.items():
        if name == "rate_limits":
            for bucket, limit in _default_rate_limits().items():
                default = f"`{toml_value(limit.model_dump())}`"
                rows.append((f"`rate_limits.{bucket}`", default, "", RATE_LIMIT_MEANINGS[bucket]))
            continue
        default = (
            "your login name" if name == "user" else f"`{toml_value(info.get_default(call_default_factory=True))}`"
        )
        rows.append((f"`{name}`", default, variables.get(name, ""), info.description or ""))
    return "\n".join("| " + " | ".join(row) + " |" for row in rows).replace("|  |", "| |")
