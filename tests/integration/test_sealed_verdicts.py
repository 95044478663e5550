"""Verdicts nobody can forge, in every containment mode: real attacks by learner code in real
children (Python and JavaScript), judged through the runner as Submit judges them.

The modes are the four the app runs in: every layer; no namespaces (AppArmor stops bubblewrap);
seccomp only (no Landlock); the guard alone (as on macOS and Windows). A child's report can only
make a verdict worse (VOCABULARY.md): an early ``done``, a frame serialised by the learner's
``toJSON``, forged clock boundaries or a flood of frames never turn into AC.
"""

from __future__ import annotations

import sys

import pytest

from codementor_desktop.runner.containment import Switches
from codementor_desktop.runner.executor import Executor
from codementor_desktop.runner.local import LocalRunner
from codementor_desktop.runner.node import find_node
from codementor_desktop.runner.protocol import CHANNEL_MESSAGE, Limits, trace_job
from codementor_desktop.runner.trace_assembly import TraceAssembler

MODES = pytest.mark.parametrize(
    "layers",
    [
        Switches(),
        Switches(namespaces=False),
        Switches(namespaces=False, landlock=False),
        Switches(namespaces=False, landlock=False, seccomp=False),
    ],
    ids=["all_layers", "no_namespaces", "seccomp_only", "guard_only"],
)
needs_node = pytest.mark.skipif(find_node()[0] is None, reason="Node.js is not installed")
needs_proc = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent reads CPU time from /proc")
LIMITS = Limits(timeout_seconds=3, run_seconds=20, memory_mb=256)

# Five tests: the small ones first, then a large one (more than five numbers) on which the attack runs.
TESTS = [
    {"test_id": 1, "input": "[2,7,11,15], 9", "expected_output": "[0,1]"},
    {"test_id": 2, "input": "[3,2,4], 6", "expected_output": "[1,2]"},
    {"test_id": 3, "input": "[3,3], 6", "expected_output": "[0,1]"},
    {"test_id": 1001, "input": "[1,2,3,4,5,6,7,8,9,10], 19", "expected_output": "[8,9]"},
    {"test_id": 1002, "input": "[5,6], 11", "expected_output": "[0,1]"},
]
HIDDEN = {1001, 1002}

PY_SOLVE = (
    "def solve(nums, target):\n    seen = {}\n    for j, v in enumerate(nums):\n"
    "        if target - v in seen:\n            return [seen[target - v], j]\n        seen[v] = j\n\n"
)
PY_WRITER = "import gc, os\n\ndef writer():\n    return [o for o in gc.get_objects() if type(o).__name__ == 'FrameWriter'][0]\n\n"
JS_SOLVE = (
    "function solve(nums, target) {\n  const seen = new Map();\n  for (let j = 0; j < nums.length; j++) {\n"
    "    if (seen.has(target - nums[j])) return [seen.get(target - nums[j]), j];\n    seen.set(nums[j], j);\n  }\n}\n"
)


def judge(layers: Switches, language: str, code: str, limits: Limits = LIMITS, tests=TESTS) -> dict:
    executor = Executor(LocalRunner(layers=layers))
    name = "two_sum" if language == "python" else "twoSum"
    return executor.judge(
        code=code, language=language, tests=tests, limits=limits, function={"name": name}, hidden_ids=HIDDEN
    )


def never_accepted(result: dict) -> None:
    assert result["verdict"] != "AC" and not result["all_passed"], result
    assert result["tests_run"] <= result["tests_total"]


# ---------------------------------------------------------------- an early done


EARLY_DONE_PY = {
    # The code answers the small tests, then on the large one says the run is over and leaves.
    "done_then_exit": PY_WRITER + PY_SOLVE + "def two_sum(nums, target):\n    if len(nums) > 5:\n"
    "        writer().send('done', memory_used_kb=1)\n        os._exit(0)\n    return solve(nums, target)\n",
    "done_then_return": PY_WRITER + PY_SOLVE + "def two_sum(nums, target):\n    if len(nums) > 5:\n"
    "        writer().send('done', memory_used_kb=1)\n    return solve(nums, target)\n",
    "exit_without_done": PY_WRITER + PY_SOLVE + "def two_sum(nums, target):\n    if len(nums) > 5:\n"
    "        os._exit(0)\n    return solve(nums, target)\n",
}


@MODES
@pytest.mark.parametrize("attack", sorted(EARLY_DONE_PY))
def test_python_an_early_done_is_never_accepted(layers, attack):
    result = judge(layers, "python", EARLY_DONE_PY[attack])
    never_accepted(result)
    assert result["verdict"] == "RE", result
    assert [t["verdict"] for t in result["test_results"][:3]] == ["AC", "AC", "AC"]
    fourth, fifth = result["test_results"][3], result["test_results"][4]
    assert fourth["verdict"] == "RE" and fifth["verdict"] is None and fifth["status"] == "not_run"
    if attack == "done_then_return":  # the harness's next frame comes after the forged end
        assert CHANNEL_MESSAGE in result["error_message"], result
    else:
        assert "ended before test 4 ran" in result["error_message"], result


