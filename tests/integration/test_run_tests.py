"""bp_run_tests for real: the learner's own tests in unittest, pytest, Jest and Mocha styles, run
in child processes, with per-test results, failing lines and line coverage."""

import pytest

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.runner.node import find_node
from codementor_desktop.tools.context import ToolContext

needs_node = pytest.mark.skipif(find_node()[0] is None, reason="no Node.js 18+ on this machine")

PY_CODE = """def add(a, b):
    return a + b


def divide(a, b):
    if b == 0:
        raise ValueError("cannot divide by zero")
    return a / b


def unused():
    return 42
"""
JS_CODE = """function add(a, b) {
  return a + b;
}

function divide(a, b) {
  if (b === 0) {
    throw new RangeError('cannot divide by zero');
  }
  return a / b;
}

function unused() {
  return 42;
}

module.exports = { add, divide };
"""


def run(services, language, framework, test_code, code=None, timeout=10):
    arguments = {
        "language": language,
        "code": code if code is not None else (PY_CODE if language == "python" else JS_CODE),
        "test_code": test_code,
        "test_framework": framework,
        "timeout_seconds": timeout,
    }
    return services.registry.call("bp_run_tests", arguments, ToolContext(caller=Caller.PERSON, learner="ada"))


def by_name(result):
    return {case["name"]: case for case in result["test_results"]}


def test_unittest_style(services):
    tests = """import unittest
from solution import divide


class TestMath(unittest.TestCase):
    def test_add(self):
        self.assertEqual(add(2, 2), 4)

    def test_add_wrong(self):
        print("checking add")
        self.assertEqual(add(2, 2), 5)

    def test_divide_by_zero(self):
        with self.assertRaises(ValueError):
            divide(1, 0)

    def test_error(self):
        divide("a", 2)

    @unittest.skip("not yet")
    def test_later(self):
        pass


if __name__ == "__main__":
    unittest.main()
"""
    result = run(services, "python", "unittest", tests)
    cases = by_name(result)
    assert cases["TestMath.test_add"]["status"] == "passed" and cases["TestMath.test_add"]["verdict"] == "AC"
    wrong = cases["TestMath.test_add_wrong"]
    assert wrong["status"] == "failed" and wrong["verdict"] == "WA" and "4 != 5" in wrong["message"]
    assert wrong["line_number"] == 11 and wrong["stdout"] == "checking add\n"
    error = cases["TestMath.test_error"]
    assert error["verdict"] == "RE" and "TypeError" in error["message"]
    assert error["line_number"] == 18 and error["solution_line"] == 8
    assert 'File "solution.py", line 8' in error["traceback"]
    assert cases["TestMath.test_later"]["status"] == "skipped"
    assert result["totals"] == {"total": 5, "passed": 2, "failed": 1, "errors": 1, "skipped": 1}
    assert result["status"] == "error" and result["verdict"] == "RE"
    assert (
        result["coverage"]["missed_lines"] == [12]
        and result["coverage"]["lines_covered"] == result["coverage"]["lines_total"] - 1
    )
    assert result["run_id"].startswith("run_")


def test_pytest_style_with_the_layer(services):
    tests = """import pytest
from solution import add


def test_add():
    assert add(1, 2) == 3


def test_list():
    assert [add(1, 1), add(2, 2)] == [2, 5]


@pytest.mark.parametrize("a, b, expected", [(1, 2, 3), (2, 2, 5), pytest.param(0, 0, 0, id="zeros")])
def test_many(a, b, expected):
    assert add(a, b) == expected


def test_raises():
    with pytest.raises(ValueError, match="zero"):
        divide(1, 0)


def test_approx():
    assert divide(1, 3) == pytest.approx(0.3333, rel=1e-3)


def test_with_a_fixture(tmpdir):
    assert tmpdir


@pytest.mark.skip(reason="later")
def test_skipped():
    assert False


class TestGroup:
    def setup_method(self, method):
        self.base = 10

    def test_in_class(self):
        assert add(self.base, 1) == 11
"""
    result = run(services, "python", "pytest", tests)
    cases = by_name(result)
    assert cases["test_add"]["passed"]
    assert (
        cases["test_list"]["message"].startswith("assert [2, 4] == [2, 5]")
        and "at index 1" in cases["test_list"]["message"]
    )
    assert cases["test_many[1-2-3]"]["passed"] and cases["test_many[zeros]"]["passed"]
    many = cases["test_many[2-2-5]"]
    assert many["verdict"] == "WA" and "where 4 = add(a, b)" in many["message"] and many["line_number"] == 15
    assert cases["test_raises"]["passed"] and cases["test_approx"]["passed"]
    fixture = cases["test_with_a_fixture"]
    assert fixture["status"] == "error" and fixture["verdict"] == "RE"  # the learner's test, never IE
    assert "not supported here" in fixture["message"] and "tmpdir" in fixture["message"]
    assert cases["test_skipped"]["status"] == "skipped" and cases["TestGroup.test_in_class"]["passed"]
    assert result["totals"]["passed"] == 6 and result["totals"]["failed"] == 2


