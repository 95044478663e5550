"""execute_code and bp_execute: thin adapters from arguments onto the execution engine."""

from __future__ import annotations

import threading
from dataclasses import replace
from typing import TYPE_CHECKING, cast

from ..domain.vocabulary import Caller, ErrorCode
from ..problems.judging import function_spec, visible_tests, written_hidden_tests
from ..runner import operations
from ..runner.child.wire import RunStatus
from ..runner.hidden_tests import HIDDEN_ID_START, GeneratedTests, GeneratorSpec, numbered_hidden_tests
from ..runner.protocol import Limits
from .context import ToolContext
from .errors import ToolFailure, unknown_problem
from .permissions import someone_elses
from .registry import AnyTool, Bucket, Tool
from .schemas import BpExecute, ExecuteCode
from .workbench import Workbench

if TYPE_CHECKING:
    from ..problems.model import Problem
    from ..runner.child.wire import ExecutionResult, FunctionSpec, RunResult, TestCase


def execution_bucket(_args: object, services: Workbench) -> Bucket:
    """Runs on a shared server count against the spec's limit; local runs have their own."""
    if services.backend_name == "local":
        return Bucket("execution_local")
    return Bucket("execution_shared", shared=True)


def hidden_tests(
    problem: Problem, generated: GeneratedTests | None, cancel: threading.Event | None = None
) -> list[TestCase]:
    """A bank problem's hidden tests: the written-out ones, then the generated large ones."""
    cases = generated.cases(generator_spec(problem), cancel) if generated is not None else []
    return numbered_hidden_tests(written_hidden_tests(problem), cases)


def generator_spec(problem: Problem) -> GeneratorSpec:
    """What the runner needs to make ``problem``'s large tests, as plain data."""
    return GeneratorSpec(
        name=problem.id,
        version=problem.version,
        generator=problem.generator.python,
        reference=problem.solutions.python,
        sizes=tuple(problem.generator.sizes),
        function=function_spec(problem),
        compare=problem.compare,
    )


def execute_code(args: ExecuteCode, context: ToolContext, services: Workbench) -> RunResult:
    problem = services.bank.get(args.problem_id)
    tests: list[TestCase] = [
        {
            "test_id": t.test_id if t.test_id is not None else i + 1,
            "input": t.input,
            "expected_output": t.expected_output,
        }
        for i, t in enumerate(args.test_cases)
    ]
    hidden_ids: set[int] = set()
    references: list[operations.Baseline] = []
    if problem is None and not tests:
        raise unknown_problem(args.problem_id, services.bank.problems, ", and no test_cases were given")
    function: FunctionSpec
    if problem is not None:
        if not tests:
            tests = cast("list[TestCase]", visible_tests(problem))
        if args.include_hidden:
            context.report(0.0, "preparing the hidden tests")
            hidden = hidden_tests(problem, services.generated, context.cancel)
            hidden_ids = {t["test_id"] for t in hidden}
            tests += hidden
            # The generated large tests follow the written-out hidden ones, numbered on from them.
            generated = services.generated.cases(generator_spec(problem), context.cancel)
            references = operations.baselines(generated, HIDDEN_ID_START + len(written_hidden_tests(problem)))
        function = cast("FunctionSpec", function_spec(problem, args.language))
        compare, checker, tolerance = problem.compare, problem.checker, None
        _refuse_another_compare(args, problem)
    else:
        function = {"name": args.entry_point} if args.entry_point else {}
        compare, checker = args.compare, None
        tolerance = args.tolerance if args.compare == "float_tolerance" else None
    limits = _shown_whole(
        Limits(
            timeout_seconds=float(args.timeout),
            run_seconds=services.settings.run_seconds,
            memory_mb=services.settings.memory_mb,
            output_bytes=services.settings.output_kb * 1024,
        ),
        context,
    )
    result = services.executor.judge(
        code=args.code,
        language=args.language,
        tests=tests,
        limits=limits,
        function=function,
        compare=compare,
        checker=checker,
        tolerance=tolerance,
        hidden_ids=hidden_ids,
        per_test_coverage=True,
        cancel=context.cancel,
        progress=lambda done, total, text: context.report(done / max(total, 1), text),
    )
    if references and result["status"] != RunStatus.CANCELLED:
        # A Submit reports its operations beside the reference's; a worse class is a TLE.
        context.report(0.99, "counting operations on the large tests")
        operations.judge_submit(
            services.executor, result, code=args.code, language=args.language, tests=tests, references=references,
            function=function, compare=compare, checker=checker, memory_mb=services.settings.memory_mb,
            cancel=context.cancel,
        )  # fmt: skip
    result["problem_id"] = args.problem_id
    result["language"] = args.language
    if problem is not None:
        result["problem_version"] = problem.version
    if context.cancel.is_set():
        result["status"] = RunStatus.CANCELLED
    if result["status"] != RunStatus.CANCELLED:  # a stopped run is no attempt: the audit log has it
        # A model's run of code the learner did not write is kept, but not as their attempt at the
        # problem: accepted, it would count in their profile as if they had written it.
        theirs = args.problem_id is None or not someone_elses(
            args.code, args.problem_id, args.language, context, services
        )
        result["run_id"] = services.runs.save(
            "run", "execute_code", context.learner, dict(result),
            problem_id=args.problem_id if theirs else None, language=args.language, verdict=result.get("verdict"),
            code=args.code,
        )  # fmt: skip
    return result


