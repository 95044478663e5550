"""How much a judged run costs over starting a bare interpreter, measured side by side.

For each round, in alternation: a bare ``python -I -S -c pass`` and an in-process
``registry.call("execute_code", ...)`` on a 10-test Python problem (each a fresh child process).
Prints the medians and their ratio. Target: at most 3x.

Then the same for JavaScript: a bare ``node -e 0`` and ``registry.call("bp_execute", ...)`` on a
JavaScript two-sum (a fresh Node child with the harness, the heap and data limits and the
permission model), side by side. Target: at most 1.5x.

Then isolation on and off, side by side: the same two calls with every containment layer this
machine offers (namespaces, Landlock, seccomp, rlimits, guard) and with the kernel's layers
switched off (rlimits and guard), in alternation. Target: on costs at most 1.3x off.

Then the per-test coverage pass: a two-sum judged on 10 tests of which one is wrong, with and
without the untimed second pass that gives each test its lines (``runner/coverage_pass.py``),
in alternation, for each language: how much longer an execute_code with a failing test takes.

    uv run python benchmarks/execution.py [--rounds 40] [--isolation-only] [--coverage-only]
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
    parser.add_argument("--isolation-only", action="store_true", help="only the isolation on/off comparison")
    parser.add_argument("--coverage-only", action="store_true", help="only the per-test coverage pass's cost")
    options = parser.parse_args()
    rounds = options.rounds
    os.environ["CODEMENTOR_HOME"] = tempfile.mkdtemp(prefix="codementor-bench-")
    if options.isolation_only:
        isolation(rounds)
        return
    if options.coverage_only:
        coverage_pass(rounds)
        return
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

    javascript(rounds)
    isolation(rounds)
    coverage_pass(rounds)


JS_SOLUTION = """function twoSum(nums, target) {
  const seen = new Map();
  for (let j = 0; j < nums.length; j++) {
    if (seen.has(target - nums[j])) return [seen.get(target - nums[j]), j];
    seen.set(nums[j], j);
  }
  return [];
}
"""


def javascript(rounds: int) -> None:
    """bp_execute on JavaScript against a bare ``node -e 0``, started side by side."""
    from codementor_desktop.domain.vocabulary import Caller
    from codementor_desktop.runner.node import find_node
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.tools.context import ToolContext
    from codementor_desktop.tools.services import Services

    node, why = find_node()
    if node is None:
        print(f"javascript: skipped ({why})")
        return
    services = Services.build(credentials=Credentials(use_keyring=False))
    arguments = {"language": "javascript", "code": JS_SOLUTION, "input_data": [[2, 7, 11, 15], 9]}
    context = ToolContext(caller=Caller.PERSON, learner="bench")
    bare_command = [node.path, "-e", "0"]
    # The child's environment, for both: a variable such as NODE_EXTRA_CA_CERTS makes every Node
    # start slower (it loads certificates), and the child never sees it.
    from codementor_desktop.runner.local import scrubbed_environment

    environment = scrubbed_environment(tempfile.gettempdir())
    for _ in range(3):
        subprocess.run(bare_command, check=True, env=environment)
        services.registry.call("bp_execute", arguments, context)
    bare, executed = [], []
    for _ in range(rounds):
        started = time.perf_counter()
        subprocess.run(bare_command, check=True, env=environment)
        bare.append(time.perf_counter() - started)
        started = time.perf_counter()
        result = services.registry.call("bp_execute", arguments, context)
        executed.append(time.perf_counter() - started)
        assert result["verdict"] == "AC" and result["return_value"] == "[0,1]", result
    services.close()
    b, e = statistics.median(bare), statistics.median(executed)
    print(f"node {node.version_text}")
    print(f"bare node -e 0              median {b * 1000:7.1f} ms")
    print(f"bp_execute (javascript)     median {e * 1000:7.1f} ms")
    print(f"ratio bp_execute / bare node: {e / b:.2f}x (target <= 1.5x)")


# ---------------------------------------------------------------- isolation on and off


def isolation(rounds: int) -> None:
    """execute_code (Python, 10 tests) and bp_execute (JavaScript) with the kernel's layers on and off."""
    from codementor_desktop.domain.vocabulary import Caller
    from codementor_desktop.runner.containment import Switches
    from codementor_desktop.runner.local import LocalRunner
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.tools.context import ToolContext
    from codementor_desktop.tools.services import Services

    services = Services.build(credentials=Credentials(use_keyring=False))
    problem = services.bank.get("two-sum")
    cases = [*problem.examples, *problem.tests][:10]
    calls = {
        "python execute_code (10 tests)": (
            "execute_code",
            {
                "code": SOLUTION,
                "language": "python",
                "problem_id": "two-sum",
                "test_cases": [
                    {"test_id": i + 1, "input": c.input, "expected_output": c.output} for i, c in enumerate(cases)
                ],
            },
        ),
    }
    on, off = LocalRunner(), LocalRunner(layers=Switches(namespaces=False, landlock=False, seccomp=False))
    if on.node is not None:
        calls["javascript bp_execute"] = (
            "bp_execute",
            {"language": "javascript", "code": JS_SOLUTION, "input_data": [[2, 7, 11, 15], 9]},
        )
    context = ToolContext(caller=Caller.PERSON, learner="bench")
    layers: dict[tuple[str, str], list[str]] = {}
    times: dict[tuple[str, str], list[float]] = {(name, side): [] for name in calls for side in ("on", "off")}
    for round_number in range(rounds + 3):  # the first three warm the page cache
        for name, (tool, arguments) in calls.items():
            for side, runner in (("on", on), ("off", off)):
                services.executor.backend = runner
                started = time.perf_counter()
                result = services.registry.call(tool, arguments, context)
                elapsed = time.perf_counter() - started
                assert result["verdict"] == "AC", result
                layers[(name, side)] = result["containment"]
                if round_number >= 3:
                    times[(name, side)].append(elapsed)
    services.close()
    print(f"{'':32} {'on':>9} {'off':>9}  ratio on / off")
    for name in calls:
        on_ms = statistics.median(times[(name, "on")]) * 1000
        off_ms = statistics.median(times[(name, "off")]) * 1000
        print(f"{name:32} {on_ms:6.1f} ms {off_ms:6.1f} ms  {on_ms / off_ms:.2f}x (target <= 1.3x)")
    for name in calls:
        print(f"  {name}: on = {', '.join(layers[(name, 'on')])}; off = {', '.join(layers[(name, 'off')])}")


