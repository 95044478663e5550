"""How much a judged run costs over starting a bare interpreter, measured side by side.

For each round, in alternation: a bare ``python -I -S -c pass`` and an in-process
``registry.call("execute_code", ...)`` on a 10-test Python problem (each a fresh child process).
Prints the medians and their ratio. Target: at most 3x.

    uv run python benchmarks/execution.py [--rounds 40]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

SOLUTION = """def two_sum(nums, target):
    seen = {}
    for j, value in enumerate(nums):
        if target - value in seen:
            return [seen[target - value], j]
        seen[value] = j
"""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=40)
    rounds = parser.parse_args().rounds
    os.environ["CODEMENTOR_HOME"] = tempfile.mkdtemp(prefix="codementor-bench-")
    from codementor_desktop.domain.vocabulary import Caller
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.tools.context import ToolContext
    from codementor_desktop.tools.services import Services

    services = Services.build(credentials=Credentials(use_keyring=False))
    problem = services.bank.get("two-sum")
    cases = [*problem.examples, *problem.tests][:10]
    arguments = {
        "code": SOLUTION,
        "language": "python",
        "problem_id": "two-sum",
        "test_cases": [{"test_id": i + 1, "input": c.input, "expected_output": c.output} for i, c in enumerate(cases)],
    }
    context = ToolContext(caller=Caller.PERSON, learner="bench")
    bare_command = [sys.executable, "-I", "-S", "-c", "pass"]

    for _ in range(3):  # warm the page cache and the database
        subprocess.run(bare_command, check=True)
        services.registry.call("execute_code", arguments, context)
    bare, judged = [], []
    for _ in range(rounds):
        started = time.perf_counter()
        subprocess.run(bare_command, check=True)
        bare.append(time.perf_counter() - started)
        started = time.perf_counter()
        result = services.registry.call("execute_code", arguments, context)
        judged.append(time.perf_counter() - started)
        assert result["verdict"] == "AC" and result["tests_run"] == 10, result
    services.close()
    b, j = statistics.median(bare), statistics.median(judged)
    print(f"rounds: {rounds}, tests per run: 10, python {sys.version.split()[0]}")
    print(f"bare python -I -S -c pass   median {b * 1000:7.1f} ms")
    print(f"execute_code (10 tests)     median {j * 1000:7.1f} ms")
    print(f"ratio execute_code / bare: {j / b:.2f}x (target <= 3x)")


if __name__ == "__main__":
    main()
