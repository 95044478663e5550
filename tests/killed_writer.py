"""A writer for the kill tests, run as ``python -m tests.killed_writer URL [import FILE]``.

By default it saves snapshots of ``ada``'s code in a loop, each about 120 KB, and prints each
one's number once it is committed. With ``import FILE`` it imports that export again and again,
each time as a new learner (``copy-0``, ``copy-1``...), and prints each number once committed."""

from __future__ import annotations

import sys

from codementor_desktop.storage.database import Database
from codementor_desktop.storage.learner_history import LearnerHistory
from codementor_desktop.storage.snapshots import CodeSnapshots


def code_of(number: int) -> str:
    return f"# version {number}\n" + "total = total + 1\n" * 7000


def main(url: str, mode: str = "snapshots", file: str = "") -> None:
    database = Database.open(url)
    if mode == "import":
        import json

        from codementor_desktop.storage.learner_data import import_learner

        document = json.loads(open(file, encoding="utf-8").read())
        number = 0
        while True:
            import_learner(database, document, f"copy-{number}")
            print(number, flush=True)
            number += 1
    snapshots, history = CodeSnapshots(database), LearnerHistory(database)
    number = 0
    while True:
        snapshots.save("ada", "two-sum", code_of(number), name=f"v{number}")
        history.record_insight("ada", {"version": number, "notes": ["kept whole"] * 500})
        print(number, flush=True)
        number += 1


if __name__ == "__main__":
    main(*sys.argv[1:])
