"""Every demo of the analysis widgets builds, and pictures of both widgets are saved as PNG files
under the test's temporary folder, for a person to look at (checked here to be real drawings)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QImage

from codementor_desktop.gui.analysis import demos


def save(widget, path) -> QImage:
    image = widget.grab().toImage()
    assert image.save(str(path))
    colours = {image.pixel(x, y) for x in range(0, image.width(), 5) for y in range(0, image.height(), 5)}
    assert len(colours) > 8, f"{path.name} looks blank"
    return image


@pytest.mark.parametrize("name", sorted(demos.DEMOS))
def test_each_demo_builds(qtbot, name):
    widget = demos.DEMOS[name]()
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    assert widget.isVisible()


def test_screenshots_of_the_cards_and_the_plot(qtbot, tmp_path):
    shown = []
    for name in ("cards", "uncertain", "parse_error", "location", "plot"):
        widget = demos.DEMOS[name]()
        qtbot.addWidget(widget)
        widget.show()
        qtbot.waitExposed(widget)
        shown.append(save(widget, tmp_path / f"analysis-{name}.png"))
    plot = widget
    plot.logarithmic.setChecked(True)
    qtbot.waitUntil(lambda: plot.plot.getPlotItem().ctrl.logXCheck.isChecked())
    save(plot, tmp_path / "analysis-plot-logarithmic.png")
    assert all(image.width() >= 500 for image in shown)
    assert sorted(p.name for p in tmp_path.glob("*.png")) == [
        "analysis-cards.png", "analysis-location.png", "analysis-parse_error.png", "analysis-plot-logarithmic.png",
        "analysis-plot.png",
        "analysis-uncertain.png",
    ]  # fmt: skip