def test_pytest_features_outside_the_layer_say_so(services):
    result = run(services, "python", "pytest", "import pytest\n\nmonkey = pytest.MonkeyPatch()\n")
    assert result["status"] == "error" and result["verdict"] == "RE"
    assert "Loading the tests failed" in result["error_message"]
    assert (
        "pytest.MonkeyPatch is not supported" in result["error_message"] and "pytest.approx" in result["error_message"]
    )


FIXTURE_TESTS = """import pytest

EVENTS = []


@pytest.fixture
def numbers():
    EVENTS.append("numbers up")
    yield [3, 1, 2]
    EVENTS.append("numbers down")


@pytest.fixture
def sorted_numbers(numbers):
    return sorted(numbers)


@pytest.fixture(scope="module")
def test_data():
    EVENTS.append("test_data up")
    return {"calls": 0}


@pytest.fixture(autouse=True)
def counted(test_data):
    test_data["calls"] += 1


def test_uses(numbers, sorted_numbers):
    assert add(numbers[0], sorted_numbers[0]) == 4


def test_a_yield_fixture_was_torn_down_after_the_test_before():
    assert EVENTS[:3] == ["test_data up", "numbers up", "numbers down"]


def test_module_scope_is_set_up_once(test_data):
    assert test_data["calls"] == 3 and EVENTS.count("test_data up") == 1


@pytest.mark.usefixtures("numbers")
def test_marked():
    assert EVENTS[-1] == "numbers up"


@pytest.mark.parametrize("a, b", [(1, 2), (5, 5)], ids=["small", "same"])
@pytest.mark.parametrize("scale", [1, 10])
def test_stacked_with_a_fixture(a, b, scale, sorted_numbers):
    assert add(a * scale, b * scale) == (a + b) * scale and sorted_numbers == [1, 2, 3]


def test_files(tmp_path):
    (tmp_path / "note.txt").write_text("hi")
    assert (tmp_path / "note.txt").read_text() == "hi"


def test_printed(capsys):
    print("hello")
    assert capsys.readouterr().out == "hello\\n"


def test_patched(monkeypatch):
    monkeypatch.setattr("math.pi", 3)
    import math

    assert math.pi == 3


def test_unpatched():
    import math

    assert math.pi > 3.14


class TestWithAFixture:
    @pytest.fixture
    def base(self):
        return 10

    def test_in_class(self, base, numbers):
        assert add(base, numbers[0]) == 13


def test_unknown(nothing_here):
    pass


def test_caplog(caplog):
    pass


@pytest.fixture
def broken():
    yield 1
    raise ValueError("teardown broke")


def test_broken_teardown(broken):
    assert broken == 1
"""


def test_fixtures_and_parametrize_in_the_learners_tests(services):
    result = run(services, "python", "pytest", FIXTURE_TESTS)
    cases = by_name(result)
    passing = [
        "test_uses", "test_a_yield_fixture_was_torn_down_after_the_test_before", "test_module_scope_is_set_up_once",
        "test_marked", "test_files", "test_printed", "test_patched", "test_unpatched", "TestWithAFixture.test_in_class",
    ] + [f"test_stacked_with_a_fixture[{s}-{ab}]" for s in (1, 10) for ab in ("small", "same")]  # fmt: skip
    assert {name: cases[name]["status"] for name in passing} == dict.fromkeys(passing, "passed"), result
    assert set(cases) == {*passing, "test_unknown", "test_caplog", "test_broken_teardown"}  # a fixture is no test
    unknown, caplog, broken = cases["test_unknown"], cases["test_caplog"], cases["test_broken_teardown"]
    assert unknown["verdict"] == "RE" and "fixture 'nothing_here' not found" in unknown["message"]
    assert "numbers" in unknown["message"] and "tmp_path" in unknown["message"]  # what there is
    assert caplog["verdict"] == "RE" and "'caplog'" in caplog["message"] and "not supported here" in caplog["message"]
    assert broken["verdict"] == "RE" and "teardown broke" in broken["message"]
    assert result["status"] == "error" and result["verdict"] == "RE"


