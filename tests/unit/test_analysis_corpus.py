"""The detectors measured on the labelled corpus (and a validation set they were not tuned on),
and the calibration table checked to be the fit of that corpus."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from codementor_desktop.analysis import analyze
from codementor_desktop.analysis.calibration import FITTED
from codementor_desktop.analysis.corpus import LABELLED, fit_rules, read_corpus, score
from codementor_desktop.domain.vocabulary import PATTERNS
from codementor_desktop.problems.bank import load_bank
from codementor_desktop.resources import builtin_problems_dir
from tests.conftest import REPO

CORPUS = REPO / "tests" / "data" / "analysis_corpus"
VALIDATION = REPO / "tests" / "data" / "analysis_validation"


@pytest.fixture(scope="module")
def bank():
    return load_bank([builtin_problems_dir()])


@pytest.fixture(scope="module")
def problems(bank):
    return {p.id: p.model_dump(mode="json") for p in bank.all()}


def _table(result) -> str:
    lines = [f"{name}: P={t.precision:.2f} R={t.recall:.2f}" for name, t in result.by_pattern.items()]
    return "\n".join([*lines, *result.mistakes])


def test_every_pattern_has_five_flawed_and_five_clean_cases_in_both_languages():
    counts: Counter[tuple[str, str, str]] = Counter()
    for path in CORPUS.rglob("*"):
        if path.suffix in (".py", ".js"):
            counts[(path.parts[-3], path.parts[-2], path.name.split("_")[0])] += 1
    for language in ("python", "javascript"):
        for pattern in LABELLED:
            assert counts[(language, pattern, "flawed")] >= 5, (language, pattern)
            assert counts[(language, pattern, "clean")] >= 5, (language, pattern)


def test_precision_and_recall_on_the_labelled_corpus(problems):
    result = score(read_corpus(CORPUS), problems, analyze)
    overall = result.overall
    assert overall.precision >= 0.9, _table(result)
    assert overall.recall >= 0.8, _table(result)
    for pattern, tally in result.by_pattern.items():
        assert tally.right + tally.missed >= 10, f"{pattern} has too few flawed cases"


def test_the_validation_set_keeps_the_same_precision(problems):
    result = score(read_corpus(VALIDATION), problems, analyze)
    assert result.overall.precision >= 0.9, _table(result)
    assert result.overall.recall >= 0.8, _table(result)


def test_the_calibration_table_is_the_fit_of_the_corpus(problems):
    assert fit_rules(read_corpus(CORPUS), problems) == FITTED, (
        "refit: uv run python benchmarks/analysis_quality.py --fit"
    )


def test_the_bank_references_read_as_clean_code(bank, problems):
    reported = []
    for problem in bank.all():
        for language, code in (("python", problem.solutions.python), ("javascript", problem.solutions.javascript)):
            for item in analyze(code, language, problem=problems[problem.id])["detected_patterns"]:
                reported.append(f"{problem.id} ({language}): {item['pattern_type']}")
    # 180 optimal solutions; the few reports are known, argued ones (a flood fill that paints its
    # input, a JavaScript topological sort that re-sorts a 26-letter queue).
    assert len(reported) <= 8, "\n".join(reported)


def test_a_header_names_what_must_and_must_not_be_reported(tmp_path: Path):
    case = tmp_path / "python" / "x" / "flawed_01.py"
    case.parent.mkdir(parents=True)
    case.write_text("# must: off_by_one\n# may: missing_edge_case\n# must_not: *\ndef f(a):\n    return a\n")
    (labelled,) = read_corpus(tmp_path)
    assert labelled.must == {"off_by_one"} and labelled.may == {"missing_edge_case"}
    assert labelled.must_not == set(PATTERNS) - {"off_by_one", "missing_edge_case"}
