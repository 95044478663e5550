"""The tutor backed by a model at an OpenAI-compatible endpoint: the agent loop, with the session
kept in the database, the chat's buttons turned into asks, the tutor's own tools (escalate,
conclude) acting on this session, and the notice before a cloud endpoint first receives code.

Every message of a turn is stored when the turn ends (before its ``TurnEnded`` is emitted), each
tool result with the card it was drawn as, so a reopened session shows what it showed and the
model reads what it read. Token usage is stored per model: the fast one's answers and the deep
one's questions.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast
from urllib.parse import urlsplit
from weakref import WeakKeyDictionary

from sqlalchemy.exc import SQLAlchemyError

from ..storage.conversations import new_session_id
from ..tools.context import Confirm
from ..tools.results import CONCLUDE_SESSION, ESCALATE_FOR_INSIGHT, failed, result_of
from ..tools.seat import TutorSeatError
from .briefing import FLAGGED, escalation_request, insights_in, user_message
from .cancellation import Cancellation
from .consent import CloudConsent
from .context_size import ContextSize, MeasuringProvider, choose_tools, estimate, measured
from .errors import Cancelled, ProviderError
from .events import (
    Escalated,
    Listener,
    SessionConcluded,
    TextDelta,
    ToolFinished,
    ToolStarted,
    TurnEnded,
    TutorError,
    TutorEvent,
)
from .fallback import notice, run_chain, with_findings
from .guard import SolutionGuard, StreamGuard, guarded
from .loop import TutorLoop
from .model_tools import ModelTools
from .plan_translation import (
    card_arguments,
    card_result,
    card_summary,
    is_translation,
    offered,
    plan_request,
    translations_in,
)
from .prompts import load
from .provider import Completion, Provider, ProviderConfig, prepare, prepare_in_background
from .turns import Intent, TurnContext

if TYPE_CHECKING:
    from ..tools.registry import ToolRegistry
    from ..tools.seat import TutorSeat
    from ..tools.services import Services
    from .turns import Tutor

log = logging.getLogger(__name__)
PROMPT = "socratic-v2"
ESCALATION_PROMPT = "escalation-v1"
MAX_HINT_LEVEL = 5
_APP_RAN = "app_ran"
PLAN_CHECK = "bp_debug_plan"  # the tool /debug asks for, on a reduced tool list too  # the cards of the chain the app ran for a model without tools
HELD_ESCALATION = (
    "(The deeper model's answer was held back: it was too close to the solution. Ask the learner what they "
    "expect their code to do on the failing input instead.)"
)


class ModelTutor:
    """A ``Tutor`` (and the ``TutorSeat`` of its tool calls) talking to the configured model.
    ``session_id`` continues a stored session; ``ask_consent(host)`` asks the learner whether
    their code may go to a cloud endpoint (None: refuse where it would be needed);
    ``confirm_write(tool, change)`` asks them whether a call of the model's may change their saved
    data (None: such calls are refused, as in the terminal)."""

    def __init__(
        self,
        services: Services,
        learner: str,
        *,
        session_id: str | None = None,
        ask_consent: Callable[[str], bool] | None = None,
        confirm_write: Confirm | None = None,
    ) -> None:
        settings = services.settings
        self.services = services
        self.learner = learner
        self.base_url = settings.llm_base_url.strip()
        self.model = settings.llm_model.strip()
        self.deep_model = settings.llm_deep_model.strip() or self.model
        self._conversations = services.conversations
        self._consent = CloudConsent(services.loaded, ask_consent)
        self._api_key = services.credentials.get("llm")
        config = ProviderConfig(base_url=self.base_url, model=self.model, api_key=self._api_key)
        self.provider = MeasuringProvider(config, self._measure)
        prepare_in_background()  # the first turn finds the certificates loaded, or waits only for the rest
        self.context_size: ContextSize | None = None  # the system prompt and tools, once known
        self._chosen = False
        self._deep: Provider | None = None
        self._cancellation: Cancellation | None = None
        self._events: dict[str, dict[str, Any]] = {}  # tool_call_id -> the card drawn for its result
        self._no_tools = False  # the model said it cannot call tools: the app runs the chain each turn
        self._context = TurnContext(problem_id=None)  # where the learner is this turn: their code
        # The code the model ran as its translation of the learner's plan: its answers are held against it.
        self._translations = SolutionGuard([])
        # The model's calls pass the solution filter and the learner's say over their data.
        tools = ModelTools(
            services.registry, self._guard_for, lambda: _own(self._context), confirm_write,
            translated=lambda code: self._translations.add_reference(code),
        )  # fmt: skip
        # The tools are chosen at the first turn (``_choose_tools``), not here on the window's thread.
        self.loop = TutorLoop(
            self.provider, cast("ToolRegistry", tools), learner, system_prompt=load(PROMPT), tools=[], seat=self
        )
        stored = self._conversations.session(session_id) if session_id else None
        if stored is not None and stored.learner != learner:
            stored = None  # another learner's session is not continued: a new one starts
        self.session_id = stored.session_id if stored is not None else new_session_id()
        self.problem_id: str | None = stored.problem_id if stored is not None else None
        self._started = stored is not None
        self._kept = 0
        if stored is not None:
            self._restore()

    # --- Tutor ---------------------------------------------------------------------------------
    @property
    def label(self) -> str:
        return f"{self.model or 'no model chosen'} at {urlsplit(self.base_url).netloc or self.base_url}"

    def turn(
        self,
        said: str,
        emit: Listener,
        cancellation: Cancellation | None = None,
        *,
        context: TurnContext | None = None,
        intent: Intent = Intent.SAY,
    ) -> TurnEnded:
        cancellation = cancellation or Cancellation()
        context = context or TurnContext(problem_id=self.problem_id)
        self._context = context
        if not self.model:
            emit(TutorError("Choose the tutor's model in Settings (llm_model) first.", "no_model"))
            return self._end(emit, TurnEnded("error", 0))
        if not self._consent.allows(self.base_url):
            emit(TutorError(CloudConsent.refused_message(self.base_url), "consent"))
            return self._end(emit, TurnEnded("error", 0))
        self._begin(context)
        if not self._chosen:  # here, off the window's thread: telling a cloud may resolve a name
            self._choose_tools()
        # The answer never shows the translation of the plan the model ran (this turn's or an earlier one's).
        self._translations = SolutionGuard([], own=_own(context))
        for code in translations_in(self.loop.messages):
            self._translations.add_reference(code)
        emit = guarded(emit, StreamGuard(self._translations))
        content = user_message(
            said, context, intent, hint_level=self._next_hint_level(), can_hint="generate_hint" in self._tool_names()
        )
        # A reduced tool list lacks the plan check: /debug lends it for its own turn.
        lent = intent is Intent.DEBUG and PLAN_CHECK not in self._tool_names()
        if intent is Intent.DEBUG:
            content += "\n\n(" + self._plan_request(context) + ")"
        if lent:
            self.loop.tools = [*self.loop.tools, *offered(t for t in _tool_list(self.services.registry)
                                                          if t["function"]["name"] == PLAN_CHECK)]  # fmt: skip
        ended: list[TurnEnded] = []
        refused: list[TutorError] = []
        self._cancellation = cancellation
        try:
            if not self._no_tools:
                self.loop.turn(content, self._watching(emit, ended, refused), cancellation)
            if self._no_tools or refused:
                if not self._no_tools:
                    self._no_tools = True
                    emit(TutorError(notice(self.model), "tools_unsupported"))
                ended = [self._answer_without_tools(said, context, intent, emit, cancellation, refused=bool(refused))]
        finally:
            self._cancellation = None
            if lent:
                self.loop.tools = [t for t in self.loop.tools if t["function"]["name"] != PLAN_CHECK]
            self._keep(emit)
        final = ended[-1] if ended else TurnEnded("error", 0)
        if final.usage:
            self._record_usage(self.model, final.usage)
        return self._end(emit, final)

    # --- TutorSeat -----------------------------------------------------------------------------
    def ask_deeper(self, reason: str, topic: str | None) -> tuple[str, str]:
        """The deep model's question (the fast one's, with the deeper prompt, when none is set)."""
        if self._deep is None:
            key = self.services.credentials.get("llm_deep") or self._api_key
            self._deep = Provider(ProviderConfig(base_url=self.base_url, model=self.deep_model, api_key=key))
        messages = [
            {"role": "system", "content": load(ESCALATION_PROMPT)},
            {"role": "user", "content": escalation_request(self.loop.messages, reason, topic)},
        ]
        try:
            answer = self._deep.complete(messages, (), cancellation=self._cancellation or Cancellation())
        except Cancelled:
            raise TutorSeatError("the learner stopped the turn") from None
        except ProviderError as exc:
            raise TutorSeatError(str(exc)) from None
        if answer.usage:
            self._record_usage(self.deep_model, answer.usage)
        question = answer.text.strip()
        # The deep model is asked for a question, yet may answer with the solution: neither the
        # learner (the escalation's card) nor the fast model (the tool's result) reads it then.
        if self._guard_for({}).leaks(question):
            return self.deep_model, HELD_ESCALATION
        return self.deep_model, question

    def _guard_for(self, arguments: Mapping[str, Any]) -> SolutionGuard:
        """The solution filter of this session's problem (and of the problem a call names), the
        learner's code of this turn being theirs to see."""
        bank = self.services.bank
        named = arguments.get("problem_id")
        ids = {i for i in (self.problem_id, self._context.problem_id, named) if isinstance(i, str) and i}
        problems = [p for p in map(bank.get, sorted(ids)) if p is not None]
        references = [
            r for p in problems for r in (p.solutions.python, p.solutions.javascript, p.solutions.python_slow)
        ]
        starters = [c for p in problems for c in (p.starter.python, p.starter.javascript)]
        return SolutionGuard(references, own=[*_own(self._context), *starters])

    def flagged_insights(self) -> list[str]:
        return insights_in(self.loop.messages)

    # --- more for the chat ---------------------------------------------------------------------
    def flag_insight(self, text: str) -> None:
        """The learner keeps ``text`` as an insight of this session (the summary will list it).
        Between turns: a turn going on owns the conversation."""
        if text.strip():
            self.loop.messages.append({"role": "user", "content": FLAGGED + text.strip()})
            self._begin(TurnContext(problem_id=self.problem_id))
            self._keep(lambda _event: None)

    def transcript(self) -> list[dict[str, Any]]:
        """The stored messages of this session, each tool result with its card (``event``)."""
        return self._conversations.messages(self.session_id) if self._started else []

    def close(self) -> None:
        self.provider.close()
        if self._deep is not None:
            self._deep.close()

    # --- inside ----------------------------------------------------------------------------------
    def _choose_tools(self) -> None:
        every = _tool_list(self.services.registry)
        self.context_size = estimate(self.loop.messages[0]["content"], every)
        cloud = self._consent.cloud(self.base_url)
        chosen = choose_tools(every, self.services.settings.llm_tool_set, self.context_size, cloud=cloud)
        self.loop.tools = offered(chosen)
        self._chosen = True

    def _measure(self, messages: Sequence[dict[str, Any]], tools: Sequence[dict[str, Any]], answer: Completion) -> None:
        """The first answer that carries the server's count measures the prompt; on ``auto``, a
        local model whose prompt is over the bound gets the reduced tools from the next request."""
        prompt_tokens = (answer.usage or {}).get("prompt_tokens")
        if not tools or not prompt_tokens or (self.context_size and self.context_size.source == "server"):
            return
        self.context_size = measured(int(prompt_tokens), messages)
        cloud = self._consent.cloud(self.base_url)
        self.loop.tools = offered(
            choose_tools(self.loop.tools, self.services.settings.llm_tool_set, self.context_size, cloud=cloud)
        )

    def _plan_request(self, context: TurnContext) -> str:
        """What ``/debug`` asks of the model: the learner's stored plan for this problem and language."""
        plan = None
        if context.problem_id:
            plan = self.services.plans.load(self.learner, context.problem_id, context.language)
        steps = [step.as_dict() for step in plan.steps] if plan is not None else []
        return plan_request(steps, anchored=plan is not None and plan.anchored, language=context.language)

    def _tool_names(self) -> set[str]:
        return {tool["function"]["name"] for tool in self.loop.tools}

    def _restore(self) -> None:
        stored = self._conversations.messages(self.session_id)
        messages = [{k: v for k, v in m.items() if k != "event"} for m in stored]
        if messages and messages[0].get("role") == "system":
            self.loop.messages = messages
        else:
            self.loop.messages = self.loop.messages[:1] + messages
        self._kept = len(self.loop.messages) if stored else 0

    def _begin(self, context: TurnContext) -> None:
        if context.problem_id:
            self.problem_id = context.problem_id
        if not self._started:
            self._conversations.start(self.learner, self.problem_id, self.label, session_id=self.session_id)
            self._started = True

    def _next_hint_level(self) -> int:
        if not self.problem_id:
            return 1
        used = [hint.level for hint in self.services.history.hints(self.learner, self.problem_id)]
        return min(MAX_HINT_LEVEL, max(used, default=0) + 1)

    def _answer_without_tools(
        self,
        said: str,
        context: TurnContext,
        intent: Intent,
        emit: Listener,
        cancellation: Cancellation,
        *,
        refused: bool,
    ) -> TurnEnded:
        """The turn for a model that cannot call tools: the app runs the chain (and the button's
        tool), the model reads what they found."""
        if refused and self.loop.messages[-1].get("role") == "user":
            self.loop.messages.pop()  # the message the refused request carried: sent again with the findings
        cards: list[dict[str, Any]] = []
        arguments: dict[str, Any] = {}

        def show(event: TutorEvent) -> None:
            emit(event)
            if isinstance(event, ToolStarted):
                arguments[event.call_id] = event.arguments
            elif isinstance(event, ToolFinished):
                card: dict[str, Any] = {"tool": event.name, "summary": event.summary}
                followed = _tool_event(event, arguments.get(event.call_id))
                if followed is not None:
                    emit(followed)
                    card["followed"] = _plain(followed)
                cards.append(card)

        level = self._next_hint_level()
        found = run_chain(
            self.services.registry, self.learner, context, show, cancellation, seat=self,
            intent=intent, said=said, hint_level=level,
        )  # fmt: skip
        content = user_message(said, context, Intent.SAY)
        self.loop.messages.append({"role": "user", "content": with_findings(content, found, intent)})
        if cards:
            self._events[_APP_RAN] = {"app_ran": cards}
        if cancellation.cancelled:
            return TurnEnded("cancelled", 0)
        try:
            answer = self.provider.complete(
                self.loop.messages, (), on_text=lambda piece: emit(TextDelta(piece)), cancellation=cancellation
            )
        except Cancelled:
            return TurnEnded("cancelled", 1)
        except ProviderError as exc:
            emit(TutorError(str(exc), exc.kind))
            return TurnEnded("error", 1)
        self.loop.messages.append({"role": "assistant", "content": answer.text or None})
        return TurnEnded("answered", 1, answer.usage)

    def _watching(self, emit: Listener, ended: list[TurnEnded], refused: list[TutorError]) -> Listener:
        """Passes the loop's events on, turns the tutor tools' results into their events, remembers
        each result's card, and holds back the ``TurnEnded`` until the turn is stored (and the
        model's refusal of tools: the turn is answered without them)."""
        arguments: dict[str, Any] = {}
        translations: set[str] = set()

        def watch(event: TutorEvent) -> None:
            if isinstance(event, TurnEnded):
                ended.append(event)
                return
            if isinstance(event, TutorError) and event.kind == "tools_unsupported":
                refused.append(event)
                return
            event = _unseen(event, translations)
            emit(event)
            if isinstance(event, ToolStarted):
                arguments[event.call_id] = event.arguments
                # What was said is stored before a tool runs: conclude_session reads that the
                # learner spoke, and a crash in a long run loses nothing said before it.
                self._keep(emit)
            elif isinstance(event, ToolFinished):
                card: dict[str, Any] = {"tool": event.name, "summary": event.summary}
                followed = _tool_event(event, arguments.get(event.call_id))
                if followed is not None:
                    emit(followed)
                    card["followed"] = _plain(followed)
                self._events[event.call_id] = card

        return watch

    def _keep(self, emit: Listener) -> None:
        """Store the messages the conversation gained since the last time, in one transaction."""
        fresh = []
        for message in self.loop.messages[self._kept :]:
            stored, role = dict(message), message.get("role")
            card = self._events.pop(str(message.get("tool_call_id")), None) if role == "tool" else None
            if role == "user" and _APP_RAN in self._events:
                card = self._events.pop(_APP_RAN)
            if card is not None:
                stored["event"] = card
            elif role == "assistant" and insights_in([message]):
                stored["event"] = {"insights": insights_in([message])}
            fresh.append(stored)
        try:
            self._conversations.extend(self.session_id, fresh)
        except SQLAlchemyError as exc:
            log.exception("the conversation was not stored")
            emit(TutorError(f"This conversation could not be saved ({type(exc).__name__}); it goes on unsaved.",
                            "storage"))  # fmt: skip
            return
        self._kept += len(fresh)

    def _record_usage(self, model: str, usage: dict[str, int]) -> None:
        try:
            self._conversations.record_usage(
                self.session_id, model, int(usage.get("prompt_tokens", 0)), int(usage.get("completion_tokens", 0))
            )
        except SQLAlchemyError:
            log.exception("token usage was not stored")

    def _end(self, emit: Listener, ended: TurnEnded) -> TurnEnded:
        emit(ended)
        return ended


