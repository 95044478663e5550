"""The Windows and macOS build scripts, checked where they can be without those systems: each
platform spec runs the shared spec (its Analysis and PyInstaller's hooks are real) and hands the
exe its icon and version resource, the .app its identifier, icon and Info.plist; the icon files
are what Windows and macOS read; the installer script points at files that exist."""

from __future__ import annotations

import ast
import re
import struct
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


class Builders:
    """PyInstaller's build steps, recorded instead of run: a real build of a Windows exe or a
    macOS .app cannot happen on this system."""

    def __init__(self) -> None:
        self.calls: dict[str, tuple[tuple, dict]] = {}

    def namespace(self, spec: Path, workpath: Path) -> dict:
        def step(name: str):
            def record(*args, **kwargs):
                self.calls[name] = (args, kwargs)
                return SimpleNamespace(name=name, pure=[], scripts=[], binaries=[], datas=[])

            return record

        names = ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")
        # As PyInstaller gives a spec: its folder, itself, the build and the output folders.
        given = {"SPECPATH": str(spec.parent), "SPEC": str(spec), "workpath": str(workpath)}
        return given | {"DISTPATH": str(workpath / "dist")} | {n: step(n) for n in names}


def run_spec(spec: Path, workpath: Path) -> Builders:
    builders = Builders()
    exec(compile(spec.read_bytes(), str(spec), "exec"), builders.namespace(spec, workpath))
    return builders


@pytest.fixture(scope="module")
def windows_build(tmp_path_factory) -> tuple[Builders, Path]:
    work = tmp_path_factory.mktemp("windows")
    return run_spec(PACKAGING / "windows" / "codementor-windows.spec", work), work


def test_the_windows_spec_builds_the_shared_app_with_its_icon_and_version(windows_build):
    builders, work = windows_build
    (script,), analysis = builders.calls["Analysis"][0][0], builders.calls["Analysis"][1]
    # The shared spec found the project from its own folder, not the Windows one.
    assert Path(script) == ROOT / "codementor_desktop" / "__main__.py"
    assert any(dest == "resources" for _, dest in analysis["datas"])
    exe = builders.calls["EXE"][1]
    assert exe["name"] == "CodeMentor" and exe["console"] is False
    assert Path(exe["icon"]) == PACKAGING / "windows" / "codementor.ico"
    version_file = Path(exe["version"])
    assert version_file.parent == work
    text = version_file.read_text(encoding="utf-8")
    ast.parse(text)  # PyInstaller evaluates it as a Python expression
    numbers = tuple(int(n) for n in (VERSION.split(".") + ["0"] * 4)[:4])
    assert f"filevers={numbers}" in text and f"StringStruct('ProductVersion', '{VERSION}')" in text
    assert "COLLECT" in builders.calls and "BUNDLE" not in builders.calls


def test_the_version_resource_keeps_the_four_numbers_windows_has():
    sys.path.insert(0, str(PACKAGING / "windows"))
    try:
        from version_info import version_numbers
    finally:
        sys.path.remove(str(PACKAGING / "windows"))
    assert version_numbers("1.2.3rc1") == (1, 2, 3, 0)
    assert version_numbers("2.0") == (2, 0, 0, 0)
    assert version_numbers("1.2.3.4") == (1, 2, 3, 4)
    printed = subprocess.run(
        [sys.executable, str(PACKAGING / "windows" / "version_info.py"), "--print-version"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert printed.strip() == VERSION


def test_the_macos_spec_wraps_the_app_with_the_bundle_id_icon_and_system_floor(tmp_path):
    builders = run_spec(PACKAGING / "macos" / "codementor-macos.spec", tmp_path)
    (collected,), bundle = builders.calls["BUNDLE"]
    assert collected.name == "COLLECT"
    metainfo = ET.parse(PACKAGING / "linux" / "io.codementor.CodeMentor.metainfo.xml").getroot()
    assert bundle["bundle_identifier"] == metainfo.findtext("id") == "io.codementor.CodeMentor"
    assert bundle["name"] == "CodeMentor.app" and bundle["version"] == VERSION
    plist = bundle["info_plist"]
    assert plist["LSMinimumSystemVersion"] == "13.0"
    assert plist["NSHighResolutionCapable"] is True
    assert plist["CFBundleShortVersionString"] == VERSION
    assert Path(bundle["icon"]) == PACKAGING / "macos" / "codementor.icns"


def test_the_ico_holds_every_size_windows_asks_for():
    data = (PACKAGING / "windows" / "codementor.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind) == (0, 1)
    sizes = {(data[6 + 16 * i] or 256) for i in range(count)}  # a width of 0 means 256
    assert {16, 24, 32, 48, 256} <= sizes


def test_the_icns_is_well_formed_with_retina_sizes():
    data = (PACKAGING / "macos" / "codementor.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    kinds, at = [], 8
    while at < len(data):
        kind, length = data[at : at + 4], struct.unpack_from(">I", data, at + 4)[0]
        assert data[at + 8 : at + 12] == b"\x89PNG"
        kinds.append(kind)
        at += length
    assert at == len(data)
    assert {b"icp4", b"ic07", b"ic09", b"ic10", b"ic14"} <= set(kinds)


def test_the_installer_is_per_user_with_a_start_menu_entry_and_its_files_exist():
    iss = (PACKAGING / "windows" / "codementor.iss").read_text(encoding="utf-8")
    assert "PrivilegesRequired=lowest" in iss
    assert "{group}\\{#AppName}" in iss and "{uninstallexe}" in iss
    assert "AppVersion={#AppVersion}" in iss and "#error" in iss  # no version, no installer
    assert (PACKAGING / "windows" / "codementor.ico").is_file() and "SetupIconFile=codementor.ico" in iss
    assert 'Source: "{#Root}\\dist\\CodeMentor\\*"' in iss


def test_the_disk_image_script_refuses_to_run_off_macos_and_says_why(tmp_path):
    if sys.platform == "darwin":
        pytest.skip("on macOS the script builds the image")
    done = subprocess.run(["bash", str(PACKAGING / "macos" / "make_dmg.sh")], capture_output=True, text=True)
    assert done.returncode == 2 and "hdiutil exists only on macOS" in done.stderr


def test_the_workflow_builds_with_files_that_exist_and_runs_each_selftest():
    workflow = (ROOT / ".github" / "workflows" / "bundles.yml").read_text(encoding="utf-8")
    named = set(re.findall(r"packaging[/\\][\w./\\-]+\.(?:spec|py|sh|iss)", workflow))
    assert len(named) >= 5
    assert [p for p in named if not (ROOT / p.replace("\\", "/")).is_file()] == []
    assert "runs-on: windows-latest" in workflow and "runs-on: macos-14" in workflow
    assert workflow.count("uv sync --locked") == 2
    assert "CodeMentor.exe -ArgumentList selftest" in workflow
    assert "Contents/MacOS/CodeMentor selftest" in workflow
