"""The causes of issue "containment" through every mode that runs learner code, from the tools a
learner and a model call: Submit (``execute_code``), ``bp_execute``, ``bp_trace``,
``bp_breakpoint`` and ``bp_run_tests``, with every layer and again without the namespace.

Each run happens inside a separate "app" process (the tools, the runner, the keys), so a learner
who reaches the app kills that process and not the test session. The learner's code first tries to
switch the guard off from inside, then aims at the app, the disk outside its folder, the network
and the shell (processes that outlive a run are tested per layer in ``test_containment.py``); the test looks at what the world shows afterwards, not at what the code
reports.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from tests.attacks import Listeners
from tests.conftest import REPO

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the kernel's layers are Linux's")
needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="JavaScript runs need Node.js on the PATH")

APP = """
import json, sys
from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.runner.app_process import protect_app_process
from codementor_desktop.storage.secrets import Credentials
from codementor_desktop.tools.context import ToolContext
from codementor_desktop.tools.services import Services

protect_app_process()
services = Services.build(credentials=Credentials(use_keyring=False))
tool, arguments = json.loads(sys.argv[1])
result = services.registry.call(tool, arguments, ToolContext(caller=Caller.PERSON, learner="ada"))
services.close()
print(json.dumps(result, default=str))
"""

# Module level runs in every mode; each attempt is wrapped so that the next one is still tried.
PY_ATTACK = """
import os, signal, sys, gc
def _try(action):
    try:
        action()
    except BaseException:
        pass
def _guard_off():
    # What a learner finds by reading the guard: its tables emptied, its checks lied to.
    for name, module in list(sys.modules.items()):
        if module is None or name.rpartition(".")[2] != "sandbox":
            continue
        for attr, value in list(vars(module).items()):
            if attr.isupper() or attr.startswith("_") and attr[1:].isupper():
                if isinstance(value, (set, dict, list)):
                    _try(value.clear)
    import builtins
    builtins.any = lambda items: False
    builtins.all = lambda items: True
_try(_guard_off)
_try(lambda: os.kill(os.getppid(), signal.SIGKILL) if os.getppid() > 1 else None)
_try(lambda: os.kill(os.getppid(), signal.SIGSTOP) if os.getppid() > 1 else None)
def _write_outside():
    folder = os.open(OUTSIDE_DIR, os.O_RDONLY)
    fd = os.open(MARK, os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=folder)
    os.write(fd, b"escaped")
_try(_write_outside)
def _fchdir_write():
    os.fchdir(os.open(OUTSIDE_DIR, os.O_RDONLY))
    with open(MARK + ".cwd", "w") as handle:
        handle.write("escaped")
_try(_fchdir_write)
def _connect():
    import socket
    s = socket.socket()
    s.settimeout(1)
    s.connect(("127.0.0.1", PORT))
    s.sendall(b"escaped")
_try(_connect)
_try(lambda: os.system("echo escaped > " + OUTSIDE_DIR + "/" + MARK + ".sh"))

def identity(x):
    return x
"""

JS_ATTACK = """
const _try = (action) => { try { action(); } catch (error) {} };
_try(() => process._kill(process.ppid, 9));
_try(() => process.kill(process.ppid, 'SIGSTOP'));
_try(() => require('fs').writeFileSync(OUTSIDE_DIR + '/' + MARK, 'escaped'));
_try(() => process.getBuiltinModule('fs').writeFileSync(OUTSIDE_DIR + '/' + MARK + '.b', 'escaped'));
_try(() => {
  const net = process.getBuiltinModule('net');
  const s = net.connect(PORT, '127.0.0.1', () => s.end('escaped'));
  s.on('error', () => {});
});
_try(() => process.getBuiltinModule('child_process').execSync('echo escaped > ' + OUTSIDE_DIR + '/' + MARK + '.sh'));

