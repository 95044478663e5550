"""bp_trace and bp_breakpoint inside the child: a line tracer over the learner's code.

Steps travel to the parent in ``trace_batch`` frames, compact lists rather than objects so that a
100,000-step trace stays cheap to write and to read::

    [event, line, frame]                          nothing changed
    [event, line, frame, changed]                 variables that changed (name -> encoded value)
    [event, line, frame, changed, heap, stdout]   plus heap objects new or changed, printed text
    [event, line, frame, changed, heap, stdout, extra]   call / return / exception details
    [event, line, frame, changed, heap, stdout, extra, elsewhere]   other frames' variables

``event`` is 0 line, 1 call, 2 return, 3 exception (``wire``); ``frame`` numbers each call (a call
step's ``extra`` names its function, depth and parent frame). A step describes the moment before
its line runs, as debuggers do, and shows every visible frame as it is then: ``elsewhere``
(``{frame: changed}``) carries what the line before changed in other frames, a ``global`` or
``nonlocal`` assignment, ``from m import *``, ``exec``. Values are encoded by ``heap.Heap``; only
what changed is re-encoded, and after a line only the names it touches are compared
(``line_names``).

Ids stay stable without keeping the program's objects alive. An object gets a heap id the first
time it is met and keeps it while it lives; the heap never holds it longer than the program does:

- what can be weakly referenced (the learner's instances and classes, sets, deques, generators) is
  held weakly, by the heap and by the values a frame was last seen with; when the program drops
  it, it dies then, as untraced (``__del__`` runs inside the learner's own line, weak references
  die), and its id is forgotten, so an object born later at the same address gets a new one;
- lists, dicts and tuples cannot be weakly referenced: the heap holds them, and a sweep
  (``Heap.sweep``) lets go of those the program no longer references, counting references
  (``sys.getrefcount``) less those the heap's own objects and records account for, and keeping
  whatever the rest still reaches (cycles included). It runs when the held objects have doubled
  or hold a million items, so memory stays near the untraced program's and the cost in
  proportion to what was made.

Who does what: the mode (``trace_run``, ``breakpoints``) builds a ``Tracer`` with the frame writer
it sends through, and, for a breakpoint, a mode object that sees each line, keeps the steps and
says what it adds to the closing frame. The tracer stops on its step or time limit, lets
``loops.LoopWatch`` watch the program a moment longer to diagnose the loop, and sends the closing
frame itself (``trace_end``, or the mode's kind).
"""

import sys
import time

try:
    from .. import wire
    from . import call_state, line_names, loops, sandbox, structures
    from . import heap as heapmod
except ImportError:  # run as a flat script inside the child
    import call_state
    import heap as heapmod
    import line_names
    import loops
    import sandbox
    import structures
    import wire

LINE, CALL, RETURN, EXCEPTION = wire.LINE, wire.CALL, wire.RETURN, wire.EXCEPTION
CallState, TraceStopped, DELETED = call_state.CallState, call_state.TraceStopped, call_state.DELETED
_identity = heapmod.identity
_CO_GENERATOR = 0x20 | 0x80 | 0x200  # generators, coroutines, async generators


def new_heap(max_items=100, patches=True):
    """A heap whose learner's classes are the solution's (``__main__``) and TreeNode/ListNode."""
    return heapmod.Heap(max_items=max_items, learner_modules=("__main__", structures.TreeNode.__module__),
                        patches=patches)  # fmt: skip


