"""Every standalone demo of the visualization panel imports and builds, and the panel leaves no
timer, thread or window behind once shut down."""

from __future__ import annotations

import importlib
import threading

import pytest
from PySide6.QtCore import QTimer

from tests.gui.viz_support import leftovers


@pytest.mark.parametrize("name", ["panel", "trace", "structure", "tree", "variables", "flow", "predict", "stopped"])
def test_each_demo_builds(qtbot, name):
    demos = importlib.import_module("codementor_desktop.gui.viz.demos")
    panel = demos.DEMOS[name]()
    qtbot.addWidget(panel)
    panel.show()
    qtbot.waitUntil(lambda: not panel._render.isActive())
    assert panel.step_count > 0
    assert panel.trace_tab.position.text().startswith("Step")
    panel.shutdown()
    panel.close()
    assert leftovers(panel) == []


def test_nothing_is_left_running_after_shutdown(qtbot):
    from codementor_desktop.gui.viz import demos

    before = {t.name for t in threading.enumerate()}
    panel = demos.flow_demo()
    qtbot.addWidget(panel)
    panel.show()
    panel.player.set_speed(100)
    panel.home_action.trigger()
    panel.play_action.trigger()
    call = panel.show_mermaid()
    assert panel.player.playing
    qtbot.waitUntil(lambda: panel.mermaid_dialog is not None and panel.mermaid_dialog.isVisible(), timeout=10_000)
    panel.shutdown()
    panel.close()
    assert not call.live
    assert [t for t in panel.findChildren(QTimer) if t.isActive()] == []
    assert not panel.mermaid_dialog.isVisible()
    assert {t.name for t in threading.enumerate()} <= before
    assert leftovers(panel) == []


def test_the_panel_loads_pyqtgraph_and_networkx_only_when_needed():
    import subprocess
    import sys

    probe = (
        "import sys\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from codementor_desktop.gui.viz.panel import VisualizationPanel\n"
        "panel = VisualizationPanel()\n"
        "print('pyqtgraph' in sys.modules, 'networkx' in sys.modules)\n"
        "panel.view('structure')\n"
        "print('pyqtgraph' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.stdout.split() == ["False", "False", "True"], done.stderr
