"""Test mode (bp_run_tests) for Python: the learner's own tests against the code under test.

The code under test is the module ``solution``, and its top-level names are visible to the
tests. ``unittest.TestCase`` classes run on the standard library; pytest-style test functions
and ``Test*`` classes run on ``pytest_compat`` (``import pytest`` finds it). Every ``assert`` in the
tests shows the compared values when it fails (``assertions.py``). Each test becomes a ``case``
frame (name, status, verdict, message, failing line, output, time).

The timed run traces nothing: a trace function makes Python code many times slower, and that is
not the learner's cost. Coverage comes from the coverage pass (``cover`` in the job: a second
child the parent starts after the timed one, with its own caps): every test runs again under a
line collector, its ``case`` frame carries ``covered_lines`` (the lines of the code under test
that ran during that test), and a ``coverage`` frame with the lines of the whole run follows.
"""

import os
import sys

try:
    from .. import wire
    from . import assertions, fixtures, judge, pytest_compat, sandbox
    from .session import error_fields, exited_normally
except ImportError:  # run as a flat script inside the child
    import assertions
    import fixtures
    import judge
    import pytest_compat
    import sandbox
    import wire
    from session import error_fields, exited_normally

TEST_FILE = "test_solution.py"
STOPPING = (wire.Verdict.MLE, wire.Verdict.OLE)


class LineCoverage(object):
    """A trace function that records the lines of one file that ran: in the whole run, and in the
    test under way (``current``), which stops past ``steps`` line events, keeping what it reached."""

    def __init__(self, path, code_object, steps=None):
        self.path = path
        self.lines = _executable_lines(code_object)
        self.executed = set()
        self.current = None
        self.steps = steps
        self.count = 0

    def __call__(self, frame, event, arg):
        if frame.f_code.co_filename != self.path:
            return None
        return self._local

    def _local(self, frame, event, arg):
        if event == "line":
            self.executed.add(frame.f_lineno)
            if self.current is not None:
                self.count += 1
                if self.steps is not None and self.count > self.steps:
                    raise sandbox.OperationsExceeded("coverage stopped after %d line events" % self.steps)
                self.current.add(frame.f_lineno)
        return self._local

    def start_test(self):
        self.current, self.count = set(), 0

    def end_test(self):
        """The lines the test ran, sorted."""
        lines, self.current = self.current, None
        return sorted(lines or ())

    def summary(self):
        missed = sorted(self.lines - self.executed)
        return {"lines_total": len(self.lines), "lines_covered": len(self.lines) - len(missed), "missed": missed}


def _executable_lines(code_object):
    import dis

    lines = set()
    stack = [code_object]
    while stack:
        code = stack.pop()
        lines.update(line for _, line in dis.findlinestarts(code) if line and line > 0)
        stack.extend(const for const in code.co_consts if hasattr(const, "co_code"))
    return lines


def _new_module(name, path, namespace):
    import types

    module = types.ModuleType(name)
    module.__dict__.update(namespace)
    module.__name__ = name
    module.__file__ = path
    return module


def _compile_tests(source, path):
    import ast

    with open(path, "w", encoding="utf-8") as handle:
        handle.write(source)  # beside the run, so that tracebacks can show the test's lines
    tree = ast.parse(source, path)
    assertions.rewrite_asserts(tree, source)
    return compile(tree, path, "exec")