class Tracer:
    """Traces the calls of the learner's file; ``trace_call`` is what ``sys.settrace`` gets.

    ``writer`` sends frames (``send(kind, **fields)``, ``send_steps(first, steps)``); ``mode``
    (None for a plain trace) sees each line with ``on_line``, keeps the steps in ``steps``, names
    its closing frame ``end_kind`` and adds ``ending(fields)`` to it; ``on_stop`` ends the child
    once a stopped trace has sent its closing frame.
    """

    def __init__(self, filename, source, writer, stdout=None, max_steps=1000, seconds=5.0, lines=None,
                 variables=None, heap=None, mode=None, on_stop=None, batch_size=1000, checks=None):  # fmt: skip
        self.filename = filename
        self.source = source
        self.writer = writer
        self.stdout = stdout
        self.heap = heap or new_heap()
        self.mode = mode
        self.on_stop = on_stop
        self.room = max_steps
        self.started = time.perf_counter()
        # CPU time, as every other limit of a run: a busy machine must not stop a trace short.
        self.deadline = time.process_time() + seconds
        self.line_filter = set(lines) if lines else None
        self.names = line_names.LinesNames(variables)
        self.checks = checks  # a plan's expectations (``plan_checks.Checks``), checked before each line
        self.plain = (
            self.line_filter is None and mode is None and checks is None
        )  # no hook, no filter: the fastest path
        self.batch_size = batch_size if mode is None else float("inf")
        self.steps = [] if mode is None else mode.steps
        self.sent = 0
        self.events = 0
        self.stack = []
        self.next_uid = 0
        self.modules = {}  # identity(globals) -> the module frame on the stack that runs in them
        self.line_counts = {}
        self.out_seen = 0
        self.elsewhere = None  # {frame: changed} for other frames, since the last step
        self.stopped = None
        self.watch = None
        self._last_flush = self.started

    # -- entering and leaving frames --------------------------------------------------------------

    def trace_call(self, frame, event, arg):
        code = frame.f_code
        if code.co_filename != self.filename:
            return None
        try:
            state = getattr(frame.f_trace, "__self__", None)
            resumed = type(state) is CallState and state.t is self
            if not resumed:
                state = CallState(self, self.next_uid, frame, self.names.of(code, frame.f_globals))
                self.next_uid += 1
            self.entered(state, frame, resumed)
        except (TraceStopped, MemoryError):
            raise
        except Exception:  # noqa: BLE001 - see CallState.local
            return self.fault()
        return state.local if self.watch is None else self.watch.local

    def entered(self, state, frame, resumed):
        caller = self.stack[-1] if self.stack else None
        parent = None
        if caller is not None:
            parent = caller.uid
            spec = caller.names.get(caller.prev)
            if spec is not None and caller.frame is not None:
                # The caller is in the middle of a line: what it did so far shows in its frame now.
                changed = caller.check(caller.frame, spec)
                if changed:
                    self.elsewhere = self.elsewhere if self.elsewhere is not None else {}
                    _merge(self.elsewhere, caller.uid, changed)
        self.stack.append(state)
        state.frame = frame
        if state.module:
            self.modules[_identity(frame.f_globals)] = state
            # The namespace the harness made (TreeNode, typing names...) is not the learner's doing.
            state.values = dict(frame.f_globals)
            changed = None
        elif resumed:  # a generator: only its cells can have changed while it was paused
            changed = (
                state.compare(frame.f_locals, [n for n in state.cells if self.names.wanted(n)]) if state.cells else None
            )
        else:
            changed = state.compare(frame.f_locals, [name for name in frame.f_locals if self.names.wanted(name)])
        extra = {"function": state.function, "depth": len(self.stack), "parent": parent}
        if resumed:
            extra["resumed"] = True
        self.record(CALL, frame, state, changed, extra)

    def left(self, state, frame, value):
        spec = state.names.get(state.prev)
        changed = None if spec is None else state.check(frame, spec)
        extra = {"value": self.encode(value)}
        if frame.f_code.co_flags & _CO_GENERATOR and _yielding(frame):
            extra["yielded"] = True
        self.record(RETURN, frame, state, changed, extra)
        counts = self.line_counts
        for line, count in state.hits.items():
            counts[line] = counts.get(line, 0) + count
        state.hits = {}
        if self.stack and self.stack[-1] is state:
            self.stack.pop()
            if state.module:
                self.modules.pop(_identity(frame.f_globals), None)
        state.frame = None  # a paused generator's frame lives on in the generator, not here
        return state.local if self.watch is None else self.watch.local

    def failed(self, state, frame, arg):
        spec = state.names.get(state.prev)
        changed = None if spec is None else state.check(frame, spec)
        exc_type, exc, _tb = arg
        self.record(EXCEPTION, frame, state, changed, {"exception": describe(exc_type, exc)})
        return state.local if self.watch is None else self.watch.local

    def outside(self, state, effects):
        """After a line that changed other frames' variables: compare them there, for ``elsewhere``."""
        writes, enclosing, opaque = effects
        found = self.elsewhere if self.elsewhere is not None else {}
        if writes or opaque:
            module = self.modules.get(_identity(state.frame.f_globals))
            if module is not None and module is not state:
                names = module.all_names(module.frame) if opaque else writes
                _merge(found, module.uid, module.compare(module.frame.f_locals, names))
        if enclosing:
            for other in reversed(self.stack):
                shared = [name for name in enclosing if name in other.cells]
                if other is state or not shared:
                    continue
                # Every frame on the stack with a cell of that name is compared, past the first that
                # owns one: a closure passed down a recursion writes its own frame's cell, which may
                # lie below another call of the same function with a cell of the same name.
                _merge(found, other.uid, other.compare(other.frame.f_locals, shared))
        if found:
            self.elsewhere = found

    # -- recording --------------------------------------------------------------------------------

    def line(self, state, frame, line, changed):
        """A line step when a mode or a line filter is in play (the plain path is inline)."""
        if self.mode is not None and self.mode.on_line is not None:
            stop = self.mode.on_line(state, frame, line)
            if stop is not None:
                self.conclude(stop)
        if self.checks is not None:
            self.checks.on_line(frame, line, self.recorded)
        if self.line_filter is not None and line not in self.line_filter:
            if changed:
                state.hold(changed)
            return state.local
        self.room -= 1
        if self.room < 0:
            self.stop("max_steps", state, frame)
            return self.watch.local
        if state.pending is not None:
            changed = state.release(changed)
        self.steps.append(self.step(LINE, line, state.uid, changed, self.stdout_delta(), None))
        if len(self.steps) >= self.batch_size:
            self.flush()
        return state.local

    def record(self, event, frame, state, changed, extra):
        """A call, return or exception step."""
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
        self.steps.append(self.step(event, line, state.uid, changed, self.stdout_delta(), extra))
        if len(self.steps) >= self.batch_size:
            self.flush()

    def step(self, event, line, uid, changed, stdout, extra):
        """A step with everything it carries: the heap changes and other frames' changes too."""
        out = [event, line, uid, changed, self.heap.take(), stdout, extra]
        if self.elsewhere is not None:
            out.append({str(k): v for k, v in self.elsewhere.items()})
            self.elsewhere = None
        return out

    def encode(self, value):
        hid = self.heap.ids.get(_identity(value))
        if hid is not None:
            self.heap.recheck_id(hid)
            return {"ref": hid}
        return self.heap.value(value)

    def new_output(self):
        """The captured output was reset (a new call of the learner's code): nothing of it seen yet."""
        self.out_seen = 0

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

    def flush(self):
        if self.mode is None and self.steps:
            steps, self.steps = self.steps, []
            self.writer.send_steps(self.sent, steps)
            self.sent += len(steps)
        self._last_flush = time.perf_counter()

    def periodic(self, state, frame):
        """Every 256 lines: the time limit, and a flush so a slow program shows steps as they come."""
        if time.process_time() > self.deadline:
            self.stop("time_limit", state, frame)
            return True
        if time.perf_counter() - self._last_flush > 0.25:
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
        frames = [(s.frame, s.hits) for s in reversed(self.stack) if s.frame is not None]
        if not frames or frames[0][0] is not frame:
            frames.insert(0, (frame, state.hits))

        def diagnosed(diagnosis):
            self.conclude({"reason": reason, "message": self.limit_message(reason), "diagnosis": diagnosis})

        self.watch = loops.LoopWatch(self.filename, self.source, frames, diagnosed)

    def program_ended(self, outcome):
        """The program ended by itself; True when a stopped trace's watch took the ending over."""
        if self.watch is None:
            return False
        self.watch.program_ended(outcome)
        return True

    def limit_message(self, reason):
        steps = format(self.recorded, ",")
        if reason == "max_steps":
            return "The trace stopped after %s steps (max_steps); the program had not finished." % steps
        return "The trace stopped on the time limit after %s steps; tracing slows a program down, and an " \
            "endless loop never ends." % steps  # fmt: skip

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

    def conclude(self, fields):
        """Send the closing frame of a stopped trace and end the child; in-process, raise TraceStopped."""
        sys.settrace(None)
        self.close(fields)
        if self.on_stop is not None:
            self.on_stop()
        raise TraceStopped(fields.get("reason", "stopped"))

    def close(self, fields):
        """The closing frame: what every trace ends with, how it ended, and what the mode adds."""
        payload = self.end_payload()
        payload.update(fields)
        kind = wire.Frame.TRACE_END
        if self.mode is not None:
            kind = self.mode.end_kind
            payload.update(self.mode.ending(payload))
        if self.checks is not None:
            payload["plan_checks"] = self.checks.results()
        self.writer.send(kind, **payload)

    def end_payload(self):
        """What every closing frame carries: counts, output and the heap changes not yet sent."""
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


def _merge(found, uid, changed):
    if changed:
        found.setdefault(uid, {}).update(changed)


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
