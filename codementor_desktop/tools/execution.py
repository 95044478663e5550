"""execute_code and bp_execute: thin adapters from arguments onto the execution engine."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from ..domain.vocabulary import ErrorCode
from ..problems.judging import function_spec, visible_tests, written_hidden_tests
from ..runner.hidden_tests import GeneratedTests, GeneratorSpec, numbered_hidden_tests
from ..runner.protocol import Limits
from .context import ToolContext
from .errors import ToolFailure
from .registry import AnyTool, Bucket, Tool
from .schemas import BpExecute, ExecuteCode
from .workbench import Workbench

if TYPE_CHECKING:
    from ..problems.model import Problem


def execution_bucket(_args: object, services: Workbench) -> Bucket:
    """Runs on a shared server count against the spec's limit; local runs have their own."""
    if services.backend_name == "local":
        return Bucket("execution_local")
    return Bucket("execution_shared", shared=True)


def hidden_tests(
    problem: Problem, generated: GeneratedTests | None, cancel: threading.Event | None = None
) -> list[dict[str, Any]]:
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


def execute_code(args: ExecuteCode, context: ToolContext, services: Workbench) -> dict:
    problem = services.bank.get(args.problem_id)
    tests = [
        {
            "test_id": t.test_id if t.test_id is not None else i + 1,
            "input": t.input,
            "expected_output": t.expected_output,
        }
        for i, t in enumerate(args.test_cases)
    ]
    hidden_ids: set = set()
    if problem is None and not tests:
        raise ToolFailure(
            ErrorCode.NOT_FOUND,
            f"There is no problem {args.problem_id!r} in the bank, and no test_cases were given.",
            field_errors=[{"field": "problem_id", "message": "unknown problem"}],
        )
    if problem is not None:
        if not tests:
            tests = visible_tests(problem)
        if args.include_hidden:
            context.report(0.0, "preparing the hidden tests")
            hidden = hidden_tests(problem, services.generated, context.cancel)
            hidden_ids = {t["test_id"] for t in hidden}
            tests += hidden
        function = function_spec(problem, args.language)
        compare, checker = problem.compare, problem.checker
    else:
        function = {"name": args.entry_point} if args.entry_point else {}
        compare, checker = "exact", None
    limits = Limits(
        timeout_seconds=float(args.timeout),
        run_seconds=services.settings.run_seconds,
        memory_mb=services.settings.memory_mb,
    )
    result = services.executor.judge(
        code=args.code,
        language=args.language,
        tests=tests,
        limits=limits,
        function=function,
        compare=compare,
        checker=checker,
        hidden_ids=hidden_ids,
        cancel=context.cancel,
        progress=lambda done, total, text: context.report(done / max(total, 1), text),
    )
    result["problem_id"] = args.problem_id
    result["language"] = args.language
    if problem is not None:
        result["problem_version"] = problem.version
    result["run_id"] = services.runs.save(
        "run", "execute_code", context.learner, result,
        problem_id=args.problem_id, language=args.language, verdict=result.get("verdict"),
    )  # fmt: skip
    return result


def bp_execute(args: BpExecute, context: ToolContext, services: Workbench) -> dict:
    arguments = {}
    if "input_data" in args.model_fields_set:
        arguments["input_data"] = args.input_data
    if "target_value" in args.model_fields_set:
        arguments["target_value"] = args.target_value
    limits = Limits(
        timeout_seconds=float(args.timeout_seconds),
        run_seconds=float(args.timeout_seconds) + 2,
        memory_mb=args.memory_limit_mb,
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
    result["run_id"] = services.runs.save(
        "run", "bp_execute", context.learner, result, language=args.language, verdict=result.get("verdict")
    )
    return result


TOOLS: list[AnyTool] = [
    Tool(ExecuteCode, execute_code, execution_bucket),
    Tool(BpExecute, bp_execute, execution_bucket),
]
