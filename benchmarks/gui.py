"""How responsive the visualization panel stays, offscreen: the longest stall of the event loop.

A heartbeat timer asks to run every 5 ms and records the longest gap between two beats while:

* a print flood (a run's whole megabyte of output) is shown in the window's Output tab (its head
  and tail, the rest kept for "Save whole output…");
* a 100,000-step trace is received in batches of 1,000 (decoded from JSON on a second thread, as
  the runner's reader thread does, and queued to the GUI thread), and replayed by the panel;
* the slider is then scrubbed end to end, once with each tab in front (Trace, Structure drawing an
  array, Variables plotting 100,000 steps, Flow), as fast as the loop turns and again at a
  mouse's pace (a move every 8 ms);
* the slider is scrubbed through a trace whose Structure tab draws a 1,000-node tree.

Beside them, the floor: the longest stall of an event loop with nothing to do, under the same load.
Then, when the window can start here: the time from launch to the first painted window
(``python -m codementor_desktop --screenshot``: the picture is saved at the first paint, so the
time is until its file appears) next to a bare PySide6 window with one Scintilla editor, started
alternately, as a ratio; and the time until the app has loaded everything (its process ends
after a second picture, of the loaded window). Targets: no stall over 50 ms; start at most 2x
the bare window.

With ``--busy N``, N processes that spin on a core run beside it the whole time (a machine busy
with a build or another program), so the figures can be compared with the quiet ones.

    QT_QPA_PLATFORM=offscreen uv run python benchmarks/gui.py [--rounds 5] [--busy 2]
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QObject, QTimer, Signal  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from codementor_desktop.gui.panels.output_view import OutputView  # noqa: E402
from codementor_desktop.gui.viz.panel import VisualizationPanel  # noqa: E402
from codementor_desktop.tools import sample_traces as samples  # noqa: E402

STEPS = 100_000
BATCH = 1_000
TREE_NODES = 1_000
MOUSE = 0.008  # seconds between two moves of a dragged slider
BARE = """
import sys, time
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
from pyside6_scintilla import ScintillaEdit
app = QApplication(sys.argv)
window = QMainWindow()
window.setCentralWidget(ScintillaEdit())
window.resize(1280, 800)
window.show()
def done():
    window.grab().save(sys.argv[1])
    window.close()
    app.quit()
QTimer.singleShot(0, done)
app.exec()
"""


class Heartbeat:
    """The longest gap between beats of a 5 ms timer while a phase runs, in wall time and in the
    GUI thread's own CPU time (on a loaded machine the difference is the wait for a core)."""

    def __init__(self) -> None:
        self.timer = QTimer()
        self.timer.setInterval(5)
        self.timer.timeout.connect(self._beat)
        self.last = self.last_cpu = 0.0
        self.longest = self.longest_cpu = 0.0

    def start(self) -> None:
        self.last, self.last_cpu = time.perf_counter(), time.thread_time()
        self.longest = self.longest_cpu = 0.0
        self.timer.start()

    def _beat(self) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        self.longest = max(self.longest, now - self.last)
        self.longest_cpu = max(self.longest_cpu, cpu - self.last_cpu)
        self.last, self.last_cpu = now, cpu

    def stop(self) -> tuple[float, float]:
        """The longest gap and the longest CPU time between two beats, in milliseconds."""
        self._beat()
        self.timer.stop()
        return self.longest * 1000, self.longest_cpu * 1000


def run_until(app: QApplication, done, seconds: float = 600.0) -> None:
    deadline = time.perf_counter() + seconds
    while not done():
        app.processEvents()
        if time.perf_counter() > deadline:
            raise TimeoutError("the phase did not finish")


class Feeder(QObject):
    """Decodes batches on a thread and queues them to the GUI thread, as the runner does."""

    batch = Signal(object)

    def __init__(self, encoded: list[str]):
        super().__init__()
        self.encoded = encoded
        self.thread = threading.Thread(target=self._run, name="feeder", daemon=True)

    def _run(self) -> None:
        for text in self.encoded:
            self.batch.emit(json.loads(text))
            time.sleep(0.002)


def receive(app: QApplication, panel: VisualizationPanel, trace: dict, code: str) -> tuple[float, float]:
    steps = trace["steps"]
    encoded = [json.dumps(steps[i : i + BATCH]) for i in range(0, len(steps), BATCH)]
    feeder = Feeder(encoded)
    received: list[int] = []
    feeder.batch.connect(lambda batch: (panel.add_steps(batch), received.append(len(batch))))
    beat = Heartbeat()
    beat.start()
    panel.begin_trace(code)
    feeder.thread.start()
    run_until(app, lambda: sum(received) >= len(steps))
    panel.finish_trace(trace)
    run_until(app, lambda: not panel.busy)
    feeder.thread.join()
    return beat.stop()


