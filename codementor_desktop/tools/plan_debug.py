"""bp_debug_plan: a learner's plan (BluePrint) checked against what the code does.

The workflow of the third specification: run the problem's visible tests; trace the first
failing test's input (or the first example when all pass, or ``input_data``); check every anchored
expectation at every step where its lines run; draw the structures at the first broken one; build
the flow diagram; tell it all in the plan's words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ..domain.plan import BadPlan, Plan, parse_steps
from ..domain.vocabulary import ErrorCode
from ..storage.plans import Plans
from .context import ToolContext
from .debugging import traceable
from .errors import ToolFailure
from .execution import execution_bucket
from .registry import AnyTool, Tool
from .schemas import BpDebugPlan
from .workbench import Workbench

if TYPE_CHECKING:
    from .results import PlanDebug


def the_plan(args: BpDebugPlan, context: ToolContext, services: Workbench) -> Plan:
    """The plan given, or the learner's stored plan for the problem and language."""
    problem_id = args.problem_id or ""
    if args.plan is not None:
        try:
            steps = parse_steps([step.model_dump() for step in args.plan])
        except BadPlan as exc:
            raise ToolFailure(
                ErrorCode.INVALID_ARGUMENTS, str(exc), field_errors=[{"field": "plan", "message": str(exc)}]
            ) from None
        return Plan(problem_id, args.language, steps)
    if not problem_id:
        message = "Give the plan's steps, or a problem_id whose stored plan to check."
        raise ToolFailure(ErrorCode.INVALID_ARGUMENTS, message, field_errors=[{"field": "plan", "message": message}])
    stored = Plans(services.database).load(context.learner, problem_id, args.language)
    if stored is None or not stored.steps:
        message = f"There is no plan for {problem_id} in {args.language} yet; write one first."
        raise ToolFailure(ErrorCode.NOT_FOUND, message, field_errors=[{"field": "plan", "message": message}])
    return stored


def bp_debug_plan(args: BpDebugPlan, context: ToolContext, services: Workbench) -> PlanDebug:
    traceable(args.language, "bp_debug_plan")
    plan = the_plan(args, context, services)
    from .plan_checks import check_plan

    return cast("PlanDebug", check_plan(plan, args, context, services))


TOOLS: list[AnyTool] = [Tool(BpDebugPlan, bp_debug_plan, execution_bucket)]
