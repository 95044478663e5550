"""The chat's cards fit the dock at any width it can have: real tool results (a run with a long
table, a trace, an edge-case search) at the pane's least width and at a wide one. Nothing is wider
than the conversation's view, no word is broken across lines, a table too wide for the dock reads
as lines, and no title shows a tool's own name. The dock itself widens as far as the window lets
it, and keeps its width to the next session."""

from __future__ import annotations

import json
import re

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QTextBrowser, QWidget

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.gui.chat.cards import ToolCard
from codementor_desktop.gui.chat.demo import ScriptedTutor
from codementor_desktop.gui.chat.pane import MINIMUM_WIDTH, ChatPane
from codementor_desktop.gui.chat.readable import tests_table as columns_of  # not collected as a test
from codementor_desktop.gui.chat.richtext import RichText
from codementor_desktop.gui.chat.transcript import Message
from codementor_desktop.gui.jobs import Jobs
from codementor_desktop.gui.session import Session
from codementor_desktop.tools.catalog import DECLARED_BY
from codementor_desktop.tools.context import ToolContext
from codementor_desktop.tutor.events import TextDelta, ToolFinished, ToolStarted, TurnEnded
from codementor_desktop.tutor.summaries import summarize
from codementor_desktop.tutor.turns import TurnContext
from tests.gui.conftest import make_window
from tests.integration.test_generate_hint import SAME_INDEX_TWICE

WRONG = SAME_INDEX_TWICE  # pairs a position with itself: test 2 fails
LONG = list(range(1, 41))  # an input far longer than a cell: cut with "…"
TESTS = [
    {"input": f"{json.dumps(LONG, separators=(',', ':'))}, 79", "expected_output": "[38,39]"},
    {"input": "[3,2,4], 6", "expected_output": "[1,2]"},
    {"input": "[3,3], 6", "expected_output": "[0,1]"},
    {"input": "[2,7,11,15], 9", "expected_output": "[0,1]"},
    {"input": "[-1000000000,-999999999,5], -1999999999", "expected_output": "[0,1]"},
    {"input": "[0,4,3,0], 0", "expected_output": "[0,3]"},
]
RAW_NAMES = re.compile(r"\b(" + "|".join(name for names in DECLARED_BY.values() for name in names) + r")\b")
WIDE = 900
ANSWER = (  # the tutor's own table, in Markdown, after the cards: too wide for the narrowest dock
    "Compare the work:\n\n| input size | your code | the best known |\n|---|---|---|\n"
    "| 1,000,000 | 1,000,000,000,000 | 1,000,000 |\n| 2,000,000 | 4,000,000,000,000 | 2,000,000 |\n\n"
    "What grows faster?"
)


def broken_words(document: QTextDocument) -> list[str]:
    """The words the layout split across two lines: a line that starts between two letters or digits."""
    found = []
    block = document.begin()
    while block.isValid():
        layout, text = block.layout(), block.text()
        for index in range(1, layout.lineCount()):
            start = layout.lineAt(index).textStart()
            if 0 < start < len(text) and text[start - 1].isalnum() and text[start].isalnum():
                found.append(text[max(0, start - 8) : start] + "/" + text[start : start + 8])
        block = block.next()
    return found


@pytest.fixture
def results(services):
    """Real results: the learner's code run on long tests, traced, searched for edge cases."""
    context = ToolContext(caller=Caller.MODEL, learner="ada")
    base = {"code": WRONG, "language": "python", "problem_id": "two-sum"}
    made = []
    for call_id, (name, arguments) in enumerate(
        [
            ("execute_code", {**base, "test_cases": TESTS}),
            ("bp_trace", {**base, "input_data": "[3,2,4], 6"}),
            ("bp_find_edge_cases", {**base, "budget_s": 2}),
        ]
    ):
        result = services.registry.call(name, arguments, context)
        assert "error_code" not in result, result
        shown = {k: v for k, v in arguments.items() if k != "code"}
        made += [
            ToolStarted(name, shown, f"c{call_id}"),
            ToolFinished(name, result, summarize(name, result), f"c{call_id}"),
        ]
    return made


def pane_with_cards(qtbot, events, width: int) -> ChatPane:
    jobs = Jobs(None, Session("ada"))  # nothing is sent: no thread is started
    pane = ChatPane(ScriptedTutor(pace=0), jobs, lambda: TurnContext("two-sum", WRONG, "python"))
    jobs.setParent(pane)
    qtbot.addWidget(pane)
    pane.resize(width, 900)
    pane.show()
    qtbot.waitExposed(pane)
    pane.show_events([*events, TurnEnded("answered", 1)])
    qtbot.waitUntil(lambda: all(card.isVisible() for card in cards(pane)))
    return pane


def cards(pane: ChatPane) -> list[ToolCard]:
    return [w for w in pane.transcript.widgets() if isinstance(w, ToolCard)]


