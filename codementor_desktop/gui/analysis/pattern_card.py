"""One detected pattern as a card: its name, severity, confidence, description and suggestion;
clicking it marks its lines, "This is wrong" flags it. The cards list (``cards.py``) and the
location card build on it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QMouseEvent, QPalette
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ..contrast import mixed, muted, readable
from ..text import escaped, tooltip

UNCERTAIN_BELOW = 0.6
LOCATION = "likely_bug_location"
SEVERITY_COLOURS = {"high": "#c62828", "medium": "#ef6c00", "low": "#546e7a"}  # as on white: see ``on_palette``
UNCERTAIN_COLOUR = "#8a6d00"  # the "uncertain" mark and the dashed border, an amber
UNCERTAIN_TINT = 0.12  # of the amber in an uncertain card's background


def tr(text: str) -> str:
    return QCoreApplication.translate("Cards", text)


def pattern_title(pattern_type: str) -> str:
    """``suboptimal_time_complexity`` -> ``Suboptimal time complexity``."""
    words = pattern_type.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def lines_of(item: dict[str, Any]) -> list[int]:
    """The 1-based lines a pattern's ``code_location`` spans (empty when it names none)."""
    location = item.get("code_location") or {}
    start = int(location.get("line_start") or 0)
    end = max(int(location.get("line_end") or 0), start)
    return list(range(start, end + 1)) if start > 0 else []


class PatternCard(QFrame):
    """One detected pattern. Emits ``clicked`` on a click anywhere but its button."""

    clicked = Signal()

    def __init__(self, item: dict[str, Any], parent: QWidget | None = None, finding: bool = True):
        super().__init__(parent)
        self.item = item
        self.pattern_type = str(item.get("pattern_type") or "")
        self.lines = lines_of(item)
        confidence = float(item.get("confidence") or 0.0)
        self.uncertain = bool(item.get("uncertain")) or confidence < UNCERTAIN_BELOW
        self.setObjectName("patternCard")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip(tooltip("Click to mark these lines in the editor"))
        self.severity_name = str(item.get("severity") or "low")
        self.confidence_value = confidence
        # Every label wraps: a narrow panel makes a card taller, never cuts its words.
        self.title = QLabel(f"<b>{escaped(pattern_title(self.pattern_type))}</b>")
        self.severity = QLabel()
        self.confidence = QLabel()
        where = self._where()
        self.where = QLabel(escaped(where))
        self.description = QLabel(escaped(item.get("description") or ""))
        self.suggestion = QLabel(f"<i>{escaped(item.get('suggestion') or '')}</i>")
        for label in (self.title, self.confidence, self.where, self.description, self.suggestion):
            label.setWordWrap(True)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        self.confidence.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        self._flagged = False
        self._coloured: tuple[str, bool] | None = None
        self._colour()
        self.wrong = QPushButton(tr("This is wrong"))
        self.wrong.setToolTip(tooltip("Tell CodeMentor this finding is wrong: it will no longer count as a weakness"))
        self.wrong.setCursor(Qt.CursorShape.ArrowCursor)

        head = QHBoxLayout()
        head.addWidget(self.title, 1)
        head.addWidget(self.severity, 0, Qt.AlignmentFlag.AlignTop)
        head.addWidget(self.confidence, 1)
        self.confidence.setVisible(finding)
        foot = QHBoxLayout()
        foot.addWidget(self.where, 1)
        foot.addWidget(self.wrong, 0, Qt.AlignmentFlag.AlignBottom)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 6, 8, 6)
        layout.setSpacing(3)
        layout.addLayout(head)
        layout.addWidget(self.description)
        layout.addWidget(self.suggestion)
        layout.addLayout(foot)

    def _where(self) -> str:
        if not self.lines:
            return ""
        if len(self.lines) == 1:
            return f"line {self.lines[0]}"
        return f"lines {self.lines[0]}–{self.lines[-1]}"

    @property
    def flagged(self) -> bool:
        return not self.wrong.isEnabled()

    def mark_flagged(self) -> None:
        """Shown as flagged: greyed, the button spent."""
        self.wrong.setEnabled(False)
        self.wrong.setText(tr("Flagged as wrong"))
        self._flagged = True
        self._colour()

    def _colour(self) -> None:
        """The card's colours from the palette: the severity's hue, the amber of a guess and the
        grey of the footnotes are each moved to read at 4.5:1 on this theme's background. Again
        when the theme changes (the list of cards says so: a card's own style sheet keeps the
        palette's change from reaching it)."""
        palette = QGuiApplication.palette()  # the theme's: this card's own is touched by its style sheet
        window = palette.color(QPalette.ColorRole.Window)
        key = (window.name(), self._flagged)
        if key == self._coloured:
            return  # a style sheet's own palette change, not the theme's
        self._coloured = key
        colour = SEVERITY_COLOURS.get(self.severity_name, SEVERITY_COLOURS["low"])
        # An uncertain finding is drawn dashed on a tint of amber: a guess, not a verdict.
        behind = mixed(window, UNCERTAIN_COLOUR, UNCERTAIN_TINT) if self.uncertain else window
        edge = mixed(window, palette.color(QPalette.ColorRole.WindowText), 0.3).name()
        border = f"1px dashed {UNCERTAIN_COLOUR}" if self.uncertain else f"1px solid {edge}"
        quiet = muted(palette)
        if self.uncertain:
            quiet = muted(self._tinted(palette, behind))
        text = f" QLabel {{ color: {quiet.name()}; }}" if self._flagged else ""
        self.setStyleSheet(
            f"QFrame#patternCard {{ border: {border}; border-left: 4px solid {colour}; border-radius: 4px;"
            f" background: {behind.name()}; }}" + text
        )
        self.severity.setText(
            f"<span style='color:{readable(colour, behind).name()}'>{escaped(self.severity_name)}</span>"
        )
        marked = (
            f" · <i style='color:{readable(UNCERTAIN_COLOUR, behind).name()}'>{tr('uncertain')}</i>"
            if self.uncertain
            else ""
        )
        self.confidence.setText(tr("confidence %s%s") % (format(self.confidence_value, ".0%"), marked))
        self.where.setStyleSheet(f"color: {quiet.name()}")

    @staticmethod
    def _tinted(palette: QPalette, behind: QColor) -> QPalette:
        tinted = QPalette(palette)
        tinted.setColor(QPalette.ColorRole.Window, behind)
        return tinted

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit()
        super().mousePressEvent(event)
