"""The command line, as a person or a script uses it: real processes, real exit codes."""

import json
import os
import sqlite3
import subprocess
import sys

import pytest

from tests.conftest import REPO

GOOD = {"language": "python", "code": "def f(x):\n    return x + 1\n", "input_data": 1}


def codementor(*args, stdin=None, env=None):
    """Run the command line; ``stdin`` is text (or bytes, for arguments that are not UTF-8)."""
    binary = isinstance(stdin, bytes)
    result = subprocess.run(
        [sys.executable, "-m", "codementor_desktop", *args],
        input=stdin,
        capture_output=True,
        text=not binary,
        cwd=REPO,
        env={**os.environ, **(env or {})},
        # Not a test of speed: a busy machine may take minutes to start Python, and a kill at a
        # timeout would read as a crash (-9) of the command under test.
        timeout=900,
    )
    if binary:
        result.stdout, result.stderr = result.stdout.decode(), result.stderr.decode()
    return result


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


def test_a_damaged_database_keeps_one_copy_and_says_how_to_start_fresh(isolated_home):
    data = isolated_home / "data"
    data.mkdir(parents=True, exist_ok=True)
    database = data / "codementor.sqlite3"
    database.write_bytes(b"garbage" * 1000)
    for _ in range(3):  # three tries keep one copy of the one damage
        result = codementor("tool", "bp_execute", json.dumps(GOOD))
        assert result.returncode == 1
        assert "damaged" in result.stderr and "copy was kept" in result.stderr
        assert "codementor data reset" in result.stderr
    copies = sorted(data.glob("codementor.sqlite3.damaged-*"))
    assert len(copies) == 1 and copies[0].read_bytes() == b"garbage" * 1000
    # What needs no learner data still works.
    assert codementor("problems", "list").returncode == 0
    assert codementor("problems", "show", "two-sum").returncode == 0
    assert json.loads(codementor("tools").stdout)
    assert codementor("--version").returncode == 0
    # Starting fresh asks first; "no" (or no answer at all) changes nothing.
    for answer in ("n\n", ""):
        refused = codementor("data", "reset", stdin=answer)
        assert refused.returncode == 2 and "--yes" in refused.stdout
        assert database.read_bytes() == b"garbage" * 1000
    reset = codementor("data", "reset", stdin="y\n")
    assert reset.returncode == 0, reset.stderr
    assert str(copies[0]) in reset.stdout
    assert sorted(data.glob("codementor.sqlite3.*")) == copies  # the copy is the only one kept
    assert json.loads(codementor("tool", "bp_execute", json.dumps(GOOD)).stdout)["return_value"] == "2"


def test_data_reset_with_yes_keeps_the_old_database(isolated_home):
    assert codementor("data", "reset", "--yes").stdout.startswith("There is no learner database")
    assert codementor("tool", "bp_execute", json.dumps(GOOD)).returncode == 0
    reset = codementor("data", "reset", "--yes")
    assert reset.returncode == 0
    kept = list((isolated_home / "data").glob("codementor.sqlite3.set-aside-*"))
    assert len(kept) == 1 and str(kept[0]) in reset.stdout
    with sqlite3.connect(kept[0]) as connection:
        assert connection.execute("select count(*) from runs").fetchone() == (1,)


def test_the_tool_list_needs_no_database(isolated_home):
    from codementor_desktop.tools.catalog import DECLARED_BY

    tools = json.loads(codementor("tools").stdout)
    assert [t["function"]["name"] for t in tools] == [name for names in DECLARED_BY.values() for name in names]
    assert not (isolated_home / "data" / "codementor.sqlite3").exists()


def test_local_runs_from_the_command_line_are_not_rate_limited(isolated_home):
    config = isolated_home / "config"
    config.mkdir(parents=True, exist_ok=True)
    (config / "settings.toml").write_text("[rate_limits.execution_local]\ncalls = 1\nper_seconds = 3600\n")
    for _ in range(3):
        result = codementor("tool", "bp_execute", json.dumps(GOOD))
        assert result.returncode == 0 and json.loads(result.stdout)["verdict"] == "AC", result.stdout


