#!/bin/sh
# Install CodeMentor for this user (no root needed): the app in ~/.local/lib/codementor, a
# `codementor` command in ~/.local/bin, the desktop entry, the icons and the AppStream metadata
# under ~/.local/share. PREFIX=/some/where puts it elsewhere. Run uninstall.sh to remove it.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
prefix=${PREFIX:-"$HOME/.local"}
app="$prefix/lib/codementor"
share="$prefix/share"

mkdir -p "$prefix/lib" "$prefix/bin" "$share/applications" "$share/metainfo" "$share/icons/hicolor"
rm -rf "$app.new"
cp -R "$here/CodeMentor" "$app.new"
rm -rf "$app"
mv "$app.new" "$app"
cp "$here/uninstall.sh" "$app/uninstall.sh"
ln -sfn "$app/CodeMentor" "$prefix/bin/codementor"
# The launcher names the app by its full path: a desktop session's PATH may lack ~/.local/bin.
sed -e "s|^Exec=.*|Exec=\"$app/CodeMentor\"|" -e "s|^TryExec=.*||" \
  "$here/share/applications/io.codementor.CodeMentor.desktop" >"$share/applications/io.codementor.CodeMentor.desktop"
cp "$here/share/metainfo/io.codementor.CodeMentor.metainfo.xml" "$share/metainfo/"
cp -R "$here/share/icons/hicolor/." "$share/icons/hicolor/"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$share/applications" || true
command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$share/icons/hicolor" || true

echo "CodeMentor is installed in $app"
echo "Start it from the applications menu, or as: $prefix/bin/codementor"
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "(add $prefix/bin to PATH to type just: codementor)" ;; esac
echo "If the window does not open, the reason is printed and kept in ~/.local/state/CodeMentor/log/."
echo "JavaScript problems need Node.js 18 or later on the PATH (Debian/Ubuntu: sudo apt-get install nodejs)."
