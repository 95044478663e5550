"""The offline coach end to end: real runs, analyses, traces and the profile, no model server."""

from __future__ import annotations

import json
import re

from codementor_desktop.tutor.cancellation import Cancellation
from codementor_desktop.tutor.coach import OfflineCoach
from codementor_desktop.tutor.events import Escalated, SessionConcluded, TextDelta, ToolFinished, ToolStarted, TurnEnded
from codementor_desktop.tutor.turns import Intent, TurnContext
from tests.integration.test_generate_hint import SAME_INDEX_TWICE

# Right on the examples, whose pairs sit close together; wrong on a pair further apart.
NEAR_PAIRS_ONLY = """def two_sum(nums, target):
    for i in range(len(nums)):
        for j in range(i + 1, min(len(nums), i + 3)):
            if nums[i] + nums[j] == target:
                return [i, j]
    return []
"""
WRONG = TurnContext("two-sum", SAME_INDEX_TWICE, "python")


def turn(coach: OfflineCoach, said: str = "", intent: Intent = Intent.SAY, context: TurnContext = WRONG, **kw) -> list:
    events: list = []
    ended = coach.turn(said, events.append, context=context, intent=intent, **kw)
    assert events[-1] is ended
    return events


def text(events: list) -> str:
    return "".join(e.text for e in events if isinstance(e, TextDelta))


def tools(events: list) -> list[str]:
    return [e.name for e in events if isinstance(e, ToolStarted)]


def test_its_conversation_is_kept_and_continued_by_its_session_id(services):
    coach = OfflineCoach(services, "ada")
    assert coach.label == "Offline coach" and coach.session_id.startswith("ses_")
    turn(coach, "Why is my code wrong?")
    stored = services.conversations.messages(coach.session_id)
    assert [m["role"] for m in stored] == ["user", *["assistant", "tool"] * 3, "assistant"]
    assert stored[0]["content"] == "Why is my code wrong?"
    # Each tool result answers its call by id and keeps the card it was drawn as.
    assert [m["tool_call_id"] for m in stored if m["role"] == "tool"] == [
        m["tool_calls"][0]["id"] for m in stored if m.get("tool_calls")
    ]
    assert stored[2]["event"]["summary"] == "Ran your code: test 2 fails on input [3,2,4], 6; 1 of 3 pass"
    assert "[3,2,4], 6" in stored[-1]["content"]
    # Nothing is flagged as an insight that the learner did not say.
    assert "insights" not in stored[-1]["event"] and coach.flagged_insights() == []
    # Reopened (a new process would do the same): the same session, its problem, and the conversation
    # goes on where it was: the evidence is not gathered again and the question is not asked again.
    again = OfflineCoach(services, "ada", session_id=coach.session_id)
    assert (again.session_id, again.problem_id) == (coach.session_id, "two-sum")
    first_question = stored[-1]["content"].rsplit(". ", 1)[-1]
    events = turn(again, "I don't know")
    assert tools(events) == [] and first_question not in text(events) and text(events).rstrip().endswith("?")
    assert OfflineCoach(services, "bob", session_id=coach.session_id).session_id != coach.session_id
    assert OfflineCoach(services, "ada", session_id="ses_unknown").session_id != "ses_unknown"


def test_a_wrong_answer_is_run_analyzed_and_traced_and_answered_with_a_question(services):
    events = turn(OfflineCoach(services, "ada"), "Why is my code wrong?")
    assert tools(events) == ["execute_code", "analyze_code_patterns", "bp_trace"]
    started = [e.call_id for e in events if isinstance(e, ToolStarted)]
    finished = [e for e in events if isinstance(e, ToolFinished)]
    assert [e.call_id for e in finished] == started and finished[0].result["verdict"] == "WA"
    steps = finished[-1].result["total_steps"]
    assert finished[-1].summary == f"Traced your code on [3,2,4], 6: {steps} steps, returned [0, 0]"
    said = text(events)
    assert "on input [3,2,4], 6 your code returns [0,0], where [1,2] is expected" in said
    # The trace's own values: the function returned from line 5 with i and j both 0.
    assert "returned [0, 0] from line 5" in said and "i = 0, j = 0" in said
    assert said.rstrip().endswith("?") and "```" not in said
    assert events[-1] == TurnEnded("answered", 1)