def _refuse_another_compare(args: ExecuteCode, problem: Problem) -> None:
    """A bank problem is compared by its own mode: another mode, or a tolerance, would judge
    the learner by a rule the problem does not have."""
    if "compare" in args.model_fields_set and args.compare != problem.compare:
        raise ToolFailure(
            ErrorCode.INVALID_ARGUMENTS,
            f"{problem.id!r} is compared by its own mode ({problem.compare!r}); leave compare out for a bank problem.",
            field_errors=[{"field": "compare", "message": f"the problem compares by {problem.compare!r}"}],
        )
    if "tolerance" in args.model_fields_set:
        raise ToolFailure(
            ErrorCode.INVALID_ARGUMENTS,
            f"{problem.id!r} is compared by its own mode ({problem.compare!r}); a tolerance is for code of no bank "
            "problem.",
            field_errors=[{"field": "tolerance", "message": "only without a bank problem"}],
        )


def bp_execute(args: BpExecute, context: ToolContext, services: Workbench) -> ExecutionResult:
    arguments = {}
    if "input_data" in args.model_fields_set:
        arguments["input_data"] = args.input_data
    if "target_value" in args.model_fields_set:
        arguments["target_value"] = args.target_value
    limits = _shown_whole(
        Limits(
            timeout_seconds=float(args.timeout_seconds),
            run_seconds=float(args.timeout_seconds) + 2,
            memory_mb=args.memory_limit_mb,
            output_bytes=services.settings.output_kb * 1024,
        ),
        context,
    )
    result = services.executor.execute(
        code=args.code,
        language=args.language,
        limits=limits,
        arguments=arguments,
        entry_point=args.entry_point,
        cancel=context.cancel,
    )
    result["language"] = args.language
    if result["status"] != RunStatus.CANCELLED:  # a stopped run is no attempt: the audit log has it
        result["run_id"] = services.runs.save(
            "run", "bp_execute", context.learner, dict(result),
            language=args.language, verdict=result.get("verdict"), code=args.code,
        )  # fmt: skip
    return result


TOOLS: list[AnyTool] = [
    Tool(ExecuteCode, execute_code, execution_bucket),
    Tool(BpExecute, bp_execute, execution_bucket),
]


def _shown_whole(limits: Limits, context: ToolContext) -> Limits:
    """A person at the window gets all a test printed (up to the run's output limit): the Output
    tab shows its head and tail and saves the whole. A model and the command line get the clipped
    text they always had."""
    if context.caller is not Caller.PERSON:
        return limits
    return replace(limits, output_chars_per_test=limits.output_bytes)
