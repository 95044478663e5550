"""Whether ``/debug`` (``bp_debug_plan``) blames the step a bug must break, on programs written
elsewhere: QuixBugs' one-bug programs (MIT License) and JavaScript translations of a few.

uv run python benchmarks/debug_on_quixbugs.py

Each case of ``tests/data/quixbugs_plans.toml`` is checked twice with the same plan: the buggy
program must have the expected step's expectation break first (or, for a bug no expectation at a
line can see, none break), and the fixed program must hold every expectation. Prints one line per
program, then the totals. Runs locally in real child processes, one call at a time.

Two more figures: how often the report's last sentence (the line that ran just before the first
broken expectation, or the call that passed its values) names the line of the bug, the one line
where the buggy and fixed programs differ; and, with the same plans stripped of their lines, how
often the guessed lines of a step include the line the careful learner anchored it to.
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

    def check(case: dict[str, Any], code: str, plan: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        arguments = {"language": case["language"], "code": code, "input_data": json.loads(case["input"]),
                     "plan": case["plan"] if plan is None else plan}  # fmt: skip
        return services.registry.call("bp_debug_plan", arguments, ToolContext(caller=Caller.PERSON))

    pointed = held = named = blamed_cases = guessed_right = guessed_steps = 0
    seconds: list[float] = []
    try:
        print(f"{'program':34} {'expected':>8} {'blamed':>6} {'fixed':>14} {'bug line':>8} {'named':>5} {'s':>5}")
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
            bug = _bug_line(case)
            last = (buggy.get("report") or "").rsplit("\n", 1)[-1]
            said = blamed and (f"after line {bug} ran" in last or f"call from line {bug} began" in last)
            blamed_cases += bool(blamed)
            named += bool(said)
            print(f"{name:34} {expected!s:>8} {blamed or 'none'!s:>6} {fixed.get('outcome')!s:>14} {bug:>8} "
                  f"{('yes' if said else 'no') if blamed else '-':>5} {seconds[-1]:5.1f}{verdict}")  # fmt: skip
            bare = [{"text": step["text"], "expect": step["expect"]} for step in case["plan"]]
            guessed = check(case, case["buggy"], bare)
            for mine, found in zip(case["plan"], guessed.get("steps") or [], strict=False):
                guessed_steps += 1
                guessed_right += bool(set(mine["lines"]) & set(found.get("lines") or []))
    finally:
        services.close()
    count = len(cases)
    python = sum(1 for c in cases if c["language"] == "python")
    print(f"\ncases: {count} ({python} Python, {count - python} JavaScript)")
    print(f"buggy: the report blamed the expected step in {pointed} of {count} ({100 * pointed / count:.0f}%)")
    print(f"fixed: every expectation held in {held} of {count} ({100 * held / count:.0f}%)")
    print(f"the last sentence named the bug's line in {named} of the {blamed_cases} broken reports")
    print(f"unanchored: a step's guessed lines included its anchored line in {guessed_right} of {guessed_steps} steps")
    print(f"time per case (buggy + fixed): median {sorted(seconds)[len(seconds) // 2]:.2f} s, max {max(seconds):.2f} s")


def _bug_line(case: dict[str, Any]) -> int:
    """The one line where the buggy and the fixed program differ."""
    pairs = zip(case["buggy"].splitlines(), case["fixed"].splitlines(), strict=True)
    return next(number for number, (bad, good) in enumerate(pairs, 1) if bad != good)


if __name__ == "__main__":
    main()
