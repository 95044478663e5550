"""Learner text in rich-text places: labels with markup, tooltips, HTML views.

Qt renders a string as rich text when it looks like markup, so ``TypeError: '<' not supported``
would lose everything after its ``<``. Every string that comes from the learner, their code or a
problem file goes through ``escaped`` before it meets markup, and through ``tooltip`` before it
becomes a tooltip (which Qt also guesses about).
"""

from __future__ import annotations

import html


def escaped(text: object) -> str:
    """``text`` as HTML that shows exactly ``text``."""
    return html.escape(str(text), quote=False)


def tooltip(text: object) -> str:
    """A tooltip that shows ``text`` as it is, line breaks and all."""
    return f"<p style='white-space:pre-wrap'>{escaped(text)}</p>"
