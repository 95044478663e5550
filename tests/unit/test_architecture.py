"""The import rules of the architecture, checked mechanically."""

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import codementor_desktop
from tests.conftest import REPO

PACKAGE = Path(codementor_desktop.__file__).parent
LINT_IMPORTS = str(Path(sys.executable).parent / "lint-imports")


def lint_imports(folder: Path) -> subprocess.CompletedProcess:
    """The contracts of ``pyproject.toml`` checked on the package found in ``folder``."""
    return subprocess.run(
        [LINT_IMPORTS, "--no-cache", "--config", str(REPO / "pyproject.toml")],
        cwd=folder,  # lint-imports puts its working folder first on the path: the copy is checked
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_import_linter_contracts_are_kept():
    result = lint_imports(REPO)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "broken" in result.stdout and " 0 broken" in result.stdout


# Each plant: the lines added (to existing or new files) and the contract they must break.
QT = "Only the GUI and the composition root import Qt"
PLANTS = {
    "qt in applog": ([("applog.py", "import PySide6")], QT),
    "domain imports a higher layer": ([("domain/vocabulary.py", "from .. import applog")], "Layers:"),
    "gui reaches the runner": (
        [("gui/workers.py", "from ..runner.local import LocalRunner")],
        "The window reaches the engine only through the services",
    ),
    # tools never names Qt itself: it reaches Qt through a module that may import it.
    "qt reached from tools through a helper": (
        [("gui/qt_helper.py", "from PySide6 import QtCore"), ("tools/capping.py", "from ..gui import qt_helper")],
        QT,
    ),
    "a root module outside every layer": ([("drafts_cache.py", "import json")], "Layers:"),
}


@pytest.fixture(scope="module")
def package_copy(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("copy")
    shutil.copytree(PACKAGE, folder / "codementor_desktop", ignore=shutil.ignore_patterns("__pycache__", "*.js"))
    assert lint_imports(folder).returncode == 0, "the unchanged copy keeps every contract"
    return folder


@pytest.mark.parametrize("plant", sorted(PLANTS))
def test_a_planted_violation_breaks_its_contract(package_copy, tmp_path, plant):
    folder = tmp_path / "planted"
    shutil.copytree(package_copy, folder)
    lines, contract = PLANTS[plant]
    for relative, line in lines:
        target = folder / "codementor_desktop" / relative
        target.write_text((target.read_text() if target.exists() else "") + f"\n{line}\n")
    result = lint_imports(folder)
    assert result.returncode != 0, result.stdout
    broken = [row for row in result.stdout.splitlines() if " BROKEN" in row]
    assert any(contract in row for row in broken), result.stdout


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


def test_the_command_line_parser_imports_nothing_heavy():
    """``codementor`` (the window too) parses its command line first: its parser must not pull in
    pydantic, SQLAlchemy or Qt, which a command imports only when it runs."""
    import subprocess
    import sys

    probe = (
        "import sys, codementor_desktop.cli as cli; cli.build_parser(); "
        "print(' '.join(sorted({m.split('.')[0] for m in sys.modules} & {'pydantic', 'sqlalchemy', 'PySide6'})))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""
