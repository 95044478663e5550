"""Who is calling a tool, for which learner, and how to report progress or be cancelled."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..domain.vocabulary import Caller

if TYPE_CHECKING:
    from ..runner.child.wire import TraceStep
    from .seat import TutorSeat

Progress = Callable[[float, str], None]
StepsCallback = Callable[[list["TraceStep"]], None]
# (tool name, what it would change, in a sentence) -> whether the learner agreed
Confirm = Callable[[str, str], bool]


@dataclass
class ToolContext:
    """Passed to every tool call. ``cancel`` is set to stop it; ``progress(fraction, text)`` reports."""

    caller: Caller = Caller.CLI
    learner: str = "learner"
    cancel: threading.Event = field(default_factory=threading.Event)
    progress: Progress | None = None
    on_trace_steps: StepsCallback | None = None  # a window that shows trace steps as they arrive
    tutor: TutorSeat | None = None  # the tutoring session the call came from (escalate, conclude)
    # A model's call that would write the learner's data asks them first; None: it is refused.
    confirm: Confirm | None = None
    own_code: tuple[str, ...] = ()  # code the learner wrote, besides their stored runs (the editor's)

    def report(self, fraction: float, text: str = "") -> None:
        if self.progress is not None:
            self.progress(max(0.0, min(1.0, fraction)), text)

    @property
    def capped(self) -> bool:
        """Models receive capped results with ids; people and the command line get everything."""
        return self.caller in (Caller.MODEL, Caller.COACH)
