"""compare_with_peers on its two grounds: offline, the learner's accepted code counted in a real
child beside the bank's reference and slow solutions; in a class database on a real PostgreSQL
server, the learner placed among the class's quantiles, which the database hands out only for five
learners or more, and never one learner's row, checked with hand-written SQL on a learner's login.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ProgrammingError
from sqlalchemy.pool import NullPool

from codementor_desktop.storage import classroom
from codementor_desktop.storage.analyses import AnalysisStore
from codementor_desktop.storage.database import Database
from codementor_desktop.storage.runs import RunStore
from tests.class_databases import class_database_on, sql

# Sorts the indices, then walks in from both ends: more work than the reference's one pass with a
# dictionary, far less than the slow solution's pairs.
SORTED = (
    "def two_sum(nums, target):\n"
    "    order = sorted(range(len(nums)), key=nums.__getitem__)\n"
    "    lo, hi = 0, len(order) - 1\n"
    "    while lo < hi:\n"
    "        total = nums[order[lo]] + nums[order[hi]]\n"
    "        if total == target:\n"
    "            return sorted([order[lo], order[hi]])\n"
    "        if total < target:\n"
    "            lo += 1\n"
    "        else:\n"
    "            hi -= 1\n"
    "    return []\n"
)
WRONG = "def two_sum(nums, target):\n    return [0, 1]\n"


def submit(services, code: str, hidden: bool = True) -> dict[str, Any]:
    arguments = {"language": "python", "problem_id": "two-sum", "test_cases": [], "code": code,
                 "include_hidden": hidden}  # fmt: skip
    return services.registry.call("execute_code", arguments)


# --- offline: the bank's solutions ---------------------------------------------------------------


def test_offline_before_an_accepted_submit_there_is_nothing_to_compare(services):
    assert submit(services, SORTED, hidden=False)["verdict"] == "AC"  # the visible tests alone prove nothing
    assert submit(services, WRONG)["verdict"] == "WA"
    result = services.registry.call("compare_with_peers", {"problem_id": "two-sum"})
    assert result["status"] == "ok" and result["against"] == "bank_solutions"
    assert not result["compared"] and result["operations"] is None
    assert "no accepted Submit of Two Sum yet: there is nothing to compare" in result["message"]


def test_offline_the_accepted_code_stands_between_the_reference_and_the_slow_solution(services):
    assert submit(services, SORTED)["verdict"] == "AC"
    result = services.registry.call("compare_with_peers", {"problem_id": "two-sum", "user_id": services.settings.user})
    assert result["status"] == "ok" and result["compared"], result
    operations = result["operations"]
    assert operations["language"] == "python"
    # Counted in a real child on one ladder: at the size compared, reference < yours < slow.
    assert operations["reference"] < operations["yours"] < operations["slow"]
    assert 0 < operations["position"] < 0.5
    assert operations["standing"].startswith("Between the reference and the slow solution, closer to the reference")
    assert result["message"].startswith("Two Sum: Between the reference")
    assert operations["size"] in operations["sizes"] and len(operations["sizes"]) >= 3
    assert "No class database" in result["note"]


def test_an_analysis_of_a_submit_keeps_the_counts_a_class_compares(services):
    """The window analyses every Submit with its run as evidence; the counts that analysis measured
    are what a class's quantiles and the learner's own place are read from (the same JSON path)."""
    from codementor_desktop.storage.peers import own_counts, own_solving

    run = submit(services, SORTED)
    assert run["verdict"] == "AC"
    analysis = services.registry.call("analyze_code_patterns", {"problem_id": "two-sum", "code": SORTED,
                                      "language": "python", "test_results": {"run_id": run["run_id"]}})  # fmt: skip
    assert analysis.get("analysis_complete"), analysis
    counted = own_counts(services.database, services.settings.user, "two-sum", "python")
    assert counted is not None and len(counted.sizes) >= 3 and counted.counts == sorted(counted.counts)
    solving = own_solving(services.database, services.settings.user, "two-sum")
    assert solving is not None and solving.attempts == 1


JS_GOOD = (
    "function twoSum(nums, target) {\n  const seen = new Map();\n  for (let j = 0; j < nums.length; j++) {\n"
    "    if (seen.has(target - nums[j])) return [seen.get(target - nums[j]), j];\n    seen.set(nums[j], j);\n  }\n}\n"
)


def test_offline_javascript_is_compared_with_the_javascript_reference_alone(services):
    arguments = {"language": "javascript", "problem_id": "two-sum", "test_cases": [], "code": JS_GOOD,
                 "include_hidden": True}  # fmt: skip
    assert services.registry.call("execute_code", arguments)["verdict"] == "AC"
    result = services.registry.call("compare_with_peers", {"problem_id": "two-sum", "language": "javascript"})
    operations = result["operations"]
    assert result["compared"] and operations["language"] == "javascript" and operations["slow"] is None
    assert operations["standing"].startswith("As few operations as the reference, or fewer")
    assert "slow solution is written in Python only" in result["note"]


def test_another_learners_user_id_is_refused(services):
    result = services.registry.call("compare_with_peers", {"problem_id": "two-sum", "user_id": "somebody_else"})
    assert result["error_code"] == "FORBIDDEN"


# --- a class database ----------------------------------------------------------------------------


@pytest.fixture
def class_url(postgres_server: str) -> Iterator[str]:
    """A class database of its own (``class init`` run on it), dropped with its roles after."""
    with class_database_on(postgres_server, "peers") as (url, _name, _suffix):
        yield url


def solve(owner_url: str, minutes: float, attempts: int, counts: list[int] | None = None) -> classroom.NewLearner:
    """A new learner of the class who solved two-sum after ``attempts`` runs in ``minutes`` (their
    last an accepted Submit), written by their own login as their app would; with ``counts``, an
    analysis of that Submit that measured its line events at sizes 10, 20, 40."""
    database_name = make_url(owner_url).database
    learner = classroom.add_learner(owner_url, f"l{secrets.token_hex(3)}_{database_name.split('_')[-1]}")
    database = Database.open(learner.url)
    try:
        runs = RunStore(database)
        for _ in range(attempts - 1):
            failing = {"verdict": "WA", "test_results": [{"test_id": 1, "passed": False}]}
            runs.save("run", "execute_code", learner.name, failing, problem_id="two-sum", language="python",
                      verdict="WA")  # fmt: skip
        accepted = {"verdict": "AC", "test_results": [{"test_id": 1, "hidden": True, "passed": True}]}
        run_id = runs.save("run", "execute_code", learner.name, accepted, problem_id="two-sum", language="python",
                           verdict="AC", code="def two_sum(nums, target): ...")  # fmt: skip
        if counts is not None:
            measured = {"counted": "line events", "fit": {"sizes": [10, 20, 40], "counts": counts}}
            analysis = {"complexity_analysis": {"evidence": {"measured": measured}}, "code_quality_metrics": {}}
            AnalysisStore(database).save(learner.name, run_id, analysis, problem_id="two-sum", language="python",
                                         run_id=run_id)  # fmt: skip
    finally:
        database.close()
    # The app keeps the seconds since the problem was opened; here the owner sets them.
    sql(owner_url, "UPDATE runs SET seconds_open = :s WHERE verdict = 'AC' AND learner_id = "
        "(SELECT id FROM learners WHERE name = :n)", s=minutes * 60, n=learner.name)  # fmt: skip
    return learner


def compare_as(learner: classroom.NewLearner, monkeypatch) -> dict[str, Any]:
    """compare_with_peers through the learner's own app on their class login."""
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.tools.services import Services

    parsed = make_url(learner.url)
    monkeypatch.setenv("CODEMENTOR_DATABASE_URL", parsed.set(password=None).render_as_string(hide_password=False))
    credentials = Credentials(environ={"CODEMENTOR_DATABASE_PASSWORD": parsed.password}, use_keyring=False)
    services = Services.build(credentials=credentials, standby=False)
    try:
        assert services.settings.user == learner.name
        return services.registry.call("compare_with_peers", {"problem_id": "two-sum"})
    finally:
        services.close()


