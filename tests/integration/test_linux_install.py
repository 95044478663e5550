"""The Linux tarball's install and uninstall scripts, run for real on a stand-in app in a scratch
home, and the desktop entry and AppStream metadata they install, read as a desktop reads them."""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

LINUX = Path(__file__).resolve().parents[2] / "packaging" / "linux"
APP_ID = "io.codementor.CodeMentor"
SIZES = (16, 32, 48, 64, 128, 256)
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the tarball is Linux's")


@pytest.fixture
def unpacked(tmp_path):
    """A tarball's top folder as build_tarball.sh lays it out, with a stand-in app that says hello."""
    top = tmp_path / "codementor-0.0.0-linux-x86_64"
    app = top / "CodeMentor"
    app.mkdir(parents=True)
    (app / "CodeMentor").write_text('#!/bin/sh\necho hello from the app "$@"\n')
    (app / "CodeMentor").chmod(0o755)
    (top / "share" / "applications").mkdir(parents=True)
    (top / "share" / "metainfo").mkdir(parents=True)
    shutil.copy(LINUX / f"{APP_ID}.desktop", top / "share" / "applications")
    shutil.copy(LINUX / f"{APP_ID}.metainfo.xml", top / "share" / "metainfo")
    for size in SIZES:
        icon = top / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "codementor.png"
        icon.parent.mkdir(parents=True)
        icon.write_bytes(b"png")
    scalable = top / "share" / "icons" / "hicolor" / "scalable" / "apps"
    scalable.mkdir(parents=True)
    shutil.copy(LINUX / "icons" / "codementor.svg", scalable)
    for script in ("install.sh", "uninstall.sh"):
        shutil.copy(LINUX / script, top)
    return top


def run(script: Path, home: Path) -> subprocess.CompletedProcess:
    env = {"HOME": str(home), "PATH": os.environ["PATH"]}
    return subprocess.run(["sh", str(script)], env=env, capture_output=True, text=True, timeout=120, check=True)


def test_install_puts_the_app_its_command_entry_icons_and_metadata_under_local(unpacked, tmp_path):
    home = tmp_path / "home"
    run(unpacked / "install.sh", home)
    local = home / ".local"
    command = local / "bin" / "codementor"
    assert command.is_symlink() and command.resolve() == (local / "lib" / "codementor" / "CodeMentor").resolve()
    said = subprocess.run([str(command), "selftest"], capture_output=True, text=True, timeout=60, check=True)
    assert said.stdout.strip() == "hello from the app selftest"
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # keys are case-sensitive
    entry.read(local / "share" / "applications" / f"{APP_ID}.desktop")
    # By its full path: a desktop session's PATH may not have ~/.local/bin.
    assert entry["Desktop Entry"]["Exec"] == f'"{local}/lib/codementor/CodeMentor"'
    assert entry["Desktop Entry"]["Icon"] == "codementor"
    for size in SIZES:
        assert (local / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "codementor.png").is_file()
    assert (local / "share" / "icons" / "hicolor" / "scalable" / "apps" / "codementor.svg").is_file()
    assert (local / "share" / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()


def test_uninstall_removes_what_install_put_and_keeps_the_learners_data(unpacked, tmp_path):
    home = tmp_path / "home"
    data = home / ".local" / "share" / "CodeMentor"
    data.mkdir(parents=True)
    (data / "codementor.db").write_text("my runs")
    run(unpacked / "install.sh", home)
    run(home / ".local" / "lib" / "codementor" / "uninstall.sh", home)  # the copy kept with the app
    left = sorted(
        str(path.relative_to(home))
        for path in home.rglob("*")
        if path.is_file() or path.is_symlink()
        if path.name != "icon-theme.cache" and path.name != "mimeinfo.cache"
    )
    assert left == [".local/share/CodeMentor/codementor.db"]


def test_the_metadata_names_the_desktop_entry_and_the_icon_the_tarball_ships():
    component = ET.parse(LINUX / f"{APP_ID}.metainfo.xml").getroot()
    assert component.findtext("id") == APP_ID
    assert component.findtext("launchable") == f"{APP_ID}.desktop"
    assert (LINUX / component.findtext("launchable")).is_file()
    assert component.findtext("icon") == "codementor"
    if shutil.which("appstreamcli"):
        subprocess.run(["appstreamcli", "validate", "--no-net", str(LINUX / f"{APP_ID}.metainfo.xml")], check=True)
