"""The planted-bug corpus: one-line bugs planted in the bank's reference solutions, each verified to
fail at least one of the problem's tests, with its line known.

uv run python benchmarks/planted_bugs.py                              # Python, 2 bugs a problem
uv run python benchmarks/planted_bugs.py --language javascript --limit 20
uv run python benchmarks/planted_bugs.py --write corpus.json          # the corpus as JSON

The corpus is REGENERATED identically each time, not stored: the problems in id order, each
reference's one-line bugs (``tests/planted_bugs.py``: ten operators, every site) in an order fixed
by ``--seed`` and the problem's id, tried in that order until ``--per-problem`` of them fail a
test. A bug is verified by ``execute_code`` with the problem's visible and hidden tests (written
and generated), judged as any Submit; a bug that does not compile, passes every test, or only
runs out of time on the large tests is not kept (no test tells it from the reference by its
answers). ``benchmarks/fault_localization.py`` reads the same corpus.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from codementor_desktop.domain.vocabulary import Caller  # noqa: E402
from codementor_desktop.tools.context import ToolContext  # noqa: E402
from tests.planted_bugs import PlantedBug, planted_bugs, sample  # noqa: E402

TRIED_PER_PROBLEM = 8  # bugs judged per problem at most, to keep ``per_problem`` of them


@dataclass
class Verified:
    problem_id: str
    language: str
    bug: PlantedBug
    run: dict[str, Any]  # the execute_code result (visible and hidden tests)

    @property
    def failing(self) -> list[dict[str, Any]]:
        return [t for t in self.run.get("test_results", []) if t.get("verdict") not in ("AC", None)]


def services_in_a_fresh_home() -> Any:
    os.environ["CODEMENTOR_HOME"] = tempfile.mkdtemp(prefix="codementor-bench-")
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.tools.services import Services

    return Services.build(credentials=Credentials(use_keyring=False))


def context() -> ToolContext:
    return ToolContext(caller=Caller.CLI, learner="ada")


def judge(services: Any, problem_id: str, language: str, code: str, timeout: int = 2) -> dict[str, Any]:
    arguments = {
        "problem_id": problem_id,
        "language": language,
        "code": code,
        "include_hidden": True,
        "test_cases": [],
        "timeout": timeout,
    }
    return services.registry.call("execute_code", arguments, context())


def verified_bugs(
    services: Any, language: str, *, per_problem: int = 2, limit: int = 0, seed: int = 0, problems: str = ""
) -> Iterator[Verified]:
    """The corpus, bug by bug, in its fixed order."""
    wanted = {p for p in problems.split(",") if p}
    kept = 0
    for problem in sorted(services.bank.all(), key=lambda p: p.id):
        if wanted and problem.id not in wanted:
            continue
        candidates = sample(planted_bugs(problem.reference_solution(language), language), 0, f"{seed}:{problem.id}")
        found = 0
        for bug in candidates[:TRIED_PER_PROBLEM]:
            if found >= per_problem or (limit and kept >= limit):
                break
            run = judge(services, problem.id, language, bug.code)
            verdicts = {t.get("verdict") for t in run.get("test_results", [])}
            if run.get("verdict") == "CE" or run.get("all_passed") or not verdicts - {"AC", "TLE", None}:
                continue  # not compiled, not caught, or only slow: no answer tells it apart
            found += 1
            kept += 1
            yield Verified(problem.id, language, bug, run)
        if limit and kept >= limit:
            return


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--language", choices=["python", "javascript"], default="python")
    parser.add_argument("--per-problem", type=int, default=2)
    parser.add_argument("--limit", type=int, default=0, help="bugs in all, at most (0: every problem's)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--problems", default="", help="comma-separated problem ids (default: the whole bank)")
    parser.add_argument("--write", type=Path, help="write the corpus as JSON to this file")
    args = parser.parse_args(argv)
    services = services_in_a_fresh_home()
    try:
        corpus = list(
            verified_bugs(
                services,
                args.language,
                per_problem=args.per_problem,
                limit=args.limit,
                seed=args.seed,
                problems=args.problems,
            )
        )
    finally:
        services.close()
    operators = Counter(v.bug.operator for v in corpus)
    print(f"{len(corpus)} planted one-line bugs ({args.language}, seed {args.seed}), each failing a test:")
    for operator, count in sorted(operators.items()):
        print(f"  {operator:20s} {count}")
    print(f"  problems: {len({v.problem_id for v in corpus})}")
    if args.write:
        rows = [
            {
                "problem_id": v.problem_id,
                "language": v.language,
                "operator": v.bug.operator,
                "line": v.bug.line,
                "original_line": v.bug.original_line,
                "planted_line": v.bug.planted_line,
                "code": v.bug.code,
                "failing_tests": [t.get("test_id") for t in v.failing],
            }
            for v in corpus
        ]
        args.write.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
        print(f"written to {args.write}")


if __name__ == "__main__":
    main()
