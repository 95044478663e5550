"""JavaScript made traceable: the learner's source with step, call and scope hooks inserted.

Node's inspector is closed to the child (its permission model refuses ``inspector.Session``), so
the app parses the source here with tree-sitter and inserts calls to the child's tracer
(``child/javascript/tracer.js``, bound to ``__cmT``); the child runs the result under the same
limits as any run. Nothing inserted holds a line break, so every line of the result is the
learner's line, and so are the lines of the trace and of every error.

- Before each statement: ``__cmT.s(__cmF, K, () => ({a, b}))``: hook ``K`` (its line and the names
  its statement touches are in ``hooks``) with a closure over the names visible there
  (``js_scopes``). A ``for``/``while`` header gets its hook in its condition, so that it runs on
  every iteration as Python's header line does; a ``for...of`` gets one at the start of its body.
- Each function: ``const __cmF = __cmT.c(name, line, scope, key)`` on entry, ``return
  __cmT.r(__cmF, value, scope)`` for each ``return`` and at the end, and a ``catch`` that reports
  an exception leaving the function (``__cmT.x``) and throws it on. A ``catch`` of the learner's
  reports the exception it caught (``__cmT.k``).
- Async functions and generators are not instrumented: their bodies run, untraced.

``loops`` describes every loop for the child's diagnosis of a run stopped on a limit.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from tree_sitter import Node

from .js_scopes import FUNCTIONS, ScopeTree, parse, references, text_of

T, F, E = "__cmT", "__cmF", "__cmE"
RETURN_MARK = "/*__cm_return__*/"  # where the child puts the program's ``return {names}``
_HIDDEN = ("function_declaration", "generator_function_declaration", "class_declaration", "empty_statement")
_HOOKED_IN_HEADER = ("for_statement", "while_statement")
_NESTED = ("statement_block", "else_clause", "switch_body", "catch_clause", "finally_clause", "class_body", *FUNCTIONS)
_EXPORTS = (
    re.compile(r"^export\s+default\s+(?=(?:async\s+)?function|class)", re.M),
    re.compile(r"^export\s+(?=(?:async\s+)?function|class|const|let|var)", re.M),
    re.compile(r"^export\s*\{[^}]*\};?", re.M),
)


class InstrumentFailure(ValueError):
    """The source could not be read for tracing (its line and column, 1-based)."""

    def __init__(self, message: str, line: int, column: int):
        super().__init__(message)
        self.line = line
        self.column = column


@dataclass
class Instrumented:
    """The program to run (``text``), its hooks (``[line, touched names]`` by index) and loops."""

    text: str
    hooks: list[list[Any]] = field(default_factory=list)
    loops: list[dict[str, Any]] = field(default_factory=list)


def as_script(source: str) -> str:
    """ES module syntax at the start of a line blanked out, as the child's loader does, columns kept."""
    for pattern in _EXPORTS:
        source = pattern.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), source)
    return source


def instrument(source: str) -> Instrumented:
    """The learner's ``source`` with its hooks; raises ``InstrumentFailure`` where tree-sitter
    cannot read it (the child reports a real syntax error itself, from Node's own parser)."""
    script = as_script(source)
    data = script.encode("utf-8")
    root = parse(data)
    bad = _first_error(root)
    if bad is not None:
        raise InstrumentFailure(
            "the code could not be read for tracing", bad.start_point[0] + 1, bad.start_point[1] + 1
        )
    return _Writer(data, ScopeTree(root)).run()


def _first_error(node: Node) -> Node | None:
    if node.is_missing or node.type == "ERROR":
        return node
    if not node.has_error:
        return None
    for child in node.children:
        found = _first_error(child)
        if found is not None:
            return found
    return None


def line_of(node: Node) -> int:
    return node.start_point[0] + 1


