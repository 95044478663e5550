"""A class that shares one PostgreSQL database, with row-level security: each learner logs in
with a role of their own and reads and writes only their own rows; the instructor reads all.

``init_class`` (run by the administrator, connected as the database's owner with the right to
create roles) brings the schema to the newest revision, creates two roles named after the
database, ``<db>_instructor`` (reads every row) and ``<db>_learners`` (the template every
learner's login role is a member of), grants them what they need, and turns row-level security
on for every table that keeps a learner's rows, with a policy that compares the row's learner to
the role that is logged in. The database enforces it: a learner's hand-written ``SELECT * FROM
runs`` returns only their rows, and an insert or update claiming another learner is refused.

The aggregate view ``problem_outcomes`` (counts and rates per problem) belongs to the owner, so it
reads every row and stays readable to everyone; it never shows one learner's row. So does the
function ``codementor_peer_quantiles(problem)`` (``PEERS``, for ``compare_with_peers``): quantiles
of the class's time to solve, attempts until solved and measured operation counts on one problem,
each only where at least ``PEERS_AT_LEAST`` learners are behind it.

A learner is a login role whose name is their learner name (``learners.name``). ``add_learner``
creates it with a random password and returns the connection URL to hand out once;
``remove_learner`` ends the login (their rows stay, for the instructor's report).

Table and role names here are the app's own or checked (``_ROLE``), and are quoted as
identifiers: nothing a learner types reaches the SQL unquoted.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from sqlalchemy import Connection, create_engine, inspect, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.pool import NullPool

from .database import Database

_ROLE = re.compile(r"^[a-z][a-z0-9_]{0,47}$")
CLASS_NOTE = "class_roles"  # a note in the database: "<instructor> <learners>"
ME = "codementor_my_learner_id"  # the SQL function: the logged-in learner's id
# Tables without ``learner_id`` that a learner's app reads or writes, and how.
READ_ONLY = ("notes", "alembic_version")
PEERS = "codementor_peer_quantiles"  # the SQL function: a problem's class quantiles, nothing finer
PEERS_AT_LEAST = 5  # learners behind a quantile before it is shown: fewer would point at someone
# One value per learner who solved the problem, read with the owner's rights, only ever returned
# grouped: ``minutes`` from their first attempt (or the problem's opening, when earlier) to their
# first accepted Submit, ``attempts`` their runs up to it, ``operations`` the line events their
# accepted code counted at each size (the newest measured analysis of an accepted Submit).
PEERS_BODY = """
WITH solved AS (
    SELECT learner_id, min(created_at) AS solved_at
    FROM runs
    WHERE tool = 'execute_code' AND kind = 'run' AND problem_id = wanted AND submitted AND verdict = 'AC'
    GROUP BY learner_id
), solving AS (
    SELECT s.learner_id,
           greatest(
               extract(epoch FROM s.solved_at - min(r.created_at)),
               max(CASE WHEN r.created_at = s.solved_at AND r.submitted AND r.verdict = 'AC'
                        THEN r.seconds_open END)
           ) / 60.0 AS minutes,
           count(*) AS attempts
    FROM solved s JOIN runs r ON r.learner_id = s.learner_id
    WHERE r.tool = 'execute_code' AND r.kind = 'run' AND r.problem_id = wanted AND r.created_at <= s.solved_at
    GROUP BY s.learner_id, s.solved_at
), measured AS (
    SELECT DISTINCT ON (a.learner_id, a.language)
           a.learner_id, a.language AS code_language, a.complexity::jsonb #> '{evidence,measured,fit}' AS fit
    FROM analyses a JOIN runs r ON r.id = a.run_id AND r.learner_id = a.learner_id
    WHERE a.problem_id = wanted AND r.submitted AND r.verdict = 'AC' AND a.complexity LIKE '{%'
      AND a.complexity::jsonb #>> '{evidence,measured,counted}' = 'line events'
    ORDER BY a.learner_id, a.language, a.created_at DESC, a.id DESC
), each_value AS (
    SELECT 'minutes'::text AS what, NULL::text AS code_language, NULL::integer AS n, learner_id,
           minutes::double precision AS value
    FROM solving
    UNION ALL
    SELECT 'attempts', NULL, NULL, learner_id, attempts::double precision FROM solving
    UNION ALL
    SELECT 'operations', m.code_language, s.v::integer, m.learner_id, c.v::double precision
    FROM measured m
    CROSS JOIN LATERAL jsonb_array_elements_text(m.fit -> 'sizes') WITH ORDINALITY AS s(v, i)
    JOIN LATERAL jsonb_array_elements_text(m.fit -> 'counts') WITH ORDINALITY AS c(v, i) ON c.i = s.i
)
SELECT what, code_language, n, count(DISTINCT learner_id)::integer,
       percentile_cont(0.10) WITHIN GROUP (ORDER BY value),
       percentile_cont(0.25) WITHIN GROUP (ORDER BY value),
       percentile_cont(0.50) WITHIN GROUP (ORDER BY value),
       percentile_cont(0.75) WITHIN GROUP (ORDER BY value),
       percentile_cont(0.90) WITHIN GROUP (ORDER BY value)
