"""How well bp_find_edge_cases finds planted bugs: mutants of every bank reference solution.

uv run python benchmarks/edge_cases.py                          # both languages, the whole bank
uv run python benchmarks/edge_cases.py --language python --limit 40 --seed 1
uv run python benchmarks/edge_cases.py --problems two-sum,house-robber --per-problem 4
uv run python benchmarks/edge_cases.py --throughput                # the batch child against a process per example

Every reference solution (Python through ``ast``, JavaScript through tree-sitter) is mutated by
four operators (``tests/mutation.py``): a bound off by one, the first guard removed, ``<`` and
``<=`` swapped, a base case changed. A mutant is kept only when it fails one of the problem's
tests (its examples and its hidden tests, written and generated), judged by the app as any
Submit is. Then ``bp_find_edge_cases`` runs on it with the problem as the oracle and the default
budget, and the figures are, per language:

- found: a counterexample within the budget (target: 90 % or more);
- no larger: the smallest counterexample reported is no larger (numbers, characters and lists
  counted) than the smallest test the mutant fails (the tests run smallest first, so a run that
  stops at its first failure, out of time, leaves no smaller test unjudged);
- the median time to the first counterexample (from the search's start, the children's start aside).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from codementor_desktop.domain.vocabulary import Caller  # noqa: E402
from codementor_desktop.edge_cases.search import input_size  # noqa: E402
from codementor_desktop.problems.judging import function_spec, visible_tests  # noqa: E402
from codementor_desktop.runner.child.python import literals  # noqa: E402
from codementor_desktop.runner.protocol import Limits  # noqa: E402
from codementor_desktop.tools.context import ToolContext  # noqa: E402
from codementor_desktop.tools.execution import hidden_tests  # noqa: E402
from tests.mutation import Mutant, mutants  # noqa: E402

CANDIDATES_PER_PROBLEM = 8  # mutants judged per problem, at most, to keep ``--per-problem`` of them


def _size(test_input: str) -> int:
    args, kwargs = literals.parse_arguments(test_input)
    return input_size([*args, *kwargs.values()])


def kept_mutants(services: Any, problem: Any, language: str, per_problem: int, rng: random.Random) -> list[dict]:
    """Mutants of ``problem``'s reference that fail one of its tests, with the smallest failing size."""
    tests = visible_tests(problem) + hidden_tests(problem, services.generated)
    # Smallest first: a run stops at a test out of time (or a crash), and the tests after it are not
    # known to fail; in this order the first failure is the smallest failing test.
    tests.sort(key=lambda t: _size(t["input"]))
    inputs = {t["test_id"]: t["input"] for t in tests}
    candidates = mutants(problem.reference_solution(language), language)
    rng.shuffle(candidates)
    kept: list[dict] = []
    for mutant in candidates[:CANDIDATES_PER_PROBLEM]:
        if len(kept) >= per_problem:
            break
        run = services.executor.judge(
            code=mutant.code,
            language=language,
            tests=tests,
            limits=Limits(timeout_seconds=2.0, run_seconds=30.0),
            function=function_spec(problem, language),
            compare=problem.compare,
            checker=problem.checker,
        )
        if run.get("verdict") == "CE" or run.get("all_passed"):
            continue  # does not compile, or no test tells it from the reference
        failing = [r["test_id"] for r in run["test_results"] if r.get("verdict") != "AC"]
        if not failing:
            failing = [t["test_id"] for t in tests[len(run["test_results"]) :]]  # it stopped before them
        sizes = [_size(inputs[test_id]) for test_id in failing if test_id in inputs]
        kept.append({"problem": problem.id, "mutant": mutant, "smallest_failing": min(sizes) if sizes else None})
    return kept


def search(services: Any, problem_id: str, language: str, mutant: Mutant) -> dict:
    arguments = {"language": language, "code": mutant.code, "problem_id": problem_id}
    started = time.perf_counter()
    result = services.registry.call("bp_find_edge_cases", arguments, ToolContext(caller=Caller.CLI, learner="ada"))
    result["wall_s"] = time.perf_counter() - started
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--language", choices=["python", "javascript", "both"], default="both")
    parser.add_argument("--limit", type=int, default=0, help="mutants per language, at most (0: all kept)")
    parser.add_argument("--per-problem", type=int, default=2, help="mutants kept per problem and language")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--problems", default="", help="comma-separated problem ids (default: the whole bank)")
    parser.add_argument(
        "--verbose",
        action="store_true",
        help="a line per mutant: its counterexample's size against the smallest failing test's",
    )
    parser.add_argument("--throughput", action="store_true", help="only: examples a second, batched or not")
    args = parser.parse_args(argv)

    import os

    os.environ["CODEMENTOR_HOME"] = tempfile.mkdtemp(prefix="codementor-bench-")
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.tools.services import Services

    services = Services.build(credentials=Credentials(use_keyring=False))
    if args.throughput:
        try:
            for language in ["python", "javascript"] if args.language == "both" else [args.language]:
                _throughput(services, language)
        finally:
            services.close()
        return
    languages = ["python", "javascript"] if args.language == "both" else [args.language]
    wanted = {p for p in args.problems.split(",") if p}
    problems = [p for p in services.bank.all() if not wanted or p.id in wanted]
    print(f"seed {args.seed}, {len(problems)} problems, default budget, per problem {args.per_problem}")
    try:
        for language in languages:
            _language(services, language, problems, args)
    finally:
        services.close()


