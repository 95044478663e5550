"""open_tutor: the offline coach without a model server, else the model's tutor behind the solution filter."""

from __future__ import annotations

from codementor_desktop.storage.secrets import Credentials
from codementor_desktop.storage.settings import load_settings
from codementor_desktop.tools.services import Services
from codementor_desktop.tutor.coach import OfflineCoach
from codementor_desktop.tutor.events import Escalated, SessionConcluded, TextDelta
from codementor_desktop.tutor.factory import FilteredTutor, open_tutor, prepare_tutor
from codementor_desktop.tutor.guard import NOTICE, SolutionGuard, StreamGuard, guarded


def test_without_an_endpoint_it_is_the_offline_coach(services):
    tutor = open_tutor(services, "ada", session_id=None)
    assert isinstance(tutor, OfflineCoach) and tutor.label == "Offline coach"


def test_with_an_endpoint_it_is_the_model_tutor_behind_the_filter(monkeypatch):
    monkeypatch.setenv("CODEMENTOR_LLM_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("CODEMENTOR_LLM_MODEL", "fast-model")
    services = Services.build(load_settings(), Credentials(use_keyring=False))
    try:
        tutor = open_tutor(services, "ada", ask_consent=lambda host: False)
        assert isinstance(tutor, FilteredTutor) and type(tutor.tutor).__name__ == "ModelTutor"
        assert tutor.label == "fast-model at 127.0.0.1:9" and tutor.session_id == tutor.tutor.session_id
        assert tutor.model == "fast-model"  # the model tutor's own attributes stay readable
    finally:
        services.close()


def test_the_app_start_prepares_a_model_tutor_only_where_an_endpoint_is_set(services, monkeypatch):
    assert prepare_tutor(services) is None  # the offline coach needs nothing ahead
    monkeypatch.setenv("CODEMENTOR_LLM_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("CODEMENTOR_LLM_MODEL", "fast-model")
    with_model = Services.build(load_settings(), Credentials(use_keyring=False))
    try:
        thread = prepare_tutor(with_model)
        assert thread is not None
        thread.join(60)
        assert not thread.is_alive()
        from codementor_desktop.tutor import provider

        # Every model client of the process shares the certificates it loaded, and nothing is left to do.
        assert provider._prepared.is_set() and provider.certificates() is provider.certificates()
        first = provider.Provider(provider.ProviderConfig(base_url="http://127.0.0.1:9/v1", model="a"))
        second = provider.Provider(provider.ProviderConfig(base_url="https://example.invalid/v1", model="b"))
        try:
            contexts = {id(p._client()[1]._pool._ssl_context) for p in (first, second)}
            assert contexts == {id(provider.certificates())}
        finally:
            first.close()
            second.close()
    finally:
        with_model.close()


def test_an_escalation_or_a_summary_that_carries_a_solution_is_filtered_too(services):
    reference = services.bank.get("two-sum").solutions.python
    events: list = []
    listener = guarded(events.append, StreamGuard(SolutionGuard.for_problem(services.bank.get("two-sum"))))
    listener(TextDelta("Think first."))
    listener(Escalated("deep-model", "stuck on the pair", "Try this:\n```python\n" + reference + "```"))
    listener(SessionConcluded("Two Sum", ("A position is not paired with itself.", "```\n" + reference + "```")))
    assert events[0] == TextDelta("Think first.")
    assert events[1].question == NOTICE.strip()
    assert events[2].insights == ("A position is not paired with itself.",)