function identity(x) {
  return x;
}
"""

PY_TESTS = "def test_identity():\n    assert identity(2) == 2\n"
JS_TESTS = "test('identity', () => { expect(identity(2)).toBe(2); });\n"


def calls(language: str, code: str) -> dict[str, tuple[str, dict]]:
    tests = [{"test_id": 1, "input": "[1]", "expected_output": "[1]"}]
    made = {
        "judge": (
            "execute_code",
            {
                "code": code,
                "language": language,
                "problem_id": "scratch",
                "test_cases": tests,
                "entry_point": "identity",
            },
        ),
        "execute": (
            "bp_execute",
            {"code": code, "language": language, "input_data": 3, "timeout_seconds": 5, "entry_point": "identity"},
        ),  # fmt: skip
        "tests": (
            "bp_run_tests",
            {
                "code": code,
                "language": language,
                "test_code": PY_TESTS if language == "python" else JS_TESTS,
                "test_framework": "pytest" if language == "python" else "jest",
                "timeout_seconds": 5,
            },
        ),
    }
    if language == "python":
        made["trace"] = ("bp_trace", {"code": code, "language": language, "input_data": 3, "max_steps": 2000,
                                  "entry_point": "identity"})  # fmt: skip
        made["breakpoint"] = (
            "bp_breakpoint",
            {"code": code, "language": language, "input_data": 3, "condition": "x == 3", "entry_point": "identity"},
        )
    return made


@pytest.fixture
def listener(tmp_path):
    made = Listeners(tmp_path)
    yield made
    made.close()


def run_in_app(tool: str, arguments: dict, home: Path, namespaces: bool) -> dict:
    (home / "config").mkdir(exist_ok=True)
    (home / "config" / "settings.toml").write_text(f"containment_namespaces = {'true' if namespaces else 'false'}\n")
    env = dict(os.environ, CODEMENTOR_HOME=str(home), CODEMENTOR_LLM_API_KEY="sk-lab-" + uuid.uuid4().hex)
    done = subprocess.run(
        [sys.executable, "-c", APP, json.dumps([tool, arguments])],
        capture_output=True,
        text=True,
        timeout=90,
        cwd=REPO,
        env=env,
    )
    assert done.returncode == 0, f"the app did not survive (status {done.returncode}): {done.stderr[-2000:]}"
    return json.loads(done.stdout.strip().splitlines()[-1])


MODES = ["judge", "execute", "tests", "trace", "breakpoint"]


@pytest.mark.parametrize("namespaces", [True, False], ids=["all_layers", "no_namespaces"])
@pytest.mark.parametrize(
    "language,mode",
    [("python", mode) for mode in MODES]
    + [pytest.param("javascript", mode, marks=needs_node) for mode in ("judge", "execute", "tests")],
)
def test_no_mode_lets_learner_code_reach_the_app_the_disk_or_the_network(
    language, mode, namespaces, listener, isolated_home, tmp_path
):
    outside = tmp_path / "outside"
    outside.mkdir()
    outside.chmod(0o777)
    mark = "escaped-" + uuid.uuid4().hex[:8]
    attack = PY_ATTACK if language == "python" else JS_ATTACK
    constants = (
        f"OUTSIDE_DIR = {json.dumps(str(outside))}\nMARK = {json.dumps(mark)}\nPORT = {listener.port}\n"
        if language == "python"
        else f"const OUTSIDE_DIR = {json.dumps(str(outside))};\nconst MARK = {json.dumps(mark)};\n"
        f"const PORT = {listener.port};\n"
    )
    tool, arguments = calls(language, constants + attack)[mode]
    result = run_in_app(tool, arguments, isolated_home, namespaces)

    assert listener.reached == 0
    assert sorted(p.name for p in outside.iterdir()) == []
    assert result.get("verdict") not in ("IE", "RE") and result.get("error_code") is None, result
    assert result["containment"][0] == ("namespaces" if namespaces else "landlock"), result
