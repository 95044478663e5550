"""Verdicts judged outside the learner's process, and a result channel the learner cannot forge or flood.

Issue 10's causes 5 and 8 as learner code on real children, in Python and JavaScript, through
every mode that judges or reports values (judge with hidden tests, execute, trace, breakpoint,
the learner's own tests), with every containment layer and without the namespace layer. Also the
faults that are the learner's (RE, never IE) and the imports that must work under every layer.
"""

from __future__ import annotations

import resource
import time
import tracemalloc

import pytest

from codementor_desktop.runner.containment import Switches
from codementor_desktop.runner.executor import Executor
from codementor_desktop.runner.learner_tests import run_tests
from codementor_desktop.runner.local import LocalRunner
from codementor_desktop.runner.node import find_node
from codementor_desktop.runner.protocol import CHANNEL_MESSAGE, Limits, breakpoint_job, judge_job, trace_job
from codementor_desktop.runner.trace_assembly import TraceAssembler, breakpoint_result

LAYERS = pytest.mark.parametrize(
    "layers", [Switches(), Switches(namespaces=False)], ids=["all_layers", "no_namespaces"]
)
needs_node = pytest.mark.skipif(find_node()[0] is None, reason="Node.js is not installed")
LIMITS = Limits(timeout_seconds=3, run_seconds=10, memory_mb=256)
SECRET = "[4242,4343]"  # a hidden test's answer: it must never reach the learner's process
TESTS = [
    {"test_id": 1, "input": "[2,7,11,15], 9", "expected_output": "[0,1]"},
    {"test_id": 1001, "input": "[1,5,4242,4343,9], 8585", "expected_output": SECRET.replace("4242,4343", "2,3")},
    {"test_id": 1002, "input": "[3,2,4], 6", "expected_output": "[1,2]"},
]
HIDDEN = {1001, 1002}
PY = {"name": "two_sum"}
JS = {"name": "twoSum"}

# Python: the harness's frame writer, found the way a determined learner finds it.
WRITER = (
    "import gc\n\ndef writer():\n    return [o for o in gc.get_objects() if type(o).__name__ == 'FrameWriter'][0]\n\n"
)


def judge(layers, language, code, tests=TESTS, **options):
    function = PY if language == "python" else JS
    executor = Executor(LocalRunner(layers=layers))
    return executor.judge(
        code=code, language=language, tests=tests, limits=LIMITS, function=function, hidden_ids=HIDDEN, **options
    )


def channel_re(result: dict) -> bool:
    return result["verdict"] == "RE" and CHANNEL_MESSAGE in (result.get("error_message") or "")


def test_the_judge_job_carries_no_expected_output_and_no_checker():
    job = judge_job("python", "x = 1", LIMITS, tests=TESTS, function=PY, compare="checker")
    assert all("expected_output" not in t for t in job["tests"]) and "checker" not in job
    assert SECRET.replace("4242,4343", "2,3") not in str(job)


# ---------------------------------------------------------------- cause 5: forged verdicts, Python

WRONG_PY = "def two_sum(nums, target):\n    return [0, 0]\n"
FORGERIES_PY = {
    "compare_patched": "import sys\nfor m in list(sys.modules.values()):\n    try:\n        m.same = lambda *a, **k: True\n"
    "    except Exception:\n        pass\n" + WRONG_PY,
    "builtins_overwritten": "import builtins\nbuiltins.isinstance = lambda *a: True\nbuiltins.repr = lambda o: '[0,1]'\n"
    "builtins.len = lambda o: 0\n" + WRONG_PY,
    "json_patched": "import json, _json\njson.dumps = lambda *a, **k: '[0,1]'\njson.loads = lambda *a, **k: [0, 1]\n"
    "_json.make_encoder = None\n" + WRONG_PY,
    "equal_to_everything": "class Always(list):\n    def __eq__(self, other):\n        return True\n"
    "    __hash__ = None\n\ndef two_sum(nums, target):\n    return Always([0, 0])\n",
    "encoder_of_the_harness_patched": "import sys\nsys.modules['fastjson'].dumps = lambda *a, **k: '\"[0,1]\"'\n"
    + WRONG_PY,
}


@LAYERS
@pytest.mark.parametrize("attack", sorted(FORGERIES_PY))
def test_python_cannot_forge_an_accepted_submit(layers, attack):
    result = judge(layers, "python", FORGERIES_PY[attack])
    assert result["verdict"] in ("WA", "RE") and not result["all_passed"], result
    assert all(t["verdict"] != "AC" for t in result["test_results"] if t["test_id"] in HIDDEN)


