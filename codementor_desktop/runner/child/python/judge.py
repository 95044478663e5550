"""Running the learner's code: judging it against tests, or running it once with an input.

The rules of how code is run are written once here: a program without functions (or without
an input to call one with) is a script, fed the input on stdin; otherwise the module runs and
then its entry point is called (``run_program``), with the bank's typed arguments
(``call_entry``). The clocks, the captured output and the verdicts of failures are in
``session.py``.
"""

try:
    from .. import wire
    from . import fastjson, literals, sandbox, structures
    from .session import (
        SOLUTION_FILE,
        LineCollector,
        LineCounter,
        NoEntryPoint,
        Outcome,
        Session,
        compile_solution,
        describe_exception,
        error_fields,
        fresh_namespace,
        run_module,
        safe_text,
        syntax_error_payload,
    )
except ImportError:  # run as a flat script inside the child
    import fastjson
    import literals
    import sandbox
    import structures
    import wire
    from session import (
        SOLUTION_FILE,
        LineCollector,
        LineCounter,
        NoEntryPoint,
        Outcome,
        Session,
        compile_solution,
        describe_exception,
        error_fields,
        fresh_namespace,
        run_module,
        safe_text,
        syntax_error_payload,
    )

# The names other modes use from here (the tracer's, the test runner's, generation's).
__all__ = [
    "SOLUTION_FILE", "Outcome", "Session", "compile_solution", "describe_exception", "fresh_namespace",
    "run_module", "syntax_error_payload", "NoEntryPoint", "find_entry_point", "defines_functions", "arguments_for",
    "run_program", "call_entry", "judge_tests", "execute_once", "run_declared",
]  # fmt: skip

STOPPING = (wire.Verdict.TLE, wire.Verdict.MLE, wire.Verdict.OLE)
_FUNCTION = type(lambda: None)  # types.FunctionType, without importing types (half a millisecond a run)


