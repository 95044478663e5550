"""Reading a ``settings.toml`` that does not parse as a whole, one statement at a time.

TOML is line-oriented enough for this: a statement is a ``key = value`` line, or several lines when
its value (an array, a multi-line string) goes on, and it belongs to the table of the header above
it. Each statement is parsed with its header; the ones that parse are kept, each one that does not
is named with its line and why, and only that one is lost. Keys under a header that cannot be read
are left out too (they would land in the wrong table): a lab's ``database_url`` must never be read
as something else.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from typing import Any

# The longest value a statement may have, in lines: past it a line that does not parse is not a
# value going on (and a file of many bad lines stays quick to read).
_MAX_STATEMENT_LINES = 200
_WHERE = re.compile(r"\s*\(at line (\d+), column (\d+)\)")
# A line that starts a statement of its own: a table header, or a key and its equals sign.
_STARTS = re.compile(
    r"""^\s*(\[|(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*'))*\s*=)"""
)


@dataclass(frozen=True)
class BadLine:
    """A line of the file that was not used: its number (from 1), its text and why."""

    number: int
    text: str
    reason: str
    last: int = 0  # the value's last line, when the statement goes on over several

    @property
    def where(self) -> str:
        return f"lines {self.number} to {self.last}" if self.last > self.number else f"line {self.number}"


def read_by_statement(text: str) -> tuple[dict[str, Any], list[BadLine]]:
    """What every statement that parses sets, and the lines that were left out."""
    lines = text.splitlines()
    values: dict[str, Any] = {}
    bad: list[BadLine] = []
    header, header_line, header_ok = "", 0, True
    index = 0
    while index < len(lines):
        line = lines[index]
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            index += 1
            continue
        if stripped.startswith("["):
            parsed, reason = _parse(line)
            if parsed is not None:
                header, header_line, header_ok = line, index + 1, True
                _merge(values, parsed, append=True)  # an empty table is a table; [[x]] adds one to x
            else:
                bad.append(BadLine(index + 1, line, reason))
                header_line, header_ok = index + 1, False
            index += 1
            continue
        if not header_ok:
            bad.append(BadLine(index + 1, line, f"the table header on line {header_line} cannot be read"))
            index += 1
            continue
        end = _statement_end(lines, index, header)
        if end is None:
            # The lines that go on from it (an array's items, its closing bracket) go with it.
            last = index + 1
            while last < len(lines) and not _STARTS.match(lines[last]):
                last += 1
            while last - 1 > index and not lines[last - 1].strip():
                last -= 1  # the blank lines before the next statement are not the value's
            if not _STARTS.match(line) or last == index + 1:
                bad.append(BadLine(index + 1, line, _parse(header + "\n" + line)[1]))
                index += 1
                continue
            reason = _parse("\n".join([header, *lines[index:last]]), first_line=index + 1)[1]
            bad.append(BadLine(index + 1, line, reason, last))
            index = last
            continue
        parsed, _ = _parse("\n".join([header, *lines[index:end]]))
        assert parsed is not None
        twice = _merge(values, parsed)
        if twice is not None:
            bad.append(BadLine(index + 1, line, f"{twice!r} is set twice; the first one is used"))
        index = end
    return values, bad


def _statement_end(lines: list[str], start: int, header: str) -> int | None:
    """The index after the last line of the statement that starts at ``start``, or None when no
    run of lines from there parses (a mistake on that line)."""
    last = min(len(lines), start + _MAX_STATEMENT_LINES)
    for end in range(start + 1, last + 1):
        if _parse("\n".join([header, *lines[start:end]]))[0] is not None:
            return end
    return None


def _parse(text: str, first_line: int = 0) -> tuple[dict[str, Any] | None, str]:
    """The values of ``text`` (a header line, then a statement's lines), or None and why. The
    reason says where in the file's numbering when the statement's ``first_line`` is given, else
    only the column (the line is the one named already)."""
    try:
        return tomllib.loads(text), ""
    except tomllib.TOMLDecodeError as exc:

        def where(found: re.Match[str]) -> str:
            if not first_line:
                return f" at column {found.group(2)}"
            return f" at line {first_line + int(found.group(1)) - 2}, column {found.group(2)}"

        return None, _WHERE.sub(where, str(exc))


def _merge(into: dict[str, Any], parsed: dict[str, Any], prefix: str = "", append: bool = False) -> str | None:
    """Add ``parsed`` to ``into``; the dotted key set twice (``into`` keeps its value), if any.
    An array of tables grows by one at its header (``append``); a key under it goes to the last."""
    twice = None
    for key, value in parsed.items():
        name = f"{prefix}{key}"
        if key not in into:
            into[key] = value
        elif isinstance(into[key], dict) and isinstance(value, dict):
            twice = _merge(into[key], value, name + ".", append) or twice
        elif _tables(into[key]) and _tables(value) and len(value) == 1:
            if append:
                into[key].append(value[0])
            else:
                twice = _merge(into[key][-1], value[0], name + ".") or twice
        else:
            twice = name
    return twice


def _tables(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(item, dict) for item in value)
