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
