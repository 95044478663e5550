"""The Piston backend against a Piston-protocol server on loopback that runs every job in a real
local child: every verdict through it, old servers, the output limit, errors and retries."""

import json
import threading
import time

import pytest

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.runner.backend import BackendUnavailable
from codementor_desktop.runner.executor import Executor
from codementor_desktop.runner.node import find_node
from codementor_desktop.runner.piston import PistonBackend
from codementor_desktop.runner.protocol import Limits, execute_job
from codementor_desktop.runner.run_gate import Saturated
from codementor_desktop.storage.secrets import Credentials
from codementor_desktop.tools.context import ToolContext
from codementor_desktop.tools.services import Services
from tests.fakes.piston_server import FakePiston, refused_address

pytestmark = pytest.mark.skipif(find_node()[0] is None, reason="the fake server runs JavaScript jobs with Node")

FAST = Limits(timeout_seconds=1, run_seconds=5, memory_mb=128)
TESTS = [
    {"test_id": 1, "input": "[2,7,11,15], 9", "expected_output": "[0,1]"},
    {"test_id": 2, "input": "[3,2,4], 6", "expected_output": "[1,2]"},
]
CODE = {
    "python": {
        "AC": "def two_sum(nums, target):\n    seen = {}\n    for j, v in enumerate(nums):\n        if target - v in seen:\n            return [seen[target - v], j]\n        seen[v] = j\n",
        "WA": "def two_sum(nums, target):\n    return [0, 1]\n",
        "CE": "def two_sum(nums, target)\n    return []\n",
        "RE": "def two_sum(nums, target):\n    return nums[10]\n",
        "TLE": "def two_sum(nums, target):\n    while True:\n        pass\n",
        "MLE": "def two_sum(nums, target):\n    return [0] * (10 ** 9)\n",
        "OLE": "def two_sum(nums, target):\n    while True:\n        print('spam' * 100)\n",
    },
    "javascript": {
        "AC": "function twoSum(nums, target) {\n  const seen = new Map();\n  for (let j = 0; j < nums.length; j++) {\n    if (seen.has(target - nums[j])) return [seen.get(target - nums[j]), j];\n    seen.set(nums[j], j);\n  }\n}\n",
        "WA": "function twoSum(nums, target) {\n  return [0, 1];\n}\n",
        "CE": "function twoSum(nums, target) {\n  return [0, 1;\n}\n",
        "RE": "function twoSum(nums, target) {\n  return nums[10].length;\n}\n",
        "TLE": "function twoSum(nums, target) {\n  while (true) {}\n}\n",
        # Eight megabytes at a time: the memory limit comes long before any time limit, however busy the machine.
        "MLE": "function twoSum(nums, target) {\n  const all = [];\n  while (true) all.push(new Array(1e6).fill(1));\n}\n",
        "OLE": "function twoSum(nums, target) {\n  while (true) console.log('spam'.repeat(100));\n}\n",
    },
}
FUNCTION = {"python": {"name": "two_sum"}, "javascript": {"name": "twoSum"}}


def backend(server, **options):
    options.setdefault("backoff_seconds", 0.01)
    return PistonBackend(server.url, **options)


def judge(executor, language, code, tests=TESTS, limits=FAST):
    return executor.judge(code=code, language=language, tests=tests, limits=limits, function=FUNCTION[language])


@pytest.fixture(scope="module")
def server():
    with FakePiston() as running:
        yield running


@pytest.mark.parametrize("language", ["python", "javascript"])
@pytest.mark.parametrize("verdict", ["AC", "WA", "CE", "RE", "TLE", "MLE", "OLE"])
def test_every_verdict_through_the_server(server, language, verdict):
    result = judge(Executor(backend(server)), language, CODE[language][verdict])
    assert result["verdict"] == verdict, result
    assert result["backend"] == "piston" and result["containment"] == ["piston"]
    if verdict in ("AC", "WA"):
        assert [t["input"] for t in result["test_results"]] == [
            t["input"] for t in TESTS
        ]  # rebuilt from compact frames
        assert result["test_results"][0]["actual_output"] == "[0,1]"
    if verdict == "WA":
        assert result["failed_test_case"] == {"test_id": 2, "input": "[3,2,4], 6"}
    if verdict in ("CE", "RE"):
        assert result["line_number"] == (1 if (language, verdict) == ("python", "CE") else 2)


