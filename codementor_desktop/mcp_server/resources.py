"""What an assistant can read: the problem bank, and the learner's runs and traces by id.

- ``problem://<id>``: the statement, the function to write, the visible tests, and the hints up to
  the level this learner has unlocked in the window (``hints_used``), never further: a model must
  not hand out the hints the learner has not asked for. Every problem is listed.
- ``run://<run_id>`` and ``trace://<trace_id>``: a result kept under its id (VOCABULARY, "Ids that
  travel"), capped as a model receives it; a trace as the summary ``bp_trace`` gives a model.
  Another learner's id reads as unknown.

Each resource comes as Markdown for a model to read, and as JSON beside it for a program.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import anyio.to_thread
import mcp_types as types
from mcp.shared.exceptions import MCPError

from ..domain.vocabulary import Caller
from ..problems.judging import visible_tests
from ..tools.capping import cap_for_model
from ..tools.context import ToolContext
from ..tools.errors import ToolFailure

if TYPE_CHECKING:
    from mcp.server.context import ServerRequestContext

    from ..problems.model import Problem
    from ..tools.services import Services

PROBLEM, RUN, TRACE = "problem://", "run://", "trace://"
TEMPLATES = [
    types.ResourceTemplate(
        uri_template=PROBLEM + "{problem_id}", name="problem", mime_type="text/markdown",
        description="A practice problem: statement, function signature, visible tests, and the hints the learner unlocked.",
    ),
    types.ResourceTemplate(
        uri_template=RUN + "{run_id}", name="run", mime_type="text/markdown",
        description="A run of the learner's code by its run_id (from execute_code or bp_execute), capped for a model.",
    ),
    types.ResourceTemplate(
        uri_template=TRACE + "{trace_id}", name="trace", mime_type="text/markdown",
        description="A trace by its trace_id (from bp_trace): its summary, the last steps and the lines visited.",
    ),
]  # fmt: skip


class Library:
    """The resources of one learner's installation."""

    def __init__(self, services: Services, learner: str):
        self.services = services
        self.learner = learner

    async def list_resources(
        self, ctx: ServerRequestContext, params: types.PaginatedRequestParams | None
    ) -> types.ListResourcesResult:
        problems = await anyio.to_thread.run_sync(lambda: self.services.bank.all())
        return types.ListResourcesResult(resources=[
            types.Resource(
                uri=PROBLEM + p.id, name=p.id, title=p.title, mime_type="text/markdown",
                description=f"{p.difficulty.value}, {', '.join(t.value for t in p.topics)}",
            )
            for p in problems
        ])  # fmt: skip

    async def list_templates(
        self, ctx: ServerRequestContext, params: types.PaginatedRequestParams | None
    ) -> types.ListResourceTemplatesResult:
        return types.ListResourceTemplatesResult(resource_templates=TEMPLATES)

    async def read_resource(
        self, ctx: ServerRequestContext, params: types.ReadResourceRequestParams
    ) -> types.ReadResourceResult:
        uri = str(params.uri)
        markdown, document = await anyio.to_thread.run_sync(self.read, uri)
        return types.ReadResourceResult(contents=[
            types.TextResourceContents(uri=uri, mime_type="text/markdown", text=markdown),
            types.TextResourceContents(uri=uri, mime_type="application/json", text=json.dumps(document, ensure_ascii=False, default=str)),
        ])  # fmt: skip

    def read(self, uri: str) -> tuple[str, dict[str, Any]]:
        """The resource at ``uri`` as (Markdown, JSON object); ``MCPError`` when there is none."""
        if uri.startswith(PROBLEM):
            return self.problem(uri.removeprefix(PROBLEM))
        if uri.startswith(RUN):
            return self.run(uri.removeprefix(RUN))
        if uri.startswith(TRACE):
            return self.trace(uri.removeprefix(TRACE))
        raise unknown(uri, "CodeMentor serves problem://<id>, run://<run_id> and trace://<trace_id>.")

    def problem(self, problem_id: str) -> tuple[str, dict[str, Any]]:
        problem = self.services.bank.get(problem_id)
        if problem is None:
            raise unknown(PROBLEM + problem_id, "List the resources for the problems' ids.")
        taken = self.services.history.hints(self.learner, problem.id)
        unlocked = min(len(problem.hints), max((h.level for h in taken), default=0))
        document = problem_document(problem, unlocked)
        return problem_markdown(document), document

    def run(self, run_id: str) -> tuple[str, dict[str, Any]]:
        found = self.services.runs.get(run_id, self.learner) if run_id.startswith("run_") else None
        if found is None:
            raise unknown(RUN + run_id, "Use a run_id that execute_code or bp_execute returned to this learner.")
        result = cap_for_model({**found, "run_id": run_id})
        return f"# Run {run_id}\n\n```json\n{json.dumps(result, indent=1, ensure_ascii=False)}\n```\n", result

    def trace(self, trace_id: str) -> tuple[str, dict[str, Any]]:
        from ..tools.debugging import resolve_trace, summarize  # the replay: imported when a trace is read

        context = ToolContext(caller=Caller.MODEL, learner=self.learner)
        try:
            trace = resolve_trace({"trace_id": trace_id}, context, self.services)
        except ToolFailure:
            raise unknown(TRACE + trace_id, "Use a trace_id that bp_trace returned to this learner.") from None
        summary = cap_for_model(summarize(trace))
        return f"# Trace {trace_id}\n\n```json\n{json.dumps(summary, indent=1, ensure_ascii=False)}\n```\n", summary


