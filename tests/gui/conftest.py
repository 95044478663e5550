import pytest


def make_window(qtbot, services, synchronous: bool = True):
    """A window as the app builds it, on the given services; closed (and so saved) by the caller
    or at the end of the test."""
    from codementor_desktop.gui.main_window import MainWindow
    from codementor_desktop.gui.workers import ToolWorker

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


@pytest.fixture
def threaded_window(qtbot, services):
    """Runs go to the worker's thread, so a test can stop one that is going."""
    main = make_window(qtbot, services, synchronous=False)
    yield main
    main.close()


from tests.gui.viz_support import make_panel  # noqa: E402, F401 - the visualization panel's tests use it
