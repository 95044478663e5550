"""Every verdict, produced for real by a child process running as this machine's user."""

import contextlib
import os
import subprocess
import sys
import threading
import time

import pytest

from codementor_desktop.runner.protocol import Limits

FAST = Limits(timeout_seconds=1, run_seconds=5, memory_mb=128)


def execute(executor, code, limits=FAST, **arguments):
    return executor.execute(code=code, language="python", limits=limits, arguments=arguments or {"input_data": 1})


def judge(executor, code, tests, limits=FAST, **kwargs):
    return executor.judge(code=code, language="python", tests=tests, limits=limits, **kwargs)


TWO_SUM_TESTS = [
    {"test_id": 1, "input": "[2,7,11,15], 9", "expected_output": "[0,1]"},
    {"test_id": 2, "input": "[3,2,4], 6", "expected_output": "[1,2]"},
]


def test_accepted(executor):
    code = "def two_sum(nums, target):\n    seen = {}\n    for j, v in enumerate(nums):\n        if target - v in seen:\n            return [seen[target - v], j]\n        seen[v] = j\n"
    result = judge(executor, code, TWO_SUM_TESTS)
    assert result["status"] == "completed" and result["verdict"] == "AC"
    assert result["all_passed"] and result["pass_rate"] == 1.0
    assert [t["actual_output"] for t in result["test_results"]] == ["[0,1]", "[1,2]"]


def test_wrong_answer_names_the_failing_case(executor):
    result = judge(executor, "def two_sum(nums, target):\n    return [0, 1]\n", TWO_SUM_TESTS)
    assert result["status"] == "completed" and result["verdict"] == "WA"
    assert result["failed_test_case"] == {"test_id": 2, "input": "[3,2,4], 6"}
    assert result["pass_rate"] == 0.5


def test_syntax_error_is_ce_with_its_line(executor):
    result = judge(executor, "def two_sum(nums, target)\n    return []\n", TWO_SUM_TESTS)
    assert result["verdict"] == "CE" and result["error_type"] == "syntax_error"
    assert result["line_number"] == 1 and result["status"] == "error"


def test_runtime_error_trims_the_traceback_to_the_learners_code(executor):
    code = "def two_sum(nums, target):\n    x = 1\n    return nums[10]\n"
    result = judge(executor, code, TWO_SUM_TESTS)
    assert result["verdict"] == "RE" and result["error_type"] == "runtime_error"
    assert result["line_number"] == 3
    assert "IndexError" in result["error_message"]
    assert "judge.py" not in result["traceback"] and "solution.py" in result["traceback"]
    assert result["failed_test_case"]["test_id"] == 1
    assert len(result["test_results"]) == 2  # an RE does not stop the other tests


def test_infinite_loop_is_tle(executor):
    result = judge(executor, "def two_sum(nums, target):\n    while True:\n        pass\n", TWO_SUM_TESTS)
    assert result["verdict"] == "TLE" and result["error_type"] == "timeout" and result["reason"] == "time"
    # A TLE stops the run: the next test is listed as not run, with why.
    assert result["tests_run"] == 1 and [t.get("status") for t in result["test_results"]] == [None, "not_run"]


def test_sleep_is_tle_at_the_wall_clock_backstop(executor):
    started = time.perf_counter()
    result = execute(executor, "import time\ndef f(x):\n    time.sleep(30)\n")
    assert result["verdict"] == "TLE" and result["reason"] == "time" and "wall-clock" in result["error_message"]
    assert time.perf_counter() - started < 20  # three times the 1 s limit, not the 30 s it asked for


def test_the_limit_is_cpu_time_so_waiting_twice_the_limit_passes(executor):
    # Two seconds of wall time, next to no CPU time: under a one-second CPU limit, it passes.
    code = "import time\ndef f(x):\n    time.sleep(2)\n    return x\n"
    result = judge(executor, code, [{"test_id": 1, "input": "5", "expected_output": "5"}])
    test = result["test_results"][0]
    assert result["verdict"] == "AC" and test["execution_time_ms"] >= 2000 and test["cpu_time_ms"] < 500


@contextlib.contextmanager
def busy_machine():
    """Processes that keep every core busy, as other work on the machine would."""
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2 * (os.cpu_count() or 2))]
    try:
        yield
    finally:
        for process in busy:
            process.kill()
            process.wait()


def test_a_cpu_bound_test_that_passes_alone_passes_on_a_busy_machine(executor):
    code = "def f(n):\n    total = 0\n    for i in range(n):\n        total += i\n    return total\n"
    tests = [{"test_id": 1, "input": "2000000", "expected_output": str(sum(range(2_000_000)))}]
    limits = Limits(timeout_seconds=2, run_seconds=10)
    alone = judge(executor, code, tests, limits)
    with busy_machine():
        loaded = judge(executor, code, tests, limits)
    assert alone["verdict"] == loaded["verdict"] == "AC"
    assert loaded["test_results"][0]["cpu_time_ms"] < 2000 and loaded["cpu_time_ms"] > 0


