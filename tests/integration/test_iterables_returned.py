"""A function that returns a generator or an iterator is judged on what it yields, not its repr."""

import pytest

from codementor_desktop.runner.node import find_node
from codementor_desktop.runner.protocol import Limits

FAST = Limits(timeout_seconds=2, run_seconds=8, memory_mb=256)
EVENS = {"name": "evens", "params": [{"name": "n", "type": "int"}], "returns": "list[int]"}
TESTS = [
    {"test_id": 1, "input": "5", "expected_output": "[0, 2, 4]"},
    {"test_id": 2, "input": "0", "expected_output": "[]"},
]
needs_node = pytest.mark.skipif(find_node()[0] is None, reason="no Node.js 18+ on this machine")

PYTHON = {
    "generator": "def evens(n):\n    for i in range(0, n, 2):\n        yield i\n",
    "map": "def evens(n):\n    return map(lambda i: 2 * i, range((n + 1) // 2))\n",
    "filter": "def evens(n):\n    return filter(lambda i: i % 2 == 0, range(n))\n",
    "range": "def evens(n):\n    return range(0, n, 2)\n",
    "zip": "def evens(n):\n    return (a + b for a, b in zip(range(0, n, 2), [0] * n))\n",
    "dict keys": "def evens(n):\n    return {i: True for i in range(0, n, 2)}.keys()\n",
    "reversed": "def evens(n):\n    return reversed([i for i in range(0, n, 2)][::-1])\n",
    "iter": "def evens(n):\n    return iter([i for i in range(n) if i % 2 == 0])\n",
}


@pytest.mark.parametrize("kind", sorted(PYTHON))
def test_python_iterables_are_compared_as_lists(executor, kind):
    run = executor.judge(code=PYTHON[kind], language="python", tests=TESTS, limits=FAST, function=EVENS)
    assert run["verdict"] == "AC", run["test_results"]
    assert run["test_results"][0]["actual_output"] == "[0,2,4]"


def test_a_wrong_generator_is_a_wrong_answer_showing_its_items(executor):
    code = "def evens(n):\n    yield from range(1, n, 2)\n"
    run = executor.judge(code=code, language="python", tests=TESTS[:1], limits=FAST, function=EVENS)
    assert run["verdict"] == "WA" and run["test_results"][0]["actual_output"] == "[1,3]"


def test_an_endless_generator_ends_as_a_clear_error_not_a_hang(executor):
    code = "def evens(n):\n    i = 0\n    while True:\n        yield i\n        i += 2\n"
    run = executor.judge(code=code, language="python", tests=TESTS[:1], limits=FAST, function=EVENS)
    assert run["verdict"] in ("OLE", "TLE")
    if run["verdict"] == "OLE":
        assert "iterator gave more than" in run["error_message"]


def test_an_iterator_class_of_a_design_problem_is_left_alone(executor):
    code = """class Counter:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        raise StopIteration

    def value(self):
        return self.n
"""
    tests = [{"test_id": 1, "input": '["Counter", "value"], [[3], []]', "expected_output": "[null, 3]"}]
    run = executor.judge(
        code=code, language="python", tests=tests, limits=FAST, function={"name": "Counter"}, compare="operations"
    )
    assert run["verdict"] == "AC", run["test_results"]


JAVASCRIPT = {
    "generator": "function* evens(n) {\n  for (let i = 0; i < n; i += 2) yield i;\n}\n",
    "array iterator": "function evens(n) {\n  return [0, 2, 4].filter((i) => i < n).values();\n}\n",
    "map keys": "function evens(n) {\n  const m = new Map();\n  for (let i = 0; i < n; i += 2) m.set(i, true);\n  return m.keys();\n}\n",
}


@needs_node
@pytest.mark.parametrize("kind", sorted(JAVASCRIPT))
def test_javascript_iterators_are_compared_as_arrays(executor, kind):
    run = executor.judge(code=JAVASCRIPT[kind], language="javascript", tests=TESTS, limits=FAST, function=EVENS)
    assert run["verdict"] == "AC", run["test_results"]
    assert run["test_results"][0]["actual_output"] == "[0,2,4]"


@needs_node
def test_an_endless_javascript_generator_is_output_limit_exceeded(executor):
    code = "function* evens(n) {\n  for (let i = 0; ; i += 2) yield i;\n}\n"
    run = executor.judge(code=code, language="javascript", tests=TESTS[:1], limits=FAST, function=EVENS)
    assert run["verdict"] in ("OLE", "TLE")
    if run["verdict"] == "OLE":
        assert "iterator gave more than" in run["error_message"]
