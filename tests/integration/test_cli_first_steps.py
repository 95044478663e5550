"""What a newcomer meets first on the command line: settings with a mistake in them, where the
settings live, a keyring that does not work, ids that are almost right, commands given half."""

from __future__ import annotations

import json
import sqlite3

from tests.integration.test_cli import codementor


def test_a_line_that_does_not_parse_costs_that_line_only(isolated_home, tmp_path):
    # In a lab the database named here is shared: a typo elsewhere must not swap it for a local file.
    shared = tmp_path / "shared.sqlite3"
    config = isolated_home / "config"
    config.mkdir(parents=True, exist_ok=True)
    settings = config / "settings.toml"
    settings.write_text(
        f"database_url = 'sqlite:///{shared}'\n"
        "theme = dark\n"  # the quotes forgotten
        "llm_cloud_consent = [\n  'https://a.example.org',\n]\n"
    )
    arguments = json.dumps({"problem_id": "two-sum", "code": "# mine", "name": "mine"})
    result = codementor("tool", "save_code_snapshot", arguments)
    assert result.returncode == 0, result.stderr
    assert f"warning: {settings}, line 2: `theme = dark` cannot be read (Invalid value" in result.stderr
    assert "that line is ignored, the file's other settings are used" in result.stderr
    with sqlite3.connect(shared) as connection:
        assert connection.execute("SELECT code FROM code_snapshots").fetchall() == [("# mine",)]
    assert not (isolated_home / "data" / "codementor.sqlite3").exists()
    assert "line 2: `theme = dark` cannot be read" in (isolated_home / "logs" / "codementor.log").read_text()


def test_selftest_names_the_settings_files_and_a_keyring_that_keeps_nothing(isolated_home):
    (isolated_home / "config").mkdir(parents=True, exist_ok=True)
    (isolated_home / "config" / "settings.toml").write_text('theme = "dark"\n')
    result = codementor("selftest", env={"PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"})
    assert f"settings: {isolated_home / 'config' / 'settings.toml'} (exists)" in result.stdout
    assert f"system settings: {isolated_home / 'system' / 'settings.toml'} (not there" in result.stdout
    keyring = next(line for line in result.stdout.splitlines() if " keyring " in line)
    assert keyring.startswith("[warn]") and "keyring.backends.fail.Keyring is not usable" in keyring
    assert "API keys are not stored" in keyring and "CODEMENTOR_LLM_API_KEY" in keyring
    assert "gnome-keyring" in keyring and "keyrings.alt" in keyring
    assert result.returncode == 0, result.stdout  # keys are not needed to practise


def test_selftest_says_a_real_keyring_is_usable(isolated_home, tmp_path):
    # A keyring backend of our own, loaded by name as keyring loads any: it keeps keys in memory.
    (tmp_path / "memory_keyring.py").write_text(
        "from keyring.backend import KeyringBackend\n"
        "class Keyring(KeyringBackend):\n"
        "    priority = 1\n"
        "    kept = {}\n"
        "    def get_password(self, service, name):\n"
        "        return self.kept.get((service, name))\n"
        "    def set_password(self, service, name, value):\n"
        "        self.kept[service, name] = value\n"
        "    def delete_password(self, service, name):\n"
        "        self.kept.pop((service, name), None)\n"
    )
    env = {"PYTHON_KEYRING_BACKEND": "memory_keyring.Keyring", "PYTHONPATH": str(tmp_path)}
    result = codementor("selftest", env=env)
    assert "[ok  ] keyring              keyring backend memory_keyring.Keyring" in result.stdout


def test_an_unknown_session_is_refused_and_the_recent_ones_are_listed(isolated_home):
    none_yet = codementor("ask", "--session", "ses_000000000000", "hello again")
    assert none_yet.returncode == 2
    assert "no session ses_000000000000 for ada" in none_yet.stderr and "no tutor sessions yet" in none_yet.stderr
    first = codementor("ask", "--problem", "two-sum", "--json", "a hint?")
    assert first.returncode == 0, first.stderr
    kept = json.loads(first.stdout)["session_id"]
    # Another learner's session is not theirs to continue, and is not named to them.
    other = codementor("ask", "--session", kept, "hello", env={"CODEMENTOR_USER": "grace"})
    assert other.returncode == 2 and f"no session {kept} for grace" in other.stderr
    assert "no tutor sessions yet" in other.stderr
    wrong = codementor("ask", "--session", kept[:-1] + "x", "hello again")
    assert wrong.returncode == 2 and f"no session {kept[:-1]}x for ada" in wrong.stderr
    assert "Your recent sessions" in wrong.stderr and f"  {kept}  " in wrong.stderr and "two-sum" in wrong.stderr
    with sqlite3.connect(isolated_home / "data" / "codementor.sqlite3") as connection:
        assert connection.execute("SELECT count(*) FROM tutor_sessions").fetchall() == [(1,)]  # none started


def test_an_id_that_is_almost_right_gets_a_did_you_mean(isolated_home):
    tool = codementor("tool", "bp_excute", "{}")
    error = json.loads(tool.stdout)
    assert tool.returncode == 2 and error["error_code"] == "UNKNOWN_TOOL"
    assert "Did you mean 'bp_execute'?" in error["error_message"] and error["suggestions"] == ["bp_execute"]
    hint = codementor(
        "tool", "generate_hint", json.dumps({"problem_id": "tow-sum", "current_code": "", "hint_level": 1})
    )
    error = json.loads(hint.stdout)
    assert error["error_code"] == "NOT_FOUND" and error["suggestions"] == ["two-sum"]
    assert (
        "There is no problem 'tow-sum' in the bank; hints belong to bank problems. Did you mean 'two-sum'?"
        == (error["error_message"])
    )
    run = codementor(
        "tool",
        "execute_code",
        json.dumps({"problem_id": "climbing-stair", "code": "", "language": "python", "test_cases": []}),
    )
    assert "Did you mean 'climbing-stairs'?" in json.loads(run.stdout)["error_message"]
    shown = codementor("problems", "show", "two_sum")
    assert shown.returncode == 2 and "no problem 'two_sum'. Did you mean 'two-sum' or 'two-sum-bst'?" in shown.stderr
    asked = codementor("ask", "--problem", "Two Sum", "why?")
    assert asked.returncode == 2 and "Did you mean 'two-sum'" in asked.stderr
    listed = codementor("problems", "list", "--technique", "sliding-windw")
    assert listed.returncode == 2 and "Did you mean 'sliding_window'?" in listed.stderr
    nothing_close = codementor("problems", "show", "xyz")
    assert nothing_close.returncode == 2 and "Did you mean" not in nothing_close.stderr


def test_a_command_given_without_its_subcommand_prints_their_help():
    for group, subcommands in (
        ("data", ("reset", "export", "import", "delete")),
        ("problems", ("list", "show", "import")),
    ):
        result = codementor(group)
        assert result.returncode == 2
        assert f"codementor {group} needs a command" in result.stderr and "_command" not in result.stderr
        assert all(name in result.stderr for name in subcommands)