MINUTES = [5, 10, 15, 20, 25, 30]
COUNTS = [[30 * k, 60 * k, 120 * k] for k in range(1, 7)]  # at sizes 10, 20, 40


def test_six_learners_each_see_where_they_stand_among_the_class(class_url, monkeypatch):
    learners = [solve(class_url, m, a, c) for m, a, c in zip(MINUTES, range(1, 7), COUNTS, strict=True)]
    result = compare_as(learners[1], monkeypatch)  # 10 minutes, 2 attempts, 240 line events at 40
    assert result["status"] == "ok" and result["against"] == "class" and result["compared"], result
    time, attempts, operations = result["time"], result["attempts"], result["operations"]
    assert time["learners"] == 6 and time["yours"] == 10.0
    assert (time["p10"], time["p25"], time["p50"], time["p75"], time["p90"]) == (7.5, 11.25, 17.5, 23.75, 27.5)
    assert time["ahead_of_percent"] == 80 and time["standing"] == (
        "quicker than about 80% of them (10 minutes; the class's median 17.5)"
    )
    assert attempts["yours"] == 2 and attempts["p50"] == 3.5 and attempts["ahead_of_percent"] == 80
    assert operations["size"] == 40 and operations["yours"] == 240 and operations["p50"] == 420.0
    assert operations["standing"] == "fewer operations than about 80% of them (240 line events; the class's median 420)"
    assert "Among the 6 learners of your class who solved Two Sum" in result["message"]
    # Nothing in the result names another learner.
    assert not any(other.name in str(result) for other in learners if other is not learners[1])


