"""The JavaScript guard in every mode (``MODES``), above all in "guard only" (macOS, Windows), where
it is the one fence: it allows a listed set of built-in modules rather than blocking a list, so
Node's internal modules (``_http_client``, ``_tls_wrap``) reach no listener and no MCP port, and
``os.setPriority`` reaches no other process. Ordinary programs still run: files in the run's
folder, timers, events, async code, classes, util, assert, and Jest- and Mocha-style tests.

Each call runs in a separate "app" process (the tools, the runner) whose settings switch the
layers of the mode off; the test looks at the world afterwards (the listeners, the app's
priority), not only at what the learner's code reports.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from codementor_desktop.runner.containment import MODES
from codementor_desktop.runner.node import find_node
from tests.attacks import Listeners
from tests.conftest import REPO

pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the modes are Linux's layers switched off"),
    pytest.mark.skipif(find_node()[0] is None, reason="Node.js is not installed"),
]
EVERY_MODE = pytest.mark.parametrize("mode", list(MODES))

APP = r"""
import json, os, sys
from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.runner.app_process import protect_app_process
from codementor_desktop.storage.secrets import Credentials
from codementor_desktop.tools.context import ToolContext
from codementor_desktop.tools.services import Services

protect_app_process()
services = Services.build(credentials=Credentials(use_keyring=False))
tool, arguments = json.loads(sys.argv[1])
before = os.getpriority(os.PRIO_PROCESS, 0)
result = services.registry.call(tool, arguments, ToolContext(caller=Caller.PERSON, learner="ada"))
services.close()
print(json.dumps({"result": result, "nice_before": before, "nice_after": os.getpriority(os.PRIO_PROCESS, 0)},
                 default=str))
"""


def run_in_app(tool: str, arguments: dict, home: Path, mode: str) -> dict:
    switches = MODES[mode]
    (home / "config").mkdir(parents=True, exist_ok=True)
    (home / "config" / "settings.toml").write_text(
        "".join(
            f"containment_{name} = {str(getattr(switches, name)).lower()}\n"
            for name in ("namespaces", "landlock", "seccomp")
        )
    )
    done = subprocess.run(
        [sys.executable, "-c", APP, json.dumps([tool, arguments])],
        capture_output=True,
        text=True,
        timeout=90,
        cwd=REPO,
        env=dict(os.environ, CODEMENTOR_HOME=str(home)),
        start_new_session=True,  # a reniced app is that process, not this session
    )
    assert done.returncode == 0, f"the app did not survive (status {done.returncode}): {done.stderr[-2000:]}"
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture
def listeners(tmp_path):
    made = Listeners(tmp_path)
    yield made
    made.close()


JS_AROUND_THE_GUARD = """
function f(args) {
  const [port, unixPath] = args;
  const out = {};
  const attempt = (name, action) => { try { action(); out[name] = 'done'; } catch (error) { out[name] = error.name; } };
  const request = (options) => new (require('_http_client').ClientRequest)(options).on('error', () => {}).end();
  attempt('_http_client', () => request({ host: '127.0.0.1', port, path: '/' }));
  attempt('_http_client_unix', () => request({ socketPath: unixPath, path: '/' }));
  attempt('_tls_wrap', () => require('_tls_wrap').connect({ host: '127.0.0.1', port }).on('error', () => {}));
  attempt('node:_http_client', () => require('node:_http_client'));
  attempt('getBuiltinModule', () => process.getBuiltinModule('_http_client'));
  attempt('_http_agent', () => require('_http_agent'));
  attempt('_stream_wrap', () => require('_stream_wrap'));
  attempt('node:net', () => require('node:net').connect(port, '127.0.0.1').on('error', () => {}));
  attempt('mainModule._load', () => process.mainModule.constructor._load('net'));
  attempt('mainModule.require', () => process.mainModule.require('_http_client'));
  attempt('module', () => require('module'));
  attempt('node:test', () => require('node:test').run);
  attempt('worker_threads', () => require('worker_threads'));
  attempt('binding', () => process.binding('tcp_wrap'));
  attempt('_linkedBinding', () => process._linkedBinding('tcp_wrap'));
  attempt('internalBinding', () => internalBinding('tcp_wrap'));
  attempt('renice', () => require('os').setPriority(process.ppid, 19));
  attempt('renice_builtin', () => process.getBuiltinModule('node:os').setPriority(process.ppid, 18));
  attempt('own_priority', () => require('os').setPriority(process.pid, 1));
  return JSON.stringify(out);
}
"""


@EVERY_MODE
def test_node_internals_and_renicing_do_not_get_past_the_guard(mode, listeners, isolated_home):
    arguments = {"code": JS_AROUND_THE_GUARD, "language": "javascript", "input_data": [listeners.port, listeners.path],
                 "timeout_seconds": 5, "entry_point": "f"}  # fmt: skip
    report = run_in_app("bp_execute", arguments, isolated_home, mode)
    result = report["result"]
    assert result.get("error_code") is None and result["verdict"] == "AC", result
    outcome = json.loads(json.loads(result["return_value"]))
    escaped = {name: value for name, value in outcome.items() if value == "done" and name != "own_priority"}
    assert escaped == {}, outcome
    assert outcome["own_priority"] == "done", outcome  # its own priority stays the learner's
    assert report["nice_after"] == report["nice_before"]
    assert listeners.reached == 0


JS_ORDINARY = """
const fs = require('fs');
const path = require('node:path');
const { EventEmitter } = require('events');
const util = require('util');
const assert = require('assert');

