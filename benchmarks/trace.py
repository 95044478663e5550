"""How fast bp_trace records steps: the whole call and the tracer alone, beside PySnooper, in one run.

One function that changes a list and a dict on every iteration is run, in alternating rounds:

* untraced;
* under CodeMentor's tracer alone (the child's ``tracer.Tracer``, in this process), recording
  every step with its changed locals and heap objects and writing ``trace_batch`` frames to
  ``/dev/null`` exactly as the child writes them to the app;
* under PySnooper (``pysnooper.snoop(output=StringIO())``), which logs every line with its locals;
* through the whole ``bp_trace`` call, as a person's click makes it: a child process started,
  100,000 steps streamed to the app, decoded, assembled into step dicts, summarized and stored in
  the database, the audit log written.

* through the whole ``bp_trace`` call for JavaScript: the same function written in JavaScript
  (``SOURCE_JS``, the same five steps an iteration), instrumented in the app and traced in a Node
  child. Target: at least half the Python tracer's rate, in the child and for the whole call.

Both tracers see the same execution, so their rates are given in the same steps (CodeMentor's
recorded steps: call, line and return events). Targets for the whole call: at least 250,000 steps
a second, and at least 3 times PySnooper's rate. The machine's load is printed: every rate here is
wall time; the CPU time a call takes in the app and in its child is printed too, because on a busy
machine the whole call's wall time is that CPU time over the share of the cores it gets.

Where the whole call's time goes (100,000 steps, CPU milliseconds on a 2-core machine at load 5
to 9, measured apart: ``resource.getrusage`` around the call, the app's reading replayed in one
process under cProfile, the tracer under ``process_time`` with parts switched off):

- the child, 410 to 530 ms: the Python start and the tracer. Of the tracer's time, about a third
  is the trace callback itself (``frame.f_locals``, the step's list, the line counts), a sixth is
  comparing the names each line touched, a third is re-checking the list and the dict the loop
  changes in place and encoding their patches (``heap.Heap._update``), and a sixth is writing the
  batches as JSON (``fastjson``, 110 to 150 ms);
- the app, 300 to 370 ms on the runner's reader thread, while the child runs: splitting and
  decoding the frames (JSON twice: the frame, then its batch's text) about 100 ms, expanding the
  steps into dicts about 100 ms, the trailing replay that the summary's last steps need about 100
  to 150 ms, compressing the batches for the run store about 20 ms; summarizing, storing and the
  audit log about 20 ms after the child ends.

Neither side has one part to cut: the 250,000 a second target asks for about a third off both.
Attempts measured here and not kept (no gain beyond this machine's noise): a cached trace
callback, a fast path for an unchanged sequence in ``Heap._update``, text keys for the heap's
changes (the JSON encoder's number keys), a leaner ``Replay.apply`` for the trailing replay.

Kept since, each measured A/B against the code before it, interleaved in one process (CPU time):

- the trailing replay follows as ``Replay.jump`` does (``Replay.follow``): each step's variables at
  once, a heap object's changes kept aside until something reads it and folded in every 256, a
  list's items set in place without the general patch path: about 30% off its time (the rest is
  the dict updates and the patches, which a summary of the end needs);
- the trace child freezes its harness's objects out of the collector's sight before the learner's
  code runs (``gc.freeze``): the full collections the steps set off no longer walk the child's whole
  heap, 3 to 8% off the child's CPU (three A/B runs; the whole call cannot show it past the noise).

Tried and not kept: a fast path in ``trace_steps.expand`` for the short steps (creating the dicts
is its whole cost), steps as tuples in the child (the JSON encoder and the collector see no
difference), a 1 MB result pipe (the child is not held up by the app's reading: its wall time is
its CPU time over its share of the cores), a larger young-generation threshold in the child (no
steady gain). The JSON of a batch, rows or columns or one flat list, costs the same: it is the
count of values, not their nesting. What is left is larger work: steps the app expands only when
a consumer reads them, and a cheaper way for the child to see a container changed in place than
comparing it after each line that names it.

    uv run python benchmarks/trace.py [--rounds 5] [--iterations 19990]
"""

from __future__ import annotations

import argparse
import gc
import io
import os
import statistics
import sys
import tempfile
import time

from codementor_desktop.runner.child.python import frames, sandbox
from codementor_desktop.runner.child.python import tracer as child_tracer
from codementor_desktop.tools.sample_traces import COUNTING

