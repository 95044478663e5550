"""What a tool's handler works with: the settings, the executor, the stored runs and analyses, the
problem bank and its generated tests. ``services.py`` builds one; a handler only uses it.

The bank is loaded on first use: a call that runs a snippet never reads the bank's problem files.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..runner.executor import Executor
from ..runner.hidden_tests import GeneratedTests
from ..storage.analyses import AnalysisStore
from ..storage.database import Database
from ..storage.paths import AppPaths
from ..storage.runs import RunStore
from ..storage.settings import LoadedSettings, Settings

if TYPE_CHECKING:
    from ..problems.bank import ProblemBank


@dataclass
class Workbench:
    loaded: LoadedSettings
    executor: Executor
    runs: RunStore
    generated: GeneratedTests
    load_bank: Callable[[], ProblemBank] = field(repr=False)
    analyses: AnalysisStore = field(kw_only=True, repr=False)
    database: Database = field(kw_only=True, repr=False)
    _bank: ProblemBank | None = field(default=None, init=False, repr=False)
    _bank_lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)

    @property
    def settings(self) -> Settings:
        return self.loaded.settings

    @property
    def paths(self) -> AppPaths:
        return self.loaded.paths

    @property
    def bank(self) -> ProblemBank:
        """The problem bank, loaded the first time it is asked for."""
        with self._bank_lock:
            if self._bank is None:
                self._bank = self.load_bank()
            return self._bank

    @property
    def backend_name(self) -> str:
        """Where code runs (``local`` or ``piston``), for a status line."""
        return self.executor.backend.name

    def containment(self) -> list[tuple[str, bool, str]]:
        """The kernel's layers around a run, each with whether runs get it and why (the first call
        probes the machine: a child process, so not on a window's thread)."""
        if self.backend_name != "local":
            return [("piston", True, "the Piston server's own sandbox holds each run")]
        if not sys.platform.startswith("linux"):
            return []
        from ..runner.containment import Switches, probe

        return probe().describe(Switches.from_settings(self.settings))

    def containment_mode(self) -> str | None:
        """The mode a local run is held in ("all layers", "no namespaces", "seccomp only", "guard
        only": ``runner.containment.MODES``); None when a Piston server runs the code."""
        if self.backend_name != "local":
            return None
        from ..runner.containment import Switches, machine_mode

        return machine_mode(Switches.from_settings(self.settings))
