"""False alarms of bp_find_edge_cases: cases reported on code the bank accepts.

uv run python benchmarks/edge_case_false_alarms.py                       # the whole bank, 3 s a search
uv run python benchmarks/edge_case_false_alarms.py --quick               # the hand-written variants, and
                                                                         # one problem a topic, 1.5 s
uv run python benchmarks/edge_case_false_alarms.py --problems two-sum,kth-largest-element --budget 5

For every bank problem, ``bp_find_edge_cases`` runs with ``problem_id`` and the default categories
on accepted solutions: the Python reference, the JavaScript reference (with Node 18+), the Python
slow solution, and, for a few problems, hand-written accepted variants that differ from the
reference only outside the problem's promises (another order where the compare is unordered, an
input the precondition excludes handled otherwise). Every case reported on them is a false alarm,
except a case the slow solution only takes too long on (TLE): it is genuinely slower, and those are
counted apart. The figures: per language and kind of solution, the runs, the false alarms, and
every false alarm listed with its input.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from codementor_desktop.domain.vocabulary import Caller  # noqa: E402
from codementor_desktop.runner.node import find_node  # noqa: E402
from codementor_desktop.tools.context import ToolContext  # noqa: E402


@dataclass(frozen=True)
class Solution:
    problem_id: str
    kind: str  # reference, slow, variant:<name>
    language: str
    code: str


# Accepted code that differs from the reference only outside the promises (each passes the bank's
# tests: the benchmark checks that before it searches).
VARIANTS: dict[str, dict[str, str]] = {
    "two-sum": {
        # No pair is outside the promise of exactly one: None there, not [].
        "dict_none": """def two_sum(nums, target):
    where = {value: i for i, value in enumerate(nums)}
    for i, value in enumerate(nums):
        j = where.get(target - value)
        if j is not None and j != i:
            return sorted([i, j])
    return None
""",
        # From the end: where several pairs would sum, another pair (several are excluded).
        "brute_from_the_end": """def two_sum(nums, target):
    for j in range(len(nums) - 1, 0, -1):
        for i in range(j - 1, -1, -1):
            if nums[i] + nums[j] == target:
                return [i, j]
""",
    },
    "group-anagrams": {
        # The groups and the words in them in another order: the compare is unordered.
        "reversed_order": """def group_anagrams(words):
    groups = {}
    for word in reversed(words):
        groups.setdefault("".join(sorted(word)), []).append(word)
    return [group for group in reversed(list(groups.values()))]
""",
    },
    "kth-largest-element": {
        # k above the length is excluded (k <= len(nums)): an error there.
        "sorted_raises_outside": """def kth_largest(nums, k):
    if k > len(nums):
        raise ValueError("k is larger than the list")
    return sorted(nums, reverse=True)[k - 1]
""",
    },
    "sliding-window-maximum": {
        # The same k <= len(nums) promise: an empty answer where the reference gives another.
        "brute_outside_empty": """def window_maxima(nums, k):
    if k > len(nums):
        return []
    return [max(nums[i:i + k]) for i in range(len(nums) - k + 1)]
""",
    },
    "merge-intervals": {
        # An interval whose start is after its end is excluded: left as it is here.
        "sorted_by_start": """def merge_intervals(intervals):
    merged = []
    for start, end in sorted(intervals, key=lambda iv: iv[0]):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return merged
""",
    },
}


def solutions(problems: list[Any], languages: list[str]) -> list[Solution]:
    out: list[Solution] = []
    for problem in problems:
        if "python" in languages:
            out.append(Solution(problem.id, "reference", "python", problem.solutions.python))
        if "javascript" in languages:
            out.append(Solution(problem.id, "reference", "javascript", problem.solutions.javascript))
        if "python" in languages:
            out.append(Solution(problem.id, "slow", "python", problem.solutions.python_slow))
            for name, code in VARIANTS.get(problem.id, {}).items():
                out.append(Solution(problem.id, f"variant:{name}", "python", code))
    return out


def accepted(services: Any, problem: Any, solution: Solution) -> bool:
    """Whether the bank's tests accept ``solution`` (a variant must be right to count)."""
    from codementor_desktop.problems.judging import function_spec, visible_tests
    from codementor_desktop.runner.protocol import Limits
    from codementor_desktop.tools.execution import hidden_tests

    tests = visible_tests(problem) + hidden_tests(problem, services.generated)
    run = services.executor.judge(
        code=solution.code, language=solution.language, tests=tests,
        limits=Limits(timeout_seconds=10.0, run_seconds=60.0), function=function_spec(problem, solution.language),
        compare=problem.compare, checker=problem.checker,
    )  # fmt: skip
    return bool(run.get("all_passed"))


