"""The recommendations atop the problem browser: shown with their reasons, a title opens its
problem, "Skip" and "Not relevant" are kept by ``flag_recommendation`` and the list is asked for
again, a starter path says so, the box folds away. The real recommender and its flags, on a real
database."""

from __future__ import annotations

from codementor_desktop.storage.recommendations import RecommendationFlags


def test_recommendations_show_open_and_take_flags(window, qtbot, services):
    box = window.learning.recommendations
    qtbot.waitUntil(lambda: len(box.rows) == 3)
    assert "starter path" in box.note.text()
    first = box.rows[0]
    assert first.reason.text() and "Easy" in first.facts.text()
    assert first.skip.accessibleName() and first.irrelevant.accessibleName()

    target = box.rows[2].problem_id
    box.rows[2].open.click()
    assert window.problem_id == target and window.browser.selected_id() == target

    skipped, dropped = box.rows[0].problem_id, box.rows[1].problem_id
    answers = box.answers
    box.rows[0].skip.click()
    qtbot.waitUntil(lambda: box.answers > answers)
    assert skipped not in [row.problem_id for row in box.rows]
    answers = box.answers
    next(row for row in box.rows if row.problem_id == dropped).irrelevant.click()
    qtbot.waitUntil(lambda: box.answers > answers)
    learner = window.services.settings.user
    flags = {flag.problem_id: flag.kind for flag in RecommendationFlags(services.database).of(learner)}
    assert flags == {skipped: "skip", dropped: "not_relevant"}
    shown = [row.problem_id for row in box.rows]
    assert skipped not in shown and dropped not in shown and len(shown) == 3


def test_a_recommended_problem_filtered_out_of_the_list_still_opens(window, qtbot):
    box = window.learning.recommendations
    qtbot.waitUntil(lambda: len(box.rows) == 3)
    window.browser.search.setText("no problem is called this")
    assert window.browser.visible_ids() == []
    box.rows[0].open.click()
    assert window.problem_id == box.rows[0].problem_id


def test_the_box_folds_away(window, qtbot):
    box = window.learning.recommendations
    qtbot.waitUntil(lambda: len(box.rows) == 3)
    box.header.click()
    assert not box.body.isVisible() and not box.note.isVisible()
    box.header.click()
    assert box.body.isVisible()


def test_an_attempt_asks_for_new_recommendations(window, qtbot):
    box = window.learning.recommendations
    qtbot.waitUntil(lambda: len(box.rows) == 3)
    first = box.rows[0].problem_id
    box.rows[0].open.click()
    answers = box.answers
    window.run_action.trigger()
    qtbot.waitUntil(lambda: box.answers > answers, timeout=30_000)
    assert first not in [row.problem_id for row in box.rows]  # attempted just now: others are offered
