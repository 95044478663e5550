"""Whether the window can open here, asked before Qt loads its platform plugin.

Without a display, Qt's xcb plugin aborts the process (exit 134) with "install libxcb-cursor0 and
reinstall", even where those libraries are present: the newcomer is sent to fix what is not broken.
On Linux and the BSDs this looks first for a display Qt can reach, then, for X11, for the libraries
its plugin needs, and says in a sentence what is missing. Standard library only, and no Qt: it runs
before Qt is imported.
"""

from __future__ import annotations

import ctypes
import os
import re
import socket
import sys
from collections.abc import Mapping
from pathlib import Path

from ..platform_check import xcb_problem

NO_DISPLAY = "no display: run it in a desktop session, or set QT_QPA_PLATFORM=offscreen for a test"
# Qt platforms that draw without a display server (a framebuffer, a VNC port, memory).
_SERVERLESS = {"offscreen", "minimal", "minimalegl", "vnc", "eglfs", "linuxfb", "vkkhrdisplay", "directfb"}
_DISPLAY = re.compile(r"^(?P<host>[^:]*):(?P<number>\d+)(?:\.\d+)?$")
_MISSING = re.compile(r"([\w.+-]+\.so[\w.]*): cannot open shared object file")


def window_problem(environ: Mapping[str, str] | None = None, platform: str = sys.platform) -> str | None:
    """Why the window cannot open on this machine, in a sentence; None when it can (or when this
    cannot be known cheaply: then Qt decides)."""
    if not (platform.startswith("linux") or "bsd" in platform):
        return None  # Windows and macOS always have their own platform plugin and display
    environ = os.environ if environ is None else environ
    wanted = [p.split(":", 1)[0].strip().lower() for p in environ.get("QT_QPA_PLATFORM", "").split(";") if p.strip()]
    if any(name in _SERVERLESS for name in wanted):
        return None
    if (not wanted or "wayland" in wanted) and _wayland_reachable(environ):
        return None
    if wanted and "xcb" not in wanted:
        return None if "wayland" not in wanted else NO_DISPLAY  # a platform of its own: Qt knows it
    display = environ.get("DISPLAY", "")
    if not display:
        return NO_DISPLAY
    unreachable = _x_display_unreachable(display)
    if unreachable:
        return f"{NO_DISPLAY} (DISPLAY={display}: {unreachable})"
    return xcb_problem(environ, wayland_reachable=_wayland_reachable(environ)) or _xcb_plugin_problem(environ)


def _wayland_reachable(environ: Mapping[str, str]) -> bool:
    name = environ.get("WAYLAND_DISPLAY", "")
    if not name:
        return False
    path = Path(name) if name.startswith("/") else Path(environ.get("XDG_RUNTIME_DIR", "/nonexistent")) / name
    return path.exists()


def _x_display_unreachable(display: str) -> str | None:
    """Why the X server named by ``DISPLAY`` cannot be reached, or None (also when the name is of a
    form this does not know: then Qt tries)."""
    found = _DISPLAY.match(display)
    if found is None or display.startswith("/"):  # macOS's launchd path, or a form of its own
        return None
    host, number = found["host"], int(found["number"])
    if host in ("", "unix") or host.startswith("/"):
        path = f"/tmp/.X11-unix/X{number}"
        for address in (path, "\0" + path):  # the file, and Linux's abstract socket of the same name
            if _connects(socket.AF_UNIX, address):
                return None
        return f"no X server listens on {path}"
    if _connects(socket.AF_INET6 if ":" in host.strip("[]") else socket.AF_INET, (host.strip("[]"), 6000 + number)):
        return None
    return f"no X server answers at {host}, port {6000 + number}"


def _connects(family: int, address: str | tuple[str, int]) -> bool:
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.settimeout(2)
            probe.connect(address)
        return True
    except OSError:
        return False


def _xcb_plugin_problem(environ: Mapping[str, str]) -> str | None:
    """Why Qt's xcb plugin does not load although every library it is known to need is here (a
    plugin of another build, from QT_QPA_PLATFORM_PLUGIN_PATH), or None. Loading the plugin the
    way Qt will is the test; it stays loaded for Qt."""
    plugin = _xcb_plugin(environ)
    if plugin is None:
        return None
    try:
        ctypes.CDLL(str(plugin))
        return None
    except OSError as exc:
        reason = str(exc)
    missing = _MISSING.findall(reason)[:1]
    if not missing:
        return f"the window cannot open: Qt's X11 plugin {plugin} does not load ({reason})"
    return f"the window cannot open: Qt's X11 plugin needs {missing[0]}, which this system does not have"


def _xcb_plugin(environ: Mapping[str, str]) -> Path | None:
    """The xcb platform plugin Qt will load: from QT_QPA_PLATFORM_PLUGIN_PATH first, as Qt does."""
    folders = [Path(environ["QT_QPA_PLATFORM_PLUGIN_PATH"])] if environ.get("QT_QPA_PLATFORM_PLUGIN_PATH") else []
    try:
        import importlib.util

        spec = importlib.util.find_spec("PySide6")
    except (ImportError, ValueError):
        spec = None
    if spec is not None and spec.origin:
        folders.append(Path(spec.origin).parent / "Qt" / "plugins" / "platforms")
    for folder in folders:
        if (folder / "libqxcb.so").exists():
            return folder / "libqxcb.so"
    return None
