"""The walking skeleton: pick a problem, edit, Run off the GUI thread, see the verdicts."""

from codementor_desktop.gui.editor.code_editor import CodeEditor, bgr

GOOD = "def two_sum(nums, target):\n    seen = {}\n    for j, v in enumerate(nums):\n        if target - v in seen:\n            return [seen[target - v], j]\n        seen[v] = j\n"


def test_selecting_a_problem_shows_its_statement_and_starter(window):
    assert window.browser.select("two-sum")
    assert "Two Sum" in window.statement.toPlainText()
    assert "def two_sum" in window.editor.text()


def test_run_shows_per_test_verdicts(window):
    window.browser.select("two-sum")
    window.editor.set_text(GOOD)
    window.run_code()
    assert window.tests.verdicts() == ["AC", "AC", "AC"]
    assert "3/3 passed" in window.tests.summary.text()


def test_a_runtime_error_is_annotated_on_its_line(window):
    window.browser.select("two-sum")
    window.editor.set_text("def two_sum(nums, target):\n    x = 0\n    return nums[99]\n")
    window.run_code()
    assert window.tests.verdicts()[0] == "RE"
    assert "IndexError" in window.editor.annotation_at(3)


def test_filters_narrow_the_list(window):
    everything = len(window.browser.visible_ids())
    window.browser.search.setText("two sum")
    assert window.browser.visible_ids() and len(window.browser.visible_ids()) < everything
    window.browser.search.setText("")
    index = window.browser.difficulty.findData("hard")
    window.browser.difficulty.setCurrentIndex(index)
    assert all(window.services.bank.get(i).difficulty.value == "hard" for i in window.browser.visible_ids())


def test_drafts_survive_switching_problems(window, qtbot):
    ids = window.browser.visible_ids()
    window.browser.select(ids[0])
    window.editor.set_text("")
    qtbot.keyClicks(window.editor, "# my draft")
    window.browser.select(ids[1])
    assert window.editor.text() != "# my draft"
    window.browser.select(ids[0])
    assert window.editor.text() == "# my draft"


def test_editor_basics(qtbot):
    editor = CodeEditor()
    qtbot.addWidget(editor)
    editor.set_text("x = 'é'\n")
    assert editor.text() == "x = 'é'\n"
    editor.set_language("javascript")
    assert editor.language == "javascript"
    assert bgr(0xFF0000) == 0x0000FF


def test_window_screenshot_is_not_blank(window, tmp_path):
    window.browser.select("two-sum")
    window.editor.set_text(GOOD)
    window.run_code()
    path = tmp_path / "window.png"
    assert window.grab().save(str(path))
    image = window.grab().toImage()
    colours = {image.pixel(x, y) for x in range(0, image.width(), 37) for y in range(0, image.height(), 29)}
    assert len(colours) > 10


def test_javascript_in_the_window(window):
    window.browser.select("two-sum")
    window.language.setCurrentIndex(window.language.findData("javascript"))
    assert window.editor.language == "javascript" and "function twoSum" in window.editor.text()
    window.editor.set_text("function twoSum(nums, target) {\n  return nums.missing.length;\n}\n")
    window.run_code()
    assert window.tests.verdicts()[0] == "RE"
    assert "TypeError" in window.editor.annotation_at(2)


def test_tab_walks_the_window_as_a_learner_reads_it(window):
    """From the problem list, Tab reaches the statement, the language, the code, the panels, and
    the custom input's buttons last: the language box no longer comes after the tests' table."""

    from PySide6.QtCore import Qt

    def reachable(widget) -> bool:
        return widget.isVisible() and widget.isEnabled() and bool(widget.focusPolicy() & Qt.FocusPolicy.TabFocus)

    order = []
    widget = window.browser.list
    for _ in range(1000):
        widget = widget.nextInFocusChain()
        if widget is window.browser.list:
            break  # round the whole chain
        if reachable(widget):
            order.append(widget)
    wanted = [
        window.plan.tabs.tabBar(),  # Statement and Plan, above the statement
        window.statement,
        window.language,
        window.editor,
        window.tests.analyze_button,
        window.custom_input.box.run_button,
    ]
    positions = [order.index(w) for w in wanted]
    assert positions == sorted(positions), [type(w).__name__ for w in order[:15]]
    assert positions[:4] == [1, 2, 3, 4]  # first the tabs, whose focus goes to their bar


def test_the_technique_filter_lists_only_that_techniques_problems_with_counts(window, tmp_path):
    bank = window.services.bank
    combo = window.browser.technique
    index = combo.findData("union_find")
    assert index > 0
    expected = [p.id for p in bank.all() if "union_find" in p.techniques]
    assert combo.itemText(index) == f"Union find ({len(expected)})"
    assert combo.itemText(combo.findData("bfs")).startswith("BFS (")
    combo.setCurrentIndex(index)
    assert window.browser.visible_ids() == expected
    assert window.browser.grab().save(str(tmp_path / "technique-filter.png"))
    window.browser.show_topic("trees")  # another way into the list starts from every technique
    assert combo.currentData() == "" and window.browser.visible_ids()
    assert all("trees" in [t.value for t in bank.get(i).topics] for i in window.browser.visible_ids())
