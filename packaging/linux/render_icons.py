"""Render the application icon (icons/codementor.svg) to PNGs at the sizes desktops look for.

    uv run python packaging/linux/render_icons.py OUT_DIR

writes OUT_DIR/<n>x<n>/apps/codementor.png for each size and OUT_DIR/scalable/apps/codementor.svg,
the hicolor theme's layout. Qt's own SVG renderer draws them (this machine's ImageMagick has no SVG
reader), so the one drawing is the SVG.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

SIZES = (16, 32, 48, 64, 128, 256)
SOURCE = Path(__file__).resolve().parent / "icons" / "codementor.svg"


def render(out: Path) -> list[Path]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841 - the renderer needs one
    renderer = QSvgRenderer(str(SOURCE))
    if not renderer.isValid():
        raise SystemExit(f"cannot read {SOURCE}")
    written = []
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        target = out / f"{size}x{size}" / "apps" / "codementor.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(target)):
            raise SystemExit(f"cannot write {target}")
        written.append(target)
    scalable = out / "scalable" / "apps" / "codementor.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(SOURCE, scalable)
    return [*written, scalable]


if __name__ == "__main__":
    for path in render(Path(sys.argv[1])):
        print(path)
