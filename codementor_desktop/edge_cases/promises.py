"""What a problem promises of its inputs together (its ``precondition``), judged in a restricted child.

A precondition is a Python expression over the parameters' written values (``len(set(nums)) ==
len(nums)``). A class pack may carry one, so it is never evaluated in the app's process: it becomes
a one-line function that a batch child in Python answers like any learner's function, with the
arguments as written (JSON-decoded, no TreeNode or ListNode built), whatever the learner's language.
An input whose answer is not ``True`` (false, an exception, out of time) is outside the promises.

The same child checks a bank problem's own examples and tests (``broken_promises``), beside the
per-parameter bounds of its ``[inputs]`` table, read here in the search's terms (``params.py``).
"""

from __future__ import annotations

import ast
import json
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..runner.batches import BatchChild
from ..runner.child.python import literals
from ..runner.protocol import Limits
from .params import Param, Signature, keeps_preconditions

if TYPE_CHECKING:
    from ..problems.model import Problem
    from ..runner.backend import Backend
    from ..runner.child.wire import FunctionSpec

FUNCTION = "precondition_holds"
SECONDS = 1.0  # CPU time of one input's check: a precondition is a line of builtins


class BadPrecondition(ValueError):
    """A precondition that is not one Python expression."""


def check_expression(expression: str) -> None:
    """Raise ``BadPrecondition`` unless ``expression`` parses as one expression (parsed, never run)."""
    try:
        ast.parse(expression.strip(), mode="eval")
    except SyntaxError as exc:
        raise BadPrecondition(f"the precondition is not one Python expression: {exc.msg}") from None


def promise_code(expression: str, names: Sequence[str]) -> str:
    """The function a child answers: the expression's truth over the named arguments."""
    check_expression(expression)
    # Parenthesised on lines of its own: an expression written over several lines stays one.
    return f"def {FUNCTION}({', '.join(names)}):\n    return bool(\n{expression.strip()}\n    )\n"


def promise_function(names: Sequence[str]) -> FunctionSpec:
    """Untyped parameters: the child passes the values as written, a tree as its level-order list."""
    return {"name": FUNCTION, "params": [{"name": name, "type": ""} for name in names]}


def promise_child(
    backend: Backend,
    expression: str,
    names: Sequence[str],
    *,
    memory_mb: int = 256,
    cancel: threading.Event | None = None,
) -> BatchChild:
    """A batch child (Python, restricted like any run) that answers ``True`` for inputs that keep
    the promise. Raises ``BadPrecondition`` before any child starts."""
    return BatchChild(
        backend,
        "python",
        promise_code(expression, names),
        function=promise_function(names),
        compare="exact",
        limits=Limits(timeout_seconds=SECONDS, run_seconds=Limits.HARD_RUN, memory_mb=memory_mb),
        cancel=cancel,
    )


def outside_table(param: Param, table: Mapping[str, Any], value: Any) -> str | None:
    """What ``value`` breaks of its ``[inputs]`` table, or None. Only what the table states is
    checked (the search's own defaults are no promise): ``min``/``max`` for every number in it,
    ``min_len``/``max_len`` for its length (a tree: its nodes), ``alphabet`` for every character of
    its strings, and ``distinct``, ``sorted`` and ``bst``."""
    lo, hi = table.get("min"), table.get("max")
    for number in _numbers(value):
        if isinstance(lo, int | float) and number < lo or isinstance(hi, int | float) and number > hi:
            return f"holds {number}, outside [{lo}, {hi}]"
    if isinstance(value, list | str):
        length = sum(v is not None for v in value) if param.kind == "tree" else len(value)
        low, high = table.get("min_len"), table.get("max_len")
        if isinstance(low, int) and length < low or isinstance(high, int) and length > high:
            return f"has length {length}, outside [{low}, {high}]"
    alphabet = table.get("alphabet")
    if isinstance(alphabet, str):
        stray = sorted({c for text in _strings(value) for c in text} - set(alphabet))
        if stray:
            return f"holds {''.join(stray)!r}, outside its alphabet"
    if not keeps_preconditions(param, value):
        return "breaks what its table states (distinct values, increasing order or a search tree)"
    return None


def _numbers(value: Any) -> Iterator[int | float]:
    if isinstance(value, bool):
        return
    if isinstance(value, int | float):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _numbers(item)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def broken_promises(
    problem: Problem,
    signature: Signature,
    backend: Backend,
    *,
    cancel: threading.Event | None = None,
) -> list[str]:
    """Every example and test of ``problem`` that breaks its own bounds or precondition, as a
    sentence naming the test. The precondition is judged in a child; ``[]`` when all keep them."""
    written = [("example", i, e.input) for i, e in enumerate(problem.examples, 1)]
    written += [("test", i, t.input) for i, t in enumerate(problem.tests, 1)]
    found: list[str] = []
    texts: list[tuple[str, str]] = []  # (label, canonical literal)
    for kind, number, text in written:
        label = f"{problem.id}: {kind} {number} ({text[:60]})"
        try:
            args, kwargs = literals.parse_arguments(text)
        except (ValueError, SyntaxError) as exc:
            found.append(f"{label}: cannot be read ({exc})")
            continue
        values = _by_name(signature, args, kwargs)
        for param in signature.params:
            table = problem.inputs.get(param.name) or {}
            if param.name in values and (why := outside_table(param, table, values[param.name])) is not None:
                found.append(f"{label}: {param.name} {why}")
        texts.append(
            (label, ", ".join(json.dumps(values.get(p.name), separators=(",", ":")) for p in signature.params))
        )
    if problem.precondition and texts:
        names = [p.name for p in signature.params]
        with promise_child(backend, problem.precondition, names, cancel=cancel) as child:
            answers = child.answers([text for _, text in texts])
        for (label, _), answer in zip(texts, answers, strict=False):
            if not answer.ok:
                found.append(f"{label}: the precondition fails on it ({answer.verdict}: {answer.message})")
            elif answer.value is not True:
                stated = " ".join(problem.precondition.split())
                found.append(f"{label}: breaks the precondition {stated[:100]}")
    return found


def promises_check(backend: Backend) -> Callable[[Problem], list[str]]:
    """``broken_promises`` for one problem at a time, on ``backend`` (an importer's ``check``)."""
    from .params import table_signature

    def check(problem: Problem) -> list[str]:
        params = [(p.name, p.type) for p in problem.function.params]
        signature = table_signature(params, problem.inputs, problem.compare, problem.checker)
        return broken_promises(problem, signature, backend)

    return check


def written_inputs(problem: Problem, signature: Signature) -> list[dict[str, Any]]:
    """The argument lists of ``problem``'s examples and tests, by parameter name (unreadable ones left out)."""
    out = []
    for case in [*problem.examples, *problem.tests]:
        try:
            args, kwargs = literals.parse_arguments(case.input)
        except (ValueError, SyntaxError):
            continue
        values = _by_name(signature, args, kwargs)
        if all(p.name in values for p in signature.params):
            out.append({p.name: values[p.name] for p in signature.params})
    return out


def _by_name(signature: Signature, args: list[Any], kwargs: dict[str, Any]) -> dict[str, Any]:
    names = [p.name for p in signature.params]
    values = dict(zip(names, args, strict=False))
    values.update({k: v for k, v in kwargs.items() if k in names})
    return values