def test_the_same_code_is_not_run_again_on_the_next_turn(services):
    coach = OfflineCoach(services, "ada")
    first = text(turn(coach, "What is wrong?"))
    again = turn(coach, "Still not sure what you mean")
    # Nothing runs again, and what it asks is a new question.
    assert tools(again) == [] and text(again).rstrip().endswith("?") and text(again).strip() not in first
    changed = turn(coach, "And now?", context=TurnContext("two-sum", SAME_INDEX_TWICE + "\n# edited\n"))
    assert tools(changed)[0] == "execute_code"


def test_slow_but_right_code_gets_an_edge_case_search_and_a_question_on_its_slow_line(services):
    slow = services.bank.get("two-sum").solutions.python_slow
    events = turn(OfflineCoach(services, "ada"), "does it work?", context=TurnContext("two-sum", slow))
    assert tools(events) == ["execute_code", "analyze_code_patterns", "bp_find_edge_cases"]
    (analysis,) = [e.arguments for e in events if isinstance(e, ToolStarted) and e.name == "analyze_code_patterns"]
    assert analysis["measure"] is True  # the examples pass: how fast it is, counted, is kept with the rest
    said = text(events)
    assert "passes all 3 visible tests" in said
    assert "Line 3 (`for j in range(i + 1, len(nums)):`) makes your code O(n²), where O(n) is possible" in said


def test_is_it_optimal_is_answered_with_the_counts_of_both_and_a_question(services):
    slow = services.bank.get("two-sum").solutions.python_slow
    coach = OfflineCoach(services, "ada")
    said = text(turn(coach, "is my solution optimal?", context=TurnContext("two-sum", slow)))
    assert "won't write" not in said and "O(n²)" in said and "O(n) is the best known" in said
    assert re.search(r"at n = \d+ your code took [\d,]+ steps and the reference solution [\d,]+", said)
    assert said.rstrip().endswith("?")
    right = services.bank.get("two-sum").solutions.python
    yes = text(turn(coach, "and now, is it optimal?", context=TurnContext("two-sum", right)))
    assert "Yes: O(n) time is the best known" in yes and yes.rstrip().endswith("?")
    # Unchanged code: the answer to the next question comes from what is kept, nothing runs.
    again = turn(coach, "what is the complexity of my code?", context=TurnContext("two-sum", right))
    assert tools(again) == [] and "O(n) time" in text(again)


def test_code_that_passes_the_examples_but_not_an_edge_case_is_shown_the_case(services, monkeypatch):
    # The search stops at the first failing case it has shrunk: a long budget only bounds a busy machine.
    monkeypatch.setattr("codementor_desktop.tutor.coach_evidence.EDGE_BUDGET_S", 20.0)
    events = turn(OfflineCoach(services, "ada"), "Done?", context=TurnContext("two-sum", NEAR_PAIRS_ONLY))
    assert tools(events) == ["execute_code", "analyze_code_patterns", "bp_find_edge_cases", "bp_trace"]
    (search,) = [e.result for e in events if isinstance(e, ToolFinished) and e.name == "bp_find_edge_cases"]
    case = search["edge_cases"][0]
    said = text(events)
    assert "The examples pass, but on" in said and "your code goes wrong" in said
    assert f"for {json.dumps(case['input']['nums'])}, {case['input']['target']} it gives []" in said
    assert "I traced input" in said  # the trace of that case follows


