"""The registry never raises and answers every bad call with the tool-layer error object."""

import json

import pytest

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.storage.settings import RateLimit
from codementor_desktop.tools.capping import cap_for_model
from codementor_desktop.tools.context import ToolContext

GOOD = {"language": "python", "code": "def f(x):\n    return x + 1\n", "input_data": 1}


def call(services, name, arguments, caller=Caller.CLI, learner="ada"):
    return services.registry.call(name, arguments, ToolContext(caller=caller, learner=learner))


def test_unknown_tool(services):
    result = call(services, "rm_rf", {})
    assert result["error_code"] == "UNKNOWN_TOOL"
    assert "execute_code" in result["error_message"]


@pytest.mark.parametrize("raw", ["{not json", "[1, 2]", '"text"', "42"])
def test_malformed_or_non_object_arguments(services, raw):
    result = call(services, "bp_execute", raw)
    assert result["status"] == "error" and result["error_code"] == "INVALID_ARGUMENTS"
    assert result["field_errors"][0]["field"] == "(arguments)"


def test_raw_json_string_is_accepted(services):
    result = call(services, "bp_execute", json.dumps(GOOD))
    assert result["verdict"] == "AC" and result["return_value"] == "2"


@pytest.mark.parametrize(
    ("arguments", "field"),
    [
        ({"language": "python"}, "code"),
        ({**GOOD, "language": "cobol"}, "language"),
        ({**GOOD, "timeout_seconds": "5"}, "timeout_seconds"),
        ({**GOOD, "timeout_seconds": 11}, "timeout_seconds"),
        ({**GOOD, "memory_limit_mb": 8}, "memory_limit_mb"),
        ({**GOOD, "surprise": 1}, "surprise"),
    ],
)
def test_field_errors_name_the_field(services, arguments, field):
    result = call(services, "bp_execute", arguments)
    assert result["error_code"] == "INVALID_ARGUMENTS"
    assert field in [f["field"] for f in result["field_errors"]]


def test_nested_field_errors_have_a_path(services):
    arguments = {"code": "x", "language": "python", "problem_id": "p", "test_cases": [{"input": 5}]}
    result = call(services, "execute_code", arguments)
    assert "test_cases.0.input" in [f["field"] for f in result["field_errors"]]


def test_oversized_code_is_refused_before_running(services):
    result = call(services, "bp_execute", {**GOOD, "code": "x = 1\n" * 30_000})
    assert result["error_code"] == "INVALID_ARGUMENTS"
    assert "limit" in result["error_message"]


def test_another_learners_user_id_is_forbidden(services):
    from codementor_desktop.tools.registry import Tool
    from codementor_desktop.tools.schemas import GetPersonalizedRecommendation

    seen = {}

    def handler(args, context, _services):
        seen["user"] = args.user_id
        return {"status": "ok"}

    services.registry.register(Tool(GetPersonalizedRecommendation, handler))
    result = call(services, "get_personalized_recommendation", {"user_id": "mallory"})
    assert result["error_code"] == "FORBIDDEN"
    assert "user" not in seen
    assert call(services, "get_personalized_recommendation", {"user_id": "ada"}) == {"status": "ok"}
    assert call(services, "get_personalized_recommendation", {}) == {"status": "ok"}


def test_a_handler_bug_is_an_internal_error_not_an_exception(services):
    from codementor_desktop.tools.registry import Tool
    from codementor_desktop.tools.schemas import ConcludeSession

    def broken(args, context, _services):
        raise ZeroDivisionError("oops")

    services.registry.register(Tool(ConcludeSession, broken))
    result = call(services, "conclude_session", {"summary_title": "Recursion", "final_insight": "x" * 25})
    assert result["error_code"] == "INTERNAL_ERROR"


