"""Custom input under the tests: the learner's output beside the reference's on their own input,
with a real child run of each; a mark says whether they match; a bad input is explained."""

from __future__ import annotations

import os

SHOTS = os.environ.get("CODEMENTOR_SHOTS")
WRONG = "def two_sum(nums, target):\n    print('looking')\n    return [0, 1]\n"
RIGHT = (
    "def two_sum(nums, target):\n    seen = {}\n    for j, v in enumerate(nums):\n"
    "        if target - v in seen:\n            return [seen[target - v], j]\n        seen[v] = j\n"
)


def open_two_sum(window) -> None:
    assert window.browser.select("two-sum")
    assert window.problem_id == "two-sum"


def run_with(window, qtbot, code: str, text: str):
    custom = window.custom_input
    window.editor.set_text(code)
    custom.box.input.setPlainText(text)
    with qtbot.waitSignal(custom.finished, timeout=60_000):
        custom.box.run_button.click()
    return custom.box


def test_wrong_code_shows_a_mismatch_beside_the_references_output(window, qtbot):
    open_two_sum(window)
    box = run_with(window, qtbot, WRONG, "[3, 2, 4], 6")
    assert box.body.isVisible()
    assert box.yours.text.toPlainText() == "[0,1]\nprinted:\nlooking"
    assert box.expected.text.toPlainText() == "[1,2]"
    assert box.mark.text() == "✗ Differs from the reference"
    reference = window.services.bank.get("two-sum").reference_solution("python")
    shown = box.yours.text.toPlainText() + box.expected.text.toPlainText() + window.statusBar().currentMessage()
    assert not any(line.strip() and line.strip() in shown for line in reference.splitlines() if len(line) > 12)
    box = run_with(window, qtbot, RIGHT, "[3, 2, 4], 6")
    assert box.yours.text.toPlainText() == "[1,2]" and box.mark.text() == "✓ Matches the reference"
    assert window.statusBar().currentMessage() == "Your output matches the reference's."


def test_a_reference_that_cannot_answer_says_so_without_its_code(window, qtbot):
    open_two_sum(window)
    box = run_with(window, qtbot, WRONG, "null, 6")  # outside the constraints: the reference raises
    expected = box.expected.text.toPlainText()
    assert expected.startswith("The reference solution could not answer this input (")
    assert "line" not in expected and "Traceback" not in expected
    assert box.mark.text() == ""  # nothing to compare with


def test_an_input_that_cannot_be_read_is_explained_and_not_run(window, qtbot):
    open_two_sum(window)
    custom = window.custom_input
    custom.box.set_open(True)
    assert custom.box.input.toPlainText() == window.services.bank.get("two-sum").examples[0].input
    custom.box.input.setPlainText("[3, 2, 4, 6")
    assert custom.box.error.isVisible() and custom.box.error.text() == "The '[' on line 1, column 1 is never closed."
    custom.box.input.setPlainText("[3, 2, 4]")
    assert custom.box.error.text() == "two_sum takes 2 arguments (nums, target); this input has 1."
    custom.box.run_button.click()
    assert not custom.running and custom.box.yours.text.toPlainText() == ""
    custom.box.example_button.click()
    assert not custom.box.error.isVisible()


def test_a_run_can_be_stopped(threaded_window, qtbot):
    window = threaded_window
    open_two_sum(window)
    custom = window.custom_input
    window.editor.set_text("def two_sum(nums, target):\n    while True:\n        pass\n")
    with qtbot.waitSignal(custom.finished, timeout=60_000):
        custom.box.run_button.click()
        assert custom.running and custom.box.run_button.text() == "Stop"
        custom.box.run_button.click()
    assert custom.box.run_button.text() == "Run with this input"
    assert custom.box.yours.text.toPlainText() == "Stopped before it finished." and custom.box.mark.text() == ""
    assert window.statusBar().currentMessage() == "Stopped."


def test_screenshot_of_custom_input_with_the_references_output(window, qtbot, tmp_path):
    window.resize(1280, 800)
    open_two_sum(window)
    run_with(window, qtbot, WRONG, "[3, 2, 4], 6")
    window.show_tab(window.tests)
    for theme in ("light", "dark"):
        window.set_theme(theme, save=False)
        # The palette reaches the widgets through events: wait until the panel has it.
        qtbot.waitUntil(lambda t=theme: (window.tests.palette().window().color().lightness() < 100) == (t == "dark"))
        image = window.grab().toImage()
        path = tmp_path / f"custom-input-{theme}.png"
        assert image.save(str(path))
        if SHOTS:
            image.save(os.path.join(SHOTS, path.name))


def test_code_with_no_problem_shows_only_its_own_output(services):
    from codementor_desktop.tools.own_input import run_on_input

    result = run_on_input(services, code="def add(a, b):\n    return a + b\n", language="python", text="2, 3",
                          problem_id=None)  # fmt: skip
    assert result == {
        "yours": {"output": "5", "stdout": "", "verdict": "AC", "message": ""}, "expected": None, "matched": None,
    }  # fmt: skip


def test_javascript_is_compared_with_the_javascript_reference(services):
    from codementor_desktop.tools.own_input import run_on_input

    code = "function twoSum(nums, target) { return [2, 1]; }"
    result = run_on_input(services, code=code, language="javascript", text="[3,2,4], 6", problem_id="two-sum")
    assert result["expected"] is not None and result["expected"]["output"] == "[1,2]"
    assert result["yours"]["output"] == "[2,1]" and result["matched"] is False


def test_a_press_right_after_an_answer_starts_a_new_run(window, qtbot):
    """Once its answer is shown the run is over, whatever its thread still does: a press then is a
    new run, not a Stop of the run that already finished."""
    window.browser.select("two-sum")
    run_with(window, qtbot, RIGHT, "[3, 2, 4], 6")
    custom = window.custom_input
    assert not custom.running and custom.box.run_button.text() == "Run with this input"
    box = run_with(window, qtbot, RIGHT, "[2, 7, 11, 15], 9")
    assert box.yours.text.toPlainText().strip() == "[0,1]"