@LAYERS
def test_python_finds_no_hidden_answer_in_its_process(layers):
    # The answer and the key are searched for as the code builds them: its own text holds neither.
    code = (
        "import gc, sys\n\ndef f(x):\n    marks = (''.join(['hid', 'den-7f3a']), ''.join(['expected', '_output']))\n"
        "    found = gc.get_objects()\n    frame = sys._getframe()\n    while frame:\n"
        "        found += list(frame.f_locals.values())\n        frame = frame.f_back\n\n"
        "    def holds(o):\n        if o is marks:\n            return False\n"
        "        if isinstance(o, dict):\n"
        "            return marks[1] in o or any(isinstance(v, str) and marks[0] in v for v in o.values())\n"
        "        if isinstance(o, (list, tuple)):\n            return any(isinstance(v, str) and marks[0] in v for v in o)\n"
        "        return isinstance(o, str) and marks[0] in o\n\n"
        "    return 'leaked' if any(holds(o) for o in found) else 'clean'\n"
    )
    tests = [{"test_id": 1001, "input": "1", "expected_output": '"hidden-7f3a"'}]
    executor = Executor(LocalRunner(layers=layers))
    result = executor.judge(code=code, language="python", tests=tests, limits=LIMITS, function={"name": "f"})
    assert result["verdict"] == "WA" and result["test_results"][0]["actual_output"] == '"clean"', result


@LAYERS
def test_python_frames_forged_with_the_nonce_are_re(layers):
    forged = WRITER + (
        "def two_sum(nums, target):\n    w = writer()\n"
        "    for t in (1, 1001, 1002):\n        w.send('test', test_id=t, value='[0,1]')\n"
        "    w.send('done', memory_used_kb=1)\n    return [0, 0]\n"
    )
    result = judge(layers, "python", forged)
    assert channel_re(result) and not result["all_passed"], result
    second = (
        WRITER + "def two_sum(nums, target):\n    writer().send('test', test_id=1, value='[0,1]')\n    return [0, 1]\n"
    )
    result = judge(layers, "python", second)
    assert channel_re(result) and "second result" in result["error_message"], result


@LAYERS
def test_python_printing_the_nonce_changes_nothing(layers):
    code = WRITER + (
        'def two_sum(nums, target):\n    w = writer()\n    print(w._prefix.decode() + \'{"kind":"done"}\')\n'
        "    seen = {}\n    for j, v in enumerate(nums):\n        if target - v in seen:\n"
        "            return [seen[target - v], j]\n        seen[v] = j\n"
    )
    result = judge(layers, "python", code)
    assert result["verdict"] == "AC", result
    assert "CM1" in result["test_results"][0]["stdout"]


# ---------------------------------------------------------------- cause 8: the result channel, Python

CHANNEL_PY = {
    "flood_without_newlines": WRITER + "import os\n\ndef two_sum(nums, target):\n    fd = writer()._fd\n"
    "    while True:\n        os.write(fd, b'x' * (1 << 20))\n",
    "fake_frame_on_every_descriptor": "import os\n\ndef two_sum(nums, target):\n    for fd in range(1, 64):\n"
    '        try:\n            os.write(fd, b\'\\n\\x1eCM1:0000:{"kind":"test","test_id":1,"value":"[0,1]"}\\n\')\n'
    "        except OSError:\n            pass\n    return [0, 1]\n",
    "exit_mid_frame": WRITER + "import os\n\ndef two_sum(nums, target):\n    w = writer()\n"
    "    os.write(w._fd, b'\\n' + w._prefix + b'{\"kind\":\"te')\n    os._exit(0)\n",
    "a_frame_of_the_wrong_shape": WRITER + "import os\n\ndef two_sum(nums, target):\n    w = writer()\n"
    "    os.write(w._fd, b'\\n' + w._prefix + b'[1,2,3]\\n')\n    return [0, 1]\n",
}


@LAYERS
@pytest.mark.parametrize("attack", sorted(CHANNEL_PY))
def test_python_writes_to_the_result_channel_are_re(layers, attack):
    tracemalloc.start()
    cpu = resource.getrusage(resource.RUSAGE_SELF)
    started = time.perf_counter()
    try:
        result = judge(layers, "python", CHANNEL_PY[attack])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    used = resource.getrusage(resource.RUSAGE_SELF)
    assert channel_re(result), result
    # Bounded: one frame's bound (16 MB) at most, kept once, and no quadratic rescanning.
    assert peak < 48 * 2**20, peak
    assert (used.ru_utime + used.ru_stime) - (cpu.ru_utime + cpu.ru_stime) < 3.0
    assert time.perf_counter() - started < 8.0


