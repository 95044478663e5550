"""What each containment mode costs a run, measured side by side.

For each round, in alternation (the order of the modes turns each round, so that none is always
first after the bare start): a bare ``python -I -S -c pass``, then the same small Python program
run through the runner (``LocalRunner`` with ``execute_job``: a fresh child with its limits and
guard) once in each mode of ``runner.containment.MODES`` (all layers; no namespaces; seccomp
only; guard only). Then the same for JavaScript against a bare ``node -e 0``.

Prints, per mode, the median in milliseconds, its ratio to the bare start, the difference from
the bare start (the runner's whole cost: harness, limits, guard and layers) and from "guard only"
(what the kernel's layers themselves add): the README's sandbox section quotes these.

    uv run python benchmarks/containment_modes.py [--rounds 30]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

PYTHON = "def f(x):\n    return sum(range(x))\n"
JAVASCRIPT = "function f(x) {\n  let total = 0;\n  for (let i = 0; i < x; i++) total += i;\n  return total;\n}\n"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=30)
    rounds = parser.parse_args().rounds
    os.environ["CODEMENTOR_HOME"] = tempfile.mkdtemp(prefix="codementor-bench-")
    from codementor_desktop.runner.containment import probe
    from codementor_desktop.runner.node import find_node

    print(f"rounds: {rounds}, python {sys.version.split()[0]}, this machine offers: {probe().mode()}")
    measure("python", PYTHON, [sys.executable, "-I", "-S", "-c", "pass"], rounds)
    node, why = find_node()
    if node is None:
        print(f"javascript: skipped ({why})")
        return
    measure("javascript", JAVASCRIPT, [node.path, "-e", "0"], rounds)


def measure(language: str, code: str, bare_command: list[str], rounds: int) -> None:
    """One language: the bare start and a run in each mode, side by side, ``rounds`` times."""
    from codementor_desktop.runner.containment import GUARD_ONLY, MODES
    from codementor_desktop.runner.local import LocalRunner, scrubbed_environment
    from codementor_desktop.runner.protocol import Limits, execute_job
    from codementor_desktop.runner.results import executed_once

    runners = {mode: LocalRunner(layers=switches) for mode, switches in MODES.items()}
    # The child's environment for both: the bare start must not pay for what the child never sees.
    environment = scrubbed_environment(tempfile.gettempdir())
    layers: dict[str, list[str]] = {}

    def run(mode: str) -> float:
        job = execute_job(language, code, Limits(timeout_seconds=5), arguments={"input_data": 100})
        started = time.perf_counter()
        result = executed_once(runners[mode].run(job, 30))
        spent = time.perf_counter() - started
        assert result["verdict"] == "AC" and result["return_value"] == "4950", result
        layers[mode] = result.get("containment") or []
        return spent

    def bare() -> float:
        started = time.perf_counter()
        subprocess.run(bare_command, check=True, env=environment)
        return time.perf_counter() - started

    for _ in range(3):  # warm the page cache
        bare()
        for mode in MODES:
            run(mode)
    times: dict[str, list[float]] = {"bare": [], **{mode: [] for mode in MODES}}
    order = list(MODES)
    for round_number in range(rounds):
        times["bare"].append(bare())
        turn = round_number % len(order)
        for mode in order[turn:] + order[:turn]:
            times[mode].append(run(mode))
    base = statistics.median(times["bare"])
    guard_only = statistics.median(times[GUARD_ONLY])
    shown = " ".join([os.path.basename(bare_command[0]), *bare_command[1:]])
    print(f"\n{language:<22}   median   / bare  - bare  - guard only   layers")
    print(f"  {shown:<22} {base * 1000:7.1f} ms")
    for mode in MODES:
        median = statistics.median(times[mode])
        print(
            f"  {mode:<22} {median * 1000:7.1f} ms {median / base:5.2f}x {(median - base) * 1000:+6.1f} ms"
            f" {(median - guard_only) * 1000:+6.1f} ms     {', '.join(layers[mode])}"
        )


if __name__ == "__main__":
    main()
