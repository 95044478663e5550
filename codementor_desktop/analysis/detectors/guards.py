"""Missing guards: indexing, dividing or reducing an input that may be empty, reading a node
that may be missing; confirmed (or ruled out) by the tests on empty and single-element inputs
and by the problem's constraints.

Pattern: ``missing_edge_case``.
"""

from __future__ import annotations

from .. import program as p
from ..context import Context
from ..evidence import TestOutcome
from ..facts import Scope
from ..findings import Finding
from ..loops import walk_with_loops
from .flow import is_guarded

EDGE = "missing_edge_case"
_EDGE_ERRORS = {"index", "none_access", "zero_division", "empty_reduction", "value", "type", "attribute"}
_NODE_FIELDS = {"val", "left", "right", "next", "children", "value"}


def detect(ctx: Context) -> list[Finding]:
    found: list[Finding] = []
    for scope in ctx.top_scopes():
        if scope.function.is_method:
            continue
        found.extend(_static(ctx, scope))
    return found


def _family_names(scope: Scope, family: str) -> set[str]:
    names = {family}
    current: Scope | None = scope
    while current is not None:
        names.update(name for name, fam in current.families.items() if fam == family)
        current = current.parent
    return names


def _static(ctx: Context, scope: Scope) -> list[Finding]:  # noqa: C901 - one walk, four shapes
    body = scope.function.body
    inputs = scope.all_inputs()
    for node, loops in walk_with_loops(body, scope):
        need: int | None = None
        family: str | None = None
        what = ""
        if isinstance(node, p.Index) and isinstance(node.obj, p.Name) and not node.optional:
            family = scope.family(node.obj.id)
            need = _required_length(node, scope)
            what = f"{node.obj.id}[...] is read"
        elif isinstance(node, p.BinOp) and node.op in ("/", "//", "%"):
            divisor = node.right
            if isinstance(divisor, p.Call) and divisor.name == "len" and divisor.args:
                family = _family(divisor.args[0], scope)
                need, what = 1, "the division by its length"
        elif (
            isinstance(node, p.Attr)
            and isinstance(node.obj, p.Name)
            and node.name in _NODE_FIELDS
            and not node.optional
        ):
            family = scope.family(node.obj.id)
            # .val/.left/.right/.next on an input of unknown kind: a node (or a missing one).
            if family is not None and scope.kind(family) in ("node", "unknown"):
                need, what = 1, f"{node.obj.id}.{node.name} is read"
        elif _is_bare_reduction(node):
            arg = node.iter if isinstance(node, p.Comprehension) else node.args[0] if isinstance(node, p.Call) else None
            if arg is None:
                continue
            family = _family(arg, scope)
            need, what = 1, "it is reduced without a starting value"
        if family is None or need is None or family not in inputs:
            continue
        if scope.kind(family) in ("int", "dict", "set") and not isinstance(node, p.BinOp):
            continue
        names = _family_names(scope, family)
        if any(info.family == family for info in loops) or _loop_tests(loops, names):
            continue
        if is_guarded(body, node, names):
            continue
        evidence = _evidence(ctx, family, need, scope)
        if evidence is None:
            continue
        if _needs_support(node) and not {"problem_confirms", "tests_confirm"} & set(evidence):
            # Reading xs[0] or max(xs) is right whenever the input is never empty, which is
            # what most problems promise: say it only when the problem or a test says otherwise.
            continue
        return [_finding("unguarded_" + _kind_word(node), node, family, need, what, evidence)]
    return []


def _needs_support(node: p.Node) -> bool:
    return isinstance(node, p.Index) or _is_bare_reduction(node)


def _family(expr: p.Expr, scope: Scope) -> str | None:
    return scope.family(expr.id) if isinstance(expr, p.Name) else None


def _kind_word(node: p.Node) -> str:
    if isinstance(node, p.Index):
        return "index"
    if isinstance(node, p.BinOp):
        return "division"
    if isinstance(node, p.Attr):
        return "node"
    return "reduction"


