"""JavaScript's idioms spelled as their Python twins in the program model: ``a.includes(x)`` is
``x in a``, ``a.push`` is ``append``, ``a.shift()`` is ``pop(0)``, ``a.unshift(x)`` is
``insert(0, x)``, ``a.slice(i, j)`` a slice, ``new Set(a)`` is ``set(a)``, ``Math.floor(a / b)`` is
``a // b``, ``new Array(n).fill(0)`` is ``[0] * n``, and the callbacks of ``map``, ``filter``,
``forEach``, ``reduce``... are loops over the array."""

from __future__ import annotations

from abc import ABC, abstractmethod

from tree_sitter import Node

from . import program as p

_CALLBACK_LOOPS = {"map", "filter", "forEach", "reduce", "reduceRight", "some", "every", "find", "findIndex", "flatMap"}
_FUNCTIONS = {
    "function_declaration",
    "generator_function_declaration",
    "function_expression",
    "function",
    "arrow_function",
}
_COMPARE = {
    "<": "<",
    "<=": "<=",
    ">": ">",
    ">=": ">=",
    "===": "==",
    "==": "==",
    "!==": "!=",
    "!=": "!=",
    "instanceof": "is",
}
_MATH = {"max": "max", "min": "min", "abs": "abs", "floor": "floor", "ceil": "ceil", "sqrt": "sqrt", "pow": "pow"}
_CONSTRUCTORS = {"Set": "set", "Map": "dict", "WeakMap": "dict", "WeakSet": "set", "Object": "dict"}


def text(node: Node | None) -> str:
    return (node.text or b"").decode("utf-8", "replace") if node is not None else ""


def lines(node: Node) -> tuple[int, int]:
    return node.start_point[0] + 1, node.end_point[0] + 1


class Idioms(ABC):
    """The expression half of the lowering that maps idioms; ``expr`` is the lowering's own."""

    @abstractmethod
    def expr(self, node: Node | None) -> p.Expr:
        """Lower any expression (the lowering that mixes this in decides how)."""

    def binary(self, node: Node) -> p.Expr:
        line, end = lines(node)
        op = text(node.child_by_field_name("operator"))
        left, right = self.expr(node.child_by_field_name("left")), self.expr(node.child_by_field_name("right"))
        if op in _COMPARE:
            return p.Compare(line, end, left, [_COMPARE[op]], [right])
        if op == "in":
            return p.Compare(line, end, left, ["has"], [right])
        if op in ("&&", "||", "??"):
            return p.BoolOp(line, end, "and" if op == "&&" else "or", [left, right])
        if op == ">>" and p.const_int(right) == 1:
            return p.BinOp(line, end, "//", left, p.Const(line, end, 2))
        return p.BinOp(line, end, {">>>": ">>"}.get(op, op), left, right)

    def call(self, node: Node) -> p.Expr:  # noqa: C901 - the idioms mapped one by one
        line, end = lines(node)
        func = node.child_by_field_name("function")
        raw_args = node.child_by_field_name("arguments")
        args = [self.expr(a) for a in raw_args.named_children if a.type != "comment"] if raw_args is not None else []
        if func is not None and func.type == "identifier" and text(func) == "Array" and len(args) == 1:
            return p.BinOp(line, end, "*", p.Seq(line, end, "list", [p.Const(line, end, None)]), args[0])
        if func is None or func.type != "member_expression":
            return p.Call(line, end, self.expr(func), args)
        obj_node = func.child_by_field_name("object")
        method = text(func.child_by_field_name("property"))
        owner = text(obj_node)
        if owner == "Math" and method in _MATH:
            if method == "floor" and len(args) == 1 and isinstance(args[0], p.BinOp) and args[0].op == "/":
                return p.BinOp(line, end, "//", args[0].left, args[0].right)
            return p.Call(line, end, p.Name(line, end, _MATH[method]), args)
        if owner == "Array" and method == "from":
            return self.array_from(node, args)
        obj = self.expr(obj_node)
        name = lambda text: p.Attr(line, end, obj, text)  # noqa: E731 - a local shorthand
        if method == "includes" and len(args) == 1:
            return p.Compare(line, end, args[0], ["in"], [obj])
        if method == "has" and len(args) == 1:
            return p.Compare(line, end, args[0], ["has"], [obj])
        if method in ("indexOf", "lastIndexOf"):
            return p.Call(line, end, name("index"), args)
        if method == "push":
            return p.Call(line, end, name("append"), args)
        if method == "shift":
            return p.Call(line, end, name("pop"), [p.Const(line, end, 0)])
        if method == "unshift":
            return p.Call(line, end, name("insert"), [p.Const(line, end, 0), *args])
        if method in ("slice", "substring") and not (obj_node is not None and obj_node.type == "new_expression"):
            lower = args[0] if args else None
            upper = args[1] if len(args) > 1 else None
            return p.Slice(line, end, obj, lower, upper)
        if method == "fill" and isinstance(obj, p.BinOp) and obj.op == "*" and isinstance(obj.left, p.Seq) and args:
            return p.BinOp(line, end, "*", p.Seq(line, end, "list", [args[0]]), obj.right)
        if method == "split" and args and isinstance(args[0], p.Const) and args[0].value == "":
            return p.Call(line, end, p.Name(line, end, "list"), [obj])
        if method in _CALLBACK_LOOPS and args and isinstance(args[0], p.Function):
            callback = args[0]
            return p.Comprehension(line, end, method, callback.params, obj, callback.body, args[1:])
        return p.Call(line, end, name(method), args)

    def array_from(self, node: Node, args: list[p.Expr]) -> p.Expr:
        line, end = lines(node)
        source = args[0] if args else p.Seq(line, end, "list", [])
        if isinstance(source, p.Seq) and source.kind == "dict" and len(source.items) == 1:
            source = p.Call(line, end, p.Name(line, end, "range"), [source.items[0]])  # {length: n}
        if len(args) > 1 and isinstance(args[1], p.Function):
            return p.Comprehension(line, end, "list", args[1].params[1:], source, args[1].body)
        return p.Call(line, end, p.Name(line, end, "list"), [source])

    def construct(self, node: Node) -> p.Expr:
        line, end = lines(node)
        constructor = text(node.child_by_field_name("constructor"))
        raw_args = node.child_by_field_name("arguments")
        args = [self.expr(a) for a in raw_args.named_children] if raw_args is not None else []
        if constructor in _CONSTRUCTORS:
            return p.Call(line, end, p.Name(line, end, _CONSTRUCTORS[constructor]), args)
        if constructor == "Array" and len(args) == 1:
            return p.BinOp(line, end, "*", p.Seq(line, end, "list", [p.Const(line, end, None)]), args[0])
        return p.Call(line, end, p.Name(line, end, constructor), args)
