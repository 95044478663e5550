"""What a run leaves under /dev/shm goes at its end; what a living process holds (another
program's shared memory, made while the run went on) stays."""

from __future__ import annotations

import os
import uuid

import pytest

from codementor_desktop.runner import shared_memory

pytestmark = pytest.mark.skipif(not os.path.isdir(shared_memory.SHM), reason="no /dev/shm here")


def test_only_new_names_that_no_process_holds_are_removed():
    kept_before = os.path.join(shared_memory.SHM, "cm-test-" + uuid.uuid4().hex)
    open(kept_before, "w").close()
    try:
        before = shared_memory.names()
        left = os.path.join(shared_memory.SHM, "cm-test-" + uuid.uuid4().hex)
        held = os.path.join(shared_memory.SHM, "cm-test-" + uuid.uuid4().hex)
        folder = os.path.join(shared_memory.SHM, "cm-test-" + uuid.uuid4().hex)
        open(left, "w").close()
        os.mkdir(folder)
        open(os.path.join(folder, "inside"), "w").close()
        with open(held, "w") as holding:
            removed = shared_memory.remove_new(before)
            assert os.path.basename(left) in removed and os.path.basename(folder) in removed
            assert not os.path.exists(left) and not os.path.exists(folder)
            assert os.path.exists(held) and not holding.closed  # in use by a living process
        os.unlink(held)
        assert os.path.exists(kept_before)  # there before the run: not the run's
    finally:
        os.unlink(kept_before)
