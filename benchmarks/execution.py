"""How much a judged run costs over starting a bare interpreter, measured side by side.

For each round, in alternation: a bare ``python -I -S -c pass`` and an in-process
``registry.call("execute_code", ...)`` on a 10-test Python problem, every layer this machine
offers on, through the app's runner: its child was started when the run before ended and waits
for its job (``runner/standby.py``: a fresh process and run folder per run all the same). Then,
in rounds of their own, a bare start and the same call through a runner that starts its child
on demand, as a session's first run does. Before each measured start, the runner's next child
has finished starting: no measured start shares the machine with it. Prints the medians and
the ratios. Target: at most 2x (the standby child); the first run is printed after it.

Then the same for JavaScript: a bare ``node -e 0`` and ``registry.call("bp_execute", ...)`` on a
JavaScript two-sum (a Node child with the harness, the heap and data limits, the permission
model, the namespace and seccomp), standby and on demand, side by side. Target: at most 1.5x.

Then where the time goes: the parts of an execute_code (below), on demand and standby.

Then isolation on and off, side by side: the same two calls with every containment layer this
machine offers (namespaces, Landlock, seccomp, rlimits, guard) and with the kernel's layers
switched off (rlimits and guard), in alternation, children on demand. Target: on costs at most
1.3x off.

Then the per-test coverage pass: a two-sum judged on 10 tests of which one is wrong, with and
without the untimed second pass that gives each test its lines (``runner/coverage_pass.py``),
in alternation, for each language: how much longer an execute_code with a failing test takes.

Where the time over a bare start went, found with this script's breakdown, ``strace -f -c``,
``python -X importtime`` and ``cProfile`` of the app's side (2 shared cores at a load of 6 to 8,
where a bare start took 22 to 30 ms instead of 12; medians, ms; "before" is a child started on
demand, as every run's was, "after" the app's runner, whose child was started before its job):

=============================================  ==========  =========
part of execute_code (10 tests, every layer)   before      after
=============================================  ==========  =========
bubblewrap: namespaces and the read-only view  20 to 35    0 (before)
  of which the network namespace alone         7 to 28     0 (before)
interpreter start and the harness's imports    bare + 2    0 (before)
job to ``started``: limits, fences, guard      (in above)  7 to 9
``started`` to ``done``: compile, 10 tests     10 to 12    4 to 9
``done`` to the run's end: exit, reaping       5 to 7      3 to 5
the app: validation, judging, database, audit  2.2         2.2
=============================================  ==========  =========

Timed one by one inside the child and around the runner: bubblewrap about 6 ms on a quiet
machine (``runner/containment.py``), the harness's imports 2 ms
(``judge``, ``session``, ``resource``, ``_ctypes``), Landlock and seccomp 1.2 ms (0.5 of it
making the C library's calls, which a standby child does while it waits), the guard 0.2 ms,
compiling 1.4 ms, 10 tests 1.8 ms, removing the run folder 2 ms (now one ``rmdir``: 0.2 ms),
the app 2.5 ms. Building bubblewrap's arguments costs 0.1 ms (Python) to 0.25 ms (Node): caching
them would save nothing measurable. Starting the child before its job takes bubblewrap and the
interpreter off the learner's wait; a session's first run still pays them (printed as "a first
run").

    uv run python benchmarks/execution.py [--rounds 40] [--isolation-only] [--coverage-only]
        [--breakdown-only]
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

SOLUTION = """def two_sum(nums, target):
    seen = {}
    for j, value in enumerate(nums):
        if target - value in seen:
            return [seen[target - value], j]
        seen[value] = j
