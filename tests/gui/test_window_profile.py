"""The Profile tab in the window: empty at first (a sentence, not empty axes), filled by a Submit
that lands, refreshed off the GUI thread without stopping a Run, and a bar's click narrowing the
problem browser to the problems that train it. The real profile tools, on a real database."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.gui.conftest import make_window, window_leftovers
from tests.gui.test_main_window import GOOD
from tests.gui.tool_calls import calls

# A learner's program that takes a second and a half (the run, not the test, waits).
SLOW_RUN = "def two_sum(nums, target):\n    import time as clock\n    clock.sleep(1.5)\n    return [0, 1]\n"


@pytest.fixture
def threaded(qtbot, services):
    main = make_window(qtbot, services, synchronous=False)
    yield main
    main.close()
    assert window_leftovers(main) == []


def solve_two_sum(window, qtbot) -> None:
    window.browser.select("two-sum")
    window.editor.set_text(GOOD)
    window.submit_action.trigger()
    qtbot.waitUntil(lambda: window.tests.run_id is not None, timeout=30_000)


def test_an_empty_profile_says_so_in_a_sentence(window, qtbot, services):
    profile = window.learning.profile
    window.viz.setCurrentWidget(profile.tab)
    qtbot.waitUntil(lambda: profile.refreshes >= 1)
    assert profile.tab.showing_empty
    assert "run or submit a problem" in profile.tab.empty.text()
    assert ("get_user_progress", services.settings.user) in calls(services)


def test_a_submit_fills_the_profile_and_a_bar_opens_the_problems_that_train_it(window, qtbot):
    profile = window.learning.profile
    window.viz.setCurrentWidget(profile.tab)
    qtbot.waitUntil(lambda: profile.refreshes >= 1)
    solve_two_sum(window, qtbot)
    window.viz.setCurrentWidget(profile.tab)  # the Submit brought Tests to the front
    qtbot.waitUntil(lambda: not profile.tab.showing_empty)
    tab = profile.tab
    assert "Solved <b>1</b>: easy 1" in tab.solved.text()
    assert tab.topics.keys and "arrays" in tab.topics.keys
    pattern = tab.patterns.keys[0]
    words = tab.patterns.getPlotItem().getAxis("left")._tickLevels[0]
    assert any(label[0].isupper() and "_" not in label for _y, label in words), words  # names, not ids

    qtbot.mouseClick(tab.patterns.viewport(), Qt.MouseButton.LeftButton, pos=tab.patterns.bar_centre(0))
    browser = window.browser
    assert browser.training.isVisible() and pattern.replace("_", " ") in browser.training.text().lower()
    shown = browser.visible_ids()
    assert shown and all(pattern in window.services.bank.get(pid).patterns for pid in shown)
    assert len(shown) < len(window.services.bank)
    browser.clear_training.click()
    assert len(browser.visible_ids()) == len(window.services.bank)

    topic = tab.topics.keys[0]
    qtbot.mouseClick(tab.topics.viewport(), Qt.MouseButton.LeftButton, pos=tab.topics.bar_centre(0))
    assert browser.topic.currentData() == topic


def test_refreshing_the_profile_does_not_stop_a_run(threaded, qtbot):
    window = threaded
    window.browser.select("two-sum")
    window.editor.set_text(SLOW_RUN)  # the learner's code takes its time; the test waits on signals
    job = window.run_code()
    profile = window.learning.profile
    before = profile.refreshes
    window.viz.setCurrentWidget(profile.tab)  # shown while the run goes on: refreshed on the side worker
    qtbot.waitUntil(lambda: profile.refreshes > before, timeout=10_000)
    assert window.jobs.busy  # the run is still going: the profile neither waited for it nor stopped it
    with qtbot.waitSignal(window.jobs.ended, timeout=30_000):
        pass
    assert window.tests.run_id is not None and job is not None
