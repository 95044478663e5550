"""The import rules of the architecture, checked mechanically."""

import ast
import subprocess
import sys
from pathlib import Path

import codementor_desktop
from tests.conftest import REPO

PACKAGE = Path(codementor_desktop.__file__).parent


def test_import_linter_contracts_are_kept():
    result = subprocess.run(
        [str(Path(sys.executable).parent / "lint-imports"), "--no-cache"],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "broken" in result.stdout and " 0 broken" in result.stdout


def test_the_child_uses_the_standard_library_only():
    allowed = set(sys.stdlib_module_names) | {path.stem for path in (PACKAGE / "runner" / "child").rglob("*.py")}
    for path in (PACKAGE / "runner" / "child").rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            for name in names:
                assert name.split(".")[0] in allowed, f"{path.name} imports {name}"


def test_the_child_parses_as_python_3_9():
    for path in (PACKAGE / "runner" / "child").rglob("*.py"):
        ast.parse(path.read_text(), feature_version=(3, 9))


def test_no_module_grows_into_a_god_object():
    for path in PACKAGE.rglob("*.py"):
        lines = len(path.read_text().splitlines())
        assert lines <= 600, f"{path} has {lines} lines: split it by idea"
