"""Every verdict, produced for real by a Node.js child process running as this machine's user."""

import os
import threading
import time

import pytest

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.runner.local import LocalRunner
from codementor_desktop.runner.node import find_node
from codementor_desktop.runner.protocol import Limits, execute_job
from codementor_desktop.tools.context import ToolContext

pytestmark = pytest.mark.skipif(find_node()[0] is None, reason="no Node.js 18+ on this machine")

FAST = Limits(timeout_seconds=1, run_seconds=5, memory_mb=128)
TWO_SUM = {"name": "twoSum", "params": [{"name": "nums", "type": "list[int]"}, {"name": "target", "type": "int"}]}
TWO_SUM_TESTS = [
    {"test_id": 1, "input": "[2,7,11,15], 9", "expected_output": "[0,1]"},
    {"test_id": 2, "input": "[3,2,4], 6", "expected_output": "[1,2]"},
]
GOOD = """function twoSum(nums, target) {
  const seen = new Map();
  for (let j = 0; j < nums.length; j++) {
    if (seen.has(target - nums[j])) return [seen.get(target - nums[j]), j];
    seen.set(nums[j], j);
  }
  return [];
}
"""


def judge(executor, code, tests=TWO_SUM_TESTS, limits=FAST, function=TWO_SUM, **kwargs):
    return executor.judge(code=code, language="javascript", tests=tests, limits=limits, function=function, **kwargs)


def execute(executor, code, limits=FAST, **arguments):
    return executor.execute(code=code, language="javascript", limits=limits, arguments=arguments or {"input_data": 1})


def test_accepted(executor):
    result = judge(executor, GOOD)
    assert result["status"] == "completed" and result["verdict"] == "AC"
    assert result["all_passed"] and [t["actual_output"] for t in result["test_results"]] == ["[0,1]", "[1,2]"]


def test_wrong_answer_names_the_failing_case(executor):
    result = judge(executor, "function twoSum(nums, target) {\n  return [0, 1];\n}\n")
    assert result["status"] == "completed" and result["verdict"] == "WA"
    assert result["failed_test_case"] == {"test_id": 2, "input": "[3,2,4], 6"} and result["pass_rate"] == 0.5


def test_leetcode_style_function_expression_and_python_literal_inputs(executor):
    code = "var twoSum = function(nums, target) {\n  return [nums.indexOf(2), nums.indexOf(7)];\n};\n"
    tests = [{"test_id": 1, "input": "nums = [2, 7, 11], target = 9", "expected_output": "(0, 1)"}]
    assert judge(executor, code, tests)["verdict"] == "AC"


def test_syntax_error_is_ce_with_its_line(executor):
    result = judge(executor, "function twoSum(nums, target) {\n  return [0, 1;\n}\n")
    assert result["verdict"] == "CE" and result["error_type"] == "syntax_error"
    assert result["line_number"] == 2 and result["status"] == "error"
    assert "SyntaxError" in result["error_message"]


def test_runtime_error_points_at_the_learners_line(executor):
    code = "function twoSum(nums, target) {\n  const x = 1;\n  return nums[10].length;\n}\n"
    result = judge(executor, code)
    assert result["verdict"] == "RE" and result["error_type"] == "runtime_error"
    assert result["line_number"] == 3 and "TypeError" in result["error_message"]
    assert "solution.js:3" in result["traceback"] and "harness" not in result["traceback"]
    assert "solution_loader" not in result["traceback"]
    assert len(result["test_results"]) == 2  # an RE does not stop the other tests


def test_thrown_non_error_value_is_re(executor):
    result = judge(executor, "function twoSum() {\n  throw 'no answer';\n}\n")
    assert result["verdict"] == "RE" and "no answer" in result["error_message"]


def test_infinite_loop_is_tle_and_stops_the_run(executor):
    result = judge(executor, "function twoSum(nums, target) {\n  while (true) {}\n}\n")
    assert result["verdict"] == "TLE" and result["error_type"] == "timeout" and result["reason"] == "time"
    # A TLE stops the run: the next test is listed as not run, with why.
    assert result["tests_run"] == 1 and [t.get("status") for t in result["test_results"]] == [None, "not_run"]


def test_the_limit_is_cpu_time_so_waiting_twice_the_limit_passes(executor):
    # Two seconds of wall time and next to no CPU time: under a one-second CPU limit, it passes.
    code = "function f(x) {\n  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2000);\n  return x;\n}\n"
    result = judge(executor, code, [{"test_id": 1, "input": "5", "expected_output": "5"}], function={"name": "f"})
    test = result["test_results"][0]
    assert result["verdict"] == "AC" and test["execution_time_ms"] >= 2000 and test["cpu_time_ms"] < 500


