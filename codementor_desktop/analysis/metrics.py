"""Code quality metrics: cyclomatic complexity, lines of code, a naming score, a readability score.

- ``cyclomatic_complexity``: the largest of the functions' (McCabe: 1 + one per decision point:
  ``if``/``elif``, each loop, each ``and``/``or``, each ``except``, each ternary, each ``case``).
  Python through radon; JavaScript counted on the tree-sitter tree in the same way.
- ``lines_of_code``: lines holding code (blank lines and comment-only lines aside).
- ``variable_naming_score`` (0 to 1): the mean score of the names the code gives (variables,
  parameters, functions). A name scores 1 when it says what it holds in the language's style
  (``snake_case`` in Python, ``camelCase`` in JavaScript). It loses for: a single letter
  (except the conventional ones: ``i``/``j``/``k`` as loop counters, ``n``/``m`` as sizes,
  ``x``/``y``, ``a``/``b`` in a comparator, ``_``), a filler name (``temp``, ``data``, ``foo``,
  ``thing``, ``var``...), a digit suffix (``list2``), hiding a built-in, or the other language's
  style (``camelCase`` in Python).
- ``readability_score`` (0 to 1): starts at 1 and loses for lines over 100 characters (up to
  0.25, by their share), nesting deeper than 3 blocks (0.1 a level, up to 0.3), functions
  longer than 40 lines (0.1), a cyclomatic complexity over 10 (0.04 a point, up to 0.2), and a
  naming score under 0.7 (the shortfall, halved); it gains 0.05 for a comment or a docstring
  when the code is longer than 15 lines. Clamped to 0..1.
"""

from __future__ import annotations

import re
from typing import Any

from . import program as p
from .detectors.names import JAVASCRIPT_GLOBALS, PYTHON_BUILTINS

_CONVENTIONAL = {"i", "j", "k", "n", "m", "x", "y", "_", "a", "b", "r", "c", "dx", "dy", "dr", "dc", "lo", "hi", "id"}
_FILLERS = {
    "temp",
    "tmp",
    "foo",
    "bar",
    "baz",
    "data",
    "thing",
    "stuff",
    "var",
    "val2",
    "obj",
    "arr2",
    "xx",
    "yy",
    "asdf",
    "blah",
    "dummy",
}
_SNAKE = re.compile(r"^_*[a-z][a-z0-9]*(_[a-z0-9]+)*_*$")
_CAMEL = re.compile(r"^_*[a-z][a-zA-Z0-9]*$")
_PASCAL = re.compile(r"^[A-Z][a-zA-Z0-9]*$")
_CONSTANT = re.compile(r"^[A-Z][A-Z0-9_]*$")
_JS_DECISIONS = {
    "if_statement",
    "for_statement",
    "for_in_statement",
    "while_statement",
    "do_statement",
    "catch_clause",
    "ternary_expression",
    "switch_case",
}


def code_quality(program: p.Program, tree: Any = None) -> dict[str, Any]:
    """The spec's ``code_quality_metrics`` for a parsed program (``tree``: the tree-sitter tree
    of a JavaScript program, when there is one)."""
    source = program.source
    if program.language == "python":
        complexity, loc = _python_complexity(source)
    else:
        complexity, loc = _javascript_complexity(tree), _javascript_loc(tree, source)
    naming = naming_score(program)
    readability = readability_score(program, complexity, naming)
    return {
        "cyclomatic_complexity": complexity,
        "lines_of_code": loc,
        "variable_naming_score": round(naming, 2),
        "readability_score": round(readability, 2),
    }


def _python_complexity(source: str) -> tuple[int, int]:
    from radon.complexity import cc_visit
    from radon.raw import analyze

    blocks = cc_visit(source)
    functions = [b.complexity for b in blocks if getattr(b, "letter", "F") in ("F", "M")]
    methods = [m.complexity for b in blocks for m in getattr(b, "methods", [])]
    complexity = max([*functions, *methods], default=1)
    return complexity, analyze(source).sloc


def _javascript_complexity(tree: Any) -> int:
    if tree is None:
        return 1
    worst = 1
    for function in _descendants(
        tree,
        {
            "function_declaration",
            "function_expression",
            "arrow_function",
            "method_definition",
            "generator_function_declaration",
        },
    ):
        worst = max(worst, 1 + _decisions(function, top=function))
    return worst


