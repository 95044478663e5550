"""Why a trace hit its step or time limit: which loop was repeating and what never changed in it.

When a trace stops on a limit, the program is not killed at once: ``LoopWatch`` lets it run a few
thousand more lines (a fraction of a second) without recording steps, and notes each time a loop
header runs in the frames that were active, with a fingerprint of their variables. The loop whose
header keeps coming back is the one repeating; the variables whose fingerprint stayed the same
over its last iterations are the usual cause of an endless loop (``while lo <= hi`` with neither
``lo`` nor ``hi`` moving).
"""

import sys
import time

WINDOW_LINES = 4000
WINDOW_SECONDS = 0.3
KEEP_ITERATIONS = 12


def loops_of(source):
    """Every for/while loop of the source: header line, last line, kind, and the names it tests."""
    import ast

    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []
    found = []

    def visit(node, scope):
        for child in ast.iter_child_nodes(node):
            inner = scope
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
                inner = child.lineno
            if isinstance(child, (ast.For, ast.AsyncFor, ast.While)):
                watched = child.test if isinstance(child, ast.While) else child.iter
                names = sorted({n.id for n in ast.walk(watched) if isinstance(n, ast.Name)})
                if isinstance(child, ast.While):
                    condition = ast.get_source_segment(source, child.test) or ""
                else:
                    target = ast.get_source_segment(source, child.target) or ""
                    condition = "%s in %s" % (target, ast.get_source_segment(source, child.iter) or "")
                found.append(
                    {
                        "kind": "while" if isinstance(child, ast.While) else "for",
                        "line": child.lineno,
                        "end_line": getattr(child, "end_lineno", child.lineno) or child.lineno,
                        "scope": scope,
                        "names": names,
                        "condition": condition[:200],
                        "no_way_out": isinstance(child, ast.While) and _always_true(child.test) and not _leaves(child),
                    }
                )
            visit(child, inner)

    visit(tree, 0)
    return found


def _always_true(test):
    import ast

    return isinstance(test, ast.Constant) and bool(test.value)


def _leaves(loop):
    """Whether anything in the loop's body can leave it: its own ``break``, or a ``return``,
    ``raise`` or ``yield`` (which may hand control away for good)."""
    import ast

    todo = [(node, False) for node in loop.body]
    while todo:
        node, nested = todo.pop()
        if isinstance(node, (ast.Return, ast.Raise, ast.Yield, ast.YieldFrom)):
            return True
        if isinstance(node, ast.Break) and not nested:  # a nested loop's break leaves only that loop
            return True
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue  # its statements run elsewhere
        inner = nested or isinstance(node, (ast.For, ast.AsyncFor, ast.While))
        todo.extend((child, inner) for child in ast.iter_child_nodes(node))
    return False


def _scope_of(source_scopes, line):
    best = 0
    for start, end in source_scopes:
        if start <= line <= end and start > best:
            best = start
    return best


def _scopes(source):
    import ast

    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []
    return [
        (n.lineno, getattr(n, "end_lineno", n.lineno) or n.lineno)
        for n in ast.walk(tree)
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef))
    ]


def fingerprint(value, depth=0):
    """A comparable picture of a value, read without calling the learner's methods."""
    t = type(value)
    if value is None or t in (int, float, bool, str):
        return (t.__name__, value if t is not str or len(value) < 200 else value[:200] + str(len(value)))
    if depth > 3:
        return ("deep", id(value))
    if isinstance(value, (list, tuple)) or t.__name__ == "deque":
        items = [fingerprint(v, depth + 1) for index, v in zip(range(40), value)]
        return (t.__name__, id(value), len(value), tuple(items))
    if isinstance(value, dict):
        items = [(fingerprint(k, depth + 1), fingerprint(v, depth + 1)) for _, (k, v) in zip(range(40), value.items())]
        return ("dict", id(value), len(value), tuple(items))
    if isinstance(value, (set, frozenset)):
        return ("set", id(value), len(value), frozenset(fingerprint(v, depth + 1) for v in value))
    try:
        fields = object.__getattribute__(value, "__dict__")
    except AttributeError:
        return (t.__name__, id(value))
    if isinstance(fields, dict) and not isinstance(value, type):
        return (t.__name__, id(value), tuple((k, fingerprint(v, depth + 1)) for k, v in list(fields.items())[:20]))
    return (t.__name__, id(value))


def _is_data(value):
    return not (callable(value) or type(value).__name__ == "module")