class CaseRunner(object):
    """Runs test cases one by one with captured output, a time limit each, and coverage."""

    def __init__(self, session, send, coverage, solution_path, test_path):
        self.session = session
        self.send = send
        self.coverage = coverage
        self.files = {solution_path: judge.SOLUTION_FILE, test_path: TEST_FILE}
        self.solution_path = solution_path
        self.test_path = test_path
        self.stopped = None
        self.count = 0
        self._saved = None
        self._timer = None
        self._covered = None  # the lines the last test ran (the coverage pass)
        self.skip = None  # the coverage pass: the test (by its place) the timed run's child was lost on
        self.reported = set()
        self.fixtures = None  # the test file's (fixtures.Fixtures), once it is loaded

    # ---------------------------------------------------------------- capture

    def begin(self, test=True):
        """Capture output, trace coverage (in the coverage pass) and arm the time limit of one
        test (``test``) or of a module's load."""
        import io

        self.session.stdout.reset()
        self.session.stderr.reset()
        self._saved = sys.stdin, sys.stdout, sys.stderr
        sys.stdin, sys.stdout, sys.stderr = io.StringIO(""), self.session.stdout, self.session.stderr
        if self.coverage is not None:
            if test:
                self.coverage.start_test()
            sys.settrace(self.coverage)
        self._timer = self.session.limit().__enter__()

    def end(self):
        """Undo ``begin``; returns (milliseconds, what the test printed)."""
        elapsed = None
        if self._timer is not None:
            self._timer.__exit__(None, None, None)
            elapsed = self._timer.time_ms
            self._timer = None
        if self.coverage is not None:
            sys.settrace(None)
            self._covered = self.coverage.end_test()
        if self._saved is not None:
            sys.stdin, sys.stdout, sys.stderr = self._saved
            self._saved = None
        return elapsed, self.session.stdout.getvalue() + self.session.stderr.getvalue()

    def load(self, code_object, namespace):
        """Run a module body; returns the error fields when it raised, else None."""
        self.begin(test=False)
        error = None
        try:
            exec(code_object, namespace)  # noqa: S102 - the learner's code, inside the child
        except BaseException as exc:  # noqa: BLE001 - a failing module is reported, not fatal
            error = exc
        self.end()
        self._covered = None  # a module's load is no test's
        if error is None or exited_normally(error):
            return None
        return self.describe(error)

    # ---------------------------------------------------------------- results

    def _last_line(self, tb, path):
        line = None
        while tb is not None:
            if tb.tb_frame.f_code.co_filename == path:
                line = tb.tb_lineno
            tb = tb.tb_next
        return line

    def describe(self, exc):
        """Verdict, message and where it happened, for something a test raised."""
        fields = {
            "line_number": self._last_line(exc.__traceback__, self.test_path),
            "solution_line": self._last_line(exc.__traceback__, self.solution_path),
        }
        if isinstance(exc, pytest_compat.NotSupportedHere):
            # The learner's test asked for what this layer lacks: an error of that test, not ours.
            fields.update(error_fields(wire.Verdict.RE, str(exc)))
        elif isinstance(exc, AssertionError):
            fields.update(verdict=wire.Verdict.WA, error_type=None, error_message=str(exc) or "AssertionError")
        else:
            described = judge.describe_exception(exc, self.solution_path)
            for key in ("verdict", "error_type", "error_message", "reason"):
                if key in described:
                    fields[key] = described[key]
            if described["verdict"] == wire.Verdict.RE and "traceback" in described:
                fields["traceback"] = self._traceback(exc, described["error_message"])
        return fields

    def _traceback(self, exc, message):
        import traceback

        lines = ["Traceback (most recent call last):"]
        frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename in self.files]
        for frame in frames[-8:]:
            lines.append('  File "%s", line %s, in %s' % (self.files[frame.filename], frame.lineno, frame.name))
            if frame.line:
                lines.append("    " + frame.line.strip())
        lines.append(message)
        return "\n".join(lines)

    def report(self, name, exc=None, skipped=None, elapsed=None, output="", note=None, not_run=None):
        """Send one test's frame; a test that used up the run's output or memory stops the run,
        and the tests after it are reported as not run (``not_run``: why, as a sentence)."""
        self.count += 1
        self.reported.add(name)
        frame = {"name": name, "execution_time_ms": elapsed, "stdout": self.session.clip(output)}
        if self.coverage is not None and self._covered is not None and skipped is None:
            frame["covered_lines"] = self._covered
        self._covered = None
        if not_run is not None:
            frame.update(status=wire.TestStatus.NOT_RUN, verdict=None, message=not_run, reason=not_run)
        elif skipped is not None:
            frame.update(status="skipped", verdict=None, message=skipped)
        elif exc is None:
            frame.update(status="passed", verdict=wire.Verdict.AC, message=note)
        else:
            fields = self.describe(exc)
            status = "failed" if fields["verdict"] == wire.Verdict.WA else "error"
            frame.update(status=status, verdict=fields.pop("verdict"), message=fields.pop("error_message"))
            fields.pop("error_type", None)
            frame.update(fields)
            if frame["verdict"] in STOPPING:
                why = (
                    "ran out of memory"
                    if frame["verdict"] == wire.Verdict.MLE
                    else "printed more than the output limit"
                )
                self.stopped = "not run: %s %s" % (name, why)
        self.send(wire.Frame.CASE, **frame)

    # ---------------------------------------------------------------- unittest

    def run_unittest(self, module):
        import unittest

        suite = unittest.TestLoader().loadTestsFromModule(module)
        if suite.countTestCases():
            names = [_name(test) for test in _tests_of(suite)]  # before the run: it lets go of its tests
            suite.run(_unittest_result(self, unittest))
            if self.stopped:  # the suite stopped: its tests after that one were never run
                for name in names:
                    if name not in self.reported:
                        self.report(name, not_run=self.stopped)

    # ---------------------------------------------------------------- pytest style

    def run_functions(self, module):
        import inspect
        import unittest

        self.fixtures = fixtures.Fixtures(
            vars(module), self.session.workdir, (self.session.stdout, self.session.stderr)
        )
        for name, value in list(vars(module).items()):
            if getattr(value, "__module__", None) != module.__name__:
                continue  # imported, or one of the code under test's names
            if pytest_compat.is_fixture(value):
                continue  # a fixture, not a test (the tests that ask for it say it is not supported)
            if name.startswith("test") and inspect.isfunction(value):
                self._run_expanded(name, value, getattr(value, "pytestmark", []))
            elif name.startswith("Test") and inspect.isclass(value) and not issubclass(value, unittest.TestCase):
                if "__init__" in vars(value):
                    continue  # pytest does not collect a test class with a constructor either
                class_marks = getattr(value, "pytestmark", [])
                for attribute, method in list(vars(value).items()):
                    if (
                        attribute.startswith("test")
                        and inspect.isfunction(method)
                        and not pytest_compat.is_fixture(method)
                    ):
                        marks = list(getattr(method, "pytestmark", [])) + list(class_marks)
                        self._run_expanded("%s.%s" % (name, attribute), method, marks, value)
                self._tear_down("class", name)
        self._tear_down("wide", module.__name__)

    def _tear_down(self, scope, name):
        """The class's or the file's fixtures, after their last test; a failing teardown is a case."""
        if not self.fixtures.pending(scope):
            self.fixtures.teardown(scope)
            return
        self.begin(test=False)
        error = self.fixtures.teardown(scope)
        elapsed, output = self.end()
        if error is not None:
            self.report("%s (fixture teardown)" % name, error, elapsed=elapsed, output=output)

    def _run_expanded(self, name, function, marks, cls=None):
        try:
            cases = _parametrized(name, marks)
        except (TypeError, ValueError, IndexError) as exc:
            return self.report(
                name, pytest_compat.NotSupportedHere("pytest.mark.parametrize could not be read: %s" % exc)
            )
        for case_name, arguments in cases:
            self._run_one(case_name, function, arguments, marks, cls)

    def _run_one(self, name, function, arguments, marks, cls):
        import inspect

        if self.stopped:
            return self.report(name, not_run=self.stopped)
        if self.count == self.skip:
            return self.report(name, skipped="not run: the timed run was lost on it")
        for mark in marks:
            if mark.name == "skip":
                return self.report(name, skipped=mark.kwargs.get("reason") or (mark.args or ["skipped"])[0])
            if mark.name == "skipif" and mark.args and mark.args[0]:
                return self.report(name, skipped=mark.kwargs.get("reason") or "skipped")
        parameters = list(inspect.signature(function).parameters.values())[1 if cls else 0 :]
        wanted = [
            p.name
            for p in parameters
            if p.name not in arguments and p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
        ]
        # As pytest: autouse fixtures first, then the usefixtures marks', then the arguments'.
        used = [str(n) for mark in marks if mark.name == "usefixtures" for n in mark.args]
        names = list(dict.fromkeys(self.fixtures.autouse(cls) + used + wanted))
        expected_failure = any(mark.name == "xfail" for mark in marks)
        self.begin()
        error = None
        try:
            instance = cls() if cls else None
            if instance is not None and hasattr(instance, "setup_method"):
                instance.setup_method(function)
            torn = None
            try:
                try:
                    values = self.fixtures.setup(names, cls, instance)
                    given = dict(arguments)
                    given.update((n, values[n]) for n in wanted)
                    function(instance, **given) if instance is not None else function(**given)
                finally:
                    torn = self.fixtures.teardown("function")
            finally:
                if instance is not None and hasattr(instance, "teardown_method"):
                    instance.teardown_method(function)
            if torn is not None:
                raise torn
        except BaseException as exc:  # noqa: BLE001 - every failure becomes a verdict
            if isinstance(exc, KeyboardInterrupt):
                raise
            error = exc
        elapsed, output = self.end()
        if isinstance(error, pytest_compat.Skipped):
            return self.report(name, skipped=str(error) or "skipped", elapsed=elapsed, output=output)
        if expected_failure and error is not None and not isinstance(error, (sandbox.OutputLimitExceeded, MemoryError)):
            return self.report(name, skipped="expected to fail (xfail)", elapsed=elapsed, output=output)
        note = "passed although marked xfail" if expected_failure and error is None else None
        return self.report(name, error, elapsed=elapsed, output=output, note=note)


