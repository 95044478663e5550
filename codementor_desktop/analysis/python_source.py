"""Python source to the program model, through the standard ``ast`` module."""

from __future__ import annotations

import ast

from . import program as p


class ParseFailure(ValueError):
    """The code does not parse: where and why, for the spec's ``ast_parse_failure``."""

    def __init__(self, message: str, line: int | None, column: int | None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


def parse_python(source: str) -> p.Program:
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        raise ParseFailure(exc.msg or "invalid syntax", exc.lineno, exc.offset) from None
    except ValueError as exc:  # a null byte in the source
        raise ParseFailure(str(exc), None, None) from None
    return p.Program("python", _Lowering().body(tree.body, in_class=False), source)


_COMPARE = {
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.In: "in",
    ast.NotIn: "not in",
    ast.Is: "is",
    ast.IsNot: "is not",
}
_BINARY = {
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.Div: "/",
    ast.FloorDiv: "//",
    ast.Mod: "%",
    ast.Pow: "**",
    ast.LShift: "<<",
    ast.RShift: ">>",
    ast.BitAnd: "&",
    ast.BitOr: "|",
    ast.BitXor: "^",
    ast.MatMult: "@",
}
_UNARY = {ast.Not: "not", ast.USub: "-", ast.UAdd: "+", ast.Invert: "~"}
_COMPREHENSIONS = {ast.ListComp: "list", ast.SetComp: "set", ast.DictComp: "dict", ast.GeneratorExp: "generator"}


def _is_namespace(node: ast.ClassDef) -> bool:
    """A class of methods that keep no state: no ``__init__`` and no ``self.x = ...``."""
    for item in ast.walk(node):
        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name == "__init__":
            return False
        if isinstance(item, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = item.targets if isinstance(item, ast.Assign) else [item.target]
            for target in targets:
                for sub in ast.walk(target):
                    if isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name) and sub.value.id == "self":
                        return False
    return any(isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) for item in node.body)


def _has_self_parameter(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return not any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in node.decorator_list)


def _lines(node: ast.AST) -> tuple[int, int]:
    line = getattr(node, "lineno", 0) or 0
    return line, getattr(node, "end_lineno", line) or line