_TOOL_LISTS: WeakKeyDictionary[ToolRegistry, tuple[tuple[str, ...], list[dict[str, Any]]]] = WeakKeyDictionary()


def _tool_list(registry: ToolRegistry) -> list[dict[str, Any]]:
    """The registry's ``tools=[...]`` list, made once per set of tools: its schemas take tens of
    milliseconds to build, and every new session needs it."""
    names = tuple(registry.names())
    made = _TOOL_LISTS.get(registry)
    if made is None or made[0] != names:
        made = (names, registry.openai_tools())
        _TOOL_LISTS[registry] = made
    return made[1]


def warm_up(registry: ToolRegistry) -> None:
    """What a process's first turn would otherwise wait for: the client's parts and the tools' list."""
    prepare()
    _tool_list(registry)


def _own(context: TurnContext) -> tuple[str, ...]:
    """The code the learner wrote, as this turn knows it: the editor's."""
    return (context.code,) if context.code and context.code.strip() else ()


def _unseen(event: TutorEvent, translations: set[str]) -> TutorEvent:
    """A card of the model's translation of the plan, as the learner sees it: what ran, no code."""
    if isinstance(event, ToolStarted) and isinstance(event.arguments, dict) and is_translation(event.arguments):
        translations.add(event.call_id)
        return ToolStarted(event.name, card_arguments(event.arguments), event.call_id)
    if isinstance(event, ToolFinished) and event.call_id in translations:
        return ToolFinished(event.name, card_result(event.result), card_summary(event.result), event.call_id)
    return event


