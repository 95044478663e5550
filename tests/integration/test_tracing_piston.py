"""bp_trace and bp_breakpoint through a Piston-protocol server on loopback give what they give
locally: the harness ships every module the trace modes import, and their frames are compact."""

from __future__ import annotations

import base64
import json
import os
import zlib

import pytest

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.runner.child.python.frames import FrameWriter
from codementor_desktop.runner.piston import child_files
from codementor_desktop.storage.secrets import Credentials
from codementor_desktop.tools.context import ToolContext
from codementor_desktop.tools.services import Services
from tests.fakes.piston_server import FakePiston

PROGRAM = """class Node:
    def __init__(self, val):
        self.val = val
        self.next = None

def build(values):
    head = None
    for v in reversed(values):
        node = Node(v)
        node.next = head
        head = node
    total = 0
    seen = []
    while head:
        total += head.val
        seen.append(total)
        head = head.next
    print('sum', total)
    return seen
"""
COMPARED = ("status", "stop_reason", "total_steps", "steps", "line_counts", "stdout", "return_value", "return_text")


def call(services, tool, arguments):
    return services.registry.call(tool, arguments, ToolContext(caller=Caller.PERSON, learner="ada"))


@pytest.fixture
def piston(isolated_home, monkeypatch):
    """Services whose backend is a Piston server (roomy enough for a trace's output)."""
    with FakePiston(output_max_size=256 * 1024) as server:  # bodies up to a stock server's 100 KB
        monkeypatch.setenv("CODEMENTOR_BACKEND", "piston")
        monkeypatch.setenv("CODEMENTOR_PISTON_URL", server.url)
        services = Services.build(credentials=Credentials(use_keyring=False))
        yield services, server
        services.close()


def shipped(mode):
    """The names of the harness files a Piston job carries for ``mode``, unpacked if packed."""
    files = child_files("python", mode)
    if files[0]["name"] != "unpack.py":
        return [f["name"] for f in files]
    assert [f["name"] for f in files] == ["unpack.py", "harness.b64"]
    parts = zlib.decompress(base64.b64decode(files[1]["content"])).decode("utf-8").split("\0")
    return parts[::2]


def test_the_trace_modes_ship_every_module_they_import_in_a_request_a_stock_server_takes():
    for mode in ("trace", "breakpoint"):
        names = shipped(mode)
        assert names[0] == "entry.py"
        assert {
            "trace_run.py",
            "tracer.py",
            "call_state.py",
            "heap.py",
            "heap_reading.py",
            "line_names.py",
            "loops.py",
            "value_text.py",
        } <= set(names)
        assert len(json.dumps(child_files("python", mode))) < 60 * 1024  # of the 100 KB a stock server takes
    assert "breakpoints.py" in shipped("breakpoint")


def test_a_trace_through_piston_is_the_local_trace(services, piston):
    remote, server = piston
    arguments = {"language": "python", "code": PROGRAM, "input_data": [4, 1, 3], "max_steps": 500}
    here = call(services, "bp_trace", arguments)
    there = call(remote, "bp_trace", arguments)
    assert there["backend"] == "piston" and here["backend"] == "local"
    assert there["stop_reason"] == "finished" and there["total_steps"] > 40
    assert {key: there.get(key) for key in COMPARED} == {key: here.get(key) for key in COMPARED}
    assert any(r.get("body") and r["body"]["files"][0]["name"] == "unpack.py" for r in server.requests)


def test_a_stopped_trace_through_piston_keeps_its_diagnosis(services, piston):
    remote, _server = piston
    code = "def spin(n):\n    i = 0\n    while i < n:\n        n += 1\n        i += 1\n    return i\n"
    arguments = {"language": "python", "code": code, "input_data": 3, "max_steps": 60}
    here, there = call(services, "bp_trace", arguments), call(remote, "bp_trace", arguments)
    assert there["stop_reason"] == "max_steps" and there["steps"] == here["steps"]
    assert there["diagnosis"]["kind"] == "loop" and there["diagnosis"]["lines"] == here["diagnosis"]["lines"]


