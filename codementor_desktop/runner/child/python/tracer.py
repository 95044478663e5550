"""bp_trace and bp_breakpoint inside the child: a line tracer over the learner's code.

Steps travel to the parent in ``trace_batch`` frames, compact lists rather than objects so that a
100,000-step trace stays cheap to write and to read::

    [event, line, frame]                          nothing changed
    [event, line, frame, changed]                 variables that changed (name -> encoded value)
    [event, line, frame, changed, heap, stdout]   plus heap objects new or changed, printed text
    [event, line, frame, changed, heap, stdout, extra]   call / return / exception details

``event`` is 0 line, 1 call, 2 return, 3 exception; ``frame`` numbers each call (a call step's
``extra`` names its function, depth and parent frame). A step describes the moment before its line
runs, as debuggers do. Values are encoded by ``heap.Heap``; only what changed is re-encoded.

A ``trace_end`` frame closes the trace: why it stopped, the return value or the exception, the
count of each line's executions and, after a step or time limit, a loop diagnosis (``loops.py``).
"""

import sys
import time

try:
    from . import heap as heapmod
    from . import sandbox, structures
except ImportError:  # run as a flat script inside the child
    import heap as heapmod
    import sandbox
    import structures

LINE, CALL, RETURN, EXCEPTION = 0, 1, 2, 3
MISSING = object()
_NOTHING = ((), (), ())
_BIG = heapmod._INT_LIMIT
_identity = heapmod.identity
DELETED = {"deleted": True}
_INLINE = heapmod._INLINE
_CO_GENERATOR = 0x20 | 0x80 | 0x200  # generators, coroutines, async generators
_NAME_OPS = None  # opname -> 0 a local, 1 a global read, 2 a global write (filled on first use)


_ENCODER = []


def _batch_encoder():
    if not _ENCODER:
        try:
            import _json

            _ENCODER.append(_json.make_encoder(None, repr, _json.encode_basestring, None, ":", ",", False, False, True))
        except (ImportError, AttributeError):
            _ENCODER.append(None)
    return _ENCODER[0]


def _write(fd, data):
    import os

    return os.write(fd, data)


def _load(name):
    if __package__:
        import importlib

        return importlib.import_module("." + name, __package__)
    return __import__(name)


def _name_ops():
    global _NAME_OPS
    if _NAME_OPS is None:
        import dis

        ops = {}
        for op in dis.opname:
            if op == "IMPORT_NAME" or not any(w in op for w in ("FAST", "NAME", "DEREF", "GLOBAL", "CLOSURE")):
                continue
            if "GLOBAL" in op:
                ops[op] = 2 if ("STORE" in op or "DELETE" in op) else 1
            else:
                ops[op] = 0
        _NAME_OPS = ops
    return _NAME_OPS


def line_names(code, wanted=None):
    """For each line of ``code``: the names it touches, as (locals, globals read, globals written).

    Only these names can have changed when the line has run (plus the cell variables that inner
    functions may rebind), so only these are compared after it.
    """
    import dis

    ops = _name_ops()
    by_line = {}
    line = code.co_firstlineno
    for ins in dis.get_instructions(code):
        number = getattr(ins, "line_number", None)
        if number is None:
            start = ins.starts_line
            if start is not None and start is not True and start is not False:
                number = start
        if number is not None:
            line = number
        kind = ops.get(ins.opname)
        if kind is None:
            continue
        names = ins.argval if isinstance(ins.argval, tuple) else (ins.argval,)
        for name in names:
            if not isinstance(name, str) or name[:1] == "." or name[:2] == "__":
                continue
            if wanted is not None and name not in wanted:
                continue
            entry = by_line.setdefault(line, ([], [], []))[kind]
            if name not in entry:
                entry.append(name)
    cells = [name for name in code.co_cellvars if wanted is None or name in wanted]
    out = {}
    for number, (local_names, reads, writes) in by_line.items():
        local_names = tuple(local_names + [c for c in cells if c not in local_names])
        out[number] = (local_names, tuple(reads), tuple(writes))
    return out, ((tuple(cells), (), ()) if cells else None)


class TraceStopped(BaseException):
    """Raised through the learner's code when a stopped trace runs in-process (benchmarks)."""


