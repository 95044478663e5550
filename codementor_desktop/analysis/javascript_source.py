"""JavaScript source to the program model, through tree-sitter and its JavaScript grammar.

The idioms of JavaScript are spelled as their Python twins (see ``program``), so a detector
written once reads both languages: ``a.length`` is ``len(a)``, ``a.includes(x)`` is ``x in a``,
``a.push`` is ``append``, ``a.shift()`` is ``pop(0)``, ``a.unshift(x)`` is ``insert(0, x)``,
``a.slice(i, j)`` is a slice, ``new Set(a)`` is ``set(a)``, ``Math.floor(a / b)`` is ``a // b``,
the callbacks of ``map``/``filter``/``forEach``/``reduce``/... are loops over the array
(``javascript_idioms``), and a counting ``for (let i = a; i < b; i++)`` is ``for i in range(a, b)``.
"""

from __future__ import annotations

from functools import lru_cache

from tree_sitter import Language, Node, Parser

from . import program as p
from .javascript_idioms import Idioms, lines, text
from .python_source import ParseFailure


@lru_cache(maxsize=1)
def _parser() -> Parser:
    import tree_sitter_javascript

    return Parser(Language(tree_sitter_javascript.language()))


def parse_tree(source: str) -> Node:
    """The tree-sitter tree of the source; raises ParseFailure at the first syntax error."""
    tree = _parser().parse(source.encode("utf-8"))
    bad = _first_error(tree.root_node)
    if bad is not None:
        row, column = bad.start_point
        what = f"missing {bad.type}" if bad.is_missing else "unexpected " + _snippet(bad)
        raise ParseFailure(f"Syntax error: {what}", row + 1, column + 1)
    return tree.root_node


def parse_javascript(source: str) -> p.Program:
    return p.Program("javascript", _Lowering().block(parse_tree(source)), source)


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


def _snippet(node: Node) -> str:
    shown = text(node).strip().splitlines()
    return repr(shown[0][:30]) if shown else "end of input"


_FUNCTIONS = {
    "function_declaration",
    "generator_function_declaration",
    "function_expression",
    "function",
    "arrow_function",
}