EARLY_DONE_JS = {
    # No nonce needed if the harness serialises through the learner's toJSON: its own frame says done.
    "to_json_says_done": "Object.prototype.toJSON = function () {\n"
    "  if (this.kind === 'test' && this.test_id === 1001) return { kind: 'done' };\n  return this;\n};\n"
    + JS_SOLVE
    + "function twoSum(nums, target) {\n  return nums.length > 5 ? [0, 0] : solve(nums, target);\n}\n",
    "to_json_rewrites_results": "Object.prototype.toJSON = function () {\n"
    "  if (this.kind === 'test') return { test_id: this.test_id, value: '[8,9]', kind: 'test' };\n"
    "  return this;\n};\n"
    + JS_SOLVE
    + "function twoSum(nums, target) {\n  return nums.length > 5 ? [0, 0] : solve(nums, target);\n}\n",
    "setter_drops_the_verdict": "for (const key of ['verdict', 'error_type']) {\n"
    "  Object.defineProperty(Object.prototype, key, { set(v) {}, get() { return undefined; }, configurable: true });\n"
    "}\n" + JS_SOLVE + "function twoSum(nums, target) {\n"
    "  if (nums.length > 5) throw new Error('no answer for large inputs');\n  return solve(nums, target);\n}\n",
    "stringify_replaced": "const real = JSON.stringify;\n"
    "JSON.stringify = (v, ...rest) => (v && v.kind === 'test' ? real({ kind: 'done' }) : real(v, ...rest));\n"
    "String.prototype.toString = () => 'done';\nObject.assign = (t) => t;\n"
    + JS_SOLVE
    + "function twoSum(nums, target) {\n  return nums.length > 5 ? [0, 0] : solve(nums, target);\n}\n",
}


@needs_node
@MODES
@pytest.mark.parametrize("attack", sorted(EARLY_DONE_JS))
def test_javascript_frames_are_the_harnesses_whatever_the_learner_patches(layers, attack):
    result = judge(layers, "javascript", EARLY_DONE_JS[attack])
    never_accepted(result)
    assert [t["verdict"] for t in result["test_results"][:3]] == ["AC", "AC", "AC"], result
    assert CHANNEL_MESSAGE not in (result.get("error_message") or ""), result  # the harness's frames stayed its own
    fourth = result["test_results"][3]
    assert fourth["verdict"] == ("RE" if attack == "setter_drops_the_verdict" else "WA"), fourth


# ---------------------------------------------------------------- clocks no frame can move

ONE_SECOND = Limits(timeout_seconds=1, run_seconds=10, memory_mb=256)
# On the large test: stop the child's own timers, lift its soft CPU limit to the hard one, send
# frames that used to restart the parent's clock, and burn 2.5 s of CPU before the right answer.
BURN_PY = (
    PY_WRITER + PY_SOLVE + "import resource, signal, time\n\ndef two_sum(nums, target):\n"
    "    if len(nums) > 5:\n        signal.setitimer(signal.ITIMER_PROF, 0)\n        signal.setitimer(signal.ITIMER_REAL, 0)\n"
    "        signal.signal(signal.SIGXCPU, signal.SIG_IGN)\n"
    "        soft, hard = resource.getrlimit(resource.RLIMIT_CPU)\n"
    "        resource.setrlimit(resource.RLIMIT_CPU, (hard, hard))\n"
    "        w, start, last = writer(), time.process_time(), 0.0\n"
    "        while time.process_time() - start < 2.5:\n"
    "            if time.process_time() - last > 0.3:\n                last = time.process_time()\n"
    "                FORGE\n"
    "    return solve(nums, target)\n"
)
FORGED = {
    "nothing": "pass",
    "started": "w.send('started', pid=os.getpid())",
    "case": "w.send('case', name='t', passed=True)",
    "the_due_result": "w.send('test', test_id=1001, value='[8,9]') if last - start < 0.3 else None",
}


@needs_proc
@MODES
@pytest.mark.parametrize("forged", sorted(FORGED))
def test_python_no_frame_resets_a_test_clock(layers, forged):
    result = judge(layers, "python", BURN_PY.replace("FORGE", FORGED[forged]), limits=ONE_SECOND)
    never_accepted(result)
    if forged in ("started", "case"):  # a frame no judge harness sends is the learner's: RE
        assert result["verdict"] == "RE" and CHANNEL_MESSAGE in result["error_message"], result
    else:
        assert result["verdict"] == "TLE" and result["reason"] == "time", result
        assert [t["verdict"] for t in result["test_results"][:3]] == ["AC", "AC", "AC"]


