"""The cards of the chat: a tool call (what ran, in a person's words, a readable result, the raw
JSON behind a disclosure, and for a run or a trace a button that opens it in its panel), an
escalation, a concluded session, an offer of help, and an error.

A tool card's title is what a person would say ("Running your code on the examples…", then "Ran
your code: test 2 fails on input [3,2,4], 6; 1 of 3 pass"); the tool's own name and its arguments
are in the title's tooltip and the raw JSON."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QPlainTextEdit,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ...tutor.events import Escalated, HelpOffered, SessionConcluded, ToolFinished, ToolStarted, TutorError
from ...tutor.summaries import doing, names_a_tool, summarize
from ..text import escaped
from .readable import FAIL_COLOUR, RUN_TOOLS, TRACE_TOOLS, key_arguments, readable
from .richtext import RichText

# The errors after which the offline coach is offered: the model's server is not there to answer.
COACH_INSTEAD = frozenset({"server_down", "timeout", "overloaded"})
# A call of the model's that was not run, inside a turn that goes on: not a failure to answer.
NOT_RUN = frozenset({"tool_not_offered", "call_limit", "arguments_too_large"})


def tr(text: str) -> str:
    return QCoreApplication.translate("ChatCards", text)


def rich_label(html: str = "", name: str = "") -> RichText:
    return RichText(html, name)


class Card(QFrame):
    """A framed box in the conversation: a title line, then what the subclass adds."""

    def __init__(self, title: str, kind: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("chatCard")
        self.setProperty("kind", kind)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.box = QVBoxLayout(self)
        self.box.setContentsMargins(8, 6, 8, 6)
        self.box.setSpacing(4)
        self.title = rich_label(title, "cardTitle")
        self.box.addWidget(self.title)

    def add_buttons(self, *buttons: QPushButton) -> None:
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        for button in buttons:
            row.addWidget(button)
        row.addStretch(1)
        self.box.addLayout(row)


class ToolCard(Card):
    """A tool the tutor called: started, then finished with its result."""

    openRun = Signal(object)  # noqa: N815 - the execute_code / bp_run_tests result
    openTrace = Signal(object, object)  # noqa: N815 - the bp_trace arguments and result

    def __init__(self, started: ToolStarted, parent: QWidget | None = None):
        super().__init__(f"<b>{escaped(doing(started.name, started.arguments))}</b>", "tool", parent)
        self.started = started
        self.finished: ToolFinished | None = None
        # The tool's own name stays at hand for whoever wants it: in the tooltip and the raw JSON.
        self.title.setToolTip(f"{started.name} · {key_arguments(started.arguments)}")
        self.body = rich_label("", "cardBody")
        self.body.setVisible(False)
        self.box.addWidget(self.body)
        self.raw_button = QToolButton(objectName="rawToggle", text=tr("Raw JSON"), checkable=True)
        self.raw_button.setArrowType(Qt.ArrowType.RightArrow)
        self.raw_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.raw_button.setAutoRaise(True)
        self.raw_button.toggled.connect(self._show_raw)
        self.raw = QPlainTextEdit(objectName="rawJson", readOnly=True, visible=False)
        self.raw.setMaximumHeight(180)
        self.raw.setPlainText(json.dumps({"name": started.name, "arguments": started.arguments}, indent=2))
        self.open_button: QPushButton | None = None
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.raw_button)
        row.addStretch(1)
        self._row = row
        self.box.addLayout(row)
        self.box.addWidget(self.raw)

    def finish(self, finished: ToolFinished) -> None:
        self.finished = finished
        # The tutor's line, as it passed the tutor's guard; one kept by an older version, which named
        # the tool or an error code, is said again from the result in today's words.
        line = finished.summary
        if not line or names_a_tool(line):
            line = summarize(finished.name, finished.result, self.started.arguments)
        said = escaped(line)
        refused = finished.result.get("status") == "error" and "error_code" in finished.result
        self.title.setText(f"<b style='color:{FAIL_COLOUR}'>{said}</b>" if refused else f"<b>{said}</b>")
        choices = readable(finished.name, self.started.arguments, finished.result)
        self.body.set_choices(*choices)
        self.body.setVisible(bool(choices))
        shown = {"name": finished.name, "arguments": self.started.arguments, "result": finished.result}
        self.raw.setPlainText(json.dumps(shown, indent=2, ensure_ascii=False, default=str))
        failed = bool(finished.result.get("error_code"))
        if finished.name in RUN_TOOLS and not failed:
            self.open_button = QPushButton(tr("Open in Tests"), objectName="openInPanel")
            self.open_button.clicked.connect(lambda: self.openRun.emit(finished.result))
        elif finished.name in TRACE_TOOLS and not failed:
            self.open_button = QPushButton(tr("Open in Trace"), objectName="openInPanel")
            self.open_button.clicked.connect(lambda: self.openTrace.emit(self.started.arguments, finished.result))
        if self.open_button is not None:
            self._row.insertWidget(0, self.open_button)

    def _show_raw(self, shown: bool) -> None:
        self.raw.setVisible(shown)
        self.raw_button.setArrowType(Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow)


class EscalationCard(Card):
    def __init__(self, event: Escalated, parent: QWidget | None = None):
        super().__init__(tr("<b>Asked a deeper tutor</b> · %s") % escaped(event.model), "escalation", parent)
        self.tutor_event = event
        self.box.addWidget(rich_label(tr("<i>Why:</i> %s") % escaped(event.reason), "escalationReason"))
        self.box.addWidget(rich_label(f"<p><b>{escaped(event.question)}</b></p>", "escalationQuestion"))


class SummaryCard(Card):
    def __init__(self, event: SessionConcluded, parent: QWidget | None = None):
        super().__init__(tr("<b>Session concluded</b> · %s") % escaped(event.title), "summary", parent)
        self.tutor_event = event
        items = "".join(f"<li>{escaped(insight)}</li>" for insight in event.insights)
        self.box.addWidget(rich_label(f"<ul>{items}</ul>" if items else tr("<i>No insights were flagged.</i>"),
                                      "insights"))  # fmt: skip


class OfferCard(Card):
    """A stuck signal fired: the tutor offers help once; the learner accepts or declines."""

    accepted = Signal()
    declined = Signal()

    def __init__(self, event: HelpOffered, parent: QWidget | None = None):
        super().__init__(tr("<b>Would you like some help?</b>"), "offer", parent)
        self.tutor_event = event
        self.box.addWidget(rich_label(escaped(event.message), "offerMessage"))
        self.yes = QPushButton(tr("Yes, help me"), objectName="offerYes")
        self.no = QPushButton(tr("Not now"), objectName="offerNo")
        self.yes.clicked.connect(lambda: self._answer(self.accepted))
        self.no.clicked.connect(lambda: self._answer(self.declined))
        self.add_buttons(self.yes, self.no)

    def _answer(self, signal: Any) -> None:
        self.yes.setEnabled(False)
        self.no.setEnabled(False)
        signal.emit()


class ErrorCard(Card):
    """What went wrong, readable; when the model's server cannot be reached, an offer of the offline coach."""

    coachRequested = Signal()  # noqa: N815 - Qt's signal style

    def __init__(self, event: TutorError, parent: QWidget | None = None):
        heading = tr("A call of the tutor's was not run") if event.kind in NOT_RUN else tr("The tutor could not answer")
        super().__init__(f"<b style='color:{FAIL_COLOUR}'>{heading}</b>", "error", parent)
        self.tutor_event = event
        self.box.addWidget(rich_label(escaped(event.message), "errorMessage"))
        self.coach_button: QPushButton | None = None
        if event.kind in COACH_INSTEAD:
            self.coach_button = QPushButton(tr("Use the offline coach"), objectName="useCoach")
            self.coach_button.setToolTip(tr("Go on with the coach built into CodeMentor, which needs no server"))
            self.coach_button.clicked.connect(self.coachRequested)
            self.add_buttons(self.coach_button)
