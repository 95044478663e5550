"""How fast bp_trace records steps, against the untraced run and against PySnooper, side by side.

One function that changes a list and a dict on every iteration is run, in alternating rounds:

* untraced;
* under CodeMentor's tracer (the child's ``tracer.Tracer``, in this process), recording every step
  with its changed locals and heap objects and writing ``trace_batch`` frames to ``/dev/null``
  exactly as the child writes them to the app;
* under PySnooper (``pysnooper.snoop(output=StringIO())``), which logs every line with its locals.

Both tracers see the same execution, so their rates are given in the same steps (CodeMentor's
recorded steps: call, line and return events). Then, once, ``bp_trace`` itself: a child process,
100,000 steps streamed to the app and assembled there. Targets: at least 300,000 steps a second,
and at least 3 times PySnooper's rate.

    uv run python benchmarks/trace.py [--rounds 7] [--iterations 40000]
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import tempfile
import time

from codementor_desktop.runner.child.python import frames, sandbox
from codementor_desktop.runner.child.python import tracer as child_tracer

SOURCE = """def running_stats(n):
    recent = [0] * 10
    counts = {}
    total = 0
    for i in range(n):
        value = (i * 7) % 23
        recent[i % 10] = value
        counts[value % 5] = counts.get(value % 5, 0) + 1
        total += value
    return total, counts
"""
FILENAME = "<benchmark solution>"


def compiled():
    namespace: dict = {"__name__": "__main__"}
    exec(compile(SOURCE, FILENAME, "exec"), namespace)  # noqa: S102 - the benchmark's own code
    return namespace["running_stats"]


def untraced(function, n: int) -> float:
    started = time.perf_counter()
    function(n)
    return time.perf_counter() - started


def traced(function, n: int, sink: int) -> tuple[float, int]:
    """Seconds and steps under CodeMentor's tracer, frames written as the child writes them."""
    writer = frames.FrameWriter("benchmark", sink)
    output = sandbox.CapturedOutput(sandbox.OutputBudget(1 << 20))
    tracer = child_tracer.Tracer(FILENAME, SOURCE, writer, output, max_steps=10**9, seconds=600)
    sys.settrace(tracer.trace_call)
    started = time.perf_counter()
    try:
        function(n)
    finally:
        sys.settrace(None)
    tracer.flush()
    return time.perf_counter() - started, tracer.recorded


def snooped(function, n: int) -> tuple[float, int]:
    import pysnooper

    log = io.StringIO()
    wrapped = pysnooper.snoop(output=log)(function)
    started = time.perf_counter()
    wrapped(n)
    return time.perf_counter() - started, log.getvalue().count("\n")


def through_the_app(n: int) -> dict:
    os.environ["CODEMENTOR_HOME"] = tempfile.mkdtemp(prefix="codementor-bench-")
    from codementor_desktop.domain.vocabulary import Caller
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.tools.context import ToolContext
    from codementor_desktop.tools.services import Services

    services = Services.build(credentials=Credentials(use_keyring=False))
    arguments = {"language": "python", "code": SOURCE, "input_data": n, "max_steps": 100_000, "timeout_seconds": 10}
    started = time.perf_counter()
    result = services.registry.call("bp_trace", arguments, ToolContext(caller=Caller.PERSON, learner="bench"))
    wall = time.perf_counter() - started
    services.close()
    assert result.get("stop_reason") == "finished", result.get("message")
    return {"steps": result["total_steps"], "child_ms": result["execution_time_ms"], "wall_s": wall}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--iterations", type=int, default=40_000)
    options = parser.parse_args()
    function = compiled()
    n = options.iterations
    snoop_n = max(1, n // 20)  # PySnooper is slow: fewer iterations, the same steps per iteration
    sink = os.open(os.devnull, os.O_WRONLY)
    plain, ours, theirs = [], [], []
    steps = snoop_steps = snoop_lines = 0
    untraced(function, n)  # warm up
    for _ in range(options.rounds):
        plain.append(untraced(function, n))
        seconds, steps = traced(function, n, sink)
        ours.append(seconds)
        _, snoop_steps = traced(function, snoop_n, sink)
        seconds, snoop_lines = snooped(function, snoop_n)
        theirs.append(seconds)
    untraced_s = statistics.median(plain)
    ours_s = statistics.median(ours)
    rate = steps / ours_s
    snoop_rate = snoop_steps / statistics.median(theirs)
    print(f"python {sys.version.split()[0]}, {options.rounds} rounds (medians), function: running_stats(n)")
    print("  changes a 10-item list and a 5-key dict on every iteration; 5 lines an iteration, 6 locals")
    print()
    print(f"{'':34s}{'iterations':>11s}{'steps':>10s}{'seconds':>10s}{'steps/s':>12s}")
    print(f"{'untraced':34s}{n:>11,}{'':>10s}{untraced_s:>10.4f}{'':>12s}")
    print(f"{'CodeMentor tracer (with locals)':34s}{n:>11,}{steps:>10,}{ours_s:>10.4f}{rate:>12,.0f}")
    print(f"{'PySnooper -> StringIO':34s}{snoop_n:>11,}{snoop_steps:>10,}{statistics.median(theirs):>10.4f}"
          f"{snoop_rate:>12,.0f}")  # fmt: skip
    print(f"  (PySnooper wrote {snoop_lines:,} log lines for those {snoop_steps:,} steps)")
    print()
    print(f"slowdown of the traced run versus untraced: {ours_s / untraced_s:.1f}x")
    print(f"best round: {steps / min(ours):,.0f} steps/s; worst: {steps / max(ours):,.0f} steps/s")
    print(f"CodeMentor / PySnooper: {rate / snoop_rate:.1f}x")
    app = through_the_app(19_990)
    print()
    print(f"bp_trace end to end: {app['steps']:,} steps; {app['child_ms']:.0f} ms in the child "
          f"({app['steps'] / (app['child_ms'] / 1000):,.0f} steps/s), {app['wall_s']:.2f} s wall for the whole call "
          f"(child start, streaming, assembling, storing the trace)")  # fmt: skip
    print()
    print(f"target >= 300,000 steps/s: {'met' if rate >= 300_000 else 'NOT met'} ({rate:,.0f})")
    print(f"target >= 3x PySnooper:    {'met' if rate >= 3 * snoop_rate else 'NOT met'} ({rate / snoop_rate:.1f}x)")


if __name__ == "__main__":
    main()