@needs_proc
@needs_node
@MODES
def test_javascript_a_test_over_its_cpu_time_is_tle_whatever_the_harness_was_told(layers):
    # The clocks the harness reads are the learner's to patch: the app's own measure decides.
    code = (
        JS_SOLVE + "const realUsage = process.cpuUsage;\n"
        "function twoSum(nums, target) {\n  if (nums.length > 5) {\n    const start = realUsage();\n"
        "    process.cpuUsage = () => ({ user: 0, system: 0 });\n    performance.now = () => 0;\n    Date.now = () => 0;\n"
        "    while (realUsage(start).user + realUsage(start).system < 2.5e6) {}\n  }\n  return solve(nums, target);\n}\n"
    )
    result = judge(layers, "javascript", code, limits=ONE_SECOND)
    never_accepted(result)
    assert result["verdict"] == "TLE", result
    assert result["test_results"][3]["verdict"] == "TLE"


# ---------------------------------------------------------------- floods the app does not keep

FLOOD_PY = {
    # Frames of the run (its nonce), each an object whose decoded form is 25 times its text.
    "tiny_objects_in_a_test_frame": PY_WRITER + "def two_sum(nums, target):\n    w = writer()\n"
    "    junk = [{} for _ in range(200000)]\n    for _ in range(100):\n"
    "        w.send('test', test_id=1, value='[0,1]', junk=junk)\n    return [0, 1]\n",
    "unknown_kinds": PY_WRITER + "def two_sum(nums, target):\n    w = writer()\n"
    "    junk = [[] for _ in range(200000)]\n    for _ in range(100):\n        w.send('progress', junk=junk)\n"
    "    return [0, 1]\n",
}


@MODES
@pytest.mark.parametrize("attack", sorted(FLOOD_PY))
def test_python_a_flood_of_frames_is_re_and_kept_nowhere(layers, attack):
    result = judge(layers, "python", FLOOD_PY[attack])
    assert result["verdict"] == "RE" and CHANNEL_MESSAGE in result["error_message"], result


@MODES
def test_python_an_early_done_ends_a_run_and_a_trace_as_the_learners_doing(layers):
    code = PY_WRITER + "def f(x):\n    writer().send('done', memory_used_kb=1)\n    os._exit(0)\n"
    executor = Executor(LocalRunner(layers=layers))
    executed = executor.execute(code=code, language="python", limits=LIMITS, arguments={"input_data": 1})
    assert executed["verdict"] == "RE" and "ended before its run finished" in executed["error_message"], executed
    # Traced, the code finds the writer through the tracer (a search of every object would be traced too).
    code = "import os, sys\n\ndef f(x):\n    t = sys.gettrace()\n    getattr(t, '__self__', t).writer.send('done')\n    os._exit(0)\n"
    job = trace_job("python", code, LIMITS, arguments={"input_data": 1}, trace_points=[], max_steps=1000)
    assembler = TraceAssembler(max_steps=1000)
    traced = assembler.result(LocalRunner(layers=layers).run(job, 30, None, assembler.feed), 1000)
    assert traced["stop_reason"] == "crashed" and "ended the trace" in traced["message"], traced


PATCHED_PY = {
    # What the frame writer would use if it looked its tools up when it writes.
    "os_write": "import os\nreal = os.write\n"
    "os.write = lambda fd, data: real(fd, bytes(data).replace(b'[0, 0]', b'[8, 9]').replace(b'[0,0]', b'[8,9]'))\n",
    "json_encoder": "import _json\nreal = _json.make_encoder\n\ndef forged(*parts):\n    encode = real(*parts)\n"
    "    return lambda value, level: encode(dict(value, value='[8,9]') if isinstance(value, dict) and "
    "value.get('kind') == 'test' else value, level)\n\n_json.make_encoder = forged\n",
    "builtins": "import builtins\nbuiltins.repr = lambda o: '[8,9]'\n",
}


@MODES
@pytest.mark.parametrize("patch", sorted(PATCHED_PY))
def test_python_frames_are_written_with_what_the_harness_took_first(layers, patch):
    code = PATCHED_PY[patch] + PY_SOLVE + "def two_sum(nums, target):\n"
    code += "    return [0, 0] if len(nums) > 5 else solve(nums, target)\n"
    result = judge(layers, "python", code)
    assert [t["verdict"] for t in result["test_results"]] == ["AC", "AC", "AC", "WA", "AC"], result
    assert result["test_results"][3]["actual_output"] == "[0,0]", result["test_results"][3]
