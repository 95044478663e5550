"""The services every caller shares, built once from the settings: the composition root of the
Qt-free part (the command line uses it as it is; ``app.py`` adds the window on top)."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from ..problems.bank import ProblemBank, load_bank
from ..resources import builtin_problems_dir
from ..runner.containment import Switches
from ..runner.executor import Executor
from ..runner.local import LocalRunner
from ..storage.database import Database, sqlite_url
from ..storage.paths import AppPaths
from ..storage.secrets import Credentials
from ..storage.settings import LoadedSettings, Settings, load_settings
from .audit import AuditLog
from .problem_tests import GeneratedTests
from .ratelimit import RateLimiter
from .registry import ToolRegistry
from .runs import RunStore

log = logging.getLogger(__name__)


def make_backend(settings: Settings, credentials: Credentials):
    """The execution backend the settings ask for."""
    if settings.backend == "piston":
        from ..runner.piston import PistonBackend

        return PistonBackend.from_settings(settings, credentials)
    return LocalRunner(node_path=settings.node_path, layers=Switches.from_settings(settings))


@dataclass
class Services:
    loaded: LoadedSettings
    database: Database
    bank: ProblemBank
    executor: Executor
    runs: RunStore
    limiter: RateLimiter
    audit: AuditLog
    generated: GeneratedTests
    credentials: Credentials
    registry: ToolRegistry = field(init=False)

    @property
    def settings(self) -> Settings:
        return self.loaded.settings

    @property
    def paths(self) -> AppPaths:
        return self.loaded.paths

    @classmethod
    def build(cls, loaded: LoadedSettings | None = None, credentials: Credentials | None = None) -> Services:
        loaded = loaded or load_settings()
        paths = loaded.paths.ensure()
        settings = loaded.settings
        credentials = credentials or Credentials()
        database = Database.open(settings.database_url or sqlite_url(paths.database_file))
        bank = load_bank([builtin_problems_dir(), paths.user_problems_dir])
        for problem in bank.errors:
            log.warning("problem skipped: %s", problem)
        executor = Executor(make_backend(settings, credentials))
        services = cls(
            loaded=loaded,
            database=database,
            bank=bank,
            executor=executor,
            runs=RunStore(database),
            limiter=RateLimiter(database, settings.rate_limits),
            audit=AuditLog(paths.audit_log),
            generated=GeneratedTests(executor, paths.cache_dir),
            credentials=credentials,
        )
        services.registry = build_registry(services)
        return services

    def close(self) -> None:
        self.audit.close()
        self.database.close()


def build_registry(services: Services) -> ToolRegistry:
    from . import debugging, execution, testing, visualizing

    registry = ToolRegistry(services)
    for tool in execution.TOOLS:
        registry.register(tool)
    for tool in testing.TOOLS:
        registry.register(tool)
    for tool in debugging.TOOLS:
        registry.register(tool)
    for tool in visualizing.TOOLS:
        registry.register(tool)
    return registry
