"""A class's problem pack, published by an instructor on a shared path (a folder or a zip) and
named in the settings: lab machines load it beside the bank, each file validated, a broken one
named and skipped while the rest still load."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from codementor_desktop.resources import builtin_problems_dir

BROKEN = 'id = "half-written"\nversion = 1\ntitle = "Half written"\n'


def publish(folder: Path) -> None:
    """A pack of one new problem (a bank problem under a new id) and one broken file."""
    original = (builtin_problems_dir() / "arrays" / "balance-index.toml").read_text(encoding="utf-8")
    renamed = original.replace('id = "balance-index"', 'id = "class-balance-point"', 1)
    assert renamed != original
    (folder / "arrays").mkdir(parents=True)
    (folder / "arrays" / "class-balance-point.toml").write_text(renamed, encoding="utf-8")
    (folder / "half-written.toml").write_text(BROKEN, encoding="utf-8")


def problems_list(home: Path, pack: Path) -> subprocess.CompletedProcess:
    environment = {**os.environ, "CODEMENTOR_HOME": str(home), "CODEMENTOR_PROBLEM_PACK": str(pack)}
    return subprocess.run(
        [sys.executable, "-m", "codementor_desktop", "problems", "list", "--json", "--search", "balance"],
        capture_output=True, text=True, env=environment, timeout=120,
    )  # fmt: skip


@pytest.mark.parametrize("form", ["folder", "zip"])
def test_a_pack_loads_beside_the_bank_and_a_broken_file_is_named(tmp_path, form):
    folder = tmp_path / "shared" / "pack"
    publish(folder)
    pack = folder
    if form == "zip":
        pack = tmp_path / "shared" / "pack.zip"
        with zipfile.ZipFile(pack, "w") as bundle:
            for path in folder.rglob("*.toml"):
                bundle.write(path, path.relative_to(folder).as_posix())
    done = problems_list(tmp_path / "home", pack)
    assert done.returncode == 0, done.stderr
    ids = {row["id"] for row in json.loads(done.stdout)}
    assert {"balance-index", "class-balance-point"} <= ids
    assert "skipped:" in done.stderr and "half-written.toml" in done.stderr


def test_a_pack_that_is_not_there_leaves_the_bank_whole(tmp_path):
    done = problems_list(tmp_path / "home", tmp_path / "unmounted" / "pack")
    assert done.returncode == 0, done.stderr
    assert "balance-index" in {row["id"] for row in json.loads(done.stdout)}
