"""Running the learner's code: judging it against tests, or running it once with an input."""

import os
import sys
import time

try:
    from .. import wire
    from . import compare, literals, sandbox, structures
except ImportError:  # run as a flat script inside the child
    import compare
    import literals
    import sandbox
    import structures
    import wire

SOLUTION_FILE = "solution.py"
_TYPING_NAMES = ("List", "Dict", "Optional", "Tuple", "Set", "Deque", "Any", "Union")


def compile_solution(code, workdir):
    """Compile the learner's code; write it beside the run so tracebacks can show its lines."""
    path = os.path.join(workdir, SOLUTION_FILE)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(code)
    return compile(code, path, "exec"), path


def fresh_namespace(code):
    """The globals the learner's module runs in: TreeNode, ListNode and typing names predefined."""
    namespace = {
        "__name__": "__main__",
        "__builtins__": __builtins__,
        "TreeNode": structures.TreeNode,
        "ListNode": structures.ListNode,
    }
    if any(name in code for name in _TYPING_NAMES):
        import typing

        for name in _TYPING_NAMES:
            namespace[name] = getattr(typing, name)
    return namespace


def syntax_error_payload(exc):
    line = getattr(exc, "lineno", None)
    message = "%s: %s" % (type(exc).__name__, getattr(exc, "msg", str(exc)))
    text = (getattr(exc, "text", None) or "").rstrip("\n")
    return {
        "verdict": wire.Verdict.CE,
        "error_type": "syntax_error",
        "error_message": message,
        "line_number": line,
        "column": getattr(exc, "offset", None),
        "source_line": text,
    }


def describe_exception(exc, solution_path):
    """The verdict and error fields for an exception, the traceback trimmed to the learner's code."""
    if isinstance(exc, sandbox.TimeLimitExceeded):
        return {"verdict": wire.Verdict.TLE, "error_type": "timeout", "error_message": "Time limit exceeded"}
    if isinstance(exc, MemoryError):
        return {
            "verdict": wire.Verdict.MLE,
            "error_type": "memory_limit",
            "error_message": "Memory limit exceeded (MemoryError)",
        }
    if isinstance(exc, sandbox.OutputLimitExceeded):
        return {"verdict": wire.Verdict.OLE, "error_type": "output_limit", "error_message": "Output limit exceeded"}
    import traceback  # only when something failed: it costs a few ms to import

    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == solution_path]
    line = frames[-1].lineno if frames else None
    lines = ["Traceback (most recent call last):"]
    for frame in frames[-8:]:
        lines.append('  File "%s", line %s, in %s' % (SOLUTION_FILE, frame.lineno, frame.name))
        if frame.line:
            lines.append("    " + frame.line.strip())
    message = "%s: %s" % (type(exc).__name__, exc) if str(exc) else type(exc).__name__
    if isinstance(exc, RecursionError):
        message += " (the recursion went too deep: is a base case missing?)"
    lines.append(message)
    return {
        "verdict": wire.Verdict.RE,
        "error_type": "runtime_error",
        "error_message": message,
        "line_number": line,
        "traceback": "\n".join(lines),
    }


class _Timer:
    """A per-test alarm (POSIX); on Windows the parent's wall clock is the only limit."""

    def __init__(self, seconds):
        self.seconds = seconds
        self._signal = None

    def __enter__(self):
        try:
            import _signal as signal  # the C module: "signal" pulls in enum

            if hasattr(signal, "setitimer") and self.seconds:
                self._signal = signal

                def on_alarm(signum, frame):
                    raise sandbox.TimeLimitExceeded()

                signal.signal(signal.SIGALRM, on_alarm)
                signal.setitimer(signal.ITIMER_REAL, float(self.seconds))
        except (ImportError, ValueError):
            self._signal = None
        return self

    def __exit__(self, *exc):
        if self._signal is not None:
            self._signal.setitimer(self._signal.ITIMER_REAL, 0)
        return False


class LineCounter:
    """Counts line events in the learner's code: the suite's measure of work, not wall time."""

    def __init__(self, filename, budget=None):
        self.filename = filename
        self.count = 0
        self.budget = budget

    def __call__(self, frame, event, arg):
        if frame.f_code.co_filename != self.filename:
            return None
        return self._local

    def _local(self, frame, event, arg):
        if event == "line":
            self.count += 1
            if self.budget is not None and self.count > self.budget:
                raise sandbox.TimeLimitExceeded()
        return self._local


