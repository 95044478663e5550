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