def scrub(
    app: QApplication, panel: VisualizationPanel, start: int = 0, moves: int = 600, pace: float = 0.0
) -> tuple[float, float]:
    """Drag the slider from ``start`` to the last step: one move per turn of the event loop, or,
    with ``pace``, one move every ``pace`` seconds (a mouse reports a drag every 8 ms or so, and
    between its moves the GUI thread sleeps: on a busy machine a thread that never sleeps waits
    behind every other for its core)."""
    slider = panel.trace_tab.slider
    last = panel.step_count - 1
    targets = [start + (last - start) * k // moves for k in range(moves + 1)]
    beat = Heartbeat()
    beat.start()
    due = time.perf_counter()
    for value in targets:
        slider.setValue(value)
        app.processEvents()
        if pace:
            due += pace
            while (left := due - time.perf_counter()) > 0:
                time.sleep(min(left, 0.002))
                app.processEvents()
    run_until(app, lambda: not panel.busy)
    return beat.stop()


def open_tab(app: QApplication, panel: VisualizationPanel, tab: str) -> tuple[float, float]:
    beat = Heartbeat()
    beat.start()
    panel.setCurrentWidget(panel.pages[tab])
    run_until(app, lambda: not panel.busy)
    for _ in range(3):
        app.processEvents()
    return beat.stop()


def idle(app: QApplication, seconds: float = 5.0) -> tuple[float, float]:
    """The floor: an event loop with nothing to do, woken every 8 ms (a mouse's pace). What it
    stalls is the wait for a core, which no code of the app's can shorten."""
    beat = Heartbeat()
    beat.start()
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents()
        time.sleep(0.008)
    return beat.stop()


def flood(app: QApplication) -> tuple[float, float]:
    """A run's whole megabyte of output, lines of a print loop, shown in the Output tab."""
    view = OutputView()
    view.resize(1000, 300)
    view.show()
    text = "".join(f"i = {i}, total = {i * (i + 1) // 2}\n" for i in range(40_000))[: 1 << 20]
    beat = Heartbeat()
    beat.start()
    view.show_text(text)
    run_until(app, lambda: not view.busy)
    result = beat.stop()
    shown = view.toPlainText()
    assert view.whole_text == text and shown.startswith(text[:1000]) and shown.endswith(text[-1000:])
    view.close()
    return result


def first_paint(command: list[str], env: dict, shot: str) -> tuple[float, float]:
    """Seconds from launch until the picture of the first paint appears, and until the process ends."""
    started = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    painted = None
    while process.poll() is None:
        if painted is None and os.path.exists(shot):
            painted = time.perf_counter() - started
        time.sleep(0.002)
    ended = time.perf_counter() - started
    stderr = process.stderr.read().decode(errors="replace") if process.stderr else ""
    if process.returncode != 0 or not os.path.exists(shot):
        raise RuntimeError(stderr[-300:])
    return painted if painted is not None else ended, ended


def start_ratio(rounds: int) -> tuple[float, float, float] | None:
    """Median seconds from launch to a painted window: the app, then the bare editor window; and
    the app's median time until it had loaded everything."""
    app_times, bare_times, loaded_times = [], [], []
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "CODEMENTOR_HOME": home, "QT_QPA_PLATFORM": "offscreen"}
        for index in range(rounds):
            for label in ("app", "bare") if index % 2 == 0 else ("bare", "app"):
                shot = os.path.join(home, f"{label}{index}.png")
                command = ([sys.executable, "-m", "codementor_desktop", "--screenshot", shot] if label == "app"
                           else [sys.executable, "-c", BARE, shot])  # fmt: skip
                try:
                    painted, ended = first_paint(command, env, shot)
                except RuntimeError as exc:
                    print(f"({label} did not start: {exc})")
                    return None
                (app_times if label == "app" else bare_times).append(painted)
                if label == "app":
                    loaded_times.append(ended)
    return statistics.median(app_times), statistics.median(bare_times), statistics.median(loaded_times)


def spin_beside(count: int) -> list[subprocess.Popen]:
    """``count`` processes that keep a core busy until they are ended."""
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="launches of each window for the start ratio")
    parser.add_argument("--no-start", action="store_true", help="skip the start-time comparison")
    parser.add_argument("--start-only", action="store_true", help="only the start-time comparison")
    parser.add_argument("--busy", type=int, default=0, metavar="N", help="run N busy processes beside it")
    args = parser.parse_args()
    busy = spin_beside(args.busy)
    try:
        return measure(args)
    finally:
        for process in busy:
            process.kill()
            process.wait()


