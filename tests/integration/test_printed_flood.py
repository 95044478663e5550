"""A run that prints a flood keeps the beginning AND the end of what it printed, in both languages:
the last lines are often the ones a learner prints to see the answer."""

import pytest

from codementor_desktop.runner.node import find_node
from codementor_desktop.runner.protocol import Limits

LINES = 60_000  # about 650 KB: under the run's megabyte, far over the 2,000 characters shown
FLOOD = {
    "python": "def f(n):\n    for i in range(n):\n        print('line', i)\n    return n\n",
    "javascript": "function f(n) {\n  for (let i = 0; i < n; i++) console.log('line', i);\n  return n;\n}\n",
}


@pytest.mark.parametrize("language", ["python", "javascript"])
def test_a_flood_keeps_its_first_and_last_lines_and_says_what_is_left_out(executor, language):
    if language == "javascript" and find_node()[0] is None:
        pytest.skip("no Node.js 18+ on this machine")
    result = executor.judge(
        code=FLOOD[language], language=language, tests=[{"test_id": 1, "input": str(LINES), "expected_output": str(LINES)}],
        limits=Limits(timeout_seconds=10, run_seconds=30, memory_mb=256), function={"name": "f"},
    )  # fmt: skip
    assert result["verdict"] == "AC", result
    printed = result["test_results"][0]["stdout"]
    whole = "".join(f"line {i}\n" for i in range(LINES))
    assert printed.startswith("line 0\nline 1\n")
    assert printed.endswith(f"line {LINES - 2}\nline {LINES - 1}\n")
    assert "in all) ...\n" in printed and f"{len(whole)} in all" in printed
    assert len(printed) < 2_100
