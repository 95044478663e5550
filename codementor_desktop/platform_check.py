"""The system libraries Qt's X11 (xcb) platform plugin needs, checked before Qt loads.

Qt 6.5 and later link its xcb plugin against libraries that the PySide6 wheel and the bundle do
not carry (``libxcb-cursor0`` and its kin, present on a desktop, often missing on a minimal or lab
image). Without them Qt aborts the process with "Could not load the Qt platform plugin xcb". A
window that cannot open cannot show a dialog, so the missing libraries are named on stderr and in
a file in the log folder, with the packages that bring them on Debian/Ubuntu (apt) and
Fedora/RHEL (dnf). Standard library only, and no Qt: it runs before Qt is imported.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

REPORT_NAME = "cannot-open-window.txt"


@dataclass(frozen=True)
class SystemLibrary:
    """A shared library by its soname, and the package that brings it on each family of Linux."""

    soname: str
    apt: str
    dnf: str


# What Qt's libqxcb.so and libQt6XcbQpa.so.6 list as NEEDED and the wheel does not bring (read
# with ``readelf -d``), the ones most often missing first.
XCB_LIBRARIES: tuple[SystemLibrary, ...] = (
    SystemLibrary("libxcb-cursor.so.0", "libxcb-cursor0", "xcb-util-cursor"),
    SystemLibrary("libxcb-icccm.so.4", "libxcb-icccm4", "xcb-util-wm"),
    SystemLibrary("libxcb-keysyms.so.1", "libxcb-keysyms1", "xcb-util-keysyms"),
    SystemLibrary("libxcb-image.so.0", "libxcb-image0", "xcb-util-image"),
    SystemLibrary("libxcb-render-util.so.0", "libxcb-render-util0", "xcb-util-renderutil"),
    SystemLibrary("libxkbcommon-x11.so.0", "libxkbcommon-x11-0", "libxkbcommon-x11"),
    SystemLibrary("libxcb-xkb.so.1", "libxcb-xkb1", "libxcb"),
    SystemLibrary("libxcb-randr.so.0", "libxcb-randr0", "libxcb"),
    SystemLibrary("libxcb-shape.so.0", "libxcb-shape0", "libxcb"),
    SystemLibrary("libxcb-xfixes.so.0", "libxcb-xfixes0", "libxcb"),
    SystemLibrary("libxcb-sync.so.1", "libxcb-sync1", "libxcb"),
    SystemLibrary("libxcb-shm.so.0", "libxcb-shm0", "libxcb"),
    SystemLibrary("libxcb-render.so.0", "libxcb-render0", "libxcb"),
    SystemLibrary("libxcb-util.so.1", "libxcb-util1", "xcb-util"),
    SystemLibrary("libxcb.so.1", "libxcb1", "libxcb"),
    SystemLibrary("libX11-xcb.so.1", "libx11-xcb1", "libX11-xcb"),
    SystemLibrary("libX11.so.6", "libx11-6", "libX11"),
    SystemLibrary("libxkbcommon.so.0", "libxkbcommon0", "libxkbcommon"),
    SystemLibrary("libGL.so.1", "libgl1", "libglvnd-glx"),
)

# Qt platforms that draw without an X server; anything else named explicitly is Qt's to judge.
_NOT_XCB = {"offscreen", "minimal", "minimalegl", "vnc", "eglfs", "linuxfb", "vkkhrdisplay", "directfb"}


def platform_will_be_xcb(environ: Mapping[str, str], wayland_reachable: bool = False) -> bool:
    """Whether Qt will load its xcb plugin: asked for by QT_QPA_PLATFORM (first choice), or by
    default where no Wayland compositor answers."""
    wanted = [p.split(":", 1)[0].strip().lower() for p in environ.get("QT_QPA_PLATFORM", "").split(";") if p.strip()]
    if wanted:
        first = wanted[0]
        if first == "wayland" and not wayland_reachable and "xcb" in wanted:
            return True  # Qt falls through the list to the next platform that loads
        return first == "xcb"
    return not wayland_reachable


def loads(soname: str) -> bool:
    """Whether the dynamic loader finds ``soname`` (as Qt's plugin will: same search path)."""
    try:
        ctypes.CDLL(soname)
    except OSError:
        return False
    return True


def missing_xcb_libraries(find_library: Callable[[str], bool] = loads) -> list[SystemLibrary]:
    """The libraries of XCB_LIBRARIES that ``find_library`` does not find, in the table's order."""
    return [library for library in XCB_LIBRARIES if not find_library(library.soname)]


def _unique(names: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(names))


def missing_message(missing: list[SystemLibrary]) -> str:
    """A sentence naming the missing libraries and the commands that install them."""
    sonames = ", ".join(library.soname for library in missing)
    apt = " ".join(_unique(library.apt for library in missing))
    dnf = " ".join(_unique(library.dnf for library in missing))
    return (
        f"the window cannot open: Qt's X11 plugin needs {sonames}, which this system does not have "
        f"(on Debian or Ubuntu: sudo apt-get install {apt}; on Fedora or RHEL: sudo dnf install {dnf})"
    )


def xcb_problem(
    environ: Mapping[str, str],
    find_library: Callable[[str], bool] = loads,
    wayland_reachable: bool = False,
) -> str | None:
    """Why Qt's xcb platform would not load here, in a sentence; None when it will load or when
    the platform will not be xcb."""
    if not platform_will_be_xcb(environ, wayland_reachable):
        return None
    missing = missing_xcb_libraries(find_library)
    return missing_message(missing) if missing else None


def write_report(log_dir: Path, message: str, now: datetime | None = None) -> Path | None:
    """Keep ``message`` in the log folder for whoever looks after a start that printed it to a
    terminal nobody saw (a desktop launcher); None when the folder cannot be written."""
    moment = (now or datetime.now(UTC)).isoformat(timespec="seconds")
    path = log_dir / REPORT_NAME
    try:
        log_dir.mkdir(parents=True, exist_ok=True)
        path.write_text(f"{moment} codementor: {message}\n", encoding="utf-8")
    except OSError:
        return None
    return path
