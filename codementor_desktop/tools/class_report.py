"""The instructor's class report: per learner, problems solved, time spent, mastery by topic and
by pattern, mock interview results; per problem, how many tried and solved it, and where they got
stuck (the test that failed first for most learners, and the pattern analyses found most).

Built from ``storage.class_records`` and each learner's profile evidence; written out as CSV,
JSON or HTML by the ``class report`` command.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from ..domain.learner_evidence import LearnerEvidence
from ..profile.mastery import build_profile
from ..profile.problems import ProblemFacts
from ..storage.class_records import LearnerRecords


def class_report(
    records: list[LearnerRecords],
    evidence_of: Callable[[str], LearnerEvidence],
    problems: Mapping[str, ProblemFacts],
    now: datetime,
) -> dict[str, Any]:
    learners = [_learner(r, evidence_of(r.name), problems, now) for r in records]
    return {
        "generated_at": now.isoformat(timespec="seconds"),
        "learners": learners,
        "problems": _problems(records, problems),
    }


def _learner(
    records: LearnerRecords, evidence: LearnerEvidence, problems: Mapping[str, ProblemFacts], now: datetime
) -> dict[str, Any]:
    profile = build_profile(evidence, problems, now)
    solved = sorted({a.problem_id for a in records.attempts if a.submitted and a.verdict == "AC"})
    open_seconds: dict[str, float] = {}
    for attempt in records.attempts:
        if attempt.seconds_open is not None:
            open_seconds[attempt.problem_id] = max(open_seconds.get(attempt.problem_id, 0.0), attempt.seconds_open)
    finished = [i for i in records.interviews if i.status == "finished"]
    ratios = [i.minutes_used / i.minutes_allowed for i in finished if i.minutes_used is not None and i.minutes_allowed]
    evidenced = {name: skill for name, skill in profile.patterns.items() if skill.evidence > 0}
    return {
        "name": records.name,
        "problems_solved": len(solved),
        "solved": solved,
        "judged_attempts": len(records.attempts),
        "minutes_spent": round(sum(open_seconds.values()) / 60.0, 1),
        "mastery_by_topic": profile.mastery("topics"),
        "mastery_by_pattern": {name: round(skill.mastery) for name, skill in sorted(evidenced.items())},
        "interviews": {
            "taken": len(finished),
            "solved": sum(1 for i in finished if i.solved),
            "median_time_ratio": round(statistics.median(ratios), 2) if ratios else None,
        },
    }


def _problems(records: list[LearnerRecords], problems: Mapping[str, ProblemFacts]) -> list[dict[str, Any]]:
    tried: dict[str, set[str]] = {}
    solved: dict[str, set[str]] = {}
    attempts: Counter[str] = Counter()
    first_failing: dict[str, Counter[int]] = {}
    findings: dict[str, Counter[str]] = {}
    for learner in records:
        failing_seen: set[tuple[str, int]] = set()
        for attempt in learner.attempts:
            tried.setdefault(attempt.problem_id, set()).add(learner.name)
            attempts[attempt.problem_id] += 1
            if attempt.submitted and attempt.verdict == "AC":
                solved.setdefault(attempt.problem_id, set()).add(learner.name)
            if attempt.failing_test is not None and (attempt.problem_id, attempt.failing_test) not in failing_seen:
                failing_seen.add((attempt.problem_id, attempt.failing_test))  # a learner counts once per test
                first_failing.setdefault(attempt.problem_id, Counter())[attempt.failing_test] += 1
        for problem_id, pattern in set(learner.findings):
            findings.setdefault(problem_id, Counter())[pattern] += 1
    rows = []
    for problem_id in sorted(tried):
        facts = problems.get(problem_id)
        stuck = first_failing.get(problem_id, Counter()).most_common(1)
        finding = findings.get(problem_id, Counter()).most_common(1)
        rows.append(
            {
                "problem_id": problem_id,
                "title": facts.title if facts else problem_id,
                "difficulty": facts.difficulty if facts else None,
                "learners_tried": len(tried[problem_id]),
                "learners_solved": len(solved.get(problem_id, ())),
                "attempts": attempts[problem_id],
                "most_failed_test": {"test_id": stuck[0][0], "learners": stuck[0][1]} if stuck else None,
                "most_common_finding": {"pattern": finding[0][0], "learners": finding[0][1]} if finding else None,
            }
        )
    return rows
