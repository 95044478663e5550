"""One running call of the learner's code, as the tracer follows it: the values its variables held
when last seen, the lines it ran, and its per-line trace function, the hot path of the tracer.

After each line, only the names the line touched are compared (``line_names``), each with the
value last seen: a variable that now holds another object changed; one that holds the same
container is rechecked in the heap, which sends a patch if the container changed in place. A value
last seen is kept weakly when it can be (``_Held``), so that the tracer never keeps alive what the
program dropped.
"""

try:
    from .. import wire
    from . import heap as heapmod
except ImportError:  # run as a flat script inside the child
    import heap as heapmod
    import wire

LINE = wire.LINE
MISSING = object()
DELETED = {"deleted": True}
_BIG = heapmod._INT_LIMIT
_INLINE = heapmod._INLINE
_identity = heapmod.identity


class TraceStopped(BaseException):
    """Raised through the learner's code when a stopped trace runs in-process (benchmarks)."""


class _Held(heapmod.weak_ref):
    """How a frame's last seen value is kept when it can be weakly referenced: the tracer must not
    keep alive what the program dropped (its ``__del__`` runs, its weak references die, on time)."""

    __slots__ = ()


class CallState:
    """One running call of the learner's code: the values last seen, the lines it ran, and the
    per-line trace function (the hot path of the tracer, which reads its tracer's counters)."""

    __slots__ = ("t", "uid", "frame", "names", "cells", "values", "prev", "hits", "function", "module", "pending")

    def __init__(self, tracer, uid, frame, names):
        code = frame.f_code
        self.t = tracer
        self.uid = uid
        self.frame = frame
        self.names = names
        self.cells = code.co_cellvars + code.co_freevars
        self.values = {}
        self.prev = None
        self.hits = {}
        self.function = code.co_name
        self.module = code.co_name == "<module>"
        self.pending = None

    def local(self, frame, event, arg):
        try:
            t = self.t
            if event == "line":
                line = frame.f_lineno
                t.events += 1
                if not t.events & 255 and t.periodic(self, frame):
                    return t.watch.local
                hits = self.hits
                hits[line] = hits.get(line, 0) + 1
                spec = self.names.get(self.prev)
                self.prev = line
                if spec is None:
                    changed = None
                elif spec[1] is None:  # only the frame's own names: the common line
                    changed = self.compare(frame.f_locals, spec[0])
                else:
                    changed = self.check(frame, spec)
                if t.plain:
                    t.room -= 1
                    if t.room < 0:
                        t.stop("max_steps", self, frame)
                        return t.watch.local
                    out = t.stdout
                    if out is not None and len(out._parts) != t.out_seen:
                        out = t.stdout_delta()
                    else:
                        out = None
                    heap = t.heap
                    hd = heap.delta
                    if t.elsewhere is not None:
                        t.steps.append(t.step(LINE, line, self.uid, changed, out, None))
                    elif hd or out is not None:
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
                return t.line(self, frame, line, changed)
            if event == "return":
                return t.left(self, frame, arg)
            if event == "exception":
                return t.failed(self, frame, arg)
            return self.local
        except (TraceStopped, MemoryError):
            raise
        except Exception:  # noqa: BLE001 - a fault of the tracer must never look like the learner's
            return self.t.fault()

    def check(self, frame, spec):
        """Variables of the line just run that now hold another object; recheck the mutable ones.
        ``spec``: the line's names, and None or what else it touches (globals read, ``outside``)."""
        local_names, more = spec
        if more is None:
            return self.compare(frame.f_locals, local_names) if local_names else None
        reads, outside = more
        heap = self.t.heap
        tracked = heap.ids
        if reads:
            space = frame.f_globals
            for hid in map(tracked.get, map(_identity, map(space.get, reads))):
                if hid is not None:
                    heap.recheck_id(hid)
        if outside is not None:
            if outside[2]:  # names bound without their names: compare them all
                local_names = self.all_names(frame)
                if type(self.names) is not _Unnamed:
                    self.names = _Unnamed(self.names)
            self.t.outside(self, outside)
        if not local_names:
            return None
        return self.compare(frame.f_locals, local_names)

    def compare(self, space, local_names):
        heap = self.t.heap
        tracked = heap.ids
        values = self.values
        changed = None
        for name in local_names:
            v = space.get(name, MISSING)
            before = values.get(name, MISSING)
            if v is before:
                if type(v) not in _INLINE:
                    hid = tracked.get(_identity(v))
                    if hid is not None:
                        heap.recheck_id(hid)
                continue
            kind = type(v)
            was = type(before)
            if kind is was:
                if kind in _INLINE and v == before:
                    values[name] = v
                    continue
            elif was is _Held:
                old = before()
                if old is v:  # the same object, held weakly
                    hid = tracked.get(_identity(v))
                    if hid is not None:
                        heap.recheck_id(hid)
                    continue
                before = old
                was = type(old)
            if changed is None:
                changed = {}
            if was not in _INLINE and before is not MISSING:
                # The line may have changed the old object before it rebound the name to another one
                # (node = node.children.setdefault(key, Node())): see it changed, wherever it shows.
                hid = tracked.get(_identity(before))
                if hid is not None:
                    heap.recheck_id(hid)
            if v is MISSING:
                del values[name]
                changed[name] = DELETED
                continue
            if kind is int and -_BIG < v < _BIG:
                values[name] = v
                changed[name] = v
                continue
            values[name] = _Held(v) if kind.__weakrefoffset__ else v
            hid = tracked.get(_identity(v))
            if hid is None:
                changed[name] = heap.value(v)
            else:
                heap.recheck_id(hid)
                changed[name] = {"ref": hid}
        return changed

    def all_names(self, frame):
        """Every variable of the frame now, and those it had (to see them deleted)."""
        wanted = self.t.names.wanted
        names = [name for name in frame.f_locals if wanted(name)]
        return names + [name for name in self.values if name not in frame.f_locals]

    def hold(self, changed):
        if self.pending is None:
            self.pending = {}
        self.pending.update(changed)

    def release(self, changed):
        pending, self.pending = self.pending, None
        if changed:
            pending.update(changed)
        return pending or None


class _Unnamed:
    """The lines of a frame that ran ``locals()``, ``vars()``, ``globals()`` or ``exec``: the mapping
    it got may bind names on any later line (``d = locals()`` ... ``d["b"] = 2``), so after every
    line all the frame's variables are compared."""

    __slots__ = ("names",)

    def __init__(self, names):
        self.names = names

    def get(self, line):
        spec = self.names.get(line)
        if spec is None or spec[1] is None:
            return _ALL
        reads, outside = spec[1]
        writes, enclosing = outside[:2] if outside is not None else ((), ())
        return spec[0], (reads, (writes, enclosing, True))


_ALL = ((), ((), ((), (), True)))  # no names of its own, nothing read, every name compared
