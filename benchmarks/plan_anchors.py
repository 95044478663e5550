"""How often the lines guessed for an unanchored plan's steps are the right ones.

uv run python benchmarks/plan_anchors.py            # per-step hit and exact-match rates
uv run python benchmarks/plan_anchors.py --steps    # and every step with its guess

Reads ``benchmarks/data/plan_anchors.toml``: plans written in a learner's words for bank problems'
reference solutions, each step with the lines it truly stands for. For every step the guesser
(``analysis.plan_anchors.guess_lines``) is given the plan's words and the code; a step is a hit when
the guessed lines overlap the true ones, an exact match when they are the same set.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from codementor_desktop.analysis.plan_anchors import guess_lines  # noqa: E402
from codementor_desktop.problems.bank import load_bank  # noqa: E402
from codementor_desktop.resources import builtin_problems_dir  # noqa: E402

DATA = REPO / "benchmarks" / "data" / "plan_anchors.toml"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", action="store_true", help="print every step with its guess")
    show = parser.parse_args().steps
    plans = tomllib.loads(DATA.read_text("utf-8"))["plans"]
    bank = load_bank([builtin_problems_dir()])
    totals: dict[str, list[int]] = {}  # language -> [steps, hits, exact, guessed at all]
    plan_hits = []
    for plan in plans:
        problem = bank.get(plan["problem"])
        if problem is None:
            raise SystemExit(f"no problem {plan['problem']!r} in the bank")
        code = problem.reference_solution(plan["language"])
        texts = [step["text"] for step in plan["steps"]]
        guesses = guess_lines(texts, code, plan["language"])
        counts = totals.setdefault(plan["language"], [0, 0, 0, 0])
        hits = 0
        for step, guess in zip(plan["steps"], guesses, strict=True):
            truth = set(step["lines"])
            hit = bool(truth & set(guess))
            exact = truth == set(guess)
            counts[0] += 1
            counts[1] += hit
            counts[2] += exact
            counts[3] += bool(guess)
            hits += hit
            if show:
                mark = "=" if exact else ("~" if hit else "x")
                print(f"{mark} {plan['problem']:32} {step['text'][:60]:60} true {sorted(truth)} guessed {list(guess)}")
        plan_hits.append(hits / len(plan["steps"]))
    if show:
        print()
    print(f"{len(plans)} plans, {sum(c[0] for c in totals.values())} steps")
    for language, (steps, hits, exact, guessed) in sorted(totals.items()):
        print(f"{language:11} steps {steps:3}  hit rate {hits / steps:6.1%}  exact match {exact / steps:6.1%}  "
              f"a line guessed {guessed / steps:6.1%}")  # fmt: skip
    steps = sum(c[0] for c in totals.values())
    hits = sum(c[1] for c in totals.values())
    exact = sum(c[2] for c in totals.values())
    print(f"{'all':11} steps {steps:3}  hit rate {hits / steps:6.1%}  exact match {exact / steps:6.1%}")
    print(f"plans with every step hit: {sum(1 for h in plan_hits if h == 1.0)} of {len(plans)}")


if __name__ == "__main__":
    main()
