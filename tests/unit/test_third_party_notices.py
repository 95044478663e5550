"""The third-party notices the bundles ship: every runtime dependency in uv.lock and pyproject is
named in the committed file with its locked version (a new dependency without its notice fails
here), the notices carry the licence texts of Qt and Scintilla, and the collector follows extras
and markers and leaves the development group out."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from codementor_desktop.resources import resources_dir

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "packaging" / "licenses.py"
NOTICES = resources_dir() / "THIRD_PARTY_NOTICES.txt"


@pytest.fixture(scope="module")
def licenses():
    spec = importlib.util.spec_from_file_location("codementor_licenses", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up while being defined
    spec.loader.exec_module(module)
    yield module
    del sys.modules[spec.name]


def normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_the_notices_ship_with_the_resources():
    assert NOTICES.parent == ROOT / "resources"  # the folder the wheel and the frozen app carry
    assert NOTICES.stat().st_size > 10_000


def test_every_dependency_of_pyproject_is_named_in_the_notices():
    """Read without the collector, so a fault in it cannot hide a missing notice."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    text = NOTICES.read_text(encoding="utf-8")
    named = {normalized(line.split()[0]) for line in text.splitlines() if re.match(r"^\S+ \d", line)}
    wanted = {normalized(re.match(r"[A-Za-z0-9_.-]+", d).group()) for d in project["dependencies"]}
    assert wanted - named == set()


def test_every_locked_runtime_package_is_named_with_its_version(licenses):
    packages = licenses.runtime_packages()
    assert len(packages) > 40
    assert licenses.missing_from(NOTICES.read_text(encoding="utf-8"), packages) == []
    done = subprocess.run([sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_a_package_without_its_notice_fails_the_check(licenses, tmp_path):
    text = NOTICES.read_text(encoding="utf-8")
    pyqtgraph = next(p for p in licenses.runtime_packages() if p.name == "pyqtgraph")
    cut = tmp_path / "notices.txt"
    cut.write_text(text.replace(f"\n{pyqtgraph.name} {pyqtgraph.version}\n", "\n"), encoding="utf-8")
    done = subprocess.run([sys.executable, str(SCRIPT), "--check", "--out", str(cut)], capture_output=True, text=True)
    assert done.returncode == 1 and f"pyqtgraph {pyqtgraph.version}" in done.stderr


def installed(name: str, version: str) -> bool:
    from importlib import metadata

    try:
        return metadata.distribution(name).version == version
    except metadata.PackageNotFoundError:
        return False


def test_the_committed_notices_list_what_the_collector_finds_now(licenses):
    """A dependency bumped without `packaging/licenses.py` being run again shows up here. Names and
    versions only: which packages are installed, and so which licence texts are in, depends on the
    system the file was made on."""
    packages = licenses.runtime_packages()
    absent = [p.name for p in packages if licenses.applies_here(p) and not installed(p.name, p.version)]
    if absent:  # CI's Qt-free environment leaves the Qt packages out on purpose; the full one has them
        pytest.skip(f"locked runtime packages not installed here ({', '.join(absent)}): compared where all are")
    fresh = licenses.notices_text(packages)

    def contents(text: str) -> list[str]:
        block = text.split("Contents\n", 1)[1].split("\n\n", 1)[0]
        return [line.split(":", 1)[0].strip() for line in block.splitlines()]

    assert contents(NOTICES.read_text(encoding="utf-8")) == contents(fresh)


def test_the_notices_carry_qt_scintilla_and_the_interpreter():
    text = NOTICES.read_text(encoding="utf-8")
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text and "Version 3, 29 June 2007" in text
    assert "NEIL HODGSON DISCLAIMS ALL WARRANTIES" in text
    assert "PYTHON SOFTWARE FOUNDATION LICENSE" in text.upper()
    assert "Node.js" in text and "not\nbundled" in text
    # No path of the machine that made it: not its checkout, not its home.
    checkout = str(Path(__file__).resolve().parents[2])
    assert checkout not in text and str(Path.home()) not in text


def test_the_collector_follows_extras_and_markers_and_skips_the_dev_group(licenses, tmp_path):
    lock = tmp_path / "uv.lock"
    lock.write_text(
        """
[[package]]
name = "codementor-desktop"
version = "0.1.0"
source = { editable = "." }
dependencies = [
    { name = "db", extra = ["binary"] },
    { name = "keys" },
]
[package.dev-dependencies]
dev = [{ name = "tester" }]

[[package]]
name = "db"
version = "3.0"
[package.optional-dependencies]
binary = [{ name = "db-binary", marker = "implementation_name != 'pypy'" }]

[[package]]
name = "db-binary"
version = "3.0"

[[package]]
name = "keys"
version = "25.0"
dependencies = [{ name = "win-ctypes", marker = "sys_platform == 'win32'" }]

[[package]]
name = "win-ctypes"
version = "0.2"
dependencies = [{ name = "helper" }]

[[package]]
name = "helper"
version = "1.0"

[[package]]
name = "tester"
version = "8.0"
""",
        encoding="utf-8",
    )
    found = {p.name: p for p in licenses.runtime_packages(lock)}
    assert set(found) == {"db", "db-binary", "keys", "win-ctypes", "helper"}
    assert found["db-binary"].marker == "implementation_name != 'pypy'"
    assert found["helper"].marker == "sys_platform == 'win32'"  # reached only through a Windows package
    assert found["keys"].marker is None and found["keys"].version == "25.0"
