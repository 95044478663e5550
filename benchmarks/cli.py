"""How long one command-line tool call takes, beside the floor our libraries set.

uv run python benchmarks/cli.py [--rounds 15]

Runs, interleaved so that a busy machine slows each alike:

- ``codementor tool bp_execute`` on a trivial program (arguments validated, a child started, a run
  id stored in the database, a line in the audit log: the whole registry path);
- ``codementor --version`` (the interpreter and the entry point alone);
- the floor: ``python -c "import pydantic, sqlalchemy.orm"``, the two libraries every call needs;

and prints the median and fastest wall time of each and the ratio tool call / floor (target: at
most 1.5x). Every tool call is checked: a run id in its result, one more line in the audit log.

Installs compile bytecode (``uv sync --compile-bytecode``, the frozen app, a first run); a source
checkout under ``PYTHONDONTWRITEBYTECODE`` has none for this package, so the script compiles it
first, as an installed copy would have it.
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


if __name__ == "__main__":
    main()
