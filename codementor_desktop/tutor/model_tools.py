"""The registry as the model tutor's loop calls it: a model's call whose arguments hold a solution
is not run, and a call that would write the learner's data goes through the learner.

Everything else is the registry's: its tools, its list, its validation. Two things are added to
each call's ``ToolContext``: ``confirm`` (the window's question to the learner; None in the
terminal, so such a call is refused there) and ``own_code`` (the editor's code, so a snapshot or a
Submit of what the learner wrote is theirs and runs unasked).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ..domain.vocabulary import Caller, ErrorCode
from ..tools.arguments import decode_arguments, oversized
from ..tools.context import Confirm, ToolContext
from ..tools.errors import tool_error
from .guard import SolutionGuard
from .plan_translation import is_translation, translated_code, unmarked

if TYPE_CHECKING:
    from ..tools.registry import ToolRegistry

HELD_CALL = (
    "Held back: too close to the solution. The arguments of {name} hold code too close to the problem's "
    "solution, and the tutor does not write solutions for the learner; it was not run. Ask about their code instead."
)


class ModelTools:
    """``registry`` behind the solution filter (``guard(arguments)`` gives the filter for a call)
    and the learner's say over writes (``confirm``), with ``own_code()`` the editor's code."""

    def __init__(
        self,
        registry: ToolRegistry,
        guard: Callable[[Mapping[str, Any]], SolutionGuard],
        own_code: Callable[[], tuple[str, ...]],
        confirm: Confirm | None = None,
        translated: Callable[[str], None] | None = None,
    ) -> None:
        self.registry = registry
        self._guard = guard
        self._own_code = own_code
        self.confirm = confirm
        self._translated = translated

    def call(self, name: str, arguments: Mapping[str, Any] | str | None, context: ToolContext | None = None) -> dict:
        context = context or ToolContext(caller=Caller.MODEL, learner=self.registry.workbench.settings.user)
        translation = is_translation(arguments)
        if translation:
            if self._translated is not None and (code := translated_code(arguments)):
                self._translated(code)
            arguments = unmarked(arguments)
        values, problem = decode_arguments(arguments)
        # Malformed or oversized arguments are the registry's to report, before anything reads them.
        fit = problem is None and oversized(values, self.registry.workbench.settings) is None
        if fit and values and not translation and self._guard(values).leaks_value(values):
            return tool_error(ErrorCode.NOT_PERMITTED, HELD_CALL.format(name=name))
        context.confirm = self.confirm
        context.own_code = self._own_code()
        return self.registry.call(name, arguments, context)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.registry, name)
