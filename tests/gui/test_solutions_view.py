"""The Solutions view in the window: locked with why and how to open it; open after a real Submit
that passes, with the learner's code beside both references and two curves of operation counts;
locked again on another problem; opened after every hint and a confirmation; readable in both
themes (the pictures are kept in the test's folder)."""

from __future__ import annotations

import re

from PySide6.QtCore import QEvent, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from codementor_desktop.gui.solutions.view import NO_EXPLANATION

QUADRATIC = """def two_sum(nums, target):
    for i in range(len(nums)):
        for j in range(i + 1, len(nums)):
            if nums[i] + nums[j] == target:
                return [i, j]
    return []
"""
# Accepted, though it sorts: O(n log n) against the reference's single pass.
SORTED = """def two_sum(nums, target):
    order = sorted(range(len(nums)), key=lambda i: nums[i])
    low, high = 0, len(nums) - 1
    while low < high:
        total = nums[order[low]] + nums[order[high]]
        if total == target:
            return sorted([order[low], order[high]])
        if total < target:
            low += 1
        else:
            high -= 1
    return []
"""


def open_problem(window, problem_id: str, code: str | None = None) -> None:
    assert window.browser.select(problem_id)
    if code is not None:
        window.editor.replace_all(code)
    QWidget.setFocus(window.editor)


def test_locked_then_opened_by_a_submit_that_passes_then_locked_on_another_problem(window, qtbot, services, tmp_path):
    open_problem(window, "two-sum", SORTED)
    solutions = window.solutions
    assert solutions.button.isVisible() and solutions.button.parent() is window.statement
    title = window.statement.document().firstBlock()
    assert (
        title.text() == "Two Sum" and title.blockFormat().rightMargin() > solutions.button.width()
    )  # wraps clear of it
    assert solutions.action in window.menuBar().actions()[-2].menu().actions()  # View ▸ Solutions…
    view = solutions.open()
    total = len(services.bank.get("two-sum").hints)
    words = view.locked.text()
    assert not view.is_unlocked
    assert "The solutions of Two Sum are locked" in words
    assert "Solve it first: your Submit must pass every test" in words
    assert f"or take all {total} hints (you have taken 0)" in words
    assert not view.locked.show_anyway.isVisible()
    QApplication.processEvents()
    view.grab().save(str(tmp_path / "solutions_locked.png"))

    assert solutions.button.toolTip() == "Locked: Solve it first: your Submit must pass every test"
    window.run_action.trigger()  # the visible tests pass, but a Run is no Submit
    assert not view.is_unlocked
    window.submit_action.trigger()
    qtbot.waitUntil(lambda: view.is_unlocked, timeout=60_000)
    assert solutions.button.toolTip() == "Open the reference solutions" and solutions.button.text() == "Solutions"
    page = view.unlocked
    problem = services.bank.get("two-sum")
    assert page.mine.text().strip() == SORTED.strip()
    assert page.mine.caption.text().startswith("Your accepted code (Python")
    assert page.first.text().strip() == problem.solutions.python.strip()
    assert page.second.text().strip() == problem.solutions.javascript.strip()
    assert page.mine.code.readOnly() and page.first.code.readOnly()
    heading = page.heading.text()
    assert problem.complexity.time in heading and problem.solutions.python_slow_time in heading
    explanation = page.explanation.toPlainText()
    if problem.solutions.explanation.strip():  # rendered: the words without the Markdown's marks
        words = problem.solutions.explanation.strip().split("\n")[-1].replace("`", "").replace("*", "").strip()
        assert words and words in " ".join(explanation.split())
    else:
        assert NO_EXPLANATION in explanation
    qtbot.waitUntil(lambda: len(page.counts.curves()) == 2, timeout=60_000)
    sizes_mine = list(page.counts.learner.xData)
    assert sizes_mine and set(sizes_mine) <= set(page.counts.reference.xData)  # one ladder of sizes
    assert "At n = " in page.counts.words.text()
    view.resize(1280, 820)
    QApplication.processEvents()
    view.grab().save(str(tmp_path / "solutions_open_light.png"))
    window.set_theme("dark", save=False)
    QApplication.processEvents()
    view.grab().save(str(tmp_path / "solutions_open_dark.png"))
    window.set_theme("light", save=False)

    open_problem(window, "merge-intervals")  # another problem: locked again, its own words
    assert not view.is_unlocked
    assert "Merge Overlapping Intervals are locked" in view.locked.text()
    assert page.counts.curves() == []  # nothing of two-sum stays behind
    open_problem(window, "two-sum")
    assert view.is_unlocked  # solved stays solved
    view.activateWindow()
    QTest.keyClick(view.unlocked.first.code, Qt.Key.Key_Escape)  # closes as a dialog does, from a code pane too
    assert not view.isVisible()


