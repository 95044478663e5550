"""The labelled corpus: reading its files and measuring the detectors on it.

Each file starts with comment lines naming the patterns the analysis must report (``must:``),
may report (``may:``) and must not report (``must_not: *`` for every other one), and optionally
the bank problem, the run result and earlier runs (one line of JSON each). Precision counts a
reported pattern as right when it is in ``must`` (``may`` ones count neither way) and wrong
otherwise; recall counts the ``must`` patterns reported. The same reading fits each rule's
base rate (``calibration.FITTED``): the detections that were right over those made.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..domain.vocabulary import PATTERNS

_SUFFIXES = {".py": "python", ".js": "javascript"}
# The patterns the labelled corpus scores: a likely_bug_location needs a run's per-test coverage,
# so it is measured on the planted-bug corpus (benchmarks/fault_localization.py) instead.
LABELLED = tuple(p for p in PATTERNS if p != "likely_bug_location")


@dataclass
class Labelled:
    path: Path
    language: str
    code: str
    must: set[str]
    may: set[str]
    must_not: set[str]
    problem_id: str | None = None
    test_results: Any = None
    history: Any = None


class CorpusError(ValueError):
    """A corpus file whose header cannot be read."""


def read_corpus(folder: Path) -> list[Labelled]:
    """Every labelled file below ``folder``, in a stable order."""
    cases = []
    for path in sorted(folder.rglob("*")):
        if path.suffix in _SUFFIXES and path.is_file():
            cases.append(read_case(path))
    return cases


def read_case(path: Path) -> Labelled:
    language = _SUFFIXES[path.suffix]
    code = path.read_text(encoding="utf-8")
    marker = "#" if language == "python" else "//"
    fields: dict[str, str] = {}
    for line in code.splitlines():
        stripped = line.strip()
        if not stripped.startswith(marker):
            break
        key, _, value = stripped[len(marker) :].strip().partition(":")
        fields[key.strip()] = value.strip()
    if "must" not in fields:
        raise CorpusError(f"{path}: no 'must:' line in the header")
    must, may = _patterns(fields.get("must", ""), path), _patterns(fields.get("may", ""), path)
    declared = fields.get("must_not", "*").strip()
    must_not = set(PATTERNS) - must - may if declared == "*" else _patterns(declared, path)
    case = Labelled(path, language, code, must, may, must_not, fields.get("problem") or None)
    try:
        case.test_results = json.loads(fields["test_results"]) if "test_results" in fields else None
        case.history = json.loads(fields["history"]) if "history" in fields else None
    except json.JSONDecodeError as exc:
        raise CorpusError(f"{path}: the JSON of the header is broken: {exc}") from None
    return case


def _patterns(text: str, path: Path) -> set[str]:
    names = {part.strip() for part in text.split(",") if part.strip() and part.strip() != "none"}
    unknown = names - set(PATTERNS)
    if unknown:
        raise CorpusError(f"{path}: unknown pattern(s) {sorted(unknown)}")
    return names


@dataclass
class Tally:
    right: int = 0
    wrong: int = 0
    missed: int = 0

    @property
    def precision(self) -> float:
        found = self.right + self.wrong
        return self.right / found if found else 1.0

    @property
    def recall(self) -> float:
        wanted = self.right + self.missed
        return self.right / wanted if wanted else 1.0


@dataclass
class Score:
    by_pattern: dict[str, Tally] = field(default_factory=dict)
    mistakes: list[str] = field(default_factory=list)

    @property
    def overall(self) -> Tally:
        total = Tally()
        for tally in self.by_pattern.values():
            total.right += tally.right
            total.wrong += tally.wrong
            total.missed += tally.missed
        return total


Analyzer = Callable[..., Mapping[str, Any]]


def score(cases: Iterable[Labelled], problems: Mapping[str, Mapping], analyzer: Analyzer) -> Score:
    """Run ``analyzer`` on every case and count right, wrong and missed patterns."""
    result = Score({name: Tally() for name in LABELLED})
    for case in cases:
        problem = problems.get(case.problem_id) if case.problem_id else None
        if case.problem_id and problem is None:
            raise CorpusError(f"{case.path}: unknown problem {case.problem_id!r}")
        report = analyzer(
            case.code, case.language, problem=problem, test_results=case.test_results, history=case.history
        )
        detected = report.get("detected_patterns", []) if report.get("analysis_complete") else []
        reported = {item["pattern_type"] for item in detected}
        for pattern in reported:
            if pattern in case.must:
                result.by_pattern[pattern].right += 1
            elif pattern not in case.may:
                result.by_pattern.setdefault(pattern, Tally()).wrong += 1  # a false alarm counts all the same
                result.mistakes.append(f"{_short(case.path)}: reported {pattern} (must not)")
        for pattern in case.must - reported:
            result.by_pattern[pattern].missed += 1
            result.mistakes.append(f"{_short(case.path)}: missed {pattern}")
    return result


def fit_rules(cases: Iterable[Labelled], problems: Mapping[str, Mapping]) -> dict[str, tuple[int, int]]:
    """Each rule's (right, fired) over the corpus, counted on every raw detection (before any
    confidence is applied, so the fit does not depend on the table it produces)."""
    from .context import Context
    from .detectors import run_all
    from .evidence import read_history, read_run
    from .javascript_source import parse_javascript
    from .python_source import parse_python

    counts: dict[str, list[int]] = {}
    for case in cases:
        program = parse_python(case.code) if case.language == "python" else parse_javascript(case.code)
        problem = problems.get(case.problem_id) if case.problem_id else None
        ctx = Context.build(program, problem, read_run(case.test_results), read_history(case.history))
        seen: set[tuple[str, str, int]] = set()
        for finding in run_all(ctx):
            key = (finding.rule, finding.pattern, finding.line_start)
            if key in seen:
                continue
            seen.add(key)
            tally = counts.setdefault(finding.rule, [0, 0])
            tally[1] += 1
            tally[0] += finding.pattern in case.must | case.may
    return {rule: (right, fired) for rule, (right, fired) in sorted(counts.items())}


def calibration_source(fitted: Mapping[str, tuple[int, int]]) -> str:
    """The text of ``calibration.py`` for a fitted table."""
    rows = "\n".join(f'    "{rule}": ({right}, {fired}),' for rule, (right, fired) in fitted.items())
    return (
        '"""The fitted counts of each detector rule on the labelled corpus: (right, fired).\n\n'
        "Written by ``uv run python benchmarks/analysis_quality.py --fit``; a test checks that it is what\n"
        'fitting on the corpus gives today. Do not edit by hand.\n"""\n\n'
        f"FITTED: dict[str, tuple[int, int]] = {{\n{rows}\n}}\n"
    )


def _short(path: Path) -> str:
    return "/".join(path.parts[-3:])