"""


def two_sum_call(services):
    """execute_code's arguments for a Python two-sum on ten of the bank's tests, and a person's context."""
    from codementor_desktop.domain.vocabulary import Caller
    from codementor_desktop.tools.context import ToolContext

    problem = services.bank.get("two-sum")
    cases = [*problem.examples, *problem.tests][:10]
    arguments = {
        "code": SOLUTION,
        "language": "python",
        "problem_id": "two-sum",
        "test_cases": [{"test_id": i + 1, "input": c.input, "expected_output": c.output} for i, c in enumerate(cases)],
    }
    return arguments, ToolContext(caller=Caller.PERSON, learner="bench")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--isolation-only", action="store_true", help="only the isolation on/off comparison")
    parser.add_argument("--coverage-only", action="store_true", help="only the per-test coverage pass's cost")
    parser.add_argument("--breakdown-only", action="store_true", help="only where an execute_code's time goes")
    options = parser.parse_args()
    rounds = options.rounds
    os.environ["CODEMENTOR_HOME"] = tempfile.mkdtemp(prefix="codementor-bench-")
    if options.breakdown_only:
        breakdown(rounds)
        return
    if options.isolation_only:
        isolation(rounds)
        return
    if options.coverage_only:
        coverage_pass(rounds)
        return
    from codementor_desktop.runner.containment import Switches
    from codementor_desktop.runner.local import LocalRunner
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.tools.services import Services

    services = Services.build(credentials=Credentials(use_keyring=False))
    arguments, context = two_sum_call(services)
    bare_command = [sys.executable, "-I", "-S", "-c", "pass"]

    standby = services.executor.backend  # the app's runner: the next run's child waits, started
    on_demand = LocalRunner(layers=Switches.from_settings(services.settings))  # a session's first run

    def call(runner: object) -> float:
        services.executor.backend = runner
        started = time.perf_counter()
        result = services.registry.call("execute_code", arguments, context)
        elapsed = time.perf_counter() - started
        assert result["verdict"] == "AC" and result["tests_run"] == 10, result
        standby.wait_for_standby()  # the next child's start never overlaps a measured start
        return elapsed

    (b, j), (b_first, f) = (
        alternate(bare_command, functools.partial(call, runner), rounds) for runner in (standby, on_demand)
    )
    standby.close()
    services.close()
    print(f"rounds: {rounds}, tests per run: 10, python {sys.version.split()[0]}, layers: {layers_of(on_demand)}")
    print(f"bare python -I -S -c pass   median {b * 1000:7.1f} ms")
    print(f"execute_code (10 tests)     median {j * 1000:7.1f} ms  (its child started before, waiting)")
    print(f"ratio execute_code / bare: {j / b:.2f}x (target <= 2.0x)")
    print(f"a session's first run (child on demand) beside its own bare start: {f * 1000:.1f} ms against")
    print(f"  {b_first * 1000:.1f} ms, ratio {f / b_first:.2f}x")

    javascript(rounds)
    breakdown(rounds)
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
    from codementor_desktop.runner.containment import Switches
    from codementor_desktop.runner.local import LocalRunner
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
    standby = services.executor.backend
    on_demand = LocalRunner(node_path=services.settings.node_path, layers=Switches.from_settings(services.settings))

    def call(runner: object) -> float:
        services.executor.backend = runner
        started = time.perf_counter()
        result = services.registry.call("bp_execute", arguments, context)
        elapsed = time.perf_counter() - started
        assert result["verdict"] == "AC" and result["return_value"] == "[0,1]", result
        standby.wait_for_standby()  # the next child's start never overlaps a measured start
        return elapsed

    (b, e), (b_first, f) = (
        alternate(bare_command, functools.partial(call, runner), rounds, environment) for runner in (standby, on_demand)
    )
    standby.close()
    services.close()
    print(f"node {node.version_text}, layers: {layers_of(on_demand, 'javascript')}")
    print(f"bare node -e 0              median {b * 1000:7.1f} ms")
    print(f"bp_execute (javascript)     median {e * 1000:7.1f} ms  (its child started before, waiting)")
    print(f"ratio bp_execute / bare node: {e / b:.2f}x (target <= 1.5x)")
    print(f"a session's first run (child on demand) beside its own bare start: {f * 1000:.1f} ms against")
    print(f"  {b_first * 1000:.1f} ms, ratio {f / b_first:.2f}x")


def alternate(
    bare_command: list[str], measured: Callable[[], float], rounds: int, env: dict[str, str] | None = None
) -> tuple[float, float]:
    """The medians of a bare start and of ``measured`` (which times itself), in alternation: each
    bare start follows one measured call, as each call follows one bare start."""
    for _ in range(3):  # warm the page cache and the database
        subprocess.run(bare_command, check=True, env=env)
        measured()
    bare, calls = [], []
    for _ in range(rounds):
        started = time.perf_counter()
        subprocess.run(bare_command, check=True, env=env)
        bare.append(time.perf_counter() - started)
        calls.append(measured())
    return statistics.median(bare), statistics.median(calls)


def layers_of(runner: object, language: str = "python") -> str:
    """The layers a run of ``runner`` gets here, as a result names them."""
    from codementor_desktop.runner.local import LocalRunner
    from codementor_desktop.runner.protocol import Limits, execute_job

    assert isinstance(runner, LocalRunner)
    code = "def f(x):\n    return x\n" if language == "python" else "function f(x) { return x; }\n"
    return ", ".join(runner.run(execute_job(language, code, Limits(), arguments={"input_data": 1}), 15).containment)


# ---------------------------------------------------------------- where a run's time goes


