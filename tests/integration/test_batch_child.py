"""The persistent batch child for real: one process answers batch after batch; a hung or stopped
example is TLE and the next input gets a fresh child; the learner's code cannot read the inputs
that follow on the channel."""

import pytest

from codementor_desktop.runner.batches import BatchChild, CompileFailed
from codementor_desktop.runner.local import LocalRunner
from codementor_desktop.runner.node import find_node
from codementor_desktop.runner.protocol import Limits

FUNCTION = {"name": "f", "params": [{"name": "nums", "type": "list[int]"}, {"name": "k", "type": "int"}]}
PY = """import time
calls = []

def f(nums, k):
    calls.append(k)  # a fresh module per example: this never grows past one
    if k == 7:
        while True:
            pass
    if k == 8:
        time.sleep(60)
    if k == 9:
        raise ValueError("nine")
    return [len(calls)] + sorted(nums)[:k]
"""
JS = """function f(nums, k) {
  if (k === 7) { while (true) {} }
  if (k === 9) throw new Error('nine');
  return [1].concat(nums.slice().sort((a, b) => a - b).slice(0, k));
}
"""


def child(language, code):
    return BatchChild(LocalRunner(), language, code, function=FUNCTION, limits=Limits(timeout_seconds=0.5))


def test_one_process_answers_many_batches():
    with child("python", PY) as batch:
        batch.start()
        first = batch.answers(["[3,1,2], 2", "[5,4], 1"] * 25)
        second = batch.answers(["[9,8,7], 3"])
        assert [a.value for a in first[:2]] == [[1, 1, 2], [1, 4]]
        assert all(a.ok for a in first) and second[0].value == [1, 7, 8, 9]
        assert batch.restarts == 0
    assert "guard" in batch.containment


def test_a_looping_or_hung_example_is_tle_and_the_next_gets_a_fresh_child():
    with child("python", PY) as batch:
        answers = batch.answers(["[1], 9", "[1], 7", "[2,1], 1", "[1], 8", "[4,3], 1"])
    assert [a.verdict for a in answers] == ["RE", "TLE", None, "TLE", None]
    assert "ValueError: nine" in answers[0].message
    assert answers[2].value == [1, 1] and answers[4].value == [1, 3]
    assert batch.restarts == 2  # after the loop the child stopped itself; after the sleep the parent killed it


@pytest.mark.skipif(find_node()[0] is None, reason="no Node.js 18+ on this machine")
def test_javascript_batches():
    with child("javascript", JS) as batch:
        answers = batch.answers(["[3,1,2], 2", "[1], 9", "[1], 7", "[2,1], 1"])
    assert [a.verdict for a in answers] == [None, "RE", "TLE", None]
    assert answers[0].value == [1, 1, 2] and answers[3].value == [1, 1]


def test_the_learner_cannot_read_the_inputs_that_follow():
    code = "import os, sys\n\ndef f(nums, k):\n    return [len(os.read(0, 4096)), len(sys.stdin.read())]\n"
    with child("python", code) as batch:
        answers = batch.answers(["[1], 1", "[2], 2"])
    assert [a.value for a in answers] == [[0, 0], [0, 0]]


def test_code_that_does_not_compile():
    with child("python", "def f(nums, k:\n    return 1\n") as batch, pytest.raises(CompileFailed) as failed:
        batch.start()
    assert failed.value.frame.get("line_number") == 1


@pytest.mark.skipif(find_node()[0] is None, reason="the fake Piston server needs Node")
def test_a_backend_without_a_channel_runs_each_batch_as_one_job():
    from codementor_desktop.runner.piston import PistonBackend
    from tests.fakes.piston_server import FakePiston

    code = "def f(nums, k):\n    if k == 9:\n        raise ValueError('nine')\n    return sorted(nums)[:k]\n"
    with FakePiston() as server:
        backend = PistonBackend(server.url, backoff_seconds=0.01)
        with BatchChild(backend, "python", code, function=FUNCTION, limits=Limits(timeout_seconds=1)) as batch:
            answers = batch.answers(["[3,1,2], 2", "[1], 9", "[2,1], 1"])
    assert [a.value for a in answers] == [[1, 2], None, [1]]
    assert answers[1].verdict == "RE" and batch.containment == ["piston"]


def test_a_child_ended_by_sigterm_is_no_verdict_on_its_example():
    """The runner ends children with SIGKILL: a SIGTERM comes from outside the run (here the code
    sends it, standing in for the machine), so the example gets IE, never RE against the learner,
    and the next example runs in a fresh child."""
    code = (
        "import os, signal\n\ndef f(x):\n    if x == 2:\n        os.kill(os.getpid(), signal.SIGTERM)\n    return x\n"
    )
    with BatchChild(LocalRunner(), "python", code, function={"params": [{"name": "x", "type": "int"}]}) as child:
        answers = child.answers(["1", "2", "3"])
    assert [(a.verdict, a.value) for a in answers] == [(None, 1), ("IE", None), (None, 3)]
    assert "SIGTERM" in (answers[1].message or "")