def search(services: Any, solution: Solution, budget: float) -> dict[str, Any]:
    arguments = {"language": solution.language, "code": solution.code, "problem_id": solution.problem_id,
                 "budget_s": budget}  # fmt: skip
    return services.registry.call("bp_find_edge_cases", arguments, ToolContext(caller=Caller.CLI, learner="ada"))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--budget", type=float, default=3.0, help="seconds a search (default 3)")
    parser.add_argument("--problems", default="", help="comma-separated problem ids (default: the whole bank)")
    parser.add_argument("--language", choices=["python", "javascript", "both"], default="both")
    parser.add_argument(
        "--quick", action="store_true", help="the problems with variants and one more a topic, 1.5 s a search"
    )
    parser.add_argument("--verbose", action="store_true", help="a line per search")
    args = parser.parse_args(argv)

    os.environ["CODEMENTOR_HOME"] = tempfile.mkdtemp(prefix="codementor-bench-")
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.tools.services import Services

    services = Services.build(credentials=Credentials(use_keyring=False))
    languages = ["python", "javascript"] if args.language == "both" else [args.language]
    if "javascript" in languages and find_node()[0] is None:
        print("no Node.js 18+ on this machine: JavaScript references are left out")
        languages.remove("javascript")
    wanted = {p for p in args.problems.split(",") if p}
    problems = [p for p in services.bank.all() if not wanted or p.id in wanted]
    budget = args.budget
    if args.quick:
        first_of_topic = {}
        for problem in problems:
            first_of_topic.setdefault(problem.topic, problem.id)
        keep = set(VARIANTS) | set(first_of_topic.values())
        problems = [p for p in problems if p.id in keep]
        budget = min(budget, 1.5)
    print(f"{len(problems)} problems, {budget:g} s a search, languages: {', '.join(languages)}")
    started = time.perf_counter()
    try:
        report(services, problems, solutions(problems, languages), budget, args.verbose)
    finally:
        services.close()
    print(f"wall time {time.perf_counter() - started:.0f} s")


def report(services: Any, problems: list[Any], todo: list[Solution], budget: float, verbose: bool) -> None:
    by_id = {p.id: p for p in problems}
    runs: dict[tuple[str, str], int] = defaultdict(int)
    alarms: dict[tuple[str, str], int] = defaultdict(int)  # searches with a false alarm
    slow_only: dict[tuple[str, str], int] = defaultdict(int)
    listed: list[str] = []
    errors: list[str] = []
    for solution in todo:
        group = (solution.language, solution.kind.split(":")[0])
        if solution.kind.startswith("variant") and not accepted(services, by_id[solution.problem_id], solution):
            errors.append(f"{solution.problem_id} {solution.kind}: the variant fails the bank's tests (not counted)")
            continue
        result = search(services, solution, budget)
        if result.get("status") != "completed":
            errors.append(f"{solution.problem_id} {solution.kind} {solution.language}: {result.get('status')} "
                          f"{result.get('error_code') or result.get('verdict') or ''} "
                          f"{str(result.get('error_message') or '')[:160]}")  # fmt: skip
            continue
        runs[group] += 1
        cases = result.get("edge_cases") or []
        if solution.kind == "slow":
            slow = [c for c in cases if c.get("verdict") == "TLE"]
            cases = [c for c in cases if c.get("verdict") != "TLE"]
            slow_only[group] += bool(slow)
        if cases:
            alarms[group] += 1
            for case in cases:
                listed.append(
                    f"{solution.problem_id} {solution.kind} {solution.language}: {case.get('verdict')} on "
                    f"{json.dumps(case.get('input'))[:160]} (category {case.get('category')}): gave "
                    f"{json.dumps(case.get('learner_output'))[:80]}, expected {json.dumps(case.get('expected_output'))[:80]}"
                    + (f"; {case.get('error_message')[:120]}" if case.get("error_message") else "")
                )
        if verbose:
            print(f"  {solution.problem_id:32} {solution.kind:28} {solution.language:10} cases {len(cases)} "
                  f"examples {result.get('examples_run')} {result.get('elapsed_ms')} ms", flush=True)  # fmt: skip
    print()
    print(f"{'language':12}{'solution':12}{'searches':>10}{'false alarms':>14}{'only slower (TLE)':>19}")
    for group in sorted(runs):
        print(f"{group[0]:12}{group[1]:12}{runs[group]:>10}{alarms[group]:>14}{slow_only.get(group, 0):>19}")
    for language in sorted({g[0] for g in runs}):
        total = sum(n for g, n in runs.items() if g[0] == language)
        false = sum(n for g, n in alarms.items() if g[0] == language)
        print(f"{language:12}{'all':12}{total:>10}{false:>14}")
    print(f"{'total':24}{sum(runs.values()):>10}{sum(alarms.values()):>14}{sum(slow_only.values()):>19}")
    print(f"\nfalse alarms ({len(listed)} cases in {sum(alarms.values())} searches):")
    for line in listed:
        print("  " + line)
    if errors:
        print(f"\nnot counted ({len(errors)}):")
        for line in errors:
            print("  " + line)


if __name__ == "__main__":
    main()
