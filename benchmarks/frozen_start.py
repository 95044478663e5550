"""How long the frozen app takes to show its window, beside the source tree's.

uv run python benchmarks/frozen_start.py [--app dist/CodeMentor/CodeMentor] [--rounds 5]

Runs, interleaved so that a busy machine slows each alike, under ``QT_QPA_PLATFORM=offscreen``:

- the frozen app (the PyInstaller one-folder build): ``CodeMentor --screenshot PNG``;
- the source tree: ``codementor --screenshot PNG``, the entry point ``uv run codementor`` starts
  (called directly: uv's own check of the environment is not the app's start).

``--screenshot`` saves a picture at the window's first paint and again once everything is loaded,
then quits. Two figures per app: the first picture on disk (the window painted; the file is looked
for every 5 ms) and the process's end (the whole window loaded). Each app has a home of its own
that a first, uncounted run fills (the database made), as on every start after the first. Prints
the median and fastest of each and the ratio frozen / source.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 300


def one_start(command: list[str], home: Path, picture: Path) -> tuple[float, float]:
    """Seconds to the first picture and to the process's end."""
    picture.unlink(missing_ok=True)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CODEMENTOR_HOME": str(home)}
    started = time.perf_counter()
    process = subprocess.Popen(
        [*command, "--screenshot", str(picture)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    painted = None
    while process.poll() is None:
        if painted is None and picture.exists():
            painted = time.perf_counter() - started
        if time.perf_counter() - started > TIMEOUT:  # a window that failed to load stays open
            process.kill()
            process.wait()
            raise SystemExit(f"{command[0]} did not quit within {TIMEOUT} s")
        time.sleep(0.005)
    ended = time.perf_counter() - started
    errors = process.stderr.read().decode() if process.stderr else ""
    if process.returncode != 0 or not picture.exists():
        raise SystemExit(f"{command[0]} failed ({process.returncode}): {errors.strip()[-2000:]}")
    return (painted if painted is not None else ended), ended


def summary(name: str, times: list[float]) -> str:
    return f"{name:<28} median {statistics.median(times) * 1000:7.0f} ms   fastest {min(times) * 1000:7.0f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app", type=Path, default=ROOT / "dist" / "CodeMentor" / "CodeMentor")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    if not args.app.exists():
        raise SystemExit(f"no frozen app at {args.app}: uv run pyinstaller packaging/codementor.spec --noconfirm")
    source = shutil.which("codementor", path=str(Path(sys.executable).parent))
    if source is None:
        raise SystemExit("no codementor entry point beside this Python: run with uv run")
    apps = {"frozen": [str(args.app.resolve())], "source": [source]}
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        for name, command in apps.items():  # the first start of each makes its database: not counted
            one_start(command, folder / name, folder / f"{name}.png")
        painted: dict[str, list[float]] = {name: [] for name in apps}
        ended: dict[str, list[float]] = {name: [] for name in apps}
        for _ in range(args.rounds):
            for name, command in apps.items():
                first, last = one_start(command, folder / name, folder / f"{name}.png")
                painted[name].append(first)
                ended[name].append(last)
    print(
        f"{args.rounds} starts each, QT_QPA_PLATFORM=offscreen, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}"
    )
    for name in apps:
        print(summary(f"{name}: window painted", painted[name]))
        print(summary(f"{name}: all loaded, quit", ended[name]))
    for label, times in (("window painted", painted), ("all loaded", ended)):
        ratio = statistics.median(times["frozen"]) / statistics.median(times["source"])
        print(f"ratio frozen / source, {label} (medians): {ratio:.2f}")


if __name__ == "__main__":
    main()
