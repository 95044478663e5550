"""The Python harness as it travels to a Piston server: the same code on the same lines, less prose."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from codementor_desktop.runner import piston

CHILD = Path(piston.__file__).resolve().parent / "child" / "python"


def _code(source: str) -> str:
    """The program's syntax tree with every docstring emptied: what runs, not what is explained."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body:
            first = body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                first.value.value = ""
    return ast.dump(tree)


@pytest.mark.parametrize("path", sorted(CHILD.glob("*.py")), ids=lambda path: path.name)
def test_every_child_file_keeps_its_code_and_its_line_numbers(path):
    source = path.read_text(encoding="utf-8")
    shipped = piston.lean(source)
    assert _code(shipped) == _code(source)
    assert len(shipped.splitlines()) == len(source.splitlines())  # a traceback names the same lines
    assert len(shipped) < len(source) or '"""' not in source


def test_comments_and_docstrings_go_but_strings_and_code_stay():
    source = (
        '"""A module."""\n'
        "from __future__ import annotations\n"
        "# a comment\n"
        "def f(x):  # why\n"
        '    """Explains.\n'
        "\n"
        '    More."""\n'
        '    return "# not a comment", x\n'
        "def g(): return 1\n"
    )
    shipped = piston.lean(source)
    assert "comment\n" not in shipped.split('"# not a comment"')[0] and "Explains" not in shipped
    assert '"# not a comment"' in shipped and "def g(): return 1" in shipped
    namespace: dict = {}
    exec(compile(shipped, "lean", "exec"), namespace)  # a __future__ import after an emptied docstring
    assert namespace["f"](2) == ("# not a comment", 2)


def test_every_mode_travels_well_under_a_stock_servers_request_limit():
    for language in ("python", "javascript"):
        for mode in ("judge", "execute", "tests", "trace", "breakpoint", "generate"):
            assert len(json.dumps(piston.child_files(language, mode))) < 60 * 1024, (language, mode)