def test_arguments_that_are_not_utf8_are_rejected_with_the_error_object(tmp_path):
    path = tmp_path / "args.json"
    path.write_bytes(b'{"language": "python", "code": "print(\xe9)"}')
    for source, stdin in ((f"@{path}", None), ("-", path.read_text("latin-1"))):
        result = codementor("tool", "bp_execute", source, stdin=None if stdin is None else stdin.encode("latin-1"))
        assert result.returncode == 2, result.stderr
        error = json.loads(result.stdout)
        assert error["error_code"] == "INVALID_ARGUMENTS" and "not UTF-8" in error["error_message"]
        assert "Traceback" not in result.stderr


def test_a_missing_arguments_file_is_rejected_with_the_error_object(tmp_path):
    result = codementor("tool", "bp_execute", f"@{tmp_path / 'nowhere.json'}")
    assert result.returncode == 2
    assert json.loads(result.stdout)["error_code"] == "INVALID_ARGUMENTS"


def test_deeply_nested_json_is_rejected_with_the_error_object():
    arguments = (
        '{"language": "python", "code": "def f(x):\\n    return 1", "input_data": ' + "[" * 1000 + "]" * 1000 + "}"
    )
    result = codementor("tool", "bp_execute", arguments)
    assert result.returncode == 2, result.stdout + result.stderr
    error = json.loads(result.stdout)
    assert error["error_code"] == "INVALID_ARGUMENTS" and "levels" in error["error_message"]


def test_oversized_input_data_is_rejected_with_the_error_object(tmp_path):
    path = tmp_path / "big.json"
    path.write_text(json.dumps({**GOOD, "input_data": list(range(300_000))}))  # about 2 MB of JSON
    result = codementor("tool", "bp_execute", f"@{path}")
    assert result.returncode == 2
    error = json.loads(result.stdout)
    assert error["error_code"] == "INVALID_ARGUMENTS" and "max_input_bytes" in error["error_message"]
    assert error["field_errors"][0]["field"] == "input_data"


def test_settings_mistakes_are_reported_with_key_and_line(isolated_home):
    config = isolated_home / "config"
    config.mkdir(parents=True, exist_ok=True)
    (config / "settings.toml").write_text('theme = "dark"\nbakend = "piston"\ntimeout_seconds = "abc"\n')
    result = codementor("tools")
    assert result.returncode == 0
    assert "line 2: unknown setting 'bakend' (did you mean 'backend'?)" in result.stderr
    assert "line 3: setting 'timeout_seconds'" in result.stderr


def test_a_tool_call_builds_only_what_it_needs(isolated_home):
    """No problem bank, no Alembic (the schema is current), no drawing or tracing code."""
    assert codementor("tool", "bp_execute", json.dumps(GOOD)).returncode == 0  # creates the database
    script = (
        "import json, sys\n"
        "from codementor_desktop.__main__ import main\n"
        f"code = main(['tool', 'bp_execute', {json.dumps(GOOD)!r}])\n"
        "heavy = ['alembic', 'networkx', 'codementor_desktop.problems.model', 'codementor_desktop.tools.visualizing',"
        " 'codementor_desktop.tools.debugging', 'codementor_desktop.visual.replay', 'keyring']\n"
        "print(json.dumps([code, [name for name in heavy if name in sys.modules]]), file=sys.stderr)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=REPO, timeout=120)
    code, loaded = json.loads(result.stderr.strip().splitlines()[-1])
    assert code == 0 and loaded == []


def test_selftest_reports_what_works():
    result = codementor("selftest")
    assert "[ok  ] python runner" in result.stdout
    assert "[ok  ] time limit" in result.stdout
    assert "a run is held by: " in result.stdout  # and, on Linux, a line per kernel layer before it
    assert "a run is held in the mode: " in result.stdout
    assert result.returncode == 0, result.stdout


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the kernel's layers are Linux's")
def test_selftest_names_the_mode_the_settings_leave(isolated_home):
    from codementor_desktop.runner.containment import SECCOMP_ONLY, probe

    if not probe().seccomp:
        pytest.skip("no seccomp here")
    (isolated_home / "config").mkdir(exist_ok=True)
    (isolated_home / "config" / "settings.toml").write_text(
        "containment_namespaces = false\ncontainment_landlock = false\n"
    )
    result = codementor("selftest")
    assert f"a run is held in the mode: {SECCOMP_ONLY}\n" in result.stdout, result.stdout
    assert "a run is held by: seccomp, rlimits, guard\n" in result.stdout, result.stdout


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
    pytest.importorskip("PySide6", reason="the window needs Qt; this environment runs the Qt-free part only")
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
