"""A plan's expectations checked inside a trace: several (lines, expression) checks, each
evaluated before every run of one of its lines, as a conditional breakpoint is.

Each check counts its evaluations, the times it held, and the errors it raised (a misspelt name
raises ``NameError`` at every evaluation: the app then calls the expectation unreadable); the
first evaluation that is false keeps the trace's step number, the line and the texts of the
variables the expression names. The run goes on: every expectation is checked to the end, and the
trace is the one the flow diagram is drawn from.

The expressions were read by the app before the run, which refuses assignments and the calls that
change a list, set or dictionary, so evaluating them leaves the learner's state as it was.
"""

try:
    from . import tracer as tracing
    from . import value_text
except ImportError:  # run as a flat script inside the child (Piston ships what ``import`` names)
    import tracer as tracing
    import value_text

VALUE_CHARS = 200
# Code that runs in a frame of its own on the line of the function that holds it: a run of that
# line is the function's, so an expectation there is not checked again inside (where the
# function's names are not the ones it means: a comprehension binds its own ``i``).
INNER_CODE = frozenset({"<listcomp>", "<setcomp>", "<dictcomp>", "<genexpr>", "<lambda>"})


def _needs_merged_namespace(code):
    # A comprehension or lambda in the expression looks names up as globals: give it the locals too.
    return any(hasattr(const, "co_code") for const in code.co_consts)


class Check:
    """One expectation: where it is checked, what it says, and what was found."""

    def __init__(self, index, lines, text, names):
        self.index = index
        self.lines = set(lines)
        self.text = text
        self.names = list(names)
        self.code = None
        self.merged = False
        self.compile_error = None
        try:
            self.code = compile(text, "<expectation>", "eval")
            self.merged = _needs_merged_namespace(self.code)
        except SyntaxError as exc:
            self.compile_error = "SyntaxError: %s" % (exc.msg,)
        self.evaluations = 0
        self.held = 0
        self.errors = 0
        self.first_error = None
        self.broken = None

    def evaluate(self, frame, line, step):
        self.evaluations += 1
        try:
            if self.merged:
                namespace = dict(frame.f_globals)
                namespace.update(frame.f_locals)
                holds = bool(eval(self.code, namespace))  # noqa: S307 - the learner's own expectation
            else:
                holds = bool(eval(self.code, frame.f_globals, frame.f_locals))  # noqa: S307
        except Exception as exc:  # noqa: BLE001 - an expectation that raises is reported, not fatal
            self.errors += 1
            if self.first_error is None:
                self.first_error = {"error": ("%s: %s" % (type(exc).__name__, exc))[:300], "line": line}
            return
        if holds:
            self.held += 1
        elif self.broken is None:
            self.broken = {"step": step, "line": line, "variables": self.variables(frame)}

    def variables(self, frame):
        """The texts of the names the expression uses, as they are at this moment."""
        snap = tracing.new_heap(50, patches=False)
        found = {}
        for name in self.names:
            if name in frame.f_locals:
                value = frame.f_locals[name]
            elif name in frame.f_globals:
                value = frame.f_globals[name]
            else:
                continue
            if callable(value) or type(value).__name__ == "module":
                continue
            try:
                found[name] = snap.value(value)
            except Exception:  # noqa: BLE001 - a learner's object that cannot be read
                continue
        objects = snap.latest
        return {name: value_text.show(encoded, objects, VALUE_CHARS) for name, encoded in found.items()}

    def result(self):
        return {
            "index": self.index,
            "evaluations": self.evaluations,
            "held": self.held,
            "errors": self.errors,
            "first_error": self.first_error,
            "compile_error": self.compile_error,
            "broken": self.broken,
        }


class Checks:
    """Every expectation of a plan, found by line: ``on_line`` runs before each line of the code."""

    def __init__(self, specs):
        self.checks = [Check(i, s.get("lines") or [], str(s.get("expect") or ""), s.get("names") or [])
                       for i, s in enumerate(specs)]  # fmt: skip
        self.by_line = {}
        for check in self.checks:
            if check.code is None:
                continue
            for line in check.lines:
                self.by_line.setdefault(line, []).append(check)

    def on_line(self, frame, line, step):
        found = self.by_line.get(line)
        if found is None or frame.f_code.co_name in INNER_CODE:
            return
        for check in found:
            check.evaluate(frame, line, step)

    def results(self):
        return [check.result() for check in self.checks]
