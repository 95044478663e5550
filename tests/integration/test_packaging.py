"""The wheel carries everything the app reads at run time: resources, the child, migrations."""

import shutil
import subprocess
import zipfile

import pytest

from tests.conftest import REPO


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    uv = shutil.which("uv")
    if uv is None:
        pytest.skip("uv is not on PATH: the wheel is built with 'uv build' (the README's set-up installs uv)")
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [uv, "build", "--wheel", "--out-dir", str(out), str(REPO)], check=True, capture_output=True, timeout=300
    )
    return next(out.glob("*.whl"))


def test_wheel_ships_resources_child_and_migrations(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "codementor_desktop/resources/problems/arrays/two-sum.toml" in names
    assert "codementor_desktop/resources/problems/README.md" in names
    assert "codementor_desktop/runner/child/python/entry.py" in names
    assert "codementor_desktop/runner/child/javascript/harness.js" in names
    assert "codementor_desktop/runner/child/wire.py" in names
    assert "codementor_desktop/storage/migrations/versions/0001_initial.py" in names
    assert "codementor_desktop/storage/migrations/script.py.mako" in names
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "codementor = codementor_desktop.__main__:main" in zipfile.ZipFile(wheel).read(entry_points).decode()


def test_the_pyinstaller_spec_names_what_the_frozen_app_needs():
    spec = (REPO / "packaging" / "codementor.spec").read_text()
    for needed in (
        "resources",
        'storage" / "migrations',
        'runner" / "child',
        'collect_submodules("codementor_desktop.runner.child")',
    ):
        assert needed in spec, needed
