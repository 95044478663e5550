"""What the built-in bank covers: its size, each topic's problems by level, each technique's count,
and the problems' written cases, against what the bank promises (150 problems, 25 to 30 per topic,
a third easy, half medium, a sixth hard, every technique at least four times).

uv run python benchmarks/bank_coverage.py
"""

from __future__ import annotations

from collections import Counter

from codementor_desktop.domain.vocabulary import TECHNIQUES, Difficulty, Topic
from codementor_desktop.problems.bank import load_bank
from codementor_desktop.resources import builtin_problems_dir


def main() -> None:
    bank = load_bank([builtin_problems_dir()])
    problems = bank.all()
    print(f"problems: {len(problems)} (files that did not load: {len(bank.errors)})")
    levels = Counter(p.difficulty for p in problems)
    shares = ", ".join(f"{level.value} {levels[level]} ({levels[level] / len(problems):.0%})" for level in Difficulty)
    print(f"levels: {shares}")
    print("topic                 problems  easy medium hard  (a problem counts for every topic it lists)")
    for topic in Topic:
        of_topic = [p for p in problems if topic in p.topics]
        by_level = Counter(p.difficulty for p in of_topic)
        counts = "  ".join(f"{by_level[level]:4d}" for level in Difficulty)
        ok = "ok" if 25 <= len(of_topic) <= 30 else "OUT OF 25-30"
        print(f"  {topic.value:20} {len(of_topic):8d}  {counts}   {ok}")
    used = Counter(tag for p in problems for tag in p.techniques)
    print("techniques (fewest first):")
    for tag in sorted(TECHNIQUES, key=lambda t: (used[t], t)):
        print(f"  {tag:18} {used[tag]:3d}{'' if used[tag] >= 4 else '   UNDER 4'}")
    written = [len(p.examples) + len(p.tests) for p in problems]
    generated = [len(p.generator.sizes) for p in problems]
    print(
        f"cases per problem: written {min(written)}-{max(written)} (median {sorted(written)[len(written) // 2]}), "
        f"generated {min(generated)}-{max(generated)}; with a precondition: {sum(bool(p.precondition) for p in problems)}"
    )


if __name__ == "__main__":
    main()