def test_python_compile_and_load_errors(services):
    broken_code = run(
        services, "python", "pytest", "def test_x():\n    assert True\n", code="def add(a, b)\n    return a\n"
    )
    assert broken_code["verdict"] == "CE" and broken_code["where"] == "code" and broken_code["line_number"] == 1
    broken_tests = run(services, "python", "pytest", "def test_x(:\n    pass\n")
    assert broken_tests["verdict"] == "CE" and broken_tests["where"] == "tests"
    assert "The tests do not compile" in broken_tests["error_message"]
    raising = run(services, "python", "unittest", "import unittest\n", code="x = 1 / 0\n")
    assert raising["verdict"] == "RE" and "ZeroDivisionError" in raising["error_message"] and raising["where"] == "code"
    empty = run(services, "python", "unittest", "import unittest\n")
    assert empty["status"] == "error" and "No tests were found" in empty["error_message"]


def test_a_python_test_that_loops_is_tle_and_the_others_still_report(services):
    tests = "def test_loop():\n    while True:\n        pass\n\n\ndef test_after():\n    assert add(1, 1) == 2\n"
    result = run(services, "python", "pytest", tests, timeout=1)
    cases = by_name(result)
    assert cases["test_loop"]["verdict"] == "TLE" and cases["test_after"]["passed"]
    assert result["verdict"] == "TLE"


def test_a_framework_of_the_other_language_is_invalid(services):
    result = run(services, "python", "jest", "test('x', () => {});")
    assert result["error_code"] == "INVALID_ARGUMENTS" and result["field_errors"][0]["field"] == "test_framework"


@needs_node
def test_jest_style(services):
    tests = """const { add } = require('./solution');

describe('add', () => {
  test('adds', () => {
    expect(add(1, 2)).toBe(3);
  });

  test('adds wrongly', () => {
    console.log('checking');
    expect(add(1, 2)).toEqual(4);
  });

  test.each([[1, 1, 2], [2, 2, 4]])('add(%i, %i) is %i', (a, b, sum) => {
    expect(add(a, b)).toBe(sum);
  });
});

describe('divide', () => {
  it('throws on zero', () => {
    expect(() => divide(1, 0)).toThrow(RangeError);
    expect(() => divide(1, 0)).toThrow('zero');
  });

  it('matchers', async () => {
    expect(divide(1, 3)).toBeCloseTo(0.333, 2);
    expect([1, 2, 3]).toContain(2);
    expect([1, 2, 3]).toHaveLength(3);
    expect({ a: [1, { b: 2 }] }).toStrictEqual({ a: [1, { b: 2 }] });
    expect(null).toBeNull();
    expect(0).toBeFalsy();
    expect('x').toBeTruthy();
    expect(divide(4, 2)).toBeGreaterThan(1);
    expect(divide(4, 2)).toBeLessThan(3);
    expect(add(1, 1)).not.toBe(3);
    await expect(Promise.resolve(2)).resolves.toBe(2);
  });

  it('crashes', () => {
    return divide(null.x, 1);
  });

  it('uses a snapshot', () => {
    expect(add(1, 2)).toMatchSnapshot();
  });

  it.skip('later', () => {});
});
"""
    result = run(services, "javascript", "jest", tests)
    cases = by_name(result)
    assert cases["add > adds"]["passed"]
    wrong = cases["add > adds wrongly"]
    assert wrong["verdict"] == "WA" and "Expected: 4" in wrong["message"] and "Received: 3" in wrong["message"]
    assert wrong["line_number"] == 10 and wrong["stdout"] == "checking\n"
    assert cases["add > add(1, 1) is 2"]["passed"] and cases["add > add(2, 2) is 4"]["passed"]
    assert cases["divide > throws on zero"]["passed"] and cases["divide > matchers"]["passed"], cases[
        "divide > matchers"
    ]
    crash = cases["divide > crashes"]
    assert crash["verdict"] == "RE" and "TypeError" in crash["message"] and crash["line_number"] == 39
    snapshot = cases["divide > uses a snapshot"]
    assert snapshot["verdict"] == "RE" and "toMatchSnapshot is not supported here" in snapshot["message"]
    assert cases["divide > later"]["status"] == "skipped"
    assert result["totals"] == {"total": 9, "passed": 5, "failed": 1, "errors": 2, "skipped": 1}
    coverage = result["coverage"]
    assert coverage["available"] and coverage["missed_lines"] == [12, 13]  # unused() never ran


