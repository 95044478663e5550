"""Which tutor a conversation gets: the model's when an endpoint is configured, else the offline coach.

Whether the endpoint answers is not asked here (that would cost a round trip before every chat, and a
server can go down at any time): a turn against a server that is down says so, and the window then
offers the offline coach.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .coach import OfflineCoach

if TYPE_CHECKING:
    from ..tools.services import Services
    from .turns import Tutor


def open_tutor(
    services: Services,
    learner: str,
    *,
    session_id: str | None = None,
    ask_consent: Callable[[str], bool] | None = None,
) -> Tutor:
    """The tutor for ``learner``: ``ask_consent(host)`` is asked before a cloud endpoint first gets code."""
    if not services.settings.llm_base_url.strip():
        return OfflineCoach(services, learner, session_id=session_id)
    # Imported here: the model's tutor brings in the openai SDK, which the offline coach never needs.
    from .model_tutor import ModelTutor  # type: ignore[import-not-found,unused-ignore]

    tutor: Tutor = ModelTutor(services, learner, session_id=session_id, ask_consent=ask_consent)
    return tutor