def settled(pane: ChatPane) -> bool:
    """Laid out at the view's width: every text as tall as its document, inside the view."""
    view = pane.transcript.viewport()
    for text in pane.transcript.widget().findChildren(RichText):
        if text.isVisible() and text.height() + 1 < text.document().size().height():
            return False
    return pane.transcript.widget().width() <= view.width()


@pytest.mark.parametrize("width", [MINIMUM_WIDTH, 400, WIDE])
def test_the_cards_fit_the_dock_with_whole_words(qtbot, results, width):
    pane = pane_with_cards(qtbot, [*results, TextDelta(ANSWER)], width)
    assert pane.width() == width  # the pane takes its least width: nothing inside asks for more
    qtbot.waitUntil(lambda: settled(pane))
    view = pane.transcript.viewport()
    assert not pane.transcript.horizontalScrollBar().isVisible()
    run, trace, edges = cards(pane)
    (answer,) = [w for w in pane.transcript.widgets() if isinstance(w, Message) and w.who == "tutor"]
    assert broken_words(answer.document()) == [] and answer.document().size().width() <= view.width()
    assert answer.choice == (1 if width == MINIMUM_WIDTH else 0)  # the tutor's table as lines when narrow
    if width == MINIMUM_WIDTH:
        assert "input size 1,000,000; your code 1,000,000,000,000; the best known 1,000,000" in answer.toPlainText()
    for card in (run, trace, edges):
        for child in [card, *card.findChildren(QWidget)]:
            if not child.isVisible():
                continue
            left = child.mapTo(view, QPoint(0, 0)).x()
            assert 0 <= left and left + child.width() <= view.width(), (child.objectName(), left, child.width())
        for text in card.findChildren(RichText):
            if not text.isVisible():
                continue
            document = text.document()
            assert document.size().width() <= text.viewport().width() + 0.5, text.toPlainText()
            assert broken_words(document) == [], text.toPlainText()
        title = card.title.toPlainText()
        assert not RAW_NAMES.search(title) and card.finished.name in card.title.toolTip()
    assert run.title.toPlainText().startswith("Ran your code: test ")
    assert trace.title.toPlainText().startswith("Traced your code on [3,2,4], 6: ")
    assert edges.title.toPlainText().startswith("Searched for edge cases: ")
    shown = run.body.toPlainText()
    assert re.search(r"\[1,2,3,4,[\d,]+…", shown) and ",40]" not in shown  # the long input cut, not spilling out
    if width == MINIMUM_WIDTH:  # the columns do not fit: one test a line
        assert run.body.choice == 1 and "test 2 WA: input [3,2,4], 6; expected [1,2]; got [0,0]" in shown
    elif width == WIDE:
        assert run.body.choice == 0 and "verdict" in shown


def test_a_narrow_table_breaks_words_unless_it_is_said_as_lines(qtbot, results):
    """What the checks above would catch: Qt's own wrapping squeezes the columns into broken words."""
    run = next(e for e in results if isinstance(e, ToolFinished) and e.name == "execute_code")
    plain = QTextBrowser()
    qtbot.addWidget(plain)
    plain.setHtml(columns_of(run.result))
    plain.document().setTextWidth(MINIMUM_WIDTH - 60)
    assert broken_words(plain.document()) != []


def test_the_chat_dock_widens_and_keeps_its_width(qtbot, services):
    main = make_window(qtbot, services)
    main.resize(1800, 900)
    dock = main.chat.dock
    dock.show()
    qtbot.waitUntil(lambda: main.chat.pane is not None)  # a problem is open: its conversation is on show
    assert dock.maximumWidth() > 100_000  # no greatest width of its own: the window's centre alone bounds it
    main.resizeDocks([dock], [800], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: abs(dock.width() - 800) <= 8)
    main.resizeDocks([dock], [120], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: dock.width() < 400)
    assert dock.width() >= MINIMUM_WIDTH  # no narrower than its cards can be read at
    main.resizeDocks([dock], [640], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: abs(dock.width() - 640) <= 8)
    main.close()  # the window's layout is saved as it closes
    again = make_window(qtbot, services)
    qtbot.waitUntil(lambda: again.chat.dock.isVisible())
    # The offscreen screen (800 px) clamps the geometry restored with it, and the centre keeps its
    # least width: on a window as wide as the first, the state kept gives the dock its width back.
    again.resize(1800, 900)
    qtbot.waitUntil(lambda: again.width() == 1800)
    assert again.chat.dock.width() != 640
    again.restoreState(
        QSettings(str(services.paths.config_dir / "window.ini"), QSettings.Format.IniFormat).value("state")
    )
    qtbot.waitUntil(lambda: abs(again.chat.dock.width() - 640) <= 8)
    again.close()
