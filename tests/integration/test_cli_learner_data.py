"""``codementor data export|import|delete``: real processes on a real database (SQLite, and the
PostgreSQL a lab would name in CODEMENTOR_DATABASE_URL)."""

from __future__ import annotations

import json

from tests.integration.test_cli import codementor


def snapshot(env, code, user="ada"):
    arguments = json.dumps({"problem_id": "two-sum", "code": code, "name": code.strip()})
    result = codementor("tool", "save_code_snapshot", arguments, env={**env, "CODEMENTOR_USER": user})
    assert result.returncode == 0, result.stderr


def test_export_delete_import_from_the_command_line(backend, tmp_path):
    backend.open().close()
    env = {"CODEMENTOR_DATABASE_URL": backend.url}
    snapshot(env, "# one")
    snapshot(env, "# two")
    snapshot(env, "# grace's", user="grace")
    target = tmp_path / "ada.json"
    exported = codementor("data", "export", str(target), env=env)
    assert exported.returncode == 0 and str(target) in exported.stdout
    document = json.loads(target.read_text("utf-8"))
    assert [s["code"] for s in document["tables"]["code_snapshots"]] == ["# one", "# two"]
    on_stdout = codementor("data", "export", "--user", "grace", env=env)
    assert json.loads(on_stdout.stdout)["learner"] == "grace"

    refused = codementor("data", "delete", stdin="n\n", env=env)
    assert refused.returncode == 2 and "Nothing deleted" in refused.stdout
    deleted = codementor("data", "delete", "--yes", env=env)
    assert deleted.returncode == 0 and "code_snapshots 2" in deleted.stdout
    assert backend.sql("SELECT count(*) FROM code_snapshots") == [(1,)]  # grace's

    imported = codementor("data", "import", str(target), "--as", "ada-at-home", env=env)
    assert imported.returncode == 0 and "code_snapshots 2" in imported.stdout, imported.stderr
    again = codementor("data", "import", str(target), "--as", "ada-at-home", env=env)
    assert again.returncode == 0 and "no row was new" in again.stdout
    rows = backend.sql(
        "SELECT learners.name, count(*) FROM code_snapshots JOIN learners ON learners.id = learner_id "
        "GROUP BY learners.name ORDER BY learners.name"
    )
    assert rows == [("ada-at-home", 2), ("grace", 1)]


def test_a_bad_file_is_refused_and_names_the_problem(tmp_path):
    missing = codementor("data", "import", str(tmp_path / "absent.json"))
    assert missing.returncode == 2 and "cannot be read" in missing.stderr
    (tmp_path / "notes.json").write_text("{ not json", encoding="utf-8")
    broken = codementor("data", "import", str(tmp_path / "notes.json"))
    assert broken.returncode == 2 and "not a JSON export" in broken.stderr
    (tmp_path / "other.json").write_text('{"format": "something"}', encoding="utf-8")
    other = codementor("data", "import", str(tmp_path / "other.json"))
    assert other.returncode == 2 and "not a CodeMentor learner export" in other.stderr