def _value_id(value, argname, index):
    if value is None or isinstance(value, (bool, int, float, str)):
        return str(value)
    return "%s%d" % (argname, index)


def _parametrized(name, marks):
    """[(test name, keyword arguments)] for the parametrize marks (innermost first, as pytest)."""
    cases = [([], {})]
    for mark in marks:
        if mark.name != "parametrize":
            continue
        names = mark.args[0] if mark.args else mark.kwargs["argnames"]
        values = mark.args[1] if len(mark.args) > 1 else mark.kwargs["argvalues"]
        if isinstance(names, str):
            names = [n.strip() for n in names.split(",") if n.strip()]
        ids = mark.kwargs.get("ids")
        expanded = []
        for ids_so_far, arguments in cases:
            for index, row in enumerate(values):
                explicit = None
                if isinstance(row, pytest_compat.ParameterSet):
                    explicit, row = row.id, row.values
                    row = row[0] if len(names) == 1 else row
                row = [row] if len(names) == 1 else list(row)
                if len(row) != len(names):
                    raise ValueError("%d values for %d names in %s" % (len(row), len(names), name))
                if explicit is None and isinstance(ids, (list, tuple)) and index < len(ids):
                    explicit = ids[index]
                elif explicit is None and callable(ids):
                    explicit = "-".join(str(ids(v)) for v in row)
                label = (
                    explicit if explicit is not None else "-".join(_value_id(v, n, index) for v, n in zip(row, names))
                )
                merged = dict(arguments)
                merged.update(zip(names, row))
                expanded.append((ids_so_far + [str(label)], merged))
        cases = expanded
    return [("%s[%s]" % (name, "-".join(ids)) if ids else name, arguments) for ids, arguments in cases]


