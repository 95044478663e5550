"""The tutor's Markdown as HTML for a Qt rich-text label: markdown-it-py for the text, Pygments for
the code blocks, with colours that read on the theme on show.

Raw HTML in the model's answer is shown as text (a model can be told to write anything), and code
blocks wrap (``pre-wrap``) so a long line does not widen the whole pane.
"""

from __future__ import annotations

import html
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from markdown_it import MarkdownIt

# Pygments styles whose colours read on the window's code backgrounds (theme.py's code_background).
CODE_STYLE = {False: "friendly", True: "one-dark"}
CODE_BACKGROUND = {False: "#f0f2f5", True: "#2b2d31"}


@cache
def _markdown(dark: bool) -> MarkdownIt:
    from markdown_it import MarkdownIt

    options = {"html": False, "highlight": lambda code, lang, _attrs: highlighted(code, lang, dark)}
    return MarkdownIt("commonmark", options).enable("table")


def highlighted(code: str, language: str, dark: bool) -> str:
    """``code`` as a coloured ``<pre>`` block; an unknown language is shown plain."""
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import get_lexer_by_name
    from pygments.util import ClassNotFound

    try:
        lexer = get_lexer_by_name(language or "python")
    except ClassNotFound:
        lexer = get_lexer_by_name("text")
    formatter = HtmlFormatter(nowrap=True, noclasses=True, style=CODE_STYLE[dark])
    body = highlight(code, lexer, formatter)
    return f'<pre style="white-space: pre-wrap; background: {CODE_BACKGROUND[dark]}; padding: 6px;">{body}</pre>'


def render(text: str, dark: bool = False) -> str:
    """The tutor's Markdown ``text`` as HTML. Half-written Markdown (a fence not yet closed while the
    answer streams) renders as what it will be once closed."""
    if sum(1 for line in text.splitlines() if line.lstrip().startswith("```")) % 2 == 1:
        text += "\n```"
    body = _markdown(dark).render(text)
    inline = CODE_BACKGROUND[dark]
    return f"<style>code {{ background: {inline}; }} table {{ border-collapse: collapse; }} td, th {{ padding: 2px 6px; }}</style>{body}"


def plain(text: str) -> str:
    """The learner's own words as HTML that shows them exactly, line breaks kept."""
    return html.escape(text, quote=False).replace("\n", "<br>")
