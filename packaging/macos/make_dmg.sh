#!/usr/bin/env bash
# Puts dist/CodeMentor.app in a compressed disk image with a link to /Applications, for the
# learner to drag it across. Run on a Mac, from anywhere, after
#   uv run pyinstaller packaging/macos/codementor-macos.spec --noconfirm
# and, if it is to be signed, after signing the .app (packaging/SIGNING.md):
#   packaging/macos/make_dmg.sh
# The result is dist/CodeMentor-<version>.dmg.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
app="$root/dist/CodeMentor.app"
version="$(python3 "$here/../windows/version_info.py" --print-version)"
dmg="$root/dist/CodeMentor-$version.dmg"

if [[ "$(uname)" != "Darwin" ]]; then
  echo "make_dmg.sh: hdiutil exists only on macOS" >&2
  exit 2
fi
if [[ ! -d "$app" ]]; then
  echo "make_dmg.sh: $app is missing: build it first with packaging/macos/codementor-macos.spec" >&2
  exit 1
fi

staging="$(mktemp -d)"
trap 'rm -rf "$staging"' EXIT
# ditto keeps the bundle's symlinks, extended attributes and signature intact, where cp -R may not.
ditto "$app" "$staging/CodeMentor.app"
ln -s /Applications "$staging/Applications"

rm -f "$dmg"
hdiutil create -volname "CodeMentor $version" -srcfolder "$staging" -fs HFS+ -format UDZO -ov "$dmg"
hdiutil verify "$dmg"
echo "$dmg"