def _unittest_result(runner, unittest):
    """A TestResult that reports each TestCase through the runner, as it ends."""

    class CaseResult(unittest.TestResult):
        def startTest(self, test):
            super().startTest(test)
            self.outcome = (None, None, None)
            if runner.stopped:
                self.stop()
            if runner.count == runner.skip:  # looked up after startTest: it never runs
                setattr(test, test._testMethodName, lambda: test.skipTest("not run: the timed run was lost on it"))
            runner.begin()

        def stopTest(self, test):
            elapsed, output = runner.end()
            error, skipped, note = self.outcome
            runner.report(_name(test), error, skipped, elapsed, output, note)
            if runner.stopped:
                self.stop()
            super().stopTest(test)

        def addError(self, test, err):
            if not hasattr(test, "_testMethodName"):  # setUpClass / setUpModule failed: no start/stop
                runner.report(str(test), err[1])
                return
            self.outcome = (err[1], None, None)

        def addFailure(self, test, err):
            self.outcome = (err[1], None, None)

        def addSubTest(self, test, subtest, err):
            if err is not None and self.outcome[0] is None:
                error = err[1]
                if isinstance(error, AssertionError):
                    error = AssertionError("%s: %s" % (subtest._subDescription(), error))
                    error.__traceback__ = err[1].__traceback__
                self.outcome = (error, None, None)

        def addSkip(self, test, reason):
            self.outcome = (None, reason or "skipped", None)

        def addExpectedFailure(self, test, err):
            self.outcome = (None, "expected to fail (expectedFailure)", None)

        def addUnexpectedSuccess(self, test):
            self.outcome = (None, None, "passed although marked expectedFailure")

    return CaseResult()


