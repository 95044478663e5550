"""The Solutions view's widgets: the locked page (why, and what would open it) and the unlocked
page (the learner's code beside the references in both languages, the complexity, the
explanation and the plot of both codes' operation counts). What to show is decided elsewhere
(``command.py`` asks the services); this module only shows it.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, Signal
from PySide6.QtGui import QGuiApplication, QKeyEvent, QKeySequence, QPalette, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ...tools.solutions import LANGUAGE_NAMES, Access, SolutionPage
from ..chat.markdown import render
from ..contrast import THEME_EVENTS, muted
from ..editor.code_editor import SYMBOL_MARGIN, CodeEditor
from .plot import CountsPlot

WRAP_WORD, WRAP_INDENT_DEEPER = 1, 2  # SC_WRAP_WORD, SC_WRAPINDENT_INDENT
NO_EXPLANATION = "No explanation is written for this problem yet."


def tr(text: str) -> str:
    return QCoreApplication.translate("Solutions", text)


def is_dark() -> bool:
    return QGuiApplication.palette().color(QPalette.ColorRole.Base).lightness() < 128


class CodePane(QWidget):
    """A caption over read-only code (Scintilla, coloured as the editor is)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.caption = QLabel()
        self.caption.setTextFormat(Qt.TextFormat.PlainText)
        self.caption.setWordWrap(True)
        font = self.caption.font()
        font.setBold(True)
        self.caption.setFont(font)
        self.code = CodeEditor(dark=is_dark())
        self.code.setObjectName("solutionCode")
        self.code.setReadOnly(True)
        self.code.setCaretLineVisible(False)
        self.code.setMarginWidthN(SYMBOL_MARGIN, 0)  # no breakpoints here
        # Three codes side by side are narrow: long lines wrap (indented under their start)
        # rather than hide behind a scroll bar.
        self.code.setWrapMode(WRAP_WORD)
        self.code.setWrapIndentMode(WRAP_INDENT_DEEPER)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        layout.addWidget(self.caption)
        layout.addWidget(self.code, 1)

    def show_code(self, caption: str, code: str, language: str) -> None:
        self.caption.setText(caption)
        self.code.set_language(language)
        self.code.setReadOnly(False)  # Scintilla will not take a text while read-only
        self.code.set_text(code.strip("\n") + "\n")
        self.code.setReadOnly(True)
        self.code.apply_style(dark=is_dark())

    def text(self) -> str:
        return self.code.text()


class LockedPage(QWidget):
    """Why the solutions are hidden, the ways to open them and, once every hint is taken, the
    button that asks to see them anyway."""

    confirmRequested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.heading = QLabel()
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        self.heading.setWordWrap(True)
        self.words = QLabel()
        self.words.setTextFormat(Qt.TextFormat.RichText)
        self.words.setWordWrap(True)
        self.show_anyway = QPushButton(tr("Show me the solution…"))
        self.show_anyway.setToolTip(tr("You have taken every hint: see the solution, after one confirmation"))
        self.show_anyway.clicked.connect(self.confirmRequested.emit)
        self.show_anyway.setVisible(False)
        column = QVBoxLayout()
        column.addStretch(1)
        column.addWidget(self.heading)
        column.addSpacing(8)
        column.addWidget(self.words)
        column.addSpacing(12)
        column.addWidget(self.show_anyway, 0, Qt.AlignmentFlag.AlignLeft)
        column.addStretch(2)
        row = QHBoxLayout(self)
        row.addStretch(1)
        row.addLayout(column, 3)
        row.addStretch(1)

    def show_access(self, title: str, access: Access | None, reason: str = "") -> None:
        """``access`` of the problem ``title``; None (no problem of the bank) says ``reason``."""
        if access is None:
            self.heading.setText(f"<h2>{html.escape(tr('No solutions to show'))}</h2>")
            self.words.setText(html.escape(reason))
            self.show_anyway.setVisible(False)
            return
        self.heading.setText(f"<h2>{html.escape(tr('The solutions of %s are locked') % title)}</h2>")
        ways = "".join(f"<li>{html.escape(way)}</li>" for way in access.unlock_by)
        self.words.setText(f"<p>{html.escape(access.why)}</p><p>{html.escape(tr('To open them:'))}</p><ul>{ways}</ul>")
        self.show_anyway.setVisible(access.may_confirm)

    def text(self) -> str:
        """What the page says, as plain words (the tests read it)."""
        from PySide6.QtGui import QTextDocument

        document = QTextDocument()
        document.setHtml(self.heading.text() + self.words.text())
        return document.toPlainText()


