"""Where the bank's problems come from: the built-in ones, the class's problem pack (a shared
folder or zip an instructor publishes) and the learner's own folder."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ..storage.paths import AppPaths

if TYPE_CHECKING:
    from .bank import ProblemBank

log = logging.getLogger(__name__)


def bank_loader(paths: AppPaths, problem_pack: str = "") -> Callable[[], ProblemBank]:
    """Loads the built-in problems, the class's problem pack (a shared folder or zip) and the
    user's; the built-in bank wins a clash of ids, then the pack. A skipped file goes to the log."""

    def load() -> ProblemBank:
        # Imported here: a command that never reads the bank (one tool call on a snippet) skips it.
        from ..resources import builtin_problems_dir
        from .bank import load_bank
        from .importer import pack_folder

        folders = [builtin_problems_dir()]
        if problem_pack:
            pack = pack_folder(Path(problem_pack).expanduser(), paths.cache_dir / "problem-pack")
            if pack is None:
                log.warning("the problem pack %s is not there (a shared folder not mounted?)", problem_pack)
            else:
                folders.append(pack)
        bank = load_bank([*folders, paths.user_problems_dir])
        for problem in bank.errors:
            log.warning("problem skipped: %s", problem)
        return bank

    return load