def unknown(uri: str, advice: str) -> MCPError:
    return MCPError(types.INVALID_PARAMS, f"There is no resource {uri}. {advice}", {"uri": uri})


def problem_document(problem: Problem, unlocked: int) -> dict[str, Any]:
    """What a model may know of ``problem`` for a learner who unlocked ``unlocked`` hints."""
    signature = problem.function
    return {
        "id": problem.id,
        "title": problem.title,
        "difficulty": problem.difficulty.value,
        "topics": [t.value for t in problem.topics],
        "techniques": list(problem.techniques),
        "statement": problem.statement.strip(),
        "signature": {
            "python": signature.python,
            "javascript": signature.javascript,
            "params": [p.model_dump() for p in signature.params],
            "returns": signature.returns,
        },
        "starter_code": {"python": problem.starter.python, "javascript": problem.starter.javascript},
        "visible_tests": visible_tests(problem),
        "hints": list(problem.hints[:unlocked]),
        "hints_unlocked": unlocked,
        "hints_total": len(problem.hints),
    }


def problem_markdown(document: dict[str, Any]) -> str:
    signature = document["signature"]
    params = ", ".join(f"{p['name']}: {p['type']}" for p in signature["params"])
    lines = [
        f"# {document['title']} ({document['difficulty']})",
        "",
        document["statement"],
        "",
        "## The function to write",
        "",
        f"Python `{signature['python']}`, JavaScript `{signature['javascript']}`; "
        f"parameters {params or 'none'}; returns {signature['returns'] or 'see the statement'}.",
        "",
        "```python",
        document["starter_code"]["python"].rstrip(),
        "```",
        "",
        "## Visible tests",
        "",
        *[f"- test {t['test_id']}: `{t['input']}` -> `{t['expected_output']}`" for t in document["visible_tests"]],
        "",
        f"## Hints unlocked by the learner ({document['hints_unlocked']} of {document['hints_total']})",
        "",
    ]
    hints = document["hints"]
    lines += [f"{i}. {hint}" for i, hint in enumerate(hints, 1)] or [
        "None yet: the learner unlocks hints one at a time in the window; do not give away more than they have."
    ]
    return "\n".join(lines) + "\n"