class _Lowering:
    def body(self, stmts: list[ast.stmt], in_class: bool = False) -> list[p.Stmt]:
        out: list[p.Stmt] = []
        for stmt in stmts:
            out.extend(self.stmt(stmt, in_class))
        return out

    def stmt(self, node: ast.stmt, in_class: bool = False) -> list[p.Stmt]:
        line, end = _lines(node)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return [self.function(node, in_class)]
        if isinstance(node, ast.ClassDef):
            if _is_namespace(node):
                # ``class Solution:`` holding plain functions (no state on self): its methods are
                # read as the functions they are, without their ``self``.
                return [p.ClassDef(line, end, node.name, self.body(node.body, in_class=False))]
            return [p.ClassDef(line, end, node.name, self.body(node.body, in_class=True))]
        if isinstance(node, (ast.For, ast.AsyncFor)):
            return [
                p.Loop(
                    line,
                    end,
                    "for",
                    p.assigned_names(self.expr(node.target)),
                    self.expr(node.iter),
                    None,
                    self.body(node.body),
                    self.body(node.orelse),
                )
            ]
        if isinstance(node, ast.While):
            return [
                p.Loop(line, end, "while", [], None, self.expr(node.test), self.body(node.body), self.body(node.orelse))
            ]
        if isinstance(node, ast.If):
            return [p.If(line, end, self.expr(node.test), self.body(node.body), self.body(node.orelse))]
        if isinstance(node, ast.Return):
            return [p.Return(line, end, self.expr(node.value) if node.value else None)]
        if isinstance(node, ast.Break):
            return [p.Jump(line, end, "break")]
        if isinstance(node, ast.Continue):
            return [p.Jump(line, end, "continue")]
        if isinstance(node, ast.Raise):
            return [p.Jump(line, end, "raise", self.expr(node.exc) if node.exc else None)]
        if isinstance(node, ast.Assign):
            return [p.Assign(line, end, [self.expr(t) for t in node.targets], self.expr(node.value), declaration=True)]
        if isinstance(node, ast.AnnAssign):
            value = self.expr(node.value) if node.value else None
            return [p.Assign(line, end, [self.expr(node.target)], value, declaration=True)]
        if isinstance(node, ast.AugAssign):
            return [p.Assign(line, end, [self.expr(node.target)], self.expr(node.value), _BINARY[type(node.op)])]
        if isinstance(node, ast.Expr):
            return [p.ExprStmt(line, end, self.expr(node.value))]
        if isinstance(node, (ast.Try, ast.TryStar)):
            handlers = [self.body(h.body) for h in node.handlers]
            return [p.Try(line, end, self.body(node.body), handlers, self.body(node.orelse), self.body(node.finalbody))]
        if isinstance(node, (ast.With, ast.AsyncWith)):
            return [p.Block(line, end, self.body(node.body))]
        if isinstance(node, ast.Delete):
            return [p.Delete(line, end, [self.expr(t) for t in node.targets])]
        if isinstance(node, ast.Match):
            return [p.Switch(line, end, self.expr(node.subject), [self.body(c.body) for c in node.cases])]
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            return [p.Pass(line, end, [(a.asname or a.name).split(".")[0] for a in node.names])]
        return [p.Pass(line, end)]

    def function(self, node: ast.FunctionDef | ast.AsyncFunctionDef, in_class: bool) -> p.Function:
        line, end = _lines(node)
        args = node.args
        positional = [*args.posonlyargs, *args.args]
        params = [a.arg for a in positional + args.kwonlyargs]
        if args.vararg:
            params.append(args.vararg.arg)
        if args.kwarg:
            params.append(args.kwarg.arg)
        defaults: dict[str, p.Expr] = {}
        for arg, default in zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True):
            defaults[arg.arg] = self.expr(default)
        for arg, kw_default in zip(args.kwonlyargs, args.kw_defaults, strict=True):
            if kw_default is not None:
                defaults[arg.arg] = self.expr(kw_default)
        if not in_class and params[:1] == ["self"] and _has_self_parameter(node):
            params = params[1:]
        annotations = {
            a.arg: ast.unparse(a.annotation) for a in [*positional, *args.kwonlyargs] if a.annotation is not None
        }
        return p.Function(
            line,
            end,
            node.name,
            params,
            self.body(node.body),
            defaults,
            [self.expr(d) for d in node.decorator_list],
            is_method=in_class,
            annotations=annotations,
        )

    def expr(self, node: ast.expr) -> p.Expr:
        line, end = _lines(node)
        if isinstance(node, ast.Name):
            return p.Name(line, end, node.id)
        if isinstance(node, ast.Constant):
            return p.Const(line, end, node.value)
        if isinstance(node, ast.Attribute):
            return p.Attr(line, end, self.expr(node.value), node.attr)
        if isinstance(node, ast.Subscript):
            if isinstance(node.slice, ast.Slice):
                s = node.slice
                return p.Slice(
                    line,
                    end,
                    self.expr(node.value),
                    self.expr(s.lower) if s.lower else None,
                    self.expr(s.upper) if s.upper else None,
                    self.expr(s.step) if s.step else None,
                )
            return p.Index(line, end, self.expr(node.value), self.expr(node.slice))
        if isinstance(node, ast.Call):
            keywords = {k.arg or "**": self.expr(k.value) for k in node.keywords}
            return p.Call(line, end, self.expr(node.func), [self.expr(a) for a in node.args], keywords)
        if isinstance(node, ast.BinOp):
            return p.BinOp(line, end, _BINARY[type(node.op)], self.expr(node.left), self.expr(node.right))
        if isinstance(node, ast.UnaryOp):
            return p.Unary(line, end, _UNARY[type(node.op)], self.expr(node.operand))
        if isinstance(node, ast.BoolOp):
            return p.BoolOp(
                line, end, "and" if isinstance(node.op, ast.And) else "or", [self.expr(v) for v in node.values]
            )
        if isinstance(node, ast.Compare):
            return p.Compare(
                line,
                end,
                self.expr(node.left),
                [_COMPARE[type(o)] for o in node.ops],
                [self.expr(c) for c in node.comparators],
            )
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            kind = {ast.List: "list", ast.Tuple: "tuple", ast.Set: "set"}[type(node)]
            return p.Seq(line, end, kind, [self.expr(e) for e in node.elts])
        if isinstance(node, ast.Dict):
            items = [self.expr(k) for k in node.keys if k is not None] + [self.expr(v) for v in node.values]
            return p.Seq(line, end, "dict", items)
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            return self.comprehension(node)
        if isinstance(node, ast.IfExp):
            return p.Ternary(line, end, self.expr(node.test), self.expr(node.body), self.expr(node.orelse))
        if isinstance(node, ast.Lambda):
            params = [a.arg for a in node.args.args]
            body: list[p.Stmt] = [p.Return(line, end, self.expr(node.body))]
            return p.Function(line, end, "<lambda>", params, body, is_lambda=True)
        if isinstance(node, ast.Starred):
            return p.Other(line, end, [self.expr(node.value)])
        if isinstance(node, ast.NamedExpr):
            return p.Other(line, end, [self.expr(node.target), self.expr(node.value)])
        parts = [self.expr(child) for child in ast.iter_child_nodes(node) if isinstance(child, ast.expr)]
        if isinstance(node, ast.JoinedStr):
            return p.Other(line, end, [p.Const(line, end, ""), *parts])
        return p.Other(line, end, parts)

    def comprehension(self, node: ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp) -> p.Expr:
        line, end = _lines(node)
        if isinstance(node, ast.DictComp):
            element: list[p.Stmt] = [
                p.ExprStmt(line, end, self.expr(node.key)),
                p.ExprStmt(line, end, self.expr(node.value)),
            ]
        else:
            element = [p.ExprStmt(line, end, self.expr(node.elt))]
        kind = _COMPREHENSIONS[type(node)]
        # Innermost generator first: each further ``for`` clause is a loop inside the previous one.
        body = element
        comp: p.Comprehension | None = None
        for generator in reversed(node.generators):
            for condition in reversed(generator.ifs):
                body = [p.If(line, end, self.expr(condition), body)]
            targets = p.assigned_names(self.expr(generator.target))
            comp = p.Comprehension(line, end, kind, targets, self.expr(generator.iter), body)
            body = [p.ExprStmt(line, end, comp)]
        assert comp is not None
        return comp
