"""``/debug`` typed in the chat: it reaches the offline coach (as the window wraps it, behind the
solution filter), whose report in the plan's words shows in the chat; ``/help`` and a mistyped
command are answered by the chat itself with the list of what it understands."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from codementor_desktop.domain.plan import Plan, PlanStep
from codementor_desktop.gui.chat.cards import ToolCard
from codementor_desktop.gui.chat.commands import command_in
from codementor_desktop.gui.chat.pane import ChatPane
from codementor_desktop.gui.chat.richtext import RichText
from codementor_desktop.gui.chat.transcript import Message
from codementor_desktop.gui.jobs import Jobs
from codementor_desktop.gui.session import Session
from codementor_desktop.tutor.coach import OfflineCoach
from codementor_desktop.tutor.factory import FilteredTutor
from codementor_desktop.tutor.turns import Intent, TurnContext

CODE = (
    "def two_sum(nums, target):\n"
    "    for i in range(len(nums)):\n"
    "        for j in range(len(nums)):\n"
    "            if nums[i] + nums[j] == target:\n"
    "                return [i, j]\n"
    "    return []\n"
)
STEPS = (
    PlanStep("For each number i in nums", (2,)),
    PlanStep("For each later number j, check whether nums[i] + nums[j] is the target", (3, 4), "j > i"),
    PlanStep("Return the pair [i, j]", (5,)),
)


@pytest.fixture
def jobs(qtbot):
    made = Jobs(None, Session("ada"))
    yield made
    made.shutdown()


@pytest.fixture
def pane(qtbot, services, jobs):
    tutor = FilteredTutor(OfflineCoach(services, "ada"), services)
    made = ChatPane(tutor, jobs, lambda: TurnContext("two-sum", CODE, "python"))
    qtbot.addWidget(made)
    made.resize(520, 900)
    made.show()
    return made


def typed(qtbot, pane: ChatPane, text: str) -> None:
    qtbot.keyClicks(pane.input, text)
    qtbot.keyClick(pane.input, Qt.Key.Key_Return)


def in_sight(qtbot, pane: ChatPane, last: QWidget) -> None:
    """Wait until ``last`` is whole in view at the end of the conversation, before a picture is taken."""
    bar = pane.transcript.verticalScrollBar()

    def at_the_end() -> bool:
        pane.transcript.scroll_to_end()
        return bar.value() == bar.maximum() and last.visibleRegion().boundingRect().height() == last.height()

    qtbot.waitUntil(at_the_end)


def tutor_text(pane: ChatPane) -> str:
    return "\n".join(w.toPlainText() for w in pane.transcript.widgets() if isinstance(w, Message) and w.who == "tutor")


def notes(pane: ChatPane) -> list[str]:
    return [w.toPlainText() for w in pane.transcript.widgets() if type(w) is RichText and w.objectName() == "chatNote"]


def test_debug_typed_in_the_chat_reaches_the_coach_and_its_report_shows_the_plans_words(
    qtbot, services, pane, tmp_path
):
    services.plans.save("ada", Plan("two-sum", "python", STEPS))
    with qtbot.waitSignal(pane.turnEnded, timeout=60_000):
        typed(qtbot, pane, "/debug")
    qtbot.waitUntil(lambda: not pane.busy)
    said = tutor_text(pane)
    assert "Step 2 (For each later number j, check whether nums[i] + nums[j] is the target)" in said
    assert "`j > i`" not in said and "j > i" in said  # rendered Markdown, not its source
    assert "[3,2,4], 6" in said and said.rstrip().endswith("?")
    cards = [w for w in pane.transcript.widgets() if isinstance(w, ToolCard)]
    assert [c.started.name for c in cards] == ["bp_debug_plan", "bp_find_edge_cases"]
    assert "two_sum(nums" not in cards[0].title.toolTip()  # the card names the call, not the code
    assert cards[0].title.toPlainText().startswith("Checked your plan on [3,2,4], 6: step 2's expectation")
    answer = [w for w in pane.transcript.widgets() if isinstance(w, Message) and w.who == "tutor"][-1]
    in_sight(qtbot, pane, answer)
    assert pane.grab().save(str(tmp_path / "chat_debug.png"))


def test_help_and_a_mistyped_command_list_what_the_chat_understands_and_no_turn_starts(qtbot, pane, tmp_path):
    typed(qtbot, pane, "/debg")
    assert not pane.busy and pane.input.toPlainText() == ""
    (note,) = notes(pane)
    assert note.startswith("Unknown command /debg.") and "/debug: check your plan" in note and "/help" in note
    typed(qtbot, pane, "/help")
    assert not pane.busy and "/debug" in notes(pane)[-1] and "Unknown" not in notes(pane)[-1]
    assert not [w for w in pane.transcript.widgets() if isinstance(w, Message) and w.who == "tutor"]
    assert "/debug" in pane.input.placeholderText()
    in_sight(qtbot, pane, pane.transcript.widgets()[-1])
    assert pane.grab().save(str(tmp_path / "chat_unknown_command.png"))


def test_only_a_word_after_the_slash_is_a_command():
    assert command_in("/debug").intent is Intent.DEBUG and command_in("  /DEBUG please ").intent is Intent.DEBUG
    assert command_in("/debugging").known is False
    assert command_in("why does /debug fail?") is None and command_in("/ 2 is division") is None
    assert command_in("//comment") is None


def test_a_models_translation_of_the_plan_is_a_card_without_its_code(qtbot, services, jobs, tmp_path):
    from codementor_desktop.tutor.model_tutor import ModelTutor
    from tests.fakes.openai_server import Call, FakeOpenAI, calls, text
    from tests.integration.test_plan_debug_model import ANSWER, ON_LEARNER, ON_TRANSLATION, TELLS

    services.plans.save("ada", Plan("two-sum", "python", STEPS))
    script = [
        calls(Call("bp_debug_plan", {**ON_LEARNER, "code": CODE}, id="call_learner")),
        calls(Call("bp_debug_plan", ON_TRANSLATION, id="call_translation")),
        text(*ANSWER),
    ]
    with FakeOpenAI(script) as server:
        services.settings.llm_base_url = server.base_url
        services.settings.llm_model = "fast-model"
        services.settings.llm_tool_set = "full"
        pane = ChatPane(FilteredTutor(ModelTutor(services, "ada"), services), jobs,
                        lambda: TurnContext("two-sum", CODE, "python"))  # fmt: skip
        qtbot.addWidget(pane)
        pane.resize(520, 900)
        pane.show()
        with qtbot.waitSignal(pane.turnEnded, timeout=60_000):
            typed(qtbot, pane, "/debug")
        qtbot.waitUntil(lambda: not pane.busy)
    cards = [w for w in pane.transcript.widgets() if isinstance(w, ToolCard)]
    assert "the tutor's translation of your plan" in cards[1].title.toPlainText()
    cards[1].raw_button.setChecked(True)  # the raw JSON too: the mark, the language, no code
    raw = cards[1].raw.toPlainText()
    assert '"translation_of_plan": true' in raw and not [tell for tell in TELLS if tell in raw]
    assert "Step 2" in tutor_text(pane) and "[3,2,4], 6" in tutor_text(pane)
    in_sight(qtbot, pane, [w for w in pane.transcript.widgets() if isinstance(w, Message)][-1])
    assert pane.grab().save(str(tmp_path / "chat_debug_model.png"))