@pytest.mark.parametrize("language", ["python", "javascript"])
def test_output_cut_by_the_server_is_ie_naming_its_setting(server, language):
    # Twenty wrong answers are more frames than 1,024 characters hold.
    tests = [{"test_id": i, "input": "[1,2,3,4,5], 99", "expected_output": "[3,4]"} for i in range(1, 21)]
    result = judge(Executor(backend(server)), language, CODE[language]["WA"], tests)
    assert result["verdict"] == "IE" and "PISTON_OUTPUT_MAX_SIZE" in result["error_message"]
    assert server.url in result["error_message"]


def test_a_larger_output_limit_takes_the_same_run(server):
    tests = [{"test_id": i, "input": "[1,2,3,4,5], 99", "expected_output": "[3,4]"} for i in range(1, 21)]
    with FakePiston(output_max_size=64 * 1024) as roomy:
        result = judge(Executor(backend(roomy)), "python", CODE["python"]["WA"], tests)
    assert result["verdict"] == "WA" and result["tests_run"] == 20


@pytest.fixture(scope="module")
def old():
    """A server as they were before September 2024: no status, message, times or memory."""
    with FakePiston(old_style=True) as running:
        yield running


class TestAnOldServer:
    """Verdicts from the few fields an old server answers with."""

    @pytest.mark.parametrize("verdict", ["AC", "WA", "RE", "TLE"])
    def test_verdicts_reported_by_the_child(self, old, verdict):
        for language in ("python", "javascript"):
            assert judge(Executor(backend(old)), language, CODE[language][verdict])["verdict"] == verdict

    def test_a_kill_early_with_little_output_is_mle(self, old):
        assert judge(Executor(backend(old)), "javascript", CODE["javascript"]["MLE"])["verdict"] == "MLE"

    def test_a_kill_at_the_deadline_is_tle(self, old):
        code = "setTimeout(() => { while (true) {} }, 0);\n"
        result = Executor(backend(old)).execute(
            code=code, language="javascript", limits=Limits(timeout_seconds=1, run_seconds=2)
        )
        assert result["verdict"] == "TLE"

    def test_a_kill_after_much_output_is_ie_naming_the_setting(self, old):
        # More than the limit and one read of the pipe together: cut, however the output arrives.
        tests = [{"test_id": i, "input": "[1,2,3,4,5], 99", "expected_output": "[3,4]"} for i in range(1, 101)]
        result = judge(Executor(backend(old)), "python", CODE["python"]["WA"], tests)
        assert result["verdict"] == "IE" and "PISTON_OUTPUT_MAX_SIZE" in result["error_message"]


def test_the_request_piston_receives(server):
    before = len(server.requests)
    executor = Executor(backend(server))
    judge(executor, "python", CODE["python"]["AC"])
    judge(executor, "javascript", CODE["javascript"]["AC"])
    requests = server.requests[before:]
    assert [r["method"] for r in requests] == ["GET", "POST", "POST"]  # the runtimes are asked once
    python, javascript = (r["body"] for r in requests[1:])
    assert (python["language"], python["version"]) == ("python", "3.11.9")  # the newest Python 3
    assert (javascript["language"], javascript["version"]) == ("javascript", "20.11.1")  # Node, not Deno
    # Both judges are over the packing line (JavaScript's with the line counter of measured
    # complexity, Python's with the coverage pass's collector and the reading of returned
    # iterators): they travel compressed, with the unpacker as the main file.
    assert [f["name"] for f in python["files"]] == ["unpack.py", "harness.b64", "solution.py"]
    assert [f["name"] for f in javascript["files"]] == ["unpack.js", "harness.b64", "solution.js"]
    assert "seen = {}" in python["files"][-1]["content"] and "seen = {}" not in python["stdin"]
    for body in (python, javascript):
        for name in (
            "run_timeout",
            "run_cpu_time",
            "run_memory_limit",
            "compile_timeout",
            "compile_cpu_time",
            "compile_memory_limit",
        ):
            assert isinstance(body[name], int) and body[name] > 0, name  # 0 would mean "no limit"
    assert python["run_memory_limit"] >= FAST.memory_mb * 1024 * 1024


