"""The learner-data tools through the registry, as the window, the command line and a model call
them, on SQLite and on PostgreSQL: snapshots and a problem's history, export, import, delete; and
never anything of another learner."""

from __future__ import annotations

import pytest

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.tools.context import ToolContext

GOOD = (
    "def two_sum(nums, target):\n    seen = {}\n    for j, v in enumerate(nums):\n"
    "        if target - v in seen:\n            return [seen[target - v], j]\n        seen[v] = j\n"
)
TOOLS_WITH_USER = ("save_code_snapshot", "list_code_history", "export_learner_data", "delete_learner_data")


def call(services, name, arguments, caller=Caller.PERSON, learner="ada"):
    return services.registry.call(name, arguments, ToolContext(caller=caller, learner=learner))


def test_snapshots_and_attempts_make_a_problems_history(services_on):
    saved = call(services_on, "save_code_snapshot", {"problem_id": "two-sum", "code": "# first idea\n", "name": "idea"})
    assert saved["status"] == "ok" and isinstance(saved["snapshot_id"], int) and saved["saved_at"]
    # A model keeps the editor's code (the learner's own) as a snapshot: that needs no one's yes.
    editor = ToolContext(caller=Caller.MODEL, learner="ada", own_code=(GOOD,))
    later = services_on.registry.call("save_code_snapshot", {"problem_id": "two-sum", "code": GOOD}, editor)
    submit = {"language": "python", "problem_id": "two-sum", "test_cases": [], "code": GOOD, "include_hidden": True}
    run = call(services_on, "execute_code", submit)
    assert run["verdict"] == "AC"
    call(services_on, "save_code_snapshot", {"problem_id": "two-sum", "code": "# grace\n"}, learner="grace")

    history = call(services_on, "list_code_history", {"problem_id": "two-sum"})
    assert [s["snapshot_id"] for s in history["snapshots"]] == [later["snapshot_id"], saved["snapshot_id"]]
    assert history["snapshots"][1] | {"saved_at": None} == {
        "snapshot_id": saved["snapshot_id"], "name": "idea", "language": "python", "code": "# first idea\n",
        "saved_at": None,
    }  # fmt: skip
    [attempt] = history["attempts"]
    assert attempt["run_id"] == run["run_id"] and attempt["code"] == GOOD
    assert (attempt["verdict"], attempt["submitted"], attempt["language"]) == ("AC", True, "python")
    assert call(services_on, "list_code_history", {"problem_id": "two-sum"}, learner="grace")["attempts"] == []


@pytest.mark.parametrize("name", TOOLS_WITH_USER)
def test_another_learners_user_id_is_forbidden(services_on, name):
    arguments = {"user_id": "grace", "problem_id": "two-sum", "code": "x = 1\n", "confirm": True}
    allowed = set(services_on.registry.tool(name).arguments.model_fields)
    result = call(services_on, name, {k: v for k, v in arguments.items() if k in allowed})
    assert result["status"] == "error" and result["error_code"] == "FORBIDDEN"


def test_export_delete_and_import_back(services_on):
    call(services_on, "save_code_snapshot", {"problem_id": "two-sum", "code": GOOD, "name": "works"})
    run = call(
        services_on, "execute_code", {"language": "python", "problem_id": "two-sum", "test_cases": [], "code": GOOD}
    )
    call(services_on, "save_code_snapshot", {"problem_id": "two-sum", "code": "# grace\n"}, learner="grace")
    exported = call(services_on, "export_learner_data", {"user_id": "ada"})
    assert exported["status"] == "ok" and len(exported["export"]["tables"]["code_snapshots"]) == 1

    assert (
        call(services_on, "import_learner_data", {"export": exported["export"], "as_user": "grace"})["error_code"]
        == "FORBIDDEN"
    )
    by_model = call(services_on, "delete_learner_data", {"confirm": True}, caller=Caller.MODEL)
    assert by_model["error_code"] == "NOT_PERMITTED"  # deleting is the learner's own act
    assert call(services_on, "delete_learner_data", {"confirm": False})["error_code"] == "INVALID_ARGUMENTS"
    deleted = call(services_on, "delete_learner_data", {"confirm": True})
    assert deleted["status"] == "ok" and deleted["deleted"]["code_snapshots"] == 1 and deleted["deleted"]["runs"] == 1
    assert call(services_on, "list_code_history", {"problem_id": "two-sum"}) | {"problem_id": None} == {
        "status": "ok", "problem_id": None, "snapshots": [], "attempts": [],
    }  # fmt: skip

    imported = call(services_on, "import_learner_data", {"export": exported["export"]})
    assert (
        imported["status"] == "ok" and imported["imported"]["runs"] == 1 and imported["imported"]["code_snapshots"] == 1
    )
    again = call(services_on, "import_learner_data", {"export": exported["export"], "as_user": "ada"})
    assert set(again["imported"].values()) == {0}
    history = call(services_on, "list_code_history", {"problem_id": "two-sum"})
    assert [a["run_id"] for a in history["attempts"]] == [run["run_id"]]
    assert [
        s["name"]
        for s in call(services_on, "list_code_history", {"problem_id": "two-sum"}, learner="grace")["snapshots"]
    ] != []


def test_bad_arguments_are_refused_with_the_reason(services_on):
    broken = call(
        services_on,
        "import_learner_data",
        {"export": {"format": "codementor-learner-data", "version": 99, "tables": {}}},
    )
    assert broken["error_code"] == "INVALID_ARGUMENTS" and "version 99" in broken["error_message"]
    empty = call(services_on, "save_code_snapshot", {"problem_id": "", "code": "x"})
    assert empty["error_code"] == "INVALID_ARGUMENTS" and empty["field_errors"][0]["field"] == "problem_id"
    long_name = call(services_on, "save_code_snapshot", {"problem_id": "two-sum", "code": "x", "name": "n" * 121})
    assert long_name["error_code"] == "INVALID_ARGUMENTS"
    assert call(services_on, "list_code_history", {"problem_id": "two-sum"})["snapshots"] == []