class UnlockedPage(QWidget):
    """The learner's code beside the references, the complexity, the explanation and the counts."""

    stopRequested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.page: SolutionPage | None = None
        self.heading = QLabel()
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        self.heading.setWordWrap(True)
        self.mine, self.first, self.second = CodePane(), CodePane(), CodePane()
        codes = QSplitter(Qt.Orientation.Horizontal)
        for pane in (self.mine, self.first, self.second):
            codes.addWidget(pane)
        codes.setChildrenCollapsible(False)
        self.explanation = QTextBrowser()
        self.explanation.setObjectName("solutionExplanation")
        self.explanation.setOpenExternalLinks(False)
        self.counts = CountsPlot()
        self.progress = QLabel()
        self.progress.setTextFormat(Qt.TextFormat.PlainText)
        self.stop = QPushButton(tr("Stop counting"))
        self.stop.clicked.connect(self.stopRequested.emit)
        self.stop.setVisible(False)
        counting = QHBoxLayout()
        counting.addWidget(self.progress, 1)
        counting.addWidget(self.stop)
        right = QWidget()
        right_column = QVBoxLayout(right)
        right_column.setContentsMargins(0, 0, 0, 0)
        right_column.addWidget(self.counts, 1)
        right_column.addLayout(counting)
        below = QSplitter(Qt.Orientation.Horizontal)
        below.addWidget(self.explanation)
        below.addWidget(right)
        below.setSizes([520, 480])
        self.parts = QSplitter(Qt.Orientation.Vertical)
        self.parts.addWidget(codes)
        self.parts.addWidget(below)
        self.parts.setSizes([380, 320])
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.parts, 1)

    def show_page(self, page: SolutionPage) -> None:
        self.page = page
        names = LANGUAGE_NAMES
        first = page.learner.language if page.learner is not None else page.language
        second = next(lang for lang in page.references if lang != first)
        learner = page.learner
        if learner is not None:
            self.mine.show_code(learner.label, learner.code, learner.language)
        else:
            self.mine.show_code(tr("No code of yours was kept for this problem"), "", first)
        self.first.show_code(tr("Reference in %s") % names[first], page.references[first], first)
        self.second.show_code(tr("Reference in %s") % names[second], page.references[second], second)
        self._heading()
        self._explanation()

    def _heading(self) -> None:
        page = self.page
        if page is None:
            return
        note = muted(self.palette()).name()
        complexity = tr("Reference: time %s, space %s. The slow solution takes %s.") % (
            page.time, page.space, page.slow_time,
        )  # fmt: skip
        self.heading.setText(
            f"<h2>{html.escape(page.title)}</h2><p>{html.escape(page.access.why)}</p>"
            f"<p><b>{html.escape(complexity)}</b></p>"
            + (
                ""
                if page.learner is None or page.learner.accepted
                else f'<p style="color:{note}">{html.escape(tr("Your draft is shown as it is now, not as a Submit accepted it."))}</p>'
            )
        )

    def _explanation(self) -> None:
        page = self.page
        if page is None:
            return
        text = page.explanation if page.has_explanation else f"*{NO_EXPLANATION}*"
        self.explanation.setHtml("<h3>" + html.escape(tr("How it works")) + "</h3>" + render(text, is_dark()))

    def recolour(self) -> None:
        """The theme changed: the code, the explanation and the muted words in its colours."""
        for pane in (self.mine, self.first, self.second):
            pane.code.apply_style(dark=is_dark())
        self._heading()
        self._explanation()

    def set_counting(self, text: str, going: bool) -> None:
        self.progress.setText(text)
        self.stop.setVisible(going)


class SolutionsView(QWidget):
    """A window of its own: the locked page or the unlocked one. ``ask`` asks the learner to
    confirm that they want to see a solution without having solved the problem."""

    confirmRequested = Signal()
    stopRequested = Signal()
    activated = Signal()  # the learner came back to the window: what opens it may have changed

    def __init__(self, parent: QWidget | None = None, ask: Callable[[QWidget, str], bool] | None = None):
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("solutionsView")
        self.setWindowTitle(tr("Solutions — CodeMentor"))
        self.resize(1180, 760)
        self.locked = LockedPage()
        self.unlocked = UnlockedPage()
        self.pages = QStackedWidget()
        self.pages.addWidget(self.locked)
        self.pages.addWidget(self.unlocked)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.pages)
        self.ask = ask or confirm_with_a_dialog
        self.locked.confirmRequested.connect(self.confirmRequested.emit)
        self.unlocked.stopRequested.connect(self.stopRequested.emit)
        # A window of its own closes as a dialog does: Escape, or the system's Close keys. Scintilla
        # claims Escape for itself (cancel), so its panes are told to let the shortcut have it.
        for keys in (QKeySequence(Qt.Key.Key_Escape), QKeySequence(QKeySequence.StandardKey.Close)):
            QShortcut(keys, self, self.close)
        for pane in (self.unlocked.mine, self.unlocked.first, self.unlocked.second):
            pane.code.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        """Escape in a read-only code pane closes the window instead of being Scintilla's cancel."""
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            if event.key() == Qt.Key.Key_Escape:
                event.ignore()  # not claimed: the window's Escape shortcut runs
                return True
        return super().eventFilter(watched, event)

    @property
    def is_unlocked(self) -> bool:
        return self.pages.currentWidget() is self.unlocked

    def show_locked(self, title: str, access: Access | None, reason: str = "") -> None:
        self.setWindowTitle(tr("Solutions: %s — CodeMentor") % title if title else tr("Solutions — CodeMentor"))
        self.locked.show_access(title, access, reason)
        self.unlocked.page = None
        self.unlocked.counts.clear()
        self.pages.setCurrentWidget(self.locked)

    def show_page(self, page: SolutionPage) -> None:
        self.setWindowTitle(tr("Solutions: %s — CodeMentor") % page.title)
        self.unlocked.show_page(page)
        self.pages.setCurrentWidget(self.unlocked)

    def event(self, event: QEvent) -> bool:
        if event.type() in THEME_EVENTS and hasattr(self, "unlocked"):
            self.unlocked.recolour()
        elif event.type() == QEvent.Type.WindowActivate:
            self.activated.emit()
        return super().event(event)


def confirm_with_a_dialog(parent: QWidget, title: str) -> bool:
    """Ask once, plainly, before showing a solution the learner has not earned by solving."""
    from PySide6.QtWidgets import QMessageBox

    answer = QMessageBox.question(
        parent,
        tr("See the solution?"),
        tr(
            "You have taken every hint of %s. Seeing the solution now ends the puzzle: solving it "
            "yourself first teaches more, and you can still Submit your own code afterwards.\n\n"
            "Show the solution?"
        )
        % title,
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.No,
    )
    return answer == QMessageBox.StandardButton.Yes
