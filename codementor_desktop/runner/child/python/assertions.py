"""Plain ``assert`` with the compared values in the failure message, as pytest shows them.

The learner's test module is parsed and each ``assert`` is rewritten before it is compiled:
``assert add(1, 2) == 4`` evaluates both sides once, and on failure raises an AssertionError
that reads ``assert 3 == 4`` with ``where 3 = add(1, 2)`` and, for lists, dicts and strings, the
first difference. The helpers are reached through names that are not identifiers (``@py_...``),
so they can never clash with the learner's.
"""

import ast

FAIL_COMPARE = "@py_fail_compare"
FAIL_VALUE = "@py_fail_value"

_OPS = {
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Is: "is",
    ast.IsNot: "is not",
    ast.In: "in",
    ast.NotIn: "not in",
}


class _Rewriter(ast.NodeTransformer):
    def __init__(self, source):
        self.source = source
        self.count = 0

    def _name(self, prefix, store=False):
        return ast.Name(id="@py_%s%d" % (prefix, self.count), ctx=ast.Store() if store else ast.Load())

    def visit_Assert(self, node):
        self.count += 1
        text = ast.get_source_segment(self.source, node.test) or ""
        message = node.msg if node.msg is not None else ast.Constant(value=None)
        test = node.test
        if isinstance(test, ast.Compare) and len(test.ops) == 1 and type(test.ops[0]) in _OPS:
            left_text = ast.get_source_segment(self.source, test.left) or ""
            right_text = ast.get_source_segment(self.source, test.comparators[0]) or ""
            statements = [
                ast.Assign(targets=[self._name("l", True)], value=test.left),
                ast.Assign(targets=[self._name("r", True)], value=test.comparators[0]),
                ast.If(
                    test=ast.UnaryOp(
                        op=ast.Not(),
                        operand=ast.Compare(left=self._name("l"), ops=test.ops, comparators=[self._name("r")]),
                    ),
                    body=[
                        ast.Raise(
                            exc=ast.Call(
                                func=ast.Name(id=FAIL_COMPARE, ctx=ast.Load()),
                                args=[
                                    ast.Constant(value=_OPS[type(test.ops[0])]),
                                    self._name("l"),
                                    self._name("r"),
                                    ast.Constant(value=left_text),
                                    ast.Constant(value=right_text),
                                    message,
                                ],
                                keywords=[],
                            ),
                            cause=None,
                        )
                    ],
                    orelse=[],
                ),
            ]
        else:
            statements = [
                ast.Assign(targets=[self._name("v", True)], value=test),
                ast.If(
                    test=ast.UnaryOp(op=ast.Not(), operand=self._name("v")),
                    body=[
                        ast.Raise(
                            exc=ast.Call(
                                func=ast.Name(id=FAIL_VALUE, ctx=ast.Load()),
                                args=[self._name("v"), ast.Constant(value=text), message],
                                keywords=[],
                            ),
                            cause=None,
                        )
                    ],
                    orelse=[],
                ),
            ]
        for statement in statements:
            ast.copy_location(statement, node)
        return [ast.fix_missing_locations(s) for s in statements]


def rewrite_asserts(tree, source):
    """Rewrite every ``assert`` of a parsed module in place; returns the tree."""
    return ast.fix_missing_locations(_Rewriter(source).visit(tree))


def helpers():
    """The names the rewritten module needs in its globals."""
    return {FAIL_COMPARE: fail_compare, FAIL_VALUE: fail_value}


def _short(value, limit=200):
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a broken __repr__ in the learner's class
        text = "<%s object>" % type(value).__name__
    return text if len(text) <= limit else text[:limit] + "..."


def _is_literal(text, value):
    try:
        return ast.literal_eval(text) == value
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False


def _difference(left, right):
    """The first place two unequal values differ, in a sentence (or None)."""
    if isinstance(left, str) and isinstance(right, str):
        for index, (a, b) in enumerate(zip(left, right)):
            if a != b:
                return "strings differ at position %d: %r != %r" % (index, a, b)
        return "the lengths differ: %d != %d" % (len(left), len(right))
    if isinstance(left, (list, tuple)) and isinstance(right, (list, tuple)):
        for index, (a, b) in enumerate(zip(left, right)):
            if a != b:
                return "at index %d: %s != %s" % (index, _short(a, 80), _short(b, 80))
        if len(left) != len(right):
            longer, name = (left, "left") if len(left) > len(right) else (right, "right")
            extra = min(len(left), len(right))
            return "the %s side has %d more item(s), first %s" % (
                name,
                abs(len(left) - len(right)),
                _short(longer[extra], 80),
            )
    if isinstance(left, dict) and isinstance(right, dict):
        only_left = [k for k in left if k not in right]
        only_right = [k for k in right if k not in left]
        changed = [k for k in left if k in right and left[k] != right[k]]
        parts = []
        if changed:
            key = changed[0]
            parts.append("key %s: %s != %s" % (_short(key, 40), _short(left[key], 80), _short(right[key], 80)))
        if only_left:
            parts.append("only on the left: %s" % ", ".join(_short(k, 40) for k in only_left[:5]))
        if only_right:
            parts.append("only on the right: %s" % ", ".join(_short(k, 40) for k in only_right[:5]))
        return "; ".join(parts) or None
    return None


def fail_compare(op, left, right, left_text, right_text, message):
    """The AssertionError of a failed ``assert left <op> right``."""
    lines = ["assert %s %s %s" % (_short(left), op, _short(right))]
    if left_text and not _is_literal(left_text, left):
        lines.append("  where %s = %s" % (_short(left, 80), left_text))
    if right_text and not _is_literal(right_text, right):
        lines.append("  and   %s = %s" % (_short(right, 80), right_text))
    if op == "==":
        difference = _difference(left, right)
        if difference:
            lines.append("  " + difference)
    text = "\n".join(lines)
    return AssertionError("%s\n%s" % (message, text) if message is not None else text)


def fail_value(value, text, message):
    """The AssertionError of a failed ``assert expression``."""
    lines = ["assert %s" % text] if text else ["assert %s" % _short(value)]
    if text and not _is_literal(text, value):
        lines.append("  where the value was %s" % _short(value))
    body = "\n".join(lines)
    return AssertionError("%s\n%s" % (message, body) if message is not None else body)
