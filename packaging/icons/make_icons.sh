#!/usr/bin/env bash
# Draws the app's icon and makes the Windows .ico and the macOS .icns from it, with ImageMagick's
# `convert` and Python's standard library. Run from anywhere; the results are committed:
#   packaging/icons/make_icons.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
master="$here/codementor-1024.png"

# A rounded square with "</>": readable at 16 px, where finer drawing turns to mud.
convert -size 1024x1024 xc:none \
  -fill '#1f4e79' -draw "roundrectangle 64,64 960,960 190,190" \
  -font DejaVu-Sans-Mono-Bold -pointsize 440 -fill white -stroke white -strokewidth 18 \
  -gravity center -annotate +0+0 '</>' \
  -strip "$master"

# Windows: every size Explorer and the taskbar ask for, in one file.
convert "$master" -define icon:auto-resize=256,128,64,48,32,24,16 -strip "$here/../windows/codementor.ico"

# macOS: the iconset iconutil reads, then packed into an .icns.
iconset="$(mktemp -d)/codementor.iconset"
mkdir -p "$iconset"
trap 'rm -rf "$(dirname "$iconset")"' EXIT
for size in 16 32 128 256 512; do
  convert "$master" -resize "${size}x${size}" -strip "$iconset/icon_${size}x${size}.png"
  convert "$master" -resize "$((size * 2))x$((size * 2))" -strip "$iconset/icon_${size}x${size}@2x.png"
done
python3 "$here/../macos/make_icns.py" "$iconset" "$here/../macos/codementor.icns"
