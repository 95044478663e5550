"""bp_visualize_structure and bp_execution_diagram: thin adapters onto the Qt-free renderers.

``data`` may be the structure itself, or a variable of a trace: ``{"trace_id": ..., "variable":
"root", "step": 12}`` (the step is optional: the last one where the variable existed), so a model
can draw a tree the learner's code built without copying it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..domain.vocabulary import ErrorCode
from ..visual.diagrams import render_diagram
from ..visual.normalize import StructureError
from ..visual.replay import value_at
from ..visual.structures import render_structure
from .context import ToolContext
from .debugging import resolve_trace
from .errors import ToolFailure
from .registry import AnyTool, Tool
from .schemas import BpExecutionDiagram, BpVisualizeStructure
from .workbench import Workbench

if TYPE_CHECKING:
    from .results import Diagram, StructureDrawing


def _data(data: Any, context: ToolContext, services: Workbench) -> tuple[Any, dict | None]:
    """The structure to draw, and where in a trace it came from (when it did)."""
    if not (isinstance(data, dict) and "trace_id" in data and "variable" in data):
        return data, None
    trace = resolve_trace({"trace_id": data["trace_id"]}, context, services)
    step = data.get("step")
    value, where = value_at(trace, str(data["variable"]), step if isinstance(step, int) else None)
    if where is None:
        raise ToolFailure(
            ErrorCode.NOT_FOUND,
            f"The trace has no variable {data['variable']!r}" + (f" at step {step}." if step is not None else "."),
            field_errors=[{"field": "data.variable", "message": "not in the trace"}],
        )
    return value, {"trace_id": data["trace_id"], "variable": data["variable"], "step": where["step"],
                   "line": where.get("line")}  # fmt: skip


def bp_visualize_structure(args: BpVisualizeStructure, context: ToolContext, services: Workbench) -> StructureDrawing:
    data, origin = _data(args.data, context, services)
    try:
        result = render_structure(
            args.structure_type, data, args.format, list(args.highlight_indices), dict(args.pointers),
            list(args.highlight_nodes), list(args.highlight_edges),
        )  # fmt: skip
    except StructureError as exc:
        raise ToolFailure(
            ErrorCode.INVALID_ARGUMENTS, str(exc), field_errors=[{"field": "data", "message": str(exc)}]
        ) from None
    if origin is not None:
        result["source"] = origin
    if context.capped:
        result.pop("layout", None)  # positions are for the window's views
    return cast("StructureDrawing", result)


def bp_execution_diagram(args: BpExecutionDiagram, context: ToolContext, services: Workbench) -> Diagram:
    trace = resolve_trace(args.trace_data, context, services)
    result = render_diagram(trace, args.diagram_type, args.format, args.variable)
    result["trace_id"] = trace.get("trace_id")
    return cast("Diagram", result)


TOOLS: list[AnyTool] = [
    Tool(BpVisualizeStructure, bp_visualize_structure),
    Tool(BpExecutionDiagram, bp_execution_diagram),
]