def find_entry_point(namespace, code_object, wanted=None):
    """The function to call: ``wanted``, or the only top-level function, or the one no other calls.

    Raises ``NoEntryPoint`` with a sentence for the learner when there is none to choose.
    """
    if wanted:
        if wanted in namespace and callable(namespace[wanted]):
            return namespace[wanted]
        raise NoEntryPoint("The code defines no function or class named %r." % wanted)
    plain = {
        name: value
        for name, value in namespace.items()
        if isinstance(value, _FUNCTION) and getattr(value, "__module__", None) == "__main__"
    }
    if len(plain) == 1:
        return next(iter(plain.values()))
    if not plain:
        raise NoEntryPoint("The code defines no function to call.")
    called = set()
    for func in plain.values():
        called.update(_names_used(func.__code__))
    roots = [f for n, f in plain.items() if n not in called]
    if len(roots) == 1:
        return roots[0]
    raise NoEntryPoint(
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


def decode_annotated(target, args):
    """Arguments annotated ``TreeNode`` or ``ListNode`` are built from their list form."""
    annotations = getattr(target, "__annotations__", None) or {}
    names = getattr(getattr(target, "__code__", None), "co_varnames", ())
    out = list(args)
    for index, value in enumerate(out):
        if index >= len(names) or names[index] not in annotations or not isinstance(value, list):
            continue
        note = annotations[names[index]]
        text = note if isinstance(note, str) else repr(note)  # "typing.Optional[...TreeNode]"
        for node in ("TreeNode", "ListNode"):
            if node in text and "List[" not in text and "list[" not in text:
                out[index] = structures.decode(value, node)
    return out


def run_program(session, job, code, code_object, trace=None, before_each=None):
    """Run the program the way bp_execute and the tracer do; returns (outcome, the function called).

    Without an input, or without a function, the code is a script: ``input_data`` (or
    ``stdin``) is its stdin. Otherwise the module runs, then its entry point is called with
    ``input_data`` (and ``target_value``), and what the module printed comes first in stdout.
    ``before_each`` runs before the module and before the call; ``trace`` traces both.
    """
    has_input = "input_data" in job or "target_value" in job
    stdin_text = job.get("stdin") or ""
    script = not has_input or not defines_functions(code_object)
    if script:
        raw = job.get("input_data")
        if raw is not None and not stdin_text:
            stdin_text = raw if isinstance(raw, str) else literals.show(raw, 10**7)
    if before_each is not None:
        before_each()
    namespace, outcome = run_module(session, code_object, code, stdin_text, trace)
    if script or outcome.failed:
        return outcome, None
    module_stdout = outcome.stdout
    try:
        target = find_entry_point(namespace, code_object, job.get("entry_point"))
    except NoEntryPoint as exc:
        return Outcome(exception=exc, stdout=module_stdout), None
    args = decode_annotated(target, arguments_for(target, job))
    if before_each is not None:
        before_each()
    outcome = session.call(target, args, {}, stdin_text, trace)
    outcome.stdout = module_stdout + outcome.stdout
    return outcome, target


def call_entry(session, target, args, kwargs, function, compare_mode, stdin_text="", counter=None, listed=False):
    """Call the entry point as the problem declares it; the outcome's value is the answer.

    A design problem (``compare_mode == "operations"``) constructs the class and plays every
    method call, answering the list of returns; a function gets its arguments decoded by their
    declared types, and an in-place function answers with the argument it changed. ``listed``
    reads a returned generator or iterator into a list, within the call (the judge's answers).
    """
    if listed and compare_mode != "operations":  # a design class may be an iterator itself
        plain = target

        def target(*a, **k):
            return structures.materialised(plain(*a, **k), sandbox)

    if compare_mode == "operations":
        operations, arguments = (list(args) + [[], []])[:2]

        def play():
            returns = []
            instance = None
            for index, (name, call_args) in enumerate(zip(operations, arguments)):
                if index == 0:
                    instance = target(*call_args)
                    returns.append(None)
                else:
                    returned = getattr(instance, name)(*call_args)
                    returns.append(
                        structures.encode(structures.materialised(returned, sandbox) if listed else returned)
                    )
            return returns

        return session.call(play, [], {}, stdin_text, counter)
    params = function.get("params") or []
    types_ = [p.get("type", "") for p in params]
    decoded = [structures.decode(a, types_[i]) if i < len(types_) else a for i, a in enumerate(args)]
    by_name = {p.get("name"): p.get("type", "") for p in params}
    decoded_kw = {k: structures.decode(v, by_name.get(k, "")) for k, v in kwargs.items()}
    outcome = session.call(target, decoded, decoded_kw, stdin_text, counter)
    inplace = function.get("inplace")
    if not outcome.failed and isinstance(inplace, int) and not isinstance(inplace, bool) and inplace < len(decoded):
        outcome.value = decoded[inplace]
    return outcome


def run_declared(session, job, code, code_object, trace=None, before_each=None):
    """Run the module, then call the problem's entry point on the job's ``input`` (a test's
    argument text) exactly as a judged test does (``call_entry``): the tracer's and the
    breakpoint's way into a bank problem. Returns (outcome, the function called)."""
    function = job.get("function") or {}
    try:
        args, kwargs = literals.parse_arguments(job.get("input", ""))
    except literals.LiteralError as exc:
        return Outcome(exception=exc), None
    if before_each is not None:
        before_each()
    namespace, outcome = run_module(session, code_object, code, "", trace)
    if outcome.failed:
        return outcome, None
    module_stdout = outcome.stdout
    try:
        target = find_entry_point(namespace, code_object, function.get("name") or None)
    except NoEntryPoint as exc:
        return Outcome(exception=exc, stdout=module_stdout), None
    if before_each is not None:
        before_each()
    outcome = call_entry(session, target, args, kwargs, function, job.get("compare") or "exact", "", trace)
    outcome.stdout = module_stdout + outcome.stdout
    return outcome, target


def _start(job, workdir, send):
    """A session and the compiled code, or None after reporting a compile error."""
    code = job.get("code", "")
    try:
        code_object, path = compile_solution(code, workdir)
    except (SyntaxError, ValueError) as exc:
        send(wire.Frame.COMPILE_ERROR, **syntax_error_payload(exc))
        return None
    return Session(job, workdir), code, code_object, path


def judge_tests(job, workdir, send):
    """Judge mode: every test's actual output becomes a frame; a TLE, MLE or OLE stops the run.

    The child never sees an expected output nor decides AC or WA: the parent compares what each
    frame carries (``runner/judging.py``), so nothing the learner's code does here can forge a
    verdict or read a hidden test's answer.
    """
    started = _start(job, workdir, send)
    if started is None:
        return
    session, code, code_object, path = started
    judge = _Judge(session, job, code, code_object, path)
    if job.get("cover"):
        return _cover_tests(judge, job, send)
    for test in job.get("tests", []):
        counter = None
        if job.get("count_lines") or test.get("count_lines"):
            counter = LineCounter(path, test.get("line_budget"))
        result = judge.one(test, counter)
        if counter is not None:
            result["line_events"] = counter.count
        send(wire.Frame.TEST, **result)
        if result.get("verdict") in STOPPING:
            break


def _cover_tests(judge, job, send):
    """The coverage pass (untimed: the timed run's verdicts stand): each test's lines, one frame each.

    Every test gets at most ``steps`` line events and the pass ``total``; a capped test keeps the
    lines it reached, and a test past the total is not measured. No value travels back.
    """
    cover = job["cover"]
    steps, left = int(cover.get("steps") or 10**6), int(cover.get("total") or 5 * 10**6)
    for test in job.get("tests", []):
        if left <= 0:
            break
        collector = LineCollector(judge.path, min(steps, left))
        judge.one(test, collector)
        left -= collector.count
        send(
            wire.Frame.TEST, test_id=test.get("test_id"), covered_lines=sorted(collector.lines), capped=collector.capped
        )


class _Judge(object):
    """The running of one run's tests: what every test shares (the code, the signature, the mode)."""

    def __init__(self, session, job, code, code_object, path):
        self.session = session
        self.code = code
        self.code_object = code_object
        self.path = path
        self.function = job.get("function") or {}
        self.compare = job.get("compare") or "exact"
        self.script = not self.function.get("name") and not defines_functions(code_object)

    def one(self, test, counter):
        """What one test gave: its ``value`` (JSON text), or ``printed`` for a script, or the error."""
        result = {"test_id": test.get("test_id")}
        if self.script:
            return self._script(result, test, counter)
        try:
            args, kwargs = literals.parse_arguments(test.get("input", ""))
        except literals.LiteralError as exc:
            result.update(error_fields(wire.Verdict.IE, "Bad test data: %s" % exc))
            return result
        namespace, outcome = run_module(self.session, self.code_object, self.code, test.get("stdin", ""))
        if outcome.failed:
            return self._failed(result, outcome)
        try:
            target = find_entry_point(namespace, self.code_object, self.function.get("name") or None)
        except NoEntryPoint as exc:
            return self._failed(result, Outcome(exception=exc))
        outcome = call_entry(
            self.session, target, args, kwargs, self.function, self.compare, test.get("stdin", ""), counter, True
        )
        if outcome.failed:
            return self._failed(result, outcome)
        try:
            text = encoded_value(outcome.value, None if self.compare == "operations" else self.function.get("returns"))
        except BaseException as exc:  # noqa: BLE001 - the learner's __repr__, __eq__ or __iter__ raised
            outcome.exception = UnreadableValue(exc)
            return self._failed(result, outcome)
        if len(text) > wire.VALUE_BYTES:
            outcome.exception = sandbox.OutputLimitExceeded()
            failed = self._failed(result, outcome)
            failed["error_message"] = "Output limit exceeded: the returned value is %d characters of JSON, over %d" % (
                len(text),
                wire.VALUE_BYTES,
            )
            return failed
        result.update(
            value=text,
            stdout=self.session.clip(outcome.stdout),
            execution_time_ms=outcome.time_ms,
            cpu_time_ms=outcome.cpu_ms,
        )
        return result

    def _script(self, result, test, counter):
        """A script: its input is stdin and it is judged on what it printed (all of it, within the
        output limit), line by line, by the parent."""
        _, outcome = run_module(self.session, self.code_object, self.code, test.get("input", ""), counter)
        if outcome.failed:
            return self._failed(result, outcome)
        result.update(printed=outcome.stdout, execution_time_ms=outcome.time_ms, cpu_time_ms=outcome.cpu_ms)
        return result

    def _failed(self, result, outcome):
        result.update(describe_exception(outcome.exception, self.path, self.session.show_chars))
        result["stdout"] = self.session.clip(outcome.stdout)
        result["execution_time_ms"] = outcome.time_ms
        result["cpu_time_ms"] = outcome.cpu_ms
        return result


class UnreadableValue(Exception):
    """The returned value could not be read back (its ``__repr__`` or ``__iter__`` raised)."""

    def __init__(self, cause):
        Exception.__init__(self, "the returned value could not be read: %s" % safe_text(cause, 500))


def encoded_value(value, returns=None):
    """The JSON text of a returned value as the parent compares it (nodes as lists, sets sorted)."""
    return fastjson.dumps(literals.to_jsonable(structures.encode(value, returns)), default=_no_default)


def _no_default(value):
    raise TypeError("cannot encode %s" % type(value).__name__)


def execute_once(job, workdir, send):
    """bp_execute: run the code once; call its function with ``input_data`` when there is one."""
    started = _start(job, workdir, send)
    if started is None:
        return
    session, code, code_object, path = started
    outcome, target = run_program(session, job, code, code_object)
    payload = {
        "stdout": session.clip(outcome.stdout),
        "stderr": session.clip(outcome.stderr),
        "execution_time_ms": outcome.time_ms,
        "cpu_time_ms": outcome.cpu_ms,
    }
    if not outcome.failed and target is not None:
        try:
            payload["return_value"] = literals.show(structures.encode(outcome.value), session.show_chars)
        except BaseException as exc:  # noqa: BLE001 - the learner's __repr__ raised
            outcome.exception = UnreadableValue(exc)
    if outcome.failed:
        payload.update(describe_exception(outcome.exception, path, session.show_chars))
        payload["return_value"] = None
    else:
        payload["verdict"] = wire.Verdict.AC
        payload.setdefault("return_value", None)
    send(wire.Frame.EXECUTION, **payload)
