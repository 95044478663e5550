"""The services every caller shares, built once from the settings: the composition root of the
Qt-free part (the command line uses it as it is; ``app.py`` adds the window on top).

This is the one module that composes; the tool modules never import it (their handlers take the
``Workbench`` that ``Services`` extends), so there is no import circle through the tools.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..problems.sources import bank_loader
from ..runner import probe_memory
from ..runner.backend import Backend
from ..runner.executor import Executor
from ..runner.hidden_tests import GeneratedTests
from ..storage.analyses import AnalysisStore
from ..storage.conversations import Conversations
from ..storage.database import Database, sqlite_url
from ..storage.drafts import Drafts
from ..storage.interviews import Interviews
from ..storage.learner_history import LearnerHistory
from ..storage.own_tests import OwnTests
from ..storage.plans import Plans
from ..storage.rate_events import RateLimiter
from ..storage.runs import RunStore
from ..storage.secrets import Credentials
from ..storage.settings import LoadedSettings, Settings, load_settings
from .audit import AuditLog
from .catalog import register_all
from .registry import ToolRegistry
from .solutions import SolutionsDesk
from .workbench import Workbench

if TYPE_CHECKING:
    pass

log = logging.getLogger(__name__)
# The backend's "cannot be reached (ConnectError: [Errno 111] Connection refused)" -> "connection refused".
_UNREACHABLE = re.compile(r"cannot be reached \(\w+: (?:\[Errno -?\d+\] )?(.+?)\)\.")


def make_backend(settings: Settings, credentials: Credentials, standby: bool = True, locked: bool = False) -> Backend:
    """The execution backend the settings ask for. A local one keeps the next run's child started
    (``runner/standby.py``) unless ``standby`` is False (a process that runs once and ends).
    ``locked``: the administrator locked the backend (a lab), so no message suggests a local run."""
    if settings.backend == "piston":
        from ..runner.piston import PistonBackend

        return PistonBackend.from_settings(settings, credentials, locked)
    from ..runner.containment import Switches
    from ..runner.local import LocalRunner

    return LocalRunner(node_path=settings.node_path, layers=Switches.from_settings(settings), standby=standby)


def _end_standby(backend: Backend) -> None:
    """End the children a local runner keeps waiting for the next run (``runner/standby.py``)."""
    close = getattr(backend, "close", None)
    if callable(close):
        close()


def describe_piston(url: str, key: str = "", key_header: str = "Authorization") -> tuple[bool, str]:
    """Ask a Piston server for its runtimes; whether it answered and a sentence saying what was
    found ("Reached Piston at …: python 3.11.9, javascript 20.11.1") or why not. It waits on the
    network: call it off a window's thread."""
    from ..runner.backend import BackendUnavailable
    from ..runner.piston import PistonBackend

    backend = PistonBackend(url, key, key_header, attempts=1)
    try:
        runtimes = backend.runtimes()
        usable = backend.languages
    except BackendUnavailable as exc:
        unreachable = _UNREACHABLE.search(str(exc))
        if unreachable:  # the network's own words are the reason; the rest is advice for the variables
            return False, f"Could not reach {url}: {unreachable.group(1).lower()}."
        return False, str(exc)  # it answered, but not as Piston does: the backend's sentence says how
    newest: dict[str, tuple[tuple[int, ...], str]] = {}
    for runtime in runtimes:
        if isinstance(runtime, dict) and runtime.get("language") and runtime.get("version"):
            version = str(runtime["version"])
            number = tuple(int(p) for p in version.split(".") if p.isdigit())
            newest[str(runtime["language"])] = max(
                newest.get(str(runtime["language"]), (number, version)), (number, version)
            )
    if not newest:
        return True, f"Reached Piston at {url}, but it has no runtimes installed."
    found = ", ".join(f"{language} {version}" for language, (_n, version) in sorted(newest.items()))
    missing = [language for language in ("python", "javascript") if language not in usable]
    note = f"; it has no recent enough {' or '.join(missing)} for CodeMentor" if missing else ""
    return True, f"Reached Piston: {found}{note}."