def measure(args: argparse.Namespace) -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    if args.busy:
        print(f"{args.busy} busy processes spin beside it")

    if args.start_only:
        report_start(args)
        return 0
    started = time.perf_counter()
    long_trace = samples.trace_here(samples.COUNTING, "running_stats", 10**6, max_steps=STEPS)
    tree_trace = samples.trace_here(samples.TREE_WALK, "main", TREE_NODES, max_steps=10**6)
    print(f"traces made in {time.perf_counter() - started:.1f} s: {len(long_trace['steps']):,} steps, "
          f"{len(tree_trace['steps']):,} steps (a {TREE_NODES:,}-node tree built, then walked)")  # fmt: skip

    # The benchmark's own copies of the traces are its data, not the app's: out of the collector's
    # reach, as the panel puts the steps it receives (else each full collection walks them).
    gc.collect()
    gc.freeze()
    results: dict[str, tuple[float, float]] = {}
    floor = idle(app)
    results["showing a 1 MB print flood in the Output tab"] = flood(app)
    beat = Heartbeat()
    beat.start()
    panel = VisualizationPanel()
    panel.resize(1200, 700)
    panel.show()
    run_until(app, lambda: all(page.view is not None for page in panel.pages.values()))
    results["showing the panel (pyqtgraph loads on a thread, then each tab is built while idle)"] = beat.stop()
    results["receiving a 100,000-step trace in batches"] = receive(app, panel, long_trace, samples.COUNTING)
    for tab in ("trace", "structure", "variables", "flow"):
        if tab != "trace":
            results[f"opening the {tab} tab the first time (its widgets are built)"] = open_tab(app, panel, tab)
        if tab == "structure":
            panel.view("structure").choose("recent")
        panel.set_step(0)
        app.processEvents()
        results[f"scrubbing 100,000 steps end to end, {tab} tab"] = scrub(app, panel)
        panel.set_step(0)
        app.processEvents()
        results[f"scrubbing 100,000 steps end to end at a mouse's pace (8 ms a move), {tab} tab"] = scrub(
            app, panel, pace=MOUSE
        )
    panel.setCurrentWidget(panel.trace_tab)
    receive(app, panel, tree_trace, samples.TREE_WALK)
    walk_starts = next(s["step"] for s in tree_trace["steps"] if s.get("function") == "walk")
    panel.setCurrentWidget(panel.pages["structure"])
    structure = panel.view("structure")
    panel.set_step(walk_starts + 1)
    app.processEvents()
    structure.choose("root")
    app.processEvents()
    drawn = structure.drawing.model.total if structure.drawing and structure.drawing.model else 0
    results[f"a {drawn:,}-node tree drawing following the slider"] = scrub(app, panel, start=walk_starts + 1)
    panel.set_step(walk_starts + 1)
    app.processEvents()
    results[f"a {drawn:,}-node tree drawing following the slider at a mouse's pace"] = scrub(
        app, panel, start=walk_starts + 1, pace=MOUSE
    )
    panel.shutdown()
    panel.close()

    worst = 0.0
    for what, (milliseconds, computing) in results.items():
        worst = max(worst, milliseconds)
        print(f"stall {what}: {milliseconds:.0f} ms (longest computing between two beats: {computing:.0f} ms)")
    print(f"(floor: an idle event loop beside the same load stalls {floor[0]:.0f} ms, waiting for a core)")
    print(f"longest stall: {worst:.0f} ms (target: at most 50 ms) -> {'ok' if worst <= 50 else 'OVER'}")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"(machine load average {load:.1f} on {os.cpu_count()} cores: a stall counts wall time, waits for a core included)"
    )
    if not args.no_start:
        report_start(args)
    return 0


def report_start(args: argparse.Namespace) -> None:
    """The start to the first painted window against a bare editor window, and to everything loaded."""
    measured = start_ratio(args.rounds)
    if measured is not None:
        app_s, bare_s, loaded_s = measured
        ratio = app_s / bare_s
        print(f"start to first painted window: app {app_s * 1000:.0f} ms, bare Scintilla window "
              f"{bare_s * 1000:.0f} ms (medians of {args.rounds})")  # fmt: skip
        print(f"start to the app loaded (problems, drafts, tools) and closed: {loaded_s * 1000:.0f} ms")
        print(f"start {ratio:.1f}x the bare window (target: at most 2x) -> {'ok' if ratio <= 2 else 'OVER'}")


if __name__ == "__main__":
    sys.exit(main())