def test_rate_limit_for_models_but_never_for_a_persons_local_runs(services):
    services.limiter._limits["execution_local"] = RateLimit(calls=2, per_seconds=3600)
    for _ in range(2):
        assert call(services, "bp_execute", GOOD, Caller.MODEL)["verdict"] == "AC"
    limited = call(services, "bp_execute", GOOD, Caller.MODEL)
    assert limited["error_code"] == "RATE_LIMITED" and limited["retry_after_s"] > 0
    assert call(services, "bp_execute", GOOD, Caller.COACH)["error_code"] == "RATE_LIMITED"
    for _ in range(3):
        assert call(services, "bp_execute", GOOD, Caller.PERSON)["verdict"] == "AC"
        assert call(services, "bp_execute", GOOD, Caller.CLI)["verdict"] == "AC"
    assert call(services, "bp_execute", GOOD, Caller.MODEL, learner="grace")["verdict"] == "AC"


def test_a_shared_server_is_protected_from_every_caller(services):
    from codementor_desktop.tools.registry import Bucket, Tool
    from codementor_desktop.tools.schemas import GetPersonalizedRecommendation

    def handler(args, context, _workbench):
        return {"status": "ok"}

    shared = Tool(GetPersonalizedRecommendation, handler, lambda _args, _workbench: Bucket("execution_shared", True))
    services.registry.register(shared)
    services.limiter._limits["execution_shared"] = RateLimit(calls=1, per_seconds=3600)
    for caller in (Caller.PERSON, Caller.CLI, Caller.MODEL):
        learner = f"learner-{caller.value}"
        assert call(services, shared.name, {}, caller, learner) == {"status": "ok"}
        assert call(services, shared.name, {}, caller, learner)["error_code"] == "RATE_LIMITED"


def test_the_execution_bucket_follows_the_backend(services):
    from codementor_desktop.tools.execution import execution_bucket
    from codementor_desktop.tools.registry import Bucket

    assert execution_bucket(None, services) == Bucket("execution_local", shared=False)


def test_rate_limits_are_shared_between_processes(services, isolated_home):
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.tools.services import Services

    services.limiter._limits["execution_local"] = RateLimit(calls=1, per_seconds=3600)
    assert call(services, "bp_execute", GOOD, Caller.MODEL)["verdict"] == "AC"
    other = Services.build(credentials=Credentials(use_keyring=False))  # a second app on the same data
    try:
        other.limiter._limits["execution_local"] = RateLimit(calls=1, per_seconds=3600)
        result = other.registry.call("bp_execute", GOOD, ToolContext(caller=Caller.MODEL, learner="ada"))
        assert result["error_code"] == "RATE_LIMITED"
    finally:
        other.close()


def test_runs_get_ids_and_can_be_fetched_back(services):
    result = call(services, "bp_execute", GOOD)
    stored = services.runs.get(result["run_id"])
    assert stored["return_value"] == "2"
    assert services.runs.get(result["run_id"], learner="grace") is None


def test_models_get_a_capped_result_with_the_id(services):
    tests = [{"test_id": i, "input": str(list(range(40))), "expected_output": "40"} for i in range(80)]
    arguments = {
        "language": "python",
        "code": "def f(a):\n    return len(a)\n",
        "problem_id": "scratch",
        "test_cases": tests,
    }
    full = call(services, "execute_code", arguments)
    capped = call(services, "execute_code", arguments, Caller.MODEL)
    assert len(json.dumps(full)) > 8000 and len(full["test_results"]) == 80
    assert len(json.dumps(capped)) <= 8500 and capped["truncated"]
    assert capped["run_id"] in capped["note"]
    assert services.runs.get(capped["run_id"])["tests_run"] == 80  # the whole result stays behind the id


def test_capping_keeps_the_first_failing_test():
    tests = [{"test_id": i, "passed": i != 7, "input": "x" * 500} for i in range(40)]
    capped = cap_for_model({"status": "completed", "run_id": "run_1", "test_results": tests})
    assert capped["test_results"][0]["test_id"] == 7
    assert capped["test_results_omitted"] == 39