def test_limits_over_the_servers_own_are_lowered_to_them_and_remembered():
    # Piston's own defaults: 3 s of run time and of CPU time.
    configured = {
        "timeout": {"run": 3000, "compile": 10000},
        "cpu_time": {"run": 3000, "compile": 10000},
        "memory_limit": {"run": -1, "compile": -1},
    }
    with FakePiston(configured=configured) as strict:
        executor = Executor(backend(strict))
        limits = Limits(timeout_seconds=2, run_seconds=10)
        first = judge(executor, "python", CODE["python"]["AC"], limits=limits)
        second = judge(executor, "python", CODE["python"]["WA"], limits=limits)
        posts = [r for r in strict.requests if r["method"] == "POST"]
    assert first["verdict"] == "AC" and second["verdict"] == "WA"
    assert len(posts) == 4  # two refusals, then every job fits at once
    assert (posts[-1]["body"]["run_timeout"], posts[-1]["body"]["run_cpu_time"]) == (3000, 3000)


def test_429_then_success_is_retried():
    with FakePiston(script=[429, 429]) as busy:
        result = judge(Executor(backend(busy)), "python", CODE["python"]["AC"])
        posts = [r for r in busy.requests if r["method"] == "POST"]
    assert result["verdict"] == "AC" and len(posts) == 3


def test_a_saturated_server_gets_a_bounded_queue_and_a_clear_refusal_beyond_it():
    release = threading.Event()
    results: list[dict] = []
    with FakePiston(hold=release) as lab:
        executor = Executor(backend(lab, max_running=1, max_waiting=1, locked=True))
        first = threading.Thread(target=lambda: results.append(judge(executor, "python", CODE["python"]["AC"])))
        first.start()
        assert lab.holding.acquire(timeout=60)  # the first run is at the server, which holds it
        second = threading.Thread(target=lambda: results.append(judge(executor, "python", CODE["python"]["AC"])))
        second.start()
        gate = executor.backend._gate
        waited = threading.Event()
        while gate.queued != 1 and second.is_alive():  # the second waits in the app's queue
            waited.wait(0.01)
        with pytest.raises(Saturated) as refused:
            judge(executor, "python", CODE["python"]["AC"])
        release.set()
        first.join(60)
        second.join(60)
    message = str(refused.value)
    assert "saturated" in message and lab.url in message and "locally" not in message
    assert [r["verdict"] for r in results] == ["AC", "AC"]
    assert len([r for r in lab.requests if r["method"] == "POST"]) == 2  # the third never reached the server


def test_a_failing_server_is_retried_a_bounded_number_of_times():
    with FakePiston(script=[500] * 10) as broken:
        with pytest.raises(BackendUnavailable) as raised:
            judge(Executor(backend(broken, attempts=3)), "python", CODE["python"]["AC"])
        posts = [r for r in broken.requests if r["method"] == "POST"]
    assert len(posts) == 3
    assert "HTTP 500" in str(raised.value) and raised.value.address == broken.url


def test_a_refused_job_is_ie_with_the_servers_message():
    with FakePiston(script=[400]) as picky:
        result = judge(Executor(backend(picky)), "python", CODE["python"]["AC"])
    assert (
        result["verdict"] == "IE"
        and "scripted failure" in result["error_message"]
        and picky.url in result["error_message"]
    )


def test_a_cancelled_run_returns_at_once():
    cancel = threading.Event()
    with FakePiston(delay_seconds=20) as slow:
        job = execute_job("python", "def f(x):\n    return x\n", FAST, arguments={"input_data": 1})
        started = time.perf_counter()
        threading.Timer(0.2, cancel.set).start()
        report = backend(slow).run(job, 30, cancel)
    # Not the 20 s the server takes to answer, however busy the machine.
    assert report.cancelled and time.perf_counter() - started < 10


@pytest.fixture
def piston_services(isolated_home, monkeypatch):
    """Services built as a person would configure them: through the environment."""
    built = []

    def build(url, key=None, header=None):
        monkeypatch.setenv("CODEMENTOR_BACKEND", "piston")
        monkeypatch.setenv("CODEMENTOR_PISTON_URL", url)
        if key is not None:
            monkeypatch.setenv("CODEMENTOR_PISTON_KEY", key)
        if header is not None:
            monkeypatch.setenv("CODEMENTOR_PISTON_KEY_HEADER", header)
        services = Services.build(credentials=Credentials(use_keyring=False))
        built.append(services)
        return services

    yield build
    for services in built:
        services.close()


def call(services, name, arguments):
    return services.registry.call(name, arguments, ToolContext(caller=Caller.PERSON, learner="ada"))


GOOD_EXECUTE = {"language": "python", "code": "def f(x):\n    return x * 2\n", "input_data": 21}


