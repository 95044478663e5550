"""Which tutor a conversation gets: the model's when an endpoint is configured, else the offline coach.

Whether the endpoint answers is not asked here (that would cost a round trip before every chat, and a
server can go down at any time): a turn against a server that is down says so, and the window then
offers the offline coach. Either way, what the tutor shows passes the solution filter: the system
prompt asks a model not to write a solution, the filter makes sure.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .coach import OfflineCoach
from .guard import SolutionGuard, StreamGuard, guarded
from .turns import Intent

if TYPE_CHECKING:
    from ..tools.services import Services
    from .cancellation import Cancellation
    from .events import Listener, TurnEnded
    from .turns import TurnContext, Tutor


def open_tutor(
    services: Services,
    learner: str,
    *,
    session_id: str | None = None,
    ask_consent: Callable[[str], bool] | None = None,
    confirm_write: Callable[[str, str], bool] | None = None,
) -> Tutor:
    """The tutor for ``learner``: ``ask_consent(host)`` is asked before a cloud endpoint first gets code,
    ``confirm_write(tool, change)`` before a model's call changes the learner's saved data (None: refused)."""
    if not services.settings.llm_base_url.strip():
        return OfflineCoach(services, learner, session_id=session_id)  # its every word passes the filter already
    # Imported here: the model's tutor brings in the openai SDK, which the offline coach never needs.
    from .model_tutor import ModelTutor

    tutor = ModelTutor(services, learner, session_id=session_id, ask_consent=ask_consent, confirm_write=confirm_write)
    return FilteredTutor(tutor, services)


def prepare_tutor(services: Services) -> threading.Thread | None:
    """At the app's start, when a model is configured: its tutor's SDK imported, the certificates
    loaded and the tools' list built on a background thread, so that no first turn waits for them."""
    if not services.settings.llm_base_url.strip():
        return None

    def prepare() -> None:
        from .model_tutor import warm_up

        warm_up(services.registry)

    thread = threading.Thread(target=prepare, name="tutor-warm-up", daemon=True)
    thread.start()
    return thread


class FilteredTutor:
    """``tutor`` with what it shows passed through the solution filter of the problem in question.
    Everything else (its label, its session, its model) is the tutor's own."""

    def __init__(self, tutor: Tutor, services: Services) -> None:
        self.tutor = tutor
        self.services = services

    @property
    def label(self) -> str:
        return self.tutor.label

    @property
    def session_id(self) -> str:
        return self.tutor.session_id

    def turn(
        self,
        said: str,
        emit: Listener,
        cancellation: Cancellation | None = None,
        *,
        context: TurnContext | None = None,
        intent: Intent = Intent.SAY,
    ) -> TurnEnded:
        problem_id = (context.problem_id if context is not None else None) or getattr(self.tutor, "problem_id", None)
        problem = self.services.bank.get(problem_id) if isinstance(problem_id, str) and problem_id else None
        own = [context.code] if context is not None and context.code else []
        # The model's tool calls are the model's: their cards pass the filter too, the learner's own code aside.
        shown = guarded(emit, StreamGuard(SolutionGuard.for_problem(problem, own)), cards=True)
        return self.tutor.turn(said, shown, cancellation, context=context, intent=intent)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.tutor, name)
