"""The drawing tabs made ahead while the window is idle: their imports wait for the rest of the
process to be quiet, then each tab, the Flow tab's items and the Structure tab's commonest scenes
are built a slice at a time; a trace drawn afterwards uses what was made and shows it all."""

from __future__ import annotations

import threading

import pytest

from codementor_desktop.gui.viz import panel as panel_module
from codementor_desktop.tools import sample_traces as samples
from tests.gui.viz_support import feed


@pytest.fixture
def soon(monkeypatch):
    """The idle building starts at once (the window's own start is not under test here)."""
    monkeypatch.setattr(panel_module, "PRELOAD_AFTER_MS", 10)
    monkeypatch.setattr(panel_module, "PRELOAD_RETRY_MS", 20)


def built(panel) -> bool:
    return all(page.view is not None for page in panel.pages.values()) and not panel._prebuild.isActive()


def test_the_tabs_and_their_items_are_made_ahead_and_a_trace_uses_them(soon, make_panel, qtbot):
    panel = make_panel()
    qtbot.waitUntil(lambda: built(panel), timeout=60_000)
    flow = panel.view("flow")
    prepared = list(flow._node_items)
    assert len(prepared) >= panel_module.FLOW_ITEMS_AHEAD
    assert len(flow.counts.items) >= panel_module.FLOW_ITEMS_AHEAD
    assert not any(item.isVisible() for item in prepared + flow.counts.items + flow.headers.items)
    structure = panel.view("structure")
    for name in panel_module.PREBUILT_SCENES:
        scene = structure.scenes[name]
        assert scene.built and not scene.visible
        assert not any(item.isVisible() for item in scene.items)

    trace = samples.trace_here(samples.RUNNING_SUM, "running_sum", [3, 1, 4])
    feed(qtbot, panel, trace, samples.RUNNING_SUM)
    panel.setCurrentWidget(panel.pages["flow"])
    qtbot.waitUntil(lambda: len(flow.nodes) > 0)
    assert flow._node_items[: len(flow.nodes)] == prepared[: len(flow.nodes)]  # made ahead, not again
    assert all(node.isVisible() for node in flow.nodes.values())
    assert all(label.isVisible() for label in flow.counts.items[: len(flow.flow.edges)])


def test_the_imports_wait_while_another_thread_computes(soon, make_panel, qtbot, monkeypatch):
    # Looks 100 ms apart and counts a thread busy from 2% of a core: on a loaded machine (a test
    # run beside others) the computing thread may get far less than the 20% the app asks for.
    monkeypatch.setattr(panel_module, "PRELOAD_RETRY_MS", 100)
    monkeypatch.setattr(panel_module, "OTHERS_BUSY_SHARE", 0.02)
    stop = threading.Event()

    def compute() -> None:  # a loading thread's work: pure Python, holding the interpreter lock
        while not stop.is_set():
            sum(range(10_000))

    worker = threading.Thread(target=compute, name="loading")
    worker.start()
    try:
        panel = make_panel()
        qtbot.waitUntil(lambda: panel._preload_waited >= 200, timeout=30_000)
        assert panel._work_off.calls == []  # the import has not started
        assert all(page.view is None for page in panel.pages.values())
    finally:
        stop.set()
        worker.join()
    qtbot.waitUntil(lambda: built(panel), timeout=60_000)


def test_a_panel_that_loaded_before_it_followed_the_session_leaves_nothing_running(soon, make_panel, services, qtbot):
    """The window paints (and the panel starts loading) before its services, and so its session's
    jobs, are ready: the panel's own jobs carry the import and are shut with the panel."""
    from codementor_desktop.gui.jobs import Jobs
    from codementor_desktop.gui.session import Session

    panel = make_panel()
    qtbot.waitUntil(lambda: panel._work_off.calls != [], timeout=30_000)  # the import went to its own jobs
    session = Session(services.settings.user)
    jobs = Jobs(services.registry, session, parent=panel)
    panel.follow(session, jobs)
    qtbot.waitUntil(lambda: built(panel), timeout=60_000)  # its end still builds the tabs
    trace = samples.trace_here(samples.RUNNING_SUM, "running_sum", [3, 1, 4])
    feed(qtbot, panel, trace, samples.RUNNING_SUM)
    panel.show_mermaid()  # the panel's jobs, in a lane of its own: it stops no Run of the session's
    qtbot.waitUntil(lambda: panel.mermaid_dialog is not None, timeout=30_000)
    assert "jobs-mermaid" in {t.name for t in threading.enumerate()}
    jobs.shutdown()  # the window shuts its jobs; the panel shuts the ones it made (make_panel checks)
