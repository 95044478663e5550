"""A case that is only too slow reads as too slow in the Edge cases tab and its chat card: never as
a wrong value ("null" for a run that had no value)."""

from __future__ import annotations

from codementor_desktop.gui.chat.readable import counterexample
from codementor_desktop.gui.edge_cases.cases_view import EdgeCasesTab

SLOW = {
    "input": {"n": 75}, "category": "boundaries", "learner_output": None, "expected_output": 3416454622906707,
    "verdict": "TLE", "error_message": "Time limit exceeded: over 1 s of CPU time", "minimal": True,
    "too_slow": {"time_limit_s": 1.0, "operations": 100000, "finished": False, "reference_operations": 151},
}  # fmt: skip


def test_the_tab_says_too_slow_with_the_counts(qtbot):
    tab = EdgeCasesTab()
    qtbot.addWidget(tab)
    tab.show_cases([SLOW], [])
    cells = [tab.table.item(0, c).text() for c in range(5)]
    assert cells[0] == "Too slow"
    assert cells[3] == "Too slow: did not finish in time (more than 100,000 operations, where the reference needs 151)"
    assert "null" not in " ".join(cells)


def test_the_chat_card_says_too_slow():
    card = counterexample({"edge_cases": [SLOW]})
    assert "too slow: did not finish within 1 s (more than 100,000 operations, where the reference needs 151)" in card
    assert "null" not in card and "got" not in card
