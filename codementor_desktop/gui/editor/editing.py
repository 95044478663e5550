"""What a learner expects from any code editor, beyond typing: brace matching, the file's own
indentation step (2 spaces in 2-space code), dedent after a line that ends a block and on a
closing brace, finding and replacing, going to a line, commenting lines out, zoom, and no
horizontal scrollbar until a line is wider than the view.

A mixin of ``CodeEditor`` (a ``ScintillaEdit``): every call here is a Scintilla message. Scintilla
positions are byte offsets into the UTF-8 text, so the search measures its needle in bytes.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING

from ...domain.vocabulary import Language

if TYPE_CHECKING:  # the mixin is checked as the Scintilla editor it is mixed into
    from pyside6_scintilla import ScintillaEdit as _Editor
else:
    _Editor = object

BRACES = b"()[]{}"
SCFIND_MATCHCASE = 0x4
STYLE_BRACELIGHT, STYLE_BRACEBAD = 34, 35
# A Python line starting with one of these ends its block: the next line goes one level out.
BLOCK_ENDERS = re.compile(rb"^\s*(return|pass|break|continue|raise)\b")
COMMENT = {Language.PYTHON.value: "#", Language.JAVASCRIPT.value: "//"}
# The indentation step of a file that does not show its own yet (PEP 8; most JavaScript styles).
DEFAULT_INDENT = {Language.PYTHON.value: 4, Language.JAVASCRIPT.value: 2}
LEADING = re.compile(r"^[ \t]*")


def indent_step(text: str, language: str, tab_width: int = 4) -> int:
    """The indentation step the code uses: the commonest rise of indentation from one non-blank
    line to the next (2 in 2-space code, 4 in 4-space code), or the language's default."""
    rises: Counter[int] = Counter()
    previous = 0
    for line in text.splitlines():
        if not line.strip():
            continue
        width = len(LEADING.match(line).group().expandtabs(tab_width))  # type: ignore[union-attr]
        if 0 < width - previous <= 8:
            rises[width - previous] += 1
        previous = width
    if not rises:
        return DEFAULT_INDENT.get(language, 4)
    return rises.most_common(1)[0][0]