def _tests_of(suite):
    """Every test case of a unittest suite, in order."""
    for item in suite:
        if hasattr(item, "_testMethodName"):
            yield item
        elif hasattr(item, "__iter__"):
            for test in _tests_of(item):
                yield test


def _name(test):
    return "%s.%s" % (type(test).__name__, getattr(test, "_testMethodName", str(test)))


def run_tests(job, workdir, send):
    """Tests mode: compile both, load the code under test, run every test, report coverage."""
    session = judge.Session(job, workdir)
    try:
        code_object, solution_path = judge.compile_solution(job.get("code", ""), workdir)
    except (SyntaxError, ValueError) as exc:
        send(wire.Frame.COMPILE_ERROR, where="code", **judge.syntax_error_payload(exc))
        return
    test_path = os.path.join(workdir, TEST_FILE)
    try:
        test_object = _compile_tests(job.get("test_code", ""), test_path)
    except (SyntaxError, ValueError) as exc:
        send(wire.Frame.COMPILE_ERROR, where="tests", **judge.syntax_error_payload(exc))
        return
    cover = job.get("cover")
    coverage = LineCoverage(solution_path, code_object, int(cover.get("steps") or 10**6)) if cover else None
    runner = CaseRunner(session, send, coverage, solution_path, test_path)
    if cover and cover.get("skip") is not None:
        runner.skip = int(cover["skip"])
    module = _new_module("solution", solution_path, judge.fresh_namespace(job.get("code", "")))
    sys.modules["solution"] = module
    pytest_compat.install()
    import unittest

    unittest.main = lambda *args, **kwargs: None  # the runner runs the tests; an unguarded main() must not
    failure = runner.load(code_object, module.__dict__)
    if failure:
        send(wire.Frame.LOAD_ERROR, where="code", **failure)
        return
    names = {k: v for k, v in vars(module).items() if not k.startswith("__")}
    tests_module = _new_module("test_solution", test_path, names)
    tests_module.__dict__.update(assertions.helpers())
    failure = runner.load(test_object, tests_module.__dict__)
    if failure:
        send(wire.Frame.LOAD_ERROR, where="tests", **failure)
        return
    runner.run_unittest(tests_module)
    runner.run_functions(tests_module)
    if runner.count and coverage is not None:
        send(wire.Frame.COVERAGE, **coverage.summary())
