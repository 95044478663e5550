"""A small SVG writer: standalone documents (``xmlns``, ``viewBox``), escaped text, arrowheads."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

FONT = "DejaVu Sans Mono, Menlo, Consolas, monospace"
INK = "#263238"
MUTED = "#78909c"
FILL = "#eceff1"
HIGHLIGHT = "#ffd54f"
ACCENT = "#1e88e5"


class Svg:
    """Shapes added in drawing order; ``text()`` returns the document."""

    def __init__(self, width: float, height: float, title: str = ""):
        self.width = max(1.0, width)
        self.height = max(1.0, height)
        self.title = title
        self.parts: list[str] = []

    def rect(self, x: float, y: float, w: float, h: float, fill: str = FILL, stroke: str = INK, rx: float = 3,
             dash: bool = False) -> None:  # fmt: skip
        extra = ' stroke-dasharray="4 3"' if dash else ""
        self.parts.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{rx}" fill="{fill}" '
            f'stroke="{stroke}"{extra}/>'
        )

    def circle(self, cx: float, cy: float, r: float, fill: str = FILL, stroke: str = INK) -> None:
        self.parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{fill}" stroke="{stroke}"/>')

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str = INK, arrow: bool = False,
             width: float = 1.2, dash: bool = False) -> None:  # fmt: skip
        extra = ' marker-end="url(#arrow)"' if arrow else ""
        extra += ' stroke-dasharray="5 4"' if dash else ""
        self.parts.append(
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{stroke}" '
            f'stroke-width="{width}"{extra}/>'
        )

    def path(self, d: str, stroke: str = INK, arrow: bool = False, width: float = 1.2, dash: bool = False) -> None:
        extra = ' marker-end="url(#arrow)"' if arrow else ""
        extra += ' stroke-dasharray="5 4"' if dash else ""
        self.parts.append(f'<path d={quoteattr(d)} fill="none" stroke="{stroke}" stroke-width="{width}"{extra}/>')

    def text(self, x: float, y: float, content: str, size: float = 13, anchor: str = "middle", fill: str = INK,
             bold: bool = False) -> None:  # fmt: skip
        weight = ' font-weight="bold"' if bold else ""
        self.parts.append(
            f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" fill="{fill}"'
            f' dominant-baseline="middle"{weight}>{escape(content)}</text>'
        )

    def document(self) -> str:
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.width:.0f} {self.height:.0f}" '
            f'width="{self.width:.0f}" height="{self.height:.0f}" font-family={quoteattr(FONT)}>'
        )
        defs = (
            '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
            f'orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="{INK}"/></marker></defs>'
        )
        title = f"<title>{escape(self.title)}</title>" if self.title else ""
        background = f'<rect x="0" y="0" width="{self.width:.0f}" height="{self.height:.0f}" fill="#ffffff"/>'
        return "".join([head, title, defs, background, *self.parts, "</svg>"])


def text_width(content: str, size: float = 13) -> float:
    """The width a monospace text takes, roughly."""
    return len(content) * size * 0.62
