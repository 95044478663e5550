"""The command line: ``codementor`` (the window), ``tool``, ``tools``, ``problems``, ``selftest``,
``data`` (reset; export, import and delete a learner's data), ``ask`` (one turn of the tutor), ``mcp`` (the tools for an assistant)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from . import __version__
from .class_commands import add_class_commands, run_class_command

if TYPE_CHECKING:
    from .storage.settings import LoadedSettings
    from .tools.services import Services

EXIT_ACCEPTED, EXIT_INTERNAL, EXIT_REJECTED = 0, 1, 2
_INTERNAL_CODES = {"INTERNAL_ERROR", "BACKEND_UNAVAILABLE"}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="codementor", description="Practise coding problems offline.")
    parser.add_argument("--version", action="version", version=f"codementor {__version__}")
    parser.add_argument(
        "--screenshot", metavar="PNG", type=Path, help="open the window, save a picture of it to PNG and quit"
    )
    commands = parser.add_subparsers(dest="command")
    tool = commands.add_parser("tool", help="call one tool and print its JSON result")
    tool.add_argument("name")
    tool.add_argument("arguments", nargs="?", default="{}", help="a JSON object, @file.json, or - for stdin")
    commands.add_parser("tools", help="print the OpenAI tools=[...] list")
    problems = commands.add_parser("problems", help="the problem bank")
    problem_commands = _commands_of(problems, "problems_command")
    listing = problem_commands.add_parser("list", help="list problems")
    listing.add_argument("--topic")
    listing.add_argument("--difficulty", choices=["easy", "medium", "hard"])
    listing.add_argument("--search", default="")
    listing.add_argument("--pattern", help="a weakness pattern the problem trains, e.g. off_by_one")
    listing.add_argument("--technique", help="a technique tag, e.g. sliding_window")
    listing.add_argument("--json", action="store_true")
    show = problem_commands.add_parser("show", help="show one problem's statement")
    show.add_argument("problem_id")
    importing = problem_commands.add_parser("import", help="validate and install a folder or zip of problems")
    importing.add_argument("path", type=Path)
    commands.add_parser("selftest", help="what works on this machine and what does not")
    mcp = commands.add_parser("mcp", help="serve the tools to an assistant over the Model Context Protocol (stdio)")
    mcp.add_argument("--http", action="store_true", help="serve streamable HTTP with a token instead of stdio")
    mcp.add_argument("--host", help="the address to bind with --http (default 127.0.0.1, loopback only)")
    mcp.add_argument("--port", type=int, help="the port with --http (default 8765; 0: any free port)")
    ask = commands.add_parser("ask", help="one turn of the tutor (the offline coach without a model server)")
    ask.add_argument("message", help="what you say to the tutor")
    ask.add_argument("--problem", help="the problem you are working on, e.g. two-sum")
    ask.add_argument("--code", type=Path, help="your code (default: the draft the window keeps for the problem)")
    ask.add_argument("--session", help="continue this conversation")
    ask.add_argument("--json", action="store_true", help="print the turn's events as a JSON transcript")
    data = commands.add_parser("data", help="the learner database")
    data_commands = _commands_of(data, "data_command")
    reset = data_commands.add_parser(
        "reset", help="set the learner database aside (it is kept) and start a fresh one; asks first"
    )
    reset.add_argument("--yes", action="store_true", help="do not ask")
    export = data_commands.add_parser("export", help="write everything kept about a learner as JSON")
    export.add_argument("--user", help="the learner (default: the current one)")
    export.add_argument("file", nargs="?", type=Path, help="where to write it (default: standard output)")
    importing_data = data_commands.add_parser("import", help="add a learner's exported data to this database")
    importing_data.add_argument("file", type=Path)
    importing_data.add_argument(
        "--as", dest="as_user", metavar="NAME", help="the learner to import as (default: the current one)"
    )
    delete = data_commands.add_parser("delete", help="delete everything kept about a learner; asks first")
    delete.add_argument("--user", help="the learner (default: the current one)")
    delete.add_argument("--yes", action="store_true", help="do not ask")
    add_class_commands(commands, _commands_of)
    return parser


def _commands_of(group: argparse.ArgumentParser, dest: str) -> argparse._SubParsersAction:
    """The subcommands of a command like ``data``: given without one, it prints their help (see
    ``incomplete``), not argparse's "the following arguments are required: data_command"."""
    group.set_defaults(incomplete_command=(group, dest))
    return group.add_subparsers(dest=dest, title="commands", metavar="COMMAND")


