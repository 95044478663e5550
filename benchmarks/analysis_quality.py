"""How good the code analysis is: precision and recall of every detector on the labelled corpus,
the bank's reference solutions read as clean code, and the measured complexity of the bank's
solutions against their documented complexity.

uv run python benchmarks/analysis_quality.py            # every figure
uv run python benchmarks/analysis_quality.py --fit      # refit the calibration table first
uv run python benchmarks/analysis_quality.py --runs 1 --problems two-sum,climbing-stairs

The complexity part runs the bank's own reference and slower Python solutions in this process
(trusted code), counting line events with sys.settrace at the sizes of ``measure_plan``, with the
documented complexity hidden from the estimator; each run uses other generator seeds, and a
solution counts as stable when all runs give the same class.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from codementor_desktop.analysis import analyze  # noqa: E402
from codementor_desktop.analysis.corpus import Score, calibration_source, fit_rules, read_corpus, score  # noqa: E402
from codementor_desktop.problems.bank import load_bank  # noqa: E402
from codementor_desktop.resources import builtin_problems_dir  # noqa: E402
from tests.analysis_counts import documented, measured_class  # noqa: E402

CORPUS = REPO / "tests" / "data" / "analysis_corpus"
VALIDATION = REPO / "tests" / "data" / "analysis_validation"
CALIBRATION = REPO / "codementor_desktop" / "analysis" / "calibration.py"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--fit", action="store_true", help="refit the calibration table on the corpus first")
    parser.add_argument("--runs", type=int, default=3, help="measurements per solution (other seeds each time)")
    parser.add_argument("--problems", default="", help="comma-separated problem ids (default: the whole bank)")
    args = parser.parse_args()
    bank = load_bank([builtin_problems_dir()])
    problems = {p.id: p.model_dump(mode="json") for p in bank.all()}
    if args.fit:
        CALIBRATION.write_text(calibration_source(fit_rules(read_corpus(CORPUS), problems)), encoding="utf-8")
        print(f"calibration refitted on {CORPUS.relative_to(REPO)}; rerun to use it")
        return
    _detectors("labelled corpus (written before the detectors)", score(read_corpus(CORPUS), problems, analyze))
    _detectors("validation set (written after them, never tuned on)", score(read_corpus(VALIDATION), problems, analyze))
    _bank_as_clean(bank, problems)
    wanted = {p for p in args.problems.split(",") if p}
    _complexity(bank, args.runs, wanted)
    print(
        "\nflags per detector (flag_incorrect_analysis): none recorded here; the flag store is not part of this package"
    )


def _detectors(title: str, result: Score) -> None:
    print(f"\n== detectors on the {title}")
    print(f"{'pattern':30s} {'precision':>9s} {'recall':>7s}  right wrong missed")
    for name, tally in result.by_pattern.items():
        print(
            f"{name:30s} {tally.precision:9.2f} {tally.recall:7.2f}  {tally.right:5d} {tally.wrong:5d} {tally.missed:6d}"
        )
    total = result.overall
    print(
        f"{'overall':30s} {total.precision:9.3f} {total.recall:7.3f}  {total.right:5d} {total.wrong:5d} {total.missed:6d}"
    )
    for line in result.mistakes:
        print(f"  {line}")


def _bank_as_clean(bank, problems) -> None:  # type: ignore[no-untyped-def]
    """The bank's optimal references, read with and without their problem: what is reported."""
    print("\n== the bank's reference solutions read as clean code (reported patterns)")
    for with_problem in (True, False):
        found: Counter[str] = Counter()
        solutions = 0
        for problem in bank.all():
            for language, code in (("python", problem.solutions.python), ("javascript", problem.solutions.javascript)):
                solutions += 1
                report = analyze(code, language, problem=problems[problem.id] if with_problem else None)
                for item in report["detected_patterns"]:
                    found[item["pattern_type"]] += 1
        label = "with their problem" if with_problem else "without a problem"
        listed = ", ".join(f"{k} {v}" for k, v in found.most_common()) or "none"
        print(f"{solutions} solutions {label}: {sum(found.values())} reports ({listed})")


def _complexity(bank, runs: int, wanted: set[str]) -> None:  # type: ignore[no-untyped-def]
    print(f"\n== measured complexity of the bank's Python solutions ({runs} runs each, documented complexity hidden)")
    matched = stable = measured = 0
    raw_matched = 0
    excluded: list[str] = []
    started = time.perf_counter()
    for problem in bank.all():
        if wanted and problem.id not in wanted:
            continue
        for key, text in (("reference", problem.complexity.time), ("slower", problem.solutions.python_slow_time)):
            want, why = documented(text)
            if want is None:
                excluded.append(f"{problem.id} ({key}, {text}): {why}")
                continue
            code = problem.solutions.python if key == "reference" else problem.solutions.python_slow
            classes, raws = [], []
            for run in range(runs):
                growth, fit = measured_class(problem, code, seed_offset=run)
                classes.append(growth.label if growth else "none")
                raws.append(fit.get("class") or "none")
            measured += 1
            same = len(set(classes)) == 1
            stable += same
            match = classes[0] == want.label
            matched += match
            raw_matched += raws[0] == want.label
            mark = "ok " if match else "MISS"
            print(
                f"{mark} {problem.id:34s} {key:9s} documented {want.label:8s} measured {' / '.join(classes):26s} counts alone {raws[0]}"
            )
    elapsed = time.perf_counter() - started
    if measured:
        print(f"\nmatched the documented class: {matched}/{measured} = {matched / measured:.1%}")
        print(f"same class on all {runs} runs: {stable}/{measured} = {stable / measured:.1%}")
        print(
            f"line counts alone (without the built-ins' work added back): {raw_matched}/{measured} = {raw_matched / measured:.1%}"
        )
        print(f"measuring took {elapsed:.0f} s")
    print(f"\nexcluded ({len(excluded)}), each with why:")
    for line in excluded:
        print(f"  {line}")


if __name__ == "__main__":
    main()
