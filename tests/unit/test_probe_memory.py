"""The layers probe's finding, kept between processes: used while its key holds, probed again after."""

from __future__ import annotations

import json
import time

import pytest

from codementor_desktop.runner import containment, probe_memory


@pytest.fixture
def kept_in(tmp_path):
    probe_memory.keep_in(tmp_path)
    containment._probe_once.cache_clear()
    yield tmp_path
    probe_memory.keep_in(None)
    containment._probe_once.cache_clear()


def test_a_finding_is_recalled_under_its_key_only(kept_in):
    wanted = probe_memory.key(["python"], [])
    probe_memory.remember(wanted, {"seccomp": True})
    assert probe_memory.recall(wanted) == {"seccomp": True}
    assert probe_memory.recall({**wanted, "boot": "another boot"}) is None


def test_an_old_or_damaged_entry_is_not_believed(kept_in):
    wanted = probe_memory.key(["python"], [])
    probe_memory.remember(wanted, {"seccomp": True})
    entry = kept_in / probe_memory.FILE_NAME
    old = json.loads(entry.read_text())
    old["at"] = time.time() - probe_memory.KEEP_SECONDS - 1
    entry.write_text(json.dumps(old))
    assert probe_memory.recall(wanted) is None
    entry.write_text("{not json")
    assert probe_memory.recall(wanted) is None


def test_the_probe_takes_a_kept_finding_and_keeps_a_new_one(kept_in):
    found = containment.probe()  # probed for real, and kept
    entry = json.loads((kept_in / probe_memory.FILE_NAME).read_text())
    assert entry["found"]["seccomp"] == found.seccomp
    # A finding no probe of this machine gives: only the kept entry can say it.
    entry["found"]["landlock_abi"] = 99
    (kept_in / probe_memory.FILE_NAME).write_text(json.dumps(entry))
    containment._probe_once.cache_clear()
    assert containment.probe().landlock_abi == 99
    # The launcher's code changed: its key no longer holds, and the machine is probed again.
    entry["key"]["code"] = [["another confinement.py"]]
    (kept_in / probe_memory.FILE_NAME).write_text(json.dumps(entry))
    containment._probe_once.cache_clear()
    assert containment.probe().landlock_abi == found.landlock_abi
