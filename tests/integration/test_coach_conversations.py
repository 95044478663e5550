"""Scripted learners talk to the offline coach (real runs, real SQLite, no model): what must hold
in every conversation, checked by ``tests/coach_measures.py`` rather than by the coach's own words.

``benchmarks/coach_conversations.py`` plays all the scenarios and prints the figures; these are a
few of them, in both languages and with each kind of code.
"""

from __future__ import annotations

import pytest

from tests import coach_measures as measures
from tests.coach_play import judge, play
from tests.coach_scenarios import COMPLEXITY_Q, OPTIMAL_Q, scenario

PLAYED = [
    "two-sum-wrong-py",  # wrong code; names the cause; asks if it is optimal; "I get it" while it fails
    "ransom-note-optimal-py",  # optimal code, renamed; a restarted coach continues the session
    "two-sum-slow-js",  # slow code; asks for the code, pastes half a renamed reference to finish
    "rotated-search-wrong-js",  # wrong code; fixes it and asks the complexity of the fixed code
]


@pytest.fixture(scope="module")
def played_conversations(tmp_path_factory):
    """Each scenario is played once for all the checks below, in a home of its own."""
    home = tmp_path_factory.mktemp("coach-home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CODEMENTOR_HOME", str(home))
        patch.setenv("CODEMENTOR_SYSTEM_CONFIG", str(home / "system"))
        from codementor_desktop.storage.secrets import Credentials
        from codementor_desktop.tools.services import Services

        built = Services.build(credentials=Credentials(use_keyring=False))
    cache: dict[str, tuple] = {}
    yield built, cache
    built.close()


@pytest.fixture(params=PLAYED)
def conversation(request, played_conversations):
    services, cache = played_conversations
    if request.param not in cache:
        chosen = scenario(request.param)
        played = play(services, chosen, f"learner-{PLAYED.index(request.param)}")
        judged = {code: judge(services, code, chosen.language, chosen.problem_id) for code in played.versions}
        cache[request.param] = (services, played, judged)
    return cache[request.param]


def test_no_question_or_paragraph_is_said_twice(conversation):
    services, played, _judged = conversation
    hints = services.bank.get(played.scenario.problem_id).hints
    assert measures.repeats([t.text for t in played.turns], hints) == []


def test_optimality_and_complexity_are_answered_with_a_complexity_and_no_refusal(conversation):
    _services, played, _judged = conversation
    asked = [t for t in played.turns if t.kind in (OPTIMAL_Q, COMPLEXITY_Q)]
    assert asked, "each played scenario asks about optimality or complexity"
    for turn in asked:
        assert measures.complexities(turn.text), (turn.said, turn.text)
        assert not measures.optimality_evidence(turn.text, "O(n)", False).refused, (turn.said, turn.text)


def test_accepted_code_is_never_called_wrong(conversation):
    _services, played, judged = conversation
    on_accepted = [t for t in played.turns if judged[t.code].accepted]
    for turn in on_accepted:
        assert measures.failure_claims(turn.text) == [], (turn.said, turn.text)
    assert on_accepted or played.scenario.kind == "wrong"


def test_nothing_shown_holds_the_reference(conversation):
    services, played, _judged = conversation
    problem = services.bank.get(played.scenario.problem_id)
    references = {"python": [problem.solutions.python, problem.solutions.python_slow],
                  "javascript": [problem.solutions.javascript]}  # fmt: skip
    own: list[str] = []
    for turn in played.turns:
        own += [turn.code, turn.said]
        for shown in turn.shown():
            assert measures.leaks(shown, references, own) == [], (turn.said, shown)


def test_a_turn_on_unchanged_code_makes_no_new_run_and_a_session_goes_on_after_a_restart(conversation):
    _services, played, _judged = conversation
    assert played.kept_session
    unchanged = [t for t in played.turns if not t.new_code]
    assert unchanged
    for turn in unchanged:
        assert turn.runs_after == turn.runs_before, turn.said
    assert played.turns[-1].runs_after == len(played.versions)


def test_the_leak_check_sees_a_renamed_reference_and_not_the_learners_own_code():
    """The check itself can fail: a reference renamed and laid out again is still found, in prose
    or in a code block, and the same text is no leak once the learner wrote it."""
    from codementor_desktop.problems.bank import load_bank
    from codementor_desktop.resources import builtin_problems_dir
    from tests.coach_scenarios import renamed_reference

    problem = load_bank([builtin_problems_dir()]).get("two-sum")
    references = {"python": [problem.solutions.python], "javascript": [problem.solutions.javascript]}
    for language in ("python", "javascript"):
        renamed = renamed_reference(problem, language, seed=3)
        said = f"Here it is, finished:\n```\n{renamed}```\nDoes that make sense?"
        assert measures.leaks(said, references, own=[]), language
        assert measures.leaks(said, references, own=[renamed]) == [], language
    assert measures.leaks("Which value would complete the pair, and can you look it up in O(1)?", references, []) == []


