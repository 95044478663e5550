"""A Python run on this machine does not ask Node.js anything; a JavaScript run does."""

from __future__ import annotations

import stat
import sys
from pathlib import Path

from codementor_desktop.runner.backend import UnsupportedLanguage
from codementor_desktop.runner.executor import Executor
from codementor_desktop.runner.local import LocalRunner
from codementor_desktop.runner.protocol import Limits

FAST = Limits(timeout_seconds=2, run_seconds=10, memory_mb=128)


def a_node_that_notes_each_question(folder: Path) -> tuple[Path, Path]:
    """A stand-in for node that writes a line to a file each time it is started, and says it is too old."""
    asked = folder / "asked.txt"
    node = folder / "node"
    node.write_text(f"#!{sys.executable}\nopen({str(asked)!r}, 'a').write('asked\\n')\nprint('v8.0.0')\n")
    node.chmod(node.stat().st_mode | stat.S_IXUSR)
    return node, asked


def test_a_python_run_does_not_start_node(tmp_path):
    node, asked = a_node_that_notes_each_question(tmp_path)
    executor = Executor(LocalRunner(node_path=str(node)))
    result = executor.execute(code="print(6 * 7)\n", language="python", limits=FAST, arguments={})
    assert result["verdict"] == "AC" and result["stdout"].strip() == "42"
    assert not asked.exists()


def test_a_javascript_run_asks_node_and_says_why_it_cannot_run(tmp_path):
    node, asked = a_node_that_notes_each_question(tmp_path)
    executor = Executor(LocalRunner(node_path=str(node)))
    try:
        executor.execute(code="console.log(42)\n", language="javascript", limits=FAST, arguments={})
    except UnsupportedLanguage as exc:
        assert exc.supported == ("python",) and "is Node 8.0.0" in exc.reason
    else:
        raise AssertionError("a Node.js too old to run JavaScript was used")
    assert asked.read_text().splitlines() == ["asked"]
