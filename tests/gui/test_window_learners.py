"""Who is practicing: the dialog lists the learners of the database with the settings' learner
chosen; at start it is shown only for several learners or when the settings ask; switching
re-attaches the window (drafts, statuses, runs, profile, the jobs' learner) and nothing of one
learner shows for another. Real database, real runs, the real profile tools."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from codementor_desktop.domain.vocabulary import ProblemStatus
from codementor_desktop.gui.learners import LearnerDialog, ask_at_start, learner_names, should_ask
from tests.gui.test_main_window import GOOD
from tests.gui.tool_calls import calls


def test_the_dialog_lists_the_learners_with_the_default_chosen(qtbot):
    dialog = LearnerDialog(["bo", "ada", "cy"], "bo")
    qtbot.addWidget(dialog)
    assert [dialog.list.item(r).text() for r in range(dialog.list.count())] == ["ada", "bo", "cy"]
    assert dialog.chosen() == "bo"
    dialog.new_name.setText("  dee ")
    assert dialog.chosen() == "dee" and not dialog.list.isEnabled()


def test_asked_at_start_only_for_several_learners_or_when_the_settings_say(services, qtbot):
    services.database.learner_id(services.settings.user)
    assert learner_names(services) == [services.settings.user]
    assert not should_ask(services)
    services.settings.ask_learner_at_start = True
    assert should_ask(services)
    services.settings.ask_learner_at_start = False
    services.database.learner_id("zoe")
    assert should_ask(services)

    def choose() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, LearnerDialog)
        dialog.new_name.setText("newcomer")
        dialog.accept()

    QTimer.singleShot(0, choose)
    ask_at_start(services)
    assert services.settings.user == "newcomer" and services.drafts.learner == "newcomer"
    assert "user" not in services.loaded.changed()  # a choice of this session, not written to the file


def test_switching_learner_reattaches_everything_shown(window, qtbot, services):
    first = services.settings.user
    window.browser.select("two-sum")
    window.editor.replace_all(GOOD)  # as typed: kept as the draft
    window.submit_action.trigger()
    qtbot.waitUntil(lambda: window.tests.run_id is not None, timeout=30_000)
    assert window.browser.status_of("two-sum") is ProblemStatus.SOLVED
    switch = window.learning.actions["switch"]
    assert switch.text().replace("&", "") == "Switch learner…"

    assert window.learning.learners.switch("bea")
    assert services.settings.user == "bea" and window.session.learner == "bea"
    assert "def two_sum(nums, target):\n    seen" not in window.editor.text()  # the starter, not the first one's code
    assert window.browser.status_of("two-sum") is ProblemStatus.NEW
    assert "bea" in window.learning.learner_button.text()
    window.show_tab(window.learning.profile.tab)
    qtbot.waitUntil(lambda: window.learning.profile.refreshes >= 1)
    assert window.learning.profile.tab.showing_empty and "bea" in window.learning.profile.tab.empty.text()
    assert ("get_user_progress", "bea") in calls(services) and ("get_user_progress", first) not in calls(services)

    assert window.problem_id == window.browser.visible_ids()[0]  # nothing open before: the first problem
    window.browser.select("two-sum")
    assert window.editor.text() != GOOD
    window.editor.replace_all("def two_sum(nums, target):\n    return []\n")
    window.run_action.trigger()
    qtbot.waitUntil(lambda: window.tests.run_id is not None, timeout=30_000)
    window.autosave.save_now()
    from codementor_desktop.storage.progress import problem_statuses

    assert problem_statuses(services.database, "bea") == {"two-sum": ProblemStatus.ATTEMPTED}
    assert problem_statuses(services.database, first) == {"two-sum": ProblemStatus.SOLVED}

    assert window.learning.learners.switch(first)
    assert window.editor.text() == GOOD  # their draft is back
    assert window.browser.status_of("two-sum") is ProblemStatus.SOLVED
    assert sorted(learner_names(services)) == sorted({first, "bea"})
    assert not window.learning.learners.switch(first)  # already the learner: nothing to do


def test_one_call_switches_every_part_to_the_new_learner(window, qtbot, services, tmp_path):
    first = services.settings.user
    window.browser.select("two-sum")
    window.submit_action.trigger()  # an attempt of theirs: the profile has something to show
    qtbot.waitUntil(lambda: window.tests.run_id is not None, timeout=30_000)
    window.editor.replace_all(GOOD)
    window.hints.action.trigger()
    profile = window.learning.profile
    window.show_tab(profile.tab)
    qtbot.waitUntil(lambda: profile.tab.progress is not None and not profile.tab.showing_empty)
    window.show_tab(window.tests)  # the profile is out of sight when the learner changes
    pane = window.chat.pane
    assert pane is not None
    pane.transcript.add_learner("a question of the first learner")
    box = window.learning.recommendations
    asked_before = box.answers

    assert window.learning.learners.switch("bea")  # the one call

    assert window.session.learner == "bea" and services.settings.user == "bea" and services.drafts.learner == "bea"
    assert "bea" in window.learning.learner_button.text()
    # The profile: nothing of the first learner's stays on the hidden tab; theirs is read when shown.
    assert profile.tab.progress is None and profile.tab.showing_empty and "bea" in profile.tab.empty.text()
    # The recommendations: asked again, about the new learner.
    assert box.answers > asked_before and ("get_personalized_recommendation", "bea") in calls(services)
    # The chat: another conversation, without the first learner's words.
    assert window.chat.pane is not None and window.chat.pane is not pane
    assert "first learner" not in "".join(w.toPlainText() for w in window.chat.pane.transcript.widgets())
    # The drafts and the hints: the new learner's (nothing typed, no hint taken).
    window.browser.select("two-sum")
    assert window.editor.text() != GOOD and "Hints" not in window.statement.toPlainText()
    assert window.hints.action.text().startswith("Hint (0 of")
    window.show_tab(profile.tab)
    qtbot.waitUntil(lambda: ("get_user_progress", "bea") in calls(services))
    qtbot.waitUntil(lambda: all(row.isVisible() for row in box.rows))
    window.grab().save(str(tmp_path / "s2-switched.png"))

    assert window.learning.learners.switch(first)  # and back: their draft, hint and conversation
    assert window.editor.text() == GOOD and "Hints" in window.statement.toPlainText()
    assert window.chat.pane is pane


def test_the_chat_shows_no_problems_conversation_on_a_scratch_buffer(window, qtbot):
    window.browser.select("two-sum")
    assert window.chat.pane is not None
    window.documents.new_scratch()
    assert window.chat.pane is None  # the last problem's conversation is not about this code
    assert "Open a problem" in window.chat.placeholder.toPlainText()
    window.browser.select("two-sum")
    assert window.chat.pane is not None


def test_a_class_login_is_the_learner_and_cannot_be_switched(window, qtbot, services):
    """On a class database the settings lock ``user`` to the login (``join_class_as_logged_in``):
    the window never asks who is practicing and refuses to switch, saying why."""
    services.database.learner_id("zoe")
    services.loaded.locked.add("user")
    try:
        assert not should_ask(services)
        said: list[str] = []
        learners = window.learning.learners
        learners.say = said.append
        assert not learners.switch("zoe")
        assert window.session.learner == services.settings.user
        assert said and "class database" in said[0]
    finally:
        services.loaded.locked.discard("user")
