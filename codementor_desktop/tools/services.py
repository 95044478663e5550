"""The services every caller shares, built once from the settings: the composition root of the
Qt-free part (the command line uses it as it is; ``app.py`` adds the window on top).

This is the one module that composes; the tool modules never import it (their handlers take the
``Workbench`` that ``Services`` extends), so there is no import circle through the tools.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..runner.executor import Backend, Executor
from ..runner.hidden_tests import GeneratedTests
from ..storage.analyses import AnalysisStore
from ..storage.database import Database, sqlite_url
from ..storage.drafts import Drafts
from ..storage.own_tests import OwnTests
from ..storage.paths import AppPaths
from ..storage.rate_events import RateLimiter
from ..storage.runs import RunStore
from ..storage.secrets import Credentials
from ..storage.settings import LoadedSettings, Settings, load_settings
from .audit import AuditLog
from .catalog import register_all
from .registry import ToolRegistry
from .workbench import Workbench

if TYPE_CHECKING:
    from ..problems.bank import ProblemBank

log = logging.getLogger(__name__)


def make_backend(settings: Settings, credentials: Credentials) -> Backend:
    """The execution backend the settings ask for."""
    if settings.backend == "piston":
        from ..runner.piston import PistonBackend

        return PistonBackend.from_settings(settings, credentials)
    from ..runner.containment import Switches
    from ..runner.local import LocalRunner

    return LocalRunner(node_path=settings.node_path, layers=Switches.from_settings(settings))


def bank_loader(paths: AppPaths) -> Callable[[], ProblemBank]:
    """Loads the built-in problems and the user's; a skipped file goes to the log."""

    def load() -> ProblemBank:
        from ..problems.bank import load_bank
        from ..resources import builtin_problems_dir

        bank = load_bank([builtin_problems_dir(), paths.user_problems_dir])
        for problem in bank.errors:
            log.warning("problem skipped: %s", problem)
        return bank

    return load


@dataclass
class Services(Workbench):
    """The workbench the tools use, plus what only the app needs: the database, the rate limits,
    the audit log, the keys, and the registry that runs the tools."""

    database: Database = field(kw_only=True)
    limiter: RateLimiter = field(kw_only=True)
    audit: AuditLog = field(kw_only=True)
    credentials: Credentials = field(kw_only=True)
    registry: ToolRegistry = field(init=False)
    drafts: Drafts = field(init=False)  # the window's drafts and problem statuses, for the current learner
    own_tests: OwnTests = field(init=False)  # the learner's own tests of each problem, which Run runs too

    @classmethod
    def build(cls, loaded: LoadedSettings | None = None, credentials: Credentials | None = None) -> Services:
        """Open the database (``DatabaseCorrupt`` if it is damaged) and build everything on it."""
        loaded = loaded or load_settings()
        paths = loaded.paths.ensure()
        settings = loaded.settings
        credentials = credentials or Credentials()
        database = Database.open(settings.database_url or sqlite_url(paths.database_file))
        executor = Executor(make_backend(settings, credentials))
        services = cls(
            loaded=loaded,
            executor=executor,
            runs=RunStore(database),
            generated=GeneratedTests(executor, paths.cache_dir),
            load_bank=bank_loader(paths),
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
        return services

    def close(self) -> None:
        self.drafts.close()
        self.audit.close()
        self.database.close()
