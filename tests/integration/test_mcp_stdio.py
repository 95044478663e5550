"""``codementor mcp`` driven by the SDK's client session over stdio, as an assistant drives it:
the registry's tools with its schemas, a bank problem judged, tool errors, resources and prompts."""

from __future__ import annotations

import json

import anyio

from codementor_desktop.tools.catalog import every_tool
from codementor_desktop.tutor import prompts as tutor_prompts
from codementor_desktop.tutor.model_tutor import PROMPT
from tests.integration.mcp_session import mcp_session

WRONG_TWO_SUM = "def two_sum(nums, target):\n    return [0, 1]\n"
DOUBLE = "def f(x):\n    return x * 2\n"


def run(test) -> None:
    anyio.run(test)


def test_every_registered_tool_is_listed_with_the_registry_schema(tmp_path):
    expected = {t.name: t.openai()["function"] for t in every_tool()}

    async def test():
        async with mcp_session(tmp_path / "stderr.txt") as session:
            listed = (await session.list_tools()).tools
        assert sorted(t.name for t in listed) == sorted(expected)
        for tool in listed:
            assert tool.description == expected[tool.name]["description"]
            assert tool.input_schema == expected[tool.name]["parameters"]

    run(test)


def test_a_wrong_solution_on_a_bank_problem_brings_back_the_failing_test(tmp_path):
    arguments = {"code": WRONG_TWO_SUM, "language": "python", "problem_id": "two-sum", "test_cases": []}

    async def test():
        async with mcp_session(tmp_path / "stderr.txt") as session:
            result = await session.call_tool("execute_code", arguments)
            assert not result.is_error
            run_id = result.structured_content["run_id"]
            stored = await session.read_resource(f"run://{run_id}")
        data = result.structured_content
        assert data["verdict"] == "WA" and run_id.startswith("run_")
        failing = [t for t in data["test_results"] if not t["passed"]]
        assert failing and failing[0]["input"] and failing[0]["actual_output"] == "[0,1]"
        summary, as_json = (block.text for block in result.content)
        assert summary.startswith("Ran your code: test ") and "fails on input" in summary
        assert json.loads(as_json) == data  # the same object for clients that show only text
        kept = json.loads(stored.contents[1].text)
        assert kept["run_id"] == run_id and kept["verdict"] == "WA"

    run(test)


def test_invalid_arguments_are_a_tool_error_with_the_field_errors(tmp_path):
    async def test():
        async with mcp_session(tmp_path / "stderr.txt") as session:
            refused = await session.call_tool("bp_execute", {"language": "cobol", "timeout_seconds": "5"})
            unknown = await session.call_tool("no_such_tool", {})
            after = await session.call_tool("bp_execute", {"language": "python", "code": DOUBLE, "input_data": 21})
        assert refused.is_error
        error = refused.structured_content
        assert error["error_code"] == "INVALID_ARGUMENTS"
        assert {f["field"] for f in error["field_errors"]} == {"language", "code", "timeout_seconds"}
        assert refused.content[0].text.startswith("Could not run your code: the arguments are not valid: ")
        assert unknown.is_error and unknown.structured_content["error_code"] == "UNKNOWN_TOOL"
        # The session is whole after both: the next call runs.
        assert not after.is_error and after.structured_content["return_value"] == "42"

    run(test)


def test_a_problem_resource_shows_the_hints_the_learner_unlocked_and_no_more(tmp_path, services):
    problem = services.bank.get("two-sum")
    services.history.record_hint("ada", "two-sum", 1)

    async def test():
        async with mcp_session(tmp_path / "stderr.txt") as session:
            listed = (await session.list_resources()).resources
            templates = (await session.list_resource_templates()).resource_templates
            read = await session.read_resource("problem://two-sum")
        assert len(listed) == len(services.bank.all()) and "problem://two-sum" in {str(r.uri) for r in listed}
        assert {t.uri_template for t in templates} == {"problem://{problem_id}", "run://{run_id}", "trace://{trace_id}"}
        markdown, document = read.contents[0].text, json.loads(read.contents[1].text)
        assert markdown.startswith(f"# {problem.title}") and problem.examples[0].input in markdown
        assert problem.hints[0] in markdown and problem.hints[1] not in markdown
        assert document["hints"] == [problem.hints[0]] and document["hints_total"] == len(problem.hints)
        assert document["signature"]["python"] == problem.function.python

    run(test)


