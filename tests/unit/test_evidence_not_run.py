"""A test that was skipped or never run is no evidence for analysis: never a failing test."""

from codementor_desktop.analysis.evidence import read_run


def test_a_skipped_test_in_an_all_passed_run_is_not_a_wrong_answer():
    run = {
        "status": "success",
        "verdict": "AC",
        "test_results": [
            {"name": "test_small", "status": "passed", "verdict": "AC", "passed": True},
            {"name": "test_later", "status": "skipped", "verdict": None, "passed": None, "message": "not yet"},
        ],
    }
    evidence = read_run(run)
    assert evidence.all_passed() and [t.verdict for t in evidence.tests] == ["AC"]


def test_tests_not_run_after_a_tle_are_neither_passes_nor_failures():
    reason = "not run: test 2 ran out of time"
    run = {
        "status": "error",
        "verdict": "TLE",
        "test_results": [
            {"test_id": 1, "verdict": "AC", "passed": True},
            {"test_id": 2, "verdict": "TLE", "passed": False, "error_type": "timeout", "error_message": "Time limit"},
            {"test_id": 3, "verdict": None, "passed": False, "status": "not_run", "reason": reason},
        ],
    }
    evidence = read_run(run)
    assert [t.verdict for t in evidence.tests] == ["AC", "TLE"]
    assert not any(t.wrong_answer for t in evidence.tests)
