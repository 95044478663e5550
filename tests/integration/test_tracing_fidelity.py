"""bp_trace in a real child agrees with the reference tracer (``tests/reference_tracer.py``), and a
long trace holds no more memory than the traced program does."""

from __future__ import annotations

import pytest

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.tools.context import ToolContext
from tests.reference_tracer import differences, reference_trace, replayed
from tests.tracer_corpus import CORPUS

SCRIPTS = [entry for entry in CORPUS if entry[2] is None]


def trace(services, code, **arguments):
    context = ToolContext(caller=Caller.PERSON, learner="ada")
    return services.registry.call("bp_trace", {"language": "python", "code": code, **arguments}, context)


@pytest.mark.parametrize(("name", "code"), [entry[:2] for entry in SCRIPTS[::3]], ids=[e[0] for e in SCRIPTS[::3]])
def test_a_child_trace_agrees_with_the_reference(services, name, code):
    result = trace(services, code, max_steps=5000)
    assert result["stop_reason"] in ("finished", "exception"), result.get("message")
    reference, printed = reference_trace(code, "solution.py")
    assert differences(replayed(result), reference) == []
    assert result["stdout"] == printed


def test_a_loop_that_drops_what_it_builds_is_traced_in_bounded_memory(services):
    # 3,000 lists of 20,000 items: 480 MB if the tracer kept them (the limit is 256 MB), 160 KB
    # at a time untraced.
    code = "def churn(n):\n    total = 0\n    for i in range(n):\n        row = [0] * 20000\n        total += len(row)\n    return total\n"
    result = trace(services, code, input_data=3000, max_steps=100_000, timeout_seconds=10)
    assert result["stop_reason"] == "finished", result.get("message")
    assert result["return_value"] == 60_000_000 and result["total_steps"] > 9000
