"""How well the offline coach reads a learner's words, and how fast.

uv run python benchmarks/intent_accuracy.py             # per-want precision and recall, timings
uv run python benchmarks/intent_accuracy.py --wrong     # and every message read wrong

Reads the labelled corpus of ``tests/understanding_corpus.py`` (its tuning part and its held-out
part, written afterwards and never tuned on) with ``read()``, and prints per want the precision and
recall of the want, the share of cases read entirely right (want, fit, names and concepts where the
case states them), the median and 95th percentile time of one ``read()`` and of building a
``Vocabulary`` for each bank problem with fresh caches.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from codementor_desktop.problems.bank import load_bank  # noqa: E402
from codementor_desktop.resources import builtin_problems_dir  # noqa: E402
from codementor_desktop.tutor.understanding import Vocabulary, Want, read  # noqa: E402
from codementor_desktop.tutor.understanding import vocabulary as vocabulary_module  # noqa: E402
from tests.understanding_corpus import HELD_OUT, TUNING, Case, expectation, mistakes, vocabulary  # noqa: E402


def _table(name: str, cases: tuple[Case, ...], show_wrong: bool) -> None:
    said_as: Counter[Want] = Counter()
    labelled: Counter[Want] = Counter()
    hits: Counter[Want] = Counter()
    whole = 0
    wrong = []
    for case in cases:
        reading = read(case.said, vocabulary(case.code), expectation(case))
        said_as[reading.want] += 1
        labelled[case.want] += 1
        hits[case.want] += reading.want is case.want
        errors = mistakes(case, reading)
        whole += not errors
        if errors:
            wrong.append(f"  {case.said!r} ({case.code}, {case.expect}): {'; '.join(errors)}")
    right = sum(hits.values())
    print(f"\n{name}: {len(cases)} messages, want right {right}/{len(cases)} ({right / len(cases):.1%}), "
          f"entirely right {whole}/{len(cases)} ({whole / len(cases):.1%})")  # fmt: skip
    print(f"  {'want':<12} {'n':>4} {'precision':>10} {'recall':>8}")
    for want in Want:
        precision = hits[want] / said_as[want] if said_as[want] else float("nan")
        recall = hits[want] / labelled[want] if labelled[want] else float("nan")
        print(f"  {want.value:<12} {labelled[want]:>4} {precision:>10.2f} {recall:>8.2f}")
    solution_slips = sum(
        1
        for case in cases
        if (case.want is Want.SOLUTION)
        != (read(case.said, vocabulary(case.code), expectation(case)).want is Want.SOLUTION)
    )
    print(f"  solution requests told apart from other messages: {solution_slips} slips")
    if show_wrong and wrong:
        print("\n".join(wrong))


def _timings() -> None:
    cases = TUNING + HELD_OUT
    for case in cases:  # warm: the vocabularies are built once per (problem, code) in the coach too
        vocabulary(case.code)
    rounds: list[list[float]] = []
    for _ in range(5):
        times = []
        for case in cases:
            started = time.perf_counter()
            read(case.said, vocabulary(case.code), expectation(case))
            times.append(time.perf_counter() - started)
        rounds.append(times)
    every = sorted(t for times in rounds for t in times)
    # the best of the five rounds per message: what a reading costs without the machine's other load
    best = sorted(min(times) for times in zip(*rounds, strict=True))
    first = sorted(rounds[0])  # the first round: word corrections not yet cached
    for name, values in (("all reads", every), ("first round", first), ("best of 5 per message", best)):
        print(f"read(), {name}: median {statistics.median(values) * 1000:.3f} ms, "
              f"95th percentile {values[int(0.95 * len(values))] * 1000:.3f} ms over {len(values)}")  # fmt: skip

    bank = load_bank([builtin_problems_dir()])
    building = []
    for problem in bank.all():
        vocabulary_module._PROBLEM_PARTS.clear()
        vocabulary_module.code_names.cache_clear()
        code = problem.reference_solution("python")
        started = time.perf_counter()
        Vocabulary.of(problem, code, "python")
        building.append(time.perf_counter() - started)
    building.sort()
    print(f"Vocabulary.of (fresh caches, reference code): median {statistics.median(building) * 1000:.2f} ms, "
          f"max {building[-1] * 1000:.2f} ms over {len(building)} bank problems")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--wrong", action="store_true", help="list every message read wrong")
    args = parser.parse_args()
    _table("tuning", TUNING, args.wrong)
    _table("held out", HELD_OUT, args.wrong)
    _table("all", TUNING + HELD_OUT, False)
    _timings()


if __name__ == "__main__":
    main()