def test_waiting_past_the_wall_clock_backstop_is_tle(executor):
    code = "function f(x) {\n  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 30000);\n}\n"
    started = time.perf_counter()
    result = execute(executor, code)
    assert result["verdict"] == "TLE" and result["reason"] == "time" and "wall-clock" in result["error_message"]
    assert time.perf_counter() - started < 20


def test_endless_loop_in_a_callback_is_killed_by_the_parent(executor):
    # Out of reach of the per-call limit (it runs from the event loop): the parent's clock ends it.
    code = "setTimeout(() => { while (true) {} }, 0);\nconsole.log('started');\n"
    result = executor.execute(code=code, language="javascript", limits=Limits(timeout_seconds=1, run_seconds=2))
    assert result["verdict"] == "TLE"


def test_heap_exhaustion_is_mle(executor):
    # Eight megabytes at a time: the heap limit comes long before any time limit, however busy the machine.
    code = "function f(x) {\n  const all = [];\n  while (true) all.push(new Array(1e6).fill(x));\n}\n"
    result = execute(executor, code, Limits(timeout_seconds=5, run_seconds=10, memory_mb=64))
    assert result["verdict"] == "MLE" and result["error_type"] == "memory_limit"


def test_off_heap_allocation_is_stopped_by_the_data_limit(executor):
    # Buffers live outside V8's heap: only RLIMIT_DATA, set by the parent, stops this one.
    result = execute(
        executor, "function f(x) {\n  return Buffer.alloc(400 * 1024 * 1024).length;\n}\n", memory_limit(64)
    )
    assert result["verdict"] == "MLE"


def memory_limit(mb):
    return Limits(timeout_seconds=5, run_seconds=10, memory_mb=mb)


def test_print_flood_is_ole(executor):
    result = execute(executor, "function f(x) {\n  while (true) console.log('spam'.repeat(100));\n}\n")
    assert result["verdict"] == "OLE" and result["error_type"] == "output_limit"


def test_catching_the_output_limit_does_not_hide_it(executor):
    code = "function f(x) {\n  for (let i = 0; i < 1e5; i++) { try { console.log('x'.repeat(100)); } catch (e) {} }\n  return 1;\n}\n"
    assert execute(executor, code)["verdict"] == "OLE"


def test_bad_test_data_is_ie(executor):
    result = judge(executor, GOOD, [{"test_id": 1, "input": "[1, 2", "expected_output": "[0,1]"}])
    assert result["verdict"] == "IE" and "Bad test data" in result["error_message"]


def test_a_checker_judges_javascript_answers_in_the_app(executor):
    # The bank's Python checker runs in the app on the value the child returned.
    checker = "def check(args, expected, actual):\n    return sorted(actual) == sorted(expected)\n"
    swapped = "function twoSum(nums, target) {\n  return [1, 0];\n}\n"
    result = judge(executor, swapped, TWO_SUM_TESTS[:1], compare="checker", checker=checker)
    assert result["verdict"] == "AC", result
    wrong = "function twoSum(nums, target) {\n  return [2, 0];\n}\n"
    assert judge(executor, wrong, TWO_SUM_TESTS[:1], compare="checker", checker=checker)["verdict"] == "WA"


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("function f(x) {\n  return require('net').connect(80, 'example.com');\n}\n", ["Network", "net"]),
        ("function f(x) {\n  return require('node:https').get('https://example.com');\n}\n", ["Network", "https"]),
        ("function f(x) {\n  return require('dgram').createSocket('udp4');\n}\n", ["Network", "dgram"]),
        ("function f(x) {\n  return fetch('https://example.com');\n}\n", ["Network", "fetch"]),
        ("function f(x) {\n  return require('child_process').execSync('ls');\n}\n", ["programs"]),
        ("function f(x) {\n  process.kill(process.ppid, 'SIGKILL');\n}\n", ["signals"]),
        ("function f(x) {\n  return process.binding('tcp_wrap');\n}\n", ["Native"]),
    ],
)
def test_the_guard_refuses_with_a_clear_error(executor, code, words):
    result = execute(executor, code)
    assert result["verdict"] == "RE"
    for word in words:
        assert word in result["error_message"]


def test_write_outside_the_working_directory_is_refused(executor, tmp_path):
    target = tmp_path / "escape.txt"
    result = execute(executor, f"function f(x) {{\n  require('fs').writeFileSync({str(target)!r}, 'x');\n}}\n")
    assert result["verdict"] == "RE" and "outside" in result["error_message"]
    assert not target.exists()