class _Writer:
    def __init__(self, data: bytes, scopes: ScopeTree):
        self.data = data
        self.scopes = scopes
        self.inserts: list[tuple[int, int, int, str]] = []  # (position, rank, order, text)
        self.hooks: list[list[Any]] = []
        self.loops: list[dict[str, Any]] = []

    # -- output -----------------------------------------------------------------------------------

    def run(self) -> Instrumented:
        root = self.scopes.root
        self._statements(root, traced=True)
        self._walk_children(root, traced=True)
        end = self.scope_text(self.scopes.visible_in(self.scopes.program, len(self.data)))
        head = f'const {F}={T}.c("<module>",1,0,0);try{{'
        tail = f"\n;{T}.r({F},void 0,{end});{RETURN_MARK}}}catch({E}){{{T}.x({F},{E});throw {E}}}"
        return Instrumented(head + self._applied() + tail, self.hooks, self.loops)

    def _applied(self) -> str:
        out: list[bytes] = []
        last = 0
        # Closers before openers at one position; outer openers first, inner closers first.
        for position, _rank, _order, text in sorted(self.inserts):
            out.append(self.data[last:position])
            out.append(text.encode("utf-8"))
            last = position
        out.append(self.data[last:])
        return b"".join(out).decode("utf-8")

    def opener(self, position: int, text: str) -> None:
        self.inserts.append((position, 1, len(self.inserts), text))

    def closer(self, position: int, text: str) -> None:
        self.inserts.append((position, 0, -len(self.inserts), text))

    def scope_text(self, names: list[tuple[str, bool]], this: bool = False) -> str:
        parts = [f"{name}:{T}.g(()=>{name})" if guarded else name for name, guarded in names]
        if this:
            parts.append("this:this")
        return "()=>({" + ",".join(parts) + "})" if parts else "0"

    def hook(self, line: int, touched: Node | None, names: list[tuple[str, bool]], this: bool) -> str:
        index = len(self.hooks)
        self.hooks.append([line, sorted(_head_references(touched)) if touched is not None else []])
        return f"{T}.s({F},{index},{self.scope_text(names, this)})"

    # -- walking ----------------------------------------------------------------------------------

    def _walk_children(self, node: Node, traced: bool, this: bool = False) -> None:
        for child in node.children:
            self._walk(child, traced, this)

    def _walk(self, node: Node, traced: bool, this: bool) -> None:
        kind = node.type
        if kind in FUNCTIONS:
            self._function(node)
            return
        if traced:
            if kind == "statement_block" or kind in ("switch_case", "switch_default"):
                self._statements(node, traced, this)
            elif kind == "return_statement":
                self._return(node, this)
            elif kind == "catch_clause":
                self._catch(node)
            elif kind in ("for_statement", "while_statement", "do_statement", "for_in_statement"):
                self._loop(node, this)
            elif kind in ("if_statement", "else_clause", "labeled_statement"):
                self._bodies(node, this)
        self._walk_children(node, traced, this)

    def _statements(self, node: Node, traced: bool, this: bool = False) -> None:
        """A hook before each statement of a list (a block, the program, a case)."""
        if not traced:
            return
        fields = ("value",) if node.type == "switch_case" else ()
        skip = {id(node.child_by_field_name(name)) for name in fields}
        for child in node.named_children:
            if id(child) in skip or not child.type.endswith(("statement", "declaration")):
                continue
            self._before(child, this)

    def _before(self, statement: Node, this: bool) -> None:
        inner = statement
        while inner.type == "labeled_statement":
            body = inner.child_by_field_name("body")
            if body is None:
                break
            inner = body
        if inner.type in _HIDDEN or inner.type in _HOOKED_IN_HEADER or statement.type == "comment":
            return
        names = self.scopes.visible(statement)
        self.opener(statement.start_byte, self.hook(line_of(statement), inner, names, this) + ";")

    def _single(self, body: Node | None, this: bool) -> None:
        """A lone statement as a body (``if (a) b;``): made a block with its hook."""
        if body is None or body.type == "statement_block":
            return
        self.opener(body.start_byte, "{")
        self._before(body, this)
        self.closer(body.end_byte, "}")

    def _bodies(self, node: Node, this: bool) -> None:
        if node.type == "if_statement":
            self._single(node.child_by_field_name("consequence"), this)
        elif node.type == "else_clause":
            body = next((c for c in node.named_children), None)
            self._single(body, this)

    def _function(self, node: Node) -> None:
        body = node.child_by_field_name("body")
        words = {child.type for child in node.children}
        if body is None or "async" in words or "*" in words or "generator" in node.type:
            self._walk_children(node, traced=False)  # runs untraced; functions inside it are traced
            return
        scope = self.scopes.scopes[node.id]
        this = node.type == "method_definition" and not _derived_constructor(node)
        key = line_of(node)
        name = json.dumps(_function_name(node))
        end_names = self.scope_text(self.scopes.visible_in(scope, body.end_byte), this)
        # The closure variables it sees and the program's variables it uses: a write to one shows
        # at once in the frames that share it.
        free = [n for n, _ in self.scopes.free(scope)]
        program = self.scopes.program_names(scope)
        key_text = f"{key}"
        if free or program:
            key_text += f",{json.dumps(free, separators=(',', ':')) if free else 0}"
        if program:
            key_text += f",{json.dumps(program, separators=(',', ':'))}"
        if body.type == "statement_block":
            entry = self.scope_text(self.scopes.visible_in(scope, body.start_byte + 1), this)
            self.opener(body.start_byte + 1, f"const {F}={T}.c({name},{key},{entry},{key_text});try{{")
            self.closer(body.end_byte - 1, f";{T}.r({F},void 0,{end_names})}}catch({E}){{{T}.x({F},{E});throw {E}}}")
        else:
            names = self.scopes.visible_in(scope, body.start_byte)
            entry = self.scope_text(names, this)
            step = self.hook(line_of(body), body, names, this)
            self.opener(
                body.start_byte, f"{{const {F}={T}.c({name},{key},{entry},{key_text});try{{{step};return {T}.r({F},("
            )
            self.closer(body.end_byte, f"),{entry})}}catch({E}){{{T}.x({F},{E});throw {E}}}}}")
        self._walk_children(node, traced=True, this=this)

    def _return(self, node: Node, this: bool) -> None:
        value = next((c for c in node.named_children if c.type != "comment"), None)
        names = self.scope_text(self.scopes.visible(node), this)
        keyword = node.children[0]
        if value is None:
            self.opener(keyword.end_byte, f" {T}.r({F},void 0,{names})")
        else:
            self.opener(value.start_byte, f"{T}.r({F},(")
            self.closer(value.end_byte, f"),{names})")

    def _catch(self, node: Node) -> None:
        body = node.child_by_field_name("body")
        param = node.child_by_field_name("parameter")
        caught = text_of(param) if param is not None and param.type == "identifier" else "void 0"
        if body is not None:
            self.opener(body.start_byte + 1, f"{T}.k({F},{caught});")

    def _loop(self, node: Node, this: bool) -> None:
        kind = node.type
        body = node.child_by_field_name("body")
        header_line = line_of(node)
        if kind in ("for_statement", "while_statement", "do_statement"):
            condition = node.child_by_field_name("condition")
            if condition is None:
                return
            if kind == "do_statement":
                header_line = line_of(condition)
                self._single(body, this)
            elif kind == "while_statement":
                self._single(body, this)
            at = condition.start_byte + (1 if condition.type == "parenthesized_expression" else 0)
            names = self.scopes.visible(condition, at)
            step = self.hook(header_line, node if kind == "for_statement" else condition, names, this)
            if condition.type == "empty_statement":
                self.opener(condition.start_byte, f"({step},true)")
            elif condition.type == "parenthesized_expression":
                self.opener(at, step + ",")
            else:
                self.opener(condition.start_byte, f"({step},")
                self.closer(condition.end_byte, ")")
            if kind == "for_statement":
                self._single(body, this)
        elif body is not None:  # for...in / for...of: a hook at the start of each iteration
            if body.type == "statement_block":
                names = self.scopes.visible_in(self.scopes.scopes[body.id], body.start_byte + 1)
            else:
                names = self.scopes.visible(body)
            step = self.hook(header_line, node, names, this)
            if body.type == "statement_block":
                self.opener(body.start_byte + 1, step + ";")
            else:
                self.opener(body.start_byte, "{" + step + ";")
                self._before(body, this)
                self.closer(body.end_byte, "}")
        self.loops.append(_loop_info(node, header_line, self.data))


