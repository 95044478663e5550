"""Typed settings: defaults, a system file a lab administrator can lock, the user's TOML file,
then ``CODEMENTOR_*`` environment variables. A broken file is reported with its line and the app
goes on with the other sources; secrets never live here (see ``secrets.py``).
"""

from __future__ import annotations

import getpass
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .paths import AppPaths

SCHEMA_VERSION = 1


class RateLimit(BaseModel):
    model_config = ConfigDict(extra="forbid")
    calls: int = Field(ge=1)
    per_seconds: int = Field(ge=1)


def _default_rate_limits() -> dict[str, RateLimit]:
    # The spec's numbers for calls that reach a shared server; a higher one for local runs.
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
    """Everything a person or an administrator can set."""

    model_config = ConfigDict(extra="ignore", validate_assignment=True)

    schema_version: int = SCHEMA_VERSION
    user: str = Field(default_factory=_default_user, min_length=1, max_length=64)
    backend: Literal["local", "piston"] = "local"
    piston_url: str = ""
    piston_key_header: str = "Authorization"
    node_path: str = ""
    llm_base_url: str = ""
    llm_model: str = ""
    llm_deep_model: str = ""
    database_url: str = ""
    timeout_seconds: float = Field(default=5.0, ge=1, le=10)
    run_seconds: float = Field(default=30.0, ge=1, le=60)
    memory_mb: int = Field(default=256, ge=16, le=512)
    max_code_chars: int = Field(default=100_000, ge=1000, le=1_000_000)
    rate_limits: dict[str, RateLimit] = Field(default_factory=_default_rate_limits)
    theme: Literal["light", "dark"] = "light"
    font_size: int = Field(default=11, ge=6, le=32)
    # The kernel's layers around local runs (README, "Running code"); each can be switched off.
    containment_namespaces: bool = True
    containment_landlock: bool = True
    containment_seccomp: bool = True


# Environment variable -> field. Secrets (keys) are read by secrets.py, never stored here.
ENVIRONMENT = {
    "CODEMENTOR_USER": "user",
    "CODEMENTOR_BACKEND": "backend",
    "CODEMENTOR_PISTON_URL": "piston_url",
    "CODEMENTOR_PISTON_KEY_HEADER": "piston_key_header",
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


def read_toml(path: Path) -> tuple[dict[str, Any], str | None]:
    """A TOML file as a dict, or an empty dict and a sentence naming the file and line."""
    if not path.exists():
        return {}, None
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle), None
    except tomllib.TOMLDecodeError as exc:
        return {}, f"{path}: {exc}; using the defaults instead"
    except (OSError, UnicodeDecodeError) as exc:
        return {}, f"{path}: cannot be read ({exc}); using the defaults instead"


def load_settings(paths: AppPaths | None = None, environ: dict[str, str] | None = None) -> LoadedSettings:
    """Merge the sources in order; every problem met is listed, nothing raises."""
    environ = dict(os.environ if environ is None else environ)
    paths = paths or AppPaths.discover(environ)
    problems: list[str] = []
    system, problem = read_toml(paths.system_settings_file)
    if problem:
        problems.append(problem)
    locked = set(system.pop("locked", []) or [])
    user, problem = read_toml(paths.settings_file)
    if problem:
        problems.append(problem)
    merged: dict[str, Any] = {}
    merged.update(system)
    merged.update({k: v for k, v in user.items() if k not in locked})
    for variable, name in ENVIRONMENT.items():
        if variable in environ and name not in locked:
            merged[name] = environ[variable]
    settings = _validate(merged, problems)
    return LoadedSettings(settings=settings, paths=paths, problems=problems, locked=locked)


def _validate(values: dict[str, Any], problems: list[str]) -> Settings:
    try:
        return Settings(**values)
    except ValidationError as exc:
        good = dict(values)
        for error in exc.errors():
            name = str(error["loc"][0]) if error["loc"] else "?"
            problems.append(f"setting {name!r}: {error['msg']}; using its default")
            good.pop(name, None)
        try:
            return Settings(**good)
        except ValidationError:
            return Settings()


def save_settings(loaded: LoadedSettings) -> Path:
    """Write the user's settings file (only what differs from the defaults; locked keys left out)."""
    defaults = Settings(user=loaded.settings.user).model_dump(mode="json")
    current = loaded.settings.model_dump(mode="json")
    changed = {k: v for k, v in current.items() if v != defaults.get(k) and k not in loaded.locked}
    changed["schema_version"] = SCHEMA_VERSION
    path = loaded.paths.settings_file
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".toml.tmp")
    tmp.write_text(_to_toml(changed), encoding="utf-8")
    os.replace(tmp, path)
    return path


def _to_toml(values: dict[str, Any]) -> str:
    import json

    simple, tables = [], []
    for key, value in sorted(values.items()):
        if isinstance(value, dict):
            tables.append((key, value))
        else:
            simple.append(f"{key} = {_toml_value(value, json)}")
    out = "\n".join(simple) + "\n"
    for key, table in tables:
        for sub, value in sorted(table.items()):
            if isinstance(value, dict):
                inner = ", ".join(f"{k} = {_toml_value(v, json)}" for k, v in value.items())
                out += f"\n[{key}.{sub}]\n" + inner.replace(", ", "\n") + "\n"
            else:
                out += f"\n[{key}]\n{sub} = {_toml_value(value, json)}\n"
    return out


def _toml_value(value: Any, json) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    return json.dumps(value)