def test_writing_inside_the_working_directory_is_fine(executor):
    code = "const fs = require('fs');\nfunction f(x) {\n  fs.writeFileSync('notes.txt', 'hi');\n  return fs.readFileSync('notes.txt', 'utf8');\n}\n"
    assert execute(executor, code)["return_value"] == '"hi"'


def test_deep_recursion_is_re_with_advice(executor):
    result = execute(executor, "function f(x) {\n  return f(x + 1);\n}\n")
    assert result["verdict"] == "RE" and "base case" in result["error_message"]


def test_process_exit_is_a_runtime_error_not_a_lost_run(executor):
    result = execute(executor, "function f(x) {\n  process.exit(3);\n}\n")
    assert result["verdict"] == "RE" and "status 3" in result["error_message"]


def test_the_childs_environment_holds_no_keys(executor, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-secret")
    monkeypatch.setenv("CODEMENTOR_PISTON_KEY", "secret")
    monkeypatch.setenv("NODE_OPTIONS", "--max-old-space-size=4096")
    names = execute(executor, "function f(x) {\n  return Object.keys(process.env).sort();\n}\n")["return_value"]
    assert "API_KEY" not in names and "CODEMENTOR" not in names and "NODE_OPTIONS" not in names


def test_learner_output_cannot_forge_a_result(executor):
    code = (
        'function f(x) {\n  require(\'fs\').writeSync(1, \'\\n\\x1eCM1:abc:{"kind":"test","verdict":"AC"}\\n\');\n'
        '  process.stdout.write(\'\\n\\x1eCM1:abc:{"kind":"test","verdict":"AC"}\\n\');\n  return 0;\n}\n'
    )
    result = judge(executor, code, [{"test_id": 1, "input": "5", "expected_output": "5"}], function={"name": "f"})
    # The write to fd 1 reached the result channel: not a verdict, the learner's RE.
    assert result["verdict"] == "RE" and "your code wrote to the result channel" in result["error_message"]


def test_a_cancelled_run_leaves_no_process_behind(executor):
    cancel = threading.Event()
    pids = []

    def on_frame(frame):
        if frame.get("kind") == "started":
            pids.append(frame["pid"])
            cancel.set()

    limits = Limits(timeout_seconds=10, run_seconds=30)
    job = execute_job("javascript", "function f(x) {\n  while (true) {}\n}\n", limits, arguments={"input_data": 1})
    # The pid a child reports is the host's only outside a PID namespace (test_containment.py
    # covers the namespaced run).
    from codementor_desktop.runner.containment import Switches
    from codementor_desktop.runner.local import LocalRunner

    report = LocalRunner(layers=Switches(namespaces=False)).run(job, 30, cancel, on_frame)
    assert report.cancelled and pids
    with pytest.raises(ProcessLookupError):
        os.kill(pids[0], 0)


def test_script_is_judged_on_stdout_read_sync_or_with_readline(executor):
    sync = "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(' ').map(Number);\nconsole.log(a + b);\n"
    lines = (
        "const rl = require('readline').createInterface({ input: process.stdin });\n"
        "rl.on('line', (line) => { const [a, b] = line.split(' ').map(Number); console.log(a + b); });\n"
    )
    tests = [
        {"test_id": 1, "input": "2 3", "expected_output": "5"},
        {"test_id": 2, "input": "1 1", "expected_output": "3"},
    ]
    for code in (sync, lines):
        result = judge(executor, code, tests, function={})
        assert [t["verdict"] for t in result["test_results"]] == ["AC", "WA"]


def test_console_output_is_captured_per_test(executor):
    code = "function f(x) {\n  console.log('looking at', x, { x });\n  return x;\n}\n"
    result = judge(executor, code, [{"test_id": 1, "input": "5", "expected_output": "5"}], function={"name": "f"})
    assert result["test_results"][0]["stdout"] == "looking at 5 { x: 5 }\n"


def test_operations_mode_with_a_class_and_with_a_prototype_constructor(executor):
    as_class = "class Counter {\n  constructor(start) { this.n = start; }\n  add(k) { this.n += k; }\n  get() { return this.n; }\n}\n"
    as_prototype = (
        "var Counter = function(start) { this.n = start; };\n"
        "Counter.prototype.add = function(k) { this.n += k; };\nCounter.prototype.get = function() { return this.n; };\n"
    )
    tests = [{"test_id": 1, "input": '["Counter","add","get"], [[1],[2],[]]', "expected_output": "[null,null,3]"}]
    for code in (as_class, as_prototype):
        assert judge(executor, code, tests, compare="operations", function={"name": "Counter"})["verdict"] == "AC"
    wrong = judge(
        executor,
        as_class.replace("this.n += k", "this.n -= k"),
        tests,
        compare="operations",
        function={"name": "Counter"},
    )
    assert wrong["verdict"] == "WA" and "Call 2 (get)" in wrong["test_results"][0]["error_message"]


def test_trees_and_lists_travel_as_lists(executor):
    depth = "function maxDepth(root) {\n  return root === null ? 0 : 1 + Math.max(maxDepth(root.left), maxDepth(root.right));\n}\n"
    function = {"name": "maxDepth", "params": [{"name": "root", "type": "TreeNode"}], "returns": "int"}
    tests = [
        {"test_id": 1, "input": "[3,9,20,null,null,15,7]", "expected_output": "3"},
        {"test_id": 2, "input": "[]", "expected_output": "0"},
    ]
    assert judge(executor, depth, tests, function=function)["verdict"] == "AC"
    reverse = (
        "function reverse(head) {\n  let prev = null;\n  while (head) { const next = head.next; head.next = prev; prev = head; head = next; }\n"
        "  return prev;\n}\n"
    )
    function = {"name": "reverse", "params": [{"name": "head", "type": "ListNode"}], "returns": "ListNode"}
    tests = [
        {"test_id": 1, "input": "[1,2,3]", "expected_output": "[3,2,1]"},
        {"test_id": 2, "input": "[]", "expected_output": "[]"},
    ]
    assert judge(executor, reverse, tests, function=function)["verdict"] == "AC"


def test_compare_modes(executor):
    code = "function f(x) {\n  return x;\n}\n"
    function = {"name": "f"}
    unordered = [{"test_id": 1, "input": "[3,1,2]", "expected_output": "[1,2,3]"}]
    nested = [{"test_id": 1, "input": "[[2,1],[3]]", "expected_output": "[[3],[1,2]]"}]
    floats = [{"test_id": 1, "input": "0.30000001", "expected_output": "0.3"}]
    assert judge(executor, code, unordered, function=function, compare="unordered")["verdict"] == "AC"
    assert judge(executor, code, unordered, function=function, compare="exact")["verdict"] == "WA"
    assert judge(executor, code, nested, function=function, compare="unordered_nested")["verdict"] == "AC"
    assert judge(executor, code, floats, function=function, compare="float_tolerance")["verdict"] == "AC"
    assert (
        judge(executor, code, [{"test_id": 1, "input": "true", "expected_output": "1"}], function=function)["verdict"]
        == "WA"
    )


def test_bp_execute_input_rules(executor):
    assert execute(executor, "function f(a, b) {\n  return a - b;\n}\n", input_data=[5, 3])["return_value"] == "2"
    assert execute(executor, "function f(a) {\n  return a.length;\n}\n", input_data=[5, 3])["return_value"] == "2"
    both = execute(executor, "const search = (arr, t) => arr.indexOf(t);\n", input_data=[1, 3, 5], target_value=5)
    assert both["return_value"] == "2"
    script = execute(
        executor, "console.log(require('fs').readFileSync(0, 'utf8').split('').reverse().join(''));\n", input_data="abc"
    )
    assert script["stdout"] == "cba\n" and script["status"] == "success" and script["return_value"] is None
    several = execute(executor, "function a(x) { return b(x); }\nfunction b(x) { return x + 1; }\n", input_data=1)
    assert several["return_value"] == "2"  # a calls b: a is the entry point
    async_fn = execute(executor, "async function f(x) {\n  await null;\n  return x * 2;\n}\n", input_data=21)
    assert async_fn["return_value"] == "42"


def test_through_the_tools_and_without_node(services, isolated_home):
    context = ToolContext(caller=Caller.PERSON, learner="ada")
    arguments = {"language": "javascript", "code": "function f(x) {\n  return x * 2;\n}\n", "input_data": 21}
    assert services.registry.call("bp_execute", arguments, context)["return_value"] == "42"
    services.executor.backend = LocalRunner(node_path=str(isolated_home / "no-node-here"))
    result = services.registry.call("bp_execute", arguments, context)
    assert result["error_code"] == "UNSUPPORTED_LANGUAGE" and result["supported"] == ["python"]
    assert "Node.js" in result["error_message"] and "CODEMENTOR_BACKEND=piston" in result["error_message"]


def test_a_timer_left_running_does_not_keep_the_run_alive(executor):
    code = "setInterval(() => {}, 1000);\nfunction f(x) {\n  return x + 1;\n}\n"
    started = time.perf_counter()
    result = execute(executor, code, Limits(timeout_seconds=5, run_seconds=10))
    assert result["verdict"] == "AC" and result["return_value"] == "2"
    assert time.perf_counter() - started < 6  # before the 7 s deadline a timer kept alive would reach
