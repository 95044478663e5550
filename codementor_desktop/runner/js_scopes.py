"""Which variables a JavaScript program can see where: the scope analysis behind its trace hooks.

The learner's source is read once with tree-sitter. Each function (and the program) is a frame;
its blocks (``{ ... }``, a loop's head, a ``catch``) nest inside it. A hook placed before a
statement captures the names visible there, as a debugger's "locals" would show them:

- the function's parameters and its ``var`` names (hoisted: always there);
- ``let``/``const``/``class`` names of the enclosing blocks of the same function, once their
  declaration has run (before it, reading them would throw: the temporal dead zone);
- the closure variables the function uses: names it (or a function inside it) reads that an
  enclosing *function* declares. A closure variable declared after the function's own start may
  still be in its dead zone when the function runs, so it is read behind a guard.

Names that hold functions or classes by declaration (``function f``, ``const f = () => ...``)
are left out, as are the program's names inside functions: those are globals, which Python's
frames do not show either.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from tree_sitter import Language, Node, Parser

FUNCTIONS = ("function_declaration", "function_expression", "arrow_function", "method_definition",
             "generator_function_declaration", "generator_function", "function")  # fmt: skip
BLOCKS = ("statement_block", "for_statement", "for_in_statement", "catch_clause", "switch_body", "class_body")
_FUNCTION_VALUES = ("function_expression", "arrow_function", "class", "generator_function", "function")
_PATTERN_SKIP = ("property_identifier", "number", "string", "computed_property_name")
ALWAYS = 0  # a declaration's position for names that exist from the scope's start (params, var)


@lru_cache(maxsize=1)
def _parser() -> Parser:
    import tree_sitter_javascript

    return Parser(Language(tree_sitter_javascript.language()))


def parse(data: bytes) -> Node:
    """The tree-sitter tree of a JavaScript source (with ERROR nodes where it does not parse)."""
    return _parser().parse(data).root_node


def text_of(node: Node) -> str:
    """The source text of a node."""
    return (node.text or b"").decode("utf-8", "replace")


@dataclass
class Declared:
    end: int  # byte offset after which the name may be read (ALWAYS for params and var)
    hidden: bool  # a function or class by declaration: not shown as a variable


@dataclass(eq=False)
class Scope:
    node: Node
    parent: Scope | None
    function: bool  # a function's own scope (or the program's)
    names: dict[str, Declared] = field(default_factory=dict)

    def declare(self, name: str, end: int, hidden: bool = False) -> None:
        if name not in self.names:
            self.names[name] = Declared(end, hidden)


class ScopeTree:
    """The scopes of one program, keyed by the node that opens each."""

    def __init__(self, root: Node):
        self.root = root
        self.scopes: dict[int, Scope] = {}
        self.program = self._open(root, None, True)
        self._collect(root, self.program)
        self._free: dict[int, list[tuple[str, bool]]] = {}

    # -- building ---------------------------------------------------------------------------------

    def _open(self, node: Node, parent: Scope | None, function: bool) -> Scope:
        scope = Scope(node, parent, function)
        self.scopes[node.id] = scope
        return scope

    def _collect(self, node: Node, scope: Scope) -> None:
        for child in node.children:
            kind = child.type
            if kind in FUNCTIONS:
                self._function(child, scope)
                continue
            if kind == "class_declaration":
                name = child.child_by_field_name("name")
                if name is not None:
                    scope.declare(text_of(name), child.end_byte, hidden=True)
            inner = scope
            if kind in BLOCKS and not (kind == "statement_block" and node.type in FUNCTIONS):
                inner = self._open(child, scope, False)
                if kind == "catch_clause":
                    param = child.child_by_field_name("parameter")
                    for caught in pattern_names(param):
                        inner.declare(caught, ALWAYS)
            if kind in ("lexical_declaration", "variable_declaration"):
                self._declarations(child, scope)
            if kind == "for_in_statement":
                self._loop_names(child, inner)
            self._collect(child, inner)

    def _function(self, node: Node, scope: Scope) -> None:
        name = node.child_by_field_name("name")
        if node.type in ("function_declaration", "generator_function_declaration") and name is not None:
            scope.declare(text_of(name), ALWAYS, hidden=True)
        inner = self._open(node, scope, True)
        params = node.child_by_field_name("parameters") or node.child_by_field_name("parameter")
        for param in pattern_names(params):
            inner.declare(param, ALWAYS)
        body = node.child_by_field_name("body")
        if body is not None:
            self._collect(body if body.type == "statement_block" else node, inner)
            if body.type != "statement_block":
                return
            # The function's body block is the function's own scope.
            self.scopes[body.id] = inner

    def _declarations(self, node: Node, scope: Scope) -> None:
        is_var = node.type == "variable_declaration"
        target = scope
        if is_var:
            while not target.function and target.parent is not None:
                target = target.parent
        for declarator in node.named_children:
            if declarator.type != "variable_declarator":
                continue
            value = declarator.child_by_field_name("value")
            hidden = value is not None and value.type in _FUNCTION_VALUES
            for name in pattern_names(declarator.child_by_field_name("name")):
                target.declare(name, ALWAYS if is_var else node.end_byte, hidden)

    def _loop_names(self, node: Node, scope: Scope) -> None:
        """``for (const x of xs)``: ``x`` belongs to the loop (or, with ``var``, to the function)."""
        words = {child.type for child in node.children}
        target = scope
        if "var" in words or not words & {"let", "const"}:
            while not target.function and target.parent is not None:
                target = target.parent
            if "var" not in words:
                return  # for (x of xs): an assignment to a name declared elsewhere
        for name in pattern_names(node.child_by_field_name("left")):
            target.declare(name, ALWAYS)

    # -- reading ----------------------------------------------------------------------------------

    def scope_at(self, node: Node) -> Scope:
        """The innermost scope holding ``node``."""
        current: Node | None = node.parent
        while current is not None:
            scope = self.scopes.get(current.id)
            if scope is not None:
                return scope
            current = current.parent
        return self.program

    def visible(self, node: Node, at: int | None = None) -> list[tuple[str, bool]]:
        """The names a hook before ``node`` shows, each with whether it must be read behind a
        guard (a closure variable that may be in its dead zone)."""
        return self.visible_in(self.scope_at(node), node.start_byte if at is None else at)

    def visible_in(self, scope: Scope, position: int) -> list[tuple[str, bool]]:
        """The names visible at ``position`` of ``scope`` (see ``visible``)."""
        seen: dict[str, bool] = {}
        while True:
            # A case may be jumped to past another case's let: read those behind a guard.
            jumped = scope.node.type == "switch_body"
            for name, declared in scope.names.items():
                if name not in seen and not declared.hidden and declared.end <= position:
                    seen[name] = jumped
            if scope.function or scope.parent is None:
                break
            scope = scope.parent
        if scope is not self.program:
            for name, guarded in self.free(scope):
                seen.setdefault(name, guarded)
        return list(seen.items())

    def free(self, function: Scope) -> list[tuple[str, bool]]:
        """The closure variables ``function`` uses: declared by an enclosing function."""
        key = function.node.id
        if key in self._free:
            return self._free[key]
        found: list[tuple[str, bool]] = []
        own = self._declared_within(function)
        start = function.node.start_byte
        for name in sorted(references(function.node) - own):
            scope = function.parent
            while scope is not None and scope is not self.program:
                declared = scope.names.get(name)
                if declared is not None:
                    if not declared.hidden and _encloses(scope.node, function.node):
                        found.append((name, declared.end > start))
                    break
                scope = scope.parent
        self._free[key] = found
        return found

    def program_names(self, function: Scope) -> list[str]:
        """The program's own variables ``function`` uses (globals, not shown in its frame): a write
        to one shows at once in the program's frame."""
        own = self._declared_within(function)
        found: list[str] = []
        for name in sorted(references(function.node) - own):
            scope = function.parent
            while scope is not None:
                declared = scope.names.get(name)
                if declared is not None:
                    if scope is self.program and not declared.hidden:
                        found.append(name)
                    break
                scope = scope.parent
        return found

    def _declared_within(self, function: Scope) -> set[str]:
        names: set[str] = set()
        for scope in self.scopes.values():
            current: Scope | None = scope
            while current is not None and current is not function:
                if current.function:
                    current = None
                    break
                current = current.parent
            if current is function:
                names.update(scope.names)
        return names


def _encloses(outer: Node, inner: Node) -> bool:
    return outer.start_byte <= inner.start_byte and inner.end_byte <= outer.end_byte


def pattern_names(node: Node | None) -> list[str]:
    """The names a parameter list or destructuring pattern binds."""
    if node is None:
        return []
    kind = node.type
    if kind in ("identifier", "shorthand_property_identifier_pattern"):
        return [text_of(node)]
    if kind in _PATTERN_SKIP:
        return []
    if kind in ("assignment_pattern", "object_assignment_pattern"):
        return pattern_names(node.child_by_field_name("left"))
    if kind == "pair_pattern":
        return pattern_names(node.child_by_field_name("value"))
    out: list[str] = []
    for child in node.named_children:
        out.extend(pattern_names(child))
    return out


def references(node: Node) -> set[str]:
    """The identifiers read or written anywhere under ``node``, nested functions included."""
    found: set[str] = set()
    todo = [node]
    while todo:
        current = todo.pop()
        if current.type in ("identifier", "shorthand_property_identifier"):
            found.add(text_of(current))
        todo.extend(current.children)
    return found