FROM each_value
GROUP BY what, code_language, n
HAVING count(DISTINCT learner_id) >= {at_least}
ORDER BY what, code_language, n
"""


class ClassError(RuntimeError):
    """A class command cannot do what was asked; the message says why and what to do."""


@dataclass(frozen=True)
class ClassRoles:
    """The two roles of a class database, named after it."""

    instructor: str
    learners: str

    @classmethod
    def of(cls, database_name: str) -> ClassRoles:
        base = re.sub(r"[^a-z0-9_]", "_", database_name.lower())[:32] or "codementor"
        if not base[0].isalpha():
            base = "c_" + base
        return cls(instructor=f"{base}_instructor", learners=f"{base}_learners")


@dataclass(frozen=True)
class NewLearner:
    """A learner's login, made once: ``url`` carries the password and is shown only now."""

    name: str
    url: str


def _q(name: str) -> str:
    """``name`` quoted as an SQL identifier."""
    return '"' + name.replace('"', '""') + '"'


def _postgres(url: str) -> URL:
    parsed = make_url(url)
    if not parsed.drivername.startswith("postgresql"):
        raise ClassError(f"a class database is PostgreSQL (postgresql+psycopg://...), not {parsed.drivername}")
    if not parsed.database:
        raise ClassError("the class database URL names no database (…/DBNAME at its end)")
    return parsed


def learner_tables(connection: Connection) -> list[str]:
    """Every table with a ``learner_id`` column: the rows row-level security guards."""
    inspector = inspect(connection)
    return sorted(
        name for name in inspector.get_table_names() if "learner_id" in {c["name"] for c in inspector.get_columns(name)}
    )


def init_class(url: str) -> ClassRoles:
    """Make the database at ``url`` a class database (idempotent: run it again after an upgrade
    to cover new tables). Connect as the owner of the database, with CREATEROLE."""
    parsed = _postgres(url)
    roles = ClassRoles.of(parsed.database or "")
    Database.open(url).close()  # the schema at the newest revision
    engine = create_engine(url, poolclass=NullPool)
    try:
        with engine.begin() as connection:
            for role in (roles.instructor, roles.learners):
                exists = connection.execute(text("SELECT 1 FROM pg_roles WHERE rolname = :r"), {"r": role}).first()
                if exists is None:
                    connection.execute(text(f"CREATE ROLE {_q(role)} NOLOGIN"))
            _grant(connection, roles)
            _policies(connection, roles)
            connection.execute(text("DELETE FROM notes WHERE key = :k"), {"k": CLASS_NOTE})
            connection.execute(
                text("INSERT INTO notes (key, value) VALUES (:k, :v)"),
                {"k": CLASS_NOTE, "v": f"{roles.instructor} {roles.learners}"},
            )
    except Exception as exc:
        if "permission denied" in str(exc) or "must be" in str(exc):
            raise ClassError(
                f"class init must run as the database's owner with the right to create roles: {_first_line(exc)}"
            ) from exc
        raise
    finally:
        engine.dispose()
    return roles


