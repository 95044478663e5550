"""bp_trace and bp_breakpoint for real: child processes, values checked against what the program
really computed (the same code run plainly in the test)."""

from __future__ import annotations

import json
import math

import pytest

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.tools.context import ToolContext
from codementor_desktop.visual.replay import Node, Replay


def call(services, tool, arguments, caller=Caller.PERSON, learner="ada", **context):
    ctx = ToolContext(caller=caller, learner=learner)
    for key, value in context.items():
        setattr(ctx, key, value)
    return services.registry.call(tool, arguments, ctx)


def trace(services, code, **arguments):
    result = call(services, "bp_trace", {"language": "python", "code": code, **arguments})
    assert "steps" in result, result
    return result


def run_plainly(code, name, *args):
    namespace = {}
    exec(code, namespace)  # noqa: S102 - the test's own code
    return namespace[name](*args)


def final_return(result):
    """The entry function's return value, rebuilt from the trace."""
    replay = Replay(result)
    value = None
    for step in replay.walk():
        if step["event"] == "return" and step["depth"] == 1 and step["function"] != "<module>":
            value = replay.value(step["return_value"])
    return value


def plain(value):
    if isinstance(value, Node):
        return {k: plain(v) for k, v in value.fields.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value


LOOP = """def run(n):
    total = 0
    squares = []
    for i in range(n):
        total += i * i
        squares.append(total)
    return total, squares
"""


def test_loop_values_are_what_the_program_computed(services):
    result = trace(services, LOOP, input_data=6)
    assert result["status"] == "success" and result["stop_reason"] == "finished"
    expected = run_plainly(LOOP, "run", 6)
    assert final_return(result) == expected
    history = call(services, "bp_variable_history", {"trace_data": {"trace_id": result["trace_id"]},
                                                      "variable_names": ["total", "i"], "format": "json"})  # fmt: skip
    running, seen = [], 0
    for i in range(6):
        seen += i * i
        running.append(seen)
    assert [int(c["value"]) for c in history["history"]["total"]] == sorted(set([0, *running]))
    assert [int(c["value"]) for c in history["history"]["i"]] == list(range(6))
    assert result["line_counts"]["5"] == 6 and result["line_counts"]["4"] == 7
    steps = result["steps"]
    assert [s["step"] for s in steps] == list(range(len(steps)))
    assert {s["event"] for s in steps} == {"call", "line", "return"}
    assert result["return_text"] == "(55, [0, 1, 5, 14, 30, 55])"


FACT = """def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)
"""


def test_recursion_depths_and_return_values(services):
    result = trace(services, FACT, input_data=6)
    calls = [s for s in result["steps"] if s["event"] == "call" and s["function"] == "fact"]
    returns = [s for s in result["steps"] if s["event"] == "return" and s["function"] == "fact"]
    assert [s["depth"] for s in calls] == [1, 2, 3, 4, 5, 6]
    assert [s["changed"]["n"] for s in calls] == [6, 5, 4, 3, 2, 1]
    assert [s["return_value"] for s in returns] == [math.factorial(k) for k in range(1, 7)]
    assert len({s["frame"] for s in calls}) == 6  # each call its own frame


ALIASES = """def alias(n):
    a = [1, 2]
    b = a
    b.append(n)
    grid = [[0] * 2] * 2
    grid[0][0] = 5
    fixed = [[0] * 2 for _ in range(2)]
    fixed[0][0] = 5
    return a, grid, fixed
"""


def test_mutation_through_an_alias_shows_on_both_names(services):
    result = trace(services, ALIASES, input_data=7)
    replay = Replay(result)
    after_append = None
    for step in replay.walk():
        if step["event"] == "line" and step["line"] == 5 and step["function"] == "alias":
            after_append = replay.variables(step["frame"])
            break
    assert after_append["a"] == after_append["b"]  # one heap object
    assert replay.value(after_append["a"]) == [1, 2, 7]
    a, grid, fixed = final_return(result)
    assert (a, grid, fixed) == tuple(run_plainly(ALIASES, "alias", 7))
    last = Replay(result)
    last.seek(len(result["steps"]) - 1)
    frame = next(s["frame"] for s in result["steps"] if s["function"] == "alias")
    variables = last.variables(frame)
    grid_rows = last.heap[variables["grid"]["ref"]]["items"]
    fixed_rows = last.heap[variables["fixed"]["ref"]]["items"]
    assert grid_rows[0] == grid_rows[1]  # [[0] * 2] * 2: one row, twice
    assert fixed_rows[0] != fixed_rows[1]


GROUPS = """def group(words):
    groups = {}
    for w in words:
        groups.setdefault(w[0], []).append(w)
    sizes = {k: len(v) for k, v in groups.items()}
    firsts = {w[0] for w in words}
    return groups, sizes, sorted(firsts)
"""


def test_nested_dicts_and_comprehensions(services):
    words = ["apple", "avocado", "banana", "blueberry", "cherry", "apricot"]
    result = trace(services, GROUPS, input_data=words)
    assert plain(final_return(result)) == plain(list(run_plainly(GROUPS, "group", words)))
    comprehension_frames = {s["function"] for s in result["steps"]} - {"<module>", "group"}
    assert comprehension_frames <= {"<dictcomp>", "<setcomp>"}  # inlined on Python 3.12+


EXCEPTIONS = """def safe_div(pairs):
    out = []
    for a, b in pairs:
        try:
            out.append(a // b)
        except ZeroDivisionError:
            out.append(None)
    return out
"""


def test_caught_exceptions_are_steps_and_the_run_goes_on(services):
    pairs = [[7, 2], [1, 0], [9, 3], [4, 0]]
    result = trace(services, EXCEPTIONS, input_data=pairs)
    failures = [s for s in result["steps"] if s["event"] == "exception"]
    assert [f["exception"]["type"] for f in failures] == ["ZeroDivisionError", "ZeroDivisionError"]
    assert all(f["line"] == 5 for f in failures)
    assert final_return(result) == run_plainly(EXCEPTIONS, "safe_div", pairs)
    assert result["stop_reason"] == "finished"


def test_an_uncaught_exception_ends_the_trace_with_its_line(services):
    code = "def pick(xs):\n    i = len(xs)\n    return xs[i]\n"
    result = trace(services, code, input_data=[1, 2])
    assert result["status"] == "error" and result["stop_reason"] == "exception"
    assert "IndexError" in result["error_message"] and result["line_number"] == 3
    last_exception = [s for s in result["steps"] if s["event"] == "exception"][-1]
    assert last_exception["exception"]["type"] == "IndexError" and last_exception["line"] == 3


GENERATOR = """def evens(n):
    for k in range(n):
        if k % 2 == 0:
            yield k

def collect(n):
    return [v * 10 for v in evens(n)]
"""


def test_generators_pause_and_resume(services):
    result = trace(services, GENERATOR, input_data=7, entry_point="collect")
    yields = [s["return_value"] for s in result["steps"] if s.get("yielded")]
    namespace = {}
    exec(GENERATOR, namespace)
    assert yields == list(namespace["evens"](7))
    resumed = [s for s in result["steps"] if s.get("resumed")]
    assert len(resumed) == len(yields)
    assert final_return(result) == namespace["collect"](7)


TREE = """def max_depth(root: Optional[TreeNode]) -> int:
    if root is None:
        return 0
    return 1 + max(max_depth(root.left), max_depth(root.right))
"""

REVERSE = """def reverse(head: Optional[ListNode]) -> Optional[ListNode]:
    prev = None
    while head:
        head.next, prev, head = prev, head, head.next
    return prev
"""


def test_tree_and_list_nodes_are_objects_that_can_be_drawn(services):
    result = trace(services, TREE, input_data=[3, 9, 20, None, None, 15, 7])
    assert final_return(result) == 3
    first_call = next(s for s in result["steps"] if s["event"] == "call" and s["function"] == "max_depth")
    drawing = call(services, "bp_visualize_structure", {"structure_type": "auto", "format": "ascii",
                   "data": {"trace_id": result["trace_id"], "variable": "root", "step": first_call["step"]}})  # fmt: skip
    assert drawing["detected"] == "tree" and drawing["source"]["step"] == first_call["step"]
    lines = drawing["content"].splitlines()
    assert lines[0].strip().strip("_") == "3" and "15" in lines[-1] and "7" in lines[-1]

    reversed_ = trace(services, REVERSE, input_data=[1, 2, 3])
    head = final_return(reversed_)
    values = []
    while isinstance(head, Node):
        values.append(head.fields["val"])
        head = head.fields["next"]
    assert values == [3, 2, 1]
    chain = call(services, "bp_visualize_structure", {"structure_type": "linked_list", "format": "ascii",
                 "data": {"trace_id": reversed_["trace_id"], "variable": "prev"}})  # fmt: skip
    assert chain["content"].startswith("[3] -> [2] -> [1] -> None")


def test_stdout_arrives_as_deltas_on_the_steps(services):
    code = "def talk(n):\n    for i in range(n):\n        print('tick', i)\n    return n\n"
    result = trace(services, code, input_data=3)
    printed = "".join(s.get("stdout", "") for s in result["steps"])
    assert printed == "tick 0\ntick 1\ntick 2\n" == result["stdout"]
    # Each print shows on the step after it: the loop's header, about to run again.
    assert [s["line"] for s in result["steps"] if "stdout" in s] == [2, 2, 2]


SEARCH = """def search(arr, target):
    lo, hi = 0, len(arr) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if arr[mid] < target:
            lo = mid
        elif arr[mid] > target:
            hi = mid - 1
        else:
            return mid
    return -1
"""


def test_an_endless_loop_is_diagnosed_with_what_never_changes(services):
    result = trace(services, SEARCH, input_data=[1, 3, 5, 7, 9], target_value=8, max_steps=200)
    assert result["status"] == "stopped" and result["stop_reason"] == "max_steps"
    assert result["total_steps"] == 200 and "200 steps" in result["message"]
    diagnosis = result["diagnosis"]
    assert diagnosis["kind"] == "loop" and diagnosis["lines"] == [3, 10]
    assert diagnosis["loop_kind"] == "while" and diagnosis["header"] == "lo <= hi"
    assert set(diagnosis["condition_names_unchanged"]) == {"lo", "hi"}
    assert diagnosis["iterations"] > 49 and "never changed" in diagnosis["message"]


def test_the_time_limit_also_gets_a_diagnosis(services):
    code = "def spin(n):\n    x = 1\n    while x < n:\n        x = x * 1\n    return x\n"
    # No recorded line (line 99 does not exist): only the time limit can stop it.
    result = trace(services, code, input_data=10, trace_points=[99], timeout_seconds=1)
    assert result["stop_reason"] == "time_limit" and result["total_steps"] == 0
    assert result["diagnosis"]["kind"] == "loop" and result["diagnosis"]["condition_names_unchanged"] == ["n", "x"]


def test_endless_recursion_is_diagnosed(services):
    code = "def down(n):\n    return down(n - 1)\n"
    result = trace(services, code, input_data=3, max_steps=400)
    assert result["diagnosis"]["kind"] == "recursion" and result["diagnosis"]["function"] == "down"
    assert "base case" in result["diagnosis"]["message"]


def test_trace_points_choose_lines_and_variables(services):
    result = trace(services, LOOP, input_data=4, trace_points=[5, "total"])
    assert {s["line"] for s in result["steps"] if s["event"] == "line"} == {5}
    assert {name for s in result["steps"] for name in s.get("changed", {})} <= {"total"}
    history = call(
        services, "bp_variable_history", {"trace_data": result, "variable_names": ["total"], "format": "json"}
    )
    assert [int(c["value"]) for c in history["history"]["total"]] == [0, 1, 5]  # as seen before line 5 ran


def test_a_hundred_thousand_steps_stream_in_batches(services):
    code = "def grow(n):\n    data = []\n    for i in range(n):\n        data.append(i)\n    return len(data)\n"
    batches = []
    result = call(services, "bp_trace", {"language": "python", "code": code, "input_data": 10**6, "max_steps": 100_000},
                  on_trace_steps=lambda steps: batches.append(len(steps)))  # fmt: skip
    assert result["total_steps"] == 100_000 and result["stop_reason"] == "max_steps"
    assert len(batches) >= 50 and sum(batches) == 100_000
    assert [s["step"] for s in result["steps"][-3:]] == [99_997, 99_998, 99_999]
    replay = Replay(result)
    replay.seek(99_999)
    frame = result["steps"][-1]["frame"]
    data = replay.heap[replay.variables(frame)["data"]["ref"]]
    i = replay.variables(frame)["i"]
    assert data["items"] == list(range(100)) and data["cut"]
    assert data["length"] in (i, i + 1)  # before or after the append of step 99,999


def test_big_values_are_bounded_with_markers(services):
    code = "def big(n):\n    s = 'x' * n\n    k = 10 ** 40\n    xs = list(range(n))\n    return len(s)\n"
    result = trace(services, code, input_data=5000)
    changed = {}
    heap = {}
    for step in result["steps"]:
        changed.update(step.get("changed", {}))
        heap.update(step.get("heap", {}))
    assert changed["s"]["cut"] and changed["s"]["length"] == 5000 and len(changed["s"]["value"]) == 200
    assert changed["k"] == {"type": "int", "repr": str(10**40)}
    assert heap[str(changed["xs"]["ref"])]["length"] == 5000


def test_a_syntax_error_is_reported_not_traced(services):
    result = trace(services, "def f(x)\n    return x\n", input_data=1)
    assert result["stop_reason"] == "syntax_error" and result["line_number"] == 1 and result["steps"] == []


def test_a_model_gets_a_capped_summary_and_the_id(services):
    result = call(services, "bp_trace", {"language": "python", "code": SEARCH, "input_data": [1, 3, 5, 7, 9],
                                         "target_value": 8, "max_steps": 5000}, caller=Caller.MODEL)  # fmt: skip
    assert "steps" not in result and result["trace_id"].startswith("trace_")
    assert len(json.dumps(result)) <= 8000
    assert result["diagnosis"]["kind"] == "loop" and result["lines_visited"]["3"] >= 1000
    last = result["last_steps"][-1]
    assert last["step"] == 4999 and set(last["variables"]) >= {"lo", "hi", "arr", "target"}
    diagram = call(services, "bp_execution_diagram", {"trace_data": {"trace_id": result["trace_id"]}},
                   caller=Caller.MODEL)  # fmt: skip
    assert diagram["content"].startswith("flowchart TD") and "loop" in diagram["content"]
    stranger = call(services, "bp_variable_history", {"trace_data": {"trace_id": result["trace_id"]},
                    "variable_names": ["lo"]}, learner="grace")  # fmt: skip
    assert stranger["error_code"] in ("NOT_FOUND", "FORBIDDEN")
    unknown = call(services, "bp_execution_diagram", {"trace_data": {"trace_id": "trace_000000000000"}})
    assert unknown["error_code"] == "NOT_FOUND"


def test_variable_history_from_code_and_inputs(services):
    result = call(services, "bp_variable_history", {"trace_data": {}, "code": FACT, "input_data": 4,
                                                    "variable_names": ["n"], "format": "chart"})  # fmt: skip
    assert [p["y"] for p in result["series"][0]["points"]] == [4.0, 3.0, 2.0, 1.0]
    assert result["trace_id"].startswith("trace_")


BUBBLE = """def bubble(arr):
    n = len(arr)
    for i in range(n):
        for j in range(n - 1 - i):
            if arr[j] > arr[j + 1]:
                arr[j], arr[j + 1] = arr[j + 1], arr[j]
    return arr
"""


def breakpoint_(services, code, condition, **arguments):
    return call(services, "bp_breakpoint", {"language": "python", "code": code, "condition": condition, **arguments})


def test_a_conditional_breakpoint_stops_on_the_nth_hit_with_the_real_state(services):
    data = [5, 3, 1, 4, 2]
    # The same loop, run plainly: the state before line 6 the 3rd time a swap is needed.
    arr, hits, expected = list(data), 0, None
    for i in range(len(arr)):
        for j in range(len(arr) - 1 - i):
            if arr[j] > arr[j + 1]:
                hits += 1
                if hits == 3 and expected is None:
                    expected = (list(arr), i, j)
                arr[j], arr[j + 1] = arr[j + 1], arr[j]
    result = breakpoint_(services, BUBBLE, "arr[j] > arr[j + 1]", input_data=data, line=5, hit=3,
                         watch_vars=["arr", "arr[j] + arr[j + 1]", "nope", "1 +"])  # fmt: skip
    assert result["status"] == "success" and result["hit"] and result["hit_count"] == 3
    assert result["line"] == 5 and result["function"] == "bubble"
    frame = result["stack"][0]
    assert frame["variables"]["arr"] == str(expected[0])
    assert (frame["variables"]["i"], frame["variables"]["j"]) == (str(expected[1]), str(expected[2]))
    watch = {w["expression"]: w for w in result["watch"]}
    assert watch["arr"]["value"] == str(expected[0])
    assert watch["arr[j] + arr[j + 1]"]["value"] == str(expected[0][expected[2]] + expected[0][expected[2] + 1])
    assert watch["nope"]["error"].startswith("NameError") and watch["1 +"]["error"].startswith("SyntaxError")
    assert result["recent_steps"] and result["recent_steps"][-1]["function"] == "bubble"


def test_the_call_stack_shows_each_frame_with_its_variables(services):
    result = breakpoint_(services, FACT, "n == 2", input_data=5, watch_vars=["n * 10"])
    assert [f["variables"]["n"] for f in result["stack"]] == ["2", "3", "4", "5"]
    assert [f["depth"] for f in result["stack"]] == [4, 3, 2, 1]
    assert result["watch"][0]["value"] == "20"


@pytest.mark.parametrize(
    ("condition", "extra", "reason"),
    [
        ("arr[10] > 0", {}, "condition_error"),
        ("len(arr) > 100", {}, "never_true"),
        ("missing_name > 1", {}, "names_undefined"),
        ("arr[0] >", {}, "condition_invalid"),
        ("True", {"line": 40}, "line_not_reached"),
    ],
)
def test_a_breakpoint_that_never_stops_says_why(services, condition, extra, reason):
    result = breakpoint_(services, BUBBLE, condition, input_data=[3, 1, 2], **extra)
    assert result["hit"] is False and result["reason"] == reason, result
    assert result["status"] == "not_hit" and result["message"]


def test_a_breakpoint_in_an_endless_loop_reports_the_time_limit_and_the_loop(services):
    result = breakpoint_(services, SEARCH, "mid == 100", input_data=[1, 3, 5, 7, 9], target_value=8,
                         timeout_seconds=1)  # fmt: skip
    assert result["hit"] is False and result["reason"] == "time_limit"
    assert result["diagnosis"]["kind"] == "loop" and result["evaluations"] > 100


@pytest.mark.parametrize(
    ("code", "no_way_out"),
    [
        ("def spin(n):\n    while True:\n        pass\n", True),
        (
            "def spin(n):\n    while 1:\n        for k in range(3):\n            if k > 5:\n                break\n",
            True,
        ),
        ("def spin(n):\n    while True:\n        if n < 0:\n            break\n", False),
        ("def spin(n):\n    while True:\n        if n < 0:\n            return n\n", False),
    ],
)
def test_a_loop_with_no_way_out_is_named_so(services, code, no_way_out):
    result = trace(services, code, input_data=1, max_steps=100)
    diagnosis = result["diagnosis"]
    assert diagnosis["kind"] == "loop" and diagnosis["no_way_out"] is no_way_out
    assert ("it has no way out" in diagnosis["message"]) is no_way_out
    assert "may only need more steps" not in diagnosis["message"]


def test_a_trace_read_back_from_the_database_is_the_trace(services, isolated_home):
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.tools.services import Services

    result = trace(services, LOOP, input_data=300, max_steps=3000)
    arguments = {"trace_data": {"trace_id": result["trace_id"]}, "variable_names": ["total", "i"], "format": "json"}
    here = call(services, "bp_variable_history", arguments)
    later = Services.build(credentials=Credentials(use_keyring=False))  # nothing in memory: read from the database
    try:
        there = call(later, "bp_variable_history", arguments)
        flow = call(later, "bp_execution_diagram", {"trace_data": {"trace_id": result["trace_id"]}})
    finally:
        later.close()
    assert there == here and len(here["history"]["i"]) == 300
    assert flow["content"].startswith("flowchart TD")


GLOBAL_LIST = "lst = []\ndef add(x):\n    lst.append(x)\nadd(1)\nadd(2)\nprint(lst)\n"


def test_a_global_list_changed_in_a_function_shows_at_module_level(services):
    result = trace(services, GLOBAL_LIST)
    history = call(services, "bp_variable_history", {"trace_data": {"trace_id": result["trace_id"]},
                                                     "variable_names": ["lst"], "format": "json"})  # fmt: skip
    assert [c["value"] for c in history["history"]["lst"]] == ["[]", "[1]", "[1, 2]"]
    replay = Replay(result)
    module = result["steps"][0]["frame"]
    for step in replay.walk():
        if step["event"] == "line" and step["line"] == 6:  # before print(lst): the list as it is
            assert replay.value(replay.variables(module)["lst"]) == [1, 2]
    stop = breakpoint_(services, GLOBAL_LIST, "len(lst) == 2", line=6)
    assert stop["hit"] and stop["stack"][0]["variables"]["lst"] == "[1, 2]"