@needs_node
def test_mocha_style_with_hooks_and_assert(services):
    code = """class Stack {
  constructor() {
    this.items = [];
  }
  push(x) {
    this.items.push(x);
  }
  pop() {
    if (this.items.length === 0) {
      throw new Error('empty stack');
    }
    return this.items.pop();
  }
}
"""
    tests = """const assert = require('assert');

describe('Stack', function () {
  let stack;
  beforeEach(function () {
    stack = new Stack();
  });

  it('pops what was pushed', function () {
    stack.push(1);
    assert.strictEqual(stack.pop(), 1);
  });

  it('throws when empty', function () {
    assert.throws(() => stack.pop(), /empty/);
  });

  it('waits for done', function (done) {
    setTimeout(() => done(), 5);
  });

  it('compares deeply', function () {
    stack.push(2);
    assert.deepStrictEqual(stack.items, [3]);
  });
});

describe('Broken setup', function () {
  beforeEach(function () {
    throw new Error('setup failed');
  });
  it('never runs', function () {});
});
"""
    result = run(services, "javascript", "mocha", tests, code=code)
    cases = by_name(result)
    assert cases["Stack > pops what was pushed"]["passed"] and cases["Stack > throws when empty"]["passed"]
    assert cases["Stack > waits for done"]["passed"]
    deep = cases["Stack > compares deeply"]
    assert deep["verdict"] == "WA" and deep["line_number"] == 24
    hook = cases["Broken setup > never runs"]
    assert (
        hook["status"] == "error" and "beforeEach hook failed" in hook["message"] and "setup failed" in hook["message"]
    )
    assert result["coverage"]["percent"] == 100.0


@needs_node
def test_a_javascript_test_that_loops_is_tle_and_the_others_still_report(services):
    tests = "test('loops', () => {\n  while (true) {}\n});\ntest('after', () => {\n  expect(add(1, 1)).toBe(2);\n});\n"
    result = run(services, "javascript", "jest", tests, timeout=1)
    cases = by_name(result)
    assert cases["loops"]["verdict"] == "TLE" and cases["after"]["passed"]


@needs_node
def test_javascript_compile_and_load_errors(services):
    broken = run(services, "javascript", "jest", "test('x', () => {\n  expect(1).toBe(1);\n", code=JS_CODE)
    assert broken["verdict"] == "CE" and broken["where"] == "tests"
    bad_code = run(
        services, "javascript", "jest", "test('x', () => {});", code="function add(a, b) {\n  return a +;\n}\n"
    )
    assert bad_code["verdict"] == "CE" and bad_code["where"] == "code" and bad_code["line_number"] == 2
    chai = run(services, "javascript", "mocha", "const { expect } = require('chai');\nit('x', () => {});\n")
    assert chai["verdict"] == "RE" and "chai is not available here" in chai["error_message"]
    imported = run(
        services,
        "javascript",
        "jest",
        "const { describe, it, expect } = require('@jest/globals');\nit('x', () => expect(add(1, 1)).toBe(2));\n",
    )
    assert imported["verdict"] == "AC" and imported["all_passed"]