def test_four_learners_are_too_few_and_nothing_is_shown(class_url, monkeypatch):
    learners = [solve(class_url, m, 1, c) for m, c in zip(MINUTES[:4], COUNTS[:4], strict=True)]
    result = compare_as(learners[0], monkeypatch)
    assert result["status"] == "ok" and not result["compared"]
    assert result["time"] is None and result["attempts"] is None and result["operations"] is None
    assert result["message"] == "Two Sum: fewer than 5 learners have solved it: nothing is shown."
    # Hand-written SQL on a learner's login: the function gives nothing for four.
    assert sql(learners[0].url, f"SELECT * FROM {classroom.PEERS}('two-sum')") == []


def test_hand_written_sql_as_a_learner_reads_only_aggregates(class_url):
    learners = [solve(class_url, m, a, c) for m, a, c in zip(MINUTES, range(1, 7), COUNTS, strict=True)]
    ada = learners[0]
    classroom.init_class(class_url)  # run again (after an upgrade): the function is made anew, still granted
    rows = sql(ada.url, f"SELECT * FROM {classroom.PEERS}('two-sum')")
    measures = {(row[0], row[1], row[2]) for row in rows}
    assert measures == {("minutes", None, None), ("attempts", None, None)} | {
        ("operations", "python", n) for n in (10, 20, 40)
    }
    engine = create_engine(ada.url, poolclass=NullPool)
    with engine.connect() as connection:
        keys = list(connection.execute(text(f"SELECT * FROM {classroom.PEERS}('two-sum')")).keys())
    engine.dispose()
    assert keys == ["measure", "language", "size", "learners", "p10", "p25", "p50", "p75", "p90"]
    assert all(row[3] == 6 for row in rows)
    # No quantile is any one learner's value: six values, each quantile falls between two of them.
    size_at = {10: 0, 20: 1, 40: 2}
    singles = {
        "minutes": {float(m) for m in MINUTES},
        "attempts": {float(a) for a in range(1, 7)},
        **{f"operations {n}": {float(c[i]) for c in COUNTS} for n, i in size_at.items()},
    }
    for row in rows:
        own = singles[row[0] if row[2] is None else f"{row[0]} {row[2]}"]
        assert not own & set(row[4:]), row
    # The rows under it stay out of reach: only the learner's own.
    assert sql(ada.url, "SELECT count(DISTINCT learner_id) FROM runs")[0][0] == 1
    assert sql(ada.url, "SELECT count(*) FROM analyses")[0][0] == 1
    assert [row[0] for row in sql(ada.url, "SELECT name FROM learners")] == [ada.name]
    # A learner cannot make the function say more: it is the owner's, and theirs to call only.
    with pytest.raises(ProgrammingError, match="must be owner|permission denied"):
        sql(ada.url, f"CREATE OR REPLACE FUNCTION {classroom.PEERS}(wanted text) RETURNS SETOF runs "
            "LANGUAGE sql AS $$ SELECT * FROM runs $$")  # fmt: skip
    # A problem one learner alone solved gives nothing: one learner's time is never shown.
    database = Database.open(ada.url)
    try:
        accepted = {"verdict": "AC", "test_results": [{"test_id": 1, "hidden": True, "passed": True}]}
        RunStore(database).save("run", "execute_code", ada.name, accepted, problem_id="valid-parentheses",
                                language="python", verdict="AC")  # fmt: skip
    finally:
        database.close()
    assert sql(class_url, "SELECT count(*) FROM runs WHERE problem_id = 'valid-parentheses'")[0][0] == 1
    assert sql(ada.url, f"SELECT * FROM {classroom.PEERS}('valid-parentheses')") == []


def test_a_learners_temporary_tables_cannot_stand_in_for_the_classs(class_url):
    """The owner's functions name the caller's temporary schema last: a temporary ``learners`` or
    ``runs`` a learner makes (and grants to the owner) is not what they read."""
    learners = [solve(class_url, m, a, c) for m, a, c in zip(MINUTES, range(1, 7), COUNTS, strict=True)]
    ada, grace = learners[0], learners[1]
    grace_id = sql(class_url, "SELECT id FROM learners WHERE name = :n", n=grace.name)[0][0]
    owner = make_url(class_url).username
    engine = create_engine(ada.url, poolclass=NullPool)
    with engine.connect() as connection:
        connection.execute(text("CREATE TEMP TABLE runs AS SELECT * FROM public.runs"))  # ada's own: one learner
        connection.execute(text("CREATE TEMP TABLE learners (id integer, name text)"))
        connection.execute(text("INSERT INTO pg_temp.learners VALUES (:g, session_user)"), {"g": grace_id})
        connection.execute(text(f'GRANT SELECT ON pg_temp.learners, pg_temp.runs TO "{owner}"'))
        rows = connection.execute(text("SELECT DISTINCT learner_id FROM public.runs")).all()
        quantiles = connection.execute(text(f"SELECT learners FROM {classroom.PEERS}('two-sum')")).all()
    engine.dispose()
    assert rows and grace_id not in {row[0] for row in rows}
    assert quantiles and all(row[0] == 6 for row in quantiles)
