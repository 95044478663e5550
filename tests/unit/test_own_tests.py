"""The learner's own tests, kept in a real SQLite database and a real PostgreSQL one: added, listed per problem and
language, kept once however often they are added, removed; bad input is refused with a reason."""

from __future__ import annotations

import pytest
from sqlalchemy import inspect

from codementor_desktop.storage.database import HEAD_REVISION
from codementor_desktop.storage.own_tests import BadOwnTest, OwnTests


def test_add_list_remove_round_trip(database, backend):
    store = OwnTests(database)
    empty = store.add("ada", "two-sum", "[], 0", None, origin="edge_case")
    found = store.add("ada", "two-sum", "[3,3], 6", "[0,1]", origin="edge_case", language="python")
    store.add("ada", "two-sum", "[1,2], 3", "[0,1]", language="javascript")
    store.add("bob", "two-sum", "[5], 5", None)
    store.add("ada", "valid-parentheses", '"("', "false")

    kept = store.list("ada", "two-sum", "python")
    assert [(t.input, t.expected_output, t.origin, t.language) for t in kept] == [
        ("[], 0", None, "edge_case", None),  # a test of every language
        ("[3,3], 6", "[0,1]", "edge_case", "python"),
    ]
    assert [t.input for t in store.list("ada", "two-sum")] == ["[], 0"]  # no language: the shared ones
    assert store.add("ada", "two-sum", "[3,3], 6", "[0,1]", origin="edge_case", language="python") == found

    assert store.remove("ada", empty.test_id)
    assert not store.remove("ada", empty.test_id)  # gone already
    assert not store.remove("bob", found.test_id)  # another learner's test stays
    assert [t.test_id for t in store.list("ada", "two-sum", "python")] == [found.test_id]

    database.close()  # kept on disk: a new connection reads the same
    rows = backend.sql("select problem_id, input from own_tests order by id")
    assert ("two-sum", "[3,3], 6") in rows and ("two-sum", "[], 0") not in rows


def test_bad_tests_are_refused_with_the_reason(database):
    store = OwnTests(database)
    with pytest.raises(BadOwnTest, match="origin"):
        store.add("ada", "two-sum", "[1], 1", origin="guessed")
    with pytest.raises(BadOwnTest, match="problem_id"):
        store.add("ada", " ", "[1], 1")
    with pytest.raises(BadOwnTest, match="characters"):
        store.add("ada", "two-sum", "1," * 60_000)
    assert store.list("ada", "two-sum") == []
    assert store.add("ada", "two-sum", "[1], 1", "  ").expected_output is None  # blank: no expectation


def test_the_migration_reaches_head_with_the_own_tests_table(database):
    assert database.current_revision() == HEAD_REVISION
    indexes = {index["name"] for index in inspect(database.engine).get_indexes("own_tests")}
    assert "ix_own_tests_learner_problem" in indexes
