"""How long one command-line tool call takes, beside the floor our libraries set.

uv run python benchmarks/cli.py [--rounds 15]

Runs, interleaved so that a busy machine slows each alike:

- ``codementor tool bp_execute`` on a trivial program (arguments validated, a child started, a run
  id stored in the database, a line in the audit log: the whole registry path);
- ``codementor --version`` (the interpreter and the entry point alone);
- the floor: ``python -c "import pydantic, sqlalchemy.orm"``, the two libraries every call needs;

and prints the median and fastest wall time of each and the ratio tool call / floor (target: at
most 1.5x). Every tool call is checked: a run id in its result, one more line in the audit log.

Where a tool call's time goes: a fourth command, interleaved with the others, makes the same call
in the same steps as ``cli.run`` and prints each step's time (``PHASES``): the libraries (the
floor), the app's modules (the settings, the tools' schemas, the database models), the services
built (the database opened and checked), then the call, of which the child's share (the
runner's ``run``: on a process's first run it probes the kernel's layers once, a launcher and a
bubblewrap start) and the rest (arguments, the run stored, the audit line).

What was cut (a 2-core machine at load 5 to 9: the floor took 450 to 1,350 ms):

- a Python run started ``node --version`` to learn that the runner speaks JavaScript too (20 to
  40 ms): a local Python run no longer asks;
- building the first pydantic model read every installed package's entry points looking for
  pydantic plugins (15 to 30 ms): the entry point says there are none;
- the database models and the tools' argument models had their types as text, read back by
  SQLAlchemy and pydantic at import (a sixth and a third of those modules' import time);
- left, as shares of the floor's time: the app's modules about 40% (pydantic's models and fields
  beyond the floor's lazy ``import pydantic``, the ORM models, the settings and the tools'
  schemas), the settings and services about 6% (the database opened and its revision read: no
  migration runs when the schema is current), the child's share about 20%, half of it the layers'
  probe of a process's first run (a launcher and a bubblewrap start, ``runner/containment.py``,
  cached per process only), the rest (arguments, the run stored, the audit line) about 3%.

Installs compile bytecode (``uv sync --compile-bytecode``, the frozen app, a first run); a source
checkout under ``PYTHONDONTWRITEBYTECODE`` has none, for this package or for the libraries: the
script compiles this package first, and the libraries' bytecode must be there (``uv sync
--compile-bytecode``), or the floor measures compiling them.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import codementor_desktop

ARGUMENTS = json.dumps({"language": "python", "code": "print(1)\n"})
# The tool call in cli.run's steps, each timed; the child's share is the runner's run.
PHASES = f"""
import json, os, time
from codementor_desktop.__main__ import main as _entry  # the entry point's module, as the script runs it
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")  # what main() sets before anything
marks = [time.perf_counter()]
import pydantic, sqlalchemy.orm
marks.append(time.perf_counter())
from codementor_desktop import cli
from codementor_desktop.applog import setup_logging
from codementor_desktop.storage.settings import load_settings
from codementor_desktop.tools.services import Services
from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.tools.context import ToolContext
marks.append(time.perf_counter())
loaded = load_settings()
loaded.paths.ensure()
setup_logging(loaded.paths.app_log)
services = Services.build(loaded)
marks.append(time.perf_counter())
backend, child = services.executor.backend, []
run = backend.run
def timed(*args, **kwargs):
    started = time.perf_counter()
    try:
        return run(*args, **kwargs)
    finally:
        child.append(time.perf_counter() - started)
backend.run = timed
context = ToolContext(caller=Caller.CLI, learner=services.settings.user)
result = services.registry.call("bp_execute", {ARGUMENTS!r}, context)
assert result["verdict"] == "AC", result
marks.append(time.perf_counter())
services.close()
marks.append(time.perf_counter())
steps = [b - a for a, b in zip(marks, marks[1:])]
print(json.dumps({{"libraries (the floor's imports)": steps[0], "the app's modules": steps[1],
                  "settings and services": steps[2], "the call: the child's share": child[0],
                  "the call: the rest": steps[3] - child[0], "closing": steps[4]}}))
"""


def codementor_command() -> list[str]:
    """The installed ``codementor`` script beside this interpreter, else ``python -m``."""
    script = Path(sys.executable).with_name("codementor")
    found = str(script) if script.exists() else shutil.which("codementor")
    return [found] if found else [sys.executable, "-m", "codementor_desktop"]


def timed(command: list[str], env: dict[str, str]) -> tuple[float, str]:
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr[-2000:]}")
    return elapsed, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15)
    rounds = parser.parse_args().rounds
    compileall.compile_dir(Path(codementor_desktop.__file__).parent, quiet=1)
    home = Path(tempfile.mkdtemp(prefix="codementor-bench-"))
    env = {**os.environ, "CODEMENTOR_HOME": str(home), "CODEMENTOR_USER": "bench"}
    codementor = codementor_command()
    commands = {
        "codementor tool bp_execute (print(1))": [*codementor, "tool", "bp_execute", ARGUMENTS],
        "codementor --version": [*codementor, "--version"],
        'python -c "import pydantic, sqlalchemy.orm"': [sys.executable, "-c", "import pydantic, sqlalchemy.orm"],
    }
    tool_name = next(iter(commands))
    timed(commands[tool_name], env)  # the first call creates the database and the child's bytecode
    audit = home / "logs" / "tool-calls.jsonl"
    times: dict[str, list[float]] = {name: [] for name in commands}
    phases: dict[str, list[float]] = {}
    try:
        for _ in range(rounds):
            for name, command in commands.items():
                lines_before = len(audit.read_text().splitlines())
                elapsed, out = timed(command, env)
                times[name].append(elapsed)
                if name == tool_name:
                    result = json.loads(out)
                    assert result["verdict"] == "AC" and result["run_id"].startswith("run_"), result
                    assert len(audit.read_text().splitlines()) == lines_before + 1, "no audit line"
            _, out = timed([sys.executable, "-c", PHASES], env)
            for phase, seconds in json.loads(out).items():
                phases.setdefault(phase, []).append(seconds)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    medians = {name: statistics.median(values) for name, values in times.items()}
    floor = medians['python -c "import pydantic, sqlalchemy.orm"']
    print(f"rounds: {rounds}, interleaved; codementor: {' '.join(codementor)}")
    print(f"{'command':48} {'median ms':>10} {'fastest ms':>11} {'x floor':>8}")
    for name, values in times.items():
        median = medians[name]
        print(f"{name:48} {median * 1000:10.1f} {min(values) * 1000:11.1f} {median / floor:8.2f}")
    print(f"tool call / floor: {medians[tool_name] / floor:.2f}x (target: at most 1.50x)")
    print("where a tool call's time goes (the same call in cli.run's steps, timed in the process, medians):")
    for phase, values in phases.items():
        print(f"  {phase:44s} {statistics.median(values) * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
