"""``codementor class ...``: a class that shares one PostgreSQL database with row-level security.

The administrator runs ``init`` (as the database's owner, with the right to create roles), then
``add-learner NAME`` per learner, handing each the URL it prints once. A learner runs ``join URL``
on their machine: the URL without its password goes into their settings, the password into the
keyring. Every command but ``join`` takes ``--database URL`` (default: the settings' database).
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported when a class command runs: the window's start parses this parser too
    from .storage.settings import LoadedSettings

EXIT_ACCEPTED, EXIT_INTERNAL, EXIT_REJECTED = 0, 1, 2


def add_class_commands(commands: argparse._SubParsersAction, commands_of) -> None:
    """The ``class`` command and its subcommands, on the command line's parser."""
    group = commands.add_parser("class", help="a class sharing one PostgreSQL database (row-level security)")
    sub = commands_of(group, "class_command")
    init = sub.add_parser("init", help="make a PostgreSQL database a class database (run as its owner)")
    add = sub.add_parser("add-learner", help="create a learner's login and print the URL to hand out, once")
    add.add_argument("name", help="the learner's login: lowercase letters, digits and underscores")
    add.add_argument(
        "--host", metavar="HOST[:PORT]", help="the host (and port) lab machines reach, if not the database URL's"
    )
    teacher = sub.add_parser("add-instructor", help="create an instructor's login (reads every learner's rows)")
    teacher.add_argument("name")
    teacher.add_argument("--host", metavar="HOST[:PORT]", help="as for add-learner")
    remove = sub.add_parser("remove-learner", help="end a learner's login (their rows stay for the report)")
    remove.add_argument("name")
    status = sub.add_parser("status", help="who is logged in, and whether row-level security is on for every table")
    report = sub.add_parser("report", help="the instructor's report: per learner and per problem")
    report.add_argument("--format", choices=["csv", "json", "html"], default="html")
    report.add_argument("--output", metavar="FILE", help="where to write it (default: standard output)")
    for command in (init, add, teacher, remove, status, report):
        command.add_argument("--database", metavar="URL", help="the class database (default: the settings' one)")
    join = sub.add_parser("join", help="use a class database: its URL's password goes to the keyring")
    join.add_argument("url", help="the URL the administrator handed out")


def run_class_command(loaded: LoadedSettings, args: argparse.Namespace) -> int:
    from .storage import classroom

    if args.class_command == "join":
        return _join(loaded, args.url)
    url = args.database or loaded.settings.database_url
    if not url:
        print("error: name the class database with --database postgresql+psycopg://USER:PASSWORD@HOST:PORT/DB "
              "(or set database_url in the system settings)", file=sys.stderr)  # fmt: skip
        return EXIT_REJECTED
    try:
        if args.class_command == "init":
            roles = classroom.init_class(url)
            print(f"Class database ready: row-level security is on. Roles: {roles.instructor} (reads every row), "
                  f"{roles.learners} (each learner's own rows). Add learners with `codementor class add-learner NAME`.")  # fmt: skip
        elif args.class_command in ("add-learner", "add-instructor"):
            made = classroom.add_learner(url, args.name, args.host, instructor=args.class_command == "add-instructor")
            print(f"{made.name} can log in. Hand out this URL once (it holds the password; it is not kept here):")
            print(made.url)
            print("On their machine: codementor class join 'URL'")
        elif args.class_command == "report":
            return _report(loaded, url, args.format, args.output)
        elif args.class_command == "remove-learner":
            classroom.remove_learner(url, args.name)
            print(f"{args.name} can no longer log in; their rows stay in the class database.")
        else:
            return _status(url)
    except classroom.ClassError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_REJECTED
    except Exception as exc:  # noqa: BLE001 - a server down, a refused login: said, not a traceback
        print(f"error: the class database cannot be used: {_reason(exc)}", file=sys.stderr)
        return EXIT_INTERNAL
    return EXIT_ACCEPTED


