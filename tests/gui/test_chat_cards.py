"""The tool cards read real tool results: the counterexample of ``bp_find_edge_cases`` on a wrong
solution, the recommendations, a refused call and arguments that are not JSON; no button for what
has no panel to open in."""

from __future__ import annotations

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.gui.chat.cards import ToolCard
from codementor_desktop.tools.context import ToolContext
from codementor_desktop.tutor.events import ToolFinished, ToolStarted
from codementor_desktop.tutor.summaries import input_text, summarize

WRONG = "def two_sum(nums, target):\n    return [0, 1]\n"


def card_for(qtbot, services, name: str, arguments) -> ToolCard:
    """A card of ``name`` called as a model calls it, through the registry."""
    card = ToolCard(ToolStarted(name, arguments, "call_1"))
    qtbot.addWidget(card)
    result = services.registry.call(name, arguments, ToolContext(caller=Caller.MODEL, learner="ada"))
    card.finish(ToolFinished(name, result, summarize(name, result), "call_1"))
    return card


def test_an_edge_case_card_shows_the_smallest_counterexample(qtbot, services):
    arguments = {"code": WRONG, "language": "python", "problem_id": "two-sum"}
    card = card_for(qtbot, services, "bp_find_edge_cases", arguments)
    result = card.finished.result
    smallest = next(c for c in result["edge_cases"] if c["minimal"])
    text = card.body.toPlainText()
    assert text.startswith(f"WA on {input_text(smallest['input'])}")  # as the tests write it: [0,2,4], 6
    assert "got [0,1]" in text and f"{len(result['edge_cases']) - 1} more found" in text
    title = card.title.toPlainText()
    assert title.startswith(f"Searched for edge cases: fails on {input_text(smallest['input'])}")
    assert "bp_find_edge_cases" not in title  # the tool's own name is behind the tooltip
    assert "bp_find_edge_cases" in card.title.toolTip() and "code: 2 lines" in card.title.toolTip()
    assert card.open_button is None  # no panel of the window holds a model's edge-case search


def test_a_recommendation_card_names_the_problems_and_why(qtbot, services):
    card = card_for(qtbot, services, "get_personalized_recommendation", {})
    first = card.finished.result["recommendations"][0]
    assert first["title"] in card.body.toPlainText() and "Starter path" in card.body.toPlainText()
    assert card.title.toPlainText() == f"Recommended 3 problems: {first['title']}, " + ", ".join(
        r["title"] for r in card.finished.result["recommendations"][1:3]
    )
    assert card.title.toolTip() == "get_personalized_recommendation · no arguments"


def test_a_refused_call_and_arguments_that_are_not_json(qtbot, services):
    card = card_for(qtbot, services, "execute_code", '{"code": "x", "language":')
    assert "arguments that are not JSON" in card.title.toolTip()
    assert card.finished.result["status"] == "error"
    assert card.title.toPlainText().startswith("Could not run the tests: the arguments are not valid JSON")
    assert "INVALID_ARGUMENTS" not in card.title.toPlainText()
    assert card.open_button is None  # nothing ran: nothing to open in Tests
    card.raw_button.click()
    assert '"error_code"' in card.raw.toPlainText()


def test_the_title_is_the_tutors_line_and_an_older_line_is_said_again(qtbot, services):
    """The line the tutor sent (past its guard) is the title; one stored by an older version, which
    named the tool and its error code, is said again from the result."""
    arguments = {"code": "", "language": "python", "problem_id": "two-sum", "test_cases": []}
    result = services.registry.call(
        "execute_code", {"language": "python"}, ToolContext(caller=Caller.MODEL, learner="ada")
    )
    old = ToolCard(ToolStarted("execute_code", arguments, "c1"))
    qtbot.addWidget(old)
    old.finish(ToolFinished("execute_code", result, "execute_code refused: INVALID_ARGUMENTS: code is required", "c1"))
    assert old.title.toPlainText().startswith("Could not run the tests: the arguments are not valid")
    kept = ToolCard(ToolStarted("bp_execute", {"language": "python"}, "c2"))
    qtbot.addWidget(kept)
    kept.finish(ToolFinished("bp_execute", {"status": "success", "verdict": "AC"}, "Ran your code: (held back)", "c2"))
    assert kept.title.toPlainText() == "Ran your code: (held back)"