def test_blocking_native_call_is_killed_by_the_parent(executor):
    # A long C-level computation ignores the interval timer until it returns: the parent, which
    # reads the child's CPU time, stops it (or the kernel's CPU limit does).
    code = "def f(x):\n    return len(str(7 ** 30_000_000))\n"
    started = time.perf_counter()
    result = execute(executor, code, Limits(timeout_seconds=1, run_seconds=1, memory_mb=256))
    assert result["verdict"] == "TLE" and result["reason"] == "time"
    assert time.perf_counter() - started < 10


def test_memory_bomb_is_mle(executor):
    result = execute(executor, "def f(x):\n    return len([0] * (10 ** 9))\n")
    assert result["verdict"] == "MLE" and result["error_type"] == "memory_limit"


def test_gradual_memory_growth_is_mle(executor):
    code = "def f(x):\n    chunks = []\n    while True:\n        chunks.append(bytearray(10 ** 6))\n"
    assert execute(executor, code)["verdict"] == "MLE"


def test_print_flood_is_ole(executor):
    result = execute(executor, "def f(x):\n    while True:\n        print('spam' * 100)\n")
    assert result["verdict"] == "OLE" and result["error_type"] == "output_limit"


def test_fork_is_refused_with_a_clear_error(executor):
    result = execute(executor, "import os\ndef f(x):\n    return os.fork()\n")
    assert result["verdict"] == "RE"
    assert "not allowed" in result["error_message"] and "process" in result["error_message"].lower()


def test_subprocess_is_refused(executor):
    # subprocess imports (asyncio needs it); starting a program is what is refused.
    result = execute(executor, "def f(x):\n    import subprocess\n    return subprocess.run(['ls'])\n")
    assert result["verdict"] == "RE" and "not allowed" in result["error_message"]


def test_socket_is_refused(executor):
    result = execute(executor, "def f(x):\n    import socket\n    return socket.socket()\n")
    assert result["verdict"] == "RE" and "socket" in result["error_message"]


def test_write_outside_the_working_directory_is_refused(executor, tmp_path):
    target = tmp_path / "escape.txt"
    code = f"def f(x):\n    open({str(target)!r}, 'w').write('x')\n"
    result = execute(executor, code)
    assert result["verdict"] == "RE" and "outside" in result["error_message"]
    assert not target.exists()


def test_writing_inside_the_working_directory_is_fine(executor):
    code = (
        "def f(x):\n    with open('notes.txt', 'w') as h:\n        h.write('hi')\n    return open('notes.txt').read()\n"
    )
    assert execute(executor, code)["return_value"] == '"hi"'


def test_deep_recursion_is_re_with_advice(executor):
    result = execute(executor, "def f(x):\n    return f(x + 1)\n")
    assert result["verdict"] == "RE" and "base case" in result["error_message"]


def test_signalling_the_parent_does_not_take_the_app_down(executor):
    code = "import os, signal\ndef f(x):\n    os.kill(os.getppid(), signal.SIGKILL)\n"
    result = execute(executor, code)
    assert result["verdict"] == "RE" and "signals" in result["error_message"]
    # we are still alive to assert it; killpg on our group is refused as well
    code = "import os, signal\ndef f(x):\n    os.killpg(os.getpgid(os.getppid()), signal.SIGKILL)\n"
    assert execute(executor, code)["verdict"] == "RE"


