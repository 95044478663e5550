"""Stuck signals: three failing runs of one test, or twice the problem's estimated time, make the
tutor offer help once; a learner who accepts is escalated. Real runs (a child process each), the
real database, the model's tutor against the loopback server."""

from __future__ import annotations

from datetime import datetime, timedelta

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.tools.context import ToolContext
from codementor_desktop.tutor.events import Escalated, HelpOffered
from codementor_desktop.tutor.model_tutor import ModelTutor
from codementor_desktop.tutor.stuck import StuckSignals
from tests.fakes.openai_server import Call, FakeOpenAI, calls, text

WRONG = "def two_sum(nums, target):\n    return [0, 1]\n"  # fails test 2 ([3,2,4], 6) every time
RIGHT = (
    "def two_sum(nums, target):\n    seen = {}\n    for i, n in enumerate(nums):\n"
    "        if target - n in seen:\n            return [seen[target - n], i]\n        seen[n] = i\n"
)


def run(services, code: str, caller: Caller = Caller.PERSON) -> dict:
    """A run of the learner's own code (the editor's, as the tutor passes it), by ``caller``."""
    arguments = {"code": code, "language": "python", "problem_id": "two-sum", "test_cases": []}
    context = ToolContext(caller=caller, learner="ada", own_code=(code,))
    result = services.registry.call("execute_code", arguments, context)
    assert result.get("run_id"), result
    return result


def test_three_failing_runs_of_one_test_offer_help_once(services):
    signals = StuckSignals(services, "ada", "two-sum")
    run(services, WRONG)
    assert signals.check() is None
    run(services, WRONG, Caller.MODEL)  # the tutor's runs count too
    assert signals.check() is None
    run(services, WRONG, Caller.CLI)
    offer = signals.check()
    assert isinstance(offer, HelpOffered) and offer.signal == "failing_runs"
    assert offer.message.startswith("Test 2 (input [3,2,4], 6) has failed 3 runs") and "?" in offer.message
    run(services, WRONG)
    assert signals.check() is None  # once


def test_a_passing_run_starts_the_count_again_and_earlier_runs_do_not_count(services):
    run(services, WRONG)
    run(services, WRONG)  # before the problem was opened this time
    signals = StuckSignals(services, "ada", "two-sum")
    run(services, WRONG)
    run(services, WRONG)
    run(services, RIGHT)
    run(services, WRONG)
    assert signals.check() is None
    other = StuckSignals(services, "grace", "two-sum", opened_at=datetime.now() - timedelta(minutes=1))
    assert other.check() is None  # ada's runs are not grace's


def test_tests_not_run_after_a_tle_neither_fail_nor_pass(services):
    # Test 1 loops forever: tests 2 and 3 are not run, so three such runs do not make them "failing".
    looping = "def two_sum(nums, target):\n    while True:\n        pass\n"
    signals = StuckSignals(services, "ada", "two-sum")
    arguments = {"code": looping, "language": "python", "problem_id": "two-sum", "test_cases": [], "timeout": 1}
    for _ in range(2):
        result = services.registry.call("execute_code", arguments, ToolContext(caller=Caller.PERSON, learner="ada"))
        assert [t.get("status") for t in result["test_results"]][1:] == ["not_run"] * (len(result["test_results"]) - 1)
    run(services, WRONG)  # test 2 fails once; had the not-run ones counted, it would be its third
    assert signals.check() is None


def test_twice_the_estimated_time_offers_help_once(services):
    estimated = timedelta(minutes=services.bank.get("two-sum").estimated_minutes)
    now = [datetime.now()]
    signals = StuckSignals(services, "ada", "two-sum", clock=lambda: now[0])
    now[0] += 2 * estimated - timedelta(seconds=1)
    assert signals.check() is None
    now[0] += timedelta(seconds=1)
    offer = signals.check()
    assert offer is not None and offer.signal == "time"
    minutes = int(2 * estimated.total_seconds() // 60)
    assert f"for {minutes} minutes, twice the time" in offer.message and offer.message.rstrip().endswith("?")
    now[0] += estimated
    assert signals.check() is None


def test_accepting_the_offer_escalates(services):
    question = "What does index 0 hold when the pair is at the end?"
    reason = {"reason": "Test 2 keeps failing and the learner accepted help."}
    script = [calls(Call("escalate_for_insight", reason)), text(question), text("So: ", question)]
    with FakeOpenAI(script) as server:
        services.settings.llm_base_url = server.base_url
        services.settings.llm_model = "fast-model"
        services.settings.llm_deep_model = "deep-model"
        signals = StuckSignals(services, "ada", "two-sum", opened_at=datetime.now() - timedelta(days=1))
        assert signals.check() is not None
        events: list = []
        ended = signals.accept(ModelTutor(services, "ada"), events.append)
    assert ended.reason == "answered"
    assert "I'm stuck." in server.bodies()[0]["messages"][1]["content"]
    assert [e.model for e in events if isinstance(e, Escalated)] == ["deep-model"]
    assert [e.reason for e in services.history.escalations("ada")] == [reason["reason"]]
