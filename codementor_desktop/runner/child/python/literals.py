"""Test inputs and expected outputs as literals: JSON first, Python literals accepted too.

Nothing here evaluates code: JSON is decoded, and anything else goes through ``ast`` with only
literal nodes (and the names ``null``/``true``/``false``) allowed.
"""

try:
    from . import fastjson
except ImportError:
    import fastjson

_JSON_NAMES = {"null": None, "true": True, "false": False, "None": None, "True": True, "False": False}


class LiteralError(ValueError):
    """The text is not a list of literals."""


def parse_arguments(text):
    """Parse ``"[2,7,11,15], 9"`` or ``"nums = [2,7], target = 9"`` into ``(args, kwargs)``."""
    text = (text or "").strip()
    if not text:
        return [], {}
    try:
        return fastjson.loads("[" + text + "]"), {}
    except ValueError:
        pass
    import ast

    try:
        call = ast.parse("f(" + text + ")", mode="eval").body
    except SyntaxError as exc:
        raise LiteralError("cannot read the arguments %r: %s" % (_short(text), exc.msg)) from None
    if not isinstance(call, ast.Call):
        raise LiteralError("cannot read the arguments %r" % _short(text))
    args = [_literal(node, text) for node in call.args]
    kwargs = {}
    for keyword in call.keywords:
        if keyword.arg is None:
            raise LiteralError("'**' is not allowed in test arguments")
        kwargs[keyword.arg] = _literal(keyword.value, text)
    return args, kwargs


def parse_value(text):
    """Parse one literal (an expected output)."""
    args, kwargs = parse_arguments(text)
    if kwargs or len(args) != 1:
        raise LiteralError("expected one value, got %r" % _short(text))
    return args[0]


def _literal(node, text):
    import ast

    def convert(item):
        if isinstance(item, ast.Constant):
            return item.value
        if isinstance(item, ast.Name) and item.id in _JSON_NAMES:
            return _JSON_NAMES[item.id]
        if isinstance(item, (ast.List, ast.Tuple)):
            return [convert(e) for e in item.elts]
        if isinstance(item, ast.Set):
            return [convert(e) for e in item.elts]
        if isinstance(item, ast.Dict):
            return {convert(k): convert(v) for k, v in zip(item.keys, item.values)}
        if isinstance(item, ast.UnaryOp) and isinstance(item.op, (ast.USub, ast.UAdd)):
            value = convert(item.operand)
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                return -value if isinstance(item.op, ast.USub) else value
        raise LiteralError("only literals are allowed in test data, not %r" % _short(text))

    return convert(node)


def _short(text, limit=80):
    return text if len(text) <= limit else text[:limit] + "..."


def to_jsonable(value, depth=0):
    """Turn a result into plain JSON data: tuples and sets become lists, objects their repr."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            return repr(value)
        return value
    if depth > 50:
        return "..."
    if isinstance(value, (list, tuple)):
        return [to_jsonable(v, depth + 1) for v in value]
    if isinstance(value, (set, frozenset)):
        items = [to_jsonable(v, depth + 1) for v in value]
        try:
            return sorted(items)
        except TypeError:
            return items
    if isinstance(value, dict):
        return {str(k) if not isinstance(k, str) else k: to_jsonable(v, depth + 1) for k, v in value.items()}
    return repr(value)


def show(value, limit=2000):
    """A compact JSON text of a value for a person, capped at ``limit`` characters."""
    try:
        text = fastjson.dumps(to_jsonable(value))
    except (TypeError, ValueError):
        text = repr(value)
    if len(text) > limit:
        text = text[:limit] + "... (%d characters)" % len(text)
    return text
