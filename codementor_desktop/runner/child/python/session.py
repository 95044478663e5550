"""One run of the learner's code in this child: compiling it, calling it under the per-test
limits with its output captured, and turning what went wrong into a verdict's fields.

The per-test time limit is CPU time, so that a busy machine does not flip a verdict:

- ``ITIMER_PROF`` counts this process's CPU time and raises ``TimeLimitExceeded`` in the
  learner's Python code when the test has used its limit;
- ``ITIMER_REAL`` does the same at ``wall_factor`` times the limit (at most 60 s), for code that
  waits (``sleep``, ``input()`` on an empty stdin) rather than computes;
- code that stays in C (``7 ** 10 ** 8``, a sort of millions) runs past both until it returns:
  before each test the soft ``RLIMIT_CPU`` is moved to about a second after that test's limit,
  so the kernel stops it (SIGXCPU), and the parent watches the child's CPU time as well.

What the child measures is evidence, not proof: learner code could disarm a timer, but not the
kernel's limit nor the parent's clocks, so it can make its own verdict worse, never better.
Windows has no interval timers or ``setrlimit``: there the parent's clocks are the limit.
"""

import os
import sys
import time

try:
    from .. import wire
    from . import sandbox, structures
except ImportError:  # run as a flat script inside the child
    import sandbox
    import structures
    import wire

SOLUTION_FILE = "solution.py"
WALL_CAP = 60.0
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


def error_fields(verdict, message, **more):
    """The fields of a verdict that is an error: the verdict, its ``error_type`` and the message."""
    fields = {"verdict": verdict, "error_type": wire.ERROR_TYPES.get(verdict), "error_message": message}
    fields.update(more)
    return fields


def syntax_error_payload(exc):
    text = (getattr(exc, "text", None) or "").rstrip("\n")
    message = "%s: %s" % (type(exc).__name__, getattr(exc, "msg", str(exc)))
    return error_fields(
        wire.Verdict.CE,
        message,
        line_number=getattr(exc, "lineno", None),
        column=getattr(exc, "offset", None),
        source_line=text,
    )


class NoEntryPoint(LookupError):
    """The code has no function to call, or several and no name to choose one by."""


def safe_text(value, limit=2000):
    """``str(value)`` for a person, at most ``limit`` characters; never raises.

    The value is the learner's (an exception, a returned object): its ``__str__`` may raise, loop
    into a RecursionError or build 50 MB of text. Only the start of a long text is kept.
    """
    try:
        text = str(value)
        if not isinstance(text, str):  # a str subclass whose methods are the learner's
            raise TypeError("__str__ returned %s" % type(text).__name__)
        text = str.__str__(text)
    except BaseException as exc:  # noqa: BLE001 - whatever the learner's __str__ does
        try:
            name = type(value).__name__
        except BaseException:  # noqa: BLE001
            name = "object"
        return "<%s whose __str__ raised %s>" % (name, type(exc).__name__)
    if len(text) > limit:
        text = text[:limit] + "... (%d characters in all)" % len(text)
    return text


def describe_exception(exc, solution_path, limit=2000):
    """The verdict and error fields for what a call raised, the traceback trimmed to the learner's code.

    The message is the learner's and read safely (``safe_text``): a ``__str__`` that raises, a
    ``KeyboardInterrupt`` or a 50 MB message is still their RE, never the runner's failure.
    """
    if isinstance(exc, sandbox.TimeLimitExceeded):
        return error_fields(wire.Verdict.TLE, str(exc) or "Time limit exceeded", reason=wire.Reason.TIME)
    if isinstance(exc, sandbox.OperationsExceeded):
        return error_fields(wire.Verdict.TLE, str(exc), reason=wire.Reason.OPERATIONS)
    if isinstance(exc, MemoryError):
        return error_fields(wire.Verdict.MLE, "Memory limit exceeded (MemoryError)")
    if isinstance(exc, sandbox.OutputLimitExceeded):
        return error_fields(wire.Verdict.OLE, safe_text(exc, 500) or "Output limit exceeded")
    if isinstance(exc, SystemExit):
        return error_fields(wire.Verdict.RE, "The program exited with status %s" % safe_text(exc.code, 200))
    if isinstance(exc, NoEntryPoint):
        return error_fields(wire.Verdict.RE, str(exc))
    import traceback  # only when something failed: it costs a few ms to import

    try:
        frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == solution_path]
    except BaseException:  # noqa: BLE001 - a traceback the learner tampered with
        frames = []
    lines = ["Traceback (most recent call last):"]
    for frame in frames[-8:]:
        lines.append('  File "%s", line %s, in %s' % (SOLUTION_FILE, frame.lineno, frame.name))
        if frame.line:
            lines.append("    " + frame.line.strip()[:200])
    name = type.__getattribute__(type(exc), "__name__")
    detail = safe_text(exc, limit)
    message = "%s: %s" % (name, detail) if detail else name
    if isinstance(exc, RecursionError):
        message += " (the recursion went too deep: is a base case missing?)"
    if isinstance(exc, KeyboardInterrupt):
        message += " (raised by the program: nobody pressed Ctrl+C)"
    lines.append(message)
    line = frames[-1].lineno if frames else None
    return error_fields(wire.Verdict.RE, message, line_number=line, traceback="\n".join(lines))