def find_entry_point(namespace, code_object, wanted=None):
    """The function to call: ``wanted``, or the only top-level function, or the one no other calls."""
    import types

    functions = {
        name: value
        for name, value in namespace.items()
        if isinstance(value, (types.FunctionType, type))
        and getattr(value, "__module__", None) == "__main__"
        and name not in ("TreeNode", "ListNode")
    }
    if wanted:
        if wanted in namespace and callable(namespace[wanted]):
            return namespace[wanted]
        raise LookupError("The code defines no function or class named %r." % wanted)
    plain = {n: f for n, f in functions.items() if isinstance(f, types.FunctionType)}
    if len(plain) == 1:
        return next(iter(plain.values()))
    if not plain:
        return None
    called = set()
    for func in plain.values():
        called.update(_names_used(func.__code__))
    roots = [f for n, f in plain.items() if n not in called]
    if len(roots) == 1:
        return roots[0]
    raise LookupError(
        "The code defines several functions (%s); say which one to call with entry_point." % ", ".join(sorted(plain))
    )


def defines_functions(code_object):
    """True when the module body defines a function or class (else it is judged as a script)."""
    return any(hasattr(const, "co_code") and not const.co_name.startswith("<") for const in code_object.co_consts)


def _names_used(code):
    names = set(code.co_names)
    for const in code.co_consts:
        if hasattr(const, "co_names"):
            names |= _names_used(const)
    return names


class Session:
    """One run of the learner's code in this child: shared output budget, limits and counters."""

    def __init__(self, job, workdir):
        self.job = job
        self.workdir = workdir
        limits = job.get("limits") or {}
        self.test_timeout = float(limits.get("timeout_seconds") or 5)
        self.show_chars = int(limits.get("output_chars_per_test") or 2000)
        self.budget = sandbox.OutputBudget(int(limits.get("output_bytes") or 1024 * 1024))
        self.stdout = sandbox.CapturedOutput(self.budget)
        self.stderr = sandbox.CapturedOutput(self.budget)

    def call(self, func, args, kwargs, stdin_text="", counter=None):
        """Call ``func`` with captured output and the per-test time limit; returns a dict."""
        import io

        self.stdout.reset()
        self.stderr.reset()
        saved = sys.stdin, sys.stdout, sys.stderr
        sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin_text or ""), self.stdout, self.stderr
        started = time.perf_counter()
        outcome = {}
        try:
            with _Timer(self.test_timeout):
                if counter is not None:
                    sys.settrace(counter)
                try:
                    outcome["value"] = func(*args, **kwargs)
                finally:
                    if counter is not None:
                        sys.settrace(None)
        except BaseException as exc:  # noqa: BLE001 - every learner failure becomes a verdict
            if isinstance(exc, (KeyboardInterrupt, SystemExit)) and not isinstance(exc, SystemExit):
                raise
            outcome["exception"] = exc
        finally:
            sys.stdin, sys.stdout, sys.stderr = saved
        outcome["time_ms"] = round((time.perf_counter() - started) * 1000, 3)
        outcome["stdout"] = self.stdout.getvalue()
        outcome["stderr"] = self.stderr.getvalue()
        return outcome

    def clip(self, text):
        if len(text) <= self.show_chars:
            return text
        return text[: self.show_chars] + "\n... (%d characters in all)" % len(text)


def _exit_code(exc):
    code = exc.code
    if code is None or code == 0:
        return None
    return code


def run_module(session, code_object, code, stdin_text="", counter=None):
    """Execute the module body; returns (namespace, outcome) with the same fields as ``call``."""
    namespace = fresh_namespace(code)

    def body():
        exec(code_object, namespace)  # noqa: S102 - the learner's own code, inside the child

    outcome = session.call(body, [], {}, stdin_text, counter)
    exc = outcome.get("exception")
    if isinstance(exc, SystemExit) and _exit_code(exc) is None:
        outcome.pop("exception")
    return namespace, outcome


def _start(job, workdir, send):
    """A session and the compiled code, or None after reporting a compile error."""
    code = job.get("code", "")
    try:
        code_object, path = compile_solution(code, workdir)
    except (SyntaxError, ValueError) as exc:
        send("compile_error", **syntax_error_payload(exc))
        return None
    return Session(job, workdir), code, code_object, path


