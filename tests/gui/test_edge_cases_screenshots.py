"""Pictures of the Edge cases tab with cases found, and of the Tests tab with the learner's own
tests after a Run, saved as PNG files under the test's temporary folder (and in
``CODEMENTOR_SHOTS`` when it names a folder) for a person to look at. The cases are the real
``bp_find_edge_cases``'s."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.gui.test_window_edge_cases import found
from tests.gui.test_window_screenshots import save


def test_screenshots_of_edge_cases_and_own_tests(window, qtbot, tmp_path, services):
    window.resize(1400, 900)
    found(window, qtbot)
    tab = window.edge_finder.tab
    window.show_tab(tab)
    save(qtbot, window, tmp_path / "e1-edge-cases-found.png")

    qtbot.mouseClick(tab.add_buttons[0], Qt.MouseButton.LeftButton)
    services.own_tests.add(services.settings.user, "two-sum", "[5,1,4], 9")
    window.run_action.trigger()
    qtbot.waitUntil(lambda: window.tests.run_id is not None, timeout=30_000)
    assert window.tests.own_rows() == [3, 4]
    save(qtbot, window, tmp_path / "e2-tests-with-own-tests.png")
