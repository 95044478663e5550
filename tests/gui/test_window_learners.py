"""Who is practicing: the dialog lists the learners of the database with the settings' learner
chosen; at start it is shown only for several learners or when the settings ask; switching
re-attaches the window (drafts, statuses, runs, profile, the worker's learner) and nothing of one
learner shows for another. Real database, real runs, the real profile tools."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from codementor_desktop.domain.vocabulary import ProblemStatus
from codementor_desktop.gui.learners import LearnerDialog, ask_at_start, learner_names, should_ask, switch_learner
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

    assert switch_learner(window, "bea")
    assert services.settings.user == "bea" and window.worker.learner == "bea" and window.learning.jobs.learner == "bea"
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

    assert switch_learner(window, first)
    assert window.editor.text() == GOOD  # their draft is back
    assert window.browser.status_of("two-sum") is ProblemStatus.SOLVED
    assert sorted(learner_names(services)) == sorted({first, "bea"})
    assert not switch_learner(window, first)  # already the learner: nothing to do