def incomplete(args: argparse.Namespace) -> int | None:
    """For a command given without its subcommand: print the subcommands' help and return the
    exit code (2, as for any command line that cannot be run); else None."""
    given: tuple[argparse.ArgumentParser, str] | None = getattr(args, "incomplete_command", None)
    if given is None or getattr(args, given[1]) is not None:
        return None
    group = given[0]
    print(f"{group.prog} needs a command:\n", file=sys.stderr)
    print(group.format_help(), file=sys.stderr, end="")
    return EXIT_REJECTED


def emit(text: str) -> None:
    """Print to stdout; a reader that stopped early (``| head``) is not an error."""
    try:
        print(text, flush=True)
    except BrokenPipeError:
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so the exit's final flush does not fail again


class UnreadableArguments(ValueError):
    """``@file`` or standard input that cannot be read as UTF-8 text."""


def read_arguments(text: str) -> str:
    """The ARGS of ``tool``: inline JSON, ``@file.json``, or ``-`` for standard input."""
    if text == "-":
        data, source = sys.stdin.buffer.read(), "standard input"
    elif text.startswith("@"):
        source = text[1:]
        try:
            data = Path(source).read_bytes()
        except OSError as exc:
            raise UnreadableArguments(f"{source} cannot be read: {exc.strerror or exc}.") from None
    else:
        return text
    body = data.removeprefix(b"\xef\xbb\xbf")  # a byte-order mark some editors write
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as exc:
        offset = exc.start + len(data) - len(body)
        raise UnreadableArguments(
            f"{source} is not UTF-8 text (byte 0x{data[offset]:02x} at offset {offset}); "
            "save the arguments as UTF-8 JSON."
        ) from None


def run(args: argparse.Namespace) -> int:
    """Run the parsed command ``args.command``; each builds only what it needs."""
    unfinished = incomplete(args)
    if unfinished is not None:
        return unfinished
    from .applog import install_crash_handler, setup_logging
    from .storage.settings import load_settings

    loaded = load_settings()
    loaded.paths.ensure()
    setup_logging(loaded.paths.app_log)
    install_crash_handler(loaded.paths.app_log)
    loaded.log_problems()
    for problem in loaded.problems:
        print(f"warning: {problem}", file=sys.stderr)
    if args.command == "tools":
        return _tools()
    if args.command == "problems":
        return _problems(loaded, args)
    if args.command == "class":
        return run_class_command(loaded, args)
    if args.command == "data":
        if args.data_command == "reset":
            return _data_reset(loaded, args.yes)
        return _learner_data(loaded, args)
    # A long-lived server keeps the next run's child started; one tool call or a selftest does not.
    services = _services(loaded, standby=args.command in ("mcp", "ask"))
    if services is None:
        return EXIT_INTERNAL
    try:
        if args.command == "tool":
            return _tool(services, args.name, args.arguments)
        if args.command == "ask":
            return _ask(services, args)
        if args.command == "selftest":
            from .selftest import run_selftest

            return run_selftest(services)
        if args.command == "mcp":
            from .mcp_server.serving import serve

            return serve(services, http=args.http, host=args.host, port=args.port)
    finally:
        services.close()
    return EXIT_ACCEPTED


def _services(loaded: LoadedSettings, standby: bool = False) -> Services | None:
    from .storage.database import DatabaseCorrupt
    from .tools.services import Services

    try:
        return Services.build(loaded, standby=standby)
    except DatabaseCorrupt as exc:
        print(f"error: {exc}", file=sys.stderr)
        return None


def _tools() -> int:
    from .tools.catalog import every_tool

    emit(json.dumps([tool.openai() for tool in every_tool()], indent=2))
    return EXIT_ACCEPTED


def _tool(services: Services, name: str, raw: str) -> int:
    from .domain.vocabulary import Caller, ErrorCode
    from .tools.context import ToolContext
    from .tools.errors import tool_error

    context = ToolContext(caller=Caller.CLI, learner=services.settings.user)
    try:
        arguments = read_arguments(raw)
    except UnreadableArguments as exc:
        # Answered like any rejected call, and logged like one.
        result = tool_error(ErrorCode.INVALID_ARGUMENTS, str(exc), [{"field": "(arguments)", "message": "unreadable"}])
        services.audit.record(name, context.caller.value, context.learner, None, result, time.perf_counter())
    else:
        result = services.registry.call(name, arguments, context)
    emit(json.dumps(result, indent=2, ensure_ascii=False))
    code = result.get("error_code")
    if code is None:
        return EXIT_ACCEPTED
    return EXIT_INTERNAL if code in _INTERNAL_CODES else EXIT_REJECTED


