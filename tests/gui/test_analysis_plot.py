"""The complexity picture: the counted points, the fitted class through them and the reference's
counts, drawn by items made once and fed new data; the estimate in words above."""

from __future__ import annotations

import pytest

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.gui.analysis import demos
from codementor_desktop.gui.analysis.complexity_plot import ComplexityPlot
from codementor_desktop.tools.context import ToolContext

LINEAR_TWO_SUM = """def two_sum(nums, target):
    seen = {}
    for i, value in enumerate(nums):
        if target - value in seen:
            return [seen[target - value], i]
        seen[value] = i
    return []
"""


@pytest.fixture
def plot(qtbot):
    widget = ComplexityPlot()
    qtbot.addWidget(widget)
    widget.resize(640, 420)
    widget.show()
    return widget


def test_the_counts_the_fitted_class_and_the_reference(plot):
    plot.set_result(demos.quadratic_two_sum())
    series = plot.series
    assert series["learner"] == ([float(n) for n in demos.SIZES], [float(c) for c in demos.COUNTS])
    assert series["reference"] == ([float(n) for n in demos.SIZES], [float(c) for c in demos.REFERENCE])
    xs, ys = series["fit"]
    assert xs[0] == demos.SIZES[0] and xs[-1] == demos.SIZES[-1]
    assert abs(ys[-1] - demos.COUNTS[-1]) / demos.COUNTS[-1] < 0.05  # the curve goes through the points
    words = plot.words.text()
    assert "<b>O(n²)</b> time" in words and "best known solution takes O(n)" in words
    assert "the structure and the measurement agree" in words


def test_a_new_measurement_feeds_the_same_items(plot, services):
    plot.set_result(demos.quadratic_two_sum())
    items = (plot.learner, plot.fit, plot.reference)
    arguments = {"problem_id": "two-sum", "language": "python", "code": LINEAR_TWO_SUM, "test_results": {}}
    result = services.registry.call("analyze_code_patterns", arguments, ToolContext(caller=Caller.PERSON))
    plot.set_result(result)
    assert (plot.learner, plot.fit, plot.reference) == items
    assert len(plot.plot.getPlotItem().listDataItems()) == 3
    sizes, counts = plot.series["learner"]
    measured = result["complexity_analysis"]["evidence"]["measured"]
    assert sizes == measured["fit"]["sizes"] and counts == measured["fit"]["counts"]
    assert len(sizes) > len(demos.SIZES)  # a linear solution goes further up the ladder
    assert "Measured operations: <b>O(n)</b>" in plot.words.text()


def test_without_a_measurement_the_picture_is_empty_and_says_why(plot):
    result = demos.quadratic_two_sum()
    result["complexity_analysis"]["evidence"]["measured"] = {"measured": False, "reason": "no generator"}
    plot.set_result(result)
    assert all(series == ([], []) for series in plot.series.values())
    assert "Not measured: no generator" in plot.words.text()
    assert not plot.plot.isVisible()  # no empty axes with the last picture's range


def test_a_forgotten_analysis_leaves_no_picture_nor_its_legend(plot):
    plot.set_result(demos.quadratic_two_sum())
    assert plot.plot.isVisible() and any("fitted: O(" in label.text for _s, label in plot.legend.items)
    plot.set_result({})  # another problem or language: the analysis is forgotten
    assert not plot.plot.isVisible() and not plot.logarithmic.isVisible()
    assert not any("fitted: O(" in label.text for _s, label in plot.legend.items)
    assert plot.words.text() and all(series == ([], []) for series in plot.series.values())
    plot.set_result(demos.quadratic_two_sum())
    assert plot.plot.isVisible()


def test_a_timed_measurement_is_drawn_in_milliseconds_without_the_counted_reference(plot):
    result = demos.quadratic_two_sum()
    measured = result["complexity_analysis"]["evidence"]["measured"]
    measured["counted"] = "time"
    plot.set_result(result)
    assert plot.plot.getPlotItem().getAxis("left").labelText == "time (ms)"
    assert plot.series["reference"] == ([], [])
    assert "running time (lower confidence)" in plot.words.text()


def test_logarithmic_axes(plot, qtbot):
    plot.set_result(demos.quadratic_two_sum())
    plot.logarithmic.setChecked(True)
    qtbot.waitUntil(lambda: plot.plot.getPlotItem().ctrl.logXCheck.isChecked())
    assert plot.plot.getPlotItem().ctrl.logYCheck.isChecked()
    plot.logarithmic.setChecked(False)
    assert not plot.plot.getPlotItem().ctrl.logYCheck.isChecked()
