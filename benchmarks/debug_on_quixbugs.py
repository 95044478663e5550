"""Whether ``/debug`` (``bp_debug_plan``) blames the step a bug must break, on programs written
elsewhere: QuixBugs' one-bug programs (MIT License) and JavaScript translations of a few.

uv run python benchmarks/debug_on_quixbugs.py

Each case of ``tests/data/quixbugs_plans.toml`` is checked twice with the same plan: the buggy
program must have the expected step's expectation break first (or, for a bug no expectation at a
line can see, none break), and the fixed program must hold every expectation. Prints one line per
program, then the totals. Runs locally in real child processes, one call at a time.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
import tomllib
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
DATA = REPO / "tests" / "data" / "quixbugs_plans.toml"


def main() -> None:
    os.environ["CODEMENTOR_HOME"] = tempfile.mkdtemp(prefix="quixbugs-bench-")

    from codementor_desktop.domain.vocabulary import Caller
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.tools.context import ToolContext
    from codementor_desktop.tools.services import Services

    cases = tomllib.loads(DATA.read_text(encoding="utf-8"))["case"]
    services = Services.build(credentials=Credentials(use_keyring=False))

    def check(case: dict[str, Any], code: str) -> dict[str, Any]:
        arguments = {"language": case["language"], "code": code, "input_data": json.loads(case["input"]),
                     "plan": case["plan"]}  # fmt: skip
        return services.registry.call("bp_debug_plan", arguments, ToolContext(caller=Caller.PERSON))

    pointed = held = 0
    seconds: list[float] = []
    try:
        print(f"{'program':34} {'expected':>8} {'blamed':>6} {'fixed':>14} {'s':>5}")
        for case in cases:
            started = time.perf_counter()
            buggy, fixed = check(case, case["buggy"]), check(case, case["fixed"])
            seconds.append(time.perf_counter() - started)
            blamed = buggy.get("first_broken") or 0
            right = blamed == case["broken_step"] and buggy.get("status") != "error"
            fixed_holds = fixed.get("outcome") == "held"
            pointed += right
            held += fixed_holds
            expected = case["broken_step"] or "none"
            name = f"{case['language']}:{case['name']}"
            verdict = "" if right and fixed_holds else "  <- wrong"
            print(f"{name:34} {expected!s:>8} {blamed or 'none'!s:>6} {fixed.get('outcome')!s:>14} "
                  f"{seconds[-1]:5.1f}{verdict}")  # fmt: skip
    finally:
        services.close()
    count = len(cases)
    python = sum(1 for c in cases if c["language"] == "python")
    print(f"\ncases: {count} ({python} Python, {count - python} JavaScript)")
    print(f"buggy: the report blamed the expected step in {pointed} of {count} ({100 * pointed / count:.0f}%)")
    print(f"fixed: every expectation held in {held} of {count} ({100 * held / count:.0f}%)")
    print(f"time per case (buggy + fixed): median {sorted(seconds)[len(seconds) // 2]:.2f} s, max {max(seconds):.2f} s")


if __name__ == "__main__":
    main()
