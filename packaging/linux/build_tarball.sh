#!/usr/bin/env bash
# Pack the one-folder app into codementor-<version>-linux-<arch>.tar.gz with the desktop entry, the
# AppStream metadata, the icons (hicolor sizes 16 to 256 and the SVG) and the install and uninstall
# scripts for ~/.local.
#   packaging/linux/build_tarball.sh [APP_FOLDER (dist/CodeMentor)] [OUT_FOLDER (dist)]
# Build the app first: uv run pyinstaller packaging/codementor.spec --noconfirm
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
app="$(cd "${1:-$root/dist/CodeMentor}" && pwd)"
mkdir -p "${2:-$root/dist}"
out="$(cd "${2:-$root/dist}" && pwd)"
version="$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' "$root/codementor_desktop/__init__.py")"
name="codementor-$version-linux-$(uname -m)"

[ -x "$app/CodeMentor" ] || { echo "error: no app at $app (build it with PyInstaller first)" >&2; exit 1; }
# The metadata is checked where the checkers are installed (Debian: appstream, desktop-file-utils).
if command -v appstreamcli >/dev/null 2>&1; then
  appstreamcli validate --no-net "$here/io.codementor.CodeMentor.metainfo.xml"
fi
if command -v desktop-file-validate >/dev/null 2>&1; then
  desktop-file-validate "$here/io.codementor.CodeMentor.desktop"
fi

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
top="$stage/$name"
mkdir -p "$top/share/applications" "$top/share/metainfo" "$top/share/icons/hicolor"
cp -a "$app" "$top/CodeMentor"
cp "$here/io.codementor.CodeMentor.desktop" "$top/share/applications/"
cp "$here/io.codementor.CodeMentor.metainfo.xml" "$top/share/metainfo/"
(cd "$root" && uv run --locked python packaging/linux/render_icons.py "$top/share/icons/hicolor" >/dev/null)
install -m 755 "$here/install.sh" "$here/uninstall.sh" "$top/"
cat >"$top/README.txt" <<TEXT
CodeMentor $version for Linux ($(uname -m))

Install for this user:   ./install.sh      (PREFIX=/opt/codementor ./install.sh for elsewhere)
Remove:                  ./uninstall.sh
Or run it in place:      ./CodeMentor/CodeMentor

The window needs the X11 libraries Qt's xcb platform loads (on a minimal system:
sudo apt-get install libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxkbcommon-x11-0), or a Wayland
session. JavaScript problems need Node.js 18 or later on the PATH.
TEXT

tar --sort=name --owner=0 --group=0 --numeric-owner -C "$stage" -czf "$out/$name.tar.gz" "$name"
echo "$out/$name.tar.gz: $(du -sb "$out/$name.tar.gz" | cut -f1) bytes compressed, $(du -sb "$top" | cut -f1) bytes unpacked"
