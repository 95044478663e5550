"""JSON through the C accelerator ``_json`` alone.

``import json`` pulls in ``re`` and ``enum`` and costs a fresh interpreter about 11 ms, most of a
short run's start-up; ``_json`` is built in and costs nothing. Falls back to ``json`` where
``_json`` is missing (another Python implementation).
"""

try:
    import _json
except ImportError:  # pragma: no cover - CPython always has it
    _json = None


class _Context(object):
    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = float  # NaN, Infinity, -Infinity
    memo = {}


_WHITESPACE = " \t\n\r"


def loads(text):
    """Decode one JSON document; raises ValueError when it is not one."""
    if _json is None:
        import json

        return json.loads(text)
    text = text.strip(_WHITESPACE)
    context = _Context()
    context.memo = {}
    try:
        value, end = _json.make_scanner(context)(text, 0)
    except StopIteration:
        raise ValueError("not JSON") from None
    if end != len(text):
        raise ValueError("extra data after the JSON value")
    return value


def dumps(value, default=repr, ensure_ascii=False, check_circular=True):
    """Compact JSON text of ``value``; objects JSON cannot hold go through ``default``.

    ``check_circular=False`` is faster, for data known to hold no cycle (a cycle would then
    exhaust the recursion limit instead of raising ValueError)."""
    if _json is None:
        import json

        return json.dumps(value, separators=(",", ":"), ensure_ascii=ensure_ascii, default=default,
                          check_circular=check_circular)  # fmt: skip
    encode = _json.encode_basestring_ascii if ensure_ascii else _json.encode_basestring
    markers = {} if check_circular else None
    encoder = _json.make_encoder(markers, default, encode, None, ":", ",", False, False, True)
    return "".join(encoder(value, 0))


def private_dumps():
    """``dumps`` bound to the encoder's pieces as they are now: called before the learner's code
    loads, it serialises with what that code cannot replace later (``fastjson.dumps``, ``_json``'s
    functions and ``repr`` are all names it could rebind)."""
    if _json is None:
        import json

        encoder_class, plain = json.JSONEncoder, repr
        return lambda value, check_circular=True: encoder_class(
            separators=(",", ":"), ensure_ascii=False, default=plain, check_circular=check_circular
        ).encode(value)
    make_encoder, encode, plain, join = _json.make_encoder, _json.encode_basestring, repr, "".join

    def dumps_privately(value, check_circular=True):
        markers = {} if check_circular else None
        return join(make_encoder(markers, plain, encode, None, ":", ",", False, False, True)(value, 0))

    return dumps_privately
