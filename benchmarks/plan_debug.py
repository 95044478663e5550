"""How long ``bp_debug_plan`` (``/debug``) takes on the bank's slow solutions.

uv run python benchmarks/plan_debug.py              # every bank problem's python_slow
uv run python benchmarks/plan_debug.py --sample 30  # the first 30 problems by id
uv run python benchmarks/plan_debug.py --each       # and each problem's time and outcome

For each problem, the plan is its hints taken as steps, unanchored (so the lines are guessed, as
for a learner who wrote none), each step expecting that the function's first argument is still
there (``nums is not None``): an expectation true wherever it is checked, so every guessed line of
every step is evaluated in the traced run. Each call is timed whole, as the window's ``/debug``
waits for it: the visible tests, the traced run with its checks, the drawings, the flow diagram
and the report. Prints the median, the 90th percentile and the maximum; the goal is a median
under 3 s. Runs locally in real child processes, one call at a time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=0, help="only the first N problems by id (0: all)")
    parser.add_argument("--each", action="store_true", help="print each problem's time and outcome")
    options = parser.parse_args()
    os.environ["CODEMENTOR_HOME"] = tempfile.mkdtemp(prefix="plan-debug-bench-")

    from codementor_desktop.domain.vocabulary import Caller
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.tools.context import ToolContext
    from codementor_desktop.tools.services import Services

    services = Services.build(credentials=Credentials(use_keyring=False))
    try:
        problems = sorted(services.bank.problems.values(), key=lambda p: p.id)
        problems = [p for p in problems if p.solutions.python_slow.strip()]
        if options.sample:
            problems = problems[: options.sample]
        # One call first, untimed: the first child of a run pays for imports no later one does.
        warm = problems[0]
        services.registry.call("bp_debug_plan", _arguments(warm), ToolContext(caller=Caller.PERSON))
        times: list[float] = []
        outcomes: Counter[str] = Counter()
        for problem in problems:
            started = time.perf_counter()
            result = services.registry.call("bp_debug_plan", _arguments(problem), ToolContext(caller=Caller.PERSON))
            seconds = time.perf_counter() - started
            times.append(seconds)
            outcome = result.get("outcome") or f"error {result.get('error_code')}"
            outcomes[outcome] += 1
            if options.each:
                tests = result.get("tests") or {}
                print(
                    f"{problem.id:36} {seconds:6.2f} s  {outcome:15} tests {tests.get('passed')}/{tests.get('total')}"
                )
    finally:
        services.close()
    times.sort()
    print(f"bp_debug_plan on {len(times)} bank problems' python_slow, plans of their hints (unanchored)")
    print(f"median {statistics.median(times):.2f} s  p90 {times[int(0.9 * (len(times) - 1))]:.2f} s  "
          f"max {times[-1]:.2f} s  min {times[0]:.2f} s  (goal: median under 3 s)")  # fmt: skip
    print("outcomes: " + ", ".join(f"{name} {count}" for name, count in outcomes.most_common()))


def _arguments(problem) -> dict:  # noqa: ANN001 - a bank Problem
    params = problem.function.params
    expect = f"{params[0].name} is not None" if params else ""
    plan = [{"text": hint[:500], "expect": expect} for hint in problem.hints]
    return {"language": "python", "code": problem.solutions.python_slow, "problem_id": problem.id, "plan": plan}


if __name__ == "__main__":
    main()
