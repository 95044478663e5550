import pytest


def window_leftovers(main) -> list[str]:
    """What a closed window left running: its worker's thread, a timer, a background thread of the
    panel, a dialog or window still shown."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from tests.gui.viz_support import leftovers

    found = leftovers(main.viz)
    if main.worker._thread is not None:
        found.append("the worker's thread")
    found += [f"timer {t.objectName() or t} of {t.parent()}" for t in main.findChildren(QTimer) if t.isActive()]
    found += [f"window {w.objectName() or type(w).__name__}" for w in QApplication.topLevelWidgets() if w.isVisible()]
    return sorted(set(found))


def make_window(qtbot, services, synchronous: bool = True, tour: bool = False):
    """A window as the app builds it, on the given services; closed (and so saved) by the caller
    or at the end of the test. Without ``tour``, the first run's tour was seen already."""
    from codementor_desktop.gui.main_window import MainWindow
    from codementor_desktop.gui.window_files import TOUR_SEEN, Flag
    from codementor_desktop.gui.workers import ToolWorker

    if not tour:
        Flag(services.paths.data_dir, TOUR_SEEN).set()

    worker = ToolWorker(services.registry, services.settings.user, synchronous=synchronous)
    main = MainWindow(services, worker)
    qtbot.addWidget(main)
    main.show()
    return main


@pytest.fixture
def window(qtbot, services):
    main = make_window(qtbot, services)
    yield main
    main.close()
    assert window_leftovers(main) == []


@pytest.fixture
def threaded_window(qtbot, services):
    """Runs go to the worker's thread, so a test can stop one that is going."""
    main = make_window(qtbot, services, synchronous=False)
    yield main
    main.close()
    assert window_leftovers(main) == []


from tests.gui.viz_support import make_panel  # noqa: E402, F401 - the visualization panel's tests use it