class LoopWatch:
    """Runs a stopped program a little longer to see which loop repeats; then ends the trace."""

    def __init__(self, filename, source, frames, on_done):
        """``frames``: the frames of the learner's code at the stop, innermost first, each with the
        count of each line's runs so far; ``on_done`` receives the diagnosis."""
        self.filename = filename
        self.on_done = on_done
        self.lines = 0
        self.until = time.perf_counter() + WINDOW_SECONDS
        self.loops = loops_of(source)
        self.scopes = _scopes(source)
        self.headers = {loop["line"] for loop in self.loops}
        self.hits = {}  # (frame id, header line) -> header runs in the window
        self.snaps = {}  # (frame id, header line) -> fingerprints of the frame's variables
        self.calls = {}  # function -> calls in the window
        self.depth = len(frames)
        self.deepest = self.depth
        self.frames = []  # at the stop, innermost first: (frame, line runs so far, line)
        self.done = False
        for frame, hits in frames:
            self.frames.append((frame, hits, frame.f_lineno))
            frame.f_trace = self.local
        sys.settrace(self.trace_call)

    # -- watching ---------------------------------------------------------------------------------

    def trace_call(self, frame, event, arg):
        if frame.f_code.co_filename != self.filename:
            return None
        self.depth += 1
        self.deepest = max(self.deepest, self.depth)
        name = frame.f_code.co_name
        self.calls[name] = self.calls.get(name, 0) + 1
        return self.local

    def local(self, frame, event, arg):
        if self.done:
            return None
        if event == "line":
            self.lines += 1
            line = frame.f_lineno
            if line in self.headers:
                key = (id(frame), line)
                self.hits[key] = self.hits.get(key, 0) + 1
                snaps = self.snaps.setdefault(key, [])
                snaps.append(
                    {
                        k: fingerprint(v)
                        for k, v in frame.f_locals.items()
                        if k[:1] != "." and k[:2] != "__" and _is_data(v)
                    }
                )
                if len(snaps) > KEEP_ITERATIONS:
                    del snaps[0]
            if self.lines >= WINDOW_LINES or (not self.lines & 63 and time.perf_counter() > self.until):
                self.finish(None)
        elif event == "return":
            self.depth -= 1
        return self.local

    def program_ended(self, outcome):
        """The program finished inside the window: the loop was long, not endless."""
        if self.done:
            return
        note = "The program ended %d lines after the limit, so it was long rather than endless." % self.lines
        if outcome.exception is not None:
            note = "The program stopped with %s %d lines after the limit." % (
                type(outcome.exception).__name__,
                self.lines,
            )
        self.finish(note)

    # -- concluding -------------------------------------------------------------------------------

    def finish(self, note):
        self.done = True
        sys.settrace(None)
        diagnosis = self.diagnose()
        if note:
            diagnosis["note"] = note
        self.on_done(diagnosis)

    def diagnose(self):
        for frame, hits, line in self.frames:
            loop = self._repeating_loop(frame, line)
            if loop is not None:
                return self._describe_loop(frame, hits, loop)
        if self.frames:
            recursion = self._recursion()
            if recursion is not None:
                return recursion
            frame, hits, line = self.frames[0]
            enclosing = self._enclosing(frame, line)
            if enclosing:
                return self._describe_loop(frame, hits, enclosing[-1])
        return {
            "kind": "none",
            "message": "No loop was repeating when the limit was reached: the program simply needed more steps.",
        }

    def _enclosing(self, frame, line):
        """Loops of this frame's function that contain ``line``, outermost first."""
        scope = _scope_of(self.scopes, line)
        found = [loop for loop in self.loops if loop["line"] <= line <= loop["end_line"] and loop["scope"] == scope]
        return sorted(found, key=lambda loop: loop["line"])

    def _repeating_loop(self, frame, line):
        for loop in self._enclosing(frame, line):
            if self.hits.get((id(frame), loop["line"]), 0) >= 2:
                return loop
        return None

    def _describe_loop(self, frame, hits, loop):
        key = (id(frame), loop["line"])
        before = hits.get(loop["line"], 0)
        iterations = before + self.hits.get(key, 0)
        snaps = self.snaps.get(key, [])
        unchanged, changed = [], []
        if len(snaps) >= 2:
            for name in sorted(snaps[-1]):
                values = [snap.get(name) for snap in snaps]
                (unchanged if all(v == values[0] for v in values) else changed).append(name)
        stuck = [name for name in loop["names"] if name in unchanged]
        span = (
            "line %d" % loop["line"]
            if loop["end_line"] == loop["line"]
            else "lines %d-%d"
            % (
                loop["line"],
                loop["end_line"],
            )
        )
        text = "The %s loop at %s (%s) ran %s times" % (loop["kind"], span, loop["condition"], format(iterations, ","))
        if loop.get("no_way_out"):
            text += "; its condition is always true and nothing in it leaves the loop (no break, return, raise or " \
                "yield): it has no way out."  # fmt: skip
        elif len(snaps) >= 2:
            if stuck:
                text += "; over its last %d iterations %s never changed, and the loop's %s depends on %s." % (
                    len(snaps),
                    _names(stuck),
                    "condition" if loop["kind"] == "while" else "iterable",
                    "it" if len(stuck) == 1 else "them",
                )
            elif unchanged and not changed:
                text += "; over its last %d iterations no variable changed at all." % len(snaps)
            elif unchanged:
                text += "; over its last %d iterations %s never changed." % (len(snaps), _names(unchanged))
            elif changed:
                text += "; every variable changed from one iteration to the next, so it may only need more steps."
            else:
                text += "; it has no variables to watch, so nothing it could change ends it."
        else:
            text += "."
        return {
            "kind": "loop",
            "loop_kind": loop["kind"],
            "function": frame.f_code.co_name,
            "lines": [loop["line"], loop["end_line"]],
            "header": loop["condition"],
            "iterations": iterations,
            "iterations_compared": len(snaps),
            "unchanged": unchanged,
            "changed": changed,
            "condition_names_unchanged": stuck,
            "no_way_out": bool(loop.get("no_way_out")),
            "message": text,
        }

    def _recursion(self):
        functions = {}
        for frame, _state, _line in self.frames:
            functions[frame.f_code.co_name] = functions.get(frame.f_code.co_name, 0) + 1
        name, count = max(functions.items(), key=lambda item: item[1])
        if count < 20 and self.deepest <= self.depth + 5:
            return None
        return {
            "kind": "recursion",
            "function": name,
            "depth": self.deepest,
            "message": "%s kept calling itself: %d calls deep when the trace stopped, %d a moment later. Is a base "
            "case missing, or never reached?" % (name, self.depth, self.deepest),
        }


def _names(names):
    names = list(names)
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]
