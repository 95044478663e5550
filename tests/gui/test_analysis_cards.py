"""The analysis cards: one per finding, uncertain ones marked, a click asks for the card's lines,
"This is wrong" asks for a flag, which the window sends to flag_incorrect_analysis, as here."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.gui.analysis import demos
from codementor_desktop.gui.analysis.cards import AnalysisCards
from codementor_desktop.tools.context import ToolContext


@pytest.fixture
def cards(qtbot):
    widget = AnalysisCards()
    qtbot.addWidget(widget)
    widget.resize(560, 600)
    widget.show()
    return widget


def analysed(services, code: str = demos.QUADRATIC_TWO_SUM) -> dict:
    arguments = {"problem_id": "two-sum", "language": "python", "code": code, "test_results": {}, "measure": False}
    return services.registry.call("analyze_code_patterns", arguments, ToolContext(caller=Caller.PERSON, learner="ada"))


def test_a_click_asks_for_the_lines_and_the_button_for_a_flag_that_the_tool_stores(cards, qtbot, services):
    result = analysed(services)
    cards.set_result(result)
    assert [c.pattern_type for c in cards.cards] == ["suboptimal_time_complexity"]
    card = cards.cards[0]
    assert "1 finding" in cards.headline.text() and "O(n²)" in cards.complexity.text()
    with qtbot.waitSignal(cards.linesRequested) as lines:
        qtbot.mouseClick(card, Qt.MouseButton.LeftButton)
    assert lines.args == [[2, 3, 4, 5]]
    with qtbot.assertNotEmitted(cards.linesRequested), qtbot.waitSignal(cards.flagRequested) as asked:
        qtbot.mouseClick(card.wrong, Qt.MouseButton.LeftButton)
    assert asked.args == ["suboptimal_time_complexity"]
    # What the window does with it: the tool, then the card greyed.
    flagged = services.registry.call(
        "flag_incorrect_analysis",
        {"attempt_id": result["attempt_id"], "feedback": "this is wrong", "pattern_type": asked.args[0]},
        ToolContext(caller=Caller.PERSON, learner="ada"),
    )
    assert flagged["status"] == "flagged"
    cards.mark_flagged(flagged["pattern_type"])
    assert card.flagged and not card.wrong.isEnabled()
    assert services.analyses.evidence("ada") == []


def test_uncertain_findings_are_marked(cards):
    cards.set_result(demos.with_uncertain())
    assert "3 findings" in cards.headline.text() and "(1 uncertain)" in cards.headline.text()
    marked = {c.pattern_type: c.uncertain for c in cards.cards}
    assert marked == {"suboptimal_time_complexity": False, "missing_edge_case": False, "off_by_one": True}
    uncertain = cards.cards[2]
    assert "55%" in uncertain.confidence.text() and "uncertain" in uncertain.confidence.text()
    assert "uncertain" not in cards.cards[0].confidence.text()


def test_a_syntax_error_shows_where_and_cannot_be_flagged(cards, qtbot, services):
    result = analysed(services, "def two_sum(nums, target):\n    return [0, 1\n")
    cards.set_result(result)
    assert "does not parse" in cards.headline.text()
    (card,) = cards.cards
    assert card.wrong.isHidden() and not card.confidence.isVisible()
    assert "line 2, column" in card.description.text()
    with qtbot.waitSignal(cards.linesRequested) as lines:
        qtbot.mouseClick(card, Qt.MouseButton.LeftButton)
    assert lines.args == [[2]]


def test_a_new_result_replaces_the_cards_and_an_error_shows_its_message(cards, qtbot):
    cards.set_result(demos.with_uncertain())
    old = list(cards.cards)
    cards.set_result(demos.quadratic_two_sum())
    assert len(cards.cards) == 1 and not set(cards.cards) & set(old)
    qtbot.waitUntil(lambda: all(card.parent() is None or not card.isVisible() for card in old))
    cards.set_result({"status": "error", "error_code": "NOT_FOUND", "error_message": "There is no run 'run_x'."})
    assert cards.cards == [] and "There is no run 'run_x'." in cards.headline.text()
    assert cards.complexity.text() == ""


def test_the_likely_bug_location_is_one_card_naming_its_lines_and_evidence(cards, qtbot):
    result = demos.slipped_max_profit()
    located = [p for p in result["detected_patterns"] if p["pattern_type"] == "likely_bug_location"]
    assert located and located[0]["code_location"]["line_start"] == 8
    with qtbot.waitSignal(cards.linesRequested, timeout=5_000) as marked:
        cards.set_result(result)
    card = next(c for c in cards.cards if c.pattern_type == "likely_bug_location")
    assert sum(c.pattern_type == "likely_bug_location" for c in cards.cards) == 1
    assert marked.args[0] == card.lines and card.lines[0] == 8 and len(card.lines) == len(located)
    text = card.description.text()
    assert "line 8 runs in all 7 failing tests and in 3 of the 9 passing ones" in text
    assert "lines 8," in card.where.text() and "most suspicious first" in card.where.text()
    with qtbot.waitSignal(cards.linesRequested, timeout=5_000) as clicked:
        qtbot.mouseClick(card, Qt.MouseButton.LeftButton)
    assert clicked.args[0] == card.lines
