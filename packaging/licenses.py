"""Writes the third-party notices the bundles ship and Help ▸ About shows:
resources/THIRD_PARTY_NOTICES.txt.

    uv run python packaging/licenses.py           # write the file
    uv run python packaging/licenses.py --check   # fail if a locked runtime package is missing from it

The packages are the app's runtime dependencies as uv.lock resolves them (the development group
left out), each with its licence as its metadata states it and the LICENSE / COPYING / NOTICE
files of its installed distribution. Then what no Python package's metadata carries: Qt (shipped
inside PySide6, LGPLv3), Scintilla and Lexilla (inside pyside6-scintilla and lexilla, under their
own licence), the Python interpreter and PyInstaller's bootloader, which the frozen app contains.
Node.js is not bundled. A package locked for another system only (pywin32-ctypes on Windows, say)
is named with the marker that brings it; the bundle built on that system regenerates the file
first, so its copy carries the text.
"""

from __future__ import annotations

import argparse
import re
import sys
import sysconfig
import tomllib
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from packaging.markers import Marker

ROOT = Path(__file__).resolve().parent.parent
NOTICES = ROOT / "resources" / "THIRD_PARTY_NOTICES.txt"
TEXTS = Path(__file__).resolve().parent / "notices"
PROJECT = "codementor-desktop"
LICENCE_FILE = re.compile(r"(LICEN[CS]E|COPYING|NOTICE|AUTHORS)", re.IGNORECASE)
RULE = "=" * 78


@dataclass(frozen=True)
class Locked:
    """A runtime package as uv.lock pins it, and the marker that brings it in (None: always)."""

    name: str
    version: str
    marker: str | None


def runtime_packages(lock_path: Path = ROOT / "uv.lock") -> list[Locked]:
    """The closure of the project's runtime dependencies in uv.lock, extras followed, development
    groups left out. A package reached only through markers keeps the first marker seen."""
    lock = tomllib.loads(lock_path.read_text(encoding="utf-8"))
    # A name locked at two versions (numpy for older and newer Pythons) is two packages; a
    # dependency on it then names its version.
    versions: dict[str, list[str]] = {}
    packages: dict[tuple[str, str], dict] = {}
    for package in lock["package"]:
        version = str(package.get("version", ""))
        versions.setdefault(package["name"], []).append(version)
        packages[package["name"], version] = package

    def key(dep: dict) -> tuple[str, str]:
        return dep["name"], str(dep.get("version") or versions[dep["name"]][0])

    markers: dict[tuple[str, str], str | None] = {}
    extras_seen: dict[tuple[str, str], set[str]] = {}
    root = packages[PROJECT, versions[PROJECT][0]]
    todo: list[tuple[tuple[str, str], list[str], str | None]] = [
        (key(d), d.get("extra", []), d.get("marker")) for d in root.get("dependencies", [])
    ]
    while todo:
        name, extras, marker = todo.pop()
        package = packages[name]
        first = name not in markers
        widened = not first and marker is None and markers[name] is not None
        if first or widened:
            markers[name] = marker
        new_extras = set(extras) - extras_seen.setdefault(name, set())
        extras_seen[name] |= new_extras
        # Walk the dependencies again where the package is now reached on more systems, or with
        # an extra that brings more of them.
        deps = list(package.get("dependencies", [])) if first or widened else []
        for extra in sorted(extras_seen[name] if widened else new_extras):
            deps += package.get("optional-dependencies", {}).get(extra, [])
        for dep in deps:
            todo.append((key(dep), dep.get("extra", []), _both(markers[name], dep.get("marker"))))
    found = [Locked(name, version, marker) for (name, version), marker in markers.items()]
    return sorted(found, key=lambda p: (p.name.lower(), p.version))


def _both(outer: str | None, inner: str | None) -> str | None:
    """The marker of a dependency reached through a package that has its own."""
    if outer is None or inner is None:
        return outer or inner
    return f"({outer}) and ({inner})"


def applies_here(package: Locked) -> bool:
    return package.marker is None or Marker(package.marker).evaluate()


def licence_of(dist: metadata.Distribution) -> str:
    """The licence as the metadata states it: the SPDX expression, else a short License field,
    else the trove classifiers."""
    meta = dist.metadata
    expression = meta.get("License-Expression")
    if expression:
        return str(expression)
    field = str(meta.get("License") or "").strip()
    if field and len(field) <= 80 and "\n" not in field:
        return field
    classifiers = [c.split("::")[-1].strip() for c in meta.get_all("Classifier") or [] if c.startswith("License ::")]
    return ", ".join(classifiers) or "see the licence text below"


def licence_texts(dist: metadata.Distribution) -> list[tuple[str, str]]:
    """(file name, text) of each licence file in the distribution's metadata folder."""
    texts = []
    for file in dist.files or []:
        parts = file.parts
        if not parts or not parts[0].endswith(".dist-info") or not LICENCE_FILE.search(file.name):
            continue
        try:
            text = Path(str(dist.locate_file(file))).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        texts.append(("/".join(parts[1:]), text.strip()))
    return sorted(texts)