class FrameState:
    """One running call of the learner's code: the values last seen and the lines it ran."""

    __slots__ = ("t", "uid", "names", "cells", "values", "prev", "hits", "function", "module", "pending")

    def __init__(self, tracer, code, space):
        self.t = tracer
        self.uid = tracer.next_uid
        tracer.next_uid += 1
        self.names, self.cells = tracer.names_of(code, space)
        self.values = {}
        self.prev = None
        self.hits = {}
        self.function = code.co_name
        self.module = code.co_name == "<module>"
        self.pending = None

    def local(self, frame, event, arg):
        """The per-frame trace function: the hot path of the tracer."""
        try:
            t = self.t
            if event == "line":
                line = frame.f_lineno
                t.events += 1
                if not t.events & 255 and t.periodic(self, frame):
                    return t.watch.local
                hits = self.hits
                hits[line] = hits.get(line, 0) + 1
                spec = self.names.get(self.prev, self.cells)
                self.prev = line
                changed = self.check(frame, spec) if spec is not None or self.module else None
                if t.plain:
                    t.room -= 1
                    if t.room < 0:
                        t.stop("max_steps", self, frame)
                        return t.watch.local
                    heap = t.heap
                    out = t.stdout
                    if out is not None and len(out._parts) != t.out_seen:
                        out = t.stdout_delta()
                    else:
                        out = None
                    hd = heap.delta
                    if hd or out is not None:
                        if hd:
                            heap.delta = {}
                        else:
                            hd = None
                        t.steps.append([LINE, line, self.uid, changed, hd, out])
                    else:
                        t.steps.append([LINE, line, self.uid] if changed is None else [LINE, line, self.uid, changed])
                    if len(t.steps) >= t.batch_size:
                        t.flush()
                    return self.local
                if t.hook is not None:
                    t.hook(self, frame, line)
                if t.line_filter is not None and line not in t.line_filter:
                    if changed:
                        self.hold(changed)
                    return self.local
                t.room -= 1
                if t.room < 0:
                    t.stop("max_steps", self, frame)
                    return t.watch.local
                if self.pending is not None:
                    changed = self.release(changed)
                hd = t.heap.take()
                out = t.stdout_delta()
                if hd is None and out is None:
                    t.steps.append([LINE, line, self.uid] if changed is None else [LINE, line, self.uid, changed])
                else:
                    t.steps.append([LINE, line, self.uid, changed, hd, out])
                if len(t.steps) >= t.batch_size:
                    t.flush()
                return self.local
            if event == "return":
                return self.leave(frame, arg)
            if event == "exception":
                return self.fail(frame, arg)
            return self.local
        except (TraceStopped, MemoryError):
            raise
        except Exception:  # noqa: BLE001 - a fault of the tracer must never look like the learner's
            return self.t.fault()

    def check(self, frame, spec):
        """Variables of the line just run that now hold another object; recheck the mutable ones."""
        t = self.t
        heap = t.heap
        tracked = heap.ids
        changed = None
        local_names, reads, writes = spec or _NOTHING
        if self.module and t.dirty_globals:
            local_names = tuple(local_names) + tuple(n for n in t.dirty_globals if n not in local_names)
            t.dirty_globals = set()
        if writes:
            t.dirty_globals.update(writes)
        if reads:
            space = frame.f_globals
            for hid in map(tracked.get, map(id, map(space.get, reads))):
                if hid is not None:
                    heap.recheck_id(hid)
        if not local_names:
            return None
        space = frame.f_locals
        values = self.values
        for name in local_names:
            v = space.get(name, MISSING)
            before = values.get(name, MISSING)
            if v is before:
                hid = tracked.get(_identity(v))
                if hid is not None:
                    heap.recheck_id(hid)
                continue
            kind = type(v)
            if kind is type(before) and kind in _INLINE and v == before:
                values[name] = v
                continue
            if changed is None:
                changed = {}
            if v is MISSING:
                del values[name]
                changed[name] = DELETED
                continue
            values[name] = v
            if kind is int and -_BIG < v < _BIG:
                changed[name] = v
                continue
            hid = tracked.get(_identity(v))
            if hid is None:
                changed[name] = heap.value(v)
            else:
                heap.recheck_id(hid)
                changed[name] = {"ref": hid}
        return changed

    def hold(self, changed):
        if self.pending is None:
            self.pending = {}
        self.pending.update(changed)

    def release(self, changed):
        pending, self.pending = self.pending, None
        if changed:
            pending.update(changed)
        return pending or None

    def enter(self, frame, resumed):
        t = self.t
        parent = t.stack[-1].uid if t.stack else None
        t.stack.append(self)
        if self.module:
            # The namespace the harness made (TreeNode, typing names...) is not the learner's doing.
            self.values = dict(frame.f_globals)
            changed = None
        elif resumed:
            changed = None
        else:
            changed = self.check(frame, (tuple(name for name in frame.f_locals if t.wanted(name)), (), ()))
        extra = {"function": self.function, "depth": len(t.stack), "parent": parent}
        if resumed:
            extra["resumed"] = True
        t.record(CALL, frame, self, changed, extra)

    def leave(self, frame, value):
        t = self.t
        changed = self.check(frame, self.names.get(self.prev, self.cells))
        extra = {"value": t.encode(value)}
        code = frame.f_code
        if code.co_flags & _CO_GENERATOR and _yielding(frame):
            extra["yielded"] = True
        t.record(RETURN, frame, self, changed, extra)
        counts = t.line_counts
        for line, count in self.hits.items():
            counts[line] = counts.get(line, 0) + count
        self.hits = {}
        if t.stack and t.stack[-1] is self:
            t.stack.pop()
        return self.local if t.watch is None else t.watch.local

    def fail(self, frame, arg):
        t = self.t
        changed = self.check(frame, self.names.get(self.prev, self.cells))
        exc_type, exc, _tb = arg
        t.record(EXCEPTION, frame, self, changed, {"exception": describe(exc_type, exc)})
        return self.local if t.watch is None else t.watch.local