def test_the_model_gets_the_lines_of_failing_tests_only_and_the_stored_run_keeps_all():
    tests = [
        {"test_id": 1, "passed": True, "covered_lines": [2, 5]},
        {"test_id": 2, "passed": False, "covered_lines": [2, 3]},
    ]
    result = {"status": "completed", "run_id": "run_1", "test_results": tests}
    capped = cap_for_model(result)
    assert [t.get("covered_lines") for t in capped["test_results"]] == [None, [2, 3]]
    assert result["test_results"][0]["covered_lines"] == [2, 5]  # the caller's (stored) result is untouched


def test_audit_log_records_calls_without_code(services):
    secret_code = "def f(x):\n    return 'sk-THIS-IS-NOT-LOGGED'\n"
    call(services, "bp_execute", {"language": "python", "code": secret_code, "input_data": 1})
    call(services, "bp_execute", "{broken")
    lines = services.paths.audit_log.read_text().splitlines()
    entries = [json.loads(line) for line in lines]
    assert [e["outcome"] for e in entries[-2:]] == ["AC", "INVALID_ARGUMENTS"]
    assert entries[-2]["sizes"]["code_chars"] == len(secret_code)
    assert "sk-THIS" not in "".join(lines)


@pytest.mark.parametrize("depth", [201, 1000, 5000])
def test_deeply_nested_arguments_are_refused_not_a_crash(services, depth):
    raw = '{"language": "python", "code": "def f(x):\\n    return 1", "input_data": ' + "[" * depth + "]" * depth + "}"
    result = call(services, "bp_execute", raw)
    assert result["error_code"] == "INVALID_ARGUMENTS" and "200 levels" in result["error_message"]
    nested: list = []
    for _ in range(depth):
        nested = [nested]
    result = call(services, "bp_execute", {**GOOD, "input_data": nested})
    assert result["error_code"] == "INVALID_ARGUMENTS" and result["field_errors"][0]["field"] == "input_data"


def test_nesting_within_the_limit_runs(services):
    nested: list = []
    for _ in range(150):
        nested = [nested]
    result = call(services, "bp_execute", {**GOOD, "code": "def f(x):\n    return 7\n", "input_data": nested})
    assert result["verdict"] == "AC" and result["return_value"] == "7"


def test_input_data_has_a_size_limit_from_the_settings(services):
    services.settings.max_input_bytes = 10_000
    big = {**GOOD, "code": "def f(x):\n    return len(x)\n", "input_data": "x" * 20_000}
    result = call(services, "bp_execute", big)
    assert result["error_code"] == "INVALID_ARGUMENTS"
    assert "20,002 bytes" in result["error_message"] and "max_input_bytes" in result["error_message"]
    assert call(services, "bp_execute", {**big, "input_data": "x" * 5_000})["verdict"] == "AC"
    target = call(services, "bp_execute", {**GOOD, "target_value": list(range(5000))})
    assert target["field_errors"][0]["field"] == "target_value"


def test_every_tool_is_declared_with_its_own_argument_model():
    import inspect

    from codementor_desktop.tools import catalog

    declared = catalog.every_tool()
    assert [t.name for t in declared] == [n for names in catalog.DECLARED_BY.values() for n in names]
    for tool in declared:
        first = next(iter(inspect.signature(tool.handler).parameters.values()))
        assert first.annotation == tool.arguments.__name__, f"{tool.name}'s handler takes {first.annotation}"
        assert tool.openai()["function"]["name"] == tool.name == tool.arguments.NAME


def test_a_call_loads_only_the_module_of_its_tool(services):
    from codementor_desktop.tools.registry import Tool

    def loaded() -> set[str]:
        return {name for name, entry in services.registry._tools.items() if isinstance(entry, Tool)}

    every = len(services.registry.names())
    assert loaded() == set() and every >= 8
    call(services, "bp_execute", GOOD)
    assert loaded() == {"execute_code", "bp_execute"}
    assert len(services.registry.openai_tools()) == every and len(loaded()) == every
