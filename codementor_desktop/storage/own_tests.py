"""The learner's own tests of a problem: kept from edge-case discovery ("Add to my tests") or
written by hand, and run by Run beside the problem's visible tests.

A test's input is written as the problem writes its tests (``[2,7,11,15], 9``); its expected
output, when known, is a JSON literal, and without one Run shows what the code returns. Adding a
test that is already kept (the same input, for the same problem and language) gives back the kept
one: clicking "Add" twice keeps one test.
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from datetime import datetime
from typing import cast

from sqlalchemy import ColumnElement, Table, and_, delete, insert, or_, select

from .database import Database
from .models import StoredOwnTest

OWN_TESTS = cast(Table, StoredOwnTest.__table__)
ORIGINS = ("edge_case", "manual")
MAX_INPUT_CHARS = 100_000  # a test a person reads; the large inputs are the hidden tests' business


class BadOwnTest(ValueError):
    """The test cannot be kept as given; the message says which part and why."""


@dataclass(frozen=True)
class OwnTest:
    """One kept test. ``test_id`` is its own number, stable while it is kept."""

    test_id: int
    problem_id: str
    language: str | None
    input: str
    expected_output: str | None
    origin: str
    created_at: datetime


class OwnTests:
    """Every learner's own tests in one database."""

    def __init__(self, database: Database):
        self._database = database

    def add(
        self,
        learner: str,
        problem_id: str,
        input: str,  # noqa: A002 - the test's input, as the problem's tests name it
        expected_output: str | None = None,
        origin: str = "manual",
        language: str | None = None,
    ) -> OwnTest:
        """Keep a test (or give back the same one kept already). Raises ``BadOwnTest``."""
        if origin not in ORIGINS:
            raise BadOwnTest(f"origin must be one of {', '.join(ORIGINS)}, not {origin!r}")
        if not problem_id.strip():
            raise BadOwnTest("a test belongs to a problem: problem_id is empty")
        if len(input) > MAX_INPUT_CHARS:
            raise BadOwnTest(
                f"the input has {len(input):,} characters; a test of your own keeps at most {MAX_INPUT_CHARS:,}"
            )
        if expected_output is not None and not expected_output.strip():
            expected_output = None  # an empty expected output is no expectation
        for kept in self.list(learner, problem_id, language):
            if kept.input == input and kept.language == language:
                return kept
        learner_id = self._database.learner_id(learner)
        created = datetime.now()
        with self._database.transaction() as connection:
            key = connection.execute(
                insert(OWN_TESTS).values(
                    learner_id=learner_id, problem_id=problem_id, language=language, input=input,
                    expected_output=expected_output, origin=origin, created_at=created,
                )
            ).inserted_primary_key  # fmt: skip
        assert key is not None  # a one-row insert always has its key
        return OwnTest(int(key[0]), problem_id, language, input, expected_output, origin, created)

    def list(self, learner: str, problem_id: str, language: str | None = None) -> builtins.list[OwnTest]:
        """The learner's tests of ``problem_id`` in the order they were added: those of every
        language, and those of ``language`` when it is given."""
        learner_id = self._database.learner_id(learner)
        languages: ColumnElement[bool] = OWN_TESTS.c.language.is_(None)
        if language is not None:
            languages = or_(languages, OWN_TESTS.c.language == language)
        query = (
            select(OWN_TESTS)
            .where(and_(OWN_TESTS.c.learner_id == learner_id, OWN_TESTS.c.problem_id == problem_id, languages))
            .order_by(OWN_TESTS.c.id)
        )
        with self._database.transaction() as connection:
            rows = connection.execute(query).all()
        return [
            OwnTest(row.id, row.problem_id, row.language, row.input, row.expected_output, row.origin, row.created_at)
            for row in rows
        ]

    def remove(self, learner: str, test_id: int) -> bool:
        """Forget one of the learner's tests; False when they keep no test of that number."""
        learner_id = self._database.learner_id(learner)
        with self._database.transaction() as connection:
            removed = connection.execute(
                delete(OWN_TESTS).where(and_(OWN_TESTS.c.id == test_id, OWN_TESTS.c.learner_id == learner_id))
            ).rowcount
        return bool(removed)