def exited_normally(exc):
    """``sys.exit()`` or ``sys.exit(0)``: a program may end that way without failing."""
    return isinstance(exc, SystemExit) and exc.code in (None, 0)


class TestLimit(object):
    """The clocks of one test: CPU time against the limit, wall time as a backstop (see above)."""

    __test__ = False  # not a pytest test class, whatever its name

    def __init__(self, seconds, wall_factor=3.0):
        self.seconds = float(seconds or 0)
        self.wall_seconds = min(self.seconds * float(wall_factor or 3.0), WALL_CAP)
        self.time_ms = 0.0
        self.cpu_ms = 0.0
        self._signal = None
        self._resource = None
        self._run_soft = None

    def __enter__(self):
        if self.seconds > 0:
            self._arm()
        self._wall = time.perf_counter()
        self._cpu = time.process_time()
        return self

    def __exit__(self, *exc):
        self.cpu_ms = round((time.process_time() - self._cpu) * 1000, 3)
        self.time_ms = round((time.perf_counter() - self._wall) * 1000, 3)
        signal = self._signal
        if signal is not None:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.setitimer(signal.ITIMER_REAL, 0)
        if self._run_soft is not None:
            self._set_soft(self._run_soft)
        return False

    def _arm(self):
        try:
            import _signal as signal  # the C module: "signal" pulls in enum
        except ImportError:
            return
        if not hasattr(signal, "setitimer"):
            return  # Windows
        seconds, wall = self.seconds, self.wall_seconds

        def on_cpu(signum, frame):
            raise sandbox.TimeLimitExceeded("Time limit exceeded: over %g s of CPU time" % seconds)

        def on_wall(signum, frame):
            used = time.process_time() - self._cpu
            raise sandbox.TimeLimitExceeded(
                "Time limit exceeded: still running after %g s of wall-clock time, three times the limit, having "
                "used %.1f s of CPU time (is it waiting for something, or is the machine very busy?)" % (wall, used)
            )

        try:
            signal.signal(signal.SIGPROF, on_cpu)
            signal.signal(signal.SIGALRM, on_wall)
            signal.setitimer(signal.ITIMER_PROF, seconds)
            signal.setitimer(signal.ITIMER_REAL, wall)
        except (ValueError, OSError):
            return  # not the main thread
        self._signal = signal
        self._arm_kernel_limit(seconds)

    def _arm_kernel_limit(self, seconds):
        try:
            import resource
        except ImportError:
            return
        self._resource = resource
        soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
        usage = resource.getrusage(resource.RUSAGE_SELF)
        used = usage.ru_utime + usage.ru_stime
        wanted = int(used + seconds) + 2  # whole seconds: the kernel stops it 1 to 2 s after the limit
        if hard != resource.RLIM_INFINITY:
            wanted = min(wanted, max(hard - 1, 1))  # SIGXCPU before the hard limit's SIGKILL
        if soft == resource.RLIM_INFINITY or wanted < soft:
            self._run_soft = soft
            self._set_soft(wanted)

    def _set_soft(self, soft):
        resource = self._resource
        try:
            resource.setrlimit(resource.RLIMIT_CPU, (soft, resource.getrlimit(resource.RLIMIT_CPU)[1]))
        except (ValueError, OSError):
            pass


