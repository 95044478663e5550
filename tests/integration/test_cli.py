"""The command line, as a person or a script uses it: real processes, real exit codes."""

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import REPO


def codementor(*args, stdin=None, env=None):
    return subprocess.run(
        [sys.executable, "-m", "codementor_desktop", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=REPO,
        env={**os.environ, **(env or {})},
        timeout=120,
    )


def test_version():
    result = codementor("--version")
    assert result.returncode == 0 and result.stdout.startswith("codementor ")


def test_tools_prints_the_openai_list():
    tools = json.loads(codementor("tools").stdout)
    names = {t["function"]["name"] for t in tools}
    assert {"execute_code", "bp_execute"} <= names
    assert all(t["type"] == "function" and t["function"]["parameters"]["type"] == "object" for t in tools)


def test_tool_accepted_even_when_the_code_fails():
    result = codementor(
        "tool", "bp_execute", '{"language": "python", "code": "def f(x):\\n    return 1 / 0", "input_data": 1}'
    )
    assert result.returncode == 0
    assert json.loads(result.stdout)["verdict"] == "RE"


def test_tool_arguments_from_a_file_and_stdin(tmp_path):
    arguments = {"language": "python", "code": "def f(x):\n    return x * 2\n", "input_data": 21}
    path = tmp_path / "args.json"
    path.write_text(json.dumps(arguments))
    assert json.loads(codementor("tool", "bp_execute", f"@{path}").stdout)["return_value"] == "42"
    assert json.loads(codementor("tool", "bp_execute", "-", stdin=json.dumps(arguments)).stdout)["return_value"] == "42"


@pytest.mark.parametrize(
    ("name", "arguments"),
    [("nope", "{}"), ("bp_execute", "{bad json"), ("bp_execute", '{"language": "cobol", "code": ""}')],
)
def test_rejected_calls_exit_2(name, arguments):
    result = codementor("tool", name, arguments)
    assert result.returncode == 2
    assert json.loads(result.stdout)["status"] == "error"


def test_execute_code_on_a_bank_problem():
    code = "def two_sum(nums, target):\n    seen = {}\n    for j, v in enumerate(nums):\n        if target - v in seen:\n            return [seen[target - v], j]\n        seen[v] = j\n"
    arguments = {"code": code, "language": "python", "problem_id": "two-sum", "test_cases": [], "include_hidden": True}
    result = json.loads(codementor("tool", "execute_code", json.dumps(arguments)).stdout)
    assert result["verdict"] == "AC" and result["tests_total"] >= 13 and result["run_id"].startswith("run_")


def test_problems_list_filters_and_json():
    rows = json.loads(codementor("problems", "list", "--topic", "arrays", "--difficulty", "easy", "--json").stdout)
    assert rows and all(r["difficulty"] == "easy" and "arrays" in r["topics"] for r in rows)
    assert "two-sum" in {r["id"] for r in rows}


def test_a_broken_settings_file_is_reported_and_the_command_still_works(isolated_home):
    config = isolated_home / "config"
    config.mkdir(parents=True, exist_ok=True)
    (config / "settings.toml").write_text("backend = = 'x'\n")
    result = codementor("problems", "list")
    assert result.returncode == 0
    assert "settings.toml" in result.stderr and "line 1" in result.stderr


def test_a_damaged_database_stops_with_a_clear_message(isolated_home):
    data = isolated_home / "data"
    data.mkdir(parents=True, exist_ok=True)
    (data / "codementor.sqlite3").write_bytes(b"garbage" * 1000)
    result = codementor("problems", "list")
    assert result.returncode == 1
    assert "damaged" in result.stderr and "copy was kept" in result.stderr


def test_selftest_reports_what_works():
    result = codementor("selftest")
    assert "[ok  ] python runner" in result.stdout
    assert "[ok  ] time limit" in result.stdout
    assert "a run is held by: " in result.stdout  # and, on Linux, a line per kernel layer before it
    assert result.returncode == 0, result.stdout


def test_an_uncaught_error_is_logged_and_the_person_told_where(isolated_home):
    script = (
        "from pathlib import Path\n"
        "from codementor_desktop.applog import install_crash_handler, setup_logging\n"
        f"log = Path({str(isolated_home / 'logs' / 'app.log')!r})\n"
        "setup_logging(log)\ninstall_crash_handler(log)\nraise RuntimeError('boom')\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=REPO)
    assert "boom" in result.stderr and "app.log" in result.stderr
    assert "RuntimeError: boom" in (isolated_home / "logs" / "app.log").read_text()


def test_the_window_starts_from_the_command_line(tmp_path):
    picture = tmp_path / "window.png"
    result = codementor("--screenshot", str(picture), env={"QT_QPA_PLATFORM": "offscreen"})
    assert result.returncode == 0, result.stderr
    assert picture.exists() and picture.stat().st_size > 10_000


def test_a_reader_that_stops_early_is_not_a_crash():
    process = subprocess.Popen(
        [sys.executable, "-m", "codementor_desktop", "tools"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO
    )
    process.stdout.close()  # before the command has written anything: its write meets a closed pipe
    stderr = process.stderr.read().decode()
    process.wait(timeout=60)
    assert "unexpected error" not in stderr and "BrokenPipe" not in stderr


def test_problems_list_by_pattern_and_technique():
    rows = json.loads(
        codementor("problems", "list", "--pattern", "off_by_one", "--technique", "binary_search", "--json").stdout
    )
    assert rows and all("off_by_one" in r["patterns"] and "binary_search" in r["techniques"] for r in rows)
