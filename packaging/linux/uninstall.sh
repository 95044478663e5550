#!/bin/sh
# Remove what install.sh put in place (same PREFIX). Your own work (the database of runs, drafts and
# settings in ~/.local/share/CodeMentor and ~/.config/CodeMentor) is kept: delete those folders too
# to remove everything.
set -eu
prefix=${PREFIX:-"$HOME/.local"}
app="$prefix/lib/codementor"
share="$prefix/share"

if [ -L "$prefix/bin/codementor" ] && [ "$(readlink "$prefix/bin/codementor")" = "$app/CodeMentor" ]; then
  rm -f "$prefix/bin/codementor"
fi
rm -f "$share/applications/io.codementor.CodeMentor.desktop" "$share/metainfo/io.codementor.CodeMentor.metainfo.xml"
for size in 16 32 48 64 128 256; do
  rm -f "$share/icons/hicolor/${size}x${size}/apps/codementor.png"
done
rm -f "$share/icons/hicolor/scalable/apps/codementor.svg"
rm -rf "$app"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$share/applications" || true
command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$share/icons/hicolor" || true
echo "CodeMentor is removed from $prefix (your data in ~/.local/share/CodeMentor and ~/.config/CodeMentor is kept)"