def _derived_constructor(node: Node) -> bool:
    name = node.child_by_field_name("name")
    if name is None or name.text != b"constructor":
        return False
    cls = node.parent.parent if node.parent is not None else None
    return cls is not None and any(child.type == "class_heritage" for child in cls.children)


def _function_name(node: Node) -> str:
    name = node.child_by_field_name("name")
    if name is not None:
        return text_of(name)
    parent = node.parent
    if parent is not None:
        if parent.type == "variable_declarator":
            target = parent.child_by_field_name("name")
        elif parent.type in ("assignment_expression", "field_definition"):
            target = parent.child_by_field_name("left") or parent.child_by_field_name("property")
        elif parent.type == "pair":
            target = parent.child_by_field_name("key")
        else:
            target = None
        if target is not None and target.type in ("identifier", "property_identifier", "member_expression"):
            return text_of(target).rsplit(".", 1)[-1]
    return "(anonymous)"


def _head_references(node: Node) -> set[str]:
    """The names a statement's own line touches: not those of its nested blocks or functions."""
    found: set[str] = set()
    todo = [node]
    while todo:
        current = todo.pop()
        if current is not node and (current.type in _NESTED or current.type.endswith("_statement")):
            continue
        if current.type in ("identifier", "shorthand_property_identifier"):
            found.add(text_of(current))
        todo.extend(current.children)
    return found


