"""The learner's side read at 1280×800: three recommendations with long reasons leave most of the
left column to the problem list (each reason cut to one line, whole in its tooltip), the box
stays folded from one session to the next, and the Profile tab lays its charts out to the
panel's width with their titles whole. The real profile tools, on a real database."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from codementor_desktop.gui.profile.grid import CARD_WIDTH
from tests.gui.conftest import make_window, window_leftovers
from tests.gui.test_window_profile import solve_two_sum

LONG = (
    "Targets your weakness: getting loop bounds and indices right (mastery 30) and choosing a faster "
    "algorithm (mastery 42). Your estimated chance to solve it is 71%, near the 70% that stretches you."
)


@pytest.fixture
def window(qtbot, services):
    main = make_window(qtbot, services)
    main.resize(1280, 800)
    yield main
    main.close()
    assert window_leftovers(main) == []


def three_long(window) -> list[dict]:
    bank = window.services.bank
    ids = ["largest-rectangle", "two-sum", "merge-intervals"]
    ids = [pid for pid in ids if pid in bank] or [p.id for p in list(bank)[:3]]
    return [
        {"problem_id": pid, "title": bank.get(pid).title + " (and a long title too)", "difficulty": "medium",
         "estimated_minutes": 25, "success_rate": 0.71, "reason": f"{LONG} ({number})"}
        for number, pid in enumerate((ids * 3)[:3])
    ]  # fmt: skip


def test_three_long_reasons_leave_the_column_to_the_problem_list(window, qtbot):
    box = window.learning.recommendations
    qtbot.waitUntil(lambda: box.answers >= 1)
    box.show_result({"recommendations": three_long(window)})
    qtbot.waitUntil(lambda: len(box.rows) == 3 and all(row.isVisible() for row in box.rows))
    browser = window.browser
    qtbot.waitUntil(lambda: browser.list.height() > 0)
    font = box.fontMetrics().height()
    assert box.height() <= 13 * font, (box.height(), font)  # was over 25 lines (three wrapped reasons)
    assert browser.list.height() >= 1.5 * box.height(), (browser.list.height(), box.height())
    for row in box.rows:
        assert row.height() <= 3 * font  # title line and reason line
        assert row.reason.text().startswith(LONG) and row.reason.elided().endswith("…")
        assert LONG[:40] in row.reason.toolTip()  # the whole reason is a hover away
        assert LONG[:40] in row.reason.accessibleName()
        assert row.open.fontMetrics().horizontalAdvance(row.open.text()) <= row.open.width()  # cut, not overlapped
        assert row.skip.isVisible() and row.irrelevant.isVisible()
        assert row.skip.geometry().right() < row.irrelevant.geometry().left() <= row.width()


def test_the_folded_box_stays_folded_next_time(qtbot, services):
    first = make_window(qtbot, services)
    box = first.learning.recommendations
    qtbot.waitUntil(lambda: box.answers >= 1)
    box.header.click()
    assert not box.shown and not box.body.isVisible()
    first.close()
    stored = QSettings(str(services.paths.config_dir / "window.ini"), QSettings.Format.IniFormat)
    assert str(stored.value("recommendations")).lower() == "false"

    second = make_window(qtbot, services)
    again = second.learning.recommendations
    assert not again.shown and not again.body.isVisible() and not again.note.isVisible()
    again.header.click()
    second.close()
    third = make_window(qtbot, services)
    assert third.learning.recommendations.shown and third.learning.recommendations.body.isVisible()
    third.close()
    assert window_leftovers(third) == []


def test_the_profile_charts_fit_the_panel_with_their_titles_whole(window, qtbot):
    window.chat.dock.hide()  # the widths below are the panel's without the tutor's chat beside it
    solve_two_sum(window, qtbot)
    profile = window.learning.profile
    window.show_tab(profile.tab)
    qtbot.waitUntil(lambda: not profile.tab.showing_empty and not profile.asking)
    tab = profile.tab
    grid = tab.charts
    qtbot.waitUntil(lambda: grid.width() > 0)
    assert grid.columns == grid.columns_for(grid.width()) == max(1, min(3, grid.width() // CARD_WIDTH))
    scroll = tab.pages.currentWidget()
    assert grid.width() <= scroll.viewport().width()  # scrolled up and down only, nothing cut at the right
    for card in tab.cards:
        title = card.title
        assert title.text() in (
            "Mastery by pattern", "Mastery by topic", "Mastery over time",
            "Mock interviews: time used of the limit (green: solved)",
        )  # fmt: skip
        assert title.heightForWidth(title.width()) <= title.height(), title.text()  # wrapped whole, not cut
        assert card.width() >= min(CARD_WIDTH, grid.width()) - 10
        plot = card.chart.getPlotItem()
        assert plot.vb.width() >= 0.45 * card.width()  # room for the bars or the lines, not only the names
    # Under the patterns' names every bar has its own line: no name sits over the next.
    assert tab.patterns.height() >= 22 * len(tab.patterns.keys)

    for width, columns in ((1900, 3), (1280, 2)):
        window.resize(width, 800)
        qtbot.waitUntil(lambda columns=columns: grid.columns == columns)
    window.splitter.setSizes([900, 380])  # a narrow panel: one chart under the other
    qtbot.waitUntil(lambda: grid.columns == 1)
    assert grid.width() <= scroll.viewport().width()
