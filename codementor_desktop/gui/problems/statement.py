"""The statement view: the problem's Markdown rendered to HTML (markdown-it-py)."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING

from PySide6.QtCore import SignalInstance
from PySide6.QtWidgets import QTextBrowser, QWidget

if TYPE_CHECKING:
    from markdown_it import MarkdownIt

    from ...problems.model import Problem


@cache
def _markdown() -> MarkdownIt:
    """Imported at the first statement shown, not before the window first paints."""
    from markdown_it import MarkdownIt

    # No raw HTML: an imported problem's statement is shown as text, whatever it holds.
    return MarkdownIt("commonmark", {"html": False}).enable("table")


_CSS = "code {{ background: {code}; }} pre {{ background: {code}; }} h1 {{ font-size: 16pt; }} h2 {{ font-size: 12pt; margin-top: 10px; }}"


def statement_html(
    problem: Problem,
    code_background: str = "#f0f2f5",
    hints: Sequence[str] = (),
    techniques: bool = True,
    tags: bool = True,
) -> str:
    """The statement, then the hints the learner has taken (Markdown, numbered). The difficulty
    and topics head it, and its ``techniques`` too unless they would give its idea away; without
    ``tags`` (a mock interview) only the difficulty does."""
    meta = problem.difficulty.value
    if tags:
        meta += f" · {', '.join(t.value.replace('_', ' ') for t in problem.topics)}"
    if problem.techniques and techniques and tags:
        meta += " · " + ", ".join(problem.techniques)
    body = _markdown().render(problem.statement)
    if hints:
        body += "<h2>Hints</h2>" + "".join(
            f'<p><a name="hint-{number}"></a><b>{number}.</b> {_markdown().renderInline(hint)}</p>'
            for number, hint in enumerate(hints, 1)
        )
    return f"<style>{_CSS.format(code=code_background)}</style><h1>{html.escape(problem.title)}</h1><p><i>{html.escape(meta)}</i></p>{body}"


class StatementView(QTextBrowser):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("statement")
        self.setOpenExternalLinks(False)
        self.setPlaceholderText(self.tr("Choose a problem on the left."))
        self._problem: Problem | None = None
        self._hints: Sequence[str] = ()
        self._code_background = "#f0f2f5"
        self._techniques_shown: Callable[[str], bool] = lambda _problem_id: False  # spoilers: hidden
        self._tags_hidden = False  # a mock interview: no topics, no techniques

    def follow_techniques(self, shown: Callable[[str], bool], changed: SignalInstance) -> None:
        """Show a problem's techniques when ``shown(problem_id)`` says so, asked again on ``changed``
        (the learner's toggle, a problem solved)."""
        self._techniques_shown = shown
        changed.connect(lambda: self.show_problem(self._problem, self._hints))

    def hide_tags(self, hidden: bool) -> None:
        """The problem's topics and techniques out of sight (a mock interview) or back."""
        self._tags_hidden = hidden
        self.show_problem(self._problem, self._hints)

    @property
    def techniques_on_show(self) -> bool:
        """Whether the statement shown names its problem's techniques."""
        problem = self._problem
        return (
            problem is not None
            and bool(problem.techniques)
            and self._techniques_shown(problem.id)
            and not self._tags_hidden
        )

    def show_problem(self, problem: Problem | None, hints: Sequence[str] = ()) -> None:
        """``problem``'s statement, with the ``hints`` taken shown after it."""
        same = problem is not None and self._problem is not None and problem.id == self._problem.id
        self._problem, self._hints = problem, hints
        if problem is None:
            self.setHtml("")
            return
        # The same problem keeps its place: a toggle or a Submit redraws it under the learner's eyes.
        position = self.verticalScrollBar().value() if same else 0
        shown = self._techniques_shown(problem.id)
        self.setHtml(statement_html(problem, self._code_background, hints, shown, tags=not self._tags_hidden))
        self.verticalScrollBar().setValue(position)

    def set_theme(self, dark: bool, code_background: str) -> None:
        """The text takes the palette's colours; the code blocks' background is the theme's."""
        self._code_background = code_background
        self.setProperty("dark", dark)
        self.show_problem(self._problem, self._hints)

    def content_height(self) -> int:
        """The height the whole statement needs at the view's width, in pixels."""
        return int(self.document().size().height()) + 2 * self.frameWidth()
