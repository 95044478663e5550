"""bp_breakpoint inside the child: run until a condition holds, then capture the program's state.

The condition is an expression over the variables in scope, evaluated before each line runs (as a
debugger stops before a line), only on ``line`` when one is given, and the run stops on its
``hit``-th true evaluation. A condition that raises is counted and treated as false; one whose
names are not defined in the frame at hand (``NameError``) simply does not apply there. Either
way the answer says what happened, never a crash.
"""

from _collections import deque

try:
    from . import judge, trace_run, value_text
    from . import tracer as tracing
except ImportError:  # run as a flat script inside the child (Piston ships what ``import`` names)
    import judge
    import trace_run
    import tracer as tracing
    import value_text

RECENT_STEPS = 8
EVENTS = ("line", "call", "return", "exception")
_HARNESS_NAMES = ("TreeNode", "ListNode", "List", "Dict", "Optional", "Tuple", "Set", "Deque", "Any", "Union")


def _needs_merged_namespace(code):
    # A comprehension or lambda in the expression looks names up as globals: give it the locals too.
    return any(hasattr(const, "co_code") for const in code.co_consts)


def evaluate(code, frame, merged):
    if merged:
        namespace = dict(frame.f_globals)
        namespace.update(frame.f_locals)
        return eval(code, namespace)  # noqa: S307 - the person's own expression, inside the child
    return eval(code, frame.f_globals, frame.f_locals)  # noqa: S307


class RecentSteps:
    """The last few steps, rendered as they happen (the objects they show may change later)."""

    def __init__(self, heap, size=RECENT_STEPS):
        self.items = deque(maxlen=size)
        self.heap = heap
        self.functions = {}
        self.count = 0

    def append(self, step):
        event, line, uid = step[0], step[1], step[2]
        changed = step[3] if len(step) > 3 else None
        extra = step[6] if len(step) > 6 else None
        if extra and "function" in extra:
            self.functions[uid] = extra["function"]
        entry = {"step": self.count, "event": EVENTS[event], "line": line, "function": self.functions.get(uid, "?")}
        self.count += 1
        if changed:
            entry["changed"] = {name: self.text(value) for name, value in changed.items()}
        if extra and "value" in extra:
            entry["return_value"] = self.text(extra["value"])
        if extra and "exception" in extra:
            entry["exception"] = "%(type)s: %(message)s" % extra["exception"]
        self.items.append(entry)

    def text(self, value):
        if value is tracing.DELETED:
            return "(deleted)"
        return value_text.show(value, self.heap.latest, 160)

    def __len__(self):
        return self.count

    def last(self):
        return list(self.items)