class _Lowering(Idioms):
    # ---- statements ----------------------------------------------------------------------

    def block(self, node: Node | None) -> list[p.Stmt]:
        if node is None:
            return []
        if node.type in ("statement_block", "program", "class_body", "switch_body"):
            out: list[p.Stmt] = []
            for child in node.named_children:
                out.extend(self.stmt(child))
            return out
        return self.stmt(node)

    def stmt(self, node: Node) -> list[p.Stmt]:  # noqa: C901 - one dispatch over the grammar's statements
        line, end = lines(node)
        kind = node.type
        field = node.child_by_field_name
        if kind in ("function_declaration", "generator_function_declaration"):
            return [self.function(node, text(field("name")))]
        if kind == "class_declaration":
            return [p.ClassDef(line, end, text(field("name")), self.class_body(field("body")))]
        if kind in ("lexical_declaration", "variable_declaration"):
            return [self.declarator(d) for d in node.named_children if d.type == "variable_declarator"]
        if kind == "expression_statement":
            inner = node.named_children[0] if node.named_children else None
            return self.expression_statement(inner, line, end) if inner is not None else []
        if kind == "if_statement":
            alternative = field("alternative")
            orelse = self.block(alternative.named_children[0]) if alternative and alternative.named_children else []
            return [p.If(line, end, self.expr(field("condition")), self.block(field("consequence")), orelse)]
        if kind == "for_statement":
            return self.for_statement(node)
        if kind == "for_in_statement":
            left = field("left")
            targets = p.assigned_names(self.expr(left)) if left is not None else []
            iterable = self.expr(field("right"))
            if text(field("operator")) == "in":
                iterable = p.Call(line, end, p.Name(line, end, "keys"), [iterable])
            return [p.Loop(line, end, "for", targets, iterable, None, self.block(field("body")))]
        if kind == "while_statement":
            return [p.Loop(line, end, "while", [], None, self.expr(field("condition")), self.block(field("body")))]
        if kind == "do_statement":
            return [p.Loop(line, end, "while", [], None, self.expr(field("condition")), self.block(field("body")))]
        if kind == "return_statement":
            value = node.named_children[0] if node.named_children else None
            return [p.Return(line, end, self.expr(value) if value is not None else None)]
        if kind == "break_statement":
            return [p.Jump(line, end, "break")]
        if kind == "continue_statement":
            return [p.Jump(line, end, "continue")]
        if kind == "throw_statement":
            value = node.named_children[0] if node.named_children else None
            return [p.Jump(line, end, "raise", self.expr(value) if value is not None else None)]
        if kind == "try_statement":
            handler, final = field("handler"), field("finalizer")
            handlers = [self.block(handler.child_by_field_name("body"))] if handler is not None else []
            finalizer = self.block(final.child_by_field_name("body")) if final is not None else []
            return [p.Try(line, end, self.block(field("body")), handlers, [], finalizer)]
        if kind == "switch_statement":
            body = field("body")
            cases = []
            for case in body.named_children if body is not None else []:
                stmts = [c for c in case.named_children if c != case.child_by_field_name("value")]
                cases.append([s for c in stmts for s in self.stmt(c)])
            return [p.Switch(line, end, self.expr(field("value")), cases)]
        if kind == "statement_block":
            return [p.Block(line, end, self.block(node))]
        if kind == "labeled_statement":
            return self.block(field("body"))
        if kind in ("import_statement", "export_statement"):
            inner = field("declaration")
            return self.stmt(inner) if inner is not None else [p.Pass(line, end)]
        if kind in ("comment", "empty_statement", "hash_bang_line"):
            return []
        return [p.ExprStmt(line, end, self.expr(node))]

    def expression_statement(self, node: Node, line: int, end: int) -> list[p.Stmt]:
        if node.type == "sequence_expression":
            return [s for child in node.named_children for s in self.expression_statement(child, line, end)]
        lowered = self.assignment(node)
        return [lowered] if lowered is not None else [p.ExprStmt(line, end, self.expr(node))]

    def assignment(self, node: Node) -> p.Assign | None:
        """``a = b``, ``a += b``, ``a++`` as an assignment, else None."""
        line, end = lines(node)
        field = node.child_by_field_name
        if node.type == "assignment_expression":
            return p.Assign(line, end, [self.expr(field("left"))], self.expr(field("right")))
        if node.type == "augmented_assignment_expression":
            op = text(field("operator")).rstrip("=")
            return p.Assign(line, end, [self.expr(field("left"))], self.expr(field("right")), op or "=")
        if node.type == "update_expression":
            op = "+" if "++" in text(field("operator")) else "-"
            return p.Assign(line, end, [self.expr(field("argument"))], p.Const(line, end, 1), op)
        return None

    def declarator(self, node: Node) -> p.Assign:
        line, end = lines(node)
        name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
        target = self.expr(name)
        lowered: p.Expr | None = None
        if value is not None:
            lowered = self.function(value, text(name)) if value.type in _FUNCTIONS else self.expr(value)
        return p.Assign(line, end, [target], lowered, declaration=True)

    def class_body(self, node: Node | None) -> list[p.Stmt]:
        out: list[p.Stmt] = []
        for member in node.named_children if node is not None else []:
            if member.type == "method_definition":
                out.append(self.function(member, text(member.child_by_field_name("name")), is_method=True))
            elif member.type == "field_definition":
                value = member.child_by_field_name("value")
                line, end = lines(member)
                prop = p.Attr(line, end, p.Name(line, end, "this"), text(member.child_by_field_name("property")))
                out.append(
                    p.Assign(line, end, [prop], self.expr(value) if value is not None else None, declaration=True)
                )
        return out

    def function(self, node: Node, name: str, is_method: bool = False) -> p.Function:
        line, end = lines(node)
        field = node.child_by_field_name
        params: list[str] = []
        defaults: dict[str, p.Expr] = {}
        single = field("parameter")
        if single is not None:
            params.append(text(single))
        declared = field("parameters")
        for param in declared.named_children if declared is not None else []:
            if param.type == "assignment_pattern":
                names = p.assigned_names(self.expr(param.child_by_field_name("left")))
                params.extend(names)
                if names:
                    defaults[names[0]] = self.expr(param.child_by_field_name("right"))
            elif param.type == "rest_pattern":
                params.extend(p.assigned_names(self.expr(param.named_children[0])))
            elif param.type != "comment":
                params.extend(p.assigned_names(self.expr(param)))
        body_node = field("body")
        if body_node is not None and body_node.type != "statement_block":
            body: list[p.Stmt] = [p.Return(*lines(body_node), self.expr(body_node))]
        else:
            body = self.block(body_node)
        arrow = node.type in ("arrow_function", "function_expression", "function")
        return p.Function(
            line, end, name or "<anonymous>", params, body, defaults, is_method=is_method, is_lambda=arrow
        )

    def for_statement(self, node: Node) -> list[p.Stmt]:
        line, end = lines(node)
        field = node.child_by_field_name
        init, cond, step = field("initializer"), field("condition"), field("increment")
        if cond is not None and cond.type == "expression_statement":
            cond = cond.named_children[0] if cond.named_children else None
        if cond is not None and cond.type == "empty_statement":
            cond = None
        body = self.block(field("body"))
        counted = self.counted_range(init, cond, step)
        if counted is not None:
            variable, bounds = counted
            return [p.Loop(line, end, "for", [variable], bounds, None, body)]
        before: list[p.Stmt] = []
        if init is not None and init.type in ("lexical_declaration", "variable_declaration", "expression_statement"):
            before = self.stmt(init)
        update: list[p.Stmt] = []
        if step is not None:
            update = self.expression_statement(step, *lines(step))
        test = self.expr(cond) if cond is not None else p.Const(line, line, True)
        return [*before, p.Loop(line, end, "while", [], None, test, body, update=update)]

    def counted_range(self, init: Node | None, cond: Node | None, step: Node | None) -> tuple[str, p.Call] | None:
        """``for (let i = a; i < b; i++)`` as ``("i", range(a, b))``; None when it is not that shape."""
        if (
            init is None
            or cond is None
            or step is None
            or init.type not in ("lexical_declaration", "variable_declaration")
        ):
            return None
        declarators = [d for d in init.named_children if d.type == "variable_declarator"]
        if len(declarators) != 1 or declarators[0].child_by_field_name("value") is None:
            return None
        variable = text(declarators[0].child_by_field_name("name"))
        start = self.expr(declarators[0].child_by_field_name("value"))
        if cond.type != "binary_expression" or text(cond.child_by_field_name("left")) != variable:
            return None
        op = text(cond.child_by_field_name("operator"))
        bound = self.expr(cond.child_by_field_name("right"))
        direction = _step_direction(step, variable)
        line, end = lines(cond)
        if direction == 1 and op in ("<", "<="):
            stop = _shift(bound, 1) if op == "<=" else bound
            return variable, p.Call(line, end, p.Name(line, end, "range"), [start, stop])
        if direction == -1 and op in (">", ">="):
            stop = _shift(bound, -1) if op == ">=" else bound
            return variable, p.Call(line, end, p.Name(line, end, "range"), [start, stop, p.Const(line, end, -1)])
        return None

    # ---- expressions ---------------------------------------------------------------------

    def expr(self, node: Node | None) -> p.Expr:  # noqa: C901 - one dispatch over the grammar's expressions
        if node is None:
            return p.Other(0, 0)
        line, end = lines(node)
        kind = node.type
        field = node.child_by_field_name
        if kind in ("identifier", "shorthand_property_identifier", "shorthand_property_identifier_pattern", "this"):
            return p.Name(line, end, text(node))
        if kind == "undefined":
            return p.Const(line, end, None)
        if kind == "number":
            return p.Const(line, end, _number(text(node)))
        if kind == "string":
            return p.Const(line, end, text(node)[1:-1])
        if kind in ("true", "false"):
            return p.Const(line, end, kind == "true")
        if kind == "null":
            return p.Const(line, end, None)
        if kind == "template_string":
            parts = [self.expr(c.named_children[0]) for c in node.named_children if c.type == "template_substitution"]
            return p.Other(line, end, [p.Const(line, end, ""), *parts])
        if kind == "parenthesized_expression":
            return self.expr(node.named_children[0]) if node.named_children else p.Other(line, end)
        if kind == "member_expression":
            obj, prop = self.expr(field("object")), text(field("property"))
            if prop == "length":
                return p.Call(line, end, p.Name(line, end, "len"), [obj])
            return p.Attr(line, end, obj, prop, optional=field("optional_chain") is not None)
        if kind == "subscript_expression":
            optional = field("optional_chain") is not None
            return p.Index(line, end, self.expr(field("object")), self.expr(field("index")), optional)
        if kind == "call_expression":
            return self.call(node)
        if kind == "new_expression":
            return self.construct(node)
        if kind == "binary_expression":
            return self.binary(node)
        if kind == "unary_expression":
            op = text(field("operator"))
            return p.Unary(line, end, "not" if op == "!" else op, self.expr(field("argument")))
        if kind in ("assignment_expression", "augmented_assignment_expression", "update_expression"):
            assign = self.assignment(node)
            assert assign is not None
            return p.Other(line, end, [*assign.targets, assign.value] if assign.value is not None else assign.targets)
        if kind == "ternary_expression":
            return p.Ternary(
                line,
                end,
                self.expr(field("condition")),
                self.expr(field("consequence")),
                self.expr(field("alternative")),
            )
        if kind in ("array", "array_pattern"):
            items = node.named_children
            if kind == "array" and len(items) == 1 and items[0].type == "spread_element":
                inner = self.expr(items[0].named_children[0])
                return p.Call(line, end, p.Name(line, end, "list"), [inner])
            return p.Seq(line, end, "list", [self.expr(c) for c in items if c.type != "comment"])
        if kind in ("object", "object_pattern"):
            members: list[p.Expr] = []
            for child in node.named_children:
                if child.type in ("pair", "pair_pattern"):
                    members.append(self.expr(child.child_by_field_name("value")))
                elif child.type != "comment":
                    members.append(self.expr(child))
            return p.Seq(line, end, "dict" if kind == "object" else "tuple", members)
        if kind in ("assignment_pattern", "object_assignment_pattern"):
            return self.expr(field("left"))
        if kind in _FUNCTIONS:
            return self.function(node, text(field("name")))
        if kind in ("spread_element", "rest_pattern", "await_expression", "yield_expression"):
            return p.Other(line, end, [self.expr(c) for c in node.named_children])
        if kind == "sequence_expression":
            return p.Other(line, end, [self.expr(c) for c in node.named_children])
        return p.Other(line, end, [self.expr(c) for c in node.named_children if c.type != "comment"])


def _number(text: str) -> object:
    cleaned = text.replace("_", "").rstrip("n")
    try:
        return int(cleaned, 0)
    except ValueError:
        try:
            return float(cleaned)
        except ValueError:
            return 0


def _shift(bound: p.Expr, by: int) -> p.Expr:
    value = p.const_int(bound)
    if value is not None:
        return p.Const(bound.line, bound.end, value + by)
    return p.BinOp(bound.line, bound.end, "+" if by > 0 else "-", bound, p.Const(bound.line, bound.end, abs(by)))


def _step_direction(step: Node, variable: str) -> int:
    """+1 for ``i++``/``i += 1``, -1 for ``i--``/``i -= 1``, 0 otherwise."""
    written = text(step).replace(" ", "")
    if written in (f"{variable}++", f"++{variable}", f"{variable}+=1", f"{variable}={variable}+1"):
        return 1
    if written in (f"{variable}--", f"--{variable}", f"{variable}-=1", f"{variable}={variable}-1"):
        return -1
    return 0