def _loop_info(node: Node, header_line: int, data: bytes) -> dict[str, Any]:
    kind = {"for_statement": "for", "for_in_statement": "for", "while_statement": "while", "do_statement": "do"}[
        node.type
    ]
    if node.type == "for_in_statement":
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        watched = [n for n in (left, right) if n is not None]
        words = [text_of(c) for c in node.children if c.type in ("of", "in")]
        tested = right
        condition = f"{_text(left, data)} {words[0] if words else 'of'} {_text(right, data)}"
    else:
        tested = node.child_by_field_name("condition")
        watched = [tested] if tested is not None else []
        condition = _text(tested, data).strip("();") if tested is not None else ""
    names = sorted(set().union(*(references(n) for n in watched))) if watched else []
    if node.type == "for_in_statement" and tested is not None:
        names = sorted(references(tested))
    always = node.type != "for_in_statement" and (tested is None or condition.strip() in ("", "true", "1"))
    scope = _enclosing_function_line(node)
    return {
        "kind": kind,
        "line": line_of(node),
        "header_line": header_line,
        "end_line": node.end_point[0] + 1,
        "scope": scope,
        "names": names,
        "condition": condition[:200],
        "no_way_out": always and not _leaves(node),
    }


def _text(node: Node | None, data: bytes) -> str:
    return "" if node is None else data[node.start_byte : node.end_byte].decode("utf-8", "replace")


def _enclosing_function_line(node: Node) -> int:
    current = node.parent
    while current is not None:
        if current.type in FUNCTIONS:
            return line_of(current)
        current = current.parent
    return 0


def _leaves(loop: Node) -> bool:
    """Whether anything in the loop's body can leave it: its own ``break``, a ``return`` or ``throw``."""
    body = loop.child_by_field_name("body")
    todo = [(body, False)] if body is not None else []
    while todo:
        node, nested = todo.pop()
        kind = node.type
        if kind in ("return_statement", "throw_statement", "yield_expression"):
            return True
        if kind == "break_statement" and (not nested or node.named_child_count):  # a labelled break may leave it
            return True
        if kind in FUNCTIONS:
            continue
        inner = nested or kind in (
            "for_statement",
            "for_in_statement",
            "while_statement",
            "do_statement",
            "switch_statement",
        )
        todo.extend((child, inner) for child in node.children)
    return False
