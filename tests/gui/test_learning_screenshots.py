"""Pictures of the learner's side of the window, saved as PNG files under the test's temporary
folder (and in ``CODEMENTOR_SHOTS`` when it names a folder) for a person to look at: the Profile
tab in light and dark, the recommendations atop the browser, "Who is practicing?" and a
problem's History. The real profile tools, on a real database."""

from __future__ import annotations

import os

import pytest
from PySide6.QtWidgets import QWidget

from tests.gui.conftest import make_window, window_leftovers
from tests.gui.test_window_profile import solve_two_sum

SHOTS = os.environ.get("CODEMENTOR_SHOTS")


def save(qtbot, widget: QWidget, path) -> None:
    image = widget.grab().toImage()
    assert image.save(str(path))
    if SHOTS:
        image.save(os.path.join(SHOTS, path.name))
    colours = {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
    assert len(colours) > 8, f"{path.name} looks blank"


@pytest.fixture
def window(qtbot, services):
    main = make_window(qtbot, services)
    yield main
    main.close()
    assert window_leftovers(main) == []


def test_screenshots_of_the_profile_light_and_dark(window, qtbot, tmp_path):
    window.resize(1400, 900)
    for problem_id in ("balance-index", "merge-intervals"):
        window.browser.select(problem_id)
        window.run_action.trigger()  # the starter code: attempted, not solved
        qtbot.waitUntil(lambda: window.tests.run_id is not None, timeout=30_000)
    solve_two_sum(window, qtbot)
    profile = window.learning.profile
    window.show_tab(profile.tab)
    qtbot.waitUntil(lambda: not profile.tab.showing_empty and not profile.asking)
    assert window.viz.currentWidget() is profile.tab
    save(qtbot, window, tmp_path / "p1-profile-light.png")
    window.set_theme("dark", save=False)
    qtbot.waitUntil(lambda: window.browser.list.palette().base().color().lightness() < 80)  # the palette reached it
    window.show_tab(profile.tab)
    save(qtbot, window, tmp_path / "p2-profile-dark.png")
    save(qtbot, window.browser, tmp_path / "p3-recommendations-dark.png")
    window.set_theme("light", save=False)
    qtbot.waitUntil(lambda: window.browser.list.palette().base().color().lightness() > 200)
    save(qtbot, window.browser, tmp_path / "p4-recommendations-light.png")


def test_screenshots_of_the_learner_dialog_and_the_history(window, qtbot, tmp_path):
    from codementor_desktop.gui.history import HistoryDialog
    from codementor_desktop.gui.learners import LearnerDialog

    dialog = LearnerDialog(["ada", "bea", "cy"], window.services.settings.user, window)
    dialog.show()
    qtbot.waitExposed(dialog)
    save(qtbot, dialog, tmp_path / "p5-who-is-practicing.png")
    dialog.close()

    solve_two_sum(window, qtbot)
    window.learning.actions["history"].trigger()
    history = window.findChild(HistoryDialog)
    qtbot.waitUntil(lambda: history.loads >= 1)
    history.name.setText("hash map, one pass")
    loads = history.loads
    history.save.click()
    qtbot.waitUntil(lambda: history.loads > loads)
    save(qtbot, history, tmp_path / "p6-history.png")
    history.close()