@pytest.mark.parametrize(
    ("language", "framework", "code", "tests"),
    [
        (
            "python",
            "pytest",
            "def depth(root):\n    return 1 + max(depth(root.left), depth(root.right)) if root else 0\n",
            "def test_depth():\n    assert depth(TreeNode(1, TreeNode(2), None)) == 2\n",
        ),
        (
            "javascript",
            "jest",
            "function depth(root) {\n  return root ? 1 + Math.max(depth(root.left), depth(root.right)) : 0;\n}\n",
            "test('depth', () => expect(depth(new TreeNode(1, new TreeNode(2)))).toBe(2));\n",
        ),
    ],
)
def test_tests_can_build_trees_with_the_predefined_nodes(services, language, framework, code, tests):
    if language == "javascript" and find_node()[0] is None:
        pytest.skip("no Node.js 18+ on this machine")
    result = run(services, language, framework, tests, code=code)
    assert result["verdict"] == "AC" and result["totals"]["passed"] == 1, result


LEVENSHTEIN = """def levenshtein(a, b):
    previous = list(range(len(b) + 1))
    i = 0
    while i < len(a):
        current = [i + 1]
        j = 0
        while j < len(b):
            cost = previous[j] + (a[i] != b[j])
            if previous[j + 1] + 1 < cost:
                cost = previous[j + 1] + 1
            if current[j] + 1 < cost:
                cost = current[j] + 1
            current.append(cost)
            j += 1
        previous = current
        i += 1
    return previous[-1]
"""
LONG = ("ab" * 400, "ba" * 400)
LEVENSHTEIN_TESTS = f"""from solution import levenshtein


def test_small():
    assert levenshtein("kitten", "sitting") == 3


def test_long():
    assert levenshtein({LONG[0]!r}, {LONG[1]!r}) == 2
"""


def _traced_cpu_seconds(code, call):
    """The CPU time of ``call`` in this process under the coverage pass's own line collector."""
    import sys
    import time

    from codementor_desktop.runner.child.python.test_frameworks import LineCoverage

    code_object = compile(code, "learner.py", "exec")
    namespace = {}
    exec(code_object, namespace)
    collector = LineCoverage("learner.py", code_object)
    collector.start_test()
    started = time.process_time()
    sys.settrace(collector)
    try:
        call(namespace)
    finally:
        sys.settrace(None)
    return time.process_time() - started


def test_the_coverage_tracer_is_not_charged_to_the_learner(services):
    # The long test fits its limit untraced, and would not under a trace function.
    limit = 1
    traced = _traced_cpu_seconds(LEVENSHTEIN, lambda ns: ns["levenshtein"](*LONG))
    assert traced > limit, f"the traced call took only {traced:.2f} s: make the test's input larger"
    result = run(services, "python", "pytest", LEVENSHTEIN_TESTS, code=LEVENSHTEIN, timeout=limit)
    cases = by_name(result)
    assert [cases[name]["verdict"] for name in ("test_small", "test_long")] == ["AC", "AC"], result
    assert result["verdict"] == "AC" and result["all_passed"]
    assert cases["test_long"]["covered_lines"] == list(range(2, 18))
    assert result["coverage"]["available"] and result["coverage"]["missed_lines"] == []


def test_each_test_gets_its_own_lines(services):
    tests = """from solution import add, divide


def test_add():
    assert add(1, 2) == 3


def test_divide():
    assert divide(6, 3) == 2
"""
    result = run(services, "python", "pytest", tests)
    cases = by_name(result)
    assert cases["test_add"]["covered_lines"] == [2]
    assert cases["test_divide"]["covered_lines"] == [6, 8]
    assert result["coverage"]["missed_lines"] == [7, 12]


@needs_node
def test_each_javascript_test_gets_its_own_lines(services):
    tests = """const { add, divide } = require('./solution');

describe('math', () => {
  it('adds', () => {
    expect(add(1, 2)).toBe(3);
  });
  it('divides', () => {
    expect(divide(6, 3)).toBe(2);
  });
});
"""
    result = run(services, "javascript", "jest", tests)
    cases = by_name(result)
    # (V8 counts a function's first line as run when the function is called.)
    assert cases["math > adds"]["covered_lines"] == [1, 2]
    assert cases["math > divides"]["covered_lines"] == [5, 6, 9]
    assert result["coverage"]["available"] and 7 in result["coverage"]["missed_lines"]