def test_a_breakpoint_through_piston_stops_where_it_stops_locally(services, piston):
    remote, _server = piston
    arguments = {"language": "python", "code": PROGRAM, "input_data": [4, 1, 3], "condition": "total > 4"}
    here, there = call(services, "bp_breakpoint", arguments), call(remote, "bp_breakpoint", arguments)
    assert there["hit"] and there["line"] == here["line"] == 16
    assert there["stack"][0]["variables"] == here["stack"][0]["variables"]


def test_trace_batches_go_through_the_compactor():
    read, write = os.pipe()
    try:
        FrameWriter("n0nce", write, compact=True).send_steps(0, [[0, 1, 0], [0, 2, 0, {"x": 1}]])
        compact = os.read(read, 65536).decode()
        FrameWriter("n0nce", write).send_steps(0, [[0, 1, 0]])
        plain = os.read(read, 65536).decode()
    finally:
        os.close(read)
        os.close(write)
    assert '"k":"trace_batch"' in compact and '"kind"' not in compact
    assert '"kind":"trace_batch"' in plain


JS_PROGRAM = """function build(values) {
  let total = 0;
  const seen = [];
  for (const v of values) {
    total += v;
    seen.push(total);
  }
  console.log('sum', total);
  return seen;
}
"""


def test_a_javascript_trace_through_piston_is_the_local_trace_and_travels_packed(services, piston):
    remote, server = piston
    arguments = {"language": "javascript", "code": JS_PROGRAM, "input_data": [4, 1, 3], "max_steps": 500}
    here = call(services, "bp_trace", arguments)
    there = call(remote, "bp_trace", arguments)
    assert there["backend"] == "piston" and here["backend"] == "local"
    assert there["stop_reason"] == "finished" and there["return_value"] == here["return_value"]
    assert {key: there.get(key) for key in COMPARED} == {key: here.get(key) for key in COMPARED}
    bodies = [r["body"] for r in server.requests if r.get("body")]
    assert bodies[-1]["files"][0]["name"] == "unpack.js"
    assert len(json.dumps(bodies[-1])) < 100 * 1024  # a stock server's request limit


def test_a_javascript_breakpoint_through_piston_stops_where_it_stops_locally(services, piston):
    remote, _server = piston
    arguments = {"language": "javascript", "code": JS_PROGRAM, "input_data": [4, 1, 3], "condition": "total > 4"}
    here, there = call(services, "bp_breakpoint", arguments), call(remote, "bp_breakpoint", arguments)
    assert there["hit"] and there["line"] == here["line"]
    assert there["stack"][0]["variables"] == here["stack"][0]["variables"]


def test_a_javascript_run_does_not_carry_the_tracer():
    names = {f["name"] for f in child_files("javascript", "execute")}
    if "harness.b64" in names:
        packed = next(f for f in child_files("javascript", "execute") if f["name"] == "harness.b64")
        names = set(zlib.decompress(base64.b64decode(packed["content"])).decode("utf-8").split("\0")[::2])
    assert "harness.js" in names and "tracer.js" not in names and "trace_run.js" not in names


@pytest.mark.parametrize("language", ["python", "javascript"])
def test_a_trace_of_a_bank_problem_through_piston_is_the_local_trace(services, piston, language):
    remote, _server = piston
    code = services.bank.get("tree-diameter").reference_solution(language)
    arguments = {"language": language, "code": code, "problem_id": "tree-diameter", "test_id": 2, "max_steps": 5000}
    here, there = call(services, "bp_trace", arguments), call(remote, "bp_trace", arguments)
    assert there["backend"] == "piston" and there["stop_reason"] == "finished", there.get("message")
    assert there["matches_expected"] is True and there["answer"] == here["answer"] == "6"
    assert there["steps"] == here["steps"]
