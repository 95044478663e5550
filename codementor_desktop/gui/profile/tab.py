"""The Profile tab's widget: readiness, streak, problems solved by difficulty, mastery by pattern
and by topic as bars, mastery over time as lines. It shows a ``get_user_progress`` result; the
``ProfileController`` fetches it. With no attempts yet, a sentence says how the profile fills.
The charts take the panel's width as it comes (``ChartGrid``) and the tab scrolls up and down."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QScrollArea, QStackedWidget, QVBoxLayout, QWidget

from ...domain.vocabulary import WEAKNESS_PATTERNS, Topic
from ..analysis.pattern_card import pattern_title
from .charts import MasteryBars, TrendLines
from .grid import ChartCard, ChartGrid
from .interview_chart import InterviewTrend


def tr(text: str) -> str:
    return QCoreApplication.translate("ProfileTab", text)


def topic_title(topic: str) -> str:
    """``dynamic_programming`` -> ``Dynamic programming``."""
    return pattern_title(topic)


PATTERN_LABELS = {pattern: pattern_title(pattern) for pattern in WEAKNESS_PATTERNS}
TOPIC_LABELS = {topic.value: topic_title(topic.value) for topic in Topic}


class ProfileTab(QWidget):
    """Emits ``patternChosen(pattern)`` or ``topicChosen(topic)`` when a bar is clicked."""

    patternChosen = Signal(str)  # noqa: N815
    topicChosen = Signal(str)  # noqa: N815

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("profileTab")
        self.progress: dict[str, Any] | None = None
        self.empty = QLabel(tr("Your profile is empty for now."), objectName="profileEmpty")
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.readiness = QLabel(objectName="profileReadiness")
        self.streak = QLabel(objectName="profileStreak")
        self.solved = QLabel(objectName="profileSolved")
        self.status = QLabel(objectName="profileStatus")
        for label in (self.readiness, self.streak, self.solved, self.status):
            label.setTextFormat(Qt.TextFormat.RichText)
        self.patterns = MasteryBars()
        self.topics = MasteryBars()
        self.hint = QLabel(tr("Click a bar to list the problems that train it. Whiskers: how unsure the estimate is."))
        self.hint.setWordWrap(True)
        self.hint.setEnabled(False)  # read as a footnote
        self.trend = TrendLines()
        self.interviews = InterviewTrend()
        self.interviews.setAccessibleName(tr("Mock interviews: time used and solved or not"))
        self.interviews_said = QLabel(objectName="profileInterviews", wordWrap=True)
        self.patterns.barClicked.connect(self.patternChosen)
        self.topics.barClicked.connect(self.topicChosen)
        for plot, name in ((self.patterns, tr("Mastery by pattern")), (self.topics, tr("Mastery by topic")),
                           (self.trend, tr("Mastery over time"))):  # fmt: skip
            plot.setAccessibleName(name)

        figures = QWidget()
        header = QHBoxLayout()
        for label in (self.readiness, self.streak, self.solved):
            header.addWidget(label)
        header.addStretch(1)
        header.addWidget(self.status)
        self.cards = [
            ChartCard(tr("Mastery by pattern"), self.patterns),
            ChartCard(tr("Mastery by topic"), self.topics),
            ChartCard(tr("Mastery over time"), self.trend),
            ChartCard(tr("Mock interviews: time used of the limit (green: solved)"), self.interviews),
        ]
        self.charts = ChartGrid(self.cards)
        column = QVBoxLayout(figures)
        column.setContentsMargins(6, 4, 6, 4)
        column.addLayout(header)
        column.addWidget(self.hint)
        column.addWidget(self.charts, 1)
        column.addWidget(self.interviews_said)
        # Scrolled up and down, not across: the bars need their height (13 patterns), but the panel
        # may be short, and its least height must not grow (the statement is fitted above it).
        scroll = QScrollArea(widgetResizable=True, frameShape=QScrollArea.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(figures)
        self.pages = QStackedWidget()
        self.pages.addWidget(self.empty)
        self.pages.addWidget(scroll)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.pages)

    @property
    def showing_empty(self) -> bool:
        return self.pages.currentWidget() is self.empty

    def clear(self, learner: str) -> None:
        """Another learner: nothing of the last one's profile stays on show while theirs is read."""
        self.progress = None
        self.status.setText("")
        self.empty.setText(tr("Reading the profile of %s…") % learner)
        self.pages.setCurrentWidget(self.empty)

    def show_loading(self) -> None:
        self.status.setText(tr("<i>Updating…</i>"))

    def show_error(self, message: str) -> None:
        self.status.setText(tr("The profile could not be read: %s") % message.replace("<", "&lt;"))
        if self.progress is None:
            self.empty.setText(tr("The profile could not be read: %s") % message)
            self.pages.setCurrentWidget(self.empty)

    def show_progress(self, progress: dict[str, Any], learner: str) -> None:
        """A ``get_user_progress`` result."""
        self.progress = progress
        self.status.setText("")
        history = progress.get("history") or {}
        attempts = sum(int((row or {}).get("attempts") or 0) for row in (history.get("by_topic") or {}).values())
        mastery = progress.get("mastery") or {}
        # Without an attempt the mastery is the prior (50 everywhere): no evidence to draw.
        if not attempts and not progress.get("problems_solved"):
            self.empty.setText(
                tr(
                    "Nothing here yet, %s: run or submit a problem and your profile starts here, "
                    "with what you master and what to practise next."
                )
                % learner  # fmt: skip
            )
            self.pages.setCurrentWidget(self.empty)
            return
        self.pages.setCurrentIndex(1)
        self.readiness.setText(
            tr("Readiness <b>%d</b>/100") % round(float(progress.get("overall_readiness_score") or 0))
        )
        streak = int(progress.get("consistency_streak") or 0)
        self.streak.setText(tr("Streak <b>%d</b> day(s) in a row") % streak)
        by_level = progress.get("solved_by_difficulty") or {}
        self.solved.setText(
            tr("Solved <b>%d</b>: easy %d · medium %d · hard %d")
            % (
                int(progress.get("problems_solved") or 0),
                int(by_level.get("easy") or 0),
                int(by_level.get("medium") or 0),
                int(by_level.get("hard") or 0),
            )  # fmt: skip
        )
        spread = progress.get("uncertainty") or {}
        self.patterns.show_values(
            PATTERN_LABELS, dict(mastery.get("patterns") or {}), dict(spread.get("patterns") or {})
        )
        self.topics.show_values(TOPIC_LABELS, dict(mastery.get("topics") or {}), dict(spread.get("topics") or {}))
        self.trend.show_trend(list(progress.get("trend") or []), TOPIC_LABELS)
        self.show_interviews(progress.get("interviews") or {})

    def show_interviews(self, interviews: dict[str, Any]) -> None:
        """The mock interviews' chart and a sentence: how many, solved, the median share of the time."""
        self.interviews.show_interviews(list(interviews.get("trend") or []))
        finished = int(interviews.get("finished") or 0)
        if not finished:
            self.interviews_said.setText(tr("No mock interview yet: Run ▸ Mock interview… starts one."))
            return
        ratio = interviews.get("median_time_ratio")
        median = tr(", in %d%% of the time (median)") % round(100 * float(ratio)) if ratio is not None else ""
        self.interviews_said.setText(
            tr("Mock interviews: %d finished, %d solved%s.") % (finished, int(interviews.get("solved") or 0), median)
        )
