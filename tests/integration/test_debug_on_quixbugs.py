"""/debug on classic one-bug programs written elsewhere (QuixBugs, and JavaScript translations of
them): the plan a careful learner would write is checked on the buggy program, where the step
whose expectation the bug must break is the one the report blames, with its words and the values
of its variables, and on the fixed program, where every expectation holds.

The cases, and why each step must break or hold, are in ``tests/data/quixbugs_plans.toml``.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.tools.context import ToolContext

CASES: list[dict[str, Any]] = tomllib.loads(
    (Path(__file__).resolve().parent.parent / "data" / "quixbugs_plans.toml").read_text(encoding="utf-8")
)["case"]


def check(services: Any, case: dict[str, Any], code: str) -> dict[str, Any]:
    arguments = {"language": case["language"], "code": code, "input_data": json.loads(case["input"]),
                 "plan": case["plan"]}  # fmt: skip
    result = services.registry.call("bp_debug_plan", arguments, ToolContext(caller=Caller.PERSON))
    assert result.get("status") != "error", result
    return result


@pytest.mark.parametrize("case", CASES, ids=[f"{c['language']}-{c['name']}" for c in CASES])
def test_the_report_blames_the_step_the_bug_breaks_and_the_fix_holds_them_all(services, case):
    buggy = check(services, case, case["buggy"])
    expected = case["broken_step"]
    if expected:
        assert buggy["outcome"] == "broken", buggy["report"]
        assert buggy["first_broken"] == expected, buggy["report"]
        step = buggy["steps"][expected - 1]
        assert step["broken_at"]["line"] in case["plan"][expected - 1]["lines"]
        assert set(step["broken_at"]["variables"]) >= set(case["variables"])
        report = buggy["report"]
        assert f"Step {expected} ({case['plan'][expected - 1]['text']})" in report
        assert f"`{case['plan'][expected - 1]['expect']}` stopped holding" in report
        for name in case["variables"]:
            assert re.search(rf"\b{re.escape(name)} = ", report), (name, report)
        assert f"The first expectation to break was step {expected}'s" in report
    else:
        # A bug no expectation at a line can see: nothing may be blamed on a step that is right.
        assert buggy["first_broken"] is None, buggy["report"]
        assert all(s["status"] != "broken" for s in buggy["steps"])

    if not case.get("finishes", True):
        assert "The run did not finish." in buggy["report"]

    fixed = check(services, case, case["fixed"])
    assert fixed["outcome"] == "held", fixed["report"]
    assert fixed["first_broken"] is None
    assert all(s["status"] == "held" for s in fixed["steps"]), fixed["report"]
    assert "Every expectation you wrote held wherever its lines ran." in fixed["report"]
