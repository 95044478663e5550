"""Pictures of the first run's tour, the word after a crash and a scratch file with its output,
saved as PNG files under the test's temporary folder (and ``CODEMENTOR_SHOTS`` if set) to look at."""

from __future__ import annotations

from tests.gui.conftest import make_window
from tests.gui.test_first_run import tour_of
from tests.gui.test_window_screenshots import save

SCRATCH = (
    "def squares(n):\n    return [i * i for i in range(n)]\n\n\nprint(squares(6))\nprint('sum', sum(squares(6)))\n"
)


def test_screenshots_of_the_tour_the_crash_word_and_a_scratch_file(qtbot, services, tmp_path):
    main = make_window(qtbot, services, tour=True)
    main.resize(1280, 800)
    tour = tour_of(main)
    tour.start()  # placed again at the new size
    save(qtbot, main, tmp_path / "f1-tour-run.png")
    tour.next_step()
    tour.next_step()
    tour.next_step()
    save(qtbot, main, tmp_path / "f2-tour-panels.png")
    tour.skip()
    main.browser.select("two-sum")
    main.autosave.save_now()
    assert services.drafts.flush(10.0)

    after = make_window(qtbot, services)  # the first window never closed: as after a crash
    after.resize(1280, 800)
    assert after.notice.isVisible()
    save(qtbot, after, tmp_path / "f3-crash-restored.png")

    path = tmp_path / "squares.py"
    path.write_text(SCRATCH)
    assert after.documents.open_file(path)
    after.run_code()
    qtbot.waitUntil(lambda: "ran in" in after.output.shown_text())
    save(qtbot, after, tmp_path / "f4-scratch-file-output.png")
    after.close()
    main.close()
