"""The child's tracer agrees fully with an independent one (``tests/reference_tracer.py``) on a
corpus of ordinary programs: every step's event, line and function, every variable of every
visible frame at every step, and the output."""

from __future__ import annotations

import copy

import pytest

from tests.reference_tracer import differences, reference_trace, replayed
from tests.tracer_corpus import CORPUS
from tests.tracing_helpers import FILENAME, trace_in_process


@pytest.mark.parametrize(("name", "code", "call", "args"), CORPUS, ids=[entry[0] for entry in CORPUS])
def test_the_tracer_agrees_with_the_reference(name, code, call, args):
    result, _ = trace_in_process(code, call, *copy.deepcopy(args))
    reference, printed = reference_trace(code, FILENAME, call, *copy.deepcopy(args))
    assert differences(replayed(result), reference) == []
    assert result["stdout"] == printed
