"""``codementor`` (the window) where there is no display, a display it cannot reach, a real one, and
a real one whose X11 libraries are missing: a sentence and exit 2, never Qt's abort (134)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

SAID = "no display: run it in a desktop session, or set QT_QPA_PLATFORM=offscreen for a test"
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 and Wayland displays are Linux's")


def without_display(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    return {**env, **extra}


def window(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "codementor_desktop", *args], env=env, capture_output=True, text=True, timeout=900
    )


def test_no_display_at_all_is_said_in_a_sentence(isolated_home):
    result = window(without_display())
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip() == f"codementor: {SAID}"


@pytest.mark.parametrize(
    ("display", "why"),
    [
        (":87", "no X server listens on /tmp/.X11-unix/X87"),
        ("127.0.0.1:87", "no X server answers at 127.0.0.1, port 6087"),
    ],
)
def test_a_display_nobody_listens_on_is_named(isolated_home, display, why):
    if os.path.exists("/tmp/.X11-unix/X87"):
        pytest.skip("display :87 exists on this machine")
    result = window(without_display(DISPLAY=display))
    assert result.returncode == 2
    assert f"{SAID} (DISPLAY={display}: {why})" in result.stderr and "libxcb" not in result.stderr


def test_a_wayland_display_that_is_gone_is_no_display(isolated_home, tmp_path):
    env = without_display(QT_QPA_PLATFORM="wayland", WAYLAND_DISPLAY="wayland-9", XDG_RUNTIME_DIR=str(tmp_path))
    result = window(env)
    assert result.returncode == 2 and SAID in result.stderr


@pytest.fixture
def x_server():
    """A real X server (Xvfb) on a free display number, which it reports once it accepts clients."""
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed")
    reader, writer = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(writer), "-nolisten", "tcp", "-screen", "0", "1280x800x24"],
        pass_fds=(writer,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(writer)
    with os.fdopen(reader) as announced:
        number = announced.readline().strip()  # written when the server is ready
    try:
        if not number:
            pytest.skip("Xvfb did not start here")
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=60)


def test_a_real_display_opens_the_window(isolated_home, tmp_path, x_server):
    pytest.importorskip("PySide6")
    picture = tmp_path / "window.png"
    result = window(without_display(DISPLAY=x_server), "--screenshot", str(picture))
    assert result.returncode == 0, result.stderr
    assert picture.stat().st_size > 10_000


def test_missing_x11_libraries_are_named(isolated_home, tmp_path, x_server):
    """A platform plugin (where Qt looks first) that needs a library this system lacks."""
    if shutil.which("gcc") is None:
        pytest.skip("no C compiler to build a plugin with a missing library")
    absent = "libxcb-codementor-absent.so.0"
    build, plugins = tmp_path / "build", tmp_path / "platforms"
    build.mkdir()
    plugins.mkdir()
    (build / "stub.c").write_text("void codementor_stub(void) {}\n")
    compile_ = ["gcc", "-shared", "-fPIC", str(build / "stub.c")]
    subprocess.run([*compile_, f"-Wl,-soname,{absent}", "-o", str(build / absent)], check=True)
    (build / "libxcb-codementor-absent.so").symlink_to(build / absent)
    linked = ["-Wl,--no-as-needed", "-L", str(build), "-lxcb-codementor-absent"]
    subprocess.run([*compile_, *linked, "-o", str(plugins / "libqxcb.so")], check=True)
    shutil.rmtree(build)  # the library the plugin needs is gone, as on a bare system
    result = window(without_display(DISPLAY=x_server, QT_QPA_PLATFORM_PLUGIN_PATH=str(plugins)))
    assert result.returncode == 2, result.stderr
    assert f"the window cannot open: Qt's X11 plugin needs {absent}, which this system does not have" in result.stderr
    assert "Reinstalling" not in result.stderr and "no display" not in result.stderr
