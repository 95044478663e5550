"""The editor a learner expects: dedent, find and replace, go to line, comments, zoom, braces,
and no horizontal scrollbar for short code, driven by the keys the learner presses."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from codementor_desktop.gui.editor.code_editor import CodeEditor

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def editor(qtbot):
    widget = CodeEditor()
    qtbot.addWidget(widget)
    widget.resize(700, 400)
    widget.show()
    qtbot.waitExposed(widget)
    QWidget.setFocus(widget)  # ScintillaEdit.setFocus is a Scintilla message
    return widget


def type_line_after(qtbot, editor, text: str, typed: str) -> str:
    editor.set_text(text)
    editor.gotoPos(editor.textLength())
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.keyClicks(editor, typed)
    return editor.text()


@pytest.mark.parametrize("ender", ["return x", "pass", "break", "continue", "raise ValueError()"])
def test_a_line_that_ends_a_block_dedents_the_next(qtbot, editor, ender):
    text = f"def f(x):\n    while x:\n        {ender}"
    assert type_line_after(qtbot, editor, text, "y = 1").endswith(f"        {ender}\n    y = 1")


def test_a_colon_indents_and_an_ordinary_line_keeps_its_indentation(qtbot, editor):
    assert type_line_after(qtbot, editor, "def f(x):", "y = 1") == "def f(x):\n    y = 1"
    assert type_line_after(qtbot, editor, "def f(x):\n    y = 1", "z") == "def f(x):\n    y = 1\n    z"
    # ``returned`` is not ``return``: no dedent
    assert type_line_after(qtbot, editor, "def f(x):\n    returned = 1", "z").endswith("\n    z")


def test_a_closing_brace_goes_back_to_its_opening_line(qtbot, editor):
    editor.set_language("javascript")
    text = type_line_after(qtbot, editor, "function f(x) {\n  if (x) {", "x = 1;")
    assert text.endswith("  if (x) {\n    x = 1;")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.keyClicks(editor, "}")
    assert editor.text().endswith("    x = 1;\n  }")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.keyClicks(editor, "}")
    assert editor.text().endswith("\n  }\n}")


def type_at_end(qtbot, editor, language: str, text: str, *keys) -> str:
    """Load ``text``, put the caret at its end and press ``keys`` (a string types, a key presses)."""
    editor.set_language(language)
    editor.set_text(text)
    editor.gotoPos(editor.textLength())
    for key in keys:
        if isinstance(key, str):
            qtbot.keyClicks(editor, key)
        else:
            qtbot.keyClick(editor, key)
    return editor.text()


@pytest.mark.parametrize("spaces", ["", "  ", "    ", "        "])
def test_a_closing_brace_on_a_line_of_only_whitespace_goes_to_its_block(qtbot, editor, spaces):
    code = "function f(nums) {\n  for (const n of nums) {\n    total += n;\n"
    assert type_at_end(qtbot, editor, "javascript", code + spaces, "}") == code + "  }"


def test_a_closing_brace_without_its_opening_goes_one_step_out(qtbot, editor):
    fragment = "a();\n  b();\n    c();\n"  # pasted without its braces: the file's step is 2
    assert type_at_end(qtbot, editor, "javascript", fragment + "    ", "}") == fragment + "  }"


def test_a_closing_brace_after_text_stays_where_it_was_typed(qtbot, editor):
    code = "function f() {\n    return {"
    assert type_at_end(qtbot, editor, "javascript", code, "}") == code + "}"


@pytest.mark.parametrize(
    ("language", "code", "left"),
    [
        ("javascript", "function f(x) {\n  if (x) {\n    ", "function f(x) {\n  if (x) {\n  "),
        ("javascript", "function f(x) {\n    if (x) {\n        ", "function f(x) {\n    if (x) {\n    "),
        ("python", "def f(x):\n  if x:\n    ", "def f(x):\n  if x:\n  "),
        ("python", "def f(x):\n    if x:\n        ", "def f(x):\n    if x:\n    "),
    ],
)
def test_backspace_in_leading_whitespace_removes_one_step_of_the_files_indentation(qtbot, editor, language, code, left):
    assert type_at_end(qtbot, editor, language, code, Qt.Key.Key_Backspace) == left


@pytest.mark.parametrize(("language", "step"), [("javascript", 2), ("python", 4)])
def test_an_empty_file_indents_by_its_languages_step(qtbot, editor, language, step):
    opener = "function f() {" if language == "javascript" else "def f():"
    typed = type_at_end(qtbot, editor, language, "", opener, Qt.Key.Key_Return, "x")
    assert typed == opener + "\n" + " " * step + "x"
    assert type_at_end(qtbot, editor, language, "", " " * step * 2, Qt.Key.Key_Backspace) == " " * step


def test_enter_after_an_opening_brace_in_four_space_code_indents_four(qtbot, editor):
    code = "function f(x) {\n    if (x) {"
    assert type_at_end(qtbot, editor, "javascript", code, Qt.Key.Key_Return, "y();") == code + "\n        y();"


def test_find_selects_each_match_in_turn_and_wraps(editor):
    editor.set_text("total = 0\nfor t in items:\n    total += t\nprint(Total)\n")
    found = []
    for _ in range(4):
        assert editor.find_match("total")
        found.append(editor.selectionStart())
    assert found == [0, 30, 47, 0]  # case-insensitive by default; the fourth wraps round
    assert editor.find_match("total", match_case=True) and editor.selectionStart() == 30
    assert editor.find_match("total", forward=False, match_case=True) and editor.selectionStart() == 0
    assert not editor.find_match("absent")


def test_replace_all_is_one_undo_step(editor):
    editor.set_text("a = [é]\nb = a + a\n")
    assert editor.replace_every("a", "alpha", match_case=True) == 3
    assert editor.text() == "alpha = [é]\nb = alpha + alpha\n"
    editor.undo()
    assert editor.text() == "a = [é]\nb = a + a\n"


def test_go_to_line_moves_the_caret_and_clamps(editor):
    editor.set_text("".join(f"x{n} = {n}\n" for n in range(1, 200)))
    editor.go_to_line(150)
    assert editor.lineFromPosition(editor.currentPos()) == 149
    assert editor.firstVisibleLine() <= 149 < editor.firstVisibleLine() + editor.linesOnScreen()
    editor.go_to_line(10_000)
    assert editor.lineFromPosition(editor.currentPos()) == editor.lineCount() - 1


def test_comment_toggle_on_the_selection_and_back(editor):
    code = "def f(x):\n    if x:\n\n        return 1\n    return 2\n"
    editor.set_text(code)
    editor.setSel(editor.positionFromLine(1), editor.positionFromLine(4))  # lines 2 to 4, blank included
    editor.toggle_comment()
    assert editor.text() == "def f(x):\n    # if x:\n\n    #     return 1\n    return 2\n"
    editor.toggle_comment()
    assert editor.text() == code
    editor.set_language("javascript")
    editor.set_text("let a = 1;\n")
    editor.toggle_comment()
    assert editor.text() == "// let a = 1;\n"


def test_braces_are_matched_at_the_caret(editor):
    editor.set_text("f(a[1], {2})")
    editor.gotoPos(1)  # after ``f``: on the ``(``
    editor._match_braces()
    assert editor.braceMatch(1, 0) == 11


def test_short_code_has_no_horizontal_scrollbar_long_code_has_one(qtbot, editor):
    editor.set_text("def f(x):\n    return x\n" * 3)
    qtbot.waitUntil(lambda: editor.scrollWidth() < editor.width())
    assert not editor.horizontalScrollBar().isVisible()
    editor.set_text("x = '" + "long " * 200 + "'\n")
    editor.gotoPos(editor.textLength() - 2)  # Scintilla measures lines as it paints them
    qtbot.waitUntil(lambda: editor.horizontalScrollBar().isVisible())
