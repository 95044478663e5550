"""A flood of printed lines in the window: the Output tab shows its first and last lines, and the
whole of it (every line a test printed, up to the run's output limit) is saved as a file. A real
Run of a bank problem, through a real child."""

from __future__ import annotations

FLOOD = """def two_sum(nums, target):
    for i in range(200_000 if target == 9 else 0):  # 400,000 characters, in the first test only
        print({0: "the first line", 123_456: "a middle line", 199_999: "the last line"}.get(i, "."))
    seen = {}
    for i, x in enumerate(nums):
        if target - x in seen:
            return [seen[target - x], i]
        seen[x] = i
"""


def test_the_output_of_200000_lines_shows_its_end_and_saves_whole(window, qtbot, tmp_path):
    window.browser.select("two-sum")
    window.editor.replace_all(FLOOD)
    window.run_code()
    qtbot.waitUntil(lambda: bool(window.tests.verdicts()), timeout=60_000)
    output = window.output
    qtbot.waitUntil(lambda: not output.busy, timeout=30_000)
    shown = output.shown_text()
    assert "the first line\n" in shown and "the last line" in shown  # the head and the tail
    assert "left out" in shown and len(shown) < len(output.whole_text)
    target = tmp_path / "output.txt"
    output.choose_file = lambda _parent: target
    output.save_button.click()
    saved = target.read_text(encoding="utf-8")
    assert "the last line\n" in saved and "a middle line\n" in saved and saved.count(".\n") == 199_997
    assert window.output.grab().save(str(tmp_path / "output-flood.png"))
