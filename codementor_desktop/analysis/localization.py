"""``likely_bug_location``: the lines most likely to hold the bug, most suspicious first.

Three kinds of evidence, each optional but the first:

- the spectrum: each line's Ochiai score over the run's tests that have ``covered_lines``
  (``failing(l) / sqrt(all failing * (failing(l) + passing(l)))``), a line run by every failing
  test and by no passing one scoring 1;
- the minimal counterexample of the edge-case search (``clues["counterexample"]``): its lines
  (from the learner's trace on it) join the spectrum as one more failing test;
- the first divergence of the learner's trace from the reference's on a failing input
  (``clues["traces"]``): its line goes first when the traces line up (``divergence.py``).

The tool layer gathers the clues (traces, the edge-case search) and hands them in as data. At
most three lines are named, each its own finding with a one-line range. Below the fitted
``STATEMENT_FROM`` of its language (``localization_threshold.py``, written by ``benchmarks/fault_localization.py
--fit``) a finding is worded as a question.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .context import Context
from .divergence import Divergence, first_divergence
from .findings import Finding
from .localization_threshold import STATEMENT_FROM

PATTERN = "likely_bug_location"
TOP = 3
NEAR = 0.05  # suspiciousness this close to the first line's is a tie
# Statements that compute or decide: among lines the spectrum cannot tell apart, these are where a
# one-line slip most often sits (a loop's header or a lone ``else`` rarely is).
_COMPUTES = re.compile(r"[<>]=?|==|!=|[-+*/%]|\[|\breturn\b|\band\b|\bor\b|\bnot\b")


@dataclass
class Suspect:
    line: int
    score: float  # 0..1
    failing: int = 0  # failing tests that ran the line
    passing: int = 0  # passing tests that ran the line
    divergence: Divergence | None = None


def locate(ctx: Context, clues: Mapping[str, Any] | None = None) -> list[Finding]:
    """The ``likely_bug_location`` findings of a run (none when every test passed)."""
    clues = clues or {}
    measured = [t for t in ctx.run.tests if t.covered is not None]
    failing = [t for t in measured if not t.passed]
    extra = _counterexample_lines(clues)
    if ctx.run.all_passed() or not any(not t.passed for t in ctx.run.tests):
        return []  # never on a run whose every test passed
    if not failing and extra is None and not clues.get("traces"):
        return []
    passing = [t for t in measured if t.passed]
    failing_lines = [t.covered or frozenset() for t in failing] + ([extra] if extra is not None else [])
    suspects = _spectrum(failing_lines, [t.covered or frozenset() for t in passing])
    divergence = _divergence(clues)
    if divergence is not None and divergence.line > 0:
        suspects = _with_divergence(suspects, divergence)
    if not suspects:
        return []
    source = ctx.program.source.splitlines()
    crashed = {t.line for t in failing if t.line}  # where a failing test raised: often the slip itself
    comment = "#" if ctx.language == "python" else "//"
    ranked = sorted(
        suspects, key=lambda s: (-s.score, s.line not in crashed, -_computes(source, s.line, comment), s.line)
    )[:TOP]
    # Lines the spectrum hardly tells from the first one crowd it (a near tie is a tie).
    ties = sum(1 for s in suspects if s.score >= ranked[0].score - NEAR)
    return [
        _finding(ctx, suspect, rank, ties, len(failing_lines), len(passing), clues)
        for rank, suspect in enumerate(ranked)
    ]


def _computes(source: list[str], line: int, comment: str) -> int:
    text = source[line - 1].split(comment, 1)[0] if 0 < line <= len(source) else ""
    return min(len(_COMPUTES.findall(text)), 3)


def _spectrum(failing: list[frozenset[int]], passing: list[frozenset[int]]) -> list[Suspect]:
    if not failing:
        return []
    lines = set().union(*failing)
    suspects = []
    for line in lines:
        ef = sum(1 for covered in failing if line in covered)
        ep = sum(1 for covered in passing if line in covered)
        score = ef / math.sqrt(len(failing) * (ef + ep))
        suspects.append(Suspect(line, score, ef, ep))
    return suspects


def _counterexample_lines(clues: Mapping[str, Any]) -> frozenset[int] | None:
    found = clues.get("counterexample")
    if not isinstance(found, Mapping):
        return None
    lines = found.get("covered_lines")
    return frozenset(n for n in lines if isinstance(n, int)) if isinstance(lines, list) and lines else None


def _divergence(clues: Mapping[str, Any]) -> Divergence | None:
    traces = clues.get("traces")
    if not isinstance(traces, Mapping):
        return None
    learner, reference = traces.get("learner"), traces.get("reference")
    if not isinstance(learner, list) or not isinstance(reference, list):
        return None
    return first_divergence(
        learner, reference, str(traces.get("learner_source") or ""), str(traces.get("reference_source") or "")
    )


def _with_divergence(suspects: list[Suspect], divergence: Divergence) -> list[Suspect]:
    """The divergence's line goes first; the spectrum's order follows."""
    found = next((s for s in suspects if s.line == divergence.line), None)
    if found is None:
        found = Suspect(divergence.line, 0.0)
        suspects = [*suspects, found]
    found.divergence = divergence
    found.score = 1.0 + found.score  # above every spectrum-only line
    return suspects


def confidence_of(suspect: Suspect, rank: int, ties: int, failing: int, passing: int) -> float:
    """How sure the finding is that its line holds the bug (not yet the fitted probability: the
    calibration fits the threshold above which it is right often enough)."""
    if suspect.divergence is not None:
        agree = 0.1 if suspect.score > 1.0 + 0.99 else 0.0  # the spectrum agrees with the trace
        return round(min(0.97, 0.85 + agree - 0.1 * rank), 3)
    score = min(suspect.score, 1.0)
    support = min(1.0, passing / 4.0)  # few passing tests separate few lines
    crowd = 1.0 / math.sqrt(max(ties, 1))
    value = score * (0.35 + 0.65 * support * crowd) * (1.0 - 0.15 * rank)
    return round(max(0.05, min(value, 0.95)), 3)


def _finding(
    ctx: Context, suspect: Suspect, rank: int, ties: int, failing: int, passing: int, clues: Mapping[str, Any]
) -> Finding:
    confidence = confidence_of(suspect, rank, ties, failing, passing)
    statement_from = STATEMENT_FROM.get(ctx.language, max(STATEMENT_FROM.values()))
    evidence = _evidence_sentence(suspect, failing, passing, clues)
    if confidence >= statement_from:
        lead = f"Line {suspect.line} is the most likely place of the bug" if rank == 0 else f"Line {suspect.line}"
        description = f"{lead}: {evidence}."
        suggestion = f"Work a failing input by hand through line {suspect.line}: what should it produce there?"
    else:
        description = f"Is line {suspect.line} doing what you expect? {evidence[0].upper()}{evidence[1:]}."
        suggestion = f"Check line {suspect.line} against a failing input before changing anything else."
    finding = Finding(
        PATTERN,
        "spectrum" if suspect.divergence is None else "trace_divergence",
        suspect.line,
        suspect.line,
        description,
        suggestion,
        "high" if rank == 0 and confidence >= statement_from else "medium",  # a question is no verdict
        ["divergence"] if suspect.divergence else ["spectrum"],
        confidence,
    )
    finding.details = {
        "rank": rank + 1,
        "suspiciousness": round(min(suspect.score, 1.0), 3),
        "failing_tests_run": suspect.failing,
        "passing_tests_run": suspect.passing,
        "failing_tests": failing,
        "passing_tests": passing,
        "worded_as": "statement" if confidence >= statement_from else "question",
    }
    if suspect.divergence is not None:
        finding.details["divergence"] = {"kind": suspect.divergence.kind, "detail": suspect.divergence.detail}
    return finding


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _evidence_sentence(suspect: Suspect, failing: int, passing: int, clues: Mapping[str, Any]) -> str:
    parts = []
    if suspect.divergence is not None:
        traces = clues.get("traces") or {}
        where = f"on {traces.get('input')}, " if traces.get("input") else ""
        told = f"{where}{suspect.divergence.detail}"
        got, want = traces.get("got"), traces.get("expected")
        if got is not None and want is not None and suspect.divergence.kind != "return":
            told = f"{where}your code returned {got} where the reference returned {want}; {suspect.divergence.detail}"
        parts.append(told)
    if suspect.failing:
        if failing == 1:
            ran_failing = "the failing test"
        elif suspect.failing == failing:
            ran_failing = "both failing tests" if failing == 2 else f"all {failing} failing tests"
        else:
            ran_failing = f"{suspect.failing} of the {failing} failing tests"
        if passing == 0:
            ran_passing = "no test passed to compare with"
        elif suspect.passing == 0:
            ran_passing = f"in none of the {passing} passing ones"
        elif suspect.passing == passing:
            ran_passing = "in every passing one too" if passing > 1 else "in the passing one too"
        else:
            ran_passing = f"in {suspect.passing} of the {passing} passing ones"
        joined = f"line {suspect.line} runs in {ran_failing}"
        parts.append(f"{joined} and {ran_passing}" if passing else f"{joined}; {ran_passing}")
    return "; ".join(parts) or f"line {suspect.line} is where the run first departs from the reference"


def demote_vague(findings: list[Finding], located: list[Finding]) -> list[Finding]:
    """A whole-function ``wrong_algorithm`` that only restates the failing tests goes away when a
    line is named as a statement, and below the named lines when they are only questions."""
    if not located:
        return findings
    sure = any(f.details.get("worded_as") == "statement" for f in located)
    kept = []
    for finding in findings:
        if finding.pattern == "wrong_algorithm" and finding.rule == "wrong_answers_unexplained":
            if sure:
                continue
            finding.severity = "low"
        kept.append(finding)
    return kept