def _tool_event(finished: ToolFinished, arguments: Any) -> TutorEvent | None:
    """The event a tutor tool's successful result stands for."""
    if finished.name == ESCALATE_FOR_INSIGHT.name:
        escalated = result_of(ESCALATE_FOR_INSIGHT, finished.result)
        if failed(escalated):
            return None
        reason = arguments.get("reason", "") if isinstance(arguments, dict) else ""
        return Escalated(escalated["model"], str(reason), escalated["data"]["new_question"])
    if finished.name == CONCLUDE_SESSION.name:
        concluded = result_of(CONCLUDE_SESSION, finished.result)
        if failed(concluded):
            return None
        summary = concluded["data"]
        return SessionConcluded(summary["summary_title"], tuple(summary["key_insights"]))
    return None


def _plain(event: TutorEvent) -> dict[str, Any]:
    if isinstance(event, Escalated):
        return {"escalated": {"model": event.model, "reason": event.reason, "question": event.question}}
    if isinstance(event, SessionConcluded):
        return {"concluded": {"title": event.title, "insights": list(event.insights)}}
    return {}


if TYPE_CHECKING:

    def _is_both(tutor: ModelTutor) -> tuple[Tutor, TutorSeat]:
        """The type checker's proof that a ``ModelTutor`` is a ``Tutor`` and a ``TutorSeat``."""
        return tutor, tutor