def test_tools_run_on_piston_with_the_key_in_its_header(piston_services):
    with FakePiston(key="s3cret", key_header="X-API-Key") as guarded:
        services = piston_services(guarded.url, key="s3cret", header="X-API-Key")
        result = call(services, "bp_execute", GOOD_EXECUTE)
        assert result["return_value"] == "42" and result["backend"] == "piston"
        js = call(
            services,
            "bp_execute",
            {**GOOD_EXECUTE, "language": "javascript", "code": "function f(x) {\n  return x * 2;\n}\n"},
        )
        assert js["return_value"] == "42"
        assert all(r["headers"].get("X-API-Key") == "s3cret" for r in guarded.requests)


def test_a_missing_key_is_backend_unavailable_saying_what_to_set(piston_services):
    with FakePiston(key="s3cret") as guarded:
        result = call(piston_services(guarded.url), "bp_execute", GOOD_EXECUTE)
    assert result["error_code"] == "BACKEND_UNAVAILABLE" and result["address"] == guarded.url
    assert "401" in result["error_message"] and "CODEMENTOR_PISTON_KEY" in result["error_message"]


def test_a_refused_connection_is_backend_unavailable_with_the_address(piston_services):
    address = refused_address()
    result = call(piston_services(address), "bp_execute", GOOD_EXECUTE)
    assert result["error_code"] == "BACKEND_UNAVAILABLE" and result["address"] == address
    assert "cannot be reached" in result["error_message"] and "CODEMENTOR_PISTON_URL" in result["error_message"]


def test_a_wrong_path_is_backend_unavailable_naming_the_base_address(piston_services, server):
    result = call(piston_services(server.url + "/not-piston"), "bp_execute", GOOD_EXECUTE)
    assert result["error_code"] == "BACKEND_UNAVAILABLE" and "404" in result["error_message"]
    assert "base address" in result["error_message"]


def test_no_url_is_backend_unavailable(piston_services):
    result = call(piston_services(""), "bp_execute", GOOD_EXECUTE)
    assert result["error_code"] == "BACKEND_UNAVAILABLE" and "CODEMENTOR_PISTON_URL" in result["error_message"]


def test_a_slow_server_is_backend_unavailable():
    with FakePiston(delay_seconds=2) as slow:
        with pytest.raises(BackendUnavailable) as raised:
            judge(Executor(backend(slow, request_timeout=0.3)), "python", CODE["python"]["AC"])
    assert "did not answer" in str(raised.value)


def test_a_server_without_node_says_so(piston_services):
    runtimes = [{"language": "python", "version": "3.12.0", "aliases": ["py"]}]
    with FakePiston(runtimes=runtimes) as python_only:
        result = call(piston_services(python_only.url), "bp_execute", {**GOOD_EXECUTE, "language": "javascript"})
    assert result["error_code"] == "UNSUPPORTED_LANGUAGE" and result["supported"] == ["python"]
    assert "ppman install node" in result["error_message"]


@pytest.mark.parametrize(
    ("language", "framework", "code", "tests"),
    [
        (
            "python",
            "pytest",
            "def add(a, b):\n    return a + b\n",
            "def test_add():\n    assert add(1, 2) == 3\n\ndef test_wrong():\n    assert add(1, 2) == 4\n",
        ),
        (
            "javascript",
            "jest",
            "function add(a, b) {\n  return a + b;\n}\n",
            "test('add', () => expect(add(1, 2)).toBe(3));\ntest('wrong', () => expect(add(1, 2)).toBe(4));\n",
        ),
    ],
)
def test_bp_run_tests_on_piston(piston_services, server, language, framework, code, tests):
    result = call(
        piston_services(server.url),
        "bp_run_tests",
        {"language": language, "code": code, "test_code": tests, "test_framework": framework},
    )
    assert result["backend"] == "piston" and result["verdict"] == "WA"
    assert result["totals"]["passed"] == 1 and result["totals"]["failed"] == 1
    assert result["coverage"]["available"] and result["coverage"]["percent"] == 100.0


