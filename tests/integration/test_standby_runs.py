"""A runner that keeps the next run's child started (``runner/standby.py``) holds every run as a
runner that starts each child on demand: a fresh process and run folder per run, the same
layers, nothing of one run seen by the next, and no child left behind when it closes."""

from __future__ import annotations

import json
import os
import time
import uuid

import pytest

from codementor_desktop.runner.containment import Switches, probe
from codementor_desktop.runner.local import LocalRunner
from codementor_desktop.runner.node import find_node
from codementor_desktop.runner.protocol import Limits, execute_job
from codementor_desktop.runner.results import executed_once
from tests.attacks import processes_marked

KERNEL = probe()
pytestmark = pytest.mark.skipif(
    not (KERNEL.bwrap and KERNEL.landlock_abi > 0 and KERNEL.seccomp),
    reason=f"needs bubblewrap, Landlock and seccomp here: {KERNEL.missing}",
)
needs_node = pytest.mark.skipif(find_node()[0] is None, reason="Node.js is not installed")
MODES = pytest.mark.parametrize("layers", [Switches(), Switches(namespaces=False)], ids=["all", "no_namespaces"])

LOOK_AROUND = """
import json, os
def f(before):
    found = {"folder": os.getcwd(), "mark": os.environ.get("CM_RUN_MARK"), "pid": os.getpid()}
    found["left_before"] = os.path.exists(os.path.join(before, "left.txt")) if before else None
    with open("left.txt", "w") as handle:
        handle.write("from this run")
    for name, action in (("fork", os.fork), ("socket", lambda: __import__("_socket").socket())):
        try:
            action()
            found[name] = "done"
        except OSError as exc:
            found[name] = type(exc).__name__
    return json.dumps(found)
"""


def look_around(runner: LocalRunner, mark: str, before: str = "") -> tuple[dict, list[str]]:
    job = execute_job("python", LOOK_AROUND, Limits(timeout_seconds=5), arguments={"input_data": before})
    job["guard"] = False  # the kernel's layers alone
    job["env"] = {"CM_RUN_MARK": mark}
    report = runner.run(job, 15)
    result = executed_once(report)
    assert result["verdict"] == "AC", result
    return json.loads(json.loads(result["return_value"])), report.containment


@MODES
def test_each_run_gets_a_fresh_child_and_folder_under_the_same_layers(layers):
    mark = "CM_MARK_" + uuid.uuid4().hex
    on_demand = LocalRunner(layers=layers)
    runner = LocalRunner(layers=layers, standby=True)
    try:
        _, expected = look_around(on_demand, mark)
        first, first_layers = look_around(runner, mark)  # the first run's child starts on demand
        assert runner.wait_for_standby(30)
        assert processes_marked(mark), "a child waits for the next run"
        second, second_layers = look_around(runner, mark, first["folder"])
        assert first_layers == second_layers == expected
        for seen in (first, second):
            assert seen["mark"] == mark
            assert seen["fork"] == "PermissionError" and seen["socket"] == "PermissionError", seen
        assert second["left_before"] is False, "the run before left nothing this one can see"
        assert not os.path.exists(first["folder"]) and not os.path.exists(second["folder"])
        if not layers.namespaces:
            assert second["pid"] != first["pid"]
    finally:
        runner.close()
    deadline = time.monotonic() + 5
    while processes_marked(mark) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert processes_marked(mark) == [], "closing the runner ends the child that waited"


def test_a_job_with_another_launch_starts_its_own_child():
    runner = LocalRunner(standby=True)
    try:
        first_mark, other_mark = "CM_MARK_" + uuid.uuid4().hex, "CM_MARK_" + uuid.uuid4().hex
        look_around(runner, first_mark)
        assert runner.wait_for_standby(30)
        seen, _ = look_around(runner, other_mark)  # the waiting child has the first environment
        assert seen["mark"] == other_mark
        assert runner.wait_for_standby(30)
        assert processes_marked(first_mark), "the other launch's child still waits for a job like its own"
    finally:
        runner.close()