def _ask(services: Services, args: argparse.Namespace) -> int:
    """One tutor turn: text as it streams, each tool call as a line; or the events as JSON."""
    import threading

    from .tutor.cancellation import Cancellation
    from .tutor.events import TextDelta, TurnEnded, TutorEvent
    from .tutor.factory import open_tutor
    from .tutor.transcript import event_line, event_record
    from .tutor.turns import TurnContext

    language = "javascript" if args.code is not None and args.code.suffix in (".js", ".mjs", ".cjs") else "python"
    if args.problem is not None and services.bank.get(args.problem) is None:
        print(f"error: no problem {args.problem!r}.{_close(args.problem, services.bank.problems)} "
              "(codementor problems list shows them)", file=sys.stderr)  # fmt: skip
        return EXIT_REJECTED
    if args.session is not None and not _known_session(services, args.session):
        return EXIT_REJECTED
    try:
        code = args.code.read_text(encoding="utf-8-sig") if args.code is not None else None
    except (OSError, UnicodeDecodeError) as exc:
        print(f"error: {args.code} cannot be read as UTF-8 text: {exc}", file=sys.stderr)
        return EXIT_REJECTED
    if code is None and args.problem is not None:
        code = services.drafts.load(args.problem, language)
    tutor = open_tutor(services, services.settings.user, session_id=args.session, ask_consent=_consent_on_terminal)
    records: list[dict] = []
    after_lines = [False]  # the text goes on in a paragraph of its own after tool lines

    def show(event: TutorEvent) -> None:
        if args.json:
            records.append(event_record(event))
        elif isinstance(event, TextDelta):
            print(("\n" if after_lines[0] else "") + event.text, end="", flush=True)
            after_lines[0] = False
        elif (line := event_line(event)) is not None:
            print(("" if line.startswith("  ") else "\n") + line, flush=True)
            after_lines[0] = True

    cancellation, ended = Cancellation(), []
    context = TurnContext(args.problem, code or "", language)
    # The turn runs on a thread, so that Ctrl+C stops it (and closes a model's stream) instead of killing it.
    worker = threading.Thread(
        target=lambda: ended.append(tutor.turn(args.message, show, cancellation, context=context)), daemon=True
    )
    worker.start()
    try:
        while worker.is_alive():
            worker.join(0.1)
    except KeyboardInterrupt:
        cancellation.cancel()
        worker.join(10)
    result = ended[0] if ended else TurnEnded("cancelled", 0)
    if args.json:
        emit(json.dumps({"tutor": tutor.label, "session_id": tutor.session_id, "said": args.message,
                         "events": records}, indent=2, ensure_ascii=False, default=str))  # fmt: skip
    else:
        print(f"\n({tutor.label}; session {tutor.session_id})", file=sys.stderr)
    return EXIT_ACCEPTED if result.reason == "answered" else EXIT_INTERNAL


def _close(given: str, known: Iterable[str]) -> str:
    from .domain.suggestions import did_you_mean

    return did_you_mean(given, known)


def _unknown_filter(problems: list, args: argparse.Namespace) -> str | None:
    """A ``--topic``, ``--technique`` or ``--pattern`` no problem has, said with the closest that
    some have (it would list nothing, as if the bank had no such problem)."""
    from .domain.vocabulary import Topic

    known = {
        "topic": {topic.value for topic in Topic},
        "technique": {tag for problem in problems for tag in problem.techniques},
        "pattern": {tag for problem in problems for tag in problem.patterns},
    }
    for option, names in known.items():
        given = getattr(args, option)
        if given and given not in names:
            return f"no problem has the {option} {given!r}.{_close(given, names)}"
    return None


def _known_session(services: Services, session_id: str) -> bool:
    """Whether ``--session`` names one of the current learner's conversations; if not, say so and
    show their recent ones, rather than start a new one as if it were the old."""
    learner = services.settings.user
    found = services.conversations.session(session_id)
    if found is not None and found.learner == learner:
        return True
    print(f"error: no session {session_id} for {learner}.", file=sys.stderr)
    recent = services.conversations.recent(learner)
    if not recent:
        print("You have no tutor sessions yet: leave out --session to start one.", file=sys.stderr)
        return False
    print("Your recent sessions (leave out --session to start a new one):", file=sys.stderr)
    for session in recent:
        state = "concluded" if session.concluded else "open"
        about = session.problem_id or "no problem"
        title = f"  {session.title}" if session.title else ""
        print(
            f"  {session.session_id}  {session.started_at:%Y-%m-%d %H:%M}  {about}  ({state}){title}", file=sys.stderr
        )
    return False