def _grant(connection: Connection, roles: ClassRoles) -> None:
    schema = connection.execute(text("SELECT current_schema()")).scalar_one()
    both = f"{_q(roles.instructor)}, {_q(roles.learners)}"
    connection.execute(text(f"GRANT USAGE ON SCHEMA {_q(schema)} TO {both}"))
    tables = learner_tables(connection)
    for table in [*tables, "learners", "rate_events", "detected_patterns"]:
        connection.execute(text(f"GRANT SELECT ON {_q(table)} TO {_q(roles.instructor)}"))
        connection.execute(text(f"GRANT SELECT, INSERT, UPDATE, DELETE ON {_q(table)} TO {_q(roles.learners)}"))
    for table in (*READ_ONLY, "problem_outcomes"):
        connection.execute(text(f"GRANT SELECT ON {_q(table)} TO {both}"))
    connection.execute(text(f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA {_q(schema)} TO {_q(roles.learners)}"))
    # The logged-in learner's id, read with the owner's rights (the learners table is guarded too).
    connection.execute(
        text(
            f"CREATE OR REPLACE FUNCTION {ME}() RETURNS integer LANGUAGE sql STABLE SECURITY DEFINER "
            f"SET search_path = {_definer_path(schema)} "
            "AS $$ SELECT id FROM learners WHERE name = session_user $$"
        )
    )
    connection.execute(text(f"REVOKE ALL ON FUNCTION {ME}() FROM PUBLIC"))
    connection.execute(text(f"GRANT EXECUTE ON FUNCTION {ME}() TO {both}"))
    _peer_quantiles(connection, schema, both)


def _definer_path(schema: str) -> str:
    """The search path of a function run with the owner's rights: the class's schema, then the
    caller's temporary schema named last. Unnamed, it would be searched first, and a learner's
    temporary ``learners`` table (granted to the owner) would answer for the class's: the id of
    another learner, whose rows row security would then hand over."""
    return f"{_q(schema)}, pg_temp"


def _peer_quantiles(connection: Connection, schema: str, roles: str) -> None:
    """The class's quantiles on one problem, read with the owner's rights (it reads every row)
    and returning only groups of ``PEERS_AT_LEAST`` learners or more: no row, no name, no one
    learner's value."""
    # DROP first: CREATE OR REPLACE cannot change the columns a function returns.
    connection.execute(text(f"DROP FUNCTION IF EXISTS {PEERS}(text)"))
    body = PEERS_BODY.replace("{at_least}", str(int(PEERS_AT_LEAST)))
    connection.execute(
        text(
            f"CREATE FUNCTION {PEERS}(wanted text) RETURNS TABLE (measure text, language text, size integer, "
            "learners integer, p10 double precision, p25 double precision, p50 double precision, "
            "p75 double precision, p90 double precision) "
            f"LANGUAGE sql STABLE SECURITY DEFINER SET search_path = {_definer_path(schema)} AS $peers$ {body} $peers$"
        )
    )
    connection.execute(text(f"REVOKE ALL ON FUNCTION {PEERS}(text) FROM PUBLIC"))
    connection.execute(text(f"GRANT EXECUTE ON FUNCTION {PEERS}(text) TO {roles}"))


def _policies(connection: Connection, roles: ClassRoles) -> None:
    learners, instructor = _q(roles.learners), _q(roles.instructor)
    guarded = {table: f"learner_id = {ME}()" for table in learner_tables(connection)}
    guarded["learners"] = "name = session_user"
    guarded["rate_events"] = "learner = session_user"
    guarded["detected_patterns"] = "analysis_id IN (SELECT id FROM analyses)"  # analyses is guarded
    for table, own in guarded.items():
        name = _q(table)
        connection.execute(text(f"ALTER TABLE {name} ENABLE ROW LEVEL SECURITY"))
        for policy in ("own_rows", "instructor_reads"):
            connection.execute(text(f"DROP POLICY IF EXISTS {policy} ON {name}"))
        connection.execute(text(f"CREATE POLICY own_rows ON {name} TO {learners} USING ({own}) WITH CHECK ({own})"))
        connection.execute(text(f"CREATE POLICY instructor_reads ON {name} FOR SELECT TO {instructor} USING (true)"))


def add_learner(url: str, name: str, host_url: str | None = None, instructor: bool = False) -> NewLearner:
    """Create ``name``'s login role (a member of the class's learners, or with ``instructor`` of
    its instructors) with a fresh password and return the URL to hand out. ``host_url``: the host
    and port the lab machines reach, when they differ from the administrator's."""
    parsed = _postgres(url)
    if not _ROLE.match(name):
        raise ClassError(
            f"{name!r} cannot be a learner's login: use 1–48 lowercase letters, digits and underscores, "
            "starting with a letter"
        )
    roles = ClassRoles.of(parsed.database or "")
    if name in (roles.instructor, roles.learners) or name.startswith("pg_"):
        raise ClassError(f"{name!r} is a name the class's own roles use")
    password = secrets.token_urlsafe(18)
    engine = create_engine(url, poolclass=NullPool)
    try:
        with engine.begin() as connection:
            _require_class(connection, roles)
            if connection.execute(text("SELECT 1 FROM pg_roles WHERE rolname = :r"), {"r": name}).first():
                raise ClassError(f"a role named {name!r} exists already on this server: choose another name")
            # A password is not a bind parameter in CREATE ROLE; it is ours, URL-safe, and quoted.
            group = roles.instructor if instructor else roles.learners
            connection.execute(text(f"CREATE ROLE {_q(name)} LOGIN PASSWORD '{password}' IN ROLE {_q(group)}"))
    finally:
        engine.dispose()
    if host_url and "://" not in host_url:
        host_url = "postgresql://" + host_url  # a bare HOST or HOST:PORT, as the help offers
    where = make_url(host_url) if host_url else parsed
    handed = URL.create(
        "postgresql+psycopg",
        username=name,
        password=password,
        host=where.host,
        port=where.port,
        database=parsed.database,
    )
    return NewLearner(name, handed.render_as_string(hide_password=False))


def remove_learner(url: str, name: str) -> None:
    """End ``name``'s login. Their rows stay (the instructor's report keeps their history)."""
    parsed = _postgres(url)
    roles = ClassRoles.of(parsed.database or "")
    engine = create_engine(url, poolclass=NullPool)
    try:
        with engine.begin() as connection:
            _require_class(connection, roles)
            member = connection.execute(
                text(
                    "SELECT 1 FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.member "
                    "JOIN pg_roles g ON g.oid = m.roleid WHERE r.rolname = :n AND g.rolname = :g"
                ),
                {"n": name, "g": roles.learners},
            ).first()
            if member is None:
                raise ClassError(f"{name!r} is not a learner of this class")
            connection.execute(text(f"DROP ROLE {_q(name)}"))
    finally:
        engine.dispose()


def class_login(connection: Connection) -> tuple[str, str] | None:
    """In a class database, who is logged in: (login name, ``learner`` | ``instructor`` |
    ``owner``); None in a database that is not a class's."""
    note = connection.execute(text("SELECT value FROM notes WHERE key = :k"), {"k": CLASS_NOTE}).scalar()
    if note is None:
        return None
    instructor, learners = (note.split() + ["", ""])[:2]
    login = str(connection.execute(text("SELECT session_user")).scalar_one())
    owner = connection.execute(
        text(
            "SELECT r.rolsuper OR c.relowner = r.oid FROM pg_roles r, pg_class c "
            "WHERE r.rolname = session_user AND c.oid = 'runs'::regclass"
        )
    ).scalar()
    if owner:  # a superuser is a member of every role: ask first
        return login, "owner"
    member = "SELECT pg_has_role(session_user, :r, 'MEMBER')"
    if learners and connection.execute(text(member), {"r": learners}).scalar():
        return login, "learner"
    if instructor and connection.execute(text(member), {"r": instructor}).scalar():
        return login, "instructor"
    return login, "owner"


def row_security_on(connection: Connection) -> dict[str, bool]:
    """Whether row-level security is on for each table that keeps a learner's rows."""
    tables = [*learner_tables(connection), "learners", "rate_events", "detected_patterns"]
    rows = connection.execute(
        text("SELECT relname, relrowsecurity FROM pg_class WHERE relname = ANY(:t) AND relkind = 'r'"), {"t": tables}
    ).all()
    found = {str(name): bool(on) for name, on in rows}
    return {table: found.get(table, False) for table in tables}


def _require_class(connection: Connection, roles: ClassRoles) -> None:
    note = connection.execute(text("SELECT value FROM notes WHERE key = :k"), {"k": CLASS_NOTE}).scalar()
    if note is None:
        raise ClassError("this database is not a class database yet: run `codementor class init` first")
    instructor, learners = (note.split() + ["", ""])[:2]
    if (instructor, learners) != (roles.instructor, roles.learners):
        raise ClassError(f"this class's roles are {instructor} and {learners}, not {roles.instructor}")


def _first_line(exc: Exception) -> str:
    return str(getattr(exc, "orig", exc)).strip().splitlines()[0]