def _decisions(node: Any, top: Any) -> int:
    count = 0
    for child in node.children:
        if child is not top and child.type in (
            "function_declaration",
            "function_expression",
            "arrow_function",
            "method_definition",
        ):
            continue  # a nested function counts for itself
        if child.type in _JS_DECISIONS:
            count += 1
        elif child.type == "binary_expression":
            operator = child.child_by_field_name("operator")
            if operator is not None and operator.type in ("&&", "||", "??"):
                count += 1
        count += _decisions(child, top)
    return count


def _descendants(node: Any, kinds: set[str]) -> list[Any]:
    found, stack = [], [node]
    while stack:
        current = stack.pop()
        if current.type in kinds:
            found.append(current)
        stack.extend(current.children)
    return found


def _javascript_loc(tree: Any, source: str) -> int:
    if tree is None:
        return sum(1 for line in source.splitlines() if line.strip())
    comment_only: set[int] = set()
    code_lines: set[int] = set()
    stack = [tree]
    while stack:
        node = stack.pop()
        if node.child_count == 0:
            rows = range(node.start_point[0], node.end_point[0] + 1)
            (comment_only if node.type == "comment" else code_lines).update(rows)
        else:
            stack.extend(node.children)
    return len(code_lines)


def naming_score(program: p.Program) -> float:
    names = _given_names(program)
    if not names:
        return 1.0
    builtins = JAVASCRIPT_GLOBALS if program.language == "javascript" else PYTHON_BUILTINS
    return sum(_name_score(name, counter, program.language, builtins) for name, counter in names.items()) / len(names)


def _given_names(program: p.Program) -> dict[str, bool]:
    """Name -> whether it is a loop counter (where a single letter is the convention)."""
    names: dict[str, bool] = {}
    for node in p.walk(program.body):
        if isinstance(node, p.Function):
            if not node.is_lambda and not node.name.startswith("<"):
                names.setdefault(node.name, False)
            for param in node.params:
                names.setdefault(param, node.is_lambda)
        elif isinstance(node, (p.Loop, p.Comprehension)):
            for counter in node.targets:
                names[counter] = True
        elif isinstance(node, p.Assign):
            for target in node.targets:
                for name in p.assigned_names(target):
                    names.setdefault(name, False)
    names.pop("self", None)
    names.pop("this", None)
    return names


def _name_score(name: str, counter: bool, language: str, builtins: set[str]) -> float:
    if name in builtins:
        return 0.2
    bare = name.strip("_")
    if len(bare) <= 2 and bare not in ("id",):
        return 0.9 if (counter or bare in _CONVENTIONAL) else 0.4
    if bare.lower() in _FILLERS or re.search(r"\d$", bare):
        return 0.5
    if _CONSTANT.match(name) or _PASCAL.match(name):
        return 1.0
    style = _SNAKE if language == "python" else _CAMEL
    if not style.match(name):
        return 0.7
    return 1.0


def readability_score(program: p.Program, complexity: int, naming: float) -> float:
    lines = program.source.splitlines()
    code = [line for line in lines if line.strip()]
    score = 1.0
    if code:
        long_share = sum(1 for line in code if len(line) > 100) / len(code)
        score -= min(0.25, long_share)
    depth = _max_depth(program.body)
    score -= min(0.3, 0.1 * max(0, depth - 3))
    if any(f.end - f.line + 1 > 40 for f in program.functions() if not f.is_lambda):
        score -= 0.1
    score -= min(0.2, 0.04 * max(0, complexity - 10))
    if naming < 0.7:
        score -= (0.7 - naming) / 2
    marker = "#" if program.language == "python" else "//"
    has_comment = any(line.strip().startswith((marker, '"""', "'''", "/*", "*")) for line in lines)
    if len(code) > 15 and has_comment:
        score += 0.05
    return max(0.0, min(1.0, score))


def _max_depth(body: list, depth: int = 0) -> int:
    deepest = depth
    for stmt in body:
        nested: list[list] = []
        if isinstance(stmt, (p.Loop, p.If)):
            nested = [stmt.body, stmt.orelse]
        elif isinstance(stmt, p.Try):
            nested = [stmt.body, *stmt.handlers, stmt.final]
        elif isinstance(stmt, p.Switch):
            nested = stmt.cases
        elif isinstance(stmt, p.Block):
            deepest = max(deepest, _max_depth(stmt.body, depth))
        elif isinstance(stmt, p.Function):
            deepest = max(deepest, _max_depth(stmt.body, 0))
        elif isinstance(stmt, p.ClassDef):
            deepest = max(deepest, _max_depth(stmt.body, 0))
        for block in nested:
            deepest = max(deepest, _max_depth(block, depth + 1))
    return deepest