class EditingMixin(_Editor):
    """Mixed into ``CodeEditor``; ``setup_editing`` is called once its margins and lexer are set."""

    if TYPE_CHECKING:

        @property
        def language(self) -> str:
            """The code's language, ``CodeEditor``'s."""
            ...

    def setup_editing(self) -> None:
        self._step_known = False  # the indentation step is measured again after each change
        # Scintilla's default scroll width is 2000 px: a scrollbar for six lines of code. Start
        # narrow and let it grow with the widest line seen.
        self.setScrollWidth(1)
        self.setScrollWidthTracking(True)
        self.updateUi.connect(self._match_braces)

    # --- braces -------------------------------------------------------------------------------
    def _match_braces(self, *_updated) -> None:
        position = self.currentPos()
        for at in (position - 1, position):
            if 0 <= at < self.textLength() and bytes(self.get_text_range(at, at + 1)) in [bytes([b]) for b in BRACES]:
                other = self.braceMatch(at, 0)
                if other >= 0:
                    self.braceHighlight(at, other)
                else:
                    self.braceBadLight(at)
                return
        self.braceHighlight(-1, -1)

    def brace_style(self, dark: bool) -> None:
        """The colours of a matched pair and of a brace with no partner."""
        self.styleSetFore(STYLE_BRACELIGHT, 0x00E5FF if dark else 0x8A2D00)  # BGR
        self.styleSetBack(STYLE_BRACELIGHT, 0x4D3B1E if dark else 0xFFEBD6)
        self.styleSetBold(STYLE_BRACELIGHT, True)
        self.styleSetFore(STYLE_BRACEBAD, 0x5050FF)
        self.styleSetBold(STYLE_BRACEBAD, True)

    # --- indentation ----------------------------------------------------------------------------
    def text_changed_indentation(self) -> None:
        """The text changed: its indentation step is measured again when next needed."""
        self._step_known = False

    def indentation_step(self) -> int:
        """The file's indentation step, also what Tab adds and Backspace in leading spaces removes."""
        if not self._step_known:
            text = bytes(self.getText(self.textLength() + 1)).rstrip(b"\0").decode("utf-8", "replace")
            self.setIndent(indent_step(text, self.language, self.tabWidth()))
            self._step_known = True
        return self.indent()

    def indent_new_line(self, line: int) -> None:
        """The indentation of a line just begun with Enter: the previous line's, one level in after
        ``:`` (Python) or ``{`` (JavaScript), one level out after ``return``, ``pass``, ``break``,
        ``continue`` or ``raise``."""
        step = self.indentation_step()
        previous = self.lineIndentation(line - 1)
        text = bytes(self.getLine(line - 1)).rstrip(b"\0").rstrip()
        if self.language == Language.PYTHON:
            if text.endswith(b":"):
                previous += step
            elif BLOCK_ENDERS.match(text):
                previous = max(previous - step, 0)
        elif self.language == Language.JAVASCRIPT and text.endswith(b"{"):
            previous += step
        if previous:
            self.setLineIndentation(line, previous)
            self.gotoPos(self.lineIndentPosition(line))

    def dedent_closing_brace(self) -> None:
        """A ``}`` typed on a line of only whitespace goes to the indentation of the line of its
        ``{``; with no ``{`` to match, one step out from the line above."""
        position = self.currentPos() - 1
        line = self.lineFromPosition(position)
        if self.lineIndentPosition(line) != position:
            return  # text before the brace: leave the line as the learner wrote it
        # Scintilla matches braces of the same style; the brace just typed is not styled yet.
        self.colourise(self.positionFromLine(line), self.lineEndPosition(line))
        opening = self.braceMatch(position, 0)
        if opening >= 0:
            wanted = self.lineIndentation(self.lineFromPosition(opening))
        else:
            above = next((n for n in range(line - 1, -1, -1) if self._line_text(n).strip()), -1)
            if above < 0:
                return
            opened = self._line_text(above).rstrip().endswith("{")
            wanted = self.lineIndentation(above) - (0 if opened else self.indentation_step())
        self.setLineIndentation(line, max(wanted, 0))
        self.gotoPos(self.lineIndentPosition(line) + 1)

    # --- comments -------------------------------------------------------------------------------
    def toggle_comment(self) -> None:
        """Comment out the selected lines (or the caret's), or bring them back if all are comments."""
        mark = COMMENT.get(self.language, "#")
        first = self.lineFromPosition(self.selectionStart())
        last = self.lineFromPosition(self.selectionEnd())
        if last > first and self.selectionEnd() == self.positionFromLine(last):
            last -= 1  # a selection ending at a line's start does not take that line
        lines = [n for n in range(first, last + 1) if self._line_text(n).strip()]
        if not lines:
            return
        commented = all(self._line_text(n).lstrip().startswith(mark) for n in lines)
        column = min(self.lineIndentation(n) for n in lines)
        self.beginUndoAction()
        try:
            for n in reversed(lines):
                start = self.lineIndentPosition(n)
                if commented:
                    body = self._line_text(n).lstrip()
                    width = len((mark + " ").encode()) if body.startswith(mark + " ") else len(mark.encode())
                    self.deleteRange(start, width)
                else:
                    self.insertText(self.findColumn(n, column), mark + " ")
        finally:
            self.endUndoAction()
        if last > first:  # the same lines stay selected, so the same key brings them back
            self.setSel(self.positionFromLine(first), self.lineEndPosition(last))

    def _line_text(self, line: int) -> str:
        return bytes(self.getLine(line)).rstrip(b"\0").decode("utf-8", "replace").rstrip("\r\n")

    # --- finding --------------------------------------------------------------------------------
    def find_match(self, needle: str, forward: bool = True, match_case: bool = False) -> bool:
        """Select the next (or previous) ``needle`` from the selection, wrapping round the end."""
        if not needle:
            return False
        size = len(needle.encode("utf-8"))
        self.setSearchFlags(SCFIND_MATCHCASE if match_case else 0)
        length = self.textLength()
        starts = (self.selectionEnd(), 0) if forward else (self.selectionStart(), length)
        for start in starts:
            self.setTargetRange(start, length if forward else 0)
            if self.searchInTarget(size, needle) >= 0:
                self.setSel(self.targetStart(), self.targetEnd())
                self.scrollCaret()
                return True
        return False

    def replace_selection(self, needle: str, replacement: str, match_case: bool = False) -> bool:
        """Replace the selected ``needle`` (if it is selected) and select the next one."""
        selected = self.selected_text()
        if selected and (selected == needle if match_case else selected.lower() == needle.lower()):
            self.replaceSel(replacement)
        return self.find_match(needle, True, match_case)

    def replace_every(self, needle: str, replacement: str, match_case: bool = False) -> int:
        """Replace every ``needle`` as one step Ctrl+Z undoes; returns how many."""
        if not needle:
            return 0
        size = len(needle.encode("utf-8"))
        self.setSearchFlags(SCFIND_MATCHCASE if match_case else 0)
        count, start = 0, 0
        self.beginUndoAction()
        try:
            while True:
                self.setTargetRange(start, self.textLength())
                if self.searchInTarget(size, needle) < 0:
                    break
                start = self.targetStart() + self.replaceTarget(len(replacement.encode("utf-8")), replacement)
                count += 1
        finally:
            self.endUndoAction()
        return count

    def selected_text(self) -> str:
        return bytes(self.get_text_range(self.selectionStart(), self.selectionEnd())).decode("utf-8", "replace")

    # --- moving and looking -------------------------------------------------------------------
    def go_to_line(self, line_number: int) -> None:
        """Put the caret at the start of ``line_number`` (1-based, clamped) and bring it into view."""
        line = min(max(line_number, 1), self.lineCount()) - 1
        self.ensureVisibleEnforcePolicy(line)
        self.gotoLine(line)

    def zoom_by(self, steps: int) -> None:
        """Bigger (positive) or smaller text; 0 goes back to the font size of the settings."""
        self.setZoom(0 if steps == 0 else max(-8, min(self.zoom() + steps, 20)))