def _throughput(services: Any, language: str, count: int = 200, batch: int = 20) -> None:
    """Examples a second through one batch child, against one child process per example."""
    from codementor_desktop.runner.batches import BatchChild

    problem = services.bank.get("two-sum")
    code = problem.reference_solution(language)
    function = function_spec(problem, language)
    inputs = [f"[{i},{i + 1},{i + 2}], {2 * i + 3}" for i in range(count)]
    limits = Limits(timeout_seconds=1.0, run_seconds=60.0)
    started = time.perf_counter()
    with BatchChild(services.executor.backend, language, code, function=function, limits=limits) as child:
        for start in range(0, count, batch):
            child.answers(inputs[start : start + batch])
    batched = time.perf_counter() - started
    single = min(count, 20)
    started = time.perf_counter()
    for text in inputs[:single]:
        services.executor.judge(
            code=code, language=language, tests=[{"test_id": 1, "input": text}], limits=limits, function=function
        )
    per_process = (time.perf_counter() - started) / single
    print(f"{language}: batch child {count / batched:.0f} examples/s ({count} in {batched:.2f} s, batches of {batch}, "
          f"its start included); a process per example {1 / per_process:.1f} examples/s; "
          f"ratio {per_process * count / batched:.1f}x")  # fmt: skip


def _language(services: Any, language: str, problems: list, args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    kept: list[dict] = []
    for problem in sorted(problems, key=lambda p: p.id):
        if args.limit and len(kept) >= args.limit:
            break
        kept += kept_mutants(services, problem, language, args.per_problem, rng)
    if args.limit:
        kept = kept[: args.limit]
    found = no_larger = 0
    firsts: list[int] = []
    by_operator: Counter[str] = Counter()
    found_by_operator: Counter[str] = Counter()
    missed: list[str] = []
    for item in kept:
        mutant: Mutant = item["mutant"]
        result = search(services, item["problem"], language, mutant)
        cases = result.get("edge_cases") or []
        by_operator[mutant.operator] += 1
        smallest = None
        if cases:
            found += 1
            found_by_operator[mutant.operator] += 1
            smallest = min(input_size(list(c["input"].values())) for c in cases)
            if item["smallest_failing"] is None or smallest <= item["smallest_failing"]:
                no_larger += 1
            if result.get("first_found_ms") is not None:
                firsts.append(result["first_found_ms"])
        else:
            missed.append(f"{item['problem']}:{mutant.operator}#{mutant.site} ({result.get('status')}, "
                          f"{result.get('examples_run')} examples)")  # fmt: skip
        if args.verbose:
            minimal = next((c for c in cases if c["minimal"]), cases[0] if cases else None)
            shown = json.dumps(minimal["input"])[:80] if minimal else "-"
            larger = (
                smallest is not None and item["smallest_failing"] is not None and smallest > item["smallest_failing"]
            )
            sizes = f"size {smallest if smallest is not None else '-'}/{item['smallest_failing']}"
            print(f"  {language} {item['problem']:34} {mutant.operator:19}#{mutant.site:<2} "
                  f"{'found' if cases else 'MISSED':6} {result['wall_s']:5.1f}s {sizes:12} {'LARGER ' if larger else ''}"
                  f"{shown}", flush=True)  # fmt: skip
    total = len(kept)
    pct = (lambda n: f"{100 * n / total:.1f}%") if total else (lambda n: "-")
    median = f"{statistics.median(firsts):.0f} ms" if firsts else "-"
    print(f"{language}: mutants kept {total}, found within budget {found} ({pct(found)}), "
          f"counterexample no larger than the smallest failing test {no_larger} ({pct(no_larger)}), "
          f"median time to first counterexample {median}")  # fmt: skip
    for operator, count in sorted(by_operator.items()):
        print(f"  {operator:20} {found_by_operator[operator]}/{count}")
    for line in missed:
        print(f"  missed {line}")


if __name__ == "__main__":
    main()