def test_the_repeat_check_sees_a_reworded_question_and_not_a_hint_quoted_once():
    hints = ["For each number, which other value would complete the pair? Can you ask that in O(1)?"]
    first = "I traced input [3,2,4], 6. Which of those values is not what you expected there?"
    assert measures.repeats([first, "Which of these values is not what you expected there?"], hints)
    assert measures.repeats([first, "Which of those values isn't what you had expected?"], hints)
    quoted = f"Hint 2 of 3: {hints[0]}"
    assert measures.repeats([first, quoted, "What would a dictionary of the values you passed give you?"], hints) == []
    assert measures.repeats([quoted, quoted], hints)  # quoted twice is said twice


def test_the_claim_check_reads_a_failure_and_not_a_pass():
    assert measures.failure_claims(
        "Test 2 fails: on input [3,2,4], 6 your code returns [0,0], where [1,2] is expected."
    )
    assert measures.failure_claims("Your code passes all 3 visible tests. Line 3 makes it O(n²).") == []
    assert measures.failure_claims("Which input could make it fail?") == []
    too_slow = "It runs out of time on test 11: too slow, more than 100x the reference's operations."
    assert measures.failure_claims(too_slow, answers_right=True) == []


def test_the_evidence_check_wants_both_complexities_the_counts_and_a_question():
    full = (
        "Your code is O(n²); the best known is O(n). At n = 2,000 it made 4,002,000 operations where the "
        "reference made 6,001. What does the inner loop look for each time?"
    )
    assert measures.optimality_evidence(full, "O(n)", learner_is_optimal=False).complete
    bare = "Your code is O(n²). I won't write the solution for you."
    evidence = measures.optimality_evidence(bare, "O(n)", learner_is_optimal=False)
    assert not evidence.complete and evidence.refused and not evidence.best_complexity
    optimal = (
        "Yes: O(n) is the best known, and operations could not be measured in JavaScript. What does it cost in space?"
    )
    assert measures.optimality_evidence(optimal, "O(n)", learner_is_optimal=True).complete


def test_the_insight_check_refuses_a_pattern_the_code_does_not_have():
    from tests.coach_scenarios import SLOW_TWO_SUM_PY

    said = ["i store the number before i check it so it finds itself"]
    vocabulary = "Return the indices of the two numbers that add up to target. Remember every value you have passed."
    args = (said, vocabulary, "Two Sum")
    loops = [(SLOW_TWO_SUM_PY, "python")]
    assert not measures.judge_insight("Two Sum: the base case was missing", *args, loops, False).true
    assert measures.judge_insight("Two Sum: 2 nested loops run over nums: O(n²) work", *args, loops, False).true
    assert measures.judge_insight("I store the number before I check it, so it finds itself", *args, loops, True).true
    assert not measures.judge_insight("The learner said they understand Two Sum: I get it", *args, loops, True).true


def test_the_checks_let_a_good_answer_through():
    """What a coach that does its job would say passes every check: none of them is satisfied only
    by silence."""
    on_optimal = (
        "Yes: your code is O(n), and O(n) is the best known. At n = 10,000 it made 30,001 operations, "
        "as many as the reference's 30,001. What does it cost in space?"
    )
    assert measures.optimality_evidence(on_optimal, "O(n)", learner_is_optimal=True).complete
    assert measures.failure_claims(on_optimal) == []
    on_wrong = (
        "Your code is O(n), as is the best known O(n), but operations are not counted until the answers are "
        "right. What does it return for [3,2,4], 6?"
    )
    assert measures.optimality_evidence(on_wrong, "O(n)", learner_is_optimal=False).complete
    fixed = "You fixed the bug that paired a position with itself: it passes all 15 tests now. What would you try next?"
    assert measures.failure_claims(fixed) == []
    insight = "A dictionary of the values already passed answers each lookup in one step"
    vocabulary = (
        "Remember every value you have passed together with its position, in a structure with constant-time lookup."
    )
    assert measures.judge_insight(insight, [], vocabulary + " hash_maps", "Two Sum", [], False).true
