"""The chat in the window, end to end: the real openai SDK against the loopback test server, the
app's registry running the tools (the learner's code in a real child process), the pane on its
worker thread. A streamed answer, a run's card that opens the Tests tab, Stop in the middle of a
stream (the server sees the connection close), an escalation; then a scripted coach-like tutor
whose trace card opens the Trace tab. Screenshots of each state go to the test's folder (and to
``CODEMENTOR_SHOTS`` when it names one) to be looked at."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from codementor_desktop.gui.chat.cards import ErrorCard, EscalationCard, ToolCard
from codementor_desktop.gui.chat.pane import ChatPane
from codementor_desktop.gui.chat.richtext import RichText
from codementor_desktop.gui.chat.transcript import Message
from codementor_desktop.gui.main_window import MainWindow
from codementor_desktop.gui.window_files import TOUR_SEEN, Flag
from codementor_desktop.tools.context import ToolContext
from codementor_desktop.tutor.cancellation import Cancellation
from codementor_desktop.tutor.events import Escalated, Listener, ToolFinished, ToolStarted, TurnEnded
from codementor_desktop.tutor.loop import TutorLoop
from codementor_desktop.tutor.provider import Provider, ProviderConfig
from codementor_desktop.tutor.summaries import summarize
from codementor_desktop.tutor.turns import Intent, TurnContext
from tests.fakes.openai_server import Call, FakeOpenAI, Reply, calls, text
from tests.gui.conftest import window_leftovers

WRONG = "def two_sum(nums, target):\n    return [0, 1]\n"
RUN = {"code": WRONG, "language": "python", "problem_id": "two-sum", "test_cases": []}
SHOTS = os.environ.get("CODEMENTOR_SHOTS")


class LoopTutor:
    """The Tutor protocol over main's loop: typed words go to the fast model; "I'm stuck" asks the
    deep model with the conversation so far and reports an escalation, as the model tutor does."""

    def __init__(self, services, server: FakeOpenAI):
        def provider(model: str) -> Provider:
            config = ProviderConfig(base_url=server.base_url, model=model, backoff=0.01, first_token_timeout=10)
            return Provider(config)

        self.loop = TutorLoop(provider("fast-model"), services.registry, "ada")
        self.deep = provider("deep-model")
        self.label = f"fast-model at {server.base_url}"
        self.session_id = "test-session"
        self.contexts: list[TurnContext | None] = []

    def turn(self, said: str, emit: Listener, cancellation: Cancellation | None = None, *,
             context: TurnContext | None = None, intent: Intent = Intent.SAY) -> TurnEnded:  # fmt: skip
        self.contexts.append(context)
        if intent != Intent.STUCK:
            return self.loop.turn(said, emit, cancellation)
        messages = [*self.loop.messages, {"role": "user", "content": "The learner is stuck. Ask one deeper question."}]
        answer = self.deep.complete(messages, cancellation=cancellation)
        emit(Escalated("deep-model", "the learner pressed I'm stuck", answer.text))
        ended = TurnEnded("answered", 1)
        emit(ended)
        return ended


def laid_out(root) -> bool:
    """Every text of the chat shown (a widget added to a layout is shown a moment later) and as
    tall as what it shows at its width: nothing cut off."""
    for view in root.findChildren(RichText):
        if not view.isVisibleTo(root):
            continue
        if not view.isVisible() or view.height() + 1 < view.document().size().height():
            return False
        siblings = [w for w in view.parentWidget().findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
                    if w is not view and w.isVisible()]  # fmt: skip
        if any(view.geometry().intersects(other.geometry()) for other in siblings):
            return False  # its card is not laid out again yet: the text would be drawn over the buttons
    return True


def settled(pane: ChatPane) -> bool:
    """Every message and card shown, laid out, and the conversation scrolled to its end."""
    bar = pane.transcript.verticalScrollBar()
    shown = all(w.isVisible() for w in pane.transcript.widgets())
    return shown and laid_out(pane) and bar.value() == bar.maximum()


def shot(qtbot, widget, tmp_path: Path, name: str, pane: ChatPane | None = None) -> Path:
    pane = pane or widget
    qtbot.waitUntil(lambda: settled(pane))
    path = tmp_path / f"chat-{name}.png"
    image = widget.grab()
    assert image.save(str(path))
    if SHOTS:
        image.save(os.path.join(SHOTS, path.name))
    return path


@pytest.fixture
def chat_window(qtbot, services):
    """A window whose chat makes its tutors with ``chat_window.factory`` (set by the test)."""
    Flag(services.paths.data_dir, TOUR_SEEN).set()
    made: dict = {}

    def factory(services_, learner, *, ask_consent, **_options):
        made.update(learner=learner, ask_consent=ask_consent, confirm_write=_options.get("confirm_write"))
        return made["tutor"](services_)

    window = MainWindow(services, synchronous=True,
                        tutor_factory=factory)  # fmt: skip
    window.made = made
    qtbot.addWidget(window)
    window.resize(1400, 860)
    yield window
    window.close()
    assert window_leftovers(window) == []


def open_two_sum(qtbot, window) -> ChatPane:
    window.show()
    window.browser.select("two-sum")
    window.editor.set_text(WRONG)
    qtbot.waitUntil(lambda: window.chat.pane is not None)
    pane = window.chat.pane
    assert pane is not None
    return pane


def talk(qtbot, pane: ChatPane, act, timeout: int = 30_000) -> TurnEnded:
    with qtbot.waitSignal(pane.turnEnded, timeout=timeout) as ended:
        act()
    qtbot.waitUntil(lambda: not pane.busy)
    return ended.args[0]


def test_a_conversation_against_the_test_server(qtbot, chat_window, tmp_path):
    question = ["Test **2** fails on `[3,2,4], 6`. ", "What does your function return ", "there?"]
    slow = Reply(text=["Let us ", "go slowly ", "through it ", "line by line."], stall_after=3)
    script = [
        calls(Call("execute_code", RUN, id="call_run")),
        text(*question),
        slow,
        text("What must be true of i and j?"),
    ]
    with FakeOpenAI(script) as server:
        chat_window.made["tutor"] = lambda services: LoopTutor(services, server)
        pane = open_two_sum(qtbot, chat_window)
        assert pane.who.text() == f"Tutor: fast-model at {server.base_url}"
        assert chat_window.made["learner"] == "ada" and chat_window.made["ask_consent"] is chat_window.chat.notice
        assert chat_window.made["confirm_write"] is chat_window.chat.confirm_write  # a model's writes ask the learner

        # A question typed in the box: the model runs the learner's code, then asks, streamed.
        qtbot.keyClicks(pane.input, "Why is my two_sum wrong?")
        ended = talk(qtbot, pane, lambda: qtbot.keyClick(pane.input, Qt.Key.Key_Return))
        assert ended.reason == "answered"
        assert pane.tutor.contexts[-1] == TurnContext("two-sum", WRONG, "python")  # the editor's code went along
        (card,) = [w for w in pane.transcript.widgets() if isinstance(w, ToolCard)]
        assert card.title.toPlainText() == "Ran your code: test 2 fails on input [3,2,4], 6; 2 of 3 pass"
        assert "[3,2,4], 6" in card.body.toPlainText()
        answer = [w for w in pane.transcript.widgets() if isinstance(w, Message) and w.who == "tutor"][-1]
        assert answer.markdown == "".join(question) and "<strong>2</strong>" in answer.text()
        shot(qtbot, pane, tmp_path, "answered")
        # The card's run opens in the Tests tab.
        chat_window.panels.setCurrentWidget(chat_window.output)
        assert card.open_button is not None
        card.open_button.click()
        assert chat_window.panels.currentWidget() is chat_window.tests
        assert sorted(chat_window.tests.verdicts()) == ["AC", "AC", "WA"]

        # Stop in the middle of a stream: the pane is ready again, the server saw the connection close.
        pane.send("Explain it slowly")
        qtbot.waitUntil(lambda: "go slowly" in pane.transcript.widgets()[-1].toPlainText(), timeout=10_000)
        assert pane.stop_button.isVisible()
        shot(qtbot, pane, tmp_path, "streaming")
        # Meanwhile the window is the learner's: the code can be edited and run while the tutor streams.
        chat_window.editor.set_text(WRONG.replace("[0, 1]", "[1, 2]"))
        chat_window.run_code()
        assert pane.busy and sorted(chat_window.tests.verdicts()) == ["AC", "WA", "WA"]
        ended = talk(qtbot, pane, pane.stop_button.click)
        assert ended.reason == "cancelled"
        assert server.disconnected.wait(5)
        assert pane.send_button.isVisible() and pane.buttons[Intent.STUCK].isEnabled()
        assert "through it" not in "".join(w.toPlainText() for w in pane.transcript.findChildren(RichText))

        # "I'm stuck": the deep model is asked, and the escalation is shown as such.
        talk(qtbot, pane, pane.buttons[Intent.STUCK].click)
        (escalation,) = [w for w in pane.transcript.widgets() if isinstance(w, EscalationCard)]
        assert escalation.tutor_event.question == "What must be true of i and j?"
        assert "deep-model" in escalation.title.toPlainText()
        assert server.bodies()[-1]["model"] == "deep-model"
        assert [body["model"] for body in server.bodies()] == ["fast-model"] * 3 + ["deep-model"]
        shot(qtbot, pane, tmp_path, "escalated")
        chat_window.set_theme("dark", save=False)
        qtbot.waitUntil(lambda: pane.transcript.dark)
        shot(qtbot, chat_window, tmp_path, "window-dark", pane)
        chat_window.set_theme("light", save=False)


class CoachLike:
    """A scripted tutor that works as the offline coach does: it runs the tools itself (a trace of
    the learner's code) and turns the result into a question."""

    label = "Offline coach"
    session_id = "coach"

    def __init__(self, services):
        self.services = services

    def turn(self, said, emit, cancellation=None, *, context=None, intent=Intent.SAY) -> TurnEnded:
        arguments = {"code": context.code, "language": "python", "entry_point": "two_sum",
                     "input_data": [3, 2, 4], "target_value": 6}  # fmt: skip
        emit(ToolStarted("bp_trace", arguments, "coach_1"))
        result = self.services.registry.call("bp_trace", arguments, ToolContext(learner="ada"))
        emit(ToolFinished("bp_trace", result, summarize("bp_trace", result), "coach_1"))
        ended = TurnEnded("answered", 1)
        emit(ended)
        return ended


def test_a_coach_like_tutor_and_its_trace_card(qtbot, chat_window, tmp_path):
    chat_window.made["tutor"] = CoachLike
    pane = open_two_sum(qtbot, chat_window)
    assert pane.who.text() == "Tutor: Offline coach"
    talk(qtbot, pane, pane.buttons[Intent.HINT].click)
    (card,) = [w for w in pane.transcript.widgets() if isinstance(w, ToolCard)]
    assert "line 2: return [0, 1]" in card.body.toPlainText()  # the traced line, with its code
    assert card.open_button is not None and card.open_button.text() == "Open in Trace"
    card.open_button.click()
    trace_tab = chat_window.viz.trace_tab
    assert chat_window.panels.currentWidget() is trace_tab
    qtbot.waitUntil(lambda: chat_window.viz.step_count > 0)
    shot(qtbot, pane, tmp_path, "coach-trace")


def test_each_problem_keeps_its_own_conversation(qtbot, chat_window):
    chat_window.made["tutor"] = CoachLike
    first = open_two_sum(qtbot, chat_window)
    other = next(i for i in chat_window.browser.visible_ids() if i != "two-sum")
    chat_window.browser.select(other)
    assert chat_window.chat.pane is not first and chat_window.chat.pane is not None
    chat_window.browser.select("two-sum")
    assert chat_window.chat.pane is first


def test_a_tutor_that_cannot_start_is_said(qtbot, chat_window):
    def broken(_services):
        raise RuntimeError("no endpoint reachable")

    chat_window.made["tutor"] = broken
    chat_window.show()
    chat_window.browser.select("two-sum")
    assert chat_window.chat.pane is None
    assert "no endpoint reachable" in chat_window.chat.placeholder.toPlainText()


def test_a_server_that_is_down_is_shown_as_an_error_card(qtbot, chat_window):
    with FakeOpenAI([]) as server:
        chat_window.made["tutor"] = lambda services: LoopTutor(services, server)
        pane = open_two_sum(qtbot, chat_window)
    # The server has gone: the turn's error is a card, and the pane is ready again.
    ended = talk(qtbot, pane, lambda: pane.send("Hello?"))
    assert ended.reason == "error"
    (error,) = [w for w in pane.transcript.widgets() if isinstance(w, ErrorCard)]
    assert "Could not reach the model server" in error.findChild(RichText, "errorMessage").toPlainText()
    # The card offers the offline coach, which goes on with the same conversation.
    chat_window.chat.coach_factory = lambda services, _learner: CoachLike(services)
    assert error.coach_button is not None
    error.coach_button.click()
    assert pane.who.text() == "Tutor: Offline coach" and chat_window.chat.pane is pane
    talk(qtbot, pane, pane.buttons[Intent.HINT].click)
    assert [w.started.name for w in pane.transcript.widgets() if isinstance(w, ToolCard)] == ["bp_trace"]


def test_a_call_that_was_not_run_is_not_called_a_failure_to_answer(qtbot):
    from codementor_desktop.tutor.events import TutorError

    refused = ErrorCard(
        TutorError("The model asked for save_code_snapshot, which it was not offered.", "tool_not_offered")
    )
    down = ErrorCard(TutorError("Could not reach the model server.", "server_down"))
    qtbot.addWidget(refused)
    qtbot.addWidget(down)
    assert "was not run" in refused.title.toPlainText() and refused.coach_button is None
    assert "could not answer" in down.title.toPlainText() and down.coach_button is not None
