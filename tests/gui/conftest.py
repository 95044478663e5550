import pytest


def window_leftovers(main) -> list[str]:
    """What a closed window left running: a lane of its jobs, a timer, a background thread of the
    panel, a dialog or window still shown."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from tests.gui.viz_support import leftovers

    found = leftovers(main.viz)
    found += [f"the jobs' lane {name}" for name in main.jobs._lanes]  # noqa: SLF001 - emptied by shutdown
    found += [f"timer {t.objectName() or t} of {t.parent()}" for t in main.findChildren(QTimer) if t.isActive()]
    found += [f"window {w.objectName() or type(w).__name__}" for w in QApplication.topLevelWidgets() if w.isVisible()]
    return sorted(set(found))


def make_window(qtbot, services, synchronous: bool = True, tour: bool = False):
    """A window as the app builds it, on the given services; closed (and so saved) by the caller
    or at the end of the test. Its jobs run at once in the test's thread unless ``synchronous`` is
    False (a test that stops a run). Without ``tour``, the first run's tour was seen already."""
    from codementor_desktop.gui.main_window import MainWindow
    from codementor_desktop.gui.window_files import TOUR_SEEN, Flag

    if not tour:
        Flag(services.paths.data_dir, TOUR_SEEN).set()

    main = MainWindow(services, synchronous=synchronous)
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
    """Runs go to the jobs' threads, so a test can stop one that is going."""
    main = make_window(qtbot, services, synchronous=False)
    yield main
    main.close()
    assert window_leftovers(main) == []


from tests.gui.viz_support import make_panel  # noqa: E402, F401 - the visualization panel's tests use it