def describe(exc_type, exc):
    """``{"type": "IndexError", "message": "list index out of range"}``, without surprises."""
    name = getattr(exc_type, "__name__", "Exception")
    if isinstance(exc, sandbox.TimeLimitExceeded):
        return {"type": name, "message": "the time limit was reached here"}
    try:
        message = str(exc)
    except Exception:  # noqa: BLE001 - a broken __str__ of the learner's exception
        message = ""
    return {"type": name, "message": message[:300]}


def _yielding(frame):
    try:
        return frame.f_code.co_code[frame.f_lasti] in _yield_ops()
    except (IndexError, AttributeError):
        return False


_YIELD_OPS = None


def _yield_ops():
    global _YIELD_OPS
    if _YIELD_OPS is None:
        import dis

        _YIELD_OPS = {dis.opmap[name] for name in ("YIELD_VALUE", "INSTRUMENTED_YIELD_VALUE") if name in dis.opmap}
    return _YIELD_OPS


class Tracer:
    """Traces the calls of the learner's file; ``trace_call`` is what ``sys.settrace`` gets."""

    def __init__(self, filename, source, send, stdout=None, max_steps=1000, seconds=5.0, lines=None,
                 variables=None, batch_size=1000, heap=None):  # fmt: skip
        self.filename = filename
        self.source = source
        self.send = send
        self.stdout = stdout
        self.heap = heap or heapmod.Heap(learner_modules=("__main__", structures.TreeNode.__module__))
        self.max_steps = max_steps
        self.room = max_steps
        self.started = time.perf_counter()
        self.deadline = self.started + seconds
        self.line_filter = set(lines) if lines else None
        self.var_filter = set(variables) if variables else None
        self.batch_size = batch_size
        self.steps = []
        self.sent = 0
        self.events = 0
        self.next_uid = 0
        self.stack = []
        self.line_counts = {}
        self.dirty_globals = set()
        self.hook = None
        self.stopped = None
        self.watch = None
        self.on_stop = None
        self.streaming = True
        self.plain = self.line_filter is None  # no hook, no line filter: the fastest path
        self.end_kind = "trace_end"
        self.end_fields = None
        self.out_seen = 0
        self._codes = {}
        self._last_flush = self.started

    # -- entering frames --------------------------------------------------------------------------

    def trace_call(self, frame, event, arg):
        code = frame.f_code
        if code.co_filename != self.filename:
            return None
        try:
            current = frame.f_trace
            state = getattr(current, "__self__", None)
            resumed = type(state) is FrameState and state.t is self
            if not resumed:
                state = FrameState(self, code, frame.f_globals)
            state.enter(frame, resumed)
        except (TraceStopped, MemoryError):
            raise
        except Exception:  # noqa: BLE001 - see FrameState.local
            return self.fault()
        return state.local if self.watch is None else self.watch.local

    def fault(self):
        """The tracer itself failed: end the trace with the steps so far and the reason."""
        import traceback

        sys.settrace(None)
        self.stopped = "internal_error"
        self.flush()
        self.conclude({
            "reason": "internal_error",
            "message": "The tracer failed (a fault in CodeMentor, not in your code); the steps so far are kept.",
            "detail": traceback.format_exc()[-3000:],
        })  # fmt: skip

    def names_of(self, code, space):
        found = self._codes.get(code)
        if found is None:
            by_line, cells = line_names(code, self.var_filter)
            if code.co_name != "<module>":
                # Builtins (range, len, print) are never the learner's objects: do not look them up.
                by_line = {
                    line: (names, tuple(n for n in reads if n in space), writes)
                    for line, (names, reads, writes) in by_line.items()
                }
            found = self._codes[code] = (by_line, cells)
        return found

    def wanted(self, name):
        return name[:1] != "." and name[:2] != "__" and (self.var_filter is None or name in self.var_filter)

    # -- recording --------------------------------------------------------------------------------

    def encode(self, value):
        hid = self.heap.ids.get(_identity(value))
        if hid is not None:
            self.heap.recheck_id(hid)
            return {"ref": hid}
        return self.heap.value(value)

    def stdout_delta(self):
        out = self.stdout
        if out is None:
            return None
        parts = out._parts
        if len(parts) == self.out_seen:
            return None
        text = "".join(parts[self.out_seen :])
        self.out_seen = len(parts)
        return text

    def record(self, event, frame, state, changed, extra):
        """A call, return or exception step (line steps are recorded inline, for speed)."""
        line = frame.f_lineno or frame.f_code.co_firstlineno  # a module's call event says line 0
        if self.line_filter is not None and line not in self.line_filter and event != EXCEPTION:
            if changed:
                state.hold(changed)
            return
        if self.watch is not None:
            return
        self.room -= 1
        if self.room < 0:
            self.stop("max_steps", state, frame)
            return
        if state.pending is not None:
            changed = state.release(changed)
        self.steps.append([event, line, state.uid, changed, self.heap.take(), self.stdout_delta(), extra])
        if len(self.steps) >= self.batch_size:
            self.flush()

    def flush(self):
        if self.streaming and self.steps:
            steps, self.steps = self.steps, []
            self._write_batch(steps)
            self.sent += len(steps)
        self._last_flush = time.perf_counter()

    def _write_batch(self, steps):
        """One trace_batch frame. Steps are plain acyclic data, so the JSON encoder can skip its
        circular-reference bookkeeping (a third of its time on a long trace)."""
        writer = getattr(self.send, "__self__", None)
        prefix = None if getattr(writer, "_compact", False) else getattr(writer, "_prefix", None)
        encoder = _batch_encoder()
        if prefix is None or encoder is None:
            self.send("trace_batch", first=self.sent, steps=steps)
            return
        payload = {"first": self.sent, "steps": steps, "kind": "trace_batch"}
        data = "".join(encoder(payload, 0)).encode("utf-8", "replace")
        view = memoryview(b"\n" + prefix + data + b"\n")
        while view:
            view = view[_write(writer._fd, view) :]

    def periodic(self, state, frame):
        """Every 256 lines: the time limit, and a flush so a slow program shows steps as they come."""
        now = time.perf_counter()
        if now > self.deadline:
            self.stop("time_limit", state, frame)
            return True
        if now - self._last_flush > 0.25:
            self.flush()
        return False

    @property
    def recorded(self):
        return self.sent + len(self.steps)

    # -- stopping ---------------------------------------------------------------------------------

    def stop(self, reason, state, frame):
        """Stop recording; watch the loop a little longer to diagnose it, then end the run."""
        if self.stopped is not None:
            return
        self.stopped = reason
        self.flush()
        self.watch = _load("loops").LoopWatch(self, frame, reason)

    def conclude(self, fields):
        """Send the closing frame (after a stop) and end the child; in-process, raise TraceStopped."""
        sys.settrace(None)
        payload = self.end_payload()
        payload.update(fields)
        if self.end_fields is not None:
            payload.update(self.end_fields())
        self.send(self.end_kind, **payload)
        if self.on_stop is not None:
            self.on_stop()
        raise TraceStopped(fields.get("reason", "stopped"))

    def end_payload(self):
        """What every trace_end carries: counts, output and the heap changes not yet sent."""
        counts = dict(self.line_counts)
        for state in self.stack:
            for line, count in state.hits.items():
                counts[line] = counts.get(line, 0) + count
        return {
            "steps": self.recorded,
            "events": self.events,
            "line_counts": {str(k): v for k, v in sorted(counts.items())},
            "heap": self.heap.take(),
            "stdout": self.stdout.getvalue() if self.stdout is not None else "",
            "elapsed_ms": round((time.perf_counter() - self.started) * 1000, 1),
        }


# -- the modes (their code lives in trace_run.py and breakpoints.py) ---------------------------


def run_trace(job, workdir, send):
    """Trace mode: stream steps in batches, then a trace_end frame."""
    return _load("trace_run").run(job, workdir, send)


def run_breakpoint(job, workdir, send):
    """Breakpoint mode: run until the condition holds, then report the program's state."""
    return _load("breakpoints").run(job, workdir, send)
