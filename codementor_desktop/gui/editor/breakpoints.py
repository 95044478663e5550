"""The breakpoints set in the editor's margin, each with its condition, nth hit and watches.

Each breakpoint is a Scintilla marker, so it moves with its line as the learner edits; the
settings are kept by marker handle. A breakpoint whose line was deleted is gone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QObject, Signal

from .code_editor import BREAKPOINT_MARKER, BREAKPOINT_MARKERS, CONDITIONAL_MARKER, CodeEditor


@dataclass(frozen=True)
class Breakpoint:
    """Where to stop: a line, and optionally a condition, the nth time it holds, and what to watch."""

    line: int
    condition: str = ""
    hit: int = 1
    watch: tuple[str, ...] = field(default_factory=tuple)

    @property
    def plain(self) -> bool:
        return not self.condition and self.hit == 1 and not self.watch

    def describe(self) -> str:
        parts = [f"line {self.line}"]
        if self.condition:
            parts.append(f"when {self.condition}")
        if self.hit > 1:
            parts.append(f"the {ordinal(self.hit)} time")
        if self.watch:
            parts.append("watching " + ", ".join(self.watch))
        return " ".join(parts)


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


class Breakpoints(QObject):
    """The editor's breakpoints; ``changed`` fires when one is set, edited or removed."""

    changed = Signal()

    def __init__(self, editor: CodeEditor, parent: QObject | None = None):
        super().__init__(parent)
        self.editor = editor
        self._settings: dict[int, Breakpoint] = {}  # marker handle -> its settings (line as set)

    def all(self) -> list[Breakpoint]:
        """The breakpoints on their current lines, top to bottom."""
        found: dict[int, Breakpoint] = {}
        for handle, settings in list(self._settings.items()):
            line = self.editor.markerLineFromHandle(handle)
            if line < 0:
                del self._settings[handle]  # its line was deleted, or a new text was loaded
                continue
            found.setdefault(line + 1, Breakpoint(line + 1, settings.condition, settings.hit, settings.watch))
        return [found[line] for line in sorted(found)]

    def at(self, line: int) -> Breakpoint | None:
        return next((b for b in self.all() if b.line == line), None)

    def toggle(self, line: int) -> None:
        if self.at(line) is not None:
            self.remove(line)
        else:
            self.put(Breakpoint(line))

    def put(self, stop: Breakpoint) -> None:
        """Set the breakpoint of its line, replacing the one that was there."""
        if not 1 <= stop.line <= self.editor.lineCount():
            return
        self._delete(stop.line)
        marker = BREAKPOINT_MARKER if stop.plain else CONDITIONAL_MARKER
        handle = self.editor.markerAdd(stop.line - 1, marker)
        self._settings[handle] = stop
        self.changed.emit()

    def remove(self, line: int) -> None:
        if self._delete(line):
            self.changed.emit()

    def clear(self) -> None:
        for marker in BREAKPOINT_MARKERS:
            self.editor.markerDeleteAll(marker)
        self._settings.clear()
        self.changed.emit()

    def _delete(self, line: int) -> bool:
        gone = False
        for handle in list(self._settings):
            if self.editor.markerLineFromHandle(handle) == line - 1:
                self.editor.markerDeleteHandle(handle)
                del self._settings[handle]
                gone = True
        return gone
