"""The recommender on a small hand-made bank: a failed problem comes back later, not next;
exclude_recent; skip and not relevant; adaptive difficulty near 70 percent."""

from __future__ import annotations

from datetime import datetime, timedelta

from codementor_desktop.domain.learner_evidence import AttemptRecord, LearnerEvidence, PatternRecord
from codementor_desktop.profile.mastery import build_profile
from codementor_desktop.profile.problems import Calibration, ProblemFacts
from codementor_desktop.profile.recommender import Flag, Request, predicted_success, recommend

NOW = datetime(2026, 5, 1, 18, 0)
BANK = {
    p.id: p
    for p in (
        ProblemFacts("a1", "A1", "easy", ("arrays",), ("off_by_one",), 10),
        ProblemFacts("a2", "A2", "medium", ("arrays",), ("off_by_one", "missing_edge_case"), 20),
        ProblemFacts("s1", "S1", "easy", ("strings",), ("inefficient_string_building",), 10),
        ProblemFacts("g1", "G1", "hard", ("graphs",), ("wrong_algorithm",), 40),
        ProblemFacts("t1", "T1", "medium", ("trees",), ("recursion_base_case",), 20),
    )
}
EVERYTHING = Request(count=5, exclude_recent=False)


def run(evidence: LearnerEvidence, request: Request = EVERYTHING, flags=(), now: datetime = NOW) -> list[str]:
    profile = build_profile(evidence, BANK, now)
    chosen, starter = recommend(profile, evidence, BANK, {}, list(flags), request, now)
    assert not starter
    return [r.problem.id for r in chosen]


def history(*items: tuple[str, str, float]) -> LearnerEvidence:
    return LearnerEvidence(attempts=[AttemptRecord(p, v, v == "AC", NOW - timedelta(days=d)) for p, v, d in items])


def test_a_problem_just_failed_comes_back_later_not_next():
    base = [("s1", "AC", 20), ("t1", "AC", 20), ("g1", "AC", 20)]
    assert "a2" not in run(history(*base, ("a2", "WA", 0.01)))  # the last attempt failed: not next
    assert "a2" not in run(history(*base, ("a2", "WA", 0.5), ("s1", "AC", 0.01)))  # failed within a day
    assert "a2" in run(history(*base, ("a2", "WA", 3), ("s1", "AC", 0.01)))  # later: it returns
    recent = Request(count=3, exclude_recent=True)  # 3 fresh problems are left: no fallback to recent ones
    assert "a2" not in run(history(*base, ("a2", "WA", 3), ("s1", "AC", 0.01)), recent)  # but not within 7 days
    assert "a2" in run(history(*base, ("a2", "WA", 8), ("s1", "AC", 0.01)), recent)


def test_flags_are_respected_skip_for_a_week_not_relevant_for_good():
    evidence = history(("s1", "AC", 20), ("t1", "AC", 20), ("g1", "AC", 20))
    assert {"a1", "a2"} <= set(run(evidence))
    flags = [Flag("a1", "not_relevant", NOW - timedelta(days=30)), Flag("a2", "skip", NOW - timedelta(days=1))]
    assert not {"a1", "a2"} & set(run(evidence, flags=flags))
    later = NOW + timedelta(days=7)
    assert "a1" not in run(evidence, flags=flags, now=later) and "a2" in run(evidence, flags=flags, now=later)


def test_weak_patterns_rank_first_and_adaptive_difficulty_aims_at_seventy_percent():
    evidence = LearnerEvidence(
        attempts=history(("s1", "AC", 2), ("t1", "AC", 2), ("g1", "WA", 2)).attempts,
        patterns=[PatternRecord("x", "off_by_one", 1.0, NOW - timedelta(days=1)) for _ in range(3)],
    )
    assert run(evidence, Request(count=1, exclude_recent=False))[0] in {"a1", "a2"}
    profile = build_profile(evidence, BANK, NOW)
    easy = predicted_success(profile, BANK["s1"], None)
    assert easy > 0.7
    assert predicted_success(profile, BANK["s1"], Calibration(learners=40, success_rate=0.2)) < 0.5
