import pytest


@pytest.fixture
def window(qtbot, services):
    from codementor_desktop.gui.main_window import MainWindow
    from codementor_desktop.gui.workers import ToolWorker

    worker = ToolWorker(services.registry, services.settings.user, synchronous=True)
    main = MainWindow(services, worker)
    qtbot.addWidget(main)
    main.show()
    yield main
    main.close()


from tests.gui.viz_support import make_panel  # noqa: E402, F401 - the visualization panel's tests use it