def test_both_children_compact_frames_alike():
    import json
    import subprocess

    from codementor_desktop.runner.child.python import compact
    from codementor_desktop.runner.node import CHILD_DIR

    samples = [
        ("started", {"pid": 1}),
        (
            "test",
            {
                "test_id": 3,
                "input": "[1], 2",
                "verdict": "AC",
                "passed": True,
                "actual_output": "[0,1]",
                "stdout": "",
                "execution_time_ms": 1.26,
            },
        ),
        (
            "test",
            {
                "test_id": 4,
                "verdict": "RE",
                "error_type": "runtime_error",
                "error_message": "boom",
                "traceback": "t1",
                "line_number": 2,
            },
        ),
        (
            "test",
            {
                "test_id": 5,
                "verdict": "RE",
                "error_type": "runtime_error",
                "error_message": "boom",
                "traceback": "t2",
                "line_number": None,
            },
        ),
        (
            "case",
            {
                "name": "a > b",
                "status": "failed",
                "verdict": "WA",
                "passed": False,
                "message": "m",
                "solution_line": None,
            },
        ),
        ("done", {"memory_used_kb": 100}),
    ]
    compactor = compact.Compactor("exact")
    python = [compactor.frame(kind, dict(payload)) for kind, payload in samples]
    script = (
        "const c = require(process.argv[1]).compactor('exact');"
        "console.log(JSON.stringify(JSON.parse(process.argv[2]).map(([k, p]) => c(k, p))))"
    )
    node = find_node()[0].path
    out = subprocess.run(
        [node, "-e", script, str(CHILD_DIR / "compact.js"), json.dumps(samples)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(out.stdout) == python
    assert python[0] is None and "b" not in python[3] and "i" in python[1] and "input" not in python[1]


def test_a_job_over_the_servers_size_limit_is_ie_saying_so(server):
    executor = Executor(backend(server))
    before = len(server.requests)
    for language in ("python", "javascript"):  # the usual jobs fit body-parser's default
        assert judge(executor, language, CODE[language]["AC"])["verdict"] == "AC"
    sizes = [len(json.dumps(r["body"])) for r in server.requests[before:] if r.get("body")]
    assert len(sizes) == 2 and max(sizes) < 100 * 1024
    code = CODE["python"]["AC"] + "# padding\n" * 12_000
    result = judge(executor, "python", code)
    assert result["verdict"] == "IE" and "413" in result["error_message"] and "too large" in result["error_message"]


def test_without_the_permission_model_the_harness_guards_writes(server, tmp_path):
    # Piston starts Node without flags: the harness itself keeps writes in the run's folder.
    target = tmp_path / "escape.txt"
    executor = Executor(backend(server))
    code = f"function f(x) {{\n  require('fs').writeFileSync({str(target)!r}, 'x');\n}}\n"
    result = executor.execute(code=code, language="javascript", limits=FAST, arguments={"input_data": 1})
    assert result["verdict"] == "RE" and "outside" in result["error_message"] and not target.exists()
    inside = "function f(x) {\n  const fs = require('fs');\n  fs.writeFileSync('notes.txt', 'hi');\n  return fs.readFileSync('notes.txt', 'utf8');\n}\n"
    assert (
        executor.execute(code=inside, language="javascript", limits=FAST, arguments={"input_data": 1})["return_value"]
        == '"hi"'
    )


def test_submit_with_the_generated_hidden_tests_on_piston(piston_services):
    # The large inputs are made locally from the bank's reference; the learner's code runs on the server.
    with FakePiston(output_max_size=64 * 1024, max_body=2 * 1024 * 1024) as roomy:
        services = piston_services(roomy.url)
        code = CODE["python"]["AC"]
        arguments = {
            "code": code,
            "language": "python",
            "problem_id": "two-sum",
            "test_cases": [],
            "include_hidden": True,
        }
        result = call(services, "execute_code", arguments)
        posts = [r for r in roomy.requests if r["method"] == "POST"]
    assert result["verdict"] == "AC" and result["backend"] == "piston" and result["tests_run"] > 10
    assert all(json.loads(p["body"]["stdin"])["mode"] == "judge" for p in posts)  # generation stayed local
    assert "seen = {}" in posts[-1]["body"]["files"][-1]["content"]


@pytest.mark.parametrize("language", ["python", "javascript"])
def test_per_test_coverage_through_the_server(server, language):
    """The untimed coverage pass is a job of its own on the server: each test gets its lines."""
    result = Executor(backend(server)).judge(
        code=CODE[language]["WA"], language=language, tests=TESTS, limits=FAST, function=FUNCTION[language],
        per_test_coverage=True,
    )  # fmt: skip
    assert result["verdict"] == "WA" and result["coverage"]["available"], result.get("coverage")
    assert [t.get("covered_lines") for t in result["test_results"]] == [[2], [2]]