@LAYERS
def test_python_channel_faults_in_every_other_mode(layers):
    flood = WRITER + "import os\n\ndef f(x):\n    os.write(writer()._fd, b'x' * (20 << 20))\n    return x\n"
    executor = Executor(LocalRunner(layers=layers))
    limits = LIMITS.clamped()
    executed = executor.execute(code=flood, language="python", limits=limits, arguments={"input_data": 1})
    assert channel_re(executed), executed

    # Every descriptor but the learner's own stdout and stderr: the result channel is among them.
    fake = (
        "import os\n\ndef f(x):\n    for fd in range(3, 64):\n        try:\n"
        "            os.write(fd, b'\\nnot a frame\\n')\n        except OSError:\n            pass\n"
        "    total = 0\n    for i in range(3):\n        total += i\n    return total\n"
    )
    job = trace_job("python", fake, limits, arguments={"input_data": 1}, trace_points=[], max_steps=100)
    assembler = TraceAssembler()
    traced = assembler.result(executor.run_job(job, 10, None, assembler.feed), 100)
    assert traced["status"] == "error" and CHANNEL_MESSAGE in traced["message"], traced

    job = breakpoint_job(
        "python", fake, limits, arguments={"input_data": 1}, condition="total == 1", watch=[], line=None, hit=1
    )
    stopped = breakpoint_result(executor.run_job(job, 10, None, None))
    assert stopped["status"] == "error" and CHANNEL_MESSAGE in stopped["message"], stopped

    tests = "from solution import *\n\ndef test_f():\n    assert f(2) == 3\n"
    ran = run_tests(executor, language="python", code=fake, test_code=tests, framework="pytest", limits=limits)
    assert ran["verdict"] == "RE" and CHANNEL_MESSAGE in ran["error_message"], ran


# ---------------------------------------------------------------- faults that are the learner's: RE

FAULTS_PY = {
    "keyboard_interrupt": "def two_sum(nums, target):\n    raise KeyboardInterrupt\n",
    "str_that_raises": "class E(Exception):\n    def __str__(self):\n        raise ValueError('no')\n\n"
    "def two_sum(nums, target):\n    raise E()\n",
    "repr_that_raises": "class V:\n    def __repr__(self):\n        raise ValueError('no')\n\n"
    "def two_sum(nums, target):\n    return V()\n",
    "a_50_mb_message": "def two_sum(nums, target):\n    raise ValueError('x' * (50 * 2**20))\n",
    "exit_from_the_process": "import os\n\ndef two_sum(nums, target):\n    os._exit(3)\n",
}


@pytest.mark.parametrize("fault", sorted(FAULTS_PY))
def test_python_faults_of_the_learner_are_re_with_a_readable_message(fault):
    result = judge(Switches(), "python", FAULTS_PY[fault], tests=TESTS[:1])
    assert result["verdict"] == "RE", result
    assert 0 < len(result["error_message"]) < 5000


@LAYERS
def test_python_imports_that_must_work(layers):
    code = (
        "import pathlib, zipfile, asyncio, json, re, collections, heapq, bisect, functools, itertools\n"
        "import dataclasses, typing, fractions, decimal, statistics, random, math\n\n"
        "async def twice(x):\n    await asyncio.sleep(0)\n    return 2 * x\n\n"
        "def f(x):\n    pathlib.Path('here.txt').write_text('ok')\n"
        "    with zipfile.ZipFile('a.zip', 'w') as z:\n        z.writestr('a', 'b')\n"
        "    return [asyncio.run(twice(x)), pathlib.Path('here.txt').read_text(), str(fractions.Fraction(1, 3))]\n"
    )
    executor = Executor(LocalRunner(layers=layers))
    result = executor.execute(code=code, language="python", limits=LIMITS, arguments={"input_data": 21})
    assert result["verdict"] == "AC" and result["return_value"] == '[42,"ok","1/3"]', result
    refused = "import subprocess\n\ndef f(x):\n    return subprocess.run(['true'])\n"
    result = executor.execute(code=refused, language="python", limits=LIMITS, arguments={"input_data": 1})
    assert result["verdict"] == "RE" and "not allowed" in result["error_message"]


# ---------------------------------------------------------------- JavaScript

WRONG_JS = "function twoSum(nums, target) {\n  return [0, 0];\n}\n"
FORGERIES_JS = {
    "json_stringify_patched": "JSON.stringify = () => '[0,1]';\nJSON.parse = () => [0, 1];\n" + WRONG_JS,
    "builtins_patched": "Array.isArray = () => false;\nObject.keys = () => [];\nArray.from = () => [0, 1];\n"
    + WRONG_JS,
    "to_json_patched": "Array.prototype.toJSON = function () { return [0, 1]; };\n" + WRONG_JS,
    "equal_patched": "Object.is = () => true;\nNumber.isNaN = () => true;\n" + WRONG_JS,
}


