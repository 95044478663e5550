"""The window's own tutors, made by the app's factory as a learner gets them: the model's tutor
when an endpoint is set (the real openai SDK against the loopback test server), the offline coach
when none is; and the stuck signal from the learner's own runs offering help in the chat."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from codementor_desktop.gui.chat.cards import EscalationCard, OfferCard, SummaryCard, ToolCard
from codementor_desktop.gui.chat.pane import ChatPane
from codementor_desktop.gui.chat.transcript import Message
from codementor_desktop.gui.main_window import MainWindow
from codementor_desktop.gui.window_files import TOUR_SEEN, Flag
from codementor_desktop.tutor.turns import Intent
from tests.fakes.openai_server import Call, FakeOpenAI, calls, text
from tests.gui.conftest import window_leftovers

WRONG = "def two_sum(nums, target):\n    return [0, 1]\n"
RUN = {"code": WRONG, "language": "python", "problem_id": "two-sum", "test_cases": []}
SHOTS = os.environ.get("CODEMENTOR_SHOTS")


@pytest.fixture
def app_window(qtbot, services):
    """A window with the app's own tutor factory (none given)."""
    Flag(services.paths.data_dir, TOUR_SEEN).set()
    window = MainWindow(services, synchronous=True)
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
    return window.chat.pane


def talk(qtbot, pane: ChatPane, act, timeout: int = 60_000):
    with qtbot.waitSignal(pane.turnEnded, timeout=timeout) as ended:
        act()
    qtbot.waitUntil(lambda: not pane.busy)
    return ended.args[0]


def cards(pane: ChatPane, kind: type) -> list:
    return [w for w in pane.transcript.widgets() if isinstance(w, kind)]


def said_by_tutor(pane: ChatPane) -> str:
    return "\n".join(w.markdown for w in pane.transcript.widgets() if isinstance(w, Message) and w.who == "tutor")


def save(pane: ChatPane, tmp_path: Path, name: str) -> None:
    image = pane.grab()
    assert image.save(str(tmp_path / f"{name}.png"))
    if SHOTS:
        image.save(os.path.join(SHOTS, f"{name}.png"))


def test_the_configured_model_answers_runs_and_escalates_through_the_apps_tutor(qtbot, services, app_window, tmp_path):
    question = "What is at index 0 when the pair is at the end?"
    script = [
        calls(Call("execute_code", RUN, id="call_run")),
        text("Test 2 fails on `[3,2,4], 6`. What does your function return there?"),
        calls(Call("escalate_for_insight", {"reason": "The learner cannot see why the last pair is missed."})),
        text(question),  # the deep model's question
        text("Here is a question to think about: ", question),
    ]
    with FakeOpenAI(script) as server:
        services.settings.llm_base_url = server.base_url
        services.settings.llm_model = "fast-model"
        services.settings.llm_deep_model = "deep-model"
        pane = open_two_sum(qtbot, app_window)
        assert "fast-model" in pane.who.text() and "127.0.0.1" in pane.who.text()
        ended = talk(qtbot, pane, lambda: pane.send("Why is my two_sum wrong?"))
        assert ended.reason == "answered"
        (run,) = cards(pane, ToolCard)
        assert "[3,2,4], 6" in run.body.toPlainText()
        run.open_button.click()
        assert app_window.panels.currentWidget() is app_window.tests
        assert sorted(app_window.tests.verdicts()) == ["AC", "AC", "WA"]

        talk(qtbot, pane, pane.buttons[Intent.STUCK].click)
        (escalation,) = cards(pane, EscalationCard)
        assert escalation.tutor_event.model == "deep-model" and escalation.tutor_event.question == question
        assert [body["model"] for body in server.bodies()] == ["fast-model"] * 3 + ["deep-model", "fast-model"]
        save(pane, tmp_path, "app-model-escalated")


