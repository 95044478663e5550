"""The Output tab of a long run: its beginning and its end on screen, what is left out said
between them, and the whole output written to a file the learner picks."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from codementor_desktop.gui.panels.output_view import OutputView

FLOOD = "".join(f"line {i}\n" for i in range(200_000))


def shown_view(qtbot, text: str, choose=None) -> OutputView:
    view = OutputView(choose_file=choose or (lambda _parent: None))
    qtbot.addWidget(view)
    view.resize(900, 400)
    view.show()
    view.show_text(text)
    qtbot.waitUntil(lambda: not view.busy, timeout=20_000)
    return view


def test_a_flood_shows_its_first_and_last_lines_and_says_how_much_is_left_out(qtbot, tmp_path):
    view = shown_view(qtbot, FLOOD)
    shown = view.toPlainText()
    assert shown.startswith("line 0\nline 1\n")
    assert shown.rstrip("\n").endswith("line 199998\nline 199999")
    assert len(shown) < 200_000  # not the whole flood laid out
    marker = next(line for line in shown.splitlines() if "left out" in line)
    left_out = int(marker.split(" lines ")[0].lstrip("… ").replace(",", ""))
    shown_lines = [line for line in shown.splitlines() if line.startswith("line ")]
    assert left_out + len(shown_lines) == 200_000  # every line is either shown or counted
    assert "200,000 lines in all" in marker
    assert view.bar.isVisible() and view.save_button.isVisible()
    assert view.grab().save(str(tmp_path / "output-flood.png"))
    view.moveCursor(view.textCursor().MoveOperation.Start)
    view.find("left out")
    view.centerCursor()
    assert view.grab().save(str(tmp_path / "output-marker.png"))


def test_save_whole_output_writes_every_line_where_the_learner_chose(qtbot, tmp_path):
    target = tmp_path / "printed.txt"
    asked: list[object] = []

    def choose(parent) -> Path:
        asked.append(parent)
        return target

    view = shown_view(qtbot, FLOOD, choose)
    qtbot.mouseClick(view.save_button, Qt.MouseButton.LeftButton)
    assert asked == [view]
    assert target.read_text(encoding="utf-8") == FLOOD
    assert str(target) in view.summary.text()


def test_cancelling_the_choice_writes_nothing(qtbot, tmp_path):
    view = shown_view(qtbot, FLOOD)
    assert view.save_whole() is None
    assert list(tmp_path.iterdir()) == []


def test_a_short_output_is_shown_whole_without_the_bar(qtbot):
    view = shown_view(qtbot, "2 4 6\n")
    assert view.toPlainText() == "2 4 6\n"
    assert not view.bar.isVisible()
    view.show_text(FLOOD)
    qtbot.waitUntil(lambda: not view.busy, timeout=20_000)
    view.show_text("done\n")  # the next run's short output takes the bar away again
    assert view.toPlainText() == "done\n" and not view.bar.isVisible()