class LineCounter(object):
    """Counts line events in the learner's code: a measure of work that no machine's speed changes.

    Past ``budget`` events the call stops with ``OperationsExceeded`` (TLE for operations).
    """

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
                raise sandbox.OperationsExceeded(
                    "Too many operations: over %d line events, many times what the reference solution needs "
                    "on this input" % self.budget
                )
        return self._local


class LineCollector(LineCounter):
    """The lines of the learner's code that ran (the untimed coverage pass): a ``LineCounter`` that
    keeps each line's number. Past ``budget`` events the call stops, keeping the lines it reached."""

    def __init__(self, filename, budget=None):
        LineCounter.__init__(self, filename, budget)
        self.lines = set()

    @property
    def capped(self):
        return self.budget is not None and self.count > self.budget

    def _local(self, frame, event, arg):
        if event == "line":
            self.count += 1
            if self.budget is not None and self.count > self.budget:
                raise sandbox.OperationsExceeded("coverage stopped after %d line events" % self.budget)
            self.lines.add(frame.f_lineno)
        return self._local


class Outcome(object):
    """What one call of the learner's code did: the value it returned or the exception it raised,
    what it printed, and its wall-clock and CPU times."""

    __slots__ = ("value", "exception", "stdout", "stderr", "time_ms", "cpu_ms")

    def __init__(self, value=None, exception=None, stdout="", stderr="", time_ms=0.0, cpu_ms=0.0):
        self.value = value
        self.exception = exception
        self.stdout = stdout
        self.stderr = stderr
        self.time_ms = time_ms
        self.cpu_ms = cpu_ms

    @property
    def failed(self):
        return self.exception is not None


class Session(object):
    """One run of the learner's code in this child: shared output budget, limits and counters."""

    def __init__(self, job, workdir):
        self.job = job
        self.workdir = workdir
        limits = job.get("limits") or {}
        self.test_timeout = float(limits.get("timeout_seconds") or 5)
        self.wall_factor = float(limits.get("wall_factor") or 3.0)
        self.show_chars = int(limits.get("output_chars_per_test") or 2000)
        self.budget = sandbox.OutputBudget(int(limits.get("output_bytes") or 1024 * 1024))
        self.stdout = sandbox.CapturedOutput(self.budget)
        self.stderr = sandbox.CapturedOutput(self.budget)

    def limit(self):
        """The clocks of one test, with this run's limits."""
        return TestLimit(self.test_timeout, self.wall_factor)

    def call(self, func, args, kwargs, stdin_text="", counter=None):
        """Call ``func`` with captured output and the per-test limits; every failure is in the Outcome."""
        import io

        self.stdout.reset()
        self.stderr.reset()
        saved = sys.stdin, sys.stdout, sys.stderr
        sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin_text or ""), self.stdout, self.stderr
        outcome = Outcome()
        clock = self.limit()
        try:
            with clock:
                if counter is not None:
                    sys.settrace(counter)
                try:
                    outcome.value = func(*args, **kwargs)
                finally:
                    if counter is not None:
                        sys.settrace(None)
        except BaseException as exc:  # noqa: BLE001 - every learner failure becomes a verdict, Ctrl+C too
            outcome.exception = exc
        finally:
            sys.stdin, sys.stdout, sys.stderr = saved
        outcome.time_ms = clock.time_ms
        outcome.cpu_ms = clock.cpu_ms
        outcome.stdout = self.stdout.getvalue()
        outcome.stderr = self.stderr.getvalue()
        return outcome

    def clip(self, text):
        """At most ``show_chars`` of ``text``: its beginning and its end (where a flood's last
        lines, often the answer, are), with how much is left out between them."""
        if len(text) <= self.show_chars:
            return text
        head = self.show_chars // 2
        tail = self.show_chars - head
        return "%s\n... (%d characters left out, %d in all) ...\n%s" % (
            text[:head],
            len(text) - head - tail,
            len(text),
            text[len(text) - tail :],
        )


def run_module(session, code_object, code, stdin_text="", counter=None):
    """Execute the module body; returns (namespace, outcome). ``sys.exit(0)`` is not a failure."""
    namespace = fresh_namespace(code)

    def body():
        exec(code_object, namespace)  # noqa: S102 - the learner's own code, inside the child

    outcome = session.call(body, [], {}, stdin_text, counter)
    if exited_normally(outcome.exception):
        outcome.exception = None
    return namespace, outcome