class Counter extends EventEmitter {
  #count = 0;
  add() { this.#count += 1; this.emit('added', this.#count); }
}

async function f(x) {
  fs.writeFileSync('notes.txt', 'a,b,c');
  fs.mkdirSync('sub', { recursive: true });
  await fs.promises.writeFile(path.join('sub', 'x.json'), JSON.stringify({ x }));
  const back = JSON.parse(await fs.promises.readFile('sub/x.json', 'utf8'));
  const counter = new Counter();
  let seen = 0;
  counter.on('added', (n) => { seen = n; });
  counter.add();
  counter.add();
  await new Promise((resolve) => setTimeout(resolve, 1));
  await util.promisify(setImmediate)();
  await require('timers/promises').setTimeout(1);
  assert.deepStrictEqual(back, { x });
  const digest = require('crypto').createHash('sha256').update('x').digest('hex').slice(0, 6);
  const words = require('string_decoder') && new URL('https://example.org/a?b=1').searchParams.get('b');
  return [fs.readFileSync('notes.txt', 'utf8').split(',').length, back.x, seen, util.format('%d', 7), digest, words,
          require('os').EOL.length, Buffer.from('hi').toString('base64')];
}
"""

JEST_TESTS = """
const { sum } = require('./solution');
describe('sum', () => {
  beforeEach(() => {});
  test('adds', () => { expect(sum(1, 2)).toBe(3); });
  it('adds later', async () => { await new Promise((r) => setTimeout(r, 1)); expect(sum(2, 2)).toEqual(4); });
});
"""
MOCHA_TESTS = """
const assert = require('assert');
const { sum } = require('./solution');
describe('sum', function () {
  before(function () {});
  it('adds', function () { assert.strictEqual(sum(1, 2), 3); });
  it('adds with done', function (done) { setImmediate(() => { assert.equal(sum(2, 3), 5); done(); }); });
});
"""
SUM = "function sum(a, b) { return a + b; }\nmodule.exports = { sum };\n"


@EVERY_MODE
def test_ordinary_programs_still_run_in_every_mode(mode, isolated_home):
    arguments = {
        "code": JS_ORDINARY,
        "language": "javascript",
        "input_data": 3,
        "timeout_seconds": 5,
        "entry_point": "f",
    }
    result = run_in_app("bp_execute", arguments, isolated_home, mode)["result"]
    assert result["verdict"] == "AC", result
    assert json.loads(result["return_value"]) == [3, 3, 2, "7", "2d7116", "1", 1, "aGk="]


@EVERY_MODE
@pytest.mark.parametrize("framework,tests", [("jest", JEST_TESTS), ("mocha", MOCHA_TESTS)])
def test_jest_and_mocha_style_tests_still_run_in_every_mode(mode, framework, tests, isolated_home):
    arguments = {"code": SUM, "language": "javascript", "test_code": tests, "test_framework": framework,
                 "timeout_seconds": 5}  # fmt: skip
    result = run_in_app("bp_run_tests", arguments, isolated_home, mode)["result"]
    assert result["totals"]["passed"] == 2 and result["totals"]["total"] == 2, result
