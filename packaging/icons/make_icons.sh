#!/usr/bin/env bash
# Draws the app's icon and makes the Windows .ico and the macOS .icns from it, with ImageMagick's
# `convert` and Python's standard library. Run from anywhere; the results are committed:
#   packaging/icons/make_icons.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
master="$here/codementor-1024.png"

# The one drawing is the SVG the Linux bundle installs (packaging/linux/icons/codementor.svg),
# rendered by Qt's SVG renderer (ImageMagick here has no SVG reader) to the 1024 px master.
(cd "$here/../.." && QT_QPA_PLATFORM=offscreen uv run python - "$master" <<'PY'
import sys
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

app = QGuiApplication([])
image = QImage(1024, 1024, QImage.Format.Format_ARGB32)
image.fill(Qt.GlobalColor.transparent)
painter = QPainter(image)
painter.setRenderHint(QPainter.RenderHint.Antialiasing)
QSvgRenderer("packaging/linux/icons/codementor.svg").render(painter)
painter.end()
image.save(sys.argv[1])
PY
)

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
