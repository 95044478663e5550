"""The learner's code editor: Scintilla with the Python (or JavaScript) lexer, line numbers, a
monospace font, the file's own indentation step (four spaces by default in Python, two in
JavaScript), the failing line annotated after a run, and what a trace
shows in the code: the current step's line (an arrow and a tint) with the step's changes written
at its end, the lines of a loop that kept a stopped run going, and breakpoints in the margin.

The breakpoint margin (margin 1) reports clicks as ``marginClicked`` (line, with Ctrl or not) and
a right click there as ``marginMenuRequested`` (line, global position)."""

from __future__ import annotations

import keyword

import lexilla
import lexilla.pyside6_scintilla
from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QContextMenuEvent, QFontDatabase, QKeyEvent
from pyside6_scintilla import ScintillaEdit

from ...domain.vocabulary import Language
from .editing import EditingMixin

JS_KEYWORDS = (
    "break case catch class const continue debugger default delete do else export extends false finally "
    "for function if import in instanceof let new null of return super switch this throw true try typeof "
    "undefined var void while with yield async await"
)
ERROR_STYLE = 60
STEP_STYLE = 61
ERROR_MARKER = 1
BREAKPOINT_MARKER = 2
CONDITIONAL_MARKER = 3  # a breakpoint with a condition, an nth hit or watches
CURRENT_MARKER = 4  # the arrow in the margin
CURRENT_LINE_MARKER = 5  # the tint behind the line
LOOP_MARKER = 6
BREAKPOINT_MARKERS = (BREAKPOINT_MARKER, CONDITIONAL_MARKER)
SYMBOL_MARGIN = 1
PLAN_MARGIN = 2  # the plan's anchors (gui/plan/anchors.py), right of the breakpoints
FINDING_INDICATOR = 8  # the lines an analysis card points at (0-7 belong to the lexers)
INDIC_ROUNDBOX = 7
CTRL_MODIFIER = 2  # SCMOD_CTRL
MARK_CIRCLE, MARK_SHORTARROW, MARK_BACKGROUND, MARK_LEFTRECT = 0, 4, 22, 27
EOL_ANNOTATION_BOXED = 2
STYLE_DEFAULT = 32
TEXT_CHANGES = 0x01 | 0x02  # SC_MOD_INSERTTEXT | SC_MOD_DELETETEXT


def bgr(rgb: int) -> int:
    """Scintilla colours are BGR integers; we think in RGB."""
    return ((rgb & 0xFF) << 16) | (rgb & 0xFF00) | ((rgb >> 16) & 0xFF)


# style number -> RGB colour, per lexer (the C++ lexer numbers its styles differently)
PYTHON_STYLES = {1: 0x6A737D, 2: 0x005CC5, 3: 0x032F62, 4: 0x032F62, 5: 0xD73A49, 6: 0x032F62, 7: 0x032F62,
                 8: 0x6F42C1, 9: 0x6F42C1, 10: 0x24292E, 12: 0x6A737D, 14: 0x005CC5, 15: 0xE36209}  # fmt: skip
CPP_STYLES = {1: 0x6A737D, 2: 0x6A737D, 4: 0x005CC5, 5: 0xD73A49, 6: 0x032F62, 7: 0x032F62, 10: 0x24292E,
              16: 0x005CC5}  # fmt: skip
DARK_PALETTE = {"paper": 0x1E1E1E, "ink": 0xD4D4D4, "margin": 0x252526, "caret_line": 0x2A2D2E}
LIGHT_PALETTE = {"paper": 0xFFFFFF, "ink": 0x24292E, "margin": 0xF3F3F3, "caret_line": 0xF5F8FF}