SOURCE = COUNTING  # the same program the panel's samples and tests trace
FILENAME = "<benchmark solution>"
SOURCE_JS = """function running_stats(n) {
  const recent = new Array(10).fill(0);
  const counts = {};
  let total = 0;
  for (let i = 0; i < n; i++) {
    const value = (i * 7) % 23;
    recent[i % 10] = value;
    counts[value % 5] = (counts[value % 5] || 0) + 1;
    total += value;
  }
  return [total, counts];
}
"""
JS_TARGET = 0.5  # of the Python tracer's rate
WHOLE_CALL_TARGET = 250_000
PYSNOOPER_TARGET = 3.0


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


def _cpu_ms() -> tuple[float, float]:
    """CPU milliseconds (user and system) so far of this process and of its ended children."""
    import resource

    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return (own.ru_utime + own.ru_stime) * 1000, (children.ru_utime + children.ru_stime) * 1000


class App:
    """The services a window builds, in a fresh home; ``bp_trace`` called as a person's click calls it."""

    def __init__(self) -> None:
        self.home = tempfile.mkdtemp(prefix="codementor-bench-")
        os.environ["CODEMENTOR_HOME"] = self.home
        from codementor_desktop.storage.secrets import Credentials
        from codementor_desktop.tools.services import Services

        self.services = Services.build(credentials=Credentials(use_keyring=False))
        self.cpu: dict[str, list[float]] = {}

    def bp_trace(self, n: int, language: str = "python") -> tuple[float, int, float]:
        """Seconds of the whole call, steps, and milliseconds the child's tracer ran. The CPU time
        the call took in this process (the app: every thread) and in its child processes is added
        to ``cpu`` (``"app"``, ``"child"``: lists of milliseconds)."""
        from codementor_desktop.domain.vocabulary import Caller
        from codementor_desktop.tools.context import ToolContext

        code = SOURCE if language == "python" else SOURCE_JS
        arguments = {"language": language, "code": code, "input_data": n, "max_steps": 100_000, "timeout_seconds": 10}
        context = ToolContext(caller=Caller.PERSON, learner="bench")
        app, child = _cpu_ms()
        started = time.perf_counter()
        result = self.services.registry.call("bp_trace", arguments, context)
        wall = time.perf_counter() - started
        app_after, child_after = _cpu_ms()
        self.cpu.setdefault(f"{language} app", []).append(app_after - app)
        self.cpu.setdefault(f"{language} child", []).append(child_after - child)
        assert result.get("stop_reason") == "finished", result.get("message")
        return wall, result["total_steps"], result["execution_time_ms"]

    def close(self) -> None:
        import shutil

        self.services.close()
        shutil.rmtree(self.home, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--iterations", type=int, default=19_990, help="of the loop: 19,990 make 99,960 steps")
    options = parser.parse_args()
    function = compiled()
    n = options.iterations
    snoop_n = max(1, n // 20)  # PySnooper is slow: fewer iterations, the same steps per iteration
    sink = os.open(os.devnull, os.O_WRONLY)
    app = App()
    # The app's own objects out of the collector's sight: the tracer in this process is measured
    # among as few objects as it has in a child process of its own (PySnooper too).
    gc.freeze()
    plain, alone, theirs, whole, child, js_whole, js_child = [], [], [], [], [], [], []
    steps = snoop_steps = snoop_lines = call_steps = 0
    untraced(function, n)  # warm up
    app.bp_trace(1000)
    app.bp_trace(1000, "javascript")
    js_steps = 0
    for _ in range(options.rounds):
        plain.append(untraced(function, n))
        seconds, steps = traced(function, n, sink)
        alone.append(seconds)
        _, snoop_steps = traced(function, snoop_n, sink)
        seconds, snoop_lines = snooped(function, snoop_n)
        theirs.append(seconds)
        seconds, call_steps, child_ms = app.bp_trace(n)
        whole.append(seconds)
        child.append(child_ms / 1000)
        seconds, js_steps, child_ms = app.bp_trace(n, "javascript")
        js_whole.append(seconds)
        js_child.append(child_ms / 1000)
    cpu = {name: statistics.median(values) for name, values in app.cpu.items()}
    app.close()
    untraced_s = statistics.median(plain)
    alone_rate = steps / statistics.median(alone)
    snoop_rate = snoop_steps / statistics.median(theirs)
    whole_rate = call_steps / statistics.median(whole)
    child_rate = call_steps / statistics.median(child)
    js_whole_rate = js_steps / statistics.median(js_whole)
    js_child_rate = js_steps / statistics.median(js_child)
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(f"python {sys.version.split()[0]}, {options.rounds} rounds (medians), {os.cpu_count()} CPUs, load {load}")
    print("function: running_stats(n), a 10-item list and a 5-key dict changed every iteration, 5 lines, 6 locals")
    print()
    print(f"{'':44s}{'iterations':>11s}{'steps':>10s}{'seconds':>10s}{'steps/s':>12s}")
    print(f"{'untraced':44s}{n:>11,}{'':>10s}{untraced_s:>10.4f}{'':>12s}")
    print(f"{'PySnooper -> StringIO':44s}{snoop_n:>11,}{snoop_steps:>10,}{statistics.median(theirs):>10.4f}"
          f"{snoop_rate:>12,.0f}")  # fmt: skip
    print(f"{'CodeMentor tracer alone, in process':44s}{n:>11,}{steps:>10,}{statistics.median(alone):>10.4f}"
          f"{alone_rate:>12,.0f}")  # fmt: skip
    print(f"{'bp_trace, the whole call':44s}{n:>11,}{call_steps:>10,}{statistics.median(whole):>10.4f}"
          f"{whole_rate:>12,.0f}")  # fmt: skip
    print(f"{'  of which the tracer in the child':44s}{'':>11s}{'':>10s}{statistics.median(child):>10.4f}"
          f"{child_rate:>12,.0f}")  # fmt: skip
    print(f"{'bp_trace JavaScript, the whole call':44s}{n:>11,}{js_steps:>10,}{statistics.median(js_whole):>10.4f}"
          f"{js_whole_rate:>12,.0f}")  # fmt: skip
    print(f"{'  of which the tracer in the Node child':44s}{'':>11s}{'':>10s}{statistics.median(js_child):>10.4f}"
          f"{js_child_rate:>12,.0f}")  # fmt: skip
    print(f"  (PySnooper wrote {snoop_lines:,} log lines for {snoop_steps:,} steps; the whole call: child start, "
          "streaming, decoding, assembling, summarizing, storing)")  # fmt: skip
    print()
    for language, counted in (("python", call_steps), ("javascript", js_steps)):
        app_ms, child_ms = cpu[f"{language} app"], cpu[f"{language} child"]
        print(f"bp_trace {language}, CPU a call: the app {app_ms:,.0f} ms (decoding, assembling, following, storing), "
              f"the child {child_ms:,.0f} ms (start and tracer): {counted / (app_ms + child_ms) * 1000:,.0f} "
              "steps per CPU second")  # fmt: skip
    print(f"whole call: best round {call_steps / min(whole):,.0f} steps/s, worst {call_steps / max(whole):,.0f}")
    print(f"tracer alone: slowdown versus untraced {statistics.median(alone) / untraced_s:.0f}x")
    print(f"whole call / PySnooper:   {whole_rate / snoop_rate:.1f}x")
    print(f"tracer alone / PySnooper: {alone_rate / snoop_rate:.1f}x")
    print(f"JavaScript / Python, whole call:        {js_whole_rate / whole_rate:.2f}")
    print(f"JavaScript / Python, tracer in a child: {js_child_rate / child_rate:.2f}")
    print()
    met = whole_rate >= WHOLE_CALL_TARGET
    print(f"target whole call >= {WHOLE_CALL_TARGET:,} steps/s: {'met' if met else 'NOT met'} ({whole_rate:,.0f})")
    met = whole_rate >= PYSNOOPER_TARGET * snoop_rate
    print(f"target whole call >= {PYSNOOPER_TARGET:.0f}x PySnooper:    {'met' if met else 'NOT met'} "
          f"({whole_rate / snoop_rate:.1f}x)")  # fmt: skip
    met = js_whole_rate >= JS_TARGET * whole_rate and js_child_rate >= JS_TARGET * child_rate
    print(f"target JavaScript >= {JS_TARGET:.1f}x the Python tracer:   {'met' if met else 'NOT met'} "
          f"({js_whole_rate / whole_rate:.2f}x whole call, {js_child_rate / child_rate:.2f}x in the child)")  # fmt: skip


if __name__ == "__main__":
    main()