def test_every_hint_taken_and_confirmed_opens_it_with_the_draft(window, qtbot, services, tmp_path):
    open_problem(window, "two-sum", QUADRATIC)
    asked: list[str] = []
    answers = iter([False, True])
    view = window.solutions.open()
    view.ask = lambda _parent, title: asked.append(title) or next(answers)
    problem = services.bank.get("two-sum")
    assert not view.locked.show_anyway.isVisible()
    for _ in problem.hints:
        window.hints.action.trigger()
    QApplication.sendEvent(view, QEvent(QEvent.Type.WindowActivate))  # the learner comes back to the view
    assert view.locked.show_anyway.isVisible()
    assert "choose to see the solution now" in view.locked.text()
    QApplication.processEvents()
    view.grab().save(str(tmp_path / "solutions_hints_taken.png"))
    view.locked.show_anyway.click()  # "No": it stays locked
    assert asked == ["Two Sum"] and not view.is_unlocked
    view.locked.show_anyway.click()
    assert view.is_unlocked
    assert services.solutions.records.unlocking(services.settings.user, "two-sum").reason == "hints"
    assert view.unlocked.mine.caption.text() == "Your current draft (Python): not accepted yet"
    assert view.unlocked.mine.text().strip() == QUADRATIC.strip()
    qtbot.waitUntil(lambda: len(view.unlocked.counts.curves()) == 2, timeout=60_000)
    window.session.learner = "grace"  # another learner: theirs is locked
    assert not view.is_unlocked
    view.close()


EXPLANATION = """
Keep a dictionary from each value seen to its index. For each number, the value that would
complete the pair is `target - value`: if it was seen, **the pair is found**.

```python
need = target - value
```

- one pass: *O(n)* time
- the dictionary: *O(n)* space
"""


def explained_problem(services) -> str:
    """Two Sum copied into the learner's own problems, with an explanation of its solution."""
    from codementor_desktop.resources import builtin_problems_dir

    text = (builtin_problems_dir() / "arrays" / "two-sum.toml").read_text(encoding="utf-8")
    text = text.replace('id = "two-sum"', 'id = "two-sum-explained"', 1).replace(
        'title = "Two Sum"', 'title = "Two Sum, explained"', 1
    )
    text = re.sub(r"(?ms)^explanation = '''.*?^'''\n", "", text)  # the bank's own, if written
    text = text.replace("[solutions]\n", f"[solutions]\nexplanation = '''{EXPLANATION}'''\n", 1)
    folder = services.paths.user_problems_dir / "arrays"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "two-sum-explained.toml").write_text(text, encoding="utf-8")
    return "two-sum-explained"


def test_the_explanation_is_rendered_as_markdown_in_both_themes(qtbot, services, tmp_path):
    from tests.gui.conftest import make_window

    problem_id = explained_problem(services)  # before the bank is first loaded
    arguments = {"language": "python", "problem_id": problem_id, "test_cases": [], "code": SORTED,
                 "include_hidden": True}  # fmt: skip
    assert services.registry.call("execute_code", arguments)["verdict"] == "AC"
    window = make_window(qtbot, services)
    open_problem(window, problem_id)
    view = window.solutions.open()
    assert view.is_unlocked
    browser = view.unlocked.explanation
    shown = browser.toPlainText()
    assert "the pair is found" in shown and "need = target - value" in shown and "**" not in shown
    assert "<b>" in browser.toHtml() or "font-weight:700" in browser.toHtml() or "font-weight:600" in browser.toHtml()
    qtbot.waitUntil(lambda: len(view.unlocked.counts.curves()) == 2, timeout=60_000)
    view.resize(1280, 820)
    QApplication.processEvents()
    view.grab().save(str(tmp_path / "solutions_explained_light.png"))
    window.set_theme("dark", save=False)
    QApplication.processEvents()
    view.grab().save(str(tmp_path / "solutions_explained_dark.png"))
    window.set_theme("light", save=False)
    window.resize(1280, 800)
    QApplication.processEvents()
    window.grab().save(str(tmp_path / "window_with_solutions_button.png"))
    view.close()
    window.close()


def test_the_count_goes_off_the_gui_thread_and_stops_with_another_problem(threaded_window, qtbot, services):
    window = threaded_window
    arguments = {"language": "python", "problem_id": "two-sum", "test_cases": [], "code": SORTED,
                 "include_hidden": True}  # fmt: skip
    assert services.registry.call("execute_code", arguments)["verdict"] == "AC"
    open_problem(window, "two-sum")
    view = window.solutions.open()
    assert view.is_unlocked
    call = window.jobs.current("solutions")
    assert call is not None and view.unlocked.stop.isVisible()  # counting, and the window is free
    open_problem(window, "merge-intervals")
    assert call.stop.is_set() and window.jobs.current("solutions") is None
    assert not view.is_unlocked and view.unlocked.counts.curves() == []
    open_problem(window, "two-sum")  # back: counted afresh
    assert window.jobs.current("solutions") is not None
    view.unlocked.stop.click()  # the learner stops it
    assert window.jobs.current("solutions") is None and view.unlocked.progress.text() == "Counting stopped."
    window.solutions.open()  # and asks again: counted to the end
    qtbot.waitUntil(lambda: len(view.unlocked.counts.curves()) == 2, timeout=60_000)
    assert not view.unlocked.stop.isVisible()
    view.close()


def test_the_button_shows_in_a_window_attached_after_it_shows(qtbot, services):
    """As the app starts: the window paints first, then is attached to the services."""
    from codementor_desktop.gui.main_window import MainWindow
    from codementor_desktop.gui.window_files import TOUR_SEEN, Flag

    Flag(services.paths.data_dir, TOUR_SEEN).set()
    main = MainWindow(synchronous=True)
    qtbot.addWidget(main)
    main.show()
    main.attach(services)
    open_problem(main, "two-sum")
    assert main.solutions.button.isVisible()
    main.close()
