"""The profile model on hand-made evidence: what raises and lowers mastery, forgetting, the
streak in local dates, readiness and what is solved."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from codementor_desktop.domain.learner_evidence import (
    AttemptRecord,
    EscalationRecord,
    HintRecord,
    LearnerEvidence,
    PatternRecord,
)
from codementor_desktop.profile.mastery import build_profile
from codementor_desktop.profile.problems import ProblemFacts
from codementor_desktop.profile.progress import consistency_streak, progress_report, readiness

NOW = datetime(2026, 3, 10, 20, 0)
PROBLEMS = {
    "pairs": ProblemFacts("pairs", "Pairs", "easy", ("arrays",), ("off_by_one", "missing_edge_case"), 15),
    "paths": ProblemFacts("paths", "Paths", "hard", ("graphs",), ("wrong_algorithm",), 40),
    "words": ProblemFacts("words", "Words", "medium", ("strings",), ("inefficient_string_building",), 20),
}


def solve(problem_id: str, at: datetime, failed_first: bool = False) -> list[AttemptRecord]:
    solved = [AttemptRecord(problem_id, "AC", True, at)]
    return [AttemptRecord(problem_id, "WA", False, at - timedelta(minutes=5)), *solved] if failed_first else solved


def test_solves_raise_and_detections_lower_the_mastery_of_what_they_concern():
    base = build_profile(LearnerEvidence(), PROBLEMS, NOW)
    assert base.patterns["off_by_one"].mastery == 50 and base.patterns["off_by_one"].uncertainty == 1.0
    solved = build_profile(LearnerEvidence(attempts=solve("pairs", NOW)), PROBLEMS, NOW)
    assert solved.patterns["off_by_one"].mastery > 55 and solved.topics["arrays"].mastery > 55
    assert solved.patterns["off_by_one"].uncertainty < 1.0
    assert solved.patterns["wrong_algorithm"].mastery == 50  # a problem that does not train it says nothing
    detected = LearnerEvidence(patterns=[PatternRecord("pairs", "off_by_one", 0.9, NOW)])
    weak = build_profile(detected, PROBLEMS, NOW)
    assert weak.patterns["off_by_one"].mastery < 40
    assert weak.patterns["missing_edge_case"].mastery == 50  # only the detected pattern
    assert weak.topics["arrays"].mastery < 50
    low_confidence = build_profile(
        LearnerEvidence(patterns=[PatternRecord("pairs", "off_by_one", 0.3, NOW)]), PROBLEMS, NOW
    )
    assert weak.patterns["off_by_one"].mastery < low_confidence.patterns["off_by_one"].mastery < 50


def test_hints_escalations_and_slow_solves_count_less_than_a_clean_fast_solve():
    clean = build_profile(LearnerEvidence(attempts=solve("words", NOW)), PROBLEMS, NOW).patterns
    slow_attempts = [
        AttemptRecord("words", "WA", False, NOW - timedelta(minutes=90)),
        AttemptRecord("words", "AC", True, NOW),
    ]
    slow = build_profile(LearnerEvidence(attempts=slow_attempts), PROBLEMS, NOW).patterns
    hinted = build_profile(
        LearnerEvidence(attempts=solve("words", NOW), hints=[HintRecord("words", 2, NOW - timedelta(minutes=3))]),
        PROBLEMS, NOW,
    ).patterns  # fmt: skip
    escalated = build_profile(
        LearnerEvidence(attempts=solve("words", NOW), escalations=[EscalationRecord("words", NOW)]), PROBLEMS, NOW
    ).patterns
    key = "inefficient_string_building"
    assert clean[key].mastery > slow[key].mastery
    assert clean[key].mastery > hinted[key].mastery
    assert clean[key].mastery > escalated[key].mastery


def test_a_later_success_on_a_detected_pattern_counts_as_recovery():
    detected = [PatternRecord("pairs", "off_by_one", 0.8, NOW - timedelta(days=2))]
    later = LearnerEvidence(attempts=solve("pairs", NOW), patterns=detected)
    before = build_profile(LearnerEvidence(patterns=detected), PROBLEMS, NOW).patterns["off_by_one"].mastery
    after = build_profile(later, PROBLEMS, NOW).patterns["off_by_one"].mastery
    assert after > before + 10


def test_unpractised_skills_drift_back_toward_uncertain():
    evidence = LearnerEvidence(attempts=[a for day in range(8) for a in solve("pairs", NOW - timedelta(days=day))])
    fresh = build_profile(evidence, PROBLEMS, NOW).patterns["off_by_one"]
    month = build_profile(evidence, PROBLEMS, NOW + timedelta(days=30)).patterns["off_by_one"]
    season = build_profile(evidence, PROBLEMS, NOW + timedelta(days=120)).patterns["off_by_one"]
    assert fresh.mastery > month.mastery > season.mastery > 50
    assert season.mastery < 60 and fresh.mastery > 70
    assert fresh.uncertainty < month.uncertainty < season.uncertainty <= 1.0
    weak = LearnerEvidence(
        patterns=[PatternRecord("pairs", "off_by_one", 1.0, NOW - timedelta(days=d)) for d in range(5)]
    )
    assert build_profile(weak, PROBLEMS, NOW + timedelta(days=120)).patterns["off_by_one"].mastery > 40


def test_the_streak_counts_local_days_in_a_row_and_today_is_not_over():
    days = [datetime(2026, 3, d, 23, 30) for d in (4, 6, 7, 8)] + [datetime(2026, 3, 9, 0, 15)]
    evidence = LearnerEvidence(attempts=[AttemptRecord("pairs", "WA", False, at) for at in days])
    assert consistency_streak(evidence, date(2026, 3, 9)) == 4  # 6, 7, 8 and 9 (a quarter past midnight)
    assert consistency_streak(evidence, date(2026, 3, 10)) == 4  # nothing yet today: yesterday's streak holds
    assert consistency_streak(evidence, date(2026, 3, 11)) == 0
    assert consistency_streak(LearnerEvidence(), date(2026, 3, 9)) == 0


def test_progress_counts_solved_problems_by_difficulty_and_keeps_a_trend():
    attempts = (
        solve("pairs", NOW - timedelta(days=1), failed_first=True)
        + solve("paths", NOW, failed_first=True)
        + [AttemptRecord("words", "WA", True, NOW)]
    )
    attempts += [AttemptRecord("pairs", "AC", False, NOW)]  # an accepted Run after the solve: still one problem
    report = progress_report(LearnerEvidence(attempts=attempts), PROBLEMS, NOW)
    assert report["problems_solved"] == 2
    assert report["solved_by_difficulty"] == {"easy": 1, "medium": 0, "hard": 1}
    assert report["history"]["by_topic"]["arrays"] == {"attempts": 3, "solved": 1}
    assert report["history"]["by_difficulty"]["medium"] == {"attempts": 1, "solved": 0}
    assert [point["date"] for point in report["trend"]] == ["2026-03-09", "2026-03-10"]
    assert report["trend"][0]["topics"]["graphs"] == 50 < report["trend"][1]["topics"]["graphs"]
    assert report["consistency_streak"] == 2
    assert 0 < report["overall_readiness_score"] <= 100
    assert readiness(build_profile(LearnerEvidence(), PROBLEMS, NOW)) == 0
