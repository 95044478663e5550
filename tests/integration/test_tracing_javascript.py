"""bp_trace, bp_breakpoint and bp_variable_history on JavaScript, for real: Node children run the
instrumented code, and the values the trace reports are checked against what the same program
computes when Node runs it plainly in the test."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.tools.context import ToolContext
from codementor_desktop.visual.replay import Node, Replay

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")


def call(services, tool, arguments):
    return services.registry.call(tool, arguments, ToolContext(caller=Caller.PERSON, learner="ada"))


def trace(services, code, **arguments):
    result = call(services, "bp_trace", {"language": "javascript", "code": code, **arguments})
    assert "steps" in result, result
    return result


def run_plainly(code, name, *args):
    """What Node computes for ``name(*args)``, untraced, as JSON."""
    script = f"{code}\nprocess.stdout.write(JSON.stringify({name}(...{json.dumps(list(args))})));"
    done = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=30, check=True)
    return json.loads(done.stdout)


def plain(value):
    if isinstance(value, Node):
        return {k: plain(v) for k, v in value.fields.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value


def final_return(result, function):
    replay = Replay(result)
    value = None
    for step in replay.walk():
        if step["event"] == "return" and step["function"] == function and step["depth"] == 1:
            value = plain(replay.value(step["return_value"]))
    return value


def history(services, result, names):
    out = call(services, "bp_variable_history", {"trace_data": {"trace_id": result["trace_id"]},
                                                 "variable_names": names, "format": "json"})  # fmt: skip
    return {name: [change["value"] for change in out["history"][name]] for name in names}


LOOP = """function run(n) {
  let total = 0;
  const squares = [];
  for (let i = 0; i < n; i++) {
    total += i * i;
    squares.push(total);
  }
  return [total, squares];
}
"""


def test_loop_values_are_what_the_program_computed(services):
    result = trace(services, LOOP, input_data=6)
    assert result["status"] == "success" and result["stop_reason"] == "finished", result["message"]
    assert final_return(result, "run") == run_plainly(LOOP, "run", 6)
    seen = history(services, result, ["total", "i"])
    assert [int(v) for v in seen["i"]] == list(range(7))
    assert [int(v) for v in seen["total"]] == [0, 1, 5, 14, 30, 55]
    assert result["line_counts"]["4"] == 7 and result["line_counts"]["5"] == 6  # the header runs once more
    assert result["source_lines"][1] == "  let total = 0;"  # the learner's lines, not the instrumented ones


FACT = """function fact(n) {
  if (n <= 1) return 1;
  const rest = fact(n - 1);
  return n * rest;
}
"""


def test_recursion_depths_and_return_values(services):
    result = trace(services, FACT, input_data=6)
    calls = [s for s in result["steps"] if s["event"] == "call" and s["function"] == "fact"]
    returns = [s for s in result["steps"] if s["event"] == "return" and s["function"] == "fact"]
    assert [s["depth"] for s in calls] == [1, 2, 3, 4, 5, 6]
    assert [s["changed"]["n"] for s in calls] == [6, 5, 4, 3, 2, 1]
    assert [s["return_value"] for s in returns] == [1, 2, 6, 24, 120, 720]
    assert len({s["frame"] for s in calls}) == 6


CLOSURES = """function counter(n) {
  let count = 0;
  const bump = (by) => {
    count += by;
    return count;
  };
  const seen = [];
  for (let i = 1; i <= n; i++) seen.push(bump(i));
  return seen;
}
"""


def test_closures_show_the_variables_they_close_over(services):
    result = trace(services, CLOSURES, input_data=4)
    assert final_return(result, "counter") == run_plainly(CLOSURES, "counter", 4)
    bump_calls = [s for s in result["steps"] if s["event"] == "call" and s["function"] == "bump"]
    assert [s["changed"]["by"] for s in bump_calls] == [1, 2, 3, 4]
    # count is bump's closure variable: the frame shows it, with the value it held on entry.
    assert [s["changed"]["count"] for s in bump_calls] == [0, 1, 3, 6]


ALIASES = """function alias(n) {
  const a = [1, 2];
  const b = a;
  b.push(n);
  const grid = Array(2).fill(Array(2).fill(0));
  grid[0][0] = 5;
  const fixed = [[0, 0], [0, 0]];
  fixed[0][0] = 5;
  const node = { val: 1, next: null };
  node.next = { val: 2, next: null };
  return [a, grid, fixed, node];
}
"""


def test_mutation_through_an_alias_shows_on_both_names(services):
    result = trace(services, ALIASES, input_data=7)
    replay = Replay(result)
    after_push = None
    for step in replay.walk():
        if step["event"] == "line" and step["line"] == 5:
            after_push = dict(replay.variables(step["frame"]))
            break
    assert after_push["a"] == after_push["b"]  # one heap object
    assert replay.value(after_push["a"]) == [1, 2, 7]
    assert final_return(result, "alias") == run_plainly(ALIASES, "alias", 7)
    last = Replay(result)
    last.seek(len(result["steps"]) - 1)
    frame = next(s["frame"] for s in result["steps"] if s["function"] == "alias")
    variables = last.variables(frame)
    rows = last.heap[variables["grid"]["ref"]]["items"]
    assert rows[0] == rows[1]  # fill() with one array: one row, twice
    node = last.heap[variables["node"]["ref"]]
    assert node["type"] == "object" and set(node["fields"]) == {"val", "next"}  # node-like: drawable


EXCEPTIONS = """function safeDivide(pairs) {
  const out = [];
  for (const [a, b] of pairs) {
    try {
      if (b === 0) throw new RangeError("zero");
      out.push(a / b);
    } catch (e) {
      out.push(null);
    }
  }
  return out;
}
"""


def test_caught_exceptions_are_steps_and_the_run_goes_on(services):
    result = trace(services, EXCEPTIONS, input_data=[[6, 3], [1, 0], [8, 4]])
    assert result["stop_reason"] == "finished"
    thrown = [s for s in result["steps"] if s["event"] == "exception"]
    assert [s["exception"]["type"] for s in thrown] == ["RangeError"] and thrown[0]["line"] == 5
    assert final_return(result, "safeDivide") == run_plainly(EXCEPTIONS, "safeDivide", [[6, 3], [1, 0], [8, 4]])


def test_an_uncaught_exception_ends_the_trace_with_its_line(services):
    code = "function first(xs) {\n  const head = xs[0];\n  return head.value;\n}\n"
    result = trace(services, code, input_data=[])
    assert result["stop_reason"] == "exception" and result["line_number"] == 3
    assert "TypeError" in result["error_message"]
    last = [s for s in result["steps"] if s["function"] == "first"][-2:]
    assert [s["event"] for s in last] == ["exception", "return"]


BLOCKS = """function blocks(n) {
  let outer = 1;
  {
    const inner = outer + n;
    outer = inner * 2;
  }
  if (n > 0) {
    let inner = -n;
    outer += inner;
  }
  return outer;
}
"""


def test_let_and_const_in_blocks_come_and_go(services):
    result = trace(services, BLOCKS, input_data=3)
    assert final_return(result, "blocks") == run_plainly(BLOCKS, "blocks", 3)
    changes = [(s["line"], s.get("changed", {})) for s in result["steps"] if s["function"] == "blocks"]
    assert (5, {"inner": 4}) in [(line, {k: v for k, v in c.items() if k == "inner"}) for line, c in changes]
    assert any(c.get("inner") == {"deleted": True} for _, c in changes)  # the block ended, its name went away
    assert history(services, result, ["outer"])["outer"] == ["1", "8", "5"]


METHODS = """function shapes(xs) {
  const doubled = xs.map((x) => x * 2);
  const big = doubled.filter(function (d) { return d > 4; });
  const total = big.reduce((acc, d) => acc + d, 0);
  return { doubled, big, total };
}
"""


def test_arrow_functions_and_array_methods_with_callbacks(services):
    result = trace(services, METHODS, input_data=[1, 2, 3, 4])
    assert final_return(result, "shapes") == run_plainly(METHODS, "shapes", [1, 2, 3, 4])
    callbacks = [s for s in result["steps"] if s["event"] == "return" and s["depth"] == 2]
    assert [s["return_value"] for s in callbacks] == [2, 4, 6, 8, False, False, True, True, 6, 14]


SEARCH_JS = """function search(nums, target) {
  let lo = 0, hi = nums.length - 1;
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (nums[mid] === target) return mid;
    if (nums[mid] < target) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return -1;
}
"""


def test_an_endless_loop_is_diagnosed_with_what_never_changes(services):
    result = trace(services, SEARCH_JS, input_data=[1, 3, 5, 7, 9], target_value=8, max_steps=200)
    assert result["status"] == "stopped" and result["stop_reason"] == "max_steps"
    assert result["total_steps"] == 200
    diagnosis = result["diagnosis"]
    assert diagnosis["kind"] == "loop" and diagnosis["lines"] == [3, 11] and diagnosis["header"] == "lo <= hi"
    assert set(diagnosis["condition_names_unchanged"]) == {"lo", "hi"}


def test_endless_recursion_is_diagnosed(services):
    result = trace(services, "function down(n) {\n  return down(n - 1);\n}\n", input_data=3, max_steps=400)
    assert result["diagnosis"]["kind"] == "recursion" and result["diagnosis"]["function"] == "down"


def test_a_syntax_error_is_reported_not_traced(services):
    result = trace(services, "function f( {\n}\n", input_data=1)
    assert result["stop_reason"] == "syntax_error" and result["steps"] == []


PY_TWIN = """def walk(values):
    total = 0
    best = None
    seen = {}
    for v in values:
        total += v
        if best is None or v > best:
            best = v
        seen[v] = seen.get(v, 0) + 1
    return total, best, seen
