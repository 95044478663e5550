"""Which module declares each tool. A call imports only the module of the tool it calls (drawing
pulls in networkx, tracing the replay), so a one-off command stays quick; ``every_tool`` imports
them all (the ``tools=[...]`` list). A test keeps this table and the modules' ``TOOLS`` in step."""

from __future__ import annotations

from collections.abc import Sequence

from .registry import AnyTool, ToolRegistry


def _execution() -> Sequence[AnyTool]:
    from . import execution

    return execution.TOOLS


def _testing() -> Sequence[AnyTool]:
    from . import testing

    return testing.TOOLS


def _debugging() -> Sequence[AnyTool]:
    from . import debugging

    return debugging.TOOLS


def _visualizing() -> Sequence[AnyTool]:
    from . import visualizing

    return visualizing.TOOLS


def _plan_debug() -> Sequence[AnyTool]:
    from . import plan_debug

    return plan_debug.TOOLS


def _analysis() -> Sequence[AnyTool]:
    from . import analysis

    return analysis.TOOLS


def _learner_data() -> Sequence[AnyTool]:
    from . import learner_data

    return learner_data.TOOLS


def _edge_cases() -> Sequence[AnyTool]:
    from . import edge_cases

    return edge_cases.TOOLS


def _recommendations() -> Sequence[AnyTool]:
    from . import recommendations

    return recommendations.TOOLS


def _tutoring() -> Sequence[AnyTool]:
    from . import tutoring

    return tutoring.TOOLS


def _hints() -> Sequence[AnyTool]:
    from . import hints

    return hints.TOOLS


def _interviews() -> Sequence[AnyTool]:
    from . import interviews

    return interviews.TOOLS


def _peers() -> Sequence[AnyTool]:
    from . import peers

    return peers.TOOLS


DECLARED_BY = {
    _execution: ("execute_code", "bp_execute"),
    _testing: ("bp_run_tests",),
    _debugging: ("bp_trace", "bp_breakpoint", "bp_variable_history"),
    _visualizing: ("bp_visualize_structure", "bp_execution_diagram"),
    _plan_debug: ("bp_debug_plan",),
    _analysis: ("analyze_code_patterns", "flag_incorrect_analysis"),
    _edge_cases: ("bp_find_edge_cases",),
    _recommendations: ("get_personalized_recommendation", "get_user_progress", "flag_recommendation"),
    _tutoring: ("escalate_for_insight", "conclude_session"),
    _hints: ("generate_hint",),
    _learner_data: (
        "save_code_snapshot", "list_code_history", "export_learner_data", "import_learner_data", "delete_learner_data",
    ),
    _interviews: ("schedule_mock_interview",),
    _peers: ("compare_with_peers",),
}  # fmt: skip


def register_all(registry: ToolRegistry) -> None:
    """Every tool of this version, each loaded on its first call."""
    for loader, names in DECLARED_BY.items():
        registry.register_lazily(names, loader)


def every_tool() -> list[AnyTool]:
    """Every tool, its module imported: what ``codementor tools`` lists (no services needed)."""
    return [tool for loader in DECLARED_BY for tool in loader()]
