"""The registry's tools as MCP tools: the list and the calls.

The list is the registry's own (``openai_tools``): each tool's name, description and inlined JSON
schema exactly as a model is given them, so a tool registered later is served as it is.

A call runs ``ToolRegistry.call`` as ``caller=model`` for the current learner on a worker thread,
so the event loop keeps serving (other calls, progress, a cancellation). The registry caps the
result for a model, with its ``run_id``/``trace_id``; the client receives it as structured content,
with a one-line summary and the same object as JSON text for clients that show only text. An error
of the tool layer (invalid arguments, rate limit, unknown tool, ...) is a tool error (``isError``)
carrying the error object, never a broken session. The context carries no ``confirm``: there is no
one to ask over MCP, so a call that would write the learner's data (``tools.permissions``: an
import, a deletion, a snapshot or a Submit of code they did not write) is refused, ``NOT_PERMITTED``.

A cancellation from the client (``notifications/cancelled``) interrupts the handler; the handler
then sets the call's cancel event, which kills the child, and waits for the call to end before the
request is dropped, so no run outlives its request.
"""

from __future__ import annotations

import json
import logging
import threading
from typing import TYPE_CHECKING, Any

import anyio
import anyio.to_thread
import mcp_types as types

from ..domain.vocabulary import Caller
from ..tools.context import ToolContext
from ..tutor.summaries import summarize
from .progress import ProgressRelay

if TYPE_CHECKING:
    from mcp.server.context import ServerRequestContext

    from ..tools.registry import ToolRegistry

log = logging.getLogger(__name__)
# A cancelled call normally ends within a poll of the runner (the child is killed at once); this
# bounds the wait for one that does not, so a stuck call cannot hold a cancelled request forever.
CANCEL_GRACE_SECONDS = 30.0


class ToolBridge:
    """Lists and calls the tools of ``registry`` for ``learner``."""

    def __init__(self, registry: ToolRegistry, learner: str):
        self.registry = registry
        self.learner = learner
        self._listing: list[types.Tool] | None = None
        self._schemas: dict[str, dict[str, Any]] = {}

    def tools(self) -> list[types.Tool]:
        """Every registered tool, as the model sees it (built once: the registry is fixed at start)."""
        if self._listing is None:
            listing = []
            for entry in self.registry.openai_tools():
                function = entry["function"]
                self._schemas[function["name"]] = function["parameters"]
                listing.append(
                    types.Tool(
                        name=function["name"],
                        description=function["description"],
                        input_schema=function["parameters"],
                    )
                )
            self._listing = listing
        return self._listing

    def input_schema(self, name: str) -> dict[str, Any] | None:
        """One tool's input schema (the streamable HTTP transport validates headers with it)."""
        self.tools()
        return self._schemas.get(name)

    async def list_tools(
        self, ctx: ServerRequestContext, params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=self.tools())

    async def call_tool(self, ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
        name, arguments = params.name, params.arguments or {}
        context = ToolContext(caller=Caller.MODEL, learner=self.learner, confirm=None)  # no one to ask: writes refused
        relay = None
        if ctx.meta is not None and ctx.meta.get("progress_token") is not None:
            relay = ProgressRelay(ctx.session.report_progress)
            context.progress = relay.report
        log.info("mcp call %s (request %s)", name, ctx.request_id)
        async with anyio.create_task_group() as pumping:
            if relay is not None:
                pumping.start_soon(relay.pump)
            result = await self._run(name, arguments, context)
            pumping.cancel_scope.cancel()
        if relay is not None:
            await relay.flush()  # the last report before the result, never after it
        return as_call_result(name, result)

    async def _run(self, name: str, arguments: dict[str, Any], context: ToolContext) -> dict[str, Any]:
        finished = threading.Event()

        def work() -> dict[str, Any]:
            try:
                return self.registry.call(name, arguments, context)
            finally:
                finished.set()

        try:
            return await anyio.to_thread.run_sync(work, abandon_on_cancel=True)
        except anyio.get_cancelled_exc_class():
            context.cancel.set()
            with anyio.CancelScope(shield=True), anyio.move_on_after(CANCEL_GRACE_SECONDS):
                while not finished.is_set():
                    await anyio.sleep(0.02)
            log.info("mcp call %s cancelled by the client; the run %s", name,
                     "has ended" if finished.is_set() else "did not end in time")  # fmt: skip
            raise


def as_call_result(name: str, result: dict[str, Any]) -> types.CallToolResult:
    """A registry result as MCP's: the object, its summary, and the object as JSON text."""
    failed = result.get("status") == "error" and "error_code" in result
    text = json.dumps(result, ensure_ascii=False, separators=(",", ":"), default=str)
    return types.CallToolResult(
        content=[types.TextContent(text=summarize(name, result)), types.TextContent(text=text)],
        structured_content=result,
        is_error=failed,
    )
