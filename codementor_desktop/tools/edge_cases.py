"""bp_find_edge_cases: the inputs where the learner's code goes wrong, and the smallest of them.

The learner's code runs in a batch child; so does the oracle (the bank's reference solution, or
the caller's ``reference_code``): neither ever runs in the app. The search itself is
``edge_cases/search.py``; this module reads the arguments, starts and ends the children, and
writes the result.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, cast

from ..domain.vocabulary import ErrorCode
from ..edge_cases.design import design_calls
from ..edge_cases.params import Signature, UnknownType, loose_signature, table_signature, with_alphabet
from ..edge_cases.promises import BadPrecondition, check_expression, promise_child, written_inputs
from ..edge_cases.search import EdgeCase, EdgeSearch, literal_arguments
from ..problems.judging import function_spec
from ..runner.batches import BatchChild, BatchChildFailed, Cancelled, CompileFailed
from ..runner.child.wire import RunStatus, Verdict
from ..runner.protocol import Limits
from .context import ToolContext
from .errors import ToolFailure, unknown_problem
from .execution import execution_bucket
from .registry import AnyTool, Tool
from .schemas import BpFindEdgeCases
from .workbench import Workbench

if TYPE_CHECKING:
    from ..problems.model import Problem
    from ..runner.child.wire import FunctionSpec
    from .results import EdgeCaseReport

EXAMPLE_SECONDS = 1.0  # CPU time of one example: a search runs hundreds, and small inputs are fast
# A case that is only too slow is counted once after the search: the reference's line events on
# it, and the learner's up to this many (so the count takes a fraction of a second).
COUNT_FLOOR, COUNT_CAP, COUNT_FACTOR = 100_000, 1_000_000, 100
MIN_COUNT_SECONDS = 1.0
# A learner's time out counts only where the reference took less than this share of the limit.
SLOW_REFERENCE_SHARE = 0.25


def _invalid(message: str, field: str, detail: str) -> ToolFailure:
    return ToolFailure(ErrorCode.INVALID_ARGUMENTS, message, field_errors=[{"field": field, "message": detail}])


def _start_given(child: Any, what: str, field: str) -> None:
    """Start a child made from what the caller gave (a precondition, reference code): code that does
    not compile is the caller's argument to mend, not the learner's compile error."""
    if child is None:
        return
    try:
        child.start()
    except CompileFailed as failed:
        raise _invalid(f"{what} does not compile: {failed}", field, "does not compile") from None


def problem_signature(problem: Problem) -> Signature:
    """A bank problem's typed inputs, its compare mode and checker (and a design problem's calls)."""
    params = [(p.name, p.type) for p in problem.function.params]
    design = design_calls(problem.solutions.python, problem.function.python) if problem.compare == "operations" else ()
    return table_signature(params, problem.inputs, problem.compare, problem.checker, design)


def _signature(args: BpFindEdgeCases, problem: Problem | None) -> Signature:
    return with_alphabet(_typed(args, problem), args.alphabet)


def _precondition(args: BpFindEdgeCases, problem: Problem | None) -> str | None:
    """The promise every input keeps: the problem's, the caller's, or both."""
    if args.precondition is not None and args.precondition.strip():
        try:
            check_expression(args.precondition)
        except BadPrecondition as exc:
            raise _invalid(str(exc), "precondition", "not one Python expression") from None
    stated = [
        text.strip()
        for text in (problem.precondition if problem is not None else None, args.precondition)
        if text and text.strip()
    ]
    if not stated:
        return None
    return stated[0] if len(stated) == 1 else " and ".join(f"({text})" for text in stated)


def _typed(args: BpFindEdgeCases, problem: Problem | None) -> Signature:
    if problem is not None and not args.input_types:
        return problem_signature(problem)
    if not args.input_types:
        raise _invalid(
            "Say what the inputs are: input_types (e.g. {'arr': 'array', 'target': 'number'}) or a problem_id.",
            "input_types",
            "give input_types or a problem_id",
        )
    try:
        return loose_signature(args.input_types)
    except UnknownType as exc:
        name = next((n for n, t in args.input_types.items() if repr(t) in str(exc)), "")
        raise _invalid(str(exc), f"input_types.{name}" if name else "input_types", "unknown type") from None


def bp_find_edge_cases(args: BpFindEdgeCases, context: ToolContext, services: Workbench) -> EdgeCaseReport:
    problem = None
    if args.problem_id:
        problem = services.bank.get(args.problem_id)
        if problem is None:
            raise unknown_problem(args.problem_id, services.bank.problems)
    if args.properties and (problem is not None or args.reference_code):
        raise _invalid(
            "properties are for a search without an oracle; with a problem or reference code the oracle decides.",
            "properties",
            "not with an oracle",
        )
    signature = _signature(args, problem)
    function: FunctionSpec
    if problem is not None:
        function = cast("FunctionSpec", function_spec(problem, args.language))
    else:
        function = {"params": signature.function_params()}
        if args.entry_point:
            function["name"] = args.entry_point
    oracle_kind = "reference_code" if args.reference_code else "problem" if problem is not None else "none"
    reference = args.reference_code or (problem.reference_solution(args.language) if problem is not None else None)
    executor = services.executor
    executor._check_language(args.language)  # UNSUPPORTED_LANGUAGE before any child starts
    limits = Limits(timeout_seconds=EXAMPLE_SECONDS, run_seconds=Limits.HARD_RUN, memory_mb=services.settings.memory_mb)
    compare = signature.compare

    def child(code: str) -> BatchChild:
        return BatchChild(
            executor.backend, args.language, code, function=function, compare=compare, limits=limits,
            cancel=context.cancel,
        )  # fmt: skip

    learner = child(args.code)
    oracle = child(reference) if reference is not None else None
    precondition = _precondition(args, problem)
    names = [p.name for p in signature.params]
    promise = None
    if precondition is not None:
        # Its own Python child whatever the learner's language: the expression is Python.
        promise = promise_child(
            executor.backend, precondition, names, memory_mb=services.settings.memory_mb, cancel=context.cancel
        )
    witness = None
    if problem is not None and not args.reference_code and problem.solutions.python_slow:
        # The bank's second right solution: where it and the reference disagree, the input has
        # several right answers or breaks a promise of the statement, and is no counterexample.
        witness = BatchChild(
            executor.backend, "python", problem.solutions.python_slow,
            function=cast("FunctionSpec", function_spec(problem, "python")), compare=compare, limits=limits,
            cancel=context.cancel,
        )  # fmt: skip
    result: dict[str, Any] = {"language": args.language, "oracle": oracle_kind}
    try:
        context.report(0.0, "starting the children")
        try:
            learner.start()
            if witness is not None:
                witness.start()
            _start_given(promise, "The precondition", "precondition")
            _start_given(oracle, "The reference code", "reference_code")
        except CompileFailed as failed:
            return _compile_error(failed, result)
        except Cancelled:
            return cast("EdgeCaseReport", {**result, "status": RunStatus.CANCELLED, "edge_cases": [],
                    "categories_tried": [], "categories_clean": [], "examples_run": 0, "elapsed_ms": 0,
                    "stopped_by": "cancelled", "containment": []})  # fmt: skip
        search = EdgeSearch(
            signature,
            learner,
            oracle,
            categories=list(args.test_categories),
            properties=list(args.properties),
            budget_s=args.budget_s,
            cancel=context.cancel,
            database_dir=services.paths.cache_dir / "hypothesis",
            progress=lambda fraction, text: context.report(fraction, text),
            key=f"{args.problem_id or ''}:{args.language}:{oracle_kind}",
            witness=witness,
            promise=promise,
            slow_reference_ms=EXAMPLE_SECONDS * 1000 * SLOW_REFERENCE_SHARE,
            seeds=written_inputs(problem, signature) if problem is not None and not args.input_types else None,
        )
        try:
            outcome = search.run()
        except CompileFailed as failed:
            return _compile_error(failed, result)
        except BatchChildFailed as exc:
            return cast("EdgeCaseReport", {**result, "status": RunStatus.ERROR, "verdict": Verdict.IE,
                    "error_type": "internal_error", "error_message": str(exc), "edge_cases": [],
                    "containment": learner.containment})  # fmt: skip
    finally:
        for child_process in (learner, oracle, witness, promise):
            if child_process is not None:
                child_process.close()
    cancelled = outcome.stopped_by == "cancelled"
    if not cancelled:
        left = search.budget_end - time.perf_counter()
        _count_too_slow(outcome.edge_cases, args, reference, function, compare, services, context, left)
    result.update(
        status=RunStatus.CANCELLED if cancelled else RunStatus.COMPLETED,
        edge_cases=[case.as_dict() for case in outcome.edge_cases],
        categories_tried=outcome.categories_tried,
        categories_clean=outcome.categories_clean,
        examples_run=outcome.examples_run,
        elapsed_ms=outcome.elapsed_ms,
        stopped_by=outcome.stopped_by,
        containment=learner.containment,
    )
    if outcome.first_found_ms is not None:
        result["first_found_ms"] = outcome.first_found_ms
    return cast("EdgeCaseReport", result)


def _count_too_slow(
    cases: list[EdgeCase],
    args: BpFindEdgeCases,
    reference: str | None,
    function: FunctionSpec,
    compare: str,
    services: Workbench,
    context: ToolContext,
    seconds: float,
) -> None:
    """Label the cases that are only too slow (``too_slow``), and count the first one's operations:
    the reference's line events on it (when there is a reference), and the learner's, cut off at a
    multiple of them, within ``seconds`` (at least ``MIN_COUNT_SECONDS``); counts that cannot be
    had stay None. A case out of time is a slow answer, never a wrong value."""
    slow = [case for case in cases if case.verdict == Verdict.TLE]
    for case in slow:
        case.too_slow = {"time_limit_s": EXAMPLE_SECONDS, "operations": None, "finished": None,
                         "reference_operations": None}  # fmt: skip
    if not slow:
        return
    # The budget's share kept for it, or (where an example out of time ran past the budget) a
    # short count all the same: a few hundred thousand line events and two small starts.
    seconds = max(seconds, MIN_COUNT_SECONDS)
    counted = slow[0].too_slow
    assert counted is not None
    test = [{"test_id": 1, "input": literal_arguments(slow[0].arguments)}]
    deadline = time.perf_counter() + seconds

    def events(code: str, budget: int | None) -> tuple[int | None, str | None]:
        # A third of the time left in CPU: the run's wall backstop is three times its CPU limit.
        left = max(0.1, (deadline - time.perf_counter()) / 3)
        limits = Limits(timeout_seconds=left, run_seconds=10.0, memory_mb=services.settings.memory_mb)
        result = services.executor.judge(
            code=code, language=args.language, tests=cast("Any", test), limits=limits, function=function,
            compare=compare, count_lines=True, line_budget=budget, cancel=context.cancel,
        )  # fmt: skip
        runs: list[Any] = list(result.get("test_results") or [])
        first: dict[str, Any] = runs[0] if runs else {}
        return first.get("line_events"), first.get("verdict")

    try:
        if reference is not None:
            counted["reference_operations"], _ = events(reference, None)
        known = counted["reference_operations"]
        budget = min(COUNT_CAP, max(COUNT_FLOOR, COUNT_FACTOR * known)) if isinstance(known, int) else COUNT_CAP
        operations, verdict = events(args.code, budget)
    except Exception:  # noqa: BLE001 - the counts are a label; the case stands without them
        return
    if isinstance(operations, int):
        # Cut off at the budget or by the clock: "more than" this many; under it, all of them.
        counted["finished"] = verdict != Verdict.TLE and operations < budget
        counted["operations"] = operations


def _compile_error(failed: CompileFailed, result: dict[str, Any]) -> EdgeCaseReport:
    frame = failed.frame
    out = {
        **result,
        "status": RunStatus.ERROR,
        "verdict": Verdict.CE,
        "error_type": "syntax_error",
        "error_message": frame.get("error_message", str(failed)),
        "line_number": frame.get("line_number"),
        "edge_cases": [],
    }
    for key in ("column", "source_line"):
        if frame.get(key):
            out[key] = frame[key]
    return cast("EdgeCaseReport", out)


TOOLS: list[AnyTool] = [Tool(BpFindEdgeCases, bp_find_edge_cases, execution_bucket)]