@needs_node
def test_javascript_runs_from_a_waiting_child_keep_their_layers():
    code = "function f(x) { return x * 2; }\n"
    job = execute_job("javascript", code, Limits(timeout_seconds=5), arguments={"input_data": 21})
    expected = LocalRunner().run(dict(job), 15).containment
    runner = LocalRunner(standby=True)
    try:
        for _ in range(3):
            report = runner.run(dict(job), 15)
            result = executed_once(report)
            assert result["verdict"] == "AC" and result["return_value"] == "42", result
            assert report.containment == expected
            assert runner.wait_for_standby(30)
    finally:
        runner.close()


NOTHING_MADE_READY = """
import json, sys
def f(x):
    left = [name for name, module in list(sys.modules.items()) if getattr(module, "_made_before", None)]
    return json.dumps(left)
"""


@pytest.mark.parametrize(
    "layers", [Switches(), Switches(namespaces=False, landlock=False, seccomp=False)], ids=["all", "none"]
)
def test_what_a_waiting_child_made_ready_is_gone_before_the_learners_code(layers):
    runner = LocalRunner(layers=layers, standby=True)
    try:
        for _ in range(2):  # the first child on demand, the second from the standby
            job = execute_job("python", NOTHING_MADE_READY, Limits(timeout_seconds=5), arguments={"input_data": 1})
            job["guard"] = False
            result = executed_once(runner.run(job, 15))
            assert result["verdict"] == "AC", result
            assert json.loads(json.loads(result["return_value"])) == []
            assert runner.wait_for_standby(30)
    finally:
        runner.close()


def test_the_app_keeps_the_next_child_started_and_a_one_shot_command_does_not(isolated_home):
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.tools.services import Services

    app = Services.build(credentials=Credentials(use_keyring=False))
    try:
        assert app.executor.backend.keeps_standby
        app.apply_settings()  # the settings dialog: the new runner keeps it too
        assert app.executor.backend.keeps_standby
    finally:
        app.close()
    once = Services.build(credentials=Credentials(use_keyring=False), standby=False)
    try:
        assert not once.executor.backend.keeps_standby
    finally:
        once.close()


def test_runs_back_to_back_take_the_child_that_is_still_starting_or_their_own():
    mark = "CM_MARK_" + uuid.uuid4().hex
    runner = LocalRunner(standby=True)
    try:
        folders = set()
        for _ in range(4):  # no wait between them: the next child may still be starting
            seen, layers = look_around(runner, mark)
            assert layers[:3] == ["namespaces", "landlock", "seccomp"]
            assert seen["left_before"] is None and seen["fork"] == "PermissionError"
            folders.add(seen["folder"])
        assert len(folders) == 4, "every run had a folder of its own"
    finally:
        runner.close()


GUARDED = """
import json
def f(x):
    found = {}
    import _posixsubprocess
    try:
        _posixsubprocess.fork_exec()
        found["fork_exec"] = "ran"
    except Exception as exc:
        found["fork_exec"] = type(exc).__name__
    try:
        open("/etc/hostname-outside", "w")
        found["write"] = "done"
    except Exception as exc:
        found["write"] = type(exc).__name__
    return json.dumps(found)
"""


@MODES
def test_the_guard_of_a_waiting_child_holds_as_an_on_demand_childs(layers):
    job = execute_job("python", GUARDED, Limits(timeout_seconds=5), arguments={"input_data": 1})
    expected = executed_once(LocalRunner(layers=layers).run(dict(job), 15))
    runner = LocalRunner(layers=layers, standby=True)
    try:
        runner.run(dict(job), 15)
        assert runner.wait_for_standby(30)
        result = executed_once(runner.run(dict(job), 15))  # from the waiting child
    finally:
        runner.close()
    assert result["verdict"] == expected["verdict"] == "AC", (result, expected)
    seen = json.loads(json.loads(result["return_value"]))
    assert seen == json.loads(json.loads(expected["return_value"]))
    assert seen == {"fork_exec": "SandboxViolation", "write": "SandboxViolation"}