def test_the_childs_environment_holds_no_keys(executor, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-secret")
    monkeypatch.setenv("CODEMENTOR_LLM_API_KEY", "sk-secret-2")
    monkeypatch.setenv("HTTPS_PROXY", "http://user:pass@proxy:3128")
    code = "import os\ndef f(x):\n    return sorted(os.environ)\n"
    names = execute(executor, code)["return_value"]
    assert "API_KEY" not in names and "PROXY" not in names.upper() and "CODEMENTOR" not in names


def test_a_cancelled_run_has_no_verdict_and_keeps_what_ran(executor):
    cancel = threading.Event()
    tests = [{"test_id": 1, "input": "0", "expected_output": "0"}, {"test_id": 2, "input": "1", "expected_output": "1"}]
    code = "import time\ndef f(x):\n    if x:\n        time.sleep(60)\n    return x\n"
    limits = Limits(timeout_seconds=10, run_seconds=30)
    result = judge(executor, code, tests, limits, cancel=cancel, progress=lambda done, total, text: cancel.set())
    assert result["status"] == "cancelled" and "verdict" not in result and "error_type" not in result
    assert [t["verdict"] for t in result["test_results"]] == ["AC"]


def test_a_cancelled_run_leaves_no_process_behind(executor):
    cancel = threading.Event()
    pids = []

    def on_frame(frame):
        if frame.get("kind") == "started":
            pids.append(frame["pid"])
            cancel.set()

    from codementor_desktop.runner.protocol import execute_job

    limits = Limits(timeout_seconds=10, run_seconds=30)
    job = execute_job("python", "import time\ndef f(x):\n    time.sleep(60)\n", limits, arguments={"input_data": 1})
    # The pid a child reports is the host's only outside a PID namespace (test_containment.py
    # covers the namespaced run).
    from codementor_desktop.runner.containment import Switches
    from codementor_desktop.runner.local import LocalRunner

    report = LocalRunner(layers=Switches(namespaces=False)).run(job, 30, cancel, on_frame)
    assert report.cancelled and pids
    with pytest.raises(ProcessLookupError):
        os.kill(pids[0], 0)


def test_script_is_judged_on_stdout(executor):
    code = "a, b = map(int, input().split())\nprint(a + b)\n"
    tests = [
        {"test_id": 1, "input": "2 3", "expected_output": "5"},
        {"test_id": 2, "input": "1 1", "expected_output": "3"},
    ]
    result = judge(executor, code, tests)
    assert [t["verdict"] for t in result["test_results"]] == ["AC", "WA"]


def test_print_in_the_solution_is_captured_per_test(executor):
    code = "def f(x):\n    print('looking at', x)\n    return x\n"
    result = judge(executor, code, [{"test_id": 1, "input": "5", "expected_output": "5"}])
    assert result["test_results"][0]["stdout"] == "looking at 5\n"


def test_learner_output_cannot_forge_a_result(executor):
    code = (
        'import os\ndef f(x):\n    os.write(1, b\'\\n\\x1eCM1:abc:{"kind":"test","verdict":"AC"}\\n\')\n    return 0\n'
    )
    result = judge(executor, code, [{"test_id": 1, "input": "5", "expected_output": "5"}])
    assert result["verdict"] == "WA"


def test_operations_mode_for_design_problems(executor):
    code = (
        "class Counter:\n    def __init__(self, start):\n        self.n = start\n"
        "    def add(self, k):\n        self.n += k\n    def get(self):\n        return self.n\n"
    )
    tests = [{"test_id": 1, "input": '["Counter","add","get"], [[1],[2],[]]', "expected_output": "[null,null,3]"}]
    result = judge(executor, code, tests, compare="operations", function={"name": "Counter"})
    assert result["verdict"] == "AC"


def test_tree_arguments_are_built_from_level_order(executor):
    code = "def max_depth(root):\n    if root is None:\n        return 0\n    return 1 + max(max_depth(root.left), max_depth(root.right))\n"
    function = {"name": "max_depth", "params": [{"name": "root", "type": "TreeNode"}]}
    tests = [
        {"test_id": 1, "input": "[3,9,20,null,null,15,7]", "expected_output": "3"},
        {"test_id": 2, "input": "[]", "expected_output": "0"},
    ]
    assert judge(executor, code, tests, function=function)["verdict"] == "AC"


def test_bp_execute_input_rules(executor):
    assert execute(executor, "def f(a, b):\n    return a - b\n", input_data=[5, 3])["return_value"] == "2"
    assert execute(executor, "def f(a):\n    return len(a)\n", input_data=[5, 3])["return_value"] == "2"
    both = execute(executor, "def search(arr, t):\n    return arr.index(t)\n", input_data=[1, 3, 5], target_value=5)
    assert both["return_value"] == "2"
    script = executor.execute(
        code="print(input()[::-1])", language="python", limits=FAST, arguments={"input_data": "abc"}
    )
    assert script["stdout"] == "cba\n" and script["status"] == "success"


def test_line_events_are_counted(executor):
    slow = "def f(n):\n    total = 0\n    for i in range(n):\n        for j in range(n):\n            total += 1\n    return total\n"
    fast = "def f(n):\n    return n * n\n"
    tests = [{"test_id": 1, "input": "100", "expected_output": "10000"}]
    slow_count = judge(executor, slow, tests, count_lines=True)["test_results"][0]["line_events"]
    fast_count = judge(executor, fast, tests, count_lines=True)["test_results"][0]["line_events"]
    assert slow_count > 10000 and fast_count == 1


def test_broken_test_data_is_our_fault_not_the_learners(executor):
    result = judge(
        executor, "def f(x):\n    return x\n", [{"test_id": 1, "input": "open('x')", "expected_output": "1"}]
    )
    assert result["verdict"] == "IE" and result["error_type"] == "internal_error"
    assert "Bad test data" in result["error_message"]


def test_a_child_that_cannot_start_is_an_internal_error():
    from codementor_desktop.runner.executor import Executor
    from codementor_desktop.runner.local import LocalRunner

    broken = Executor(LocalRunner(command_for=lambda job: ["/nonexistent/python"]))
    result = broken.judge(code="def f(x):\n    return x\n", language="python", tests=TWO_SUM_TESTS, limits=FAST)
    assert result["verdict"] == "IE" and "could not start" in result["error_message"]
