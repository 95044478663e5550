#!/usr/bin/env bash
# Lay out an AppDir around the one-folder app and, where appimagetool is on the PATH, pack it into
# CodeMentor-<version>-<arch>.AppImage.
#   packaging/linux/build_appimage.sh [APP_FOLDER (dist/CodeMentor)] [OUT_FOLDER (dist)]
#
# appimagetool and the AppImage runtime it embeds (a static ELF from the AppImage project's
# releases) are in none of the package registries the project's machines reach (PyPI, Debian, npm):
# the PyPI packages that build AppImages download them at build time. So here this stops at the
# AppDir; on a machine with appimagetool (https://github.com/AppImage/appimagetool) the same script
# makes the AppImage. The layout:
#   AppDir/AppRun                         starts usr/lib/codementor/CodeMentor with the arguments
#   AppDir/io.codementor.CodeMentor.desktop, AppDir/codementor.png, AppDir/.DirIcon
#   AppDir/usr/lib/codementor/            the one-folder app (its child runs as CodeMentor --child)
#   AppDir/usr/share/metainfo/, usr/share/applications/, usr/share/icons/hicolor/
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
app="$(cd "${1:-$root/dist/CodeMentor}" && pwd)"
mkdir -p "${2:-$root/dist}"
out="$(cd "${2:-$root/dist}" && pwd)"
version="$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' "$root/codementor_desktop/__init__.py")"
arch="$(uname -m)"
appdir="$out/CodeMentor.AppDir"

[ -x "$app/CodeMentor" ] || { echo "error: no app at $app (build it with PyInstaller first)" >&2; exit 1; }
rm -rf "$appdir"
mkdir -p "$appdir/usr/lib" "$appdir/usr/share/applications" "$appdir/usr/share/metainfo" "$appdir/usr/share/icons/hicolor"
cp -a "$app" "$appdir/usr/lib/codementor"
cat >"$appdir/AppRun" <<'RUN'
#!/bin/sh
# The AppImage's entry: the app inside the mounted image, with the caller's arguments.
here="$(dirname "$(readlink -f "$0")")"
exec "$here/usr/lib/codementor/CodeMentor" "$@"
RUN
chmod 755 "$appdir/AppRun"
cp "$here/io.codementor.CodeMentor.desktop" "$appdir/"
cp "$here/io.codementor.CodeMentor.desktop" "$appdir/usr/share/applications/"
cp "$here/io.codementor.CodeMentor.metainfo.xml" "$appdir/usr/share/metainfo/"
(cd "$root" && uv run --locked python packaging/linux/render_icons.py "$appdir/usr/share/icons/hicolor" >/dev/null)
cp "$appdir/usr/share/icons/hicolor/256x256/apps/codementor.png" "$appdir/codementor.png"
ln -sf codementor.png "$appdir/.DirIcon"

if ! command -v appimagetool >/dev/null 2>&1; then
  echo "$appdir is ready; appimagetool is not on the PATH, so no AppImage was made (see the note at the top of $0)"
  exit 0
fi
ARCH="$arch" appimagetool "$appdir" "$out/CodeMentor-$version-$arch.AppImage"
echo "$out/CodeMentor-$version-$arch.AppImage: $(du -sb "$out/CodeMentor-$version-$arch.AppImage" | cut -f1) bytes"
