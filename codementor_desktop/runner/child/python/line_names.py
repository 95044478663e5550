"""Which names each line of the learner's code touches: what the tracer looks at after it ran.

A line can only change the variables it names, so after a line the tracer compares those and no
others. ``line_names`` reads them from the bytecode, once per code object, as
``{line: (locals, globals read, outside)}``:

- ``locals``: the frame's own variables the line loads, stores or deletes (in a module's code,
  every name: its locals are its globals). Loaded ones are rechecked too, as a list may have
  changed in place.
- ``globals read``: globals a function loads (``lst.append(x)`` changes the global ``lst``).
- ``outside``: None for most lines; for a line that changes another frame's variables,
  ``(globals written, enclosing names written, opaque)``: a ``global`` or ``nonlocal`` name
  assigned, or a line that binds names without naming them (``from m import *``, ``exec``,
  ``globals()[...] = ...``), after which every variable is compared.
"""

_BUILTINS = __builtins__ if isinstance(__builtins__, dict) else vars(__builtins__)
_OPAQUE_CALLS = frozenset(("exec", "eval", "globals", "locals", "vars", "setattr", "delattr", "__import__"))
_CO_NEWLOCALS = 0x2  # set on functions; a module's or a class body's code runs in a namespace
_NAME_OPS = None  # opname -> 0 a local, 1 a global read, 2 a global write, 3 an enclosing write


def _name_ops():
    global _NAME_OPS
    if _NAME_OPS is None:
        import dis

        ops = {}
        for op in dis.opname:
            if op == "IMPORT_NAME" or not any(w in op for w in ("FAST", "NAME", "DEREF", "GLOBAL", "CLOSURE")):
                continue
            writes = "STORE" in op or "DELETE" in op
            if "GLOBAL" in op:
                ops[op] = 2 if writes else 1
            elif "DEREF" in op and writes:
                ops[op] = 3
            else:
                ops[op] = 0
        _NAME_OPS = ops
    return _NAME_OPS


def _line_of(ins, line):
    number = getattr(ins, "line_number", None)  # Python 3.13
    if number is None:
        start = ins.starts_line
        if start is not None and start is not True and start is not False:
            number = start
    return line if number is None else number


def _binds_unnamed(ins):
    if ins.opname == "IMPORT_STAR":
        return True
    return ins.opname == "CALL_INTRINSIC_1" and "IMPORT_STAR" in str(ins.argrepr)  # Python 3.12+


def line_names(code, wanted=None):
    """``{line: (locals, globals read, outside)}`` for ``code`` (see the module's docstring)."""
    import dis

    ops = _name_ops()
    namespace = not code.co_flags & _CO_NEWLOCALS
    free = set(code.co_freevars)
    found = {}  # line -> [locals, reads, global writes, enclosing writes, opaque]
    line = code.co_firstlineno
    for ins in dis.get_instructions(code):
        line = _line_of(ins, line)
        kind = ops.get(ins.opname)
        if kind is None:
            if _binds_unnamed(ins):
                found.setdefault(line, [[], [], [], [], False])[4] = True
            continue
        names = ins.argval if isinstance(ins.argval, tuple) else (ins.argval,)
        for name in names:
            if not isinstance(name, str):
                continue
            entry = found.setdefault(line, [[], [], [], [], False])
            if kind < 2 and name in _OPAQUE_CALLS:
                entry[4] = True
            if name[:1] == "." or name[:2] == "__" or (wanted is not None and name not in wanted):
                continue
            if namespace and kind != 3:
                kind = 0  # a module's STORE_GLOBAL is a store into its own namespace
            if kind == 3 and name not in free:
                kind = 0  # a cell of this very frame
            places = (0,) if kind == 0 else (1,) if kind == 1 else (2,) if kind == 2 else (0, 3)
            for place in places:
                if name not in entry[place]:
                    entry[place].append(name)
    out = {}
    for number, (local_names, reads, writes, enclosing, opaque) in found.items():
        outside = (tuple(writes), tuple(enclosing), opaque) if writes or enclosing or opaque else None
        out[number] = (tuple(local_names), tuple(reads), outside)
    return out


class LinesNames:
    """``line_names`` of each code object the tracer meets, read once, as the tracer looks at them
    (``spec``); and which variables the trace shows (``wanted``: all, or those of a trace point).
    """

    def __init__(self, variables=None):
        self.variables = set(variables) if variables else None
        self._codes = {}

    def of(self, code, space):
        """``{line: spec}`` for ``code``, whose globals are ``space`` (see ``spec``)."""
        found = self._codes.get(code)
        if found is None:
            by_line = line_names(code, self.variables)
            found = self._codes[code] = {line: spec(names, reads, outside, space) for line, (names, reads, outside)
                                         in by_line.items()}  # fmt: skip
        return found

    def wanted(self, name):
        return name[:1] != "." and name[:2] != "__" and (self.variables is None or name in self.variables)


def spec(names, reads, outside, space):
    """What the tracer looks at after a line: ``(names, None)`` for a line that touches only its
    frame's own variables, ``(names, (globals read, outside))`` otherwise, None for nothing."""
    # Builtins (range, len, print) are never the learner's objects: do not look them up.
    reads = tuple(name for name in reads if name in space or name not in _BUILTINS)
    if not reads and outside is None:
        return (names, None) if names else None
    return names, (reads, outside)