def _is_bare_reduction(node: p.Node) -> bool:
    """``max(xs)`` without ``default``, ``xs.reduce(f)`` without a start."""
    if isinstance(node, p.Call) and node.name in ("max", "min") and len(node.args) == 1 and not node.keywords:
        return isinstance(node.args[0], p.Name) and node.receiver is None
    if isinstance(node, p.Comprehension) and node.kind in ("reduce", "reduceRight") and not node.args:
        return isinstance(node.iter, p.Name)
    return False


def _required_length(node: p.Index, scope: Scope) -> int | None:
    """How long the sequence must be for ``x[k]`` to exist: 1 for ``x[0]``, 2 for ``x[-2]``."""
    value = p.const_int(node.index)
    if value is not None:
        return value + 1 if value >= 0 else -value
    index = node.index
    if isinstance(index, p.BinOp) and index.op == "-" and isinstance(index.left, p.Call) and index.left.name == "len":
        offset = p.const_int(index.right)
        if offset is not None and offset > 0:
            return offset
    return None


def _loop_tests(loops: list, names: set[str]) -> bool:
    from .flow import tested_names

    return any(isinstance(info.node, p.Loop) and tested_names(info.node.test) & names for info in loops)


def _evidence(ctx: Context, family: str, need: int, scope: Scope) -> list[str] | None:
    """Evidence for a missing guard on ``family``, or None when the problem rules it out."""
    allowed = ctx.problem.min_len[family] < need if family in ctx.problem.min_len else None
    if allowed is False:
        return None
    evidence: list[str] = []
    if allowed is True:
        evidence.append("problem_confirms")
    elif not ctx.problem.known:
        evidence.append("problem_unknown")
    shapes = {"empty", "null"} if need <= 1 else {"empty", "null", "single"}
    failed = [t for s in shapes for t in ctx.run.failed_on(s) if t.error in _EDGE_ERRORS or t.wrong_answer]
    passed = [t for s in shapes for t in ctx.run.passed_on(s)]
    if failed:
        evidence.append("tests_confirm")
    elif passed:
        evidence.append("tests_contradict")
    return evidence


def _finding(rule: str, node: p.Node, family: str, need: int, what: str, evidence: list[str]) -> Finding:
    empty = "empty (or missing)" if need <= 1 else f"shorter than {need}"
    guard = f"if not {family}: return ..." if need <= 1 else f"if len({family}) < {need}: return ..."
    return Finding(
        EDGE,
        rule,
        node.line,
        node.end,
        f"{what} without a check that {family} is not {empty}",
        f"Handle that case first: {guard}",
        "medium",
        evidence,
    )


def _edge_failures(ctx: Context) -> list[TestOutcome]:
    failures = []
    for test in ctx.run.tests:
        if test.passed:
            continue
        edge = bool(test.shapes & {"empty", "null", "single"})
        if edge and (test.error in _EDGE_ERRORS or test.wrong_answer):
            failures.append(test)
        elif "zero" in test.shapes and test.error == "zero_division":
            failures.append(test)
    return failures


def from_tests(ctx: Context) -> list[Finding]:
    """No guard is visibly missing, but the code fails exactly on the empty (or one-item) tests.
    Run after the other detectors: only when none of them explains those failures."""
    failures = _edge_failures(ctx)
    if not failures:
        return []
    others = [t for t in ctx.run.tests if not t.passed and t not in failures]
    if others:
        return []
    test = failures[0]
    functions = ctx.program.top_functions()
    line = test.line or (functions[0].line if functions else 1)
    end = test.line or (functions[0].end if functions else line)
    return [
        Finding(
            EDGE,
            "fails_on_edge_input",
            line,
            end,
            f"the code fails on the test with input {_short(test)} (an empty, missing or one-item input) and passes the others",
            "Decide what the answer is for that input and return it before the general case.",
            "medium",
            ["tests_confirm"],
        )
    ]


def _short(test: TestOutcome) -> str:
    return "such an input" if not test.shapes else "/".join(sorted(test.shapes))