def test_hints_go_up_a_level_each_time_are_recorded_and_stop_at_the_last(services):
    coach = OfflineCoach(services, "ada")
    hints = services.bank.get("two-sum").hints
    said = [text(turn(coach, intent=Intent.HINT)) for _level in (1, 2, 3)]
    for level in (1, 2, 3):
        assert said[level - 1].startswith(f"Hint {level} of 3: {hints[level - 1]}")
    # Made specific to this code, once: the same sentence is not said again at the next levels.
    assert ["Line 3 (`for j in range(len(nums)):`)" in s for s in said] == [True, False, False]
    assert [h.level for h in services.history.hints("ada", "two-sum")] == [1, 2, 3]
    last = turn(coach, intent=Intent.HINT)
    assert text(last).startswith("You have seen all 3 hints") and "generate_hint" not in tools(last)
    # A new conversation starts from the hints already taken (the window's Hint button counts too).
    assert text(turn(OfflineCoach(services, "ada"), "give me a hint")).startswith("You have seen all 3 hints")


def test_stuck_moves_a_hint_level_up_with_a_trace_question_and_is_an_escalation(services):
    coach = OfflineCoach(services, "ada")
    events = turn(coach, "I'm stuck")
    (escalated,) = [e for e in events if isinstance(e, Escalated)]
    assert escalated.model == "offline coach" and "stuck" in escalated.reason
    assert escalated.question.startswith("Hint 1 of 3") and "returned [0, 0] from line 5" in escalated.question
    # Through the tutoring tool, as a model's escalation: the tool asks the coach, its seat, to go deeper.
    assert tools(events)[:2] == ["escalate_for_insight", "generate_hint"]
    assert escalated.question in text(events)
    assert [e.problem_id for e in services.history.escalations("ada")] == ["two-sum"]
    who, question = coach.ask_deeper("The learner is still stuck on the pair.", None)
    assert who == "offline coach" and question.startswith("Hint 2 of 3")


def test_stuck_when_the_day_escalations_are_spent_still_moves_a_hint_level_up(services):
    services.settings.llm_deep_daily_calls = 0
    events = turn(OfflineCoach(services, "ada"), "I'm stuck")
    refused = next(e for e in events if isinstance(e, ToolFinished) and e.name == "escalate_for_insight")
    assert refused.result["error_code"] == "ESCALATION_FAILED"
    (escalated,) = [e for e in events if isinstance(e, Escalated)]
    assert escalated.question.startswith("Hint 1 of 3") and services.history.escalations("ada") == []


def test_what_next_recommends_from_the_profile(services):
    events = turn(OfflineCoach(services, "ada"), "what next?")
    (card,) = [e for e in events if isinstance(e, ToolFinished)]
    assert card.name == "get_personalized_recommendation"
    titles = [r["title"] for r in card.result["recommendations"]]
    assert titles and all(title in text(events) for title in titles)


def test_i_get_it_on_failing_code_is_checked_then_concluded_in_the_learners_own_words(services):
    coach = OfflineCoach(services, "ada")
    turn(coach, "why?")
    cause = "i and j are both 0, so I'm adding the same element to itself"
    turn(coach, cause)
    check = turn(coach, "I get it", Intent.GOT_IT)
    # The code still fails: the coach checks on the failing input instead of concluding.
    assert "[3,2,4], 6" in text(check) and not [e for e in check if isinstance(e, SessionConcluded)]
    events = turn(coach, "I get it: a position must not be paired with itself", Intent.GOT_IT)
    (concluded,) = [e for e in events if isinstance(e, SessionConcluded)]
    assert concluded.title == "Two Sum: what clicked"
    # What the learner said, and nothing the coach made up (no pattern the analysis named).
    assert concluded.insights == (cause, "I get it: a position must not be paired with itself")
    assert tools(events) == ["conclude_session"] and services.conversations.is_concluded(coach.session_id)
    (kept,) = services.history.insights("ada")
    assert kept.summary["key_insights"] == list(concluded.insights) and kept.summary["session_id"] == coach.session_id
    # A session ends once.
    twice = turn(coach, "I get it, really, all of it now", Intent.GOT_IT)
    assert not [e for e in twice if isinstance(e, SessionConcluded)] and "getting started" in text(twice)