def test_after_the_run_is_stopped_the_tests_it_never_reached_are_listed_as_not_run(services):
    # One C call that no signal interrupts: the parent stops the child, and the tests after are lost.
    code = "def spin():\n    return sum(range(10**12))\n\n\ndef add(a, b):\n    return a + b\n"
    tests = """from solution import add, spin


def test_first():
    assert add(1, 1) == 2


def test_spins():
    spin()


def test_after():
    assert add(2, 2) == 4


def test_last():
    assert add(3, 3) == 6
"""
    result = run(services, "python", "pytest", tests, code=code, timeout=1)
    cases = result["test_results"]
    assert [c["status"] for c in cases] == ["passed", "error", "not_run", "not_run"], cases
    assert cases[1]["verdict"] == "TLE" and cases[1]["message"].startswith("test_spins: ")
    assert [c["name"] for c in cases[2:]] == ["test_after", "test_last"]
    assert cases[2]["reason"] == "not run: test_spins ran out of time" and cases[2]["verdict"] is None
    assert result["verdict"] == "TLE" and result["totals"]["not_run"] == 2 and result["totals"]["total"] == 4
    assert cases[0]["covered_lines"] == [6]


FLOOD = {
    "python": (
        "pytest",
        """from solution import add


def test_first():
    assert add(1, 1) == 2


def test_floods():
    while True:
        print("spam" * 1000)


def test_after():
    assert add(2, 2) == 4
""",
        ["test_first", "test_floods", "test_after"],
    ),
    "unittest": (
        "unittest",
        """import unittest
from solution import add


class TestAll(unittest.TestCase):
    def test_a_first(self):
        self.assertEqual(add(1, 1), 2)

    def test_b_floods(self):
        while True:
            print("spam" * 1000)

    def test_c_after(self):
        self.assertEqual(add(2, 2), 4)
""",
        ["TestAll.test_a_first", "TestAll.test_b_floods", "TestAll.test_c_after"],
    ),
    "javascript": (
        "jest",
        """const { add } = require('./solution');

test('first', () => {
  expect(add(1, 1)).toBe(2);
});
test('floods', () => {
  for (;;) console.log('spam'.repeat(1000));
});
test('after', () => {
  expect(add(2, 2)).toBe(4);
});
""",
        ["first", "floods", "after"],
    ),
}


@pytest.mark.parametrize("style", ["python", "unittest", pytest.param("javascript", marks=needs_node)])
def test_tests_after_one_that_floods_the_output_are_listed_as_not_run(services, style):
    framework, tests, names = FLOOD[style]
    language = "javascript" if style == "javascript" else "python"
    result = run(services, language, framework, tests)
    cases = by_name(result)
    assert [cases[n]["status"] for n in names] == ["passed", "error", "not_run"], result["test_results"]
    assert cases[names[1]]["verdict"] == "OLE"
    assert (
        cases[names[2]]["verdict"] is None
        and cases[names[2]]["reason"] == f"not run: {names[1]} printed more than the output limit"
    )
    assert result["totals"]["not_run"] == 1 and not result["all_passed"]


def test_fixtures_that_cannot_be_set_up_say_why(services):
    tests = (
        "import pytest\n\nMADE = []\n\n\n"
        "@pytest.fixture\ndef egg(chicken):\n    return 1\n\n\n"
        "@pytest.fixture\ndef chicken(egg):\n    return 1\n\n\n"
        "@pytest.fixture\ndef twice():\n    yield 1\n    yield 2\n\n\n"
        "@pytest.fixture(params=[1, 2])\ndef sizes(request):\n    return request.param\n\n\n"
        "def test_cycle(egg):\n    pass\n\n\n"
        "def test_twice(twice):\n    assert twice == 1\n\n\n"
        "def test_params(sizes):\n    pass\n\n\n"
        "class TestShared:\n"
        "    @pytest.fixture(scope='class')\n    def shared(self):\n        MADE.append(1)\n        return MADE\n\n"
        "    def test_one(self, shared):\n        assert shared == [1]\n\n"
        "    def test_two(self, shared):\n        assert shared == [1]  # the class's one, not made again\n"
    )
    cases = by_name(run(services, "python", "pytest", tests))
    assert "asks for itself (egg -> chicken -> egg)" in cases["test_cycle"]["message"]
    assert "yielded twice" in cases["test_twice"]["message"]
    assert "with params" in cases["test_params"]["message"] and "not supported here" in cases["test_params"]["message"]
    assert cases["TestShared.test_one"]["passed"] and cases["TestShared.test_two"]["passed"]