def test_an_unknown_resource_is_a_clear_error(tmp_path):
    async def test():
        async with mcp_session(tmp_path / "stderr.txt") as session:
            try:
                await session.read_resource("problem://no-such-problem")
            except Exception as exc:  # noqa: BLE001 - the SDK raises its MCPError
                return str(exc)
            return None

    assert "There is no resource problem://no-such-problem" in (anyio.run(test) or "")


def test_the_tutor_prompt_and_the_debug_workflow(tmp_path):
    async def test():
        async with mcp_session(tmp_path / "stderr.txt") as session:
            names = {p.name for p in (await session.list_prompts()).prompts}
            tutor = await session.get_prompt("socratic_tutor", {"problem_id": "two-sum"})
            debug = await session.get_prompt("blueprint_debug", {"code": DOUBLE, "question": "why 42?"})
        assert names == {"socratic_tutor", "blueprint_debug"}
        text = tutor.messages[0].content.text
        # The prompt the window's model tutor is given now, not an older version of it.
        assert text.startswith(tutor_prompts.load(PROMPT)) and "problem://two-sum" in text
        workflow = debug.messages[0].content.text
        assert (
            "bp_execute" in workflow and "bp_trace" in workflow and DOUBLE.strip() in workflow and "why 42?" in workflow
        )
        assert "bp_debug_plan" in workflow  # a learner's plan is checked by its own tool

    run(test)


def test_calls_come_as_the_model_for_the_current_learner(tmp_path, isolated_home):
    # One local run an hour for a model: the second call is the model's rate limit at work.
    (isolated_home / "config").mkdir(parents=True, exist_ok=True)
    (isolated_home / "config" / "settings.toml").write_text(
        "[rate_limits.execution_local]\ncalls = 1\nper_seconds = 3600\n"
    )
    arguments = {"language": "python", "code": DOUBLE, "input_data": 1}

    async def test():
        async with mcp_session(tmp_path / "stderr.txt") as session:
            first = await session.call_tool("bp_execute", arguments)
            second = await session.call_tool("bp_execute", arguments)
            other = await session.call_tool("get_user_progress", {"user_id": "bob"})
            mine = await session.call_tool("get_user_progress", {})
        return first, second, other, mine

    first, second, other, mine = anyio.run(test)
    assert not first.is_error
    assert second.is_error and second.structured_content["error_code"] == "RATE_LIMITED"
    assert second.structured_content["retry_after_s"] > 0
    assert other.is_error and other.structured_content["error_code"] == "FORBIDDEN"
    assert not mine.is_error
    audit = [json.loads(line) for line in (isolated_home / "logs" / "tool-calls.jsonl").read_text().splitlines()]
    assert {(entry["caller"], entry["learner"]) for entry in audit} == {("model", "ada")}


def test_the_sdk_client_on_the_newest_protocol(tmp_path):
    """``mcp.Client`` opens with the newest protocol revision, without the handshake."""
    from mcp import Client

    from tests.integration.mcp_session import server_parameters

    async def test():
        async with Client(server_parameters()) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            result = await client.call_tool("bp_execute", {"language": "python", "code": DOUBLE, "input_data": 5})
            problem = await client.read_resource("problem://two-sum")
            prompt = await client.get_prompt("socratic_tutor")
            return client.session.protocol_version, names, result, problem, prompt

    version, names, result, problem, prompt = anyio.run(test)
    assert version >= "2026-07-28"
    assert names == {t.name for t in every_tool()}
    assert not result.is_error and result.structured_content["return_value"] == "10"
    assert problem.contents[0].text.startswith("# Two Sum")
    assert prompt.messages[0].content.text == tutor_prompts.load(PROMPT)
