"""The first run and the run after a crash: an easy problem with a guided tour, shown once; and
a start after a crash restores the problem and its draft and says so."""

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QToolBar

from codementor_desktop.gui.tour import Tour
from codementor_desktop.gui.window_files import RUNNING, TOUR_SEEN
from tests.gui.conftest import make_window


def tour_of(window) -> Tour | None:
    shown = [t for t in window.findChildren(Tour) if t.isVisible()]
    return shown[0] if shown else None


def test_the_first_run_opens_an_easy_problem_with_the_tour(qtbot, services):
    main = make_window(qtbot, services, tour=True)
    problem = services.bank.get(main.problem_id)
    assert problem is not None and problem.difficulty.value == "easy"
    tour = tour_of(main)
    assert tour is not None and tour.title.text() == "Run" and tour.count.text() == "1 of 5"
    run_button = main.findChild(QToolBar, "mainToolbar").widgetForAction(main.run_action)
    bubble_top = tour.geometry().top()
    assert bubble_top >= run_button.mapTo(main, run_button.rect().bottomLeft()).y()  # below what it points at
    titles = []
    for _ in range(5):
        titles.append(tour.title.text())
        qtbot.mouseClick(tour.next_button, Qt.MouseButton.LeftButton)
    assert titles == ["Run", "Submit", "Trace", "The panels", "Problems"]
    assert tour_of(main) is None and (services.paths.data_dir / TOUR_SEEN).exists()
    main.close()


def test_skip_ends_the_tour_and_it_is_never_shown_again(qtbot, services):
    main = make_window(qtbot, services, tour=True)
    tour = tour_of(main)
    qtbot.mouseClick(tour.next_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(tour.skip_button, Qt.MouseButton.LeftButton)
    assert tour_of(main) is None
    main.close()
    again = make_window(qtbot, services, tour=True)
    assert tour_of(again) is None
    again.close()


def test_esc_skips_the_tour_and_help_shows_it_again(qtbot, services):
    main = make_window(qtbot, services, tour=True)
    tour = tour_of(main)
    main.activateWindow()
    qtbot.waitUntil(main.isActiveWindow, timeout=5_000)
    tour.next_button.setFocus()
    qtbot.keyClick(tour.next_button, Qt.Key.Key_Escape)
    assert tour_of(main) is None and (services.paths.data_dir / TOUR_SEEN).exists()
    help_menu = main.menuBar().actions()[-1].menu()
    next(a for a in help_menu.actions() if a.text() == "&Tour").trigger()
    assert tour_of(main) is not None and tour_of(main).title.text() == "Run"
    main.close()


def test_after_a_crash_the_problem_and_draft_come_back_with_a_word(qtbot, services):
    crashed = make_window(qtbot, services)
    assert crashed.browser.select("two-sum")
    qtbot.keyClicks(crashed.editor, "# typed before the crash")
    typed = crashed.editor.text()
    crashed.autosave.save_now()
    assert services.drafts.flush(10.0)
    assert (services.paths.data_dir / RUNNING).exists()  # still running: the next start is after a crash
    assert not crashed.notice.isVisible()

    restarted = make_window(qtbot, services)
    assert restarted.problem_id == "two-sum" and restarted.editor.text() == typed
    assert restarted.notice.isVisible()
    title = services.bank.get("two-sum").title
    assert restarted.notice.label.text() == (
        f"CodeMentor closed unexpectedly last time; your draft of {title} was restored."
    )
    qtbot.mouseClick(restarted.notice.dismiss, Qt.MouseButton.LeftButton)
    assert not restarted.notice.isVisible()
    restarted.close()
    crashed.close()
    assert not (services.paths.data_dir / RUNNING).exists()  # both closed cleanly

    calm = make_window(qtbot, services)
    assert not calm.notice.isVisible()  # a clean exit last time: nothing to say
    calm.close()


def test_the_crash_message_reads_on_either_theme(qtbot, services):
    """The bar's text takes the theme's colours when the theme changes while it is shown."""
    from PySide6.QtGui import QColor

    main = make_window(qtbot, services)
    main.notice.show_message("CodeMentor closed unexpectedly last time.")

    def contrast() -> float:
        text = main.notice.label.palette().windowText().color()
        background = QColor(main.notice.styleSheet().split("background: ")[1][:7])
        return abs(text.lightnessF() - background.lightnessF())

    for theme in ("dark", "light", "dark"):
        main.set_theme(theme, save=False)
        qtbot.waitUntil(lambda: contrast() > 0.4)
    main.close()


def test_the_tour_bubble_never_hides_what_it_points_at_nor_covers_the_statement(qtbot, services, tmp_path):
    main = make_window(qtbot, services, tour=True)
    main.resize(1280, 800)
    tour = tour_of(main)
    assert tour is not None
    tour.start()  # placed again at this size
    statement = QRect(main.statement.mapTo(main, QPoint(0, 0)), main.statement.size())
    for number, step in enumerate(tour.steps):
        target = step.target()
        assert target is not None
        pointed = QRect(target.mapTo(main, QPoint(0, 0)), target.size())
        bubble = tour.geometry()
        assert main.rect().contains(bubble), step.title
        assert not bubble.intersects(pointed), f"{step.title}: the bubble hides what it points at"
        shared = bubble.intersected(statement)
        covered = max(shared.width(), 0) * max(shared.height(), 0)
        # Beside its target, over a sliver of the statement at most: its title and text stay readable.
        assert covered <= 0.2 * bubble.width() * bubble.height(), f"{step.title}: over the statement"
        main.grab().save(str(tmp_path / f"s2-tour-{number}.png"))
        qtbot.mouseClick(tour.next_button, Qt.MouseButton.LeftButton)
    assert tour_of(main) is None
    main.close()


def test_a_second_window_while_the_first_runs_says_so_and_is_no_crash(qtbot, services):
    """The marker names a live CodeMentor process (a real one, named so): another window is
    open, not a crash; once that process has ended, the same marker means a crash."""
    import subprocess
    import sys

    from codementor_desktop.gui.crash_notice import ALSO_OPEN

    marker = services.paths.data_dir / RUNNING
    other = subprocess.Popen(
        [sys.executable, "-c", "import sys; sys.stdin.read()", "codementor"], stdin=subprocess.PIPE
    )
    try:
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.write_text(str(other.pid), encoding="utf-8")
        second = make_window(qtbot, services)
        assert second.notice.isVisible() and second.notice.label.text() == ALSO_OPEN
        second.close()
    finally:
        other.stdin.close()
        other.wait(30)
    marker.write_text(str(other.pid), encoding="utf-8")  # the writer has ended without clearing it
    after_crash = make_window(qtbot, services)
    assert after_crash.notice.label.text().startswith("CodeMentor closed unexpectedly last time")
    after_crash.close()
    assert not marker.exists()


def test_closing_one_window_leaves_the_other_windows_marker(qtbot, services, tmp_path):
    from codementor_desktop.gui.window_files import Flag

    flag = Flag(tmp_path, RUNNING)
    flag.path.write_text("999999999", encoding="utf-8")  # another window's
    flag.release()
    assert flag.path.exists()
    flag.set()
    flag.release()
    assert not flag.path.exists()