"""

JS_TWIN = """function walk(values) {
  let total = 0;
  let best = null;
  const seen = {};
  for (const v of values) {
    total += v;
    if (best === null || v > best) {
      best = v;
    }
    seen[v] = (seen[v] || 0) + 1;
  }
  return [total, best, seen];
}
"""


def test_the_same_program_in_both_languages_gives_agreeing_histories(services):
    data = [4, 9, 2, 9, 11, 4]
    py = call(services, "bp_trace", {"language": "python", "code": PY_TWIN, "input_data": data})
    js = trace(services, JS_TWIN, input_data=data)
    names = ["total", "best", "v"]
    py_history, js_history = history(services, py, names), history(services, js, names)
    assert [int(x) for x in js_history["total"]] == [int(x) for x in py_history["total"]]
    assert js_history["v"] == py_history["v"]
    assert js_history["best"][1:] == py_history["best"][1:]  # None and null say "nothing yet" in their own words


BUBBLE = """function bubble(arr) {
  const n = arr.length;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n - 1 - i; j++) {
      if (arr[j] > arr[j + 1]) {
        [arr[j], arr[j + 1]] = [arr[j + 1], arr[j]];
      }
    }
  }
  return arr;
}
"""


def breakpoint_(services, code, condition, **arguments):
    return call(
        services, "bp_breakpoint", {"language": "javascript", "code": code, "condition": condition, **arguments}
    )


def test_a_conditional_breakpoint_stops_on_the_nth_hit_with_the_real_state(services):
    data = [5, 3, 1, 4, 2]
    arr, hits, expected = list(data), 0, None
    for i in range(len(arr)):
        for j in range(len(arr) - 1 - i):
            if arr[j] > arr[j + 1]:
                hits += 1
                if hits == 3 and expected is None:
                    expected = (list(arr), i, j)
                arr[j], arr[j + 1] = arr[j + 1], arr[j]
    result = breakpoint_(services, BUBBLE, "arr[j] > arr[j + 1]", input_data=data, line=5, hit=3,
                         watch_vars=["arr[j] + arr[j + 1]", "nope", "1 +"])  # fmt: skip
    assert result["status"] == "success" and result["hit"] and result["hit_count"] == 3, result
    frame = result["stack"][0]
    assert frame["function"] == "bubble" and frame["variables"]["arr"] == json.dumps(expected[0])
    assert (frame["variables"]["i"], frame["variables"]["j"]) == (str(expected[1]), str(expected[2]))
    watch = {w["expression"]: w for w in result["watch"]}
    assert watch["arr[j] + arr[j + 1]"]["value"] == str(expected[0][expected[2]] + expected[0][expected[2] + 1])
    assert watch["nope"]["error"].startswith("ReferenceError") and watch["1 +"]["error"].startswith("SyntaxError")
    assert result["recent_steps"][-1]["function"] == "bubble"


def test_the_call_stack_shows_each_frame_with_its_variables(services):
    result = breakpoint_(services, FACT, "n === 2", input_data=5, watch_vars=["n * 10"])
    assert [f["variables"]["n"] for f in result["stack"]] == ["2", "3", "4", "5"]
    assert [f["depth"] for f in result["stack"]] == [4, 3, 2, 1]
    assert result["watch"][0]["value"] == "20"


@pytest.mark.parametrize(
    ("condition", "extra", "reason"),
    [
        ("arr[10].x > 0", {}, "condition_error"),
        ("arr.length > 100", {}, "never_true"),
        ("missingName > 1", {}, "names_undefined"),
        ("arr[0] >", {}, "condition_invalid"),
        ("true", {"line": 40}, "line_not_reached"),
    ],
)
def test_a_breakpoint_that_never_stops_says_why(services, condition, extra, reason):
    result = breakpoint_(services, BUBBLE, condition, input_data=[3, 1, 2], **extra)
    assert result["hit"] is False and result["reason"] == reason, result
    assert result["message"]


COUNTED = """function total(nums) {
  let sum = 0;
  for (const x of nums) {
    try {
      sum += x;
    } catch (e) {
      sum = -1;
    }
  }
  return sum;
}
"""


def test_judged_javascript_counts_line_events_and_stops_past_its_budget(services):
    from codementor_desktop.runner.protocol import Limits

    tests = [{"test_id": 1, "input": "[1, 2, 3]", "expected_output": "6"},
             {"test_id": 2, "input": "[1, 2, 3, 4]", "expected_output": "10"}]  # fmt: skip
    function = {"name": "total", "params": [{"name": "nums", "type": "List[int]"}], "returns": "int"}
    judge = services.executor.judge
    run = judge(code=COUNTED, language="javascript", tests=tests, limits=Limits(), function=function, count_lines=True)
    counts = [t["line_events"] for t in run["test_results"]]
    assert [t["verdict"] for t in run["test_results"]] == ["AC", "AC"]
    # let, for...of's header (before and each item), try, sum += x, return: 3 + 3 per item
    assert counts == [3 + 3 * 3, 3 + 3 * 4]
    over = judge(
        code=COUNTED, language="javascript", tests=tests[1:], limits=Limits(), function=function, line_budget=8
    )
    stopped = over["test_results"][0]
    assert stopped["verdict"] == "TLE" and stopped["reason"] == "operations"  # the learner's catch could not keep it


def test_the_time_limit_also_gets_a_diagnosis(services):
    code = "function spin(n) {\n  let x = 1;\n  while (x < n) {\n    x = x * 1;\n  }\n  return x;\n}\n"
    # No recorded line (line 99 does not exist): only the time limit can stop it.
    result = trace(services, code, input_data=10, trace_points=[99], timeout_seconds=1)
    ending = {k: v for k, v in result.items() if k != "steps"}
    assert result["stop_reason"] == "time_limit" and result["total_steps"] == 0, ending
    assert result["diagnosis"]["kind"] == "loop" and result["diagnosis"]["condition_names_unchanged"] == ["n", "x"]


def test_an_async_function_runs_untraced_and_what_it_calls_is_traced(services):
    code = "const double = (x) => x * 2;\nasync function later(n) {\n  const d = double(n);\n  return d + 1;\n}\n"
    result = trace(services, code, input_data=4, entry_point="later")
    assert result["stop_reason"] == "finished" and result["return_text"] == "9"
    assert [s["function"] for s in result["steps"] if s["event"] == "call"] == ["<module>", "double"]


def test_variable_history_from_javascript_code_and_inputs(services):
    result = call(services, "bp_variable_history", {"trace_data": {}, "code": FACT, "language": "javascript",
                                                    "input_data": 4, "variable_names": ["n"], "format": "chart"})  # fmt: skip
    assert [p["y"] for p in result["series"][0]["points"]] == [4.0, 3.0, 2.0, 1.0]
    assert result["trace_id"].startswith("trace_")
