"""bp_run_tests: a thin adapter from arguments onto the test runner of the execution engine."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..domain.vocabulary import ErrorCode
from ..runner.child.wire import RunStatus
from ..runner.learner_tests import FrameworkMismatch, run_tests
from ..runner.protocol import Limits
from .context import ToolContext
from .errors import ToolFailure
from .execution import execution_bucket
from .registry import AnyTool, Tool
from .schemas import BpRunTests
from .workbench import Workbench

if TYPE_CHECKING:
    from ..runner.child.wire import TestsRunResult


def bp_run_tests(args: BpRunTests, context: ToolContext, services: Workbench) -> TestsRunResult:
    limits = Limits(
        timeout_seconds=float(args.timeout_seconds),
        run_seconds=float(args.timeout_seconds) + 5,
        memory_mb=services.settings.memory_mb,
        output_bytes=services.settings.output_kb * 1024,
    )
    try:
        result = run_tests(
            services.executor,
            language=args.language,
            code=args.code,
            test_code=args.test_code,
            framework=args.test_framework,
            limits=limits,
            cancel=context.cancel,
            progress=lambda done, text: context.report(min(0.99, done / (done + 1)), text),
        )
    except FrameworkMismatch as exc:
        raise ToolFailure(
            ErrorCode.INVALID_ARGUMENTS,
            str(exc),
            field_errors=[{"field": "test_framework", "message": f"not a {exc.language} test style"}],
        ) from None
    if result["status"] != RunStatus.CANCELLED:  # a stopped run is no attempt: the audit log has it
        result["run_id"] = services.runs.save(
            "run", "bp_run_tests", context.learner, dict(result), language=args.language, verdict=result.get("verdict")
        )
    return result


TOOLS: list[AnyTool] = [Tool(BpRunTests, bp_run_tests, execution_bucket)]