def judge_tests(job, workdir, send):
    """Judge mode: every test becomes a frame; a TLE, MLE or OLE stops the run."""
    started = _start(job, workdir, send)
    if started is None:
        return
    session, code, code_object, path = started
    function = job.get("function") or {}
    params = function.get("params") or []
    compare_mode = job.get("compare") or "exact"
    checker = _load_checker(job.get("checker"))
    counting = bool(job.get("count_lines"))
    budget = job.get("line_budget")
    for test in job.get("tests", []):
        counter = LineCounter(path, budget) if counting else None
        result = _judge_one(session, test, code, code_object, path, function, params, compare_mode, checker, counter)
        if counter is not None:
            result["line_events"] = counter.count
        send("test", **result)
        if result["verdict"] in (wire.Verdict.TLE, wire.Verdict.MLE, wire.Verdict.OLE):
            break


def _load_checker(source):
    if not source:
        return None
    namespace = {}
    exec(compile(source, "<checker>", "exec"), namespace)  # noqa: S102 - the problem author's code
    return namespace["check"]


def _judge_one(session, test, code, code_object, path, function, params, compare_mode, checker, counter):
    result = {"test_id": test.get("test_id"), "input": test.get("input", "")}
    if not function.get("name") and not defines_functions(code_object):
        # A script: its input is stdin and it is judged on what it printed, line by line.
        _, outcome = run_module(session, code_object, code, test.get("input", ""), counter)
        if "exception" in outcome:
            return _failed(session, result, outcome, path)
        printed = outcome["stdout"]
        passed = _same_lines(printed, test.get("expected_output") or "")
        result.update(
            verdict=wire.Verdict.AC if passed else wire.Verdict.WA,
            passed=passed,
            actual_output=session.clip(printed.rstrip("\n")),
            stdout="",
            execution_time_ms=outcome["time_ms"],
        )
        return result
    try:
        args, kwargs = literals.parse_arguments(test.get("input", ""))
        expected = None
        has_expected = test.get("expected_output") not in (None, "")
        if has_expected:
            expected = literals.parse_value(test["expected_output"])
    except literals.LiteralError as exc:
        result.update(verdict=wire.Verdict.IE, error_type="internal_error", error_message="Bad test data: %s" % exc)
        return result
    namespace, outcome = run_module(session, code_object, code, test.get("stdin", ""))
    if "exception" in outcome:
        return _failed(session, result, outcome, path)
    try:
        target = find_entry_point(namespace, code_object, function.get("name") or None)
    except LookupError as exc:
        result.update(verdict=wire.Verdict.RE, error_type="runtime_error", error_message=str(exc))
        return result
    if target is None:
        result.update(
            verdict=wire.Verdict.RE, error_type="runtime_error", error_message="The code defines no function to call."
        )
        return result
    if compare_mode == "operations":
        return _judge_operations(session, result, target, args, expected, path, counter)
    types_ = [p.get("type", "") for p in params]
    decoded = [structures.decode(a, types_[i]) if i < len(types_) else a for i, a in enumerate(args)]
    by_name = {p.get("name"): p.get("type", "") for p in params}
    decoded_kw = {k: structures.decode(v, by_name.get(k, "")) for k, v in kwargs.items()}
    outcome = session.call(target, decoded, decoded_kw, test.get("stdin", ""), counter)
    if "exception" in outcome:
        return _failed(session, result, outcome, path)
    value = outcome["value"]
    inplace = function.get("inplace")
    if inplace is not None and isinstance(inplace, int) and inplace < len(decoded):
        value = decoded[inplace]
    actual = structures.encode(value, function.get("returns"))
    result["actual_output"] = literals.show(actual, session.show_chars)
    result["stdout"] = session.clip(outcome["stdout"])
    result["execution_time_ms"] = outcome["time_ms"]
    if not has_expected:
        result.update(verdict=wire.Verdict.AC, passed=True, expected_output=None)
        return result
    try:
        passed = compare.same(compare_mode, expected, literals.to_jsonable(actual), checker, args)
    except Exception as exc:  # noqa: BLE001 - a broken checker is our fault, not the learner's
        result.update(verdict=wire.Verdict.IE, error_type="internal_error", error_message="Checker failed: %s" % exc)
        return result
    result.update(verdict=wire.Verdict.AC if passed else wire.Verdict.WA, passed=passed)
    return result


