"""A ``settings.toml`` as text: read it with the line of every key (so a mistake can be shown where
it is), and write one back. A file with a line that does not parse is read statement by statement
(``settings_lines``): one bad line costs that line, never the file's other settings."""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .settings_lines import BadLine, read_by_statement

_HEADER = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"""^\s*((?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*'))*)\s*=""")


@dataclass
class SettingsFile:
    """What one file says, where it is, and the line each dotted key is set on."""

    path: Path
    values: dict[str, Any] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)
    problem: str | None = None  # why the file could not be used at all
    bad_lines: list[BadLine] = field(default_factory=list)  # the lines left out, each named in ``problems``

    @property
    def problems(self) -> list[str]:
        """A sentence for the file that could not be read, or one per line that was left out."""
        if self.problem is not None:
            return [self.problem]
        return [
            f"{self.path}, {bad.where}: `{_short_line(bad.text)}` cannot be read ({bad.reason}); "
            f"{'those lines are' if bad.last > bad.number else 'that line is'} ignored, the file's other settings are used"
            for bad in self.bad_lines
        ]

    def where(self, *key: str) -> str:
        """``path, line N`` for a key (or its nearest enclosing table), else just the path."""
        for length in range(len(key), 0, -1):
            line = self.lines.get(".".join(key[:length]))
            if line is not None:
                return f"{self.path}, line {line}"
        return str(self.path)


def read_settings_file(path: Path) -> SettingsFile:
    """The file's values and key lines; a file that is missing gives nothing, one that cannot be
    read gives nothing and a sentence naming it, one with lines that do not parse gives every other
    line's settings and the lines left out."""
    found = SettingsFile(path)
    if not path.exists():
        return found
    try:
        text = path.read_bytes().decode("utf-8")
        found.values = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        found.values, found.bad_lines = read_by_statement(text)
    except (OSError, UnicodeDecodeError) as exc:
        found.problem = f"{path}: cannot be read ({exc}); using the defaults instead"
        return found
    found.lines = key_lines(text)
    return found


def _short_line(text: str) -> str:
    text = text.strip()
    return text if len(text) <= 80 else text[:77] + "..."


def without_lines(text: str, bad: list[BadLine]) -> str:
    """``text`` with each bad line turned into a comment, so that the rest parses and can be
    patched while the person can still see (and fix) what they wrote."""
    numbers = {number for line in bad for number in range(line.number, max(line.number, line.last) + 1)}
    kept = [
        f"# not understood, ignored: {line}" if number in numbers else line
        for number, line in enumerate(text.splitlines(), start=1)
    ]
    return "\n".join(kept) + "\n"


def key_lines(text: str) -> dict[str, int]:
    """The line (from 1) on which each dotted key, and each table, is first set."""
    lines: dict[str, int] = {}
    table: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        if header:
            table = _parts(header.group(1))
            lines.setdefault(".".join(table), number)
            continue
        key = _KEY.match(line)
        if key:
            lines.setdefault(".".join([*table, *_parts(key.group(1))]), number)
    return lines


def _parts(dotted: str) -> list[str]:
    return [part.strip().strip("\"'") for part in re.findall(r'"[^"]*"|\'[^\']*\'|[^.]+', dotted)]


def to_toml(values: dict[str, Any]) -> str:
    """Plain keys first, then one table per dict (``[a.b]`` for a dict of dicts)."""
    simple, tables = [], []
    for key, value in sorted(values.items()):
        if isinstance(value, dict):
            tables.append((key, value))
        else:
            simple.append(f"{key} = {toml_value(value)}")
    out = "\n".join(simple) + "\n"
    for key, table in tables:
        plain = {sub: value for sub, value in sorted(table.items()) if not isinstance(value, dict)}
        if plain:
            out += f"\n[{key}]\n" + "".join(f"{sub} = {toml_value(value)}\n" for sub, value in plain.items())
        for sub, value in sorted(table.items()):
            if isinstance(value, dict):
                out += f"\n[{key}.{sub}]\n" + "".join(f"{k} = {toml_value(v)}\n" for k, v in value.items())
    return out


def toml_value(value: Any) -> str:
    """One value as TOML writes it (a dict as an inline table)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + "}"
    return json.dumps(value)


def patched_toml(text: str, changes: dict[str, Any]) -> str:
    """``text`` with each top-level key of ``changes`` set: its line replaced where the file sets
    it, else added before the first table. Every other line (comments too) is kept as written.
    When that cannot be done line by line (a table, a value over several lines), the file is
    written anew from its values and the changes."""
    values = tomllib.loads(text) if text.strip() else {}
    wanted = {**values, **changes}
    if not changes:
        return text
    if not any(isinstance(value, dict | list) for value in [*changes.values(), *(values.get(k) for k in changes)]):
        patched = _patch_lines(text, changes)
        try:
            if tomllib.loads(patched) == wanted:
                return patched
        except tomllib.TOMLDecodeError:
            pass
    return to_toml(wanted)


def _patch_lines(text: str, changes: dict[str, Any]) -> str:
    lines = text.splitlines()
    top: dict[str, int] = {}  # top-level key -> its line's index
    first_table = len(lines)
    for index, line in enumerate(lines):
        if _HEADER.match(line):
            first_table = index
            break
        found = _KEY.match(line)
        if found:
            top.setdefault(".".join(_parts(found.group(1))), index)
    added = []
    for key, value in sorted(changes.items()):
        written = f"{key} = {toml_value(value)}"
        if key in top:
            lines[top[key]] = written
        else:
            added.append(written)
    # New keys go after the last top-level line that is not blank, before the first table.
    at = first_table
    while at > 0 and not lines[at - 1].strip():
        at -= 1
    lines[at:at] = added
    return "\n".join(lines) + "\n"
