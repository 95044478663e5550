"""The runs behind ``bp_debug_plan``: the tests, the traced input and the expectations' checks."""

from __future__ import annotations

from typing import Any

from ..domain.plan import Plan
from ..domain.vocabulary import ErrorCode
from .context import ToolContext
from .errors import ToolFailure
from .schemas import BpDebugPlan
from .workbench import Workbench


def check_plan(plan: Plan, args: BpDebugPlan, context: ToolContext, services: Workbench) -> dict[str, Any]:
    """The whole check of ``plan`` against ``args.code``: the ``PlanDebug`` result."""
    raise ToolFailure(ErrorCode.INTERNAL_ERROR, "bp_debug_plan is not ready yet.")
