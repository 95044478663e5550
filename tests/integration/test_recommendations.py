"""get_personalized_recommendation, get_user_progress and flag_recommendation through the registry
on a real SQLite database: the starter path, weaknesses targeted at a 70 % chance, a failed
the cache and what invalidates it, flags respected, FORBIDDEN,
the aggregate view, and nothing of one learner reaching another."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

import pytest
from sqlalchemy import inspect, text

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.tools.context import ToolContext
from codementor_desktop.tools.recommendations import refresh_calibration

SUBMIT_AC = {"verdict": "AC", "test_results": [{"test_id": 1, "verdict": "AC", "hidden": True}]}


def ctx(learner: str = "ada") -> ToolContext:
    return ToolContext(caller=Caller.PERSON, learner=learner)


def recommend(services, learner: str = "ada", **arguments) -> dict:
    return services.registry.call("get_personalized_recommendation", arguments, ctx(learner))


def attempt(services, learner: str, problem_id: str, verdict: str, days_ago: float = 0.0, code: str = "") -> str:
    result = dict(SUBMIT_AC) if verdict == "AC" else {"verdict": verdict, "test_results": [{"verdict": verdict}]}
    result["code"] = code
    run_id = services.runs.save("run", "execute_code", learner, result, problem_id=problem_id, verdict=verdict)
    if days_ago:
        with services.database.transaction() as connection:
            connection.execute(
                text("UPDATE runs SET created_at = :at WHERE id = :id"),
                {"at": datetime.now() - timedelta(days=days_ago), "id": run_id},
            )
    return run_id


def detect(services, learner: str, problem_id: str, pattern: str, confidence: float = 0.9) -> None:
    finding = {"pattern_type": pattern, "confidence": confidence, "severity": "high", "code_location": {}}
    services.analyses.save(
        learner, f"attempt_{problem_id}_{pattern}", {"detected_patterns": [finding]}, problem_id=problem_id,
        language="python",
    )  # fmt: skip


def ids(result: dict) -> list[str]:
    return [r["problem_id"] for r in result["recommendations"]]


def test_fewer_than_three_attempts_give_a_starter_path_of_easy_problems_across_topics(services):
    first = recommend(services, num_recommendations=4)
    assert first["starter_path"] is True and len(first["recommendations"]) == 4
    assert all(r["difficulty"] == "easy" for r in first["recommendations"])
    assert all(
        "Starter path" in r["reason"] and "after 3 attempted problems" in r["reason"] for r in first["recommendations"]
    )
    topics = [r["topics"][0] for r in first["recommendations"]]
    assert len(set(topics)) == 4
    assert set(first["recommendations"][0]) >= {
        "problem_id", "title", "difficulty", "topics", "relevance_score", "reason", "targeted_weaknesses",
        "success_rate", "estimated_minutes",
    }  # fmt: skip
    # Popular: once other learners tried a problem, it leads the starter path.
    for learner in ("li", "mo", "ng"):
        attempt(services, learner, "two-sum", "AC")
    # Other learners' attempts reset neither ada's cache (other arguments ask afresh) nor, for 5
    # minutes, the aggregate read.
    refresh_calibration()
    assert ids(recommend(services, num_recommendations=5))[0] == "two-sum"
    attempt(services, "ada", "two-sum", "AC")
    attempt(services, "ada", "climbing-stairs", "AC")
    assert recommend(services)["starter_path"] is True  # two problems: still the starter path
    attempt(services, "ada", "balance-index", "AC")
    assert recommend(services)["starter_path"] is False


def test_the_weakest_pattern_is_targeted_near_a_70_percent_chance_across_topics(services):
    for problem_id in ("two-sum", "climbing-stairs", "valid-anagram", "counting-bits"):
        attempt(services, "ada", problem_id, "AC", days_ago=10)
    for problem_id in ("spiral-matrix-order", "merge-intervals", "rotting-oranges"):
        detect(services, "ada", problem_id, "off_by_one")
    result = recommend(services, num_recommendations=5, exclude_recent=False)
    assert result["starter_path"] is False
    summary = result["weakness_summary"]
    assert (
        summary["top_weaknesses"][0]["pattern"] == "off_by_one" and summary["top_weaknesses"][0]["mastery_score"] < 45
    )
    assert summary["problems_solved"] == 2 or summary["problems_solved"] >= 2
    recommendations = result["recommendations"]
    assert len(recommendations) == 5
    assert all("off_by_one" in r["targeted_weaknesses"] for r in recommendations[:3])
    assert "getting loop bounds and indices right" in recommendations[0]["reason"]
    assert all(0.45 <= r["success_rate"] <= 0.9 for r in recommendations)
    assert [r["relevance_score"] for r in recommendations] == sorted(
        (r["relevance_score"] for r in recommendations), reverse=True
    ) or len({t for r in recommendations for t in r["topics"]}) >= 3
    assert len({r["topics"][0] for r in recommendations}) >= 3  # diverse across topics
    graphs_only = recommend(services, num_recommendations=3, topic_filter=["graphs"], exclude_recent=False)
    assert all("graphs" in r["topics"] for r in graphs_only["recommendations"])
    hard = recommend(services, difficulty_preference="hard", exclude_recent=False)
    assert {r["difficulty"] for r in hard["recommendations"]} == {"hard"}
    assert all(r["success_rate"] < max(x["success_rate"] for x in recommendations) for r in hard["recommendations"])


def test_cached_for_five_minutes_until_an_attempt_or_a_flag(services):
    for problem_id in ("two-sum", "climbing-stairs", "valid-anagram"):
        attempt(services, "ada", problem_id, "AC", days_ago=9)
    first = recommend(services)
    assert first["cached"] is False and recommend(services)["cached"] is True
    assert recommend(services, num_recommendations=2)["cached"] is False  # other arguments, other entry
    attempt(services, "ada", "balance-index", "WA")
    assert recommend(services)["cached"] is False
    top = ids(recommend(services))[0]
    flagged = services.registry.call("flag_recommendation", {"problem_id": top, "kind": "not_relevant"}, ctx())
    assert flagged == {"status": "ok"}
    after = recommend(services, num_recommendations=10)
    assert after["cached"] is False and top not in ids(after)
    skipped = ids(after)[0]
    services.registry.call("flag_recommendation", {"problem_id": skipped, "kind": "skip"}, ctx())
    assert skipped not in ids(recommend(services, num_recommendations=10))
    with services.database.transaction() as connection:  # a skip lasts a week; not relevant stays
        connection.execute(
            text("UPDATE recommendation_flags SET created_at = :at"), {"at": datetime.now() - timedelta(days=8)}
        )
    attempt(services, "ada", "two-sum", "AC", days_ago=8)  # a change, so the cache is not used
    later = ids(recommend(services, num_recommendations=10))
    assert top not in later
    bad = services.registry.call("flag_recommendation", {"problem_id": "no-such-problem", "kind": "skip"}, ctx())
    assert bad["error_code"] == "NOT_FOUND"
    kind = services.registry.call("flag_recommendation", {"problem_id": top, "kind": "boring"}, ctx())
    assert kind["error_code"] == "INVALID_ARGUMENTS" and kind["field_errors"][0]["field"] == "kind"


@pytest.mark.parametrize(
    "tool, arguments",
    [
        ("get_personalized_recommendation", {}),
        ("get_user_progress", {}),
        ("flag_recommendation", {"problem_id": "two-sum", "kind": "skip"}),
    ],
)
def test_another_learners_user_id_is_forbidden(services, tool, arguments):
    refused = services.registry.call(tool, {**arguments, "user_id": "bob"}, ctx("ada"))
    assert refused["error_code"] == "FORBIDDEN" and refused["field_errors"][0]["field"] == "user_id"
    assert services.registry.call(tool, {**arguments, "user_id": "ada"}, ctx("ada"))[
        "status" if tool != "get_personalized_recommendation" else "starter_path"
    ] in ("ok", True)


def test_the_aggregate_view_has_counts_and_rates_only(services):
    columns = {c["name"] for c in inspect(services.database.engine).get_columns("problem_outcomes")}
    assert columns == {"problem_id", "attempts", "accepted", "learners", "learners_accepted"}
    attempt(services, "ada", "two-sum", "AC")
    attempt(services, "bob", "two-sum", "WA")
    attempt(services, "bob", "two-sum", "WA")
    with services.database.transaction() as connection:
        row = connection.execute(text("SELECT * FROM problem_outcomes WHERE problem_id = 'two-sum'")).mappings().one()
    assert dict(row) == {"problem_id": "two-sum", "attempts": 3, "accepted": 1, "learners": 2, "learners_accepted": 1}


def test_nothing_of_one_learner_reaches_another(services):
    secret_code = "def two_sum(n, t):  # BOBS_DISTINCTIVE_CODE_7f3a\n    return []"
    bob_runs = [attempt(services, "bob_zx81", p, v, code=secret_code) for p, v in
                [("two-sum", "WA"), ("two-sum", "AC"), ("valid-anagram", "AC"), ("balance-index", "RE"),
                 ("rotting-oranges", "AC"), ("climbing-stairs", "AC")]]  # fmt: skip
    detect(services, "bob_zx81", "rotting-oranges", "recursion_base_case")
    services.registry.call("flag_recommendation", {"problem_id": "two-sum", "kind": "not_relevant"}, ctx("bob_zx81"))
    # Many failures by others make a problem harder for everyone: calibration reads the aggregate.
    before = {
        r["problem_id"]: r["success_rate"] for r in recommend(services, num_recommendations=10)["recommendations"]
    }
    for learner in ("li", "mo", "ng", "oz"):
        attempt(services, learner, "climbing-stairs", "WA")
    refresh_calibration()  # the aggregate is otherwise read again only after 5 minutes
    results = [
        recommend(services, num_recommendations=10),
        recommend(services, num_recommendations=10, exclude_recent=False, difficulty_preference="easy"),
        services.registry.call("get_user_progress", {}, ctx()),
    ]
    after = {r["problem_id"]: r["success_rate"] for r in results[1]["recommendations"]}
    assert after["climbing-stairs"] < before["climbing-stairs"]
    assert "two-sum" in ids(results[1]) or "two-sum" in ids(results[0])  # bob's flag is bob's alone
    progress = results[2]
    assert progress["problems_solved"] == 0 and progress["history"]["by_topic"]["arrays"]["attempts"] == 0
    assert progress["mastery"]["patterns"]["recursion_base_case"] == 50
    for result in results:
        dumped = json.dumps(result)
        assert "bob" not in dumped and "BOBS_DISTINCTIVE_CODE" not in dumped and "li" != result.get("user_id")
        assert not any(run_id in dumped for run_id in bob_runs)
    assert results[0]["weakness_summary"]["problems_solved"] == 0 and results[0]["starter_path"] is True


def test_an_analysis_says_when_it_changed_the_weakness_profile(services):
    off_by_one = (
        "def two_sum(nums, target):\n    seen = {}\n    for i in range(len(nums) + 1):\n"
        "        if target - nums[i] in seen:\n            return [seen[target - nums[i]], i]\n"
        "        seen[nums[i]] = i\n"
    )
    linear = (
        "def two_sum(nums, target):\n    seen = {}\n    for i, value in enumerate(nums):\n"
        "        if target - value in seen:\n            return [seen[target - value], i]\n"
        "        seen[value] = i\n    return []\n"
    )
    values = {"problem_id": "two-sum", "language": "python", "test_results": {}, "measure": False}
    found = services.registry.call("analyze_code_patterns", {**values, "code": off_by_one}, ctx())
    assert [p["pattern_type"] for p in found["detected_patterns"]] == ["off_by_one"]
    assert found["weakness_profile_updated"] is True
    progress = services.registry.call("get_user_progress", {}, ctx())
    assert progress["mastery"]["patterns"]["off_by_one"] < 50
    clean = services.registry.call("analyze_code_patterns", {**values, "code": linear}, ctx())
    assert clean["detected_patterns"] == [] and clean["weakness_profile_updated"] is False
