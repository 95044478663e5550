"""Every Mermaid text CodeMentor writes is accepted by the official ``mermaid`` parser.

The parser is the npm package pinned in tests/mermaid/package-lock.json, run under Node with jsdom
(the first check installs it with ``npm ci --prefix tests/mermaid`` when npm is there). All texts go
to one Node process. Without Node or npm the checks skip and say why; under ``CI=true`` they fail.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from codementor_desktop.visual.diagrams import render_diagram
from codementor_desktop.visual.structures import render_structure
from tests.conftest import REPO
from tests.tracing_helpers import trace_in_process

CHECKER = REPO / "tests" / "mermaid"
TRICKY = ['say "hi"', "a#b;c", "<br>x</br>", "-->", "%% no", "[x]", "(y)", "{z}", "a|b", "line\nbreak", "é✓",
          "back\\slash", "`tick`", "end", "style", ""]  # fmt: skip


def _unavailable(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"the mermaid checker is needed in CI: {reason}")
    pytest.skip(reason)


def _installed_checker() -> str:
    """Node, with the pinned parser installed (once, whichever test worker gets here first)."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None:
        _unavailable("Node.js is not on the PATH, so the official mermaid parser cannot run")
    with open(CHECKER / ".install.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (CHECKER / "node_modules" / "mermaid").is_dir():
            if npm is None:
                _unavailable("npm is not on the PATH to install the pinned mermaid parser")
            install = subprocess.run(
                [npm, "ci", "--prefix", str(CHECKER), "--no-audit", "--no-fund"],
                capture_output=True,
                text=True,
                timeout=600,
            )
            if install.returncode != 0:
                _unavailable(f"`npm ci --prefix tests/mermaid` failed: {install.stderr[-500:]}")
    return str(node)


def _check(texts: list[str]) -> list[dict]:
    node = _installed_checker()
    run = subprocess.run(
        [node, str(CHECKER / "validate.mjs")], input=json.dumps(texts), capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout)


def structure_texts() -> dict[str, str]:
    cases = {
        "array": [[3, 1, 4, 1, 5, 9], [], list(range(5000)), TRICKY],
        "stack": [[1, 2, 3], [], list(range(3000)), TRICKY],
        "queue": [[1, 2, 3], [], list(range(3000)), TRICKY],
        "tree": [[4, 2, 7, 1, 3, 6, 9], [], list(range(1, 4000)), [TRICKY[0], TRICKY[1], None, TRICKY[2]]],
        "graph": [
            {"A": {"B": 4, "C": 1}, "B": ["D"], "C": ["D"], "D": []},
            {},
            [[i, i + 1] for i in range(500)],
            {TRICKY[0]: [TRICKY[4], TRICKY[13]], TRICKY[4]: [TRICKY[0]], TRICKY[13]: []},
        ],
        "linked_list": [[1, 2, 3], [], list(range(2000)), TRICKY],
        "matrix": [[[1, 0], [0, 1]], [], [[r * c for c in range(300)] for r in range(200)], [TRICKY[:4], TRICKY[4:8]]],
        "hash_map": [{"a": 1}, {}, {f"k{i}": i for i in range(3000)}, {t: t for t in TRICKY}],
    }
    texts = {}
    for kind, datas in cases.items():
        for number, data in enumerate(datas):
            result = render_structure(
                kind, data, "mermaid", [0, 2], {"i": 0, "j": 2}, [TRICKY[0]], [[TRICKY[0], TRICKY[4]]]
            )
            texts[f"{kind}#{number}"] = result["content"]
    return texts


PROGRAM = """def walk(words):
    seen = {}
    for w in words:
        seen[w] = seen.get(w, 0) + 1
    try:
        pick(words)
    except KeyError:
        pass
    return list(gen(seen))

def pick(words):
    return {}[words[0]]

def gen(seen):
    for key in seen:
        yield key + ' -> "done"'
"""


def diagram_texts() -> dict[str, str]:
    trace, _ = trace_in_process(PROGRAM, "walk", TRICKY)
    fib, _ = trace_in_process("def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\n", "fib", 6)
    texts = {}
    for name, source, variable in (("tricky", trace, "w"), ("fib", fib, None)):
        for kind in ("flowchart", "sequence", "state"):
            texts[f"{name}-{kind}"] = render_diagram(source, kind, "mermaid", variable)["content"]
    for kind in ("flowchart", "sequence", "state"):
        texts[f"empty-{kind}"] = render_diagram({"steps": []}, kind, "mermaid")["content"]
    return texts


def test_the_official_parser_accepts_every_structure_and_diagram():
    texts = {**structure_texts(), **diagram_texts()}
    names = list(texts)
    results = _check([texts[n] for n in names])
    failures = {n: r["error"] for n, r in zip(names, results, strict=True) if not r["ok"]}
    assert not failures, "\n\n".join(f"{n}:\n{texts[n]}\n-> {e}" for n, e in failures.items())
    kinds = {r["type"] for r in results}
    assert {"flowchart-v2", "sequence", "stateDiagram", "block"} <= kinds


def test_the_checker_rejects_broken_text():
    # The check would be worthless if it accepted anything.
    results = _check(['flowchart LR\n    a["x" --> b', "sequenceDiagram\n    A->>: hi", "notADiagram"])
    assert [r["ok"] for r in results] == [False, False, False]


def test_the_checker_is_pinned_by_a_lockfile():
    lock = json.loads(Path(CHECKER / "package-lock.json").read_text())
    assert (
        lock["packages"]["node_modules/mermaid"]["version"]
        == json.loads(Path(CHECKER / "package.json").read_text())["dependencies"]["mermaid"]
    )
