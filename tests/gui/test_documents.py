"""The learner's own files and scratch buffers: open, save, save as, recent files, Run and Trace
without a problem, and unsaved changes asked about on close (the question box's answer is
patched: that is a dialog, the files on disk are real)."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from codementor_desktop.gui.documents import Kind
from tests.gui.conftest import make_window, window_leftovers


def answer(monkeypatch, button: QMessageBox.StandardButton) -> list[str]:
    """Every unsaved-changes question is answered with ``button``; the texts asked are returned."""
    asked: list[str] = []

    def exec_(box: QMessageBox) -> int:
        asked.append(box.text())
        return int(button.value)

    monkeypatch.setattr(QMessageBox, "exec", exec_)
    return asked


@pytest.mark.parametrize(("name", "code", "language"), [
    ("mine.py", "print('hello from python')\n", "python"),
    ("mine.js", "console.log('hello from js');\n", "javascript"),
])  # fmt: skip
def test_open_edit_and_save_a_file(window, qtbot, tmp_path, name, code, language):
    path = tmp_path / name
    path.write_text(code, encoding="utf-8")
    assert window.documents.open_file(path)
    assert window.editor.text() == code
    assert window.current_language == language and window.editor.language == language
    assert window.windowTitle() == f"{name} — CodeMentor"
    assert window.problem_id is None and window.browser.selected_id() is None
    assert not window.submit_action.isEnabled() and "no problem" in window.submit_action.toolTip()

    qtbot.keyClicks(window.editor, "// more" if language == "javascript" else "# more")
    assert window.windowTitle() == f"{name}* — CodeMentor"
    window.documents.save()
    assert path.read_text(encoding="utf-8") == window.editor.text()
    assert "more" in path.read_text(encoding="utf-8")
    assert window.windowTitle() == f"{name} — CodeMentor"
    assert window.documents.recent.paths()[0] == path.resolve()


def test_save_as_writes_a_new_file_and_opens_it(window, tmp_path):
    window.documents.new_scratch()
    window.editor.set_text("x = 1\n")
    assert window.documents.save_as(tmp_path / "copy")  # no extension: the language's
    saved = tmp_path / "copy.py"
    assert saved.read_text(encoding="utf-8") == "x = 1\n"
    assert window.documents.current.path == saved.resolve() and window.windowTitle() == "copy.py — CodeMentor"
    assert window.documents.save_as(tmp_path / "other.js")
    assert window.current_language == "javascript" and (tmp_path / "other.js").exists()
    assert [p.name for p in window.documents.recent.paths()] == ["other.js", "copy.py"]


def test_a_problem_saved_as_a_file_keeps_its_draft(window, tmp_path):
    window.browser.select("two-sum")
    draft = window.editor.text()
    assert window.documents.save_as(tmp_path / "two_sum.py")
    assert (tmp_path / "two_sum.py").read_text(encoding="utf-8") == draft
    assert window.documents.current.kind is Kind.FILE and window.problem_id is None
    window.browser.select("two-sum")
    assert window.problem_id == "two-sum" and window.editor.text() == draft


def test_recent_files_are_kept_and_a_missing_one_is_dropped_with_a_word(qtbot, services, tmp_path):
    first, gone = tmp_path / "a.py", tmp_path / "b.py"
    first.write_text("a = 1\n")
    gone.write_text("b = 2\n")
    main = make_window(qtbot, services)
    main.documents.open_file(first)
    main.documents.open_file(gone)
    main.close()
    gone.unlink()
    again = make_window(qtbot, services)
    assert again.documents.recent.paths() == [gone.resolve(), first.resolve()]
    assert not again.documents.open_recent(gone.resolve())
    assert "no longer there" in again.statusBar().currentMessage()
    assert again.documents.recent.paths() == [first.resolve()]
    assert again.documents.open_recent(first.resolve()) and again.editor.text() == "a = 1\n"
    again.close()


def test_a_file_of_another_kind_is_refused_clearly(window, tmp_path, monkeypatch):
    said: list[str] = []
    monkeypatch.setattr("codementor_desktop.gui.documents.message_box", lambda _p, _i, _t, text, *a: said.append(text))
    (tmp_path / "notes.txt").write_text("hello")
    window.browser.select("two-sum")
    before = window.editor.text()
    assert not window.documents.open_file(tmp_path / "notes.txt")
    assert "not a .py or .js file" in said[0]
    assert window.problem_id == "two-sum" and window.editor.text() == before


def test_a_scratch_run_prints_through_a_real_child(threaded_window, qtbot):
    window = threaded_window
    window.documents.new_scratch()
    assert window.windowTitle() == "Scratch — CodeMentor"
    window.editor.set_text("print(sum(range(10)))\nprint('done')\n")
    with qtbot.waitSignal(window.jobs.ended, timeout=30_000):
        window.run_code()
    qtbot.waitUntil(lambda: "ran in" in window.output.shown_text())
    shown = window.output.shown_text()
    assert shown.startswith("45\ndone\n")
    assert window.panels.currentWidget() is window.output
    message = window.statusBar().currentMessage()
    assert message.startswith("Your code ran in") and "bp_execute" not in message


def test_a_scratch_error_shows_its_message_and_line(window):
    window.documents.new_scratch()
    window.editor.set_text("x = 1\nprint(x)\nprint(1 / 0)\n")
    window.run_code()
    shown = window.output.shown_text()
    assert shown.startswith("1\n") and "ZeroDivisionError" in shown
    assert window.statusBar().currentMessage() == "Your code stopped: runtime error on line 3."
    assert "ZeroDivisionError" in window.editor.annotation_at(3)


def test_a_scratch_buffer_is_traced_and_drawn(window, qtbot):
    window.documents.new_scratch()
    window.editor.set_text("xs = [3, 1, 2]\nxs.sort()\ntotal = sum(xs)\n")
    window.trace_action.trigger()
    panel = window.viz
    qtbot.waitUntil(lambda: len(panel.timeline.steps) >= 3, timeout=30_000)
    assert panel.currentWidget() is panel.trace_tab
    assert {s["line"] for s in panel.timeline.steps} >= {1, 2, 3}
    panel.setCurrentWidget(panel.pages["structure"])  # the structure tools draw the list
    structure = panel.view("structure")
    panel.trace_tab.slider.setValue(len(panel.timeline.steps) - 1)
    qtbot.waitUntil(lambda: structure.drawing is not None and structure.drawing.model is not None)
    assert structure.drawing.variable == "xs"


def test_unsaved_changes_are_asked_about_on_close(qtbot, services, tmp_path, monkeypatch):
    main = make_window(qtbot, services)
    main.documents.new_scratch()
    qtbot.keyClicks(main.editor, "print(1)")
    asked = answer(monkeypatch, QMessageBox.StandardButton.Cancel)
    assert not main.close() and main.isVisible()
    assert asked == ["Scratch has changes that are not saved. Save them?"]

    path = tmp_path / "kept.py"
    path.write_text("")
    main.documents.save_as(path)
    qtbot.keyClick(main.editor, Qt.Key.Key_End)
    qtbot.keyClicks(main.editor, " # and 2")
    answer(monkeypatch, QMessageBox.StandardButton.Save)
    assert main.close()
    assert path.read_text(encoding="utf-8") == "print(1) # and 2"
    assert window_leftovers(main) == []


def test_discard_leaves_the_file_as_it_was_and_a_problem_is_never_asked_about(window, qtbot, tmp_path, monkeypatch):
    path = tmp_path / "mine.py"
    path.write_text("a = 1\n")
    window.documents.open_file(path)
    qtbot.keyClicks(window.editor, "b = 2")
    asked = answer(monkeypatch, QMessageBox.StandardButton.Discard)
    assert window.browser.select("two-sum") and window.problem_id == "two-sum"
    assert len(asked) == 1 and path.read_text() == "a = 1\n"
    qtbot.keyClicks(window.editor, "# a draft")
    assert window.browser.select("balanced-brackets")
    assert len(asked) == 1  # a problem's draft is saved, never asked about


def test_cancel_keeps_the_file_open_when_a_problem_is_chosen(window, qtbot, tmp_path, monkeypatch):
    path = tmp_path / "mine.py"
    path.write_text("a = 1\n")
    window.documents.open_file(path)
    qtbot.keyClicks(window.editor, "b = 2")
    answer(monkeypatch, QMessageBox.StandardButton.Cancel)
    window.browser.select("two-sum")
    assert window.documents.current.path == path.resolve() and window.problem_id is None
    assert "b = 2" in window.editor.text() and window.browser.selected_id() is None
    answer(monkeypatch, QMessageBox.StandardButton.Discard)  # the fixture closes the window


def test_the_menu_lists_the_file_commands_with_their_keys(window):
    file_menu = window.menuBar().actions()[0].menu()
    keys = {a.text().replace("&", ""): a.shortcut().toString() for a in file_menu.actions()}
    assert keys["New scratch"] == "Ctrl+N" and keys["Open…"] == "Ctrl+O"
    assert keys["Save"] == "Ctrl+S" and keys["Save as…"] == "Ctrl+Shift+S"


def test_a_scratch_buffer_in_javascript_runs_under_node(window):
    window.documents.new_scratch()
    window.language.setCurrentIndex(window.language.findData("javascript"))
    assert window.documents.current.language == "javascript" and window.editor.language == "javascript"
    assert window.documents.current.kind is Kind.SCRATCH  # the box changed the language, not the document
    window.editor.set_text("console.log([1, 2, 3].map((x) => x * 2).join(' '));\n")
    window.run_code()
    assert window.output.shown_text().startswith("2 4 6\n")