def test_i_get_it_on_passing_code_concludes_at_once(services):
    right = services.bank.get("two-sum").solutions.python
    coach = OfflineCoach(services, "ada")
    turn(coach, "is it right?", context=TurnContext("two-sum", right))
    events = turn(coach, "I get it: remember each value's position, look up the complement first",
                  Intent.GOT_IT, context=TurnContext("two-sum", right))  # fmt: skip
    (concluded,) = [e for e in events if isinstance(e, SessionConcluded)]
    assert concluded.insights[-1] == "I get it: remember each value's position, look up the complement first"


def test_without_a_problem_or_code_it_asks_for_them_and_runs_nothing(services):
    coach = OfflineCoach(services, "ada")
    none = turn(coach, "help", context=TurnContext(None, "x = 1"))
    empty = turn(coach, "help", context=TurnContext("two-sum", "  "))
    assert tools(none) == tools(empty) == []
    assert "Open a problem first" in text(none) and "There is no code yet" in text(empty)


def test_stop_in_the_middle_of_the_chain_ends_the_turn_there(services):
    cancellation = Cancellation()
    events: list = []

    def learner_stops_after_the_run(event) -> None:
        events.append(event)
        if isinstance(event, ToolFinished) and event.name == "execute_code":
            cancellation.cancel()

    coach = OfflineCoach(services, "ada")
    ended = coach.turn("why?", learner_stops_after_the_run, cancellation, context=WRONG)
    assert ended == TurnEnded("cancelled", 1) and tools(events) == ["execute_code"] and text(events) == ""
    # What ran is kept with the conversation, and the next turn runs the chain afresh.
    assert [m["role"] for m in services.conversations.messages(coach.session_id)] == [
        "user",
        "assistant",
        "tool",
        "assistant",
    ]
    assert tools(turn(coach, "why?")) == ["execute_code", "analyze_code_patterns", "bp_trace"]


def test_a_stopped_turn_ends_cancelled(services):
    cancellation = Cancellation()
    cancellation.cancel()
    events = turn(OfflineCoach(services, "ada"), "why?", cancellation=cancellation)
    assert events[-1] == TurnEnded("cancelled", 1) and not [e for e in events if isinstance(e, ToolFinished)]


def test_code_faster_than_any_solution_can_be_is_not_told_to_be_faster(services):
    starter = services.bank.get("two-sum").starter.python  # returns [] at once: O(1), and wrong
    said = text(turn(OfflineCoach(services, "ada"), "is my solution optimal?", context=TurnContext("two-sum", starter)))
    assert "Not yet" not in said and "repeats work" not in said
    assert "no solution of this problem is known to do better than O(n)" in said and said.rstrip().endswith("?")


def test_a_named_cause_is_told_so_and_the_next_step_is_the_line_that_makes_it(services):
    coach = OfflineCoach(services, "ada")
    turn(coach, "why does it fail?")
    wrong = text(turn(coach, "maybe the target is wrong"))
    # A wrong idea is tested on the smallest failing input, not agreed with.
    assert not wrong.startswith("Yes") and "[3,2,4], 6" in wrong and wrong.rstrip().endswith("?")
    right = text(turn(coach, "i and j are both 0, so I'm adding the same element to itself"))
    assert right.startswith("Yes") and "line 3 (`for j in range(len(nums)):`)" in right


def test_a_new_version_is_run_once_and_told_against_the_one_before(services):
    coach = OfflineCoach(services, "ada")
    turn(coach, "why does it fail?")
    same = turn(coach, "and now?", context=TurnContext("two-sum", SAME_INDEX_TWICE.replace("return []", "return None")))
    assert tools(same)[0] == "execute_code" and "No change on test 2." in text(same)
    right = services.bank.get("two-sum").solutions.python
    fixed = text(turn(coach, "fixed it, why?", context=TurnContext("two-sum", right)))
    assert fixed.startswith("I ran your new version. Test 2 passes now. Your code passes all 3 visible tests.")