def test_with_no_model_the_offline_coach_questions_hints_and_concludes(qtbot, app_window, tmp_path):
    pane = open_two_sum(qtbot, app_window)
    assert pane.who.text() == "Tutor: Offline coach"
    talk(qtbot, pane, lambda: pane.send("just give me the answer"))
    assert [c.started.name for c in cards(pane, ToolCard)][:1] == ["execute_code"]
    answer = said_by_tutor(pane)
    assert "?" in answer and "```" not in answer and "def two_sum" not in answer
    # The coach's trace (a model's result: its last steps only) opens in the Trace tab, traced again there.
    (traced,) = [c for c in cards(pane, ToolCard) if c.started.name == "bp_trace"]
    traced.open_button.click()
    assert app_window.panels.currentWidget() is app_window.viz.trace_tab
    qtbot.waitUntil(lambda: app_window.viz.step_count > 5)
    assert app_window.debugger._traced == (WRONG, "[3,2,4], 6")  # the editor's code on the tutor's input

    talk(qtbot, pane, pane.buttons[Intent.STUCK].click)
    (escalation,) = cards(pane, EscalationCard)
    assert "coach" in escalation.tutor_event.model.lower()
    assert app_window.hints.action.text() == "Hint (1 of 3)"  # the coach's hint counts as taken here too

    # "I get it" while the code still fails is checked on the failing input before anything is concluded.
    talk(qtbot, pane, pane.buttons[Intent.GOT_IT].click)
    assert cards(pane, SummaryCard) == [] and "[3,2,4], 6" in said_by_tutor(pane)
    mine = "I get it: j must start after i, so a position is never paired with itself"
    talk(qtbot, pane, lambda: pane.send(mine))
    (summary,) = cards(pane, SummaryCard)
    assert summary.tutor_event.insights[-1] == mine  # the learner's words, not the coach's
    save(pane, tmp_path, "app-coach-concluded")


def test_three_failing_runs_of_one_test_offer_help_in_the_chat(qtbot, app_window):
    pane = open_two_sum(qtbot, app_window)
    assert cards(pane, OfferCard) == []
    for _ in range(3):
        app_window.run_code()
    qtbot.waitUntil(lambda: len(cards(pane, OfferCard)) == 1, timeout=15_000)
    (offer,) = cards(pane, OfferCard)
    assert offer.tutor_event.signal == "failing_runs" and "[3,2,4], 6" in offer.tutor_event.message
    talk(qtbot, pane, offer.yes.click)  # accepting is an "I'm stuck": the coach moves a hint level up
    assert len(cards(pane, EscalationCard)) == 1
    with qtbot.waitSignal(app_window.jobs.ended):
        app_window.run_code()  # offered once: a fourth failing run offers nothing more
    qtbot.waitUntil(lambda: not app_window.chat.stuck._due)
    assert len(cards(pane, OfferCard)) == 1


def test_a_conversation_left_open_is_shown_again_in_the_next_window(qtbot, services):
    Flag(services.paths.data_dir, TOUR_SEEN).set()
    first = MainWindow(services, synchronous=True)
    qtbot.addWidget(first)
    pane = open_two_sum(qtbot, first)
    talk(qtbot, pane, lambda: pane.send("Why does it fail?"))
    ran = [c.started.name for c in cards(pane, ToolCard)]
    session = pane.tutor.session_id
    first.close()

    second = MainWindow(services, synchronous=True)
    qtbot.addWidget(second)
    again = open_two_sum(qtbot, second)
    assert again.tutor.session_id == session  # the same stored conversation goes on
    learner = [w.markdown for w in again.transcript.widgets() if isinstance(w, Message) and w.who == "learner"]
    assert learner == ["Why does it fail?"]
    assert [c.started.name for c in cards(again, ToolCard)] == ran
    assert said_by_tutor(again) == said_by_tutor(pane)
    # Continued: the next question is a new one, and nothing runs again on the unchanged code.
    talk(qtbot, again, lambda: again.send("i don't know"))
    assert [c.started.name for c in cards(again, ToolCard)] == ran
    talk(qtbot, again, lambda: again.send("I get it: j must start after i, never at i itself"))
    talk(qtbot, again, lambda: again.send("I get it: j must start after i, never at i itself"))  # concluded
    assert cards(again, SummaryCard)  # the next window starts afresh
    second.close()
    third = MainWindow(services, synchronous=True)
    qtbot.addWidget(third)
    fresh = open_two_sum(qtbot, third)
    assert fresh.tutor.session_id != session and cards(fresh, ToolCard) == []
    third.close()


@pytest.mark.parametrize(
    ("text", "parameters"), [("[0,4,-4]", 1), ("[3,2,4], 6", 2), ('[1,2], 3, "x"', 3), ("[[1,2],[3]]", 1)]
)
def test_a_tools_input_reads_back_as_the_text_it_came_from(text, parameters):
    from codementor_desktop.gui.debugger.test_input import arguments_text, call_arguments

    assert arguments_text(call_arguments(text), parameters) == text