def _judge_operations(session, result, cls, args, expected, path, counter):
    """Design problems: construct the class, call each method, compare every return value."""
    operations, arguments = (args + [[], []])[:2]

    def play():
        returns = []
        instance = None
        for index, (name, call_args) in enumerate(zip(operations, arguments)):
            if index == 0:
                instance = cls(*call_args)
                returns.append(None)
            else:
                returns.append(structures.encode(getattr(instance, name)(*call_args)))
        return returns

    outcome = session.call(play, [], {}, "", counter)
    if "exception" in outcome:
        return _failed(session, result, outcome, path)
    actual = literals.to_jsonable(outcome["value"])
    passed = expected is None or compare.same("exact", expected, actual)
    result.update(
        verdict=wire.Verdict.AC if passed else wire.Verdict.WA,
        passed=passed,
        actual_output=literals.show(actual, session.show_chars),
        stdout=session.clip(outcome["stdout"]),
        execution_time_ms=outcome["time_ms"],
    )
    if not passed and isinstance(expected, list):
        for index, (want, got) in enumerate(zip(expected, actual)):
            if not compare.same("exact", want, got):
                result["error_message"] = "Call %d (%s) returned %s, expected %s" % (
                    index,
                    operations[index],
                    literals.show(got, 200),
                    literals.show(want, 200),
                )
                break
    return result


def _failed(session, result, outcome, path):
    exc = outcome["exception"]
    if isinstance(exc, SystemExit):
        result.update(
            verdict=wire.Verdict.RE,
            error_type="runtime_error",
            error_message="The program exited with status %r" % (exc.code,),
        )
    else:
        result.update(describe_exception(exc, path))
    result["passed"] = False
    result["stdout"] = session.clip(outcome.get("stdout", ""))
    result["execution_time_ms"] = outcome["time_ms"]
    return result


def _same_lines(printed, expected):
    def lines(text):
        return [line.rstrip() for line in str(text).strip("\n").splitlines()]

    return lines(printed) == lines(expected)


def execute_once(job, workdir, send):
    """bp_execute: run the code once; call its function with ``input_data`` when there is one."""
    started = _start(job, workdir, send)
    if started is None:
        return
    session, code, code_object, path = started
    has_input = "input_data" in job or "target_value" in job
    stdin_text = job.get("stdin") or ""
    if not has_input or job.get("as_script") or not defines_functions(code_object):
        raw = job.get("input_data")
        if raw is not None and not stdin_text:
            stdin_text = raw if isinstance(raw, str) else literals.show(raw, 10**7)
        namespace, outcome = run_module(session, code_object, code, stdin_text)
        send("execution", **_execution_payload(session, outcome, path, None))
        return
    namespace, outcome = run_module(session, code_object, code, stdin_text)
    if "exception" in outcome:
        send("execution", **_execution_payload(session, outcome, path, None))
        return
    module_stdout = outcome["stdout"]
    try:
        target = find_entry_point(namespace, code_object, job.get("entry_point"))
    except LookupError as exc:
        send(
            "execution",
            verdict=wire.Verdict.RE,
            error_type="runtime_error",
            error_message=str(exc),
            stdout=module_stdout,
            stderr="",
        )
        return
    if target is None:
        send(
            "execution",
            verdict=wire.Verdict.RE,
            error_type="runtime_error",
            error_message="The code defines no function to call.",
            stdout=module_stdout,
            stderr="",
        )
        return
    args = arguments_for(target, job)
    outcome = session.call(target, args, {}, stdin_text)
    outcome["stdout"] = module_stdout + outcome["stdout"]
    send("execution", **_execution_payload(session, outcome, path, target))


def arguments_for(target, job):
    """The foundation rule: ``input_data`` (and ``target_value``) become the call's arguments."""
    data = job.get("input_data")
    if "target_value" in job:
        return [data, job.get("target_value")]
    try:
        count = target.__code__.co_argcount
    except AttributeError:
        count = 1
    if count == 0:
        return []
    if count == 1:
        return [data]
    if isinstance(data, list) and len(data) == count:
        return list(data)
    return [data]


def _execution_payload(session, outcome, path, target):
    payload = {
        "stdout": session.clip(outcome.get("stdout", "")),
        "stderr": session.clip(outcome.get("stderr", "")),
        "execution_time_ms": outcome.get("time_ms"),
    }
    exc = outcome.get("exception")
    if exc is not None:
        if isinstance(exc, SystemExit):
            payload.update(
                verdict=wire.Verdict.RE,
                error_type="runtime_error",
                error_message="The program exited with status %r" % (exc.code,),
            )
        else:
            payload.update(describe_exception(exc, path))
        payload["return_value"] = None
        return payload
    payload["verdict"] = wire.Verdict.AC
    value = outcome.get("value")
    payload["return_value"] = None if target is None else literals.show(structures.encode(value), session.show_chars)
    return payload
