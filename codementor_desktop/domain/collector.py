"""The cyclic garbage collector paused while many small, acyclic objects are made at once."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while many small objects are made, none in a cycle
    (a trace's 100,000 steps streaming in; a learner's 10,000 attempts read and summed).

    The collector, woken every 700 new objects, would walk them over and over (most of the work's
    time), and once more, all of them, when it is enabled again. So at the end they go straight to
    the oldest generation (``freeze`` then ``unfreeze`` move objects between generations without
    looking at them), where the next full collection sees them, as it sees the rest of the app.
    It resumes even if another such piece of work still runs.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.unfreeze()
        if enabled:
            gc.enable()
