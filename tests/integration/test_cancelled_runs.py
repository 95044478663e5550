"""A run the learner stops is cancelled: no verdict, never IE, and not kept as a run (VOCABULARY)."""

import json
import threading

from sqlalchemy import func, select

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.storage.models import StoredRun
from codementor_desktop.tools.context import ToolContext

SLOW_SECOND = "import time\ndef f(x):\n    if x:\n        time.sleep(60)\n    return x\n"
TESTS = [{"test_id": 1, "input": "0", "expected_output": "0"}, {"test_id": 2, "input": "1", "expected_output": "1"}]


def stored_runs(services):
    with services.database.session() as session:
        return session.scalar(select(func.count()).select_from(StoredRun))


def stop_after_the_first_report():
    """A context whose run is stopped as soon as it reports progress (the first test is judged)."""
    context = ToolContext(caller=Caller.PERSON, learner="ada")
    context.progress = lambda fraction, text: context.cancel.set() if fraction > 0 else None
    return context


def test_a_stopped_submit_is_cancelled_and_not_stored(services):
    context = stop_after_the_first_report()
    arguments = {"code": SLOW_SECOND, "language": "python", "problem_id": "scratch", "test_cases": TESTS, "timeout": 10}
    result = services.registry.call("execute_code", arguments, context)
    assert result["status"] == "cancelled" and "verdict" not in result and "run_id" not in result
    assert [t["verdict"] for t in result["test_results"]] == ["AC"]  # what ran before the stop is kept
    assert stored_runs(services) == 0
    audit = [json.loads(line) for line in services.paths.audit_log.read_text().splitlines()]
    assert audit[-1]["tool"] == "execute_code" and audit[-1]["outcome"] == "cancelled"


def test_a_stopped_bp_execute_is_cancelled_and_not_stored(services):
    context = ToolContext(caller=Caller.PERSON, learner="ada")
    timer = threading.Timer(0.5, context.cancel.set)
    timer.start()
    try:
        arguments = {"code": "import time\ntime.sleep(60)\n", "language": "python", "timeout_seconds": 10}
        result = services.registry.call("bp_execute", arguments, context)
    finally:
        timer.cancel()
    assert result["status"] == "cancelled" and "verdict" not in result and "run_id" not in result
    assert stored_runs(services) == 0


def test_a_stopped_test_run_is_cancelled_and_not_stored(services):
    context = stop_after_the_first_report()
    tests = "import time\n\ndef test_quick():\n    assert True\n\n\ndef test_slow():\n    time.sleep(60)\n"
    arguments = {"code": "x = 1\n", "test_code": tests, "language": "python", "test_framework": "pytest",
                 "timeout_seconds": 10}  # fmt: skip
    result = services.registry.call("bp_run_tests", arguments, context)
    assert result["status"] == "cancelled" and "verdict" not in result and "run_id" not in result
    assert [c["name"] for c in result["test_results"]] == ["test_quick"]
    assert stored_runs(services) == 0


def test_a_finished_run_is_stored(services):
    arguments = {
        "code": "def f(x):\n    return x\n",
        "language": "python",
        "problem_id": "scratch",
        "test_cases": TESTS,
    }
    result = services.registry.call("execute_code", arguments, ToolContext(caller=Caller.PERSON, learner="ada"))
    assert result["verdict"] == "AC" and result["run_id"].startswith("run_") and stored_runs(services) == 1
