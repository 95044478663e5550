"""``codementor data export|import|delete``: real processes on a real database (SQLite, and the
PostgreSQL a lab would name in CODEMENTOR_DATABASE_URL)."""

from __future__ import annotations

import json

import pytest

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


def test_a_damaged_database_exports_every_row_that_can_be_read(isolated_home, tmp_path):
    """One leaf page of code_snapshots overwritten: the other rows, and the other tables, still go out."""
    import sqlite3

    snapshot({}, "# first")
    whole = tmp_path / "whole.json"
    assert codementor("data", "export", str(whole)).returncode == 0
    document = json.loads(whole.read_text("utf-8"))
    one = document["tables"]["code_snapshots"][0]
    document["tables"]["code_snapshots"] = [
        {**one, "name": f"v{n}", "code": f"# version {n}\n" + "x = 1\n" * 250, "saved_at": f"2026-01-01T00:00:{n:02}"}
        for n in range(60)
    ]
    many = tmp_path / "many.json"
    many.write_text(json.dumps(document), encoding="utf-8")
    assert codementor("data", "import", str(many)).returncode == 0
    database = isolated_home / "data" / "codementor.sqlite3"
    with sqlite3.connect(database) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try:
            leaves = [page for (page,) in connection.execute(
                "SELECT pageno FROM dbstat WHERE name = 'code_snapshots' AND pagetype = 'leaf' ORDER BY pageno"
            )]  # fmt: skip
        except sqlite3.OperationalError:
            pytest.skip("this SQLite has no dbstat table to find a table's pages with")
        page_size = connection.execute("PRAGMA page_size").fetchone()[0]
        total = connection.execute("SELECT count(*) FROM code_snapshots").fetchone()[0]
    assert len(leaves) >= 5 and total == 61
    with database.open("r+b") as damaged:  # a middle leaf, as a bad sector would leave it
        damaged.seek((leaves[len(leaves) // 2] - 1) * page_size)
        damaged.write(b"\xde\xad" * (page_size // 2))

    target = tmp_path / "rescued.json"
    result = codementor("data", "export", str(target))
    assert result.returncode == 1
    assert "is damaged" in result.stderr and "A copy was kept" in result.stderr
    assert "What could be read about ada (" in result.stderr and str(target) in result.stderr
    listed = [line for line in result.stderr.splitlines() if line.startswith("  - ")]
    assert len(listed) == 1 and listed[0].startswith("  - table code_snapshots: the rows of rowids ")
    rescued = json.loads(target.read_text("utf-8"))
    assert rescued["unreadable"] == [listed[0].removeprefix("  - ")]
    names = [row["name"] for row in rescued["tables"]["code_snapshots"]]
    assert 40 <= len(names) < 61 and "# first" in names and "v59" in names  # before and after the damage
    assert rescued["tables"]["open_problems"] == document["tables"]["open_problems"]
    # What was rescued goes into a fresh database whole.
    assert codementor("data", "reset", "--yes").returncode == 0
    imported = codementor("data", "import", str(target))
    assert imported.returncode == 0 and f"code_snapshots {len(names)}" in imported.stdout, imported.stderr