def _consent_on_terminal(host: str) -> bool:
    """Ask once before a cloud endpoint first receives code; without a terminal to ask on, the answer is no."""
    if not sys.stdin.isatty():
        print(f"The tutor at {host} is a cloud service: your code is not sent without your consent (the "
              "window asks for it, or answer here in a terminal).", file=sys.stderr)  # fmt: skip
        return False
    print(f"The tutor at {host} would receive your code. Send it? [y/N] ", end="", flush=True, file=sys.stderr)
    return sys.stdin.readline().strip().lower() in ("y", "yes")


def _data_reset(loaded: LoadedSettings, yes: bool) -> int:
    """Set the SQLite file aside (kept, never deleted) and start a fresh database."""
    from .storage.database import Database, set_aside, sqlite_url

    if loaded.settings.database_url:
        print("error: data reset starts a fresh local SQLite file; the database at database_url is "
              "shared and is reset by whoever runs it.", file=sys.stderr)  # fmt: skip
        return EXIT_REJECTED
    path = loaded.paths.database_file
    if not path.exists():
        print(f"There is no learner database at {path} yet: nothing to reset.")
        return EXIT_ACCEPTED
    if not yes:
        print(f"Set the learner database {path} aside (it is kept, with your runs) and start a fresh one? [y/N] ",
              end="", flush=True)  # fmt: skip
        answer = sys.stdin.readline().strip().lower()
        if answer not in ("y", "yes"):
            print("Nothing changed (run `codementor data reset --yes` to skip the question).")
            return EXIT_REJECTED
    kept = set_aside(path)
    Database.open(sqlite_url(path)).close()
    print(f"The old database is kept at {kept}; a fresh one is ready at {path}.")
    return EXIT_ACCEPTED


def _learner_data(loaded: LoadedSettings, args: argparse.Namespace) -> int:
    """``data export|import|delete``: everything about one learner, on the database the settings name."""
    from sqlalchemy.exc import DBAPIError

    from .storage import learner_data
    from .storage.database import Database, DatabaseCorrupt, sqlite_url
    from .storage.secrets import Credentials
    from .tools.services import database_url, join_class_as_logged_in

    named = getattr(args, "user", None) or getattr(args, "as_user", None)
    document = None
    if args.data_command == "import":
        try:
            document = json.loads(args.file.read_bytes().removeprefix(b"\xef\xbb\xbf").decode("utf-8"))
        except OSError as exc:
            print(f"error: {args.file} cannot be read: {exc.strerror or exc}.", file=sys.stderr)
            return EXIT_REJECTED
        except (UnicodeDecodeError, ValueError) as exc:
            print(f"error: {args.file} is not a JSON export ({exc}); nothing was imported.", file=sys.stderr)
            return EXIT_REJECTED
    try:
        # A class database's URL is kept without its password (``class join`` put it in the keyring).
        url = database_url(loaded.settings.database_url, Credentials())
        database = Database.open(url or sqlite_url(loaded.paths.database_file))
    except DatabaseCorrupt as exc:
        print(f"error: {exc}", file=sys.stderr)
        if args.data_command == "export":
            return _export_what_can_be_read(exc.path, named or loaded.settings.user, args.file)
        return EXIT_INTERNAL
    try:
        join_class_as_logged_in(loaded, database)  # on a class database, the learner is the login
        learner = named or loaded.settings.user
        if args.data_command == "delete" and not args.yes:
            print(f"Delete everything kept about {learner} (runs, drafts, analyses, hints, snapshots)? "
                  "It cannot be undone. [y/N] ", end="", flush=True)  # fmt: skip
            if sys.stdin.readline().strip().lower() not in ("y", "yes"):
                print(f"Nothing deleted (run `codementor data delete --user {learner} --yes` to skip the question).")
                return EXIT_REJECTED
        if args.data_command == "export":
            text = json.dumps(learner_data.export_learner(database, learner), indent=1, ensure_ascii=False)
            _write_export(text, args.file)
            if args.file is not None and str(args.file) != "-":
                print(f"Everything kept about {learner} is in {args.file}.")
            return EXIT_ACCEPTED
        if args.data_command == "import":
            try:
                added = learner_data.import_learner(database, document, learner)
            except learner_data.BadExport as exc:
                print(f"error: {args.file}: {exc}; nothing was imported.", file=sys.stderr)
                return EXIT_REJECTED
            except DBAPIError as exc:
                if "row-level security" not in str(exc.orig):
                    raise
                print(f"error: the class database refused rows for {learner}: a learner's login adds only its "
                      "own rows (import with --as YOUR_LOGIN); nothing was imported.", file=sys.stderr)  # fmt: skip
                return EXIT_REJECTED
            print(f"Imported into {learner}: {_counts(added)}.")
            return EXIT_ACCEPTED
        removed = learner_data.delete_learner(database, learner)
        print(f"Deleted everything kept about {learner}: {_counts(removed)}.")
        return EXIT_ACCEPTED
    finally:
        database.close()


