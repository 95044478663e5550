"""Reading a learner's rows out of a damaged SQLite file: a whole export where nothing is damaged,
and where a table's page is, every other table whole and that table named."""

from __future__ import annotations

import sqlite3

import pytest

from codementor_desktop.storage.database import Database, sqlite_url
from codementor_desktop.storage.learner_data import export_learner
from codementor_desktop.storage.salvage import salvage_learner
from tests.unit.test_learner_data import practise


def without_times(document: dict) -> dict:
    return {key: value for key, value in document.items() if key != "exported_at"}


def pages_of(path, table: str) -> tuple[list[int], int]:
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try:
            pages = [p for (p,) in connection.execute("SELECT pageno FROM dbstat WHERE name = ?", (table,))]
        except sqlite3.OperationalError:
            pytest.skip("this SQLite has no dbstat table to find a table's pages with")
        return pages, connection.execute("PRAGMA page_size").fetchone()[0]


@pytest.fixture
def kept(tmp_path):
    path = tmp_path / "learner.sqlite3"
    database = Database.open(sqlite_url(path))
    practise(database, "ada")
    practise(database, "grace")
    whole = export_learner(database, "ada")
    database.close()
    return path, whole


def test_a_sound_file_gives_the_same_export_as_the_database(kept):
    path, whole = kept
    document, unreadable = salvage_learner(path, "ada")
    assert unreadable == [] and without_times(document) == {**without_times(whole), "unreadable": []}


def test_a_table_whose_only_page_is_gone_is_named_and_the_others_are_whole(kept):
    path, whole = kept
    pages, size = pages_of(path, "drafts")
    with path.open("r+b") as damaged:
        for page in pages:
            damaged.seek((page - 1) * size)
            damaged.write(b"\xff" * size)
    document, unreadable = salvage_learner(path, "ada")
    assert len(unreadable) == 1 and unreadable[0].startswith("table drafts: the rows from rowid 1 on could not be read")
    assert document["tables"]["drafts"] == []
    for name, rows in whole["tables"].items():
        if name != "drafts":
            assert document["tables"][name] == rows, name
