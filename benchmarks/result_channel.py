"""What a flood of forged frames costs the app: its peak memory against the bytes the child wrote.

Learner code shares the child's process, so it can find the frame writer (its nonce with it) and
write whatever it likes on the result channel. Each scenario below runs such a flood through the
real runner, in a fresh process of its own, as the app runs it: a Submit (``judge``), a run
(``execute``) and a trace (``bp_trace``'s job and step assembly, ``max_steps`` 100,000). The
process's peak resident size (``ru_maxrss``) is read after a small warm-up run and again after the
flood; the growth is set against the bytes the app read from the channel (and the bytes the child
meant to write). Targets: the growth at most 3 times the bytes read, and under ``--bound`` MB.

    uv run python benchmarks/result_channel.py [--bound 300] [--mb 60]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

# The flood of each scenario: Python learner code that writes about MB megabytes of frames.
# The trace harness freezes its objects out of gc.get_objects()' sight; the tracer holds it anyway.
WRITER = (
    "import gc, sys\n\ndef writer():\n    t = sys.gettrace()\n"
    "    if t is not None:\n        return getattr(t, '__self__', t).writer\n"
    "    return [o for o in gc.get_objects() if type(o).__name__ == 'FrameWriter'][0]\n\n"
)
FLOODS = {
    # Test frames whose every field but one is a list of empty objects: 25 times their size decoded.
    "judge: tiny objects in test frames": (
        "judge",
        WRITER + "def f(x):\n    w = writer()\n    junk = [{} for _ in range(330_000)]\n"
        "    for _ in range(MB):\n        w.send('test', test_id=1, value='1', junk=junk)\n    return 1\n",
    ),
    # Frames of a kind no harness writes, each a megabyte of text.
    "judge: unknown kinds, 1 MB of text each": (
        "judge",
        WRITER + "def f(x):\n    w = writer()\n    text = 'x' * 2**20\n"
        "    for i in range(MB):\n        w.send('progress', n=i, text=text)\n    return 1\n",
    ),
    "execute: nested lists in one frame after another": (
        "execute",
        WRITER + "def f(x):\n    w = writer()\n    junk = [[[]] for _ in range(200_000)]\n"
        "    for _ in range(MB):\n        w.send('progress', junk=junk)\n    return 1\n",
    ),
    # Trace batches of steps each carrying a changed variable made of small containers.
    "bp_trace: forged steps, max_steps 100000": (
        "trace",
        WRITER + "def f(x):\n    w = writer()\n    step = [0, 1, 1, {'v': [[0]] * 40}, {}, '']\n"
        "    batch = [step] * 1000\n    for i in range(MB * 2):\n        w.send_steps(i * 1000, batch)\n    return 1\n",
    ),
    # Steps whose changed variable is a long string: bytes that are kept as they are.
    "bp_trace: forged steps of long strings": (
        "trace",
        WRITER + "def f(x):\n    w = writer()\n    step = [0, 1, 1, {'v': 'x' * 2000}, {}, '']\n"
        "    batch = [step] * 1000\n    for i in range(MB // 2):\n        w.send_steps(i * 1000, batch)\n    return 1\n",
    ),
}

SCENARIO = """
import json, resource, sys
from codementor_desktop.runner import channel
from codementor_desktop.runner.executor import Executor
from codementor_desktop.runner.local import LocalRunner
from codementor_desktop.runner.protocol import Limits, trace_job
from codementor_desktop.runner.trace_assembly import TraceAssembler

mode, code = sys.argv[1], sys.argv[2]
read = [0]
feed = channel.FrameDecoder.feed

def counted(self, data):
    read[0] += len(data)
    return feed(self, data)

channel.FrameDecoder.feed = counted
limits = Limits(timeout_seconds=10, run_seconds=30, memory_mb=512)
executor = Executor(LocalRunner())

def run(source):
    if mode == "judge":
        result = executor.judge(code=source, language="python", tests=[{"test_id": 1, "input": "1", "expected_output": "1"}],
                                limits=limits, function={"name": "f"})
        return result["verdict"], result.get("error_message", "")
    if mode == "execute":
        result = executor.execute(code=source, language="python", limits=limits, arguments={"input_data": 1})
        return result["verdict"], result.get("error_message", "")
    job = trace_job("python", source, limits, arguments={"input_data": 1}, trace_points=[], max_steps=100_000)
    assembler = TraceAssembler(max_steps=100_000)
    report = LocalRunner().run(job, 30, None, assembler.feed)
    result = assembler.result(report, 100_000)
    return result["stop_reason"], result.get("message", "")

run("def f(x):\\n    return x\\n")  # the warm-up: the runner's own first-run costs are not the flood's
read[0] = 0
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
verdict, message = run(code)
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"growth_kb": after - before, "read": read[0], "verdict": verdict, "message": message[:160]}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=60, help="megabytes each flood means to write")
    parser.add_argument("--bound", type=float, default=300.0, help="the most the app may grow, in MB")
    args = parser.parse_args()
    print(f"floods of about {args.mb} MB of forged frames, each through the real runner in a fresh process")
    print(f"{'scenario':48} {'meant MB':>8} {'read MB':>8} {'growth MB':>9} {'ratio':>6}  verdict")
    worst_ratio, worst_growth = 0.0, 0.0
    for name, (mode, code) in FLOODS.items():
        source = code.replace("MB", str(args.mb))
        env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
        out = subprocess.run(
            [sys.executable, "-c", SCENARIO, mode, source], capture_output=True, text=True, env=env, check=False
        )
        if out.returncode != 0:
            print(f"{name:48} failed: {out.stderr.strip()[-400:]}")
            continue
        figures = json.loads(out.stdout.strip().splitlines()[-1])
        growth, read = figures["growth_kb"] / 1024, figures["read"] / 2**20
        ratio = growth / read if read else float("inf")
        worst_ratio, worst_growth = max(worst_ratio, ratio), max(worst_growth, growth)
        print(
            f"{name:48} {args.mb:>8} {read:>8.1f} {growth:>9.1f} {ratio:>6.2f}  {figures['verdict']}: {figures['message']}"
        )
    print(f"worst growth {worst_growth:.1f} MB (bound {args.bound:.0f} MB), worst ratio {worst_ratio:.2f}x (aim < 3x)")
    print("within bound" if worst_growth <= args.bound else "OVER THE BOUND")


if __name__ == "__main__":
    main()