def _status(url: str) -> int:
    from sqlalchemy import create_engine
    from sqlalchemy.pool import NullPool

    from .storage import classroom

    engine = create_engine(url, poolclass=NullPool)
    try:
        with engine.begin() as connection:
            login = classroom.class_login(connection)
            if login is None:
                print("This database is not a class database: run `codementor class init`.")
                return EXIT_REJECTED
            print(f"Logged in as {login[0]} ({login[1]}).")
            guarded = classroom.row_security_on(connection)
    finally:
        engine.dispose()
    off = [table for table, on in guarded.items() if not on]
    if off:
        print(f"Row-level security is OFF for: {', '.join(off)}. Run `codementor class init` again.")
        return EXIT_REJECTED
    print(f"Row-level security is on for all {len(guarded)} tables that keep a learner's rows.")
    return EXIT_ACCEPTED


def _report(loaded: LoadedSettings, url: str, form: str, output: str | None) -> int:
    from datetime import datetime
    from pathlib import Path

    from .problems.sources import bank_loader
    from .profile.problems import ProblemFacts
    from .storage.class_records import class_records
    from .storage.database import Database
    from .storage.evidence import learner_evidence
    from .tools import class_report_files
    from .tools.class_report import class_report

    bank = bank_loader(loaded.paths, loaded.settings.problem_pack)()
    facts = {
        p.id: ProblemFacts(p.id, p.title, p.difficulty.value, tuple(t.value for t in p.topics), tuple(p.patterns),
                           p.estimated_minutes)
        for p in bank.all()
    }  # fmt: skip
    database = Database.open(url)
    try:
        records = class_records(database)
        report = class_report(records, lambda name: learner_evidence(database, name), facts, datetime.now())
    finally:
        database.close()
    write = {"csv": class_report_files.as_csv, "json": class_report_files.as_json, "html": class_report_files.as_html}
    text = write[form](report)
    if output is None:
        print(text)
    else:
        Path(output).write_text(text, encoding="utf-8")
        print(
            f"The class report ({len(report['learners'])} learners, {len(report['problems'])} problems) is in {output}."
        )
    return EXIT_ACCEPTED


def _join(loaded: LoadedSettings, url: str) -> int:
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    from .storage.secrets import Credentials
    from .storage.settings import save_settings

    try:
        parsed = make_url(url)
    except ArgumentError:
        print("error: that is not a database URL (postgresql+psycopg://NAME:PASSWORD@HOST:PORT/DB)", file=sys.stderr)
        return EXIT_REJECTED
    if not parsed.drivername.startswith("postgresql") or not parsed.username or not parsed.password:
        print("error: a class URL is postgresql+psycopg://NAME:PASSWORD@HOST:PORT/DB, with the name and password "
              "the administrator handed out", file=sys.stderr)  # fmt: skip
        return EXIT_REJECTED
    if "database_url" in loaded.locked:
        print("error: the administrator set the class database for this machine; it cannot be changed here",
              file=sys.stderr)  # fmt: skip
        return EXIT_REJECTED
    where = Credentials().set("database", parsed.password)
    loaded.settings = loaded.settings.model_copy(
        update={"database_url": parsed.set(password=None).render_as_string(hide_password=False)}
    )
    save_settings(loaded)
    print(f"This machine now uses the class database {parsed.host}/{parsed.database} as {parsed.username}; "
          f"the password is in the {where}.")  # fmt: skip
    if where != "keyring":
        print(
            "warning: there is no keyring here; set CODEMENTOR_DATABASE_PASSWORD for the next start.", file=sys.stderr
        )
    print("To bring your local history into the class: `codementor data export FILE` before joining, then "
          "`codementor data import FILE` after.")  # fmt: skip
    return EXIT_ACCEPTED


def _reason(exc: Exception) -> str:
    return str(getattr(exc, "orig", exc)).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