class CodeEditor(EditingMixin, ScintillaEdit):
    """A Scintilla editor set up for practice code. ``edited`` tells that the learner changed the
    text (typing, pasting, undo, Reset code), not that a problem's text was loaded."""

    edited = Signal()
    breakpointClicked = Signal(int, bool)  # 1-based line, Ctrl held (edit rather than toggle)
    marginMenuRequested = Signal(int, QPoint)  # 1-based line, where the menu goes
    replacing = Signal(bool)  # True before ``replace_all``, False after: marks keyed to lines are lost in between

    def __init__(self, parent=None, font_size: int = 11, dark: bool = False):
        super().__init__(parent)
        self._language = ""
        self._loading = False
        self._font_size = font_size
        self._dark = dark
        self.setObjectName("codeEditor")
        self.setTabWidth(4)
        self.setIndent(4)
        self.setUseTabs(False)
        self.setTabIndents(True)
        self.setBackSpaceUnIndents(True)
        self.setIndentationGuides(3)
        self.setMarginTypeN(0, 1)  # line numbers
        self.setMarginTypeN(SYMBOL_MARGIN, 0)  # symbols: breakpoints, the current step's arrow
        self.setMarginWidthN(SYMBOL_MARGIN, 18)
        self.setMarginSensitiveN(SYMBOL_MARGIN, True)
        self.setMarginCursorN(SYMBOL_MARGIN, 8)  # SC_CURSORARROW: a click here sets a breakpoint
        self.markerDefine(ERROR_MARKER, MARK_BACKGROUND)
        self.markerDefine(BREAKPOINT_MARKER, MARK_CIRCLE)
        self.markerDefine(CONDITIONAL_MARKER, MARK_CIRCLE)
        self.markerDefine(CURRENT_MARKER, MARK_SHORTARROW)
        self.markerDefine(CURRENT_LINE_MARKER, MARK_BACKGROUND)
        self.markerDefine(LOOP_MARKER, MARK_LEFTRECT)
        self.eOLAnnotationSetVisible(EOL_ANNOTATION_BOXED)
        self.indicSetStyle(FINDING_INDICATOR, INDIC_ROUNDBOX)
        self.indicSetFore(FINDING_INDICATOR, bgr(0xE3A008))
        self.indicSetAlpha(FINDING_INDICATOR, 60)
        self.indicSetUnder(FINDING_INDICATOR, True)
        self.marginClicked.connect(self._on_margin_clicked)
        self.setCaretLineVisible(True)
        self.annotationSetVisible(2)  # boxed
        self.set_language(Language.PYTHON)
        self.charAdded.connect(self._on_char_added)
        self.setup_editing()
        self.modified.connect(self._on_modified)

    # --- text -------------------------------------------------------------------------------
    def text(self) -> str:
        return bytes(self.getText(self.textLength() + 1)).rstrip(b"\0").decode("utf-8", "replace")

    def set_text(self, text: str) -> None:
        """Load a text (another problem's draft): no undo back into what was there before."""
        self._loading = True
        try:
            self.setText(text)
        finally:
            self._loading = False
        self.emptyUndoBuffer()
        self.clear_diagnostics()
        self.clear_all_marks()

    def replace_all(self, text: str) -> None:
        """Replace the whole text as one step that Ctrl+Z undoes (Reset code)."""
        self.replacing.emit(True)
        self.beginUndoAction()
        try:
            self.targetWholeDocument()
            self.replaceTarget(len(text.encode("utf-8")), text)
        finally:
            self.endUndoAction()
        self.clear_diagnostics()
        self.clear_all_marks()
        self.gotoPos(0)
        self.replacing.emit(False)

    def _on_modified(self, kind: int, *_details) -> None:
        if kind & TEXT_CHANGES:
            self.text_changed_indentation()
            if not self._loading:
                self.edited.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        if event.key() in (Qt.Key.Key_Backspace, Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            self.indentation_step()  # Scintilla's own (un)indent uses the file's step, not a fixed 4
        super().keyPressEvent(event)

    # --- look -------------------------------------------------------------------------------
    def set_language(self, language: str) -> None:
        """Python, or JavaScript through the C++ lexer with JavaScript keywords."""
        if language == self._language:
            return
        self._language = Language(language).value
        self.text_changed_indentation()  # an empty file's default step is the language's
        if language == Language.JAVASCRIPT:
            lexer = lexilla.create_lexer(lexilla.Language.CPP)
            lexilla.pyside6_scintilla.set_lexer(self, lexer)
            self.setKeyWords(0, JS_KEYWORDS)
        else:
            lexer = lexilla.create_lexer(lexilla.Language.PYTHON)
            lexilla.pyside6_scintilla.set_lexer(self, lexer)
            self.setKeyWords(0, " ".join(keyword.kwlist))
            self.setKeyWords(1, "self cls TreeNode ListNode len range enumerate print")
        self.apply_style()

    @property
    def language(self) -> str:
        return self._language

    @property
    def dark(self) -> bool:
        return self._dark

    def apply_style(self, font_size: int | None = None, dark: bool | None = None) -> None:
        if font_size is not None:
            self._font_size = font_size
        if dark is not None:
            self._dark = dark
        palette = DARK_PALETTE if self._dark else LIGHT_PALETTE
        family = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont).family()
        self.styleSetFont(STYLE_DEFAULT, family)
        self.styleSetSize(STYLE_DEFAULT, self._font_size)
        self.styleSetFore(STYLE_DEFAULT, bgr(palette["ink"]))
        self.styleSetBack(STYLE_DEFAULT, bgr(palette["paper"]))
        self.styleClearAll()
        styles = CPP_STYLES if self._language == Language.JAVASCRIPT else PYTHON_STYLES
        for number, colour in styles.items():
            self.styleSetFore(number, bgr(colour if not self._dark else _lighten(colour)))
        self.styleSetBold(5, True)
        self.styleSetBack(33, bgr(palette["margin"]))  # line-number margin
        self.styleSetFore(33, bgr(0x8A8F98))
        self.setCaretLineBack(bgr(palette["caret_line"]))
        self.setCaretFore(bgr(palette["ink"]))
        self.styleSetBack(ERROR_STYLE, bgr(0xFDECEA if not self._dark else 0x5A1D1D))
        self.styleSetFore(ERROR_STYLE, bgr(0xB71C1C if not self._dark else 0xFFB4AB))
        self.styleSetFont(ERROR_STYLE, family)
        self.styleSetSize(ERROR_STYLE, max(self._font_size - 1, 6))
        self.markerSetBack(ERROR_MARKER, bgr(0xFDECEA if not self._dark else 0x5A1D1D))
        self.styleSetFore(STEP_STYLE, bgr(0x5D4037 if not self._dark else 0xFFE0B2))
        self.styleSetBack(STEP_STYLE, bgr(0xFFF8E1 if not self._dark else 0x3E2F12))
        self.styleSetFont(STEP_STYLE, family)
        self.styleSetSize(STEP_STYLE, max(self._font_size - 1, 6))
        self.styleSetItalic(STEP_STYLE, True)
        for marker, fill in ((BREAKPOINT_MARKER, 0xD32F2F), (CONDITIONAL_MARKER, 0xEF6C00)):
            self.markerSetBack(marker, bgr(fill))
            self.markerSetFore(marker, bgr(0x7F0000 if marker == BREAKPOINT_MARKER else 0x8A3C00))
        self.markerSetBack(CURRENT_MARKER, bgr(0xFBC02D))
        self.markerSetFore(CURRENT_MARKER, bgr(0x5D4037))
        self.markerSetBack(CURRENT_LINE_MARKER, bgr(0xFFF3C4 if not self._dark else 0x4A3F14))
        self.markerSetBack(LOOP_MARKER, bgr(0xEF6C00))
        self.brace_style(self._dark)
        self.setSelBack(True, bgr(0x264F78 if self._dark else 0xADD6FF))
        width = self.textWidth(33, "_9999")
        self.setMarginWidthN(0, width)

    # --- diagnostics ------------------------------------------------------------------------
    def annotate_error(self, line_number: int, message: str) -> None:
        """Show ``message`` boxed under ``line_number`` (1-based) and mark that line."""
        self.clear_diagnostics()
        line = max(line_number - 1, 0)
        self.annotationSetText(line, message)
        self.annotationSetStyle(line, ERROR_STYLE)
        self.markerAdd(line, ERROR_MARKER)
        self.gotoLine(line)

    def clear_diagnostics(self) -> None:
        self.annotationClearAll()
        self.markerDeleteAll(ERROR_MARKER)

    def annotation_at(self, line_number: int) -> str:
        return bytes(self.annotationText(line_number - 1)).rstrip(b"\0").decode("utf-8", "replace")

    def mark_finding(self, line_numbers: list[int]) -> None:
        """Mark the lines an analysis finding is about (1-based) and bring the first into view;
        an empty list clears the mark."""
        self.setIndicatorCurrent(FINDING_INDICATOR)
        self.indicatorClearRange(0, self.textLength())
        lines = [n - 1 for n in line_numbers if 1 <= n <= self.lineCount()]
        for line in lines:
            self.indicatorFillRange(self.positionFromLine(line), self.lineLength(line))
        if lines:
            self.ensureVisibleEnforcePolicy(lines[0])
            self.gotoLine(lines[0])

    def finding_lines(self) -> list[int]:
        """The 1-based lines marked by ``mark_finding``."""
        return [n + 1 for n in range(self.lineCount())
                if self.indicatorValueAt(FINDING_INDICATOR, self.positionFromLine(n))]  # fmt: skip

    # --- what a trace shows -------------------------------------------------------------------
    def mark_step(self, line_number: int) -> None:
        """Mark the current step's line (1-based; 0 or less: none) and bring it into view."""
        self.markerDeleteAll(CURRENT_MARKER)
        self.markerDeleteAll(CURRENT_LINE_MARKER)
        if line_number >= 1:
            self.markerAdd(line_number - 1, CURRENT_MARKER)
            self.markerAdd(line_number - 1, CURRENT_LINE_MARKER)
            self.ensureVisibleEnforcePolicy(line_number - 1)

    def show_step_changes(self, line_number: int, text: str) -> None:
        """Write ``text`` (what the step changed) at the end of ``line_number``; only one at a time."""
        self.eOLAnnotationClearAll()
        if line_number >= 1 and text:
            self.eOLAnnotationSetText(line_number - 1, text)
            self.eOLAnnotationSetStyle(line_number - 1, STEP_STYLE)

    def step_changes_at(self, line_number: int) -> str:
        return bytes(self.eOLAnnotationText(line_number - 1)).rstrip(b"\0").decode("utf-8", "replace")

    def mark_loop(self, line_numbers: list[int]) -> None:
        self.markerDeleteAll(LOOP_MARKER)
        for line_number in line_numbers:
            self.markerAdd(line_number - 1, LOOP_MARKER)

    def clear_trace_marks(self) -> None:
        self.mark_step(0)
        self.mark_loop([])
        self.eOLAnnotationClearAll()

    def clear_all_marks(self) -> None:
        """A new text: the old one's breakpoints and trace marks would land on the wrong lines."""
        self.markerDeleteAll(-1)
        self.eOLAnnotationClearAll()

    def marked_lines(self, marker: int) -> list[int]:
        """The 1-based lines that carry ``marker``."""
        found, line = [], self.markerNext(0, 1 << marker)
        while line >= 0:
            found.append(line + 1)
            line = self.markerNext(line + 1, 1 << marker)
        return found

    def _on_margin_clicked(self, position: int, modifiers: int, margin: int) -> None:
        if margin == SYMBOL_MARGIN:
            self.breakpointClicked.emit(self.lineFromPosition(position) + 1, bool(modifiers & CTRL_MODIFIER))

    def margins_width(self) -> int:
        return sum(self.marginWidthN(n) for n in range(PLAN_MARGIN + 1))

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:  # noqa: N802 - Qt's name
        """A right click in the margins edits the breakpoint of that line; in the text, Scintilla's menu."""
        if event.pos().x() >= self.margins_width():
            super().contextMenuEvent(event)
            return
        position = self.positionFromPoint(self.margins_width() + 1, event.pos().y())
        self.marginMenuRequested.emit(self.lineFromPosition(position) + 1, event.globalPos())

    # --- typing -----------------------------------------------------------------------------
    def _on_char_added(self, character: int) -> None:
        if character in (10, 13):
            line = self.lineFromPosition(self.currentPos())
            if line > 0:
                self.indent_new_line(line)
        elif character == ord("}") and self._language == Language.JAVASCRIPT:
            self.dedent_closing_brace()


def _lighten(rgb: int) -> int:
    r, g, b = (rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF
    return ((r + 0xFF) // 2 << 16) | ((g + 0xFF) // 2 << 8) | ((b + 0xFF) // 2)