# ---------------------------------------------------------------- the per-test coverage pass


def coverage_pass(rounds: int) -> None:
    """A judged run with one wrong test, with and without its coverage pass, side by side."""
    from codementor_desktop.problems.judging import function_spec
    from codementor_desktop.runner.executor import Executor
    from codementor_desktop.runner.local import LocalRunner
    from codementor_desktop.runner.protocol import Limits
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.tools.services import Services

    services = Services.build(credentials=Credentials(use_keyring=False))
    problem = services.bank.get("two-sum")
    services.close()
    cases = [*problem.examples, *problem.tests][:10]
    tests = [{"test_id": i + 1, "input": c.input, "expected_output": c.output} for i, c in enumerate(cases)]
    tests[-1]["expected_output"] = "[0,0]"  # one wrong test: the pass runs
    runner = LocalRunner()
    executor = Executor(runner)
    solutions = {"python": SOLUTION}
    if runner.node is not None:
        solutions["javascript"] = JS_SOLUTION
    print(f"{'one wrong test of 10':32} {'timed only':>11} {'with pass':>10}  ratio")
    for language, code in solutions.items():
        function = function_spec(problem, language)
        times: dict[bool, list[float]] = {False: [], True: []}
        for round_number in range(rounds + 3):  # the first three warm the page cache
            for per_test in (False, True):
                started = time.perf_counter()
                run = executor.judge(
                    code=code, language=language, tests=tests, limits=Limits(), function=function,
                    compare=problem.compare, per_test_coverage=per_test,
                )  # fmt: skip
                elapsed = time.perf_counter() - started
                assert run["verdict"] == "WA" and run["tests_run"] == 10, run
                assert not per_test or all("covered_lines" in t for t in run["test_results"]), run
                if round_number >= 3:
                    times[per_test].append(elapsed)
        plain, covered = statistics.median(times[False]) * 1000, statistics.median(times[True]) * 1000
        print(f"{language + ' judge (10 tests)':32} {plain:8.1f} ms {covered:7.1f} ms  {covered / plain:.2f}x")


if __name__ == "__main__":
    main()