def database_url(url: str, credentials: Credentials) -> str:
    """The settings' database URL with its password from the keyring (a class database's URL is
    kept without it: ``codementor class join`` puts the password in the keyring)."""
    if not url or url.startswith("sqlite"):
        return url
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.password or not parsed.username:
        return url
    password = credentials.get("database")
    return parsed.set(password=password).render_as_string(hide_password=False) if password else url


def join_class_as_logged_in(loaded: LoadedSettings, database: Database) -> None:
    """In a class database, the learner is the role logged in: the settings' ``user`` follows it
    and is locked (another name's rows are not theirs to read)."""
    if database.path is not None:
        return
    from ..storage.classroom import class_login

    with database.transaction() as connection:
        login = class_login(connection)
    if login is None or login[1] != "learner":
        return
    loaded.settings = loaded.settings.model_copy(update={"user": login[0]})
    loaded.locked.add("user")


@dataclass
class Services(Workbench):
    """The workbench the tools use, plus what only the app needs: the rate limits,
    the audit log, the keys, and the registry that runs the tools."""

    limiter: RateLimiter = field(kw_only=True)
    audit: AuditLog = field(kw_only=True)
    credentials: Credentials = field(kw_only=True)
    registry: ToolRegistry = field(init=False)
    drafts: Drafts = field(init=False)  # the window's drafts and problem statuses, for the current learner
    own_tests: OwnTests = field(init=False)  # the learner's own tests of each problem, which Run runs too
    history: LearnerHistory = field(init=False)  # hints taken, the tutor's escalations, session insights
    conversations: Conversations = field(init=False)  # the tutor's sessions, their messages and token usage
    plans: Plans = field(init=False)  # the learner's plans (BluePrint) and their /debug outcomes
    solutions: SolutionsDesk = field(init=False)  # the Solutions view: locked or not, its page, its counts
    interviews: Interviews = field(init=False)  # the learner's mock interviews, booked to debriefed

    @classmethod
    def build(
        cls, loaded: LoadedSettings | None = None, credentials: Credentials | None = None, standby: bool = True
    ) -> Services:
        """Open the database (``DatabaseCorrupt`` if it is damaged) and build everything on it.

        ``standby=False`` for a process that calls a tool or two and ends (the command line): a
        child started for a next run it will never make would only cost it time."""
        loaded = loaded or load_settings()
        paths = loaded.paths.ensure()
        probe_memory.keep_in(paths.cache_dir)  # what the kernel offers runs, known to the next command too
        settings = loaded.settings
        credentials = credentials or Credentials()
        credentials.use_system_file(loaded.system_keys, loaded.locked)  # a lab's keys, read only
        database = Database.open(database_url(settings.database_url, credentials) or sqlite_url(paths.database_file))
        join_class_as_logged_in(loaded, database)
        settings = loaded.settings
        executor = Executor(make_backend(settings, credentials, standby, "backend" in loaded.locked))
        services = cls(
            loaded=loaded,
            executor=executor,
            runs=RunStore(database),
            generated=GeneratedTests(executor, paths.cache_dir),
            load_bank=bank_loader(paths, settings.problem_pack),
            analyses=AnalysisStore(database),
            database=database,
            limiter=RateLimiter(database, settings.rate_limits),
            audit=AuditLog(paths.audit_log),
            credentials=credentials,
        )
        services.registry = ToolRegistry(services, services.limiter, services.audit)
        register_all(services.registry)
        services.drafts = Drafts(database, settings.user)
        services.own_tests = OwnTests(database)
        services.history = LearnerHistory(database)
        services.conversations = Conversations(database)
        services.plans = Plans(database)
        services.solutions = SolutionsDesk(services)
        services.interviews = Interviews(database)
        return services

    def apply_settings(self) -> None:
        """The settings changed (the settings dialog): the next run uses the runner and limits they
        name. A run going on keeps the executor it started with."""
        standby = getattr(self.executor.backend, "keeps_standby", True)
        executor = Executor(make_backend(self.settings, self.credentials, standby, "backend" in self.loaded.locked))
        self.generated = GeneratedTests(executor, self.paths.cache_dir)
        previous, self.executor = self.executor, executor
        _end_standby(previous.backend)  # its waiting children were started under the old settings

    def close(self) -> None:
        _end_standby(self.executor.backend)
        self.drafts.close()
        self.audit.close()
        self.database.close()
