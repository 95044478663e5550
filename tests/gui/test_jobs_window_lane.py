"""What the window's run flow asks of ``Jobs`` beyond its first tests, with the real registry: a
synchronous trace hands its streamed steps over on the GUI thread before its answer (the runner's
reader thread makes them), and a window call's progress reaches ``progressed`` (the status bar)."""

from __future__ import annotations

import threading

from codementor_desktop.gui.jobs import Jobs
from codementor_desktop.gui.session import Session

LOOP = "def count(n):\n    total = 0\n    for i in range(n):\n        total += i\n    return total\n\ncount(50)\n"


def test_a_synchronous_trace_streams_its_steps_on_the_gui_thread_before_its_answer(qtbot, services):
    jobs = Jobs(services.registry, Session(services.settings.user), synchronous=True)
    gui = threading.current_thread()
    seen: list[tuple[str, int, bool]] = []
    arguments = {"code": LOOP, "language": "python", "max_steps": 1_000, "trace_points": ["all_lines"]}
    jobs.call(
        "bp_trace",
        arguments,
        lambda result: seen.append(("done", len(result.get("steps") or []), threading.current_thread() is gui)),
        on_steps=lambda batch: seen.append(("steps", len(batch), threading.current_thread() is gui)),
    )
    assert seen and seen[-1][0] == "done"  # the answer came before ``call`` returned, and last
    batches = [entry for entry in seen if entry[0] == "steps"]
    assert batches and all(on_gui for _what, _count, on_gui in seen)
    assert sum(count for _what, count, _gui in batches) > 50
    jobs.shutdown()


def test_a_window_calls_progress_reaches_the_status_bar_signal(qtbot, services):
    jobs = Jobs(services.registry, Session(services.settings.user))
    said: list[str] = []
    jobs.progressed.connect(lambda _call, _fraction, text: said.append(text))
    code = "def two_sum(nums, target):\n    return [0, 1]\n"
    arguments = {"code": code, "language": "python", "problem_id": "two-sum", "test_results": {}}
    with qtbot.waitSignal(jobs.ended, timeout=90_000):
        jobs.call("analyze_code_patterns", arguments, lambda _r: None)
    assert said and said[0] == "reading the code", said
    jobs.shutdown()