def package_section(package: Locked) -> tuple[str, str]:
    """(contents line, section) for one locked package."""
    try:
        dist: metadata.Distribution | None = metadata.distribution(package.name)
    except metadata.PackageNotFoundError:
        dist = None
    if dist is None or dist.version != package.version:
        if applies_here(package):
            raise SystemExit(f"{package.name} {package.version} is locked but not installed: run `uv sync --locked`")
        line = f"{package.name} {package.version}: only where {package.marker}"
        body = (
            f"Only where {package.marker}. Not installed on the system this file was made on; a bundle "
            "built on such a system regenerates this file first, with the package's licence text."
        )
        return line, f"{package.name} {package.version}\n{body}"
    licence = licence_of(dist)
    home = dist.metadata.get("Home-page") or next(
        (u.split(",", 1)[1].strip() for u in dist.metadata.get_all("Project-URL") or [] if "," in u), ""
    )
    head = [f"{package.name} {dist.version}", f"Licence: {licence}"]
    if home:
        head.append(f"Home: {home}")
    texts = licence_texts(dist)
    body = "\n\n".join(f"--- {name} ---\n{text}" for name, text in texts) or (
        "The distribution carries no licence file; its metadata states the licence above."
    )
    return f"{package.name} {dist.version}: {licence}", "\n".join(head) + "\n\n" + body


def python_licence() -> str:
    """The licence of the interpreter running this script, which is the one the bundle freezes."""
    base = Path(sys.base_prefix)
    for candidate in (Path(sysconfig.get_path("stdlib")) / "LICENSE.txt", base / "LICENSE.txt"):
        if candidate.is_file():
            return candidate.read_text(encoding="utf-8", errors="replace").strip()
    return "Python Software Foundation License Version 2: https://docs.python.org/3/license.html"


def extra_sections() -> list[tuple[str, str]]:
    """What the frozen app contains that no runtime package's metadata states."""
    lgpl = (TEXTS / "LGPL-3.0.txt").read_text(encoding="utf-8").strip()
    gpl = (TEXTS / "GPL-3.0.txt").read_text(encoding="utf-8").strip()
    scintilla = (TEXTS / "Scintilla-Lexilla.txt").read_text(encoding="utf-8").strip()
    qt = (
        "Qt (inside PySide6-Essentials and shiboken6)\n"
        "Licence: GNU Lesser General Public License v3 (LGPL-3.0-only)\n"
        "Home: https://www.qt.io/  Source: https://download.qt.io/official_releases/qt/\n\n"
        "CodeMentor uses the Qt libraries unmodified, through PySide6. The bundle keeps them as separate\n"
        "shared libraries in its folder, so they can be replaced with other builds of the same Qt\n"
        "version. Qt's own third-party parts are listed at https://doc.qt.io/qt-6/licenses-used-in-qt.html.\n\n"
        f"--- LGPL-3.0 ---\n{lgpl}\n\n--- GPL-3.0 (which the LGPL-3.0 supplements) ---\n{gpl}"
    )
    scintilla_section = (
        "Scintilla and Lexilla (the editor component and its lexers, inside pyside6-scintilla and lexilla)\n"
        "Licence: the Scintilla licence (Historical Permission Notice and Disclaimer)\n"
        f"Home: https://www.scintilla.org/\n\n{scintilla}"
    )
    sections = [
        ("Qt 6: LGPL-3.0-only", qt),
        ("Scintilla and Lexilla: Scintilla licence (HPND)", scintilla_section),
        (
            f"Python {sys.version_info.major}.{sys.version_info.minor}: PSF-2.0",
            f"Python {sys.version.split()[0]}\nLicence: PSF-2.0\n\n{python_licence()}",
        ),
    ]
    try:
        bootloader = metadata.distribution("pyinstaller")
    except metadata.PackageNotFoundError:
        return sections
    texts = "\n\n".join(text for _, text in licence_texts(bootloader))
    sections.append(
        (
            "PyInstaller bootloader: GPL-2.0-or-later with the bootloader exception",
            f"PyInstaller bootloader {bootloader.version} (the launcher of the frozen app)\n"
            f"Licence: GPL-2.0-or-later with the bootloader exception\n\n{texts}",
        )
    )
    return sections


def notices_text(packages: list[Locked]) -> str:
    sections = [package_section(p) for p in packages] + extra_sections()
    contents = "\n".join(f"  {line}" for line, _ in sections)
    intro = (
        "CodeMentor: third-party notices\n"
        f"{RULE}\n"
        "CodeMentor is under the MIT licence. It is built on the software below, which its bundles\n"
        "ship, each under its own licence. Node.js, which runs learners' JavaScript, is not\n"
        "bundled: the app uses the one installed on the computer, under the Node.js licence.\n"
        "Generated by packaging/licenses.py from uv.lock and the installed distributions.\n\n"
        f"Contents\n{contents}\n"
    )
    return intro + "".join(f"\n{RULE}\n{body}\n" for _, body in sections)


def missing_from(text: str, packages: list[Locked]) -> list[str]:
    """The locked runtime packages the notices do not name with their locked version."""
    return [f"{p.name} {p.version}" for p in packages if f"\n{p.name} {p.version}" not in text]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="check the file names every runtime package")
    parser.add_argument("--out", type=Path, default=NOTICES)
    args = parser.parse_args(argv)
    packages = runtime_packages()
    if args.check:
        missing = missing_from(args.out.read_text(encoding="utf-8"), packages)
        for name in missing:
            print(f"not in {args.out.name}: {name}", file=sys.stderr)
        return 1 if missing else 0
    not_here = [p for p in packages if not applies_here(p)]
    args.out.write_text(notices_text(packages), encoding="utf-8")
    print(f"{args.out.name}: {len(packages)} runtime packages, {len(not_here)} for other systems only")
    return 0


if __name__ == "__main__":
    sys.exit(main())