class Breakpoint:
    """The breakpoint mode of a tracer: evaluates the condition before each line, keeps the last
    steps, and captures the state on the wanted hit."""

    end_kind = "breakpoint_end"

    def __init__(self, heap, condition, code, line, nth, watches, path):
        self.steps = RecentSteps(heap)
        self.condition = condition
        self.code = code
        self.merged = _needs_merged_namespace(code)
        self.line = line
        self.nth = nth
        self.watches = watches
        self.path = path
        self.evaluations = 0
        self.true_count = 0
        self.undefined = 0
        self.undefined_message = ""
        self.errors = {}

    def on_line(self, state, frame, line):
        """Before ``line`` runs: None, or the fields that end the run when the condition held."""
        if self.line is not None and line != self.line:
            return None
        self.evaluations += 1
        try:
            holds = bool(evaluate(self.code, frame, self.merged))
        except NameError as exc:
            self.undefined += 1
            self.undefined_message = str(exc)
            return None
        except Exception as exc:  # noqa: BLE001 - a condition that raises is reported, not fatal
            key = "%s: %s" % (type(exc).__name__, exc)
            entry = self.errors.get(key)
            if entry is None:
                entry = self.errors[key] = {"error": key[:300], "count": 0, "first_line": line}
            entry["count"] += 1
            return None
        if not holds:
            return None
        self.true_count += 1
        if self.true_count >= self.nth:
            return self.capture(frame, line)
        return None

    def capture(self, frame, line):
        """The state at the stop: the call stack with variables, the watches, the last steps."""
        import sys

        sys.settrace(None)
        snap = tracing.new_heap(patches=False)
        stack = []
        current = frame
        while current is not None:
            if current.f_code.co_filename == self.path:
                module = current.f_code.co_name == "<module>"
                values = {}
                for name, value in list(current.f_locals.items()):
                    if name[:1] == "." or name[:2] == "__":
                        continue
                    if module and (name in _HARNESS_NAMES or callable(value) or type(value).__name__ == "module"):
                        continue
                    values[name] = snap.value(value)
                stack.append({"function": current.f_code.co_name, "line": current.f_lineno, "values": values})
            current = current.f_back
        watches = []
        for expression, code in self.watches:
            entry = {"expression": expression}
            if code is None:
                entry["error"] = "SyntaxError: this is not a Python expression"
            else:
                try:
                    entry["encoded"] = snap.value(evaluate(code, frame, _needs_merged_namespace(code)))
                except Exception as exc:  # noqa: BLE001 - a watch that fails says why
                    entry["error"] = "%s: %s" % (type(exc).__name__, exc)
            watches.append(entry)
        objects = snap.latest
        for entry in stack:
            entry["variables"] = {name: value_text.show(v, objects) for name, v in entry["values"].items()}
            entry["depth"] = len(stack) - stack.index(entry)
        for entry in watches:
            if "encoded" in entry:
                entry["value"] = value_text.show(entry["encoded"], objects)
        return {
            "reason": "condition_met",
            "hit": True,
            "line": line,
            "function": frame.f_code.co_name,
            "hit_count": self.true_count,
            "stack": stack,
            "watch": watches,
            "heap": objects,
            "message": "The condition %s held on line %d in %s (true evaluation %d of %d)."
            % (self.condition, line, frame.f_code.co_name, self.true_count, self.evaluations),
        }

    def ending(self, fields):
        """What this mode adds to the closing frame, given how the run ended (``fields``)."""
        out = {
            "condition": self.condition,
            "condition_line": self.line,
            "nth": self.nth,
            "evaluations": self.evaluations,
            "true_count": self.true_count,
            "undefined_evaluations": self.undefined,
            "condition_errors": sorted(self.errors.values(), key=lambda e: -e["count"]),
            "recent_steps": self.steps.last(),
        }
        if fields.get("reason") == "time_limit":
            out["hit"] = False
            out["message"] = "The condition did not hold before the time limit (%d checks)." % self.evaluations
        return out

    def missed(self, outcome):
        """Why the condition never stopped the run: the reason and a sentence for a person."""
        errors = sum(e["count"] for e in self.errors.values())
        if self.line is not None and self.evaluations == 0:
            return "line_not_reached", "Line %d never ran, so the condition was never checked." % self.line
        if errors and errors + self.undefined == self.evaluations and not self.true_count:
            first = sorted(self.errors.values(), key=lambda e: -e["count"])[0]
            return "condition_error", "The condition raised an error every time it was checked (%s, first on line " \
                "%d); it was treated as false." % (first["error"], first["first_line"])  # fmt: skip
        if self.evaluations and self.undefined == self.evaluations:
            return "names_undefined", "The condition's names were never all defined where it was checked (%s)." % (
                self.undefined_message
            )
        text = "The condition %s never held in %d checks" % (self.condition, self.evaluations)
        if self.true_count:
            text = "The condition held %d time(s), fewer than the %d asked for" % (self.true_count, self.nth)
        if errors:
            text += "; it raised an error %d time(s) (treated as false)" % errors
        return "never_true", text + "."


def run(job, workdir, writer):
    """Breakpoint mode: one ``breakpoint_end`` frame, with ``hit`` true or false."""
    session, seconds = trace_run.tracing_session(job, workdir)
    source = job.get("code", "")
    condition = str(job.get("condition") or "")
    try:
        condition_code = compile(condition, "<condition>", "eval")
    except SyntaxError as exc:
        writer("breakpoint_end", hit=False, reason="condition_invalid", condition=condition,
               message="The condition is not a Python expression: %s." % (exc.msg,))  # fmt: skip
        return
    try:
        code_object, path = judge.compile_solution(source, workdir)
    except (SyntaxError, ValueError) as exc:
        writer("compile_error", **judge.syntax_error_payload(exc))
        return
    watches = []
    for expression in job.get("watch") or []:
        try:
            watches.append((expression, compile(str(expression), "<watch>", "eval")))
        except SyntaxError:
            watches.append((expression, None))
    heap = tracing.new_heap(patches=False)
    mode = Breakpoint(heap, condition, condition_code, job.get("line"), int(job.get("hit") or 1), watches, path)
    tracer = tracing.Tracer(path, source, writer, session.stdout, max_steps=10**12, seconds=seconds, heap=heap, mode=mode,
                    on_stop=trace_run.exit_child(writer))  # fmt: skip
    outcome, _target = trace_run.run_program(tracer, session, job, source, code_object)
    if tracer.program_ended(outcome):
        return
    reason, message = mode.missed(outcome)
    program = trace_run.ending(outcome, path, tracer, job)
    fields = {"hit": False, "reason": reason, "message": message, "program": program}
    if program.get("reason") not in ("finished", None):
        fields["message"] = message + " The program itself stopped first: %s" % program.get("error_message", "")
    tracer.close(fields)
