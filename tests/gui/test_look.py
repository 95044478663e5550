"""What a learner sees at 1280x800 (and at twice the scale: the layout is in logical pixels, so
the same tests hold there): no word cut by its widget, every panel tab in sight, and in the dark
theme every word of the analysis, the charts' legends and Flow's headers at 4.5:1 or more against
the background it is drawn on (WCAG's AA for normal text)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import QScrollArea

from codementor_desktop.gui.analysis import demos
from codementor_desktop.gui.analysis.cards import AnalysisCards
from codementor_desktop.gui.analysis.complexity_plot import ComplexityPlot
from codementor_desktop.gui.contrast import AA, contrast_ratio
from codementor_desktop.gui.edge_cases.cases_view import COLUMNS, EdgeCasesTab
from codementor_desktop.gui.problems.recommendations import RecommendationRow
from codementor_desktop.gui.profile.charts import TrendLines
from codementor_desktop.gui.viz.flow_view import FlowView
from codementor_desktop.gui.viz.line_flow import LineFlow
from codementor_desktop.gui.viz.timeline import TraceTimeline
from codementor_desktop.tools import sample_traces as samples
from tests.gui.conftest import make_window
from tests.gui.look_support import cut_labels, dark_theme, markup_colours, settle, worst_contrast
from tests.gui.test_window_debugger import traced

NARROW = 300  # px: the cards' share of the Analysis tab at 1280 wide, beside the picture


def shown(qtbot, widget, width: int, height: int):
    qtbot.addWidget(widget)
    widget.resize(width, height)
    widget.show()
    qtbot.waitExposed(widget)
    settle()
    return widget


@pytest.mark.parametrize("result", [demos.quadratic_two_sum, demos.with_uncertain, demos.slipped_max_profit])
def test_the_cards_wrap_to_a_narrow_panel_and_cut_no_word(qtbot, result):
    cards = shown(qtbot, AnalysisCards(), NARROW, 500)
    cards.set_result(result())
    settle()
    viewport = cards.findChild(QScrollArea).viewport()
    assert cards.cards and cut_labels(cards, within=viewport) == []
    confidence = cards.cards[0].confidence
    assert "confidence" in confidence.text() and confidence.isVisible()


def test_the_words_above_the_complexity_picture_are_all_there_to_read(qtbot):
    plot = shown(qtbot, ComplexityPlot(), 260, 290)  # its share of the Analysis tab at 1280x800
    plot.set_result(demos.quadratic_two_sum())
    settle()
    assert cut_labels(plot) == []
    assert plot.plot.height() >= 110  # the curves keep their room


def test_the_edge_cases_headers_are_whole_in_a_narrow_panel(qtbot):
    tab = shown(qtbot, EdgeCasesTab(), 560, 300)
    case = {"verdict": "WA", "input": {"nums": [3, 3], "target": 6}, "category": "duplicates",
            "learner_output": [], "expected_output": [0, 1], "minimal": True}  # fmt: skip
    tab.show_cases([case, {**case, "input": {"nums": [-1, -2, -3, -4, -5], "target": -8}}], ["sorted"])
    settle()
    header = tab.table.horizontalHeader()
    for column, title in enumerate(COLUMNS):
        assert header.sectionSize(column) >= header.sectionSizeHint(column), f"{title!r} is cut"
    tab.resize(900, 300)  # wider: the values take the room
    settle()
    assert header.sectionSize(1) > header.sectionSizeHint(1)


def test_the_cards_read_in_the_dark_theme_after_a_switch(qtbot):
    cards = shown(qtbot, AnalysisCards(), 560, 600)
    cards.set_result(demos.with_uncertain())
    with dark_theme() as palette:
        settle()
        window = palette.color(QPalette.ColorRole.Window)
        metrics = cards.metrics
        metrics.ensurePolished()
        assert contrast_ratio(metrics.palette().color(QPalette.ColorRole.WindowText), window) >= AA
        for card in cards.cards:
            behind = card.palette().color(QPalette.ColorRole.Window)
            card.where.ensurePolished()
            assert contrast_ratio(card.where.palette().color(QPalette.ColorRole.WindowText), behind) >= AA
            coloured = markup_colours(card.severity.text() + card.confidence.text())
            assert coloured and worst_contrast(coloured, behind) >= AA, card.pattern_type
        uncertain = next(card for card in cards.cards if card.uncertain)
        assert "uncertain" in uncertain.confidence.text()


def test_the_location_cards_footnotes_read_in_the_dark_theme(qtbot):
    cards = shown(qtbot, AnalysisCards(), 560, 600)
    with dark_theme() as palette:
        cards.set_result(demos.slipped_max_profit())
        settle()
        card = next(card for card in cards.cards if card.pattern_type == "likely_bug_location")
        coloured = markup_colours(card.description.text())
        assert coloured and worst_contrast(coloured, palette.color(QPalette.ColorRole.Window)) >= AA


def test_the_complexity_legend_and_axes_read_in_both_themes(qtbot):
    plot = shown(qtbot, ComplexityPlot(), 640, 420)
    plot.set_result(demos.quadratic_two_sum())
    for theme in ("light", "dark"):
        with dark_theme() if theme == "dark" else _light():
            settle()
            behind = plot.plot.backgroundBrush().color()
            assert behind == QGuiApplication.palette().color(QPalette.ColorRole.Base), theme
            legend = {label.text: markup_colours(label.item.toHtml()) for _sample, label in plot.legend.items}
            assert set(legend) == {"fitted: O(n²)", "your code", "reference solution"}
            assert worst_contrast([c for drawn in legend.values() for c in drawn], behind) >= AA, theme
            axis = plot.plot.getPlotItem().getAxis("left")
            assert contrast_ratio(axis.textPen().color(), behind) >= AA, theme


def test_the_profile_trend_legend_reads_in_both_themes(qtbot):
    trend = shown(qtbot, TrendLines(), 600, 240)
    trend.show_trend([{"date": "2026-11-20", "readiness": 20, "topics": {"arrays": 40}},
                      {"date": "2026-11-21", "readiness": 30, "topics": {"arrays": 55}}], {"arrays": "Arrays"})  # fmt: skip
    for theme in ("light", "dark"):
        with dark_theme() if theme == "dark" else _light():
            settle()
            behind = QGuiApplication.palette().color(QPalette.ColorRole.Base)
            colours = [c for _sample, label in trend.legend.items for c in markup_colours(label.item.toHtml())]
            assert len(colours) == 2 and worst_contrast(colours, behind) >= AA, theme


def test_flows_function_headers_read_in_the_dark_theme(qtbot):
    view = shown(qtbot, FlowView(), 600, 400)
    trace = samples.trace_here(samples.RUNNING_SUM, "running_sum", [3, 1, 2])
    timeline = TraceTimeline(source=samples.RUNNING_SUM)
    flow = LineFlow()
    timeline.observers = [flow]
    timeline.extend(trace["steps"])
    while timeline.work(1.0):
        pass
    view.reset(flow, samples.RUNNING_SUM)
    with dark_theme() as palette:
        settle()
        behind = palette.color(QPalette.ColorRole.Base)
        drawn = [item.textItem.defaultTextColor() for pool in (view.headers, view.counts) for item in pool.items
                 if item.isVisible()]  # fmt: skip
        assert len(drawn) >= 2 and worst_contrast(drawn, behind) >= AA


def _light():
    from contextlib import nullcontext

    return nullcontext()


# -- the window at 1280x800 -----------------------------------------------------------------------


def test_every_panel_tab_is_in_sight_at_1280_wide(window, qtbot):
    window.resize(1280, 800)
    settle()
    bar = window.viz.tabBar()
    names = [bar.tabText(i) for i in range(bar.count())]
    assert {"Tests", "Analysis", "Edge cases", "Flow", "Profile"} <= set(names)
    for i, name in enumerate(names):
        rect = bar.tabRect(i)
        assert rect.left() >= 0 and rect.right() < bar.width(), f"{name} is out of sight"
        assert rect.width() > bar.fontMetrics().horizontalAdvance(name), f"{name} is cut"
    assert not bar.usesScrollButtons()


def test_the_call_stacks_values_have_their_column(window, qtbot):
    window.resize(1280, 800)
    traced(window, qtbot)
    window.viz.setCurrentWidget(window.viz.trace_tab)
    window.viz.set_step(window.viz.step_count // 2)
    settle()
    stack = window.viz.trace_tab.stack
    values = stack.header().sectionViewportPosition(1)
    assert 0 < values < stack.viewport().width() * 0.6  # the value column starts in sight, with room
    names = [stack.topLevelItem(0).child(j).text(0) for j in range(stack.topLevelItem(0).childCount())]
    widest = max(stack.fontMetrics().horizontalAdvance(name) for name in names)
    assert stack.columnWidth(0) >= widest  # and the names are whole


def test_the_tour_bubbles_words_fit_at_1280_by_800(qtbot, services):
    window = make_window(qtbot, services, tour=True)
    window.resize(1280, 800)
    tour = window.tour
    assert tour is not None
    tour.start()  # again at this size
    seen = []
    while tour.isVisible():
        settle()
        seen.append(tour.title.text())
        assert cut_labels(tour) == [], tour.title.text()
        assert window.rect().contains(tour.geometry()), tour.title.text()
        tour.next_step()
    assert len(seen) == len(tour.steps)
    window.close()


def test_a_recommendations_buttons_are_never_cut_and_its_title_gives_way(qtbot):
    item = {"problem_id": "single-number", "title": "The Number Without a Partner", "difficulty": "easy",
            "estimated_minutes": 10, "success_rate": 0.8, "reason": "Starter path: a popular easy problem"}  # fmt: skip
    for width in (380, 300, 260, 230):
        row = shown(qtbot, RecommendationRow(item), width, 50)
        for button in (row.open, row.skip, row.irrelevant):
            assert button.width() >= button.sizeHint().width(), (width, button.text())
        assert row.skip.text() == "Skip" and row.irrelevant.text() == "Not relevant"
        assert row.open.text() == item["title"] or row.open.text().endswith("…")


def test_the_variables_legend_reads_in_the_dark_theme(make_panel, qtbot):
    panel = make_panel(samples.trace_here(samples.RUNNING_SUM, "running_sum", [3, 1, 2]), samples.RUNNING_SUM,
                       tab="variables")  # fmt: skip
    view = panel.view("variables")
    qtbot.waitUntil(lambda: len(view.legend.items) > 0)
    with dark_theme() as palette:
        settle()
        colours = [c for _sample, label in view.legend.items for c in markup_colours(label.item.toHtml())]
        assert colours and worst_contrast(colours, palette.color(QPalette.ColorRole.Base)) >= AA


def test_the_edge_cases_verdicts_read_in_the_dark_theme(qtbot):
    tab = shown(qtbot, EdgeCasesTab(), 700, 300)
    case = {"verdict": "WA", "input": {"nums": [3, 3], "target": 6}, "category": "duplicates",
            "learner_output": [], "expected_output": [0, 1], "minimal": True}  # fmt: skip
    tab.show_cases([case, {**case, "verdict": "TLE"}], [])
    with dark_theme() as palette:
        settle()
        colours = [tab.table.item(row, 0).foreground().color() for row in range(2)]
        assert worst_contrast(colours, palette.color(QPalette.ColorRole.Base)) >= AA
    settle()
    colours = [tab.table.item(row, 0).foreground().color() for row in range(2)]
    assert worst_contrast(colours, QGuiApplication.palette().color(QPalette.ColorRole.Base)) >= AA


def test_the_analysis_in_the_window_follows_a_theme_switch(window, qtbot):
    window.resize(1280, 800)
    window.set_theme("light", save=False)
    window.analyst.tab.show_result(demos.with_uncertain())
    window.show_tab(window.analyst.tab)
    window.set_theme("dark", save=False)
    settle()
    cards = window.analyst.tab.cards
    behind = QGuiApplication.palette().color(QPalette.ColorRole.Window)
    cards.metrics.ensurePolished()
    assert contrast_ratio(cards.metrics.palette().color(QPalette.ColorRole.WindowText), behind) >= AA
    for card in cards.cards:
        assert (
            worst_contrast(markup_colours(card.severity.text()), card.palette().color(QPalette.ColorRole.Window)) >= AA
        )
    plot = window.analyst.tab.plot
    legend = [c for _sample, label in plot.legend.items for c in markup_colours(label.item.toHtml())]
    assert worst_contrast(legend, plot.plot.backgroundBrush().color()) >= AA
    window.set_theme("light", save=False)