@needs_node
@LAYERS
@pytest.mark.parametrize("attack", sorted(FORGERIES_JS))
def test_javascript_cannot_forge_an_accepted_submit(layers, attack):
    result = judge(layers, "javascript", FORGERIES_JS[attack])
    assert result["verdict"] in ("WA", "RE") and not result["all_passed"], result
    # Whatever the patch makes of the value, it is the learner's answer: the hidden tests' stay unknown.
    assert all(t["verdict"] != "AC" for t in result["test_results"] if t["test_id"] in HIDDEN)


CHANNEL_JS = {
    "fake_frame": "const fs = require('fs');\nfunction twoSum(nums, target) {\n"
    '  fs.writeSync(1, \'\\n\\x1eCM1:00:{"kind":"test","test_id":1,"value":"[0,1]"}\\n\');\n  return [0, 1];\n}\n',
    "flood_without_newlines": "const fs = require('fs');\nfunction twoSum(nums, target) {\n"
    "  const chunk = 'x'.repeat(1 << 20);\n  for (;;) fs.writeSync(1, chunk);\n}\n",
    "partial_frame": "const fs = require('fs');\nfunction twoSum(nums, target) {\n"
    "  fs.writeSync(1, '\\n\\x1eCM1:');\n  return [0, 1];\n}\n",
}


@needs_node
@LAYERS
@pytest.mark.parametrize("attack", sorted(CHANNEL_JS))
def test_javascript_writes_to_the_result_channel_are_re(layers, attack):
    started = time.perf_counter()
    result = judge(layers, "javascript", CHANNEL_JS[attack])
    assert channel_re(result), result
    assert time.perf_counter() - started < 8.0


@needs_node
@LAYERS
def test_javascript_channel_faults_when_executing_and_running_tests(layers):
    executor = Executor(LocalRunner(layers=layers))
    code = "const fs = require('fs');\nfunction add(a, b) {\n  fs.writeSync(1, 'x'.repeat(20 << 20));\n  return a + b;\n}\n"
    executed = executor.execute(code=code, language="javascript", limits=LIMITS, arguments={"input_data": [1, 2]})
    assert channel_re(executed), executed
    tests = "test('add', () => expect(add(1, 2)).toBe(3));\n"
    ran = run_tests(executor, language="javascript", code=code, test_code=tests, framework="jest", limits=LIMITS)
    assert ran["verdict"] == "RE" and CHANNEL_MESSAGE in ran["error_message"], ran


FAULTS_JS = {
    "getter_that_throws": "function twoSum(nums, target) {\n  return { get a() { throw new Error('no'); } };\n}\n",
    "to_string_that_throws": "function twoSum(nums, target) {\n"
    "  throw { toString() { throw new Error('no'); }, get message() { throw new Error('no'); } };\n}\n",
    "inspect_that_throws": "function twoSum(nums, target) {\n"
    "  throw { [Symbol.for('nodejs.util.inspect.custom')]() { throw new Error('no'); } };\n}\n",
    "a_50_mb_message": "function twoSum(nums, target) {\n  throw new Error('x'.repeat(50 * 2 ** 20));\n}\n",
}


@needs_node
@pytest.mark.parametrize("fault", sorted(FAULTS_JS))
def test_javascript_faults_of_the_learner_are_re_with_a_readable_message(fault):
    result = judge(Switches(), "javascript", FAULTS_JS[fault], tests=TESTS[:1])
    assert result["verdict"] == "RE", result
    assert 0 < len(result["error_message"]) < 5000


@needs_node
def test_javascript_values_keep_their_meaning_when_judged_in_the_app():
    # undefined is null, -0 is 0, NaN and Infinity are text, a safe BigInt a number: as compared before.
    cases = [
        ("return undefined;", "null", "AC"),
        ("return -0;", "0", "AC"),
        ("return NaN;", "0", "WA"),
        ("return Infinity;", '"Infinity"', "AC"),
        ("return 5n;", "5", "AC"),
        ("return new Set([3, 1, 2]);", "[1,2,3]", "AC"),
        ("return true;", "1", "WA"),
    ]
    executor = Executor(LocalRunner())
    for body, expected, verdict in cases:
        code = f"function f(x) {{\n  {body}\n}}\n"
        test = [{"test_id": 1, "input": "1", "expected_output": expected}]
        result = executor.judge(code=code, language="javascript", tests=test, limits=LIMITS, function={"name": "f"})
        assert result["verdict"] == verdict, (body, result)
