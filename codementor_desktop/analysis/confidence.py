"""Confidence: how often a rule is right, fitted on the labelled corpus, moved by evidence.

Each detector rule starts from its base rate, the share of its detections that were right on
the labelled corpus (``calibration.FITTED``: true positives / detections), smoothed towards a
prior with a Beta prior of strength ``PRIOR_STRENGTH`` so that a rule seen a few times is not
trusted blindly. Evidence then moves it in log-odds: a failing test on an empty input raises a
missing guard, a passing one lowers it; the problem's optimal complexity confirms a slower
loop; repeated errors in the history confirm a habit. The weights are likelihood ratios written
here, each a statement of how much that evidence is worth. Results under ``REPORT_FLOOR`` are
dropped; results under 0.6 are reported with ``uncertain: true``.
"""

from __future__ import annotations

import math

from .calibration import FITTED
from .findings import Finding

PRIOR = 0.7
PRIOR_STRENGTH = 4.0
REPORT_FLOOR = 0.35

# Log-odds each piece of evidence adds (positive raises the confidence, negative lowers it).
WEIGHTS: dict[str, float] = {
    "tests_confirm": 2.0,  # a failing test shows the very failure the rule predicts
    "tests_contradict": -2.5,  # the input that would break it passed
    "tests_failed_elsewhere": 0.3,  # tests failed, but not visibly for this reason
    "problem_confirms": 1.2,  # the problem's optimal complexity or constraints say so
    "problem_unknown": -0.4,  # no problem at hand: the constraints might rule it out
    "history_repeats": 1.0,  # each earlier attempt with the same error
    "timed_out": 1.0,  # a test ran out of time
    "weak_shape": -0.8,  # the rule matched a weaker form of its pattern
}


def base_rate(rule: str) -> float:
    """P(right | the rule fired), from the corpus counts and the prior."""
    right, fired = FITTED.get(rule, (0, 0))
    return (right + PRIOR * PRIOR_STRENGTH) / (fired + PRIOR_STRENGTH)


def calibrate(finding: Finding) -> float:
    """The finding's confidence: its rule's base rate moved by its evidence."""
    rate = min(max(base_rate(finding.rule), 0.01), 0.99)
    logit = math.log(rate / (1 - rate))
    for item in finding.evidence:
        logit += WEIGHTS.get(item, 0.0)
    return 1 / (1 + math.exp(-logit))


def calibrated(findings: list[Finding]) -> list[Finding]:
    """Findings with their confidence set, the ones under the report floor dropped."""
    kept = []
    for finding in findings:
        finding.confidence = calibrate(finding)
        if finding.confidence >= REPORT_FLOOR:
            kept.append(finding)
    return kept
