"""A small program model that both languages are lowered to, so that each detector is written once.

Python (through ``ast``) and JavaScript (through tree-sitter) become the same statements and
expressions, with the idioms of each language mapped onto one spelling: ``x.length`` is
``len(x)``, ``arr.includes(v)`` is ``v in arr``, ``arr.shift()`` is ``arr.pop(0)``,
``for (let i = 0; i < n; i++)`` is ``for i in range(0, n)``, ``new Set(xs)`` is ``set(xs)``.
Every node keeps its first and last line in the learner's file.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TypeAlias


@dataclass(eq=False)
class Node:
    line: int
    end: int


# ---- expressions -------------------------------------------------------------------------


@dataclass(eq=False)
class Name(Node):
    id: str


@dataclass(eq=False)
class Const(Node):
    value: object


@dataclass(eq=False)
class Attr(Node):
    obj: Expr
    name: str
    optional: bool = False  # ``a?.b``


@dataclass(eq=False)
class Index(Node):
    obj: Expr
    index: Expr
    optional: bool = False  # ``a?.[i]``


@dataclass(eq=False)
class Slice(Node):
    obj: Expr
    lower: Expr | None
    upper: Expr | None
    step: Expr | None = None


@dataclass(eq=False)
class Call(Node):
    func: Expr
    args: list[Expr] = field(default_factory=list)
    keywords: dict[str, Expr] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """``f`` for ``f(...)``, ``m`` for ``obj.m(...)``."""
        if isinstance(self.func, Name):
            return self.func.id
        if isinstance(self.func, Attr):
            return self.func.name
        return ""

    @property
    def receiver(self) -> Expr | None:
        return self.func.obj if isinstance(self.func, Attr) else None


@dataclass(eq=False)
class BinOp(Node):
    op: str
    left: Expr
    right: Expr


@dataclass(eq=False)
class Unary(Node):
    op: str
    operand: Expr


@dataclass(eq=False)
class BoolOp(Node):
    op: str  # "and" | "or" | "??"
    values: list[Expr]


@dataclass(eq=False)
class Compare(Node):
    left: Expr
    ops: list[str]  # < <= > >= == != in "not in" is "is not"
    rights: list[Expr]


@dataclass(eq=False)
class Seq(Node):
    kind: str  # list | tuple | set | dict
    items: list[Expr]


@dataclass(eq=False)
class Comprehension(Node):
    """A loop written as an expression: a comprehension, or a callback of ``map``/``filter``/...

    ``body`` holds the statements run per element (an expression is wrapped as one statement).
    """

    kind: str  # list | set | dict | generator | map | filter | forEach | reduce | ...
    targets: list[str]
    iter: Expr
    body: list[Stmt]
    args: list[Expr] = field(default_factory=list)  # what else the call was given (reduce's start)


@dataclass(eq=False)
class Ternary(Node):
    test: Expr
    then: Expr
    other: Expr


@dataclass(eq=False)
class Other(Node):
    """Anything else (an f-string, a spread, an await): only its parts matter."""

    parts: list[Expr] = field(default_factory=list)


# ---- statements --------------------------------------------------------------------------


@dataclass(eq=False)
class Function(Node):
    name: str
    params: list[str]
    body: list[Stmt]
    defaults: dict[str, Expr] = field(default_factory=dict)
    decorators: list[Expr] = field(default_factory=list)
    is_method: bool = False
    is_lambda: bool = False
    annotations: dict[str, str] = field(default_factory=dict)  # parameter -> its declared type


@dataclass(eq=False)
class ClassDef(Node):
    name: str
    body: list[Stmt]


@dataclass(eq=False)
class Loop(Node):
    """``for`` over ``iter`` (targets bound per element) or ``while`` ``test``.

    ``update`` is what a C-style ``for`` runs after every iteration, ``continue`` included.
    """

    kind: str  # for | while
    targets: list[str]
    iter: Expr | None
    test: Expr | None
    body: list[Stmt]
    orelse: list[Stmt] = field(default_factory=list)
    update: list[Stmt] = field(default_factory=list)


@dataclass(eq=False)
class If(Node):
    test: Expr
    body: list[Stmt]
    orelse: list[Stmt] = field(default_factory=list)


@dataclass(eq=False)
class Return(Node):
    value: Expr | None


@dataclass(eq=False)
class Jump(Node):
    kind: str  # break | continue | raise
    value: Expr | None = None


@dataclass(eq=False)
class Assign(Node):
    targets: list[Expr]
    value: Expr | None
    op: str | None = None  # "+" for +=, ...
    declaration: bool = False


@dataclass(eq=False)
class ExprStmt(Node):
    value: Expr


@dataclass(eq=False)
class Try(Node):
    body: list[Stmt]
    handlers: list[list[Stmt]]
    orelse: list[Stmt] = field(default_factory=list)
    final: list[Stmt] = field(default_factory=list)


@dataclass(eq=False)
class Switch(Node):
    subject: Expr
    cases: list[list[Stmt]]


@dataclass(eq=False)
class Block(Node):
    """Statements grouped without control flow of their own (``with``, a bare ``{}``)."""

    body: list[Stmt]


@dataclass(eq=False)
class Delete(Node):
    targets: list[Expr]


@dataclass(eq=False)
class Pass(Node):
    """A statement that does nothing the analysis needs (``pass``, ``import``, ``global``)."""

    names: list[str] = field(default_factory=list)


Expr: TypeAlias = (
    Name
    | Const
    | Attr
    | Index
    | Slice
    | Call
    | BinOp
    | Unary
    | BoolOp
    | Compare
    | Seq
    | Comprehension
    | Ternary
    | Other
    | Function
)
Stmt: TypeAlias = (
    Function | ClassDef | Loop | If | Return | Jump | Assign | ExprStmt | Try | Switch | Block | Delete | Pass
)


@dataclass(eq=False)
class Program:
    """One learner file: its statements, its language and its source lines."""

    language: str
    body: list[Stmt]
    source: str

    def functions(self) -> list[Function]:
        """Every function, method and lambda, outermost first."""
        return [node for node in walk(self.body) if isinstance(node, Function)]

    def top_functions(self) -> list[Function]:
        """Functions a caller can call: module level ones and the methods of module level classes."""
        found: list[Function] = []
        for stmt in self.body:
            if isinstance(stmt, Function):
                found.append(stmt)
            elif isinstance(stmt, ClassDef):
                found.extend(s for s in stmt.body if isinstance(s, Function))
        return found


_FIELDS: dict[type, tuple[str, ...]] = {
    Name: (),
    Const: (),
    Attr: ("obj",),
    Index: ("obj", "index"),
    Slice: ("obj", "lower", "upper", "step"),
    Call: ("func", "args", "keywords"),
    BinOp: ("left", "right"),
    Unary: ("operand",),
    BoolOp: ("values",),
    Compare: ("left", "rights"),
    Seq: ("items",),
    Comprehension: ("iter", "body", "args"),
    Ternary: ("test", "then", "other"),
    Other: ("parts",),
    Function: ("decorators", "defaults", "body"),
    ClassDef: ("body",),
    Loop: ("iter", "test", "body", "orelse", "update"),
    If: ("test", "body", "orelse"),
    Return: ("value",),
    Jump: ("value",),
    Assign: ("targets", "value"),
    ExprStmt: ("value",),
    Try: ("body", "handlers", "orelse", "final"),
    Switch: ("subject", "cases"),
    Block: ("body",),
    Delete: ("targets",),
    Pass: (),
}


def children(node: Node) -> Iterator[Node]:
    """The direct children of a node, in source order as far as the model keeps it."""
    for name in _FIELDS[type(node)]:
        yield from _flatten(getattr(node, name))


def _flatten(value: object) -> Iterator[Node]:
    if value is None:
        return
    if isinstance(value, Node):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _flatten(item)
    elif isinstance(value, list):
        for item in value:
            yield from _flatten(item)


def walk(nodes: Node | list, into_functions: bool = True) -> Iterator[Node]:
    """Every node below ``nodes`` (depth first, parents before children).

    With ``into_functions=False`` nested functions are yielded but not entered.
    """
    stack: list[Node] = list(reversed(list(_flatten(nodes))))
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, Function) and not into_functions:
            continue
        stack.extend(reversed(list(children(node))))


def names_in(node: Node | list | None) -> set[str]:
    """The identifiers an expression reads."""
    if node is None:
        return set()
    return {n.id for n in walk(node) if isinstance(n, Name)}


def assigned_names(target: Expr) -> list[str]:
    """The variables an assignment target binds (``a``, ``a, b``, ``[a, b]``)."""
    if isinstance(target, Name):
        return [target.id]
    if isinstance(target, Seq):
        return [name for item in target.items for name in assigned_names(item)]
    if isinstance(target, Other):
        return [name for item in target.parts for name in assigned_names(item)]
    return []


def root_name(expr: Expr | None) -> str | None:
    """The variable at the root of ``a.b[c].d`` (``a``), or None."""
    while isinstance(expr, (Attr, Index, Slice)):
        expr = expr.obj
    return expr.id if isinstance(expr, Name) else None


def same_expr(a: Node | None, b: Node | None) -> bool:
    """Structural equality of two expressions, lines aside."""
    if a is None or b is None:
        return a is b
    if type(a) is not type(b):
        return False
    if isinstance(a, Name):
        return a.id == b.id  # type: ignore[attr-defined]
    if isinstance(a, Const):
        return a.value == b.value and type(a.value) is type(b.value)  # type: ignore[attr-defined]
    for attr in ("name", "op", "ops", "kind"):
        if hasattr(a, attr) and getattr(a, attr) != getattr(b, attr):
            return False
    left, right = list(children(a)), list(children(b))
    return len(left) == len(right) and all(same_expr(x, y) for x, y in zip(left, right, strict=True))


def const_int(expr: Expr | None) -> int | None:
    """The value of an integer literal (negative ones included), else None."""
    if isinstance(expr, Const) and isinstance(expr.value, int) and not isinstance(expr.value, bool):
        return expr.value
    if isinstance(expr, Unary) and expr.op == "-":
        inner = const_int(expr.operand)
        return -inner if inner is not None else None
    return None