def breakdown(rounds: int) -> None:
    """execute_code (Python, 10 tests, every layer) in parts, child on demand and started before.

    The parts: a bare interpreter start; the same start inside bubblewrap's namespaces (their
    cost is the difference); from the job written to the child's ``started`` frame (on demand:
    bubblewrap, the interpreter, the harness's imports; always: the limits, Landlock, seccomp and
    the guard); ``started`` to ``done`` (compiling and judging the tests); ``done`` to the run's
    end (the child's exit, the namespace's end, reaping it, removing the run folder); and the
    app's own part of the call (validating, judging the frames, the database and the audit log).
    """
    import tempfile as temporary

    from codementor_desktop.runner import containment
    from codementor_desktop.runner.local import LocalRunner, scrubbed_environment
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.tools.services import Services

    class TimedRunner(LocalRunner):
        """A runner that notes when its frames arrive."""

        marks: dict[str, list[float]]

        def run(self, job, deadline_seconds, cancel=None, on_frame=None, feed=None):  # type: ignore[no-untyped-def]
            started = time.perf_counter()
            seen: dict[str, float] = {}

            def note(frame: dict) -> None:
                seen.setdefault(str(frame.get("kind")), time.perf_counter())
                if on_frame is not None:
                    on_frame(frame)

            report = super().run(job, deadline_seconds, cancel, note, feed)
            ended = time.perf_counter()
            self.marks["job to started"].append(seen["started"] - started)
            self.marks["started to done"].append(seen["done"] - seen["started"])
            self.marks["done to run end"].append(ended - seen["done"])
            self.marks["run"].append(ended - started)
            return report

    services = Services.build(credentials=Credentials(use_keyring=False))
    arguments, context = two_sum_call(services)
    runners = {"on demand": TimedRunner(), "started before": TimedRunner(standby=True)}
    totals: dict[str, list[float]] = {name: [] for name in runners}
    bare_command = [sys.executable, "-I", "-S", "-c", "pass"]
    starts: dict[str, list[float]] = {"bare": [], "in bubblewrap": [], "in bubblewrap, sharing the network": []}
    parts = ("job to started", "started to done", "done to run end", "run")
    for round_number in range(rounds + 3):  # the first three warm the page cache
        if round_number in (0, 3):
            for runner in runners.values():
                runner.marks = {part: [] for part in parts}
            starts = {name: [] for name in starts}
            totals = {name: [] for name in runners}
        for name in starts:
            workdir = temporary.mkdtemp(prefix="codementor-bench-")
            launch = containment.prepare(bare_command, workdir, {"language": "python", "guard": False})
            command = bare_command if name == "bare" else launch.command
            if name == "in bubblewrap, sharing the network":  # what the network namespace costs
                command = [
                    *command[: command.index("--unshare-all") + 1],
                    "--share-net",
                    *command[command.index("--unshare-all") + 1 :],
                ]
            started = time.perf_counter()
            process = subprocess.Popen(
                command, pass_fds=launch.pass_fds if name != "bare" else (), cwd=workdir,
                env=scrubbed_environment(workdir), stdin=subprocess.DEVNULL,
            )  # fmt: skip
            process.wait()
            starts[name].append(time.perf_counter() - started)
            launch.end(process)
            containment.remove_run_folder(workdir)
        for name, runner in runners.items():
            services.executor.backend = runner
            started = time.perf_counter()
            result = services.registry.call("execute_code", arguments, context)
            totals[name].append(time.perf_counter() - started)
            assert result["verdict"] == "AC", result
            runners["started before"].wait_for_standby()
    runners["started before"].close()
    services.close()

    def ms(values: list[float]) -> str:
        return f"{statistics.median(values) * 1000:6.1f}"

    print(f"where execute_code's time goes (10 tests, medians of {rounds} rounds, ms)")
    print(f"  bare python -I -S -c pass              {ms(starts['bare'])}")
    print(f"  the same in bubblewrap's namespaces    {ms(starts['in bubblewrap'])}")
    print(f"    without a network namespace          {ms(starts['in bubblewrap, sharing the network'])}")
    print(f"  {'':38} {'on demand':>9} {'started before':>15}")
    for part in parts:
        row = [ms(runner.marks[part]) for runner in runners.values()]
        print(f"  {part:38} {row[0]:>9} {row[1]:>15}")
    app = {
        name: [t - r for t, r in zip(totals[name], runner.marks["run"], strict=True)]
        for name, runner in runners.items()
    }
    print(f"  {'the app around the run':38} {ms(app['on demand']):>9} {ms(app['started before']):>15}")
    print(f"  {'execute_code':38} {ms(totals['on demand']):>9} {ms(totals['started before']):>15}")


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
