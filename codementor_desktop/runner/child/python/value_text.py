"""Short texts of encoded values, for a person: ``[1, 2, {'a': 3}]``, ``TreeNode(val=4, ...)``.

What the breakpoint mode shows in its answer and the trace mode in ``return_text``; the app's
``visual.replay`` writes the same texts from a trace.
"""


def show(value, heap_objects, limit=300):
    """A short text of an encoded value, for a person: ``[1, 2, {'a': 3}]``, ``TreeNode(val=4)``."""
    parts = []
    _show(value, heap_objects, parts, set(), [0], limit)
    text = "".join(parts)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _show(value, heap, out, active, used, limit):
    used[0] += 1
    if used[0] > limit:
        out.append("...")
        return
    if type(value) is not dict:
        out.append(_literal(value))
        return
    if "ref" in value:
        hid = value["ref"]
        obj = heap.get(str(hid)) or heap.get(hid)
        if obj is None or hid in active:
            out.append("<#%s>" % hid)
            return
        active.add(hid)
        _show_object(obj, heap, out, active, used, limit)
        active.discard(hid)
        return
    if "cut" in value and len(value) == 1:
        out.append("<%s ...>" % value["cut"])
        return
    if value.get("type") == "str":
        out.append(repr(value.get("value", "") + "..."))
        return
    out.append(str(value.get("repr", "?")))


def _show_object(obj, heap, out, active, used, limit):
    kind = obj.get("type")
    if kind == "generator":
        out.append("generator %s" % obj.get("name", "?"))
        return
    if kind == "object" or kind == "class":
        name = obj.get("class", "object") if kind == "object" else "class " + obj.get("name", "?")
        out.append(name + "(")
        for index, (name, item) in enumerate(obj.get("fields", {}).items()):
            out.append(", " + name + "=" if index else name + "=")
            _show(item, heap, out, active, used, limit)
        out.append(")")
        return
    if "entries" in obj:
        out.append("{" if kind == "dict" else kind + "({")
        for index, (key, item) in enumerate(obj["entries"]):
            if index:
                out.append(", ")
            _show(key, heap, out, active, used, limit)
            out.append(": ")
            _show(item, heap, out, active, used, limit)
        closing = "}" if kind == "dict" else "})"
    else:
        opening, closing = _BRACKETS.get(kind, (kind + "([", "])"))
        out.append(opening)
        items = obj.get("items", [])
        for index, item in enumerate(items):
            if index:
                out.append(", ")
            _show(item, heap, out, active, used, limit)
        if kind == "tuple" and len(items) == 1:
            out.append(",")
    if obj.get("cut"):
        out.append(", ... %d in all" % obj.get("length", 0))
    out.append(closing)


_BRACKETS = {"list": ("[", "]"), "tuple": ("(", ")"), "set": ("{", "}"), "frozenset": ("frozenset({", "})")}


def _literal(value):
    if value is None:
        return "None"
    if value is True:
        return "True"
    if value is False:
        return "False"
    return repr(value)
