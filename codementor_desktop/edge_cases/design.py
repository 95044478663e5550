"""A design problem's calls: the class's constructor and public methods, read from its reference
solution's source (parsed, never run), so that a search can play sequences of them."""

from __future__ import annotations

import ast


def design_calls(python_source: str, class_name: str) -> tuple[tuple[str, int], ...]:
    """``((class_name, constructor arity), (method, arity), ...)``, or ``()`` when the class is not there."""
    try:
        tree = ast.parse(python_source)
    except SyntaxError:
        return ()
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == class_name:
            init = 0
            methods: list[tuple[str, int]] = []
            for item in node.body:
                if not isinstance(item, ast.FunctionDef):
                    continue
                arity = len(item.args.args) - 1  # self
                if item.name == "__init__":
                    init = arity
                elif not item.name.startswith("_"):
                    methods.append((item.name, arity))
            return ((class_name, init), *methods) if methods else ()
    return ()
