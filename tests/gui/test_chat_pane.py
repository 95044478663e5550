"""The chat pane with the demo's scripted tutor: typing and the keys, the buttons and their cards,
text streamed in batches, Stop, and the theme's colours in the code blocks."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from codementor_desktop.gui.chat.cards import EscalationCard, OfferCard, SummaryCard, ToolCard
from codementor_desktop.gui.chat.demo import WRONG, ScriptedTutor
from codementor_desktop.gui.chat.pane import ChatPane
from codementor_desktop.gui.chat.richtext import RichText
from codementor_desktop.gui.chat.transcript import Message
from codementor_desktop.gui.jobs import Jobs
from codementor_desktop.gui.session import Session
from codementor_desktop.tutor.events import TextDelta, TurnEnded
from codementor_desktop.tutor.turns import Intent, TurnContext


@pytest.fixture
def jobs(qtbot):
    """The one way off the GUI thread, as the window has it: the turns go to its tutor lane."""
    made = Jobs(None, Session("ada"))
    yield made
    made.shutdown()


def make_pane(qtbot, tutor: ScriptedTutor, jobs: Jobs) -> ChatPane:
    pane = ChatPane(tutor, jobs, lambda: TurnContext("two-sum", WRONG, "python"))
    qtbot.addWidget(pane)
    pane.resize(460, 640)
    pane.show()
    return pane


def talk(qtbot, pane: ChatPane, act) -> TurnEnded:
    with qtbot.waitSignal(pane.turnEnded, timeout=10_000) as ended:
        act()
    qtbot.waitUntil(lambda: not pane.busy)
    return ended.args[0]


def messages(pane: ChatPane, who: str) -> list[Message]:
    return [w for w in pane.transcript.widgets() if isinstance(w, Message) and w.who == who]


def test_enter_sends_what_was_typed_and_shift_enter_starts_a_new_line(qtbot, jobs):
    tutor = ScriptedTutor(pace=0)
    pane = make_pane(qtbot, tutor, jobs)
    qtbot.keyClicks(pane.input, "Why does it fail")
    qtbot.keyClick(pane.input, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClicks(pane.input, "on test 2?")
    assert not pane.busy and tutor.heard == []  # Shift+Enter did not send
    ended = talk(qtbot, pane, lambda: qtbot.keyClick(pane.input, Qt.Key.Key_Return))
    assert ended.reason == "answered"
    said, intent, context = tutor.heard[0]
    assert said == "Why does it fail\non test 2?" and intent == Intent.SAY
    assert context == TurnContext("two-sum", WRONG, "python")  # the editor's problem and code, as sent
    assert pane.input.toPlainText() == ""
    assert [m.markdown for m in messages(pane, "learner")] == ["Why does it fail\non test 2?"]
    # The run's card: what ran, the failing test first in its table, the raw JSON behind a disclosure.
    (card,) = [w for w in pane.transcript.widgets() if isinstance(w, ToolCard)]
    assert card.title.toPlainText() == "Ran your code: test 2 fails on input [3,2,4], 6; 2 of 3 pass"
    assert "execute_code" in card.title.toolTip() and "problem id two-sum" in card.title.toolTip()
    table = card.body.toPlainText()
    assert table.index("[3,2,4], 6") < table.index("[2,7,11,15], 9")  # the failing test first
    assert not card.raw.isVisibleTo(card)
    card.raw_button.click()
    assert card.raw.isVisibleTo(card) and '"run_id": "run_demo"' in card.raw.toPlainText()
    assert card.open_button is not None and card.open_button.text() == "Open in Tests"
    # The answer, as Markdown: bold, inline code, and a code block coloured by Pygments.
    (answer,) = messages(pane, "tutor")
    assert "<strong>2</strong>" in answer.text() and "<pre" in answer.text() and "color: #" in answer.text()
    assert "return [0, 1]" in answer.toPlainText()


def test_the_buttons_send_their_intents_and_show_their_cards(qtbot, jobs):
    tutor = ScriptedTutor(pace=0)
    pane = make_pane(qtbot, tutor, jobs)
    assert pane.who.text() == "Tutor: Demo tutor (scripted)"  # who answers, in sight
    talk(qtbot, pane, pane.buttons[Intent.STUCK].click)
    (escalation,) = [w for w in pane.transcript.widgets() if isinstance(w, EscalationCard)]
    assert escalation.tutor_event.model == "deep-model"
    assert "deep-model" in escalation.title.toPlainText()
    assert "three failing runs" in escalation.findChild(RichText, "escalationReason").toPlainText()
    talk(qtbot, pane, pane.buttons[Intent.HINT].click)
    (offer,) = [w for w in pane.transcript.widgets() if isinstance(w, OfferCard)]
    talk(qtbot, pane, offer.yes.click)  # accepting the offer is "I'm stuck"
    assert tutor.heard[-1][:2] == ("Yes, help me", Intent.STUCK) and not offer.yes.isEnabled()
    talk(qtbot, pane, pane.buttons[Intent.GOT_IT].click)
    (summary,) = [w for w in pane.transcript.widgets() if isinstance(w, SummaryCard)]
    assert "A dictionary remembers what was seen." in summary.findChild(RichText, "insights").toPlainText()
    assert [intent for _said, intent, _context in tutor.heard] == [
        Intent.STUCK, Intent.HINT, Intent.STUCK, Intent.GOT_IT,
    ]  # fmt: skip


def test_a_fast_stream_reaches_the_view_in_batches(qtbot, jobs):
    pieces = [TextDelta(f"word{n} ") for n in range(3000)]
    pane = make_pane(qtbot, ScriptedTutor(pace=0, answers=pieces), jobs)
    batches: list[int] = []
    pane.turns.events.connect(lambda events: batches.append(len(events)))
    talk(qtbot, pane, lambda: pane.send("Stream a lot"))
    (answer,) = messages(pane, "tutor")
    assert answer.markdown == "".join(p.text for p in pieces)  # nothing lost
    # Joined by the turn's runner: far fewer repaints than pieces (a flush every 50 ms).
    assert len(batches) < 100, batches


def test_stop_ends_a_slow_turn_and_the_pane_is_ready_again(qtbot, jobs):
    pane = make_pane(qtbot, ScriptedTutor(pace=5.0), jobs)
    pane.send("Take your time")
    qtbot.waitUntil(lambda: pane.stop_button.isVisible())
    assert not pane.buttons[Intent.HINT].isEnabled() and not pane.send("a second message")
    ended = talk(qtbot, pane, pane.stop_button.click)
    assert ended.reason == "cancelled"
    assert pane.send_button.isVisible() and not pane.stop_button.isVisible() and pane.buttons[Intent.HINT].isEnabled()
    assert "Stopped." in pane.transcript.widgets()[-1].toPlainText()


def test_code_blocks_take_the_dark_theme_colours(qtbot, jobs):
    from PySide6.QtWidgets import QApplication

    from codementor_desktop.gui.theme import palette_for, theme_named

    pane = make_pane(qtbot, ScriptedTutor(pace=0, answers=[TextDelta("```python\nx = 1\n```")]), jobs)
    talk(qtbot, pane, lambda: pane.send("code?"))
    (answer,) = messages(pane, "tutor")
    light = answer.text()
    app = QApplication.instance()
    before = app.palette()
    try:
        app.setPalette(palette_for(theme_named("dark")))
        qtbot.waitUntil(lambda: answer.text() != light)
        assert "#2b2d31" in answer.text() and "#2b2d31" not in light
    finally:
        app.setPalette(before)


def test_a_turn_superseded_by_another_conversation_ends_once_and_the_other_answers(qtbot, jobs):
    slow = make_pane(qtbot, ScriptedTutor(pace=5.0), jobs)
    ended: list[TurnEnded] = []
    slow.turnEnded.connect(ended.append)
    slow.send("Take your time")
    qtbot.waitUntil(lambda: slow.stop_button.isVisible())
    other = make_pane(qtbot, ScriptedTutor(pace=0), jobs)
    answered = talk(qtbot, other, lambda: other.send("Why does it fail?"))  # one turn at a time: the tutor lane
    assert answered.reason == "answered"
    assert [e.reason for e in ended] == ["cancelled"] and not slow.busy and slow.send_button.isVisible()
    notes = [w.toPlainText() for w in slow.transcript.widgets() if "Stopped." in w.toPlainText()]
    assert len(notes) == 1


def test_abandoning_a_turn_ends_it_at_once(qtbot, jobs):
    pane = make_pane(qtbot, ScriptedTutor(pace=5.0), jobs)
    ended: list[TurnEnded] = []
    pane.turnEnded.connect(ended.append)
    pane.send("Take your time")
    qtbot.waitUntil(lambda: pane.stop_button.isVisible())
    pane.abandon()  # another learner sat down
    assert [e.reason for e in ended] == ["cancelled"] and not pane.busy
    assert pane.send("Now me") is True  # the pane is ready for the next turn
    qtbot.waitUntil(lambda: len(ended) == 1 or pane.stop_button.isVisible())
    pane.stop()
    qtbot.waitUntil(lambda: not pane.busy, timeout=10_000)
    assert [e.reason for e in ended] == ["cancelled", "cancelled"]