def _write_export(text: str, file: Path | None) -> None:
    if file is None or str(file) == "-":
        emit(text)
        return
    partial = file.with_name(file.name + ".partial")
    partial.write_text(text + "\n", encoding="utf-8")
    partial.replace(file)  # a file that exists was written whole


def _export_what_can_be_read(path: Path, learner: str, file: Path | None) -> int:
    """A damaged database's export: what the learner would want from it is their rows, so every
    one that can be read is exported, and what could not be is listed (in the document too); the
    exit code says it is not whole."""
    from .storage.salvage import salvage_learner

    document, unreadable = salvage_learner(path, learner)
    _write_export(json.dumps(document, indent=1, ensure_ascii=False), file)
    where = "above" if file is None or str(file) == "-" else f"in {file}"
    rows = sum(len(rows) for rows in document["tables"].values())
    print(f"What could be read about {learner} ({rows} rows) is {where}.", file=sys.stderr)
    if unreadable:
        print('These could not be read (they are listed in the export\'s "unreadable" too):', file=sys.stderr)
        for sentence in unreadable:
            print(f"  - {sentence}", file=sys.stderr)
    else:
        print("Every row of the learner's tables was read; the damage is elsewhere in the file.", file=sys.stderr)
    return EXIT_INTERNAL


def _counts(per_table: dict[str, int]) -> str:
    shown = [f"{table} {count}" for table, count in per_table.items() if count]
    return ", ".join(shown) if shown else "nothing (no row was new)"


def _problems(loaded: LoadedSettings, args: argparse.Namespace) -> int:
    """The bank's commands: they read problem files only, never the learner database."""
    from .problems.sources import bank_loader

    user_problems = loaded.paths.user_problems_dir
    bank = bank_loader(loaded.paths, loaded.settings.problem_pack)()
    if args.problems_command == "list":
        unknown = _unknown_filter(bank.all(), args)
        if unknown is not None:
            print(f"error: {unknown}", file=sys.stderr)
            return EXIT_REJECTED
        try:
            found = bank.search(
                args.search,
                topic=args.topic,
                difficulty=args.difficulty,
                pattern=args.pattern,
                technique=args.technique,
            )
        except ValueError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return EXIT_REJECTED
        if args.json:
            rows = [
                {
                    "id": p.id,
                    "title": p.title,
                    "difficulty": p.difficulty.value,
                    "topics": [t.value for t in p.topics],
                    "techniques": p.techniques,
                    "patterns": p.patterns,
                    "estimated_minutes": p.estimated_minutes,
                }
                for p in found
            ]
            emit(json.dumps(rows, indent=2))
        else:
            for p in found:
                emit(f"{p.id:32} {p.difficulty.value:7} {', '.join(t.value for t in p.topics):28} {p.title}")
            print(f"{len(found)} problem(s)", file=sys.stderr)
        for error in bank.errors:
            print(f"skipped: {error}", file=sys.stderr)
        return EXIT_ACCEPTED
    if args.problems_command == "show":
        problem = bank.get(args.problem_id)
        if problem is None:
            print(f"error: no problem {args.problem_id!r}.{_close(args.problem_id, bank.problems)}", file=sys.stderr)
            return EXIT_REJECTED
        emit(f"# {problem.title} ({problem.difficulty.value})\n{problem.statement.strip()}")
        return EXIT_ACCEPTED
    if args.problems_command == "import":
        from .edge_cases.promises import promises_check
        from .problems.importer import import_problems
        from .runner.containment import Switches
        from .runner.local import LocalRunner

        # A pack's tests are held to its own promises; its preconditions run in restricted children.
        runner = LocalRunner(node_path=loaded.settings.node_path, layers=Switches.from_settings(loaded.settings))
        report = import_problems(args.path, user_problems, existing=bank, check=promises_check(runner))
        for line in report.lines():
            emit(line)
        return EXIT_ACCEPTED if report.installed and not report.rejected else EXIT_REJECTED
    return EXIT_REJECTED
